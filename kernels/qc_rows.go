package kernels

// Round 16 (qc): rows of two to four vectors in the row-table fold
// (p3RowsMax, qc_rows_amd64.s). The p3 kernel walks a row's taps once per
// vector and rereads the tap table each time; with one accumulator per
// vector each tap is one table read and one load and max per vector.
// BenchmarkPoolQc's first four cases (CPU time a call, 1 thread, main's
// kernel and this one alternated, two rounds, load ~30):
// max f32 1×58×545×60 k[2,2] s[3,6] d[3,1] 275–285 → 201–205 µs, 1×45×817×45
// k[9,2] s[3,5] 423–445 → 356–358, 2×247×204×19 k[11,7] s[5,6] d[2,1]
// 506–543 → 416–448, 1×87×993×24 k[11,7] s[3,6] 737–758 → 618–646.

// qcRowsWide reports whether p3RowsMax's rows of cols elements of size e
// take qc_rows_amd64.s: two to four 64-byte vectors a row. (Rows of one
// vector keep p3_amd64.s's two dependency chains per vector; wider rows
// would need more accumulators than the kernel keeps.)
func qcRowsWide(cols, e int) bool {
	L := 64 / e
	return cols > L && cols <= 4*L
}
