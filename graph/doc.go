// Package graph turns an ir.Model into a typed, checked graph and compiles it into a
// Program that runs from many goroutines.
//
// Build never fails: it resolves every edge to its ports the way OpenVINO's IR reader does,
// looks every layer up in the layers registry, decodes attributes, orders the nodes, runs
// shape inference over partial shapes and reports every problem at once as an
// ir.Diagnostic with a stable rule code:
//
//	error   duplicate-layer-id      two layers share one id
//	error   edge-missing-layer      an edge names a layer id that does not exist
//	error   edge-missing-port       an edge names a port id the layer does not declare
//	error   duplicate-input-edge    two edges feed one input port
//	error   input-not-connected     a required input port has no edge
//	error   cycle                   the edges form a cycle (self-loops included)
//	error   unknown-opset           the layer's version names no opset
//	error   op-not-in-opset         the opset has no op of the layer's type
//	error   invalid-attribute       (from the op's decoder) an attribute is malformed
//	warning attribute-ignored       (from the op's decoder) an attribute has no effect
//	error   op-validation           shape/type inference rejects the node's inputs
//	info    unsupported-op          an op type irrun does not implement (one per type)
//	info    unsupported-feature     an implemented op uses a value irrun does not support
//	warning unreachable-layer       a layer feeds no Result (OpenVINO drops it silently)
//	warning port-dims-mismatch      producer and consumer ports declare incompatible dims
//	warning declared-shape-mismatch a port's declared dims disagree with inference
//	warning port-precision-mismatch a port's declared precision disagrees with inference
//
// Compile refuses a graph with error diagnostics (*ir.FormatError) or with reachable
// nodes irrun cannot execute (*ir.UnsupportedError). A Program resolves shapes from the
// actual inputs: it keeps one plan per distinct input-shape signature and a pool of
// execution states per plan, so concurrent Run calls are safe and RunInto allocates
// nothing in steady state. A Run alone uses all of Options.Threads; while several Runs are
// in progress, each runs its kernels on its own goroutine (one core each, a "throughput
// stream", kernels.Workers.Stream) instead of taking turns on the shared threads, with
// outputs bit-identical either way.
//
// Load and LoadFS read, build and compile in one call; RunNamed takes and returns tensors
// by name, built from Go slices with ir.TensorOf and read back with ir.Data:
//
//	p, err := graph.Load("model.xml", graph.Options{}) // model.bin beside it
//	defer p.Close()
//	x, err := ir.TensorOf(pixels, 1, 3, 224, 224)       // pixels []float32
//	outs, err := p.RunNamed(ctx, map[string]*ir.Tensor{"input": x})
//	scores, err := ir.Data[float32](outs["prob"])
package graph
