package kombathost

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// TestLoad checks loading a saved strategy as a proposal, its name cut to a kind's,
// and one not there refused.
func TestLoad(t *testing.T) {
	ctx := context.Background()
	long := "A very long strategy name 1234"
	tests := []struct {
		name, owner, ask string
		want             string
		refusal          string
	}{
		{"load the latest", ann, "rush b", fmt.Sprintf("%+v", Proposal{Name: "Rush B", Defense: 5, Strategy: "move down", By: ann}), ""},
		{"load a long name", ann, long, fmt.Sprintf("%+v", Proposal{Name: "A very long strategy", Defense: 0, Strategy: "move downleft", By: ann}), ""},
		{"load what is not there", bob, "Rush B", "", `You have no strategy named "Rush B".`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := store.Open(ctx, filepath.Join(t.TempDir(), "kombat.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			l := host.NewLibrary(db, game.NewLanguage(), Library())
			for _, s := range []struct{ name, def, text string }{{"Rush B", "4", "move up"}, {"Rush B", "5", "move down"}, {long, "0", "move downleft"}} {
				if _, _, err := l.Save(ctx, ann, s.name, s.def, s.text); err != nil {
					t.Fatal(err)
				}
			}
			p, err := Load(ctx, l, tt.owner, tt.ask)
			var no *host.Refusal
			switch {
			case errors.As(err, &no):
				if got := refusalText(no); got != tt.refusal {
					t.Fatalf("refused %q, want %q", got, tt.refusal)
				}
			case err != nil:
				t.Fatal(err)
			case tt.refusal != "":
				t.Fatalf("not refused, want %q", tt.refusal)
			case fmt.Sprintf("%+v", p) != tt.want:
				t.Errorf("got %+v, want %s", p, tt.want)
			}
		})
	}
}
