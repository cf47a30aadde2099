package kernels

import (
	"fmt"
	"math"

	"github.com/x448/float16"
)

// RandomAlignment selects the generator of RandomUniform-8 (its "alignment" attribute).
type RandomAlignment int

const (
	// RandomTensorflow is Philox4x32-10 with key (global_seed) and counter (0, op_seed),
	// the counter incremented by one per call, as TensorFlow and OpenVINO before the
	// alignment attribute (and OpenVINO's CPU plugin) generate. It is the op's default.
	RandomTensorflow RandomAlignment = iota
	// RandomOpenvino is the generator reference/utils/phillox_generator.cpp names OPENVINO:
	// Philox4x32-10 whose key keeps its nine raises from one call to the next. Its first four
	// values equal RandomTensorflow's.
	RandomOpenvino
	// RandomPytorch is PyTorch's CPU generator: MT19937 seeded with the low 32 bits of
	// global_seed (op_seed unused), with PyTorch's conversions.
	RandomPytorch
)

// RandomSpec is the generator configuration of one RandomUniform computation.
type RandomSpec struct {
	GlobalSeed, OpSeed uint64
	Alignment          RandomAlignment
	// Scratch holds the generator's state between calls of one goroutine so that a
	// computation allocates nothing; nil allocates one per computation.
	Scratch *RandomScratch
}

// RandomScratch is reusable generator memory (see RandomSpec.Scratch).
type RandomScratch struct{ g miscRandGen }

const (
	miscPhiloxW32A = 0x9E3779B9
	miscPhiloxW32B = 0xBB67AE85
	miscPhiloxM4A  = 0xD2511F53
	miscPhiloxM4B  = 0xCD9E8D57
	miscMTN        = 624
	miscMTM        = 397
)

// miscRandGen produces the uint32 values of successive generator calls: four per call for
// Philox, two for the Mersenne twister.
type miscRandGen struct {
	align  RandomAlignment
	key    [2]uint32
	n, ctr uint64 // Philox counter: (n low, n high, ctr low, ctr high)
	mt     [miscMTN]uint32
	mtLeft int
	mtNext int
	buf    [4]uint32 // the current call's words
}

func miscNewRandGen(s RandomSpec) *miscRandGen {
	var g *miscRandGen
	if s.Scratch != nil {
		g = &s.Scratch.g
		*g = miscRandGen{}
	} else {
		g = new(miscRandGen)
	}
	g.align = s.Alignment
	if s.Alignment == RandomPytorch {
		g.mt[0] = uint32(s.GlobalSeed)
		for j := 1; j < miscMTN; j++ {
			g.mt[j] = 1812433253*(g.mt[j-1]^(g.mt[j-1]>>30)) + uint32(j)
		}
		g.mtLeft, g.mtNext = 1, 0
		return g
	}
	g.key = [2]uint32{uint32(s.GlobalSeed), uint32(s.GlobalSeed >> 32)}
	g.ctr = s.OpSeed
	return g
}

// philox returns the four values of the next Philox call.
func (g *miscRandGen) philox() [4]uint32 {
	c := [4]uint32{uint32(g.n), uint32(g.n >> 32), uint32(g.ctr), uint32(g.ctr >> 32)}
	k := g.key
	for r := 0; r < 10; r++ {
		p0 := uint64(miscPhiloxM4A) * uint64(c[0])
		p1 := uint64(miscPhiloxM4B) * uint64(c[2])
		c = [4]uint32{uint32(p1>>32) ^ c[1] ^ k[0], uint32(p1), uint32(p0>>32) ^ c[3] ^ k[1], uint32(p0)}
		if r < 9 {
			k[0] += miscPhiloxW32A
			k[1] += miscPhiloxW32B
		}
	}
	if g.align == RandomOpenvino {
		g.key = k
	}
	g.n++
	if g.n == 0 {
		g.ctr++
	}
	return c
}

func (g *miscRandGen) mtRegen() {
	twist := func(u, v uint32) uint32 {
		m := (u & 0x80000000) | (v & 0x7fffffff)
		t := m >> 1
		if v&1 != 0 {
			t ^= 0x9908b0df
		}
		return t
	}
	s := &g.mt
	for i := 0; i < miscMTN-miscMTM; i++ {
		s[i] = s[i+miscMTM] ^ twist(s[i], s[i+1])
	}
	for i := miscMTN - miscMTM; i < miscMTN-1; i++ {
		s[i] = s[i+miscMTM-miscMTN] ^ twist(s[i], s[i+1])
	}
	s[miscMTN-1] = s[miscMTM-1] ^ twist(s[miscMTN-1], s[0])
	g.mtLeft, g.mtNext = miscMTN, 0
}

func (g *miscRandGen) mtTake() uint32 {
	g.mtLeft--
	if g.mtLeft == 0 {
		g.mtRegen()
	}
	y := g.mt[g.mtNext]
	g.mtNext++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// mt returns the two values of the next Mersenne-twister call. Like the reference, a call
// counts three steps of the state for its two values.
func (g *miscRandGen) mtPair() [2]uint32 {
	a := g.mtTake()
	b := g.mtTake()
	g.mtLeft--
	if g.mtLeft == 0 {
		g.mtRegen()
	}
	return [2]uint32{a, b}
}

// miscRandFill fills n outputs: each call of the generator yields per values, written by
// put(i, words) for output index i from the call's uint32 words.
func miscRandFill(s RandomSpec, n int, per func(call []uint32) int, put func(i int, call []uint32, j int)) {
	g := miscNewRandGen(s)
	for i := 0; i < n; {
		var call []uint32
		if s.Alignment == RandomPytorch {
			p := g.mtPair()
			g.buf[0], g.buf[1] = p[0], p[1]
			call = g.buf[:2]
		} else {
			g.buf = g.philox()
			call = g.buf[:]
		}
		m := per(call)
		for j := 0; j < m && i < n; j, i = j+1, i+1 {
			put(i, call, j)
		}
	}
}

func miscRandCheck[T int32 | int64](mn, mx T) error {
	if !(mn < mx) {
		return fmt.Errorf("kernels: RandomUniform min value %d must be less than max value %d", mn, mx)
	}
	return nil
}

func miscRandCheckF(mn, mx float64) error {
	if !(mn < mx) {
		return fmt.Errorf("kernels: RandomUniform min value %g must be less than max value %g", mn, mx)
	}
	return nil
}

// RandomUniformF32 fills out with uniform float32 values in [mn, mx): Philox words become
// 1.mantissa - 1 from their low 23 bits; PyTorch's from (x & (2^24-1)) / 2^24. Either is
// scaled as u*(mx-mn)+mn, each operation rounded to float32.
func RandomUniformF32(s RandomSpec, out []float32, mn, mx float32) error {
	if err := miscRandCheckF(float64(mn), float64(mx)); err != nil {
		return err
	}
	d := float32(mx - mn)
	miscRandFill(s, len(out), func(c []uint32) int { return len(c) }, func(i int, c []uint32, j int) {
		var u float32
		if s.Alignment == RandomPytorch {
			u = float32(c[j]&(1<<24-1)) * (1.0 / (1 << 24))
		} else {
			u = math.Float32frombits(127<<23|c[j]&0x7fffff) - 1
		}
		out[i] = float32(float32(u*d) + mn)
	})
	return nil
}

// RandomUniformF64 fills out with uniform float64 values in [mn, mx). Philox: two words make
// one value (52 mantissa bits); PyTorch: two words (first high) make one value of 53 bits,
// scaled by 2^-53. The PyTorch converter decides between one and two words per value by
// reading the bit patterns of mn and mx as int64 and comparing them with 2^32-1; when both
// are below (mx at most a tiny positive number), the reference calls a null conversion, and
// this returns an error.
func RandomUniformF64(s RandomSpec, out []float64, mn, mx float64) error {
	if err := miscRandCheckF(mn, mx); err != nil {
		return err
	}
	d := mx - mn
	if s.Alignment == RandomPytorch {
		if int64(math.Float64bits(mn)) <= math.MaxUint32 && int64(math.Float64bits(mx)) <= math.MaxUint32 {
			return fmt.Errorf("kernels: RandomUniform f64 with pytorch alignment and range [%g, %g) has no conversion in OpenVINO's reference", mn, mx)
		}
		miscRandFill(s, len(out), func(c []uint32) int { return 1 }, func(i int, c []uint32, j int) {
			v := uint64(c[0])<<32 | uint64(c[1])
			out[i] = float64(v&(1<<53-1))*(1.0/(1<<53))*d + mn
		})
		return nil
	}
	miscRandFill(s, len(out), func(c []uint32) int { return 2 }, func(i int, c []uint32, j int) {
		bits := uint64(1023)<<52 | uint64(c[2*j]&0xfffff)<<32 | uint64(c[2*j+1])
		out[i] = (math.Float64frombits(bits)-1)*d + mn
	})
	return nil
}

// RandomUniformF16 fills out (half-precision bits) with uniform values in [mn, mx). Philox:
// 1.mantissa - 1 from the low 10 bits; then u*(mx-mn)+mn with every operation rounded to
// f16, as ov::float16's operators do. PyTorch: (x & 2047)/2048 in float32 times the f16
// difference plus mn in float32, rounded to f16 once.
func RandomUniformF16(s RandomSpec, out []float16.Float16, mnH, mxH float16.Float16) error {
	mn, mx := f16to32(uint16(mnH)), f16to32(uint16(mxH))
	if err := miscRandCheckF(float64(mn), float64(mx)); err != nil {
		return err
	}
	d := f16to32(f32to16(mx - mn))
	miscRandFill(s, len(out), func(c []uint32) int { return len(c) }, func(i int, c []uint32, j int) {
		if s.Alignment == RandomPytorch {
			u := float32(c[j]&0x7ff) * (1.0 / 2048)
			out[i] = float16.Float16(f32to16(float32(float32(u*d) + mn)))
			return
		}
		u := f16to32(15<<10|uint16(c[j])&0x3ff) - 1
		p := f16to32(f32to16(u * d))
		out[i] = float16.Float16(f32to16(p + mn))
	})
	return nil
}

// miscBF16 is ov::bfloat16's float constructor (its round_to_nearest_even): 0x8000 is added
// before truncation only when the kept low bit is 1, so values whose kept low bit is 0
// truncate. This is not IEEE rounding; RandomUniform's bf16 vectors depend on it.
func miscBF16(f float32) uint16 {
	x := math.Float32bits(f)
	return uint16((x + (x&0x00010000)>>1) >> 16)
}

func miscBF16To32(b uint16) float32 { return math.Float32frombits(uint32(b) << 16) }

// RandomUniformBF16 is RandomUniformF16 for bfloat16 (raw bits): Philox takes the low 7
// bits; PyTorch (x & 255)/256.
func RandomUniformBF16(s RandomSpec, out []uint16, mnBits, mxBits uint16) error {
	mn, mx := miscBF16To32(mnBits), miscBF16To32(mxBits)
	if err := miscRandCheckF(float64(mn), float64(mx)); err != nil {
		return err
	}
	d := miscBF16To32(miscBF16(mx - mn))
	miscRandFill(s, len(out), func(c []uint32) int { return len(c) }, func(i int, c []uint32, j int) {
		if s.Alignment == RandomPytorch {
			u := float32(c[j]&0xff) * (1.0 / 256)
			out[i] = miscBF16(float32(float32(u*d) + mn))
			return
		}
		u := miscBF16To32(127<<7|uint16(c[j])&0x7f) - 1
		p := miscBF16To32(miscBF16(u * d))
		out[i] = miscBF16(p + mn)
	})
	return nil
}

// RandomUniformI32 fills out with x % (mx-mn) + mn computed on uint32, as the reference's
// unsigned arithmetic does.
func RandomUniformI32(s RandomSpec, out []int32, mn, mx int32) error {
	if err := miscRandCheck(mn, mx); err != nil {
		return err
	}
	d := uint32(mx) - uint32(mn)
	miscRandFill(s, len(out), func(c []uint32) int { return len(c) }, func(i int, c []uint32, j int) {
		out[i] = int32(c[j]%d + uint32(mn))
	})
	return nil
}

// RandomUniformI64 fills out with values in [mn, mx). Philox: two words make a 64-bit value
// (second word high); PyTorch: one word per value while mn and mx are at most 2^32-1,
// otherwise two words (first word high). The modulo is unsigned for 64-bit values and
// signed for single words, as in the reference.
func RandomUniformI64(s RandomSpec, out []int64, mn, mx int64) error {
	if err := miscRandCheck(mn, mx); err != nil {
		return err
	}
	d := uint64(mx) - uint64(mn)
	if s.Alignment == RandomPytorch {
		wide := mn > math.MaxUint32 || mx > math.MaxUint32
		miscRandFill(s, len(out), func(c []uint32) int {
			if wide {
				return 1
			}
			return 2
		}, func(i int, c []uint32, j int) {
			if wide {
				v := uint64(c[0])<<32 | uint64(c[1])
				out[i] = int64(v%d) + mn
				return
			}
			out[i] = int64(c[j])%(mx-mn) + mn
		})
		return nil
	}
	miscRandFill(s, len(out), func(c []uint32) int { return 2 }, func(i int, c []uint32, j int) {
		v := uint64(c[2*j+1])<<32 | uint64(c[2*j])
		out[i] = int64(v%d + uint64(mn))
	})
	return nil
}
