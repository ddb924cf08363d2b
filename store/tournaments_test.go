package store

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// TestTournaments stores a tournament, rewrites its state as games finish, finds it
// among the active ones after reopening the file, and drops it from them once over.
func TestTournaments(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	tr := &Tournament{Guild: "g", Channel: "c", Owner: "o", State: json.RawMessage(`{"entrants":[]}`)}
	id, err := db.CreateTournament(ctx, tr)
	if err != nil || id == 0 || tr.Status != TournamentOpen {
		t.Fatalf("create: %d %v %s", id, err, tr.Status)
	}
	tr.Status, tr.MessageID, tr.State = TournamentRunning, "m1", json.RawMessage(`{"done":3}`)
	if err := db.SaveTournament(ctx, tr); err != nil {
		t.Fatal(err)
	}
	db = reopenTest(t, db)
	active, err := db.ActiveTournaments(ctx)
	if err != nil || len(active) != 1 || string(active[0].State) != `{"done":3}` || active[0].MessageID != "m1" || active[0].Status != TournamentRunning {
		t.Fatalf("active after reopening: %+v %v", active, err)
	}
	active[0].Status = TournamentOver
	if err := db.SaveTournament(ctx, active[0]); err != nil {
		t.Fatal(err)
	}
	if active, _ := db.ActiveTournaments(ctx); len(active) != 0 {
		t.Errorf("a finished tournament is still active")
	}
	if got, err := db.GetTournament(ctx, id); err != nil || got.Status != TournamentOver {
		t.Errorf("get: %+v %v", got, err)
	}
	if _, err := db.GetTournament(ctx, 99); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing tournament: %v", err)
	}
	if err := db.SaveTournament(ctx, &Tournament{ID: 99, Status: TournamentOver, State: json.RawMessage(`{}`)}); !errors.Is(err, ErrNotFound) {
		t.Errorf("saving a missing tournament: %v", err)
	}
	bad := &Tournament{ID: id, Status: "paused", State: json.RawMessage(`{}`)}
	if err := db.SaveTournament(ctx, bad); err == nil {
		t.Error("an unknown status was stored")
	}
}
