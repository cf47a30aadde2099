package kernels

// gemmDeint2Go is the portable gemmDeint2.
func gemmDeint2Go(src, even, odd []float32) {
	n := len(even)
	src = src[:2*n]
	if odd == nil {
		for i := range even {
			even[i] = src[2*i]
		}
		return
	}
	odd = odd[:n]
	for i := range even {
		even[i] = src[2*i]
		odd[i] = src[2*i+1]
	}
}

// gemmResidues returns the bit mask of the residues modulo s (bits ≥ 64 are not
// tracked: every residue from 63 up counts as used) of the tap offsets k·d, k < n.
func gemmResidues(n, d, s int) uint64 {
	var m uint64
	for k := 0; k < n; k++ {
		m |= 1 << min(63, k*d%s)
	}
	return m
}

// gemmUsed reports whether residue r is in mask m (see gemmResidues).
func gemmUsed(m uint64, r int) bool { return m&(1<<min(63, r)) != 0 }
