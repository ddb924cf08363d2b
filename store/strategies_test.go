package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
)

func TestStrategies(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	v, err := db.SaveStrategy(ctx, "u", "Rush", "move up", 1, true)
	if err != nil || v != 1 {
		t.Fatalf("save: %d %v", v, err)
	}
	_, err = db.SaveStrategy(ctx, "u", "rush", "move down", 1, true)
	if !errors.Is(err, ErrDuplicate) || !strings.HasPrefix(err.Error(), `store: save strategy "rush": already exists: you already have a strategy named "rush"`) {
		t.Errorf("duplicate: %v", err)
	}
	if v, err := db.SaveStrategy(ctx, "u", "RUSH", "move down", 2, false); err != nil || v != 2 {
		t.Errorf("new version: %d %v", v, err)
	}
	if _, err := db.SaveStrategy(ctx, "u", "ghost", "done", 0, false); !errors.Is(err, ErrNotFound) ||
		err.Error() != `store: save strategy "ghost": not found: you have no strategy named "ghost"` {
		t.Errorf("new version of nothing: %v", err)
	}
	if _, err := db.SaveStrategy(ctx, "other", "rush", "done", 0, true); err != nil {
		t.Errorf("another owner may use the name: %v", err)
	}
	for _, bad := range []string{"", "  ", "bad!", strings.Repeat("x", 33)} {
		if _, err := db.SaveStrategy(ctx, "u", bad, "done", 0, true); !errors.Is(err, ErrInvalidInput) {
			t.Errorf("name %q: %v", bad, err)
		}
	}
	if _, err := db.SaveStrategy(ctx, "u", "neg", "done", -1, true); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("negative defense: %v", err)
	}
	if _, err := db.SaveStrategy(ctx, "u", "big", strings.Repeat("x", MaxStrategySource+1), 0, true); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("a strategy over the size limit: %v", err)
	}
	latest, err := db.GetStrategy(ctx, "u", "rush", 0)
	if err != nil || latest.Version != 2 || latest.Source != "move down" || latest.Defense != 2 || latest.Name != "Rush" || latest.Created.IsZero() {
		t.Errorf("latest: %+v %v", latest, err)
	}
	first, err := db.GetStrategy(ctx, "u", "rush", 1)
	if err != nil || first.Source != "move up" || first.Defense != 1 {
		t.Errorf("version 1: %+v %v", first, err)
	}
	if _, err := db.GetStrategy(ctx, "u", "rush", 9); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "has no version 9") {
		t.Errorf("missing version: %v", err)
	}
	list, err := db.ListStrategies(ctx, "u")
	if err != nil || len(list) != 1 || list[0].Version != 2 {
		t.Errorf("list: %+v %v", list, err)
	}
	if vs, err := db.StrategyVersions(ctx, "u", "rush"); err != nil || len(vs) != 2 || vs[0].Version != 2 || vs[1].Source != "move up" {
		t.Errorf("versions: %+v %v", vs, err)
	}
	for i := range MaxVersionsKept + 5 {
		_, err := db.SaveStrategy(ctx, "u", "rush", fmt.Sprint("x = ", i), 0, false)
		must(t, err)
	}
	if vs, _ := db.StrategyVersions(ctx, "u", "rush"); len(vs) != MaxVersionsKept || vs[0].Version != MaxVersionsKept+7 {
		t.Errorf("%d versions kept, newest %d; want %d, newest %d", len(vs), vs[0].Version, MaxVersionsKept, MaxVersionsKept+7)
	}
	must(t, db.DeleteStrategy(ctx, "u", "RUSH"))
	if err := db.DeleteStrategy(ctx, "u", "rush"); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete twice: %v", err)
	}
	if vs, err := db.StrategyVersions(ctx, "u", "rush"); !errors.Is(err, ErrNotFound) || vs != nil {
		t.Errorf("versions after delete: %v %v", vs, err)
	}
	var orphans int
	must(t, db.sql.QueryRow(`SELECT count(*) FROM strategy_versions WHERE strategy_id NOT IN (SELECT id FROM strategies)`).Scan(&orphans))
	if orphans != 0 {
		t.Errorf("%d versions outlived their strategy (foreign keys off?)", orphans)
	}
	if v, err := db.SaveStrategy(ctx, "u", "rush", "done", 0, true); err != nil || v != 1 {
		t.Errorf("a deleted name is free again: %d %v", v, err)
	}
}

// TestStrategyDuplicateRace saves the same new name from many goroutines: one wins,
// the others get ErrDuplicate, never a raw constraint error.
func TestStrategyDuplicateRace(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	const n = 6
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { _, errs[i] = db.SaveStrategy(ctx, "u", "rush", fmt.Sprint("x = ", i), 0, true) })
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
		} else if !errors.Is(err, ErrDuplicate) {
			t.Errorf("a losing save: %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d saves won", won)
	}
}

func TestStrategyLimit(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	for i := range MaxStrategiesPerOne {
		_, err := db.SaveStrategy(ctx, "u", fmt.Sprint("s", i), "done", 0, true)
		must(t, err)
	}
	if _, err := db.SaveStrategy(ctx, "u", "one more", "done", 0, true); !errors.Is(err, ErrInvalidInput) || !strings.Contains(err.Error(), "delete one first") {
		t.Errorf("over the limit: %v", err)
	}
}
