package kernels

// smChain reports whether e is, for output channel ch (the channel of a whole row),
// the chain [Add] [Relu | PReLU] [Multiply] [Add] of per-channel or single values —
// landmarks' bias, PReLU and batch-norm scale and shift — and returns its values (b,
// s, m, a) with the identities for the missing steps (b, a = −0: x + (−0) is x; s, m
// = 1), and whether the activation is a ReLU. smChainPH then applies it and narrows
// to f16 in one pass (the identities change no value; a NaN stays a NaN, which the
// narrowing quiets in any case).
func smChain(e *Epilogue, ch int) (v [4]float32, relu, ok bool) {
	v = [4]float32{snNegZero, 1, 1, snNegZero}
	if e == nil {
		return v, false, false
	}
	val := func(s *EpiStep) float32 {
		if len(s.Vec) > 1 {
			return s.Vec[ch]
		}
		return s.Vec[0]
	}
	s := e.Steps
	if len(s) > 0 && s[0].Kind == EpiAddChan {
		v[0] = val(&s[0])
		s = s[1:]
	}
	if len(s) > 0 && s[0].Kind == EpiRelu {
		relu = true
		s = s[1:]
	} else if len(s) > 0 && s[0].Kind == EpiPRelu {
		v[1] = val(&s[0])
		s = s[1:]
	}
	if len(s) > 0 && s[0].Kind == EpiMulChan {
		v[2] = val(&s[0])
		s = s[1:]
	}
	if len(s) > 0 && s[0].Kind == EpiAddChan {
		v[3] = val(&s[0])
		s = s[1:]
	}
	return v, relu, len(s) == 0
}
