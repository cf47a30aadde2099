package graph

import (
	"strings"

	"github.com/irrun/irrun/ir"
	"github.com/irrun/irrun/layers"
)

// tpAssignVariables reports an Assign-3 that no ReadValue-3 above it names: OpenVINO's
// v3::Assign finds its variable among its inputs' ancestors and fails validation without
// one ("Can't find variable with id = ..."; type_prop/assign.cpp, assign_variable_not_found).
// Assign-6 names a variable of the model, which OpenVINO's IR reader creates for any id.
func (b *builder) tpAssignVariables() {
	for _, n := range b.g.Order {
		if n.Def == nil || n.Def.Version != 3 || !strings.EqualFold(n.Layer.Type, "Assign") || n.Failed {
			continue
		}
		id, _, ok := layers.VariableID(n.Op)
		if !ok {
			continue
		}
		seen := map[*Node]bool{}
		stack := []*Node{n}
		found := false
		for len(stack) > 0 && !found {
			m := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, in := range m.Inputs {
				p := in.Node
				if p == nil || seen[p] {
					continue
				}
				seen[p] = true
				if rid, isRead, ok := layers.VariableID(p.Op); ok && isRead && rid == id && p.Def != nil && p.Def.Version == 3 {
					found = true
					break
				}
				stack = append(stack, p)
			}
		}
		if !found {
			n.Failed = true
			b.report(ir.SeverityError, codeOpValidation, n.Layer.Offset, n.Layer, "%s: Can't find variable with id = %s", desc(n.Layer), id)
		}
	}
}
