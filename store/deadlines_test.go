package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestDeadlines(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	if _, ok, err := db.NextDeadline(ctx); ok || err != nil {
		t.Errorf("next deadline of none: %v %v", ok, err)
	}
	t0 := time.UnixMilli(1_700_000_000_000)
	must(t, db.SetDeadline(ctx, Deadline{Kind: "turn", Key: "1", Due: t0.Add(time.Minute), Payload: "p"}))
	must(t, db.SetDeadline(ctx, Deadline{Kind: "challenge", Key: "2", Due: t0.Add(2 * time.Minute)}))
	if next, ok, err := db.NextDeadline(ctx); !ok || err != nil || next.Kind != "turn" || !next.Due.Equal(t0.Add(time.Minute)) {
		t.Errorf("next deadline: %+v %v %v", next, ok, err)
	}
	if next, ok, err := db.NextDeadlineAfter(ctx, t0.Add(time.Minute)); !ok || err != nil || next.Kind != "challenge" {
		t.Errorf("next deadline after the first: %+v %v %v; want the second, not the one due", next, ok, err)
	}
	if _, ok, err := db.NextDeadlineAfter(ctx, t0.Add(2*time.Minute)); ok || err != nil {
		t.Errorf("next deadline after the last: %v %v", ok, err)
	}
	must(t, db.SetDeadline(ctx, Deadline{Kind: "turn", Key: "1", Due: t0.Add(3 * time.Minute), Payload: "moved"}))
	due, err := db.Deadlines(ctx, t0.Add(2*time.Minute))
	must(t, err)
	if len(due) != 1 || due[0].Kind != "challenge" {
		t.Errorf("due at +2m: %+v", due)
	}
	all, err := db.Deadlines(ctx, t0.Add(time.Hour))
	must(t, err)
	if len(all) != 2 || all[1].Payload != "moved" || !all[1].Due.Equal(t0.Add(3*time.Minute)) {
		t.Errorf("all: %+v", all)
	}
	must(t, db.ClearDeadline(ctx, "turn", "1"))
	must(t, db.ClearDeadline(ctx, "turn", "1"))
	if all, _ := db.Deadlines(ctx, t0.Add(time.Hour)); len(all) != 1 {
		t.Errorf("after clearing: %+v", all)
	}
	// Every kind of one key goes at once, a kind of a game's own too; other keys stay.
	for _, kind := range []string{"turn", "auto", "bell"} {
		must(t, db.SetDeadline(ctx, Deadline{Kind: kind, Key: "3", Due: t0}))
	}
	must(t, db.ClearDeadlines(ctx, "3"))
	must(t, db.ClearDeadlines(ctx, "3"))
	if all, _ := db.Deadlines(ctx, t0.Add(time.Hour)); len(all) != 1 || all[0].Key != "2" {
		t.Errorf("after clearing game 3's: %+v, want game 2's alone", all)
	}
}

// TestClearDeadlineIf: a handler clearing the deadline it handled keeps the one its
// handling set again under the same kind and key.
func TestClearDeadlineIf(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	t0 := time.UnixMilli(1_700_000_000_000)
	first := Deadline{Kind: "turn", Key: "7", Due: t0, Payload: "4"}
	must(t, db.SetDeadline(ctx, first))
	next := Deadline{Kind: "turn", Key: "7", Due: t0.Add(10 * time.Minute), Payload: "5"}
	must(t, db.SetDeadline(ctx, next)) // the handler armed the next turn's clock
	if ok, err := db.ClearDeadlineIf(ctx, first); ok || err != nil {
		t.Errorf("clearing a deadline moved meanwhile: %v %v", ok, err)
	}
	if all, _ := db.Deadlines(ctx, t0.Add(time.Hour)); len(all) != 1 || all[0] != next {
		t.Errorf("the moved deadline: %+v", all)
	}
	if ok, err := db.ClearDeadlineIf(ctx, next); !ok || err != nil {
		t.Errorf("clearing an unchanged deadline: %v %v", ok, err)
	}
	if all, _ := db.Deadlines(ctx, t0.Add(time.Hour)); len(all) != 0 {
		t.Errorf("left: %+v", all)
	}
}

func TestDrafts(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	must(t, db.SaveDraft(ctx, "u", "k", "one"))
	must(t, db.SaveDraft(ctx, "u", "k", "two"))
	if d, err := db.Draft(ctx, "u", "k"); err != nil || d != "two" {
		t.Errorf("draft: %q %v", d, err)
	}
	if _, err := db.Draft(ctx, "other", "k"); !errors.Is(err, ErrNotFound) {
		t.Errorf("another user's draft: %v", err)
	}
	must(t, db.DeleteDraft(ctx, "u", "k"))
	if _, err := db.Draft(ctx, "u", "k"); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleted draft: %v", err)
	}
	if err := db.SaveDraft(ctx, "u", "k", string(make([]byte, MaxDraft+1))); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("an oversized draft: %v", err)
	}
}

// TestClearEndedDeadlines: the sweep removes the deadlines of games that ended (or
// never were) and keeps every active game's, whichever process holds it; ActiveHeads
// lists the active games; a failed handler's deadline moves only if still as listed.
func TestClearEndedDeadlines(t *testing.T) {
	db := openTest(t)
	ctx := context.Background()
	live, err := db.CreateGame(ctx, newGameRow("c1", "duel", "a", "b"))
	must(t, err)
	ended, err := db.CreateGame(ctx, newGameRow("c2", "duel", "a", "b"))
	must(t, err)
	must(t, db.Cancel(ctx, ended))
	t0 := time.UnixMilli(1_700_000_000_000)
	for _, key := range []string{fmt.Sprint(live), fmt.Sprint(ended), "999"} {
		must(t, db.SetDeadline(ctx, Deadline{Kind: "turn", Key: key, Due: t0}))
	}
	n, err := db.ClearEndedDeadlines(ctx)
	must(t, err)
	left, err := db.Deadlines(ctx, t0)
	must(t, err)
	if n != 2 || len(left) != 1 || left[0].Key != fmt.Sprint(live) {
		t.Fatalf("cleared %d, left %+v; want 2 cleared and game %d's kept", n, left, live)
	}
	heads, err := db.ActiveHeads(ctx)
	must(t, err)
	if len(heads) != 1 || heads[0].ID != live || heads[0].Scope != "g" || heads[0].Status != StatusSetup || heads[0].CreatedAt.IsZero() {
		t.Fatalf("active heads %+v, want game %d alone, with its scope, status and creation time", heads, live)
	}

	d := left[0]
	if ok, err := db.PostponeDeadlineIf(ctx, d, t0.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("postpone: %v %v", ok, err)
	}
	if ok, err := db.PostponeDeadlineIf(ctx, d, t0.Add(time.Hour)); ok || err != nil {
		t.Fatalf("postponed a deadline no longer as listed: %v %v", ok, err)
	}
	if due, _ := db.Deadlines(ctx, t0.Add(2*time.Minute)); len(due) != 1 || !due[0].Due.Equal(t0.Add(time.Minute)) {
		t.Fatalf("after postponing: %+v", due)
	}
}
