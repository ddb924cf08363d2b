package nimhost_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/nim"
	"github.com/kombat-game/kombat/internal/nim/nimhost"
)

// BenchmarkTake_Solitaire is what the house's core costs a game per turn, Nim's rules
// costing next to nothing: an op is a person's take and the bot's reply, each
// committed to a real SQLite file with its screen owed, then shown.
func BenchmarkTake_Solitaire(b *testing.B) {
	h, _ := openHost(b, filepath.Join(b.TempDir(), "k.db"), &screens{}, host.NewManualClock(time.Unix(1_800_000_000, 0)))
	var id int64
	b.ReportAllocs()
	for b.Loop() {
		if id == 0 || h.Get(id) == nil {
			b.StopTimer()
			tb, err := h.nim.Open(nimhost.Open{Scope: "g", Place: "c", Owner: ann, Seats: [2]nimhost.Seat{{User: ann}, {}}, Heap: nim.MaxHeap})
			if err != nil {
				b.Fatal(err)
			}
			id = tb.Row.ID
			b.StartTimer()
		}
		tb, err := h.Lock(id)
		if err != nil {
			b.Fatal(err)
		}
		err = h.nim.Take(tb, ann, 1)
		tb.Unlock()
		if err != nil {
			b.Fatal(err)
		}
	}
}
