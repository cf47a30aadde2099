package kernels

// The epilogue of a small-N unit runs on its [pixel][smallnNR] block before the
// transpose. Per pixel (epiBlock with the channel as the column) that is one call per
// step on ≤ 32 values — with landmarks' bias, PReLU, Multiply and Add, ~15 % of the
// model in call overhead. smBlockEpi applies each step to the whole block at once: a
// step with one value for every channel (scalar Add/Multiply/PReLU, Relu, Clamp,
// Sigmoid, Swish, HSwish) is one pass over the block's n·smallnNR contiguous values
// (the columns past oc are scratch, never written out), a per-channel step one pass
// over its rows with the channels' values in registers. Each element still goes
// through the same float32 operations in the same step order (the same operand order
// too), so the bits are epiBlock's.

// smBlockEpi applies e to the n×oc corner of the [pixel][smallnNR] block blk (channel
// of column j: ch0 + j) and reports true, or returns false without writing when e
// has a step it does not take (residual tensors, FakeQuantize): epiBlock must run.
func smBlockEpi(e *Epilogue, blk []float32, n, oc, ch0 int) bool {
	if e == nil {
		return true
	}
	for i := range e.Steps {
		switch e.Steps[i].Kind {
		case EpiAddTensor, EpiFakeQuantize:
			return false
		}
	}
	if n <= 0 || oc <= 0 {
		return true
	}
	all := blk[:n*smallnNR]
	var v [smallnNR]float32
	for i := range e.Steps {
		s := &e.Steps[i]
		switch s.Kind {
		case EpiAddChan, EpiMulChan, EpiPRelu:
			if len(s.Vec) == 1 {
				epiScalar(s.Kind, all, s.Vec[0])
				continue
			}
			copy(v[:oc], s.Vec[ch0:ch0+oc])
			clear(v[oc:])
			smBlkVec(s.Kind, all, n, &v)
		default:
			epiUnary(s, all)
		}
	}
	return true
}

// smBlkVecGo applies the per-channel step k with the channels' values v to n rows of
// smallnNR values.
func smBlkVecGo(k EpiKind, blk []float32, n int, v *[smallnNR]float32) {
	for r := 0; r < n; r++ {
		epiVector(k, blk[r*smallnNR:(r+1)*smallnNR], v[:])
	}
}
