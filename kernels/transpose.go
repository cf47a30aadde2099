package kernels

import (
	"context"
	"fmt"
	"unsafe"
)

// maxRank is the largest tensor rank Transpose accepts.
const maxRank = 8

// Transpose writes into dst the row-major tensor src of the given shape with
// its axes permuted: output axis i is input axis perm[i]. It works for any
// element type, runs in parallel on w, and returns an error (never panics)
// for a bad permutation, a rank above 8 or wrong slice lengths.
func Transpose[T any](w *Workers, src, dst []T, shape, perm []int) error {
	return TransposeContext(context.Background(), w, src, dst, shape, perm)
}

// TransposeContext is Transpose that stops early, returning ctx.Err(), when
// ctx is cancelled; the context is checked between work units.
func TransposeContext[T any](ctx context.Context, w *Workers, src, dst []T, shape, perm []int) error {
	r := len(shape)
	if r > maxRank {
		return fmt.Errorf("kernels: transpose rank %d exceeds %d", r, maxRank)
	}
	if len(perm) != r {
		return fmt.Errorf("kernels: transpose perm has %d axes, shape %d", len(perm), r)
	}
	var seen [maxRank]bool
	n := 1
	for i := 0; i < r; i++ {
		a := perm[i]
		if a < 0 || a >= r || seen[a] {
			return fmt.Errorf("kernels: transpose perm entry %d (axis %d) repeats or is outside [0, %d)", i, a, r)
		}
		seen[a] = true
		if shape[i] < 0 {
			return fmt.Errorf("kernels: transpose extent %d on axis %d is negative", shape[i], i)
		}
		var ok bool
		if n, ok = checkedMul(n, shape[i]); !ok {
			return fmt.Errorf("kernels: transpose element count overflows at axis %d", i)
		}
	}
	if err := checkLens("src", len(src), n); err != nil {
		return err
	}
	if err := checkLens("dst", len(dst), n); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	// Drop unit axes and merge input axes that stay adjacent and in order.
	var inStride [maxRank]int
	st := 1
	for i := r - 1; i >= 0; i-- {
		inStride[i] = st
		st *= shape[i]
	}
	j := w.acquire()
	j.rank = 0
	for i := 0; i < r; i++ {
		a := perm[i]
		if shape[a] == 1 {
			continue
		}
		if k := j.rank - 1; k >= 0 && j.perm[k] == inStride[a]*shape[a] {
			// previous output axis is input axis a-1... merge when contiguous
			j.perm[k] = inStride[a]
			j.shape[k] *= shape[a]
			continue
		}
		j.perm[j.rank] = inStride[a] // perm holds input strides per output axis
		j.shape[j.rank] = shape[a]
		j.rank++
	}
	if j.rank == 0 {
		j.perm[0], j.shape[0], j.rank = 1, 1, 1
	}
	j.src = unsafe.Pointer(unsafe.SliceData(src))
	j.dst = unsafe.Pointer(unsafe.SliceData(dst))
	j.ints[0] = n
	// Units: blocks of the outermost output axes, each holding whole rows of
	// the innermost output axis.
	inner := j.shape[j.rank-1]
	rows := n / inner
	var z T
	esz := int(unsafe.Sizeof(z))
	rowsPerUnit := max(1, (16<<10)/max(1, inner*max(esz, 1)))
	j.units = (rows + rowsPerUnit - 1) / rowsPerUnit
	j.ints[1] = rowsPerUnit
	j.chunk = 1
	j.fn = transposeRunner[T]{}
	return w.run(ctx, j, w.threadsFor() > 1 && n*esz >= 1<<16)
}

func transposeUnits[T any](j *job, _ *scratch, lo, hi int) {
	n := j.ints[0]
	src := unsafe.Slice((*T)(j.src), n)
	dst := unsafe.Slice((*T)(j.dst), n)
	r := j.rank
	inner := j.shape[r-1]
	is := j.perm[r-1]
	rpu := j.ints[1]
	rows := n / inner
	// narrow: a short innermost output axis with a strided input (NCHW → NHWC with few
	// channels) is copied column by column over runs of the stride-1 next axis.
	narrow := r >= 2 && is != 1 && j.perm[r-2] == 1 && inner <= 16
	for u := lo; u < hi; u++ {
		r0, r1 := u*rpu, min((u+1)*rpu, rows)
		// decode r0 into the outer coordinates
		var coord [maxRank]int
		rem := r0
		for a := r - 2; a >= 0; a-- {
			coord[a] = rem % j.shape[a]
			rem /= j.shape[a]
		}
		off := 0
		for a := 0; a < r-1; a++ {
			off += coord[a] * j.perm[a]
		}
		for row := r0; row < r1; row++ {
			if narrow {
				// m rows along the next-outer output axis, which reads the input with
				// stride 1: per column x, a contiguous input run written every inner.
				m := min(r1-row, j.shape[r-2]-coord[r-2])
				d := dst[row*inner : (row+m)*inner]
				for x := 0; x < inner; x++ {
					s := src[off+x*is : off+x*is+m]
					for k, v := range s {
						d[k*inner+x] = v
					}
				}
				coord[r-2] += m - 1
				off += m - 1
				row += m - 1
			} else if d := dst[row*inner : (row+1)*inner]; is == 1 {
				copy(d, src[off:off+inner])
			} else {
				o := off
				for x := range d {
					d[x] = src[o]
					o += is
				}
			}
			// advance coordinates
			for a := r - 2; a >= 0; a-- {
				coord[a]++
				off += j.perm[a]
				if coord[a] < j.shape[a] {
					break
				}
				off -= coord[a] * j.perm[a]
				coord[a] = 0
			}
		}
	}
}
