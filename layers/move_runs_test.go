package layers

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/irrun/irrun/ir"
	"github.com/stretchr/testify/require"
)

// moveRunsCompare runs op on x (data, input 0) and the constant inputs consts through the
// reference move map and the default path, and requires the same outputs. It reports
// whether the block-copy kernel was chosen.
func moveRunsCompare(t *testing.T, op Op, x *ir.Tensor, consts []*ir.Tensor) bool {
	t.Helper()
	inputs := []Input{{Type: x.Type, Shape: shapeOfDims(x.Shape)}}
	ts := []*ir.Tensor{x}
	for _, c := range consts {
		inputs = append(inputs, Input{Type: c.Type, Shape: shapeOfDims(c.Shape), Value: c})
		ts = append(ts, c)
	}
	outs, err := op.Infer(inputs)
	require.NoError(t, err)
	var res [2][]*ir.Tensor
	for j, opts := range []ExecOptions{{Reference: true}, {}} {
		k, err := Prepare(op, inputs, opts)
		require.NoError(t, err)
		for _, o := range outs {
			dims, ok := staticDims(o.Shape)
			require.True(t, ok)
			r, err := ir.NewTensor(o.Type, dims)
			require.NoError(t, err)
			res[j] = append(res[j], r)
		}
		require.NoError(t, k.Run(t.Context(), ts, res[j]))
	}
	for i := range res[0] {
		require.Equal(t, res[0][i].Shape, res[1][i].Shape)
		require.Equal(t, res[0][i].Data, res[1][i].Data, "output %d", i)
	}
	return moveRunsKernel(op.(mover), inputs, ExecOptions{}) != nil
}

func moveRunsRandData(t *testing.T, r *rand.Rand, it int, dims []int) *ir.Tensor {
	n := product(dims)
	switch it % 3 {
	case 0:
		v := make([]float32, n)
		for i := range v {
			v[i] = float32(r.IntN(1000)) - 500
		}
		return tensor(t, ir.F32, dims, v)
	case 1:
		v := make([]f16, n)
		for i := range v {
			v[i] = f16(r.Uint32())
		}
		return tensor(t, ir.F16, dims, v)
	}
	v := make([]int64, n)
	for i := range v {
		v[i] = r.Int64()
	}
	return tensor(t, ir.I64, dims, v)
}

func moveRunsI64(t *testing.T, v ...int64) *ir.Tensor {
	return tensor(t, ir.I64, []int{len(v)}, v)
}

// TestMoveRunsMatchesReference: Slice, StridedSlice, Split and VariadicSplit of random
// f32/f16/i64 tensors through the block-copy kernel and the reference move map, with
// unit and non-unit steps (the latter usually fall back), and a check that the common
// cases do take the block-copy path.
func TestMoveRunsMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 3))
	fast := map[string]int{}
	for it := 0; it < 300; it++ {
		rank := 1 + r.IntN(4)
		dims := make([]int, rank)
		for i := range dims {
			dims[i] = 1 + r.IntN(12)
		}
		x := moveRunsRandData(t, r, it, dims)
		axis := r.IntN(rank)
		d := int64(dims[axis])
		start, stop := r.Int64N(d), r.Int64N(d+1)
		if start > stop {
			start, stop = stop, start
		}
		step := int64(1)
		if it%5 == 4 {
			step = 2
		}
		switch it % 4 {
		case 0: // Slice
			op := decodeOp(t, "Slice", "opset8")
			if moveRunsCompare(t, op, x, []*ir.Tensor{moveRunsI64(t, start), moveRunsI64(t, stop), moveRunsI64(t, step), moveRunsI64(t, int64(axis))}) {
				fast["Slice"]++
			}
		case 1: // StridedSlice on one axis (the others whole through begin/end masks)
			bm, em := make([]string, rank), make([]string, rank)
			b, e, s := make([]int64, rank), make([]int64, rank), make([]int64, rank)
			for i := range bm {
				bm[i], em[i], s[i] = "1", "1", 1
			}
			bm[axis], em[axis], b[axis], e[axis], s[axis] = "0", "0", start, stop, step
			join := func(v []string) string {
				out := ""
				for i, x := range v {
					if i > 0 {
						out += ","
					}
					out += x
				}
				return out
			}
			op := decodeOp(t, "StridedSlice", "opset1", "begin_mask", join(bm), "end_mask", join(em),
				"new_axis_mask", "", "shrink_axis_mask", "", "ellipsis_mask", "")
			if moveRunsCompare(t, op, x, []*ir.Tensor{moveRunsI64(t, b...), moveRunsI64(t, e...), moveRunsI64(t, s...)}) {
				fast["StridedSlice"]++
			}
		case 2: // Split into a divisor of the axis
			var divs []int
			for k := 1; k <= dims[axis]; k++ {
				if dims[axis]%k == 0 {
					divs = append(divs, k)
				}
			}
			op := decodeOp(t, "Split", "opset1", "num_splits", strconv.Itoa(divs[r.IntN(len(divs))]))
			if moveRunsCompare(t, op, x, []*ir.Tensor{tensor(t, ir.I64, []int{}, []int64{int64(axis - rank*r.IntN(2))})}) {
				fast["Split"]++
			}
		case 3: // VariadicSplit with a -1 length
			a := r.Int64N(d + 1)
			op := decodeOp(t, "VariadicSplit", "opset1")
			if moveRunsCompare(t, op, x, []*ir.Tensor{tensor(t, ir.I64, []int{}, []int64{int64(axis)}), moveRunsI64(t, a, -1)}) {
				fast["VariadicSplit"]++
			}
		}
	}
	for _, name := range []string{"Slice", "StridedSlice", "Split", "VariadicSplit"} {
		require.Positive(t, fast[name], "%s never took the block-copy path", name)
	}
}

// TestMoveRunsOf: map compression, fill entries and the short-run threshold.
func TestMoveRunsOf(t *testing.T) {
	idx := []int{4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22, 23, 24, 25, 26, 27}
	runs, end, ok := moveRunsOf(idx)
	require.True(t, ok)
	require.Equal(t, []moveRun{{0, 4, 8}, {8, 20, 8}}, runs)
	require.Equal(t, 28, end)
	_, _, ok = moveRunsOf([]int{0, 1, 2, 3, 4, 5, 6, -1})
	require.False(t, ok)
	_, _, ok = moveRunsOf([]int{0, 2, 4, 6, 8, 10, 12, 14})
	require.False(t, ok)
}

// TestMfGatherRunsMatchesMap checks that the runs built from index lists are the runs of
// the per-element map (moveRunsOf(gatherMap)): same runs, end and count, and the same
// refusal (fill entries, short runs), on random selections and on the split, slice and
// full-copy shapes of real models.
func TestMfGatherRunsMatchesMap(t *testing.T) {
	seq := func(from, n, step int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = from + i*step
		}
		return s
	}
	cases := []struct {
		name string
		dims []int
		sel  [][]int
	}{
		{"scalar", nil, nil},
		{"empty", []int{3, 0}, [][]int{seq(0, 3, 1), {}}},
		{"full copy", []int{1, 64, 20, 20}, [][]int{{0}, seq(0, 64, 1), seq(0, 20, 1), seq(0, 20, 1)}},
		{"split channels", []int{1, 64, 20, 20}, [][]int{{0}, seq(32, 32, 1), seq(0, 20, 1), seq(0, 20, 1)}},
		{"split batch 2", []int{2, 8, 5, 5}, [][]int{seq(0, 2, 1), seq(4, 4, 1), seq(0, 5, 1), seq(0, 5, 1)}},
		{"split last axis", []int{1, 84, 8400}, [][]int{{0}, seq(0, 84, 1), seq(0, 4200, 1)}},
		{"short rows", []int{4, 100, 3}, [][]int{seq(0, 4, 1), seq(0, 100, 1), seq(1, 2, 1)}},
		{"reversed", []int{3, 40}, [][]int{seq(0, 3, 1), seq(39, 40, -1)}},
		{"fill", []int{3, 40}, [][]int{{0, -1, 2}, seq(0, 40, 1)}},
		{"fill inner", []int{3, 40}, [][]int{seq(0, 3, 1), append(seq(0, 39, 1), -1)}},
		{"strided", []int{2, 9, 64}, [][]int{seq(0, 2, 1), seq(0, 5, 2), seq(0, 64, 1)}},
		{"threshold", []int{2, 16}, [][]int{seq(0, 2, 1), seq(0, 8, 2)}},
	}
	r := rand.New(rand.NewPCG(13, 9))
	for i := range 300 {
		rank := 1 + r.IntN(4)
		dims := make([]int, rank)
		sel := make([][]int, rank)
		for a := range dims {
			dims[a] = 1 + r.IntN(12)
			switch r.IntN(4) {
			case 0: // the whole axis
				sel[a] = seq(0, dims[a], 1)
			case 1: // a piece
				b := r.IntN(dims[a])
				sel[a] = seq(b, 1+r.IntN(dims[a]-b), 1)
			case 2: // a strided or reversed piece
				if r.IntN(2) == 0 {
					sel[a] = seq(dims[a]-1, dims[a], -1)
				} else {
					sel[a] = seq(0, (dims[a]+1)/2, 2)
				}
			default: // any indices, rarely a fill
				sel[a] = make([]int, r.IntN(dims[a]+1))
				for j := range sel[a] {
					sel[a][j] = r.IntN(dims[a]+1) - 1
					if sel[a][j] < 0 && r.IntN(4) != 0 {
						sel[a][j] = 0
					}
				}
			}
		}
		cases = append(cases, struct {
			name string
			dims []int
			sel  [][]int
		}{"random " + strconv.Itoa(i), dims, sel})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mp := gatherMap(c.dims, c.sel)
			want, wantEnd, wantOK := moveRunsOf(mp)
			runs, end, n, ok := mfGatherRuns(c.dims, c.sel)
			require.Equal(t, wantOK, ok)
			if wantOK {
				require.Equal(t, len(mp), n)
				require.Equal(t, len(want), len(runs))
				if len(want) > 0 {
					require.Equal(t, want, runs)
				}
				require.Equal(t, wantEnd, end)
			}
		})
	}
}

// TestSQGatherRuns: Gather (v1, v7, v8) with known indices through the block-copy
// kernel and the reference move map — random shapes, axes, batch_dims, negative and
// repeated indices; out-of-range indices (zeros) fall back — and the channel swap of an
// image input (person-reid-0287's Gather_3996) takes the block copy.
func TestSQGatherRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 4))
	fast := 0
	for it := 0; it < 200; it++ {
		rank := 1 + r.IntN(4)
		dims := make([]int, rank)
		for i := range dims {
			dims[i] = 1 + r.IntN(9)
		}
		x := moveRunsRandData(t, r, it, dims)
		axis := r.IntN(rank)
		n := 1 + r.IntN(5)
		idx := make([]int64, n)
		for i := range idx {
			idx[i] = r.Int64N(int64(2*dims[axis])) - int64(dims[axis]) // negative ones count from the end
		}
		if it%7 == 6 {
			idx[0] = int64(dims[axis]) + 3 // out of range: zeros (v8), the reference path
		}
		version := []string{"opset1", "opset7", "opset8"}[it%3]
		op := decodeOp(t, "Gather", version)
		if version == "opset1" && it%7 == 6 {
			continue // v1 rejects an out-of-range index
		}
		if moveRunsCompare(t, op, x, []*ir.Tensor{moveRunsI64(t, idx...), moveRunsI64(t, int64(axis))}) {
			fast++
		}
	}
	require.Greater(t, fast, 20)
	img := moveRunsRandData(t, r, 0, []int{1, 3, 16, 8})
	require.True(t, moveRunsCompare(t, decodeOp(t, "Gather", "opset8", "batch_dims", "0"), img,
		[]*ir.Tensor{moveRunsI64(t, 2, 1, 0), moveRunsI64(t, 1)}), "a channel swap takes the block copy")
}
