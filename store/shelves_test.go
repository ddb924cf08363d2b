package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestShelvesApart: KOMBAT's strategies and UPBEAT's plans are two libraries in one
// table (migration 7). A name is unique per owner and game, so the same name lives on
// both shelves; each lists, reads, versions and deletes only its own; each has its own
// limit; UPBEAT's messages say "plan". The KOMBAT-only methods are KOMBAT's shelf.
func TestShelvesApart(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	kombat, up := db.Shelf(GameKombat, wordsOf(GameKombat)), db.Shelf(GameUpbeat, wordsOf(GameUpbeat))
	if kombat.Game() != GameKombat || up.Game() != GameUpbeat {
		t.Fatalf("shelves: %q %q", kombat.Game(), up.Game())
	}
	if _, err := kombat.Save(ctx, "u", "Rush", "move up", 2, true); err != nil {
		t.Fatal(err)
	}
	if v, err := up.Save(ctx, "u", "RUSH", "invest 10", 0, true); err != nil || v != 1 {
		t.Fatalf("an UPBEAT plan named like a KOMBAT strategy: %d %v", v, err)
	}
	if v, err := up.Save(ctx, "u", "rush", "invest 20", 0, false); err != nil || v != 2 {
		t.Fatalf("a second version of the plan: %d %v", v, err)
	}
	if _, err := up.Save(ctx, "u", "Rush", "done", 0, true); !errors.Is(err, ErrDuplicate) || !strings.Contains(err.Error(), `you already have a plan named "Rush"`) {
		t.Errorf("a duplicate plan: %v", err)
	}
	for _, c := range []struct {
		shelf    Shelf
		source   string
		versions int
	}{
		{kombat, "move up", 1},
		{up, "invest 20", 2},
	} {
		t.Run(string(c.shelf.Game()), func(t *testing.T) {
			s, err := c.shelf.Get(ctx, "u", "rush", 0)
			if err != nil || s.Source != c.source || s.Game != c.shelf.Game() {
				t.Errorf("get: %+v %v", s, err)
			}
			list, err := c.shelf.List(ctx, "u")
			if err != nil || len(list) != 1 || list[0].Source != c.source || list[0].Game != c.shelf.Game() {
				t.Errorf("list: %+v %v", list, err)
			}
			if vs, err := c.shelf.Versions(ctx, "u", "RUSH"); err != nil || len(vs) != c.versions {
				t.Errorf("versions: %+v %v", vs, err)
			}
		})
	}
	if s, err := db.GetStrategy(ctx, "u", "rush", 0); err != nil || s.Source != "move up" || s.Game != GameKombat {
		t.Errorf("GetStrategy reads KOMBAT's shelf: %+v %v", s, err)
	}
	if _, err := up.Get(ctx, "u", "ghost", 0); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `you have no plan named "ghost"`) {
		t.Errorf("a missing plan: %v", err)
	}
	if _, err := up.Get(ctx, "u", "rush", 9); !strings.Contains(err.Error(), `plan "rush" has no version 9`) {
		t.Errorf("a missing version: %v", err)
	}

	// Deleting the plan leaves the strategy of the same name.
	must(t, up.Delete(ctx, "u", "rush"))
	if err := up.Delete(ctx, "u", "rush"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "no plan named") {
		t.Errorf("deleting it again: %v", err)
	}
	if list, err := kombat.List(ctx, "u"); err != nil || len(list) != 1 {
		t.Errorf("KOMBAT's shelf after UPBEAT's plan went: %+v %v", list, err)
	}
	if list, err := up.List(ctx, "u"); err != nil || len(list) != 0 {
		t.Errorf("UPBEAT's shelf after its plan went: %+v %v", list, err)
	}

	// Each shelf has its own limit.
	for i := 1; i < MaxStrategiesPerOne; i++ {
		if _, err := kombat.Save(ctx, "u", fmt.Sprint("s", i), "done", 0, true); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := kombat.Save(ctx, "u", "one more", "done", 0, true); !errors.Is(err, ErrInvalidInput) || !strings.Contains(err.Error(), "saved strategies, the limit") {
		t.Errorf("KOMBAT's shelf over its limit: %v", err)
	}
	if _, err := up.Save(ctx, "u", "one more", "done", 0, true); err != nil {
		t.Errorf("a full KOMBAT shelf refused an UPBEAT plan: %v", err)
	}
}
