package interp

import (
	"fmt"
	"strings"
)

var opNames = [...]string{"nop", "halt", "mov", "add", "sub", "mul", "div", "mod", "pow", "jump", "jnp", "jsubnp", "loopinit", "loopnext", "special", "info", "command", "done"}

// dumpCode lists a program's instructions, for debugging and golden tests.
func dumpCode(p *Program) string {
	var b strings.Builder
	for pc, in := range p.code {
		fmt.Fprintf(&b, "%3d %-8s %3d %3d %3d  cost %d  %s\n", pc, opNames[in.op], in.a, in.b, in.c, in.cost, p.info[pc].pos())
	}
	return b.String()
}
