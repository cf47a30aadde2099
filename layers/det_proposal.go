package layers

import (
	"fmt"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/kernels"
)

// Proposal-1 and -4: shape inference (proposal_shape_inference.hpp, src/core/src/op/proposal.cpp)
// and kernel kernels.ProposalRun (reference proposal.hpp). f32 and f64 are
// computed in their own type, f16 and bf16 in f32.

type seqProposalOp struct {
	BaseSize    uint64    `attr:"base_size"`
	PreNMSTopN  uint64    `attr:"pre_nms_topn"`
	PostNMSTopN uint64    `attr:"post_nms_topn"`
	NMSThresh   float32   `attr:"nms_thresh"`
	FeatStride  uint64    `attr:"feat_stride"`
	MinSize     uint64    `attr:"min_size"`
	Ratio       []float32 `attr:"ratio"`
	Scale       []float32 `attr:"scale"`
	Framework   string    `attr:"framework"`
	ClipBefore  bool      `attr:"clip_before_nms"`
	ClipAfter   bool      `attr:"clip_after_nms"`
	Normalize   bool      `attr:"normalize"`
	BoxSize     float32   `attr:"box_size_scale"`
	BoxCoord    float32   `attr:"box_coordinate_scale"`
	version     int
}

func seqNewProposal(v int) Op {
	return &seqProposalOp{ClipBefore: true, BoxSize: 1, BoxCoord: 1, version: v}
}

func (o *seqProposalOp) Infer(in []Input) ([]Output, error) {
	if len(in) != 3 {
		return nil, fmt.Errorf("Proposal expects 3 inputs, got %d", len(in))
	}
	// validate_element_types: each input floating point; the outputs take class_probs' type.
	for i, name := range [...]string{"class_probs", "bbox_deltas", "image_shape"} {
		if x := in[i].Type; x.IsStatic() && !x.IsFloat() {
			return nil, fmt.Errorf("Proposal layer input %s should have floating point type (%s).", name, x)
		}
	}
	t := in[0].Type
	if o.PostNMSTopN == 0 {
		return nil, fmt.Errorf("Attribute post_nms_topn cannot be zero.")
	}
	if o.FeatStride == 0 {
		return nil, fmt.Errorf("Attribute feat_stride cannot be zero.")
	}
	if o.BaseSize == 0 {
		return nil, fmt.Errorf("Attribute base_size cannot be zero.")
	}
	// proposal::shape_infer_boxes.
	probs, deltas, img := in[0].Shape, in[1].Shape, in[2].Shape
	if err := seqRankErr(probs, 4, "Proposal layer shape class_probs should be rank 4 compatible"); err != nil {
		return nil, err
	}
	if err := seqRankErr(deltas, 4, "Proposal layer shape bbox_deltas should be rank 4 compatible"); err != nil {
		return nil, err
	}
	if !img.DynamicRank && (len(img.Dims) != 1 || !(img.Dims[0].Compatible(ir.StaticDim(3)) || img.Dims[0].Compatible(ir.StaticDim(4)))) {
		return nil, fmt.Errorf("Image_shape must be 1-D tensor and has got 3 or 4 elements (image_shape_shape[0]%s).", img)
	}
	batch := seqDim(probs, 0)
	if !probs.DynamicRank && !deltas.DynamicRank {
		if anchors := dimMul(probs.Dims[1], ir.StaticDim(2)); !deltas.Dims[1].Compatible(anchors) {
			return nil, fmt.Errorf("Anchor number inconsistent between class_probs (%s), and bbox_deltas (%s).", anchors, deltas.Dims[1])
		}
	}
	if !deltas.DynamicRank {
		m, ok := dimMerge(batch, deltas.Dims[0])
		if !ok {
			return nil, fmt.Errorf("Batch size inconsistent between class_probs (%s) and bbox deltas (%s).", batch, deltas.Dims[0])
		}
		batch = m
		if !probs.DynamicRank {
			for i := 2; i < 4; i++ {
				if !probs.Dims[i].Compatible(deltas.Dims[i]) {
					return nil, fmt.Errorf("Spatial dimensions of class_probs and bbox_deltas are inconsistent (%s and %s)", probs, deltas)
				}
			}
		}
	}
	rows := seqDimMul(batch, int64(o.PostNMSTopN))
	outs := []Output{{Type: t, Shape: seqShape(rows, ir.StaticDim(5))}}
	if o.version == 4 {
		outs = append(outs, Output{Type: t, Shape: seqShape(rows)})
	}
	return outs, nil
}

func (o *seqProposalOp) name() string {
	if o.version == 4 {
		return "Proposal-4"
	}
	return "Proposal-1"
}

// CheckRunnable: the kernel computes the three inputs in one floating-point type (OpenVINO's
// inference accepts any floating-point types).
func (o *seqProposalOp) CheckRunnable(in []Input) error {
	for _, x := range in {
		if x.Type.IsStatic() && !seqIsFloat(x.Type) {
			return unsupportedType(o.name(), x.Type)
		}
		if x.Type.IsStatic() && in[0].Type.IsStatic() && x.Type != in[0].Type {
			return &ir.UnsupportedError{What: fmt.Sprintf("%s with inputs of types %s and %s", o.name(), in[0].Type, x.Type)}
		}
	}
	return nil
}

func (o *seqProposalOp) Prepare(in []Input, _ ExecOptions) (Kernel, error) {
	outs, dims, err := detxStaticRun(o.name(), o, in)
	if err != nil {
		return nil, err
	}
	pd, dd, id := dims[0], dims[1], dims[2]
	if pd[1]%2 != 0 || dd[1] != 2*pd[1] || dd[0] != pd[0] || dd[2] != pd[2] || dd[3] != pd[3] {
		return nil, fmt.Errorf("%s: class_probs %v and bbox_deltas %v do not hold 2 and 4 values per anchor", o.name(), pd, dd)
	}
	const maxCount = 1 << 31
	if o.PreNMSTopN > maxCount || o.PostNMSTopN > maxCount || o.FeatStride > maxCount || o.BaseSize > maxCount || o.MinSize > maxCount {
		return nil, fmt.Errorf("%s: attribute out of range", o.name())
	}
	p := &kernels.Proposal{Batch: pd[0], Anchors: pd[1] / 2, H: pd[2], W: pd[3], ImageInfoLen: id[0],
		BaseSize: float32(o.BaseSize), PreNMSTopN: int(o.PreNMSTopN), PostNMSTopN: int(o.PostNMSTopN),
		NMSThresh: o.NMSThresh, FeatStride: int(o.FeatStride), MinSize: float32(o.MinSize),
		Ratios: o.Ratio, Scales: o.Scale, TensorFlow: o.Framework == "tensorflow",
		ClipBeforeNMS: o.ClipBefore, ClipAfterNMS: o.ClipAfter, Normalize: o.Normalize,
		BoxSizeScale: o.BoxSize, BoxCoordinateScale: o.BoxCoord}
	if len(o.Ratio)*len(o.Scale) != p.Anchors {
		return nil, fmt.Errorf("%s: class_probs has %d anchors per position but ratio×scale gives %d", o.name(), p.Anchors, len(o.Ratio)*len(o.Scale))
	}
	rows := p.Batch * p.PostNMSTopN
	fout := []int{rows * 5}
	if o.version == 4 {
		fout = append(fout, rows)
	}
	if od, ok := staticDims(outs[0].Shape); !ok || product(od) != rows*5 {
		return nil, fmt.Errorf("%s: output shape %s", o.name(), outs[0].Shape)
	}
	var s kernels.ProposalScratch
	return seqBind(o.name(), outs[0].Type, []int{product(pd), product(dd), id[0]}, fout, seqFns{
		f32: func(fin, fout [][]float32, _, _ []*ir.Tensor) error {
			return kernels.ProposalRun(p, fin[0], fin[1], fin[2], fout[0], detxSecond(fout), &s)
		},
		f64: func(fin, fout [][]float64, _, _ []*ir.Tensor) error {
			return kernels.ProposalRun(p, fin[0], fin[1], fin[2], fout[0], detxSecond(fout), &s)
		},
	})
}

// detxSecond returns the second output buffer, or nil when there is one output.
func detxSecond[T any](out [][]T) []T {
	if len(out) < 2 {
		return nil
	}
	return out[1]
}
