package kernels

import (
	"fmt"
	"math"
)

// ISTFTGeom is the geometry of an ISTFT-16 computation: data [Batch, FrameSize/2+1, Frames,
// 2] (Batch 1 for 3-D data), window of Window samples, output [Batch, OutLen].
type ISTFTGeom struct {
	Batch, Frames   int
	FrameSize, Step int
	Window          int
	OutLen          int
	// Length is the signal_length input, or -1 when absent.
	Length     int64
	Center     bool
	Normalized bool
}

// ISTFTScratch is ISTFT's working memory for one geometry.
type ISTFTScratch struct {
	plan                   *IRDFTPlan
	mid, wsum, frame, bins []float32
	padWin                 []float32
}

// NewISTFTScratch plans the inverse transforms of g.
func NewISTFTScratch(g ISTFTGeom) (*ISTFTScratch, error) {
	if g.FrameSize <= 0 || g.Step <= 0 || g.Frames < 0 || g.Batch < 0 || g.Window < 0 || g.Window > g.FrameSize ||
		g.FrameSize > maxExtent || g.Step > maxExtent || g.Frames > maxExtent || g.OutLen < 0 || g.OutLen > maxExtent {
		return nil, fmt.Errorf("kernels: ISTFT frame size %d, step %d, %d frames, window %d, output %d", g.FrameSize, g.Step, g.Frames, g.Window, g.OutLen)
	}
	nb := g.FrameSize/2 + 1
	p, err := NewIRDFTPlan([]int{nb}, []int{g.FrameSize}, []int{0})
	if err != nil {
		return nil, err
	}
	sl := max(g.Frames-1, 0)*g.Step + g.FrameSize
	return &ISTFTScratch{plan: p, mid: make([]float32, sl), wsum: make([]float32, sl), frame: make([]float32, g.FrameSize),
		bins: make([]float32, 2*nb), padWin: make([]float32, g.FrameSize)}, nil
}

// ISTFT computes ISTFT-16 as OpenVINO's src/core/reference/src/op/istft.cpp does, in float32
// around a float64 inverse transform: each frame's FrameSize/2+1 bins are inverse-RDFT'd to
// FrameSize samples and overlap-added at frame*Step; the window, zero-padded to FrameSize
// and centred, is overlap-added likewise; the sum is divided by the window sum (0 where that
// is 0), times sqrt(FrameSize) when Normalized. With Center the first FrameSize/2 samples
// are dropped. The reference's own length, (Frames-1)*Step + FrameSize less FrameSize when
// centred (or Length), bounds what is copied; the rest of each output row is 0.
func ISTFT(g ISTFTGeom, s *ISTFTScratch, data, window, out []float32) error {
	nb := g.FrameSize/2 + 1
	sl := max(g.Frames-1, 0)*g.Step + g.FrameSize
	if s == nil || len(s.mid) != sl || len(s.frame) != g.FrameSize || len(data) != g.Batch*nb*g.Frames*2 ||
		len(window) != g.Window || len(out) != g.Batch*g.OutLen {
		return fmt.Errorf("kernels: ISTFT data %d, window %d, output %d elements for %+v", len(data), len(window), len(out), g)
	}
	refLen := int64(sl)
	if g.Length > 0 {
		refLen = g.Length
	} else if g.Center {
		refLen = int64(sl - g.FrameSize)
	}
	margin := 0
	if g.Center {
		margin = g.FrameSize / 2
	}
	copyEnd := int(min(refLen, int64(sl-margin), int64(g.OutLen)))
	clear(s.padWin)
	copy(s.padWin[(g.FrameSize-g.Window)/2:], window)
	sq := float32(math.Sqrt(float64(g.FrameSize)))
	clear(out)
	for b := 0; b < g.Batch; b++ {
		clear(s.mid)
		clear(s.wsum)
		in := data[b*nb*g.Frames*2 : (b+1)*nb*g.Frames*2]
		for f := 0; f < g.Frames; f++ {
			for k := 0; k < nb; k++ {
				s.bins[2*k], s.bins[2*k+1] = in[(k*g.Frames+f)*2], in[(k*g.Frames+f)*2+1]
			}
			if err := IRDFT(s.plan, s.bins, s.frame); err != nil {
				return err
			}
			o := f * g.Step
			for i, v := range s.frame {
				s.mid[o+i] += v
				s.wsum[o+i] += s.padWin[i]
			}
		}
		row := out[b*g.OutLen : (b+1)*g.OutLen]
		for i := 0; i < copyEnd; i++ {
			a, w := s.mid[margin+i], s.wsum[margin+i]
			switch {
			case w == 0:
				row[i] = 0
			case g.Normalized:
				row[i] = float32(a*sq) / w
			default:
				row[i] = a / w
			}
		}
	}
	return nil
}
