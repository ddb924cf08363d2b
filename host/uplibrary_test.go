package host

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// TestLibrariesApart: UPBEAT's library keeps plans checked against UPBEAT's language
// (a KOMBAT word is a mistake there, with its position, and the text is kept as a draft
// of its own), says "plan" and "/upbeat strategy"; a name kept only in the other
// game's library is refused by each game saying whose it is, and a name in neither
// says it is missing.
func TestLibrariesApart(t *testing.T) {
	kombat, db := openLibrary(t)
	up := NewLibrary(db, upbeat.NewLanguage(), upbeatShelf(), kombatShelf(), upbeatShelf())
	ctx := context.Background()
	if up.Game() != store.GameUpbeat || up.Noun() != "plan" || up.Command() != "upbeat strategy" ||
		kombat.Game() != store.GameKombat || kombat.Noun() != "strategy" || kombat.Command() != "kombat strategy" {
		t.Fatalf("the libraries' words: %q %q %q / %q %q %q", up.Game(), up.Noun(), up.Command(), kombat.Game(), kombat.Noun(), kombat.Command())
	}
	if _, _, err := kombat.Save(ctx, ann, "Rush", "3", "move up"); err != nil {
		t.Fatal(err)
	}
	// A KOMBAT strategy is not an UPBEAT plan: refused with its mistake, kept as a draft.
	_, kept, err := up.Save(ctx, ann, "Eco", "0", "invest 10\nspawn\n")
	var ie *interp.Error
	if !kept || !errors.As(err, &ie) || !strings.Contains(err.Error(), "2:") {
		t.Fatalf("a KOMBAT word in an UPBEAT plan: kept %v, %v", kept, err)
	}
	if d, err := up.Draft(ctx, ann, "eco"); err != nil || d.Strategy != "invest 10\nspawn\n" {
		t.Errorf("the refused plan's draft: %+v %v", d, err)
	}
	if _, err := kombat.Draft(ctx, ann, "eco"); refusedWith(t, err) == "" {
		t.Error("KOMBAT's library has UPBEAT's draft")
	}
	s, kept, err := up.Save(ctx, ann, "Eco", "0", "```upbeat\ninvest 10\n```")
	if err != nil || kept || s.Version != 1 || s.Lines != 1 {
		t.Fatalf("an UPBEAT plan: %+v %v %v", s, kept, err)
	}
	if _, err := up.Draft(ctx, ann, "eco"); !strings.Contains(refusedWith(t, err), "the plan was saved") {
		t.Errorf("the draft after a save: %v", err)
	}
	if p, err := up.Latest(ctx, ann, "ECO"); err != nil || p.Source != "invest 10" {
		t.Errorf("the plan to play: %+v %v", p, err)
	}
	if s, err := up.Show(ctx, ann, "eco", 0, 0); err != nil || s.File() != "Eco-v1.upbeat" {
		t.Errorf("the plan's file: %+v %v", s, err)
	}
	if s, err := kombat.Show(ctx, ann, "rush", 0, 0); err != nil || s.File() != "Rush-v1.kombat" {
		t.Errorf("the strategy's file: %+v %v", s, err)
	}
	tests := []struct {
		name string
		lib  *Library
		ask  string
		want string
	}{
		{"a KOMBAT strategy asked of UPBEAT", up, "rush", "Your **rush** is a KOMBAT strategy, not an UPBEAT plan: each game plays only its own. See `/upbeat strategy list`."},
		{"an UPBEAT plan asked of KOMBAT", kombat, "eco", "Your **eco** is an UPBEAT plan, not a KOMBAT strategy: each game plays only its own. See `/kombat strategy list`."},
		{"in neither", up, "ghost", "You have no plan named \"ghost\". See `/upbeat strategy list`."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.lib.Latest(ctx, ann, tt.ask)
			if got := refusedWith(t, err); got != tt.want {
				t.Errorf("Latest: %q, want %q", got, tt.want)
			}
			_, err = tt.lib.Show(ctx, ann, tt.ask, 0, 0)
			if got := refusedWith(t, err); got != tt.want {
				t.Errorf("Show: %q, want %q", got, tt.want)
			}
			_, err = tt.lib.Versions(ctx, ann, tt.ask)
			if got := refusedWith(t, err); got != tt.want {
				t.Errorf("Versions: %q, want %q", got, tt.want)
			}
		})
	}
	if _, err := kombat.Get(ctx, ann, "eco"); !strings.Contains(refusedWith(t, err), "is an UPBEAT plan") {
		t.Errorf("loading an UPBEAT plan as a kind: %v", err)
	}
	if list, err := up.List(ctx, ann); err != nil || len(list) != 1 || list[0].Name != "Eco" {
		t.Errorf("UPBEAT's list: %+v %v", list, err)
	}
	if list, err := kombat.List(ctx, ann); err != nil || len(list) != 1 || list[0].Name != "Rush" {
		t.Errorf("KOMBAT's list: %+v %v", list, err)
	}
}
