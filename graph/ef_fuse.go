package graph

// efSkipAnchor reports whether the epilogue-fusion pass must not start a fusion at n:
// with Options.fuseSkip "elt-anchors" (tests only), the elementwise anchors
// (layers/eltwise_fuse.go) are left out, so that tests compare them with the program
// fused as before.
func (p *Program) efSkipAnchor(n *Node) bool {
	if p.opts.fuseSkip != "elt-anchors" {
		return false
	}
	switch n.Layer.Type {
	case "Add", "Subtract", "Multiply", "Divide":
		return true
	}
	return false
}
