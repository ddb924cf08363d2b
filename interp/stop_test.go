package interp

import (
	"sync/atomic"
	"testing"
)

// stoppingHost sets a stop flag on its n-th command, as another goroutine would at
// any moment: the run must notice at its next loop iteration.
type stoppingHost struct {
	stubHost
	stop *atomic.Bool
	at   int
}

func (h *stoppingHost) Command(id int, args []int64) bool {
	h.commands++
	if h.commands == h.at {
		h.stop.Store(true)
	}
	return true
}

func TestStop(t *testing.T) {
	l := mustLang(t, kombatDef())
	tests := []struct {
		name     string
		src      string
		at       int // the command that raises the flag; 0: raised before the run
		commands int // commands run in all
		end      End
	}{
		{"raised before the run ends it at the first iteration", "while (1) while (1) while (1) while (1) x = x + 1", 0, 0, EndStopped},
		{"raised mid-loop ends it before the next iteration", "while (1) { move up move up }", 3, 4, EndStopped},
		{"straight-line code after the flag still finishes", "move up move up move up", 1, 3, EndProgram},
		{"a loop that ends by itself is not stopped", "while (3 - i) { i = i + 1 move up } move down", 4, 4, EndProgram},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Compile(l, "test", tt.src)
			if err != nil {
				t.Fatal(err)
			}
			var stop atomic.Bool
			stop.Store(tt.at == 0)
			h := &stoppingHost{stop: &stop, at: tt.at}
			m := Machine{Stop: &stop}
			r := m.Run(p, h, Frame{Locals: make([]int64, len(p.Locals()))}, 10_000_000)
			if r.End != tt.end || h.commands != tt.commands {
				t.Errorf("ended %v after %d commands and %d steps, want %v after %d commands", r.End, h.commands, r.Steps, tt.end, tt.commands)
			}
			if tt.end == EndStopped && r.Steps > 1000 {
				t.Errorf("stopped only after %d steps", r.Steps)
			}
		})
	}
}

// TestStopNil: without a flag nothing changes (the step limit still ends the run).
func TestStopNil(t *testing.T) {
	r, _ := runVars(t, "while (1) while (1) x = x + 1", &stubHost{}, 5000)
	if r.End != EndSteps || r.Steps > 5000 {
		t.Errorf("got %+v", r)
	}
}
