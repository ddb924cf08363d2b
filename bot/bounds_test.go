package bot

import (
	"encoding/json"
	"testing"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
)

// storeAutoGame stores an auto game in play as an older version would have, with a
// configuration text the current bounds may refuse, and the given decisions.
func (h *harness) storeAutoGame(db *store.DB, channel string, config map[string]int64, kind game.KindSpec, ds []game.Decision) int64 {
	h.t.Helper()
	cfg := game.DefaultConfig()
	raw, _ := json.Marshal(config)
	if err := json.Unmarshal(raw, &cfg); err != nil { // the fields' names, without today's checks
		h.t.Fatal(err)
	}
	row := &store.Game{Scope: h.guild.ID, Place: channel, Mode: game.ModeAuto, Status: store.StatusPlay, Setup: []byte(`{"owner":"` + h.alice.ID + `"}`)}
	kombathost.SetupRow(row, [2]string{}, game.Setup{Config: cfg, Seed: 5, Kinds: []game.KindSpec{kind}})
	id, err := db.CreateGame(h.ctx, row)
	if err != nil {
		h.t.Fatal(err)
	}
	if err := kombathost.AppendDecisions(h.ctx, db, id, 0, ds); err != nil {
		h.t.Fatal(err)
	}
	return id
}

// TestStoredConfigOutOfBounds: games stored by an older version with configurations
// above today's bounds do not hang the restart. One whose turns replay within the
// bounds is lowered to them, its channel told, and it plays to its end; one whose
// turns need the old values is ended without a result, its channel told.
func TestStoredConfigOutOfBounds(t *testing.T) {
	h := newHarness(t)
	h.stop()
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	free := []game.Decision{
		{Player: 1, Action: game.ActFreeSpawn, Hex: game.StartArea(1)[0]},
		{Player: 2, Action: game.ActFreeSpawn, Hex: game.StartArea(2)[0]},
	}
	// The spinner took hours a turn under its stored step_limit; one turn each shows it
	// lowered and played to the end (each turn spins 10,000,000 steps).
	spinner := game.KindSpec{Name: "Spinner", Defense: 1, Strategy: "while (1) while (1) while (1) while (1) x = x + 1"}
	lowered := h.fake.AddChannel(h.guild, "lowered")
	loweredID := h.storeAutoGame(db, lowered.ID, map[string]int64{"step_limit": 1<<63 - 1, "max_turns": 1}, spinner, free)

	// Two purchases of 10^12 need the stored budgets of 2 * 10^12, above the bound.
	probe, err := game.New(game.NewLanguage(), game.Setup{Mode: game.ModeAuto, Kinds: []game.KindSpec{{Name: "Idle", Strategy: "done"}}})
	if err != nil {
		t.Fatal(err)
	}
	var ds []game.Decision
	play := func(d game.Decision) {
		must(t, probe.Apply(d))
		ds = append(ds, d)
	}
	buy := func() { play(game.Decision{Player: 1, Action: game.ActBuy, Hex: probe.BuyOptions(1)[0]}) }
	for _, d := range free {
		play(d)
	}
	buy()
	play(game.Decision{Player: 1, Action: game.ActEnd})
	play(game.Decision{Player: 2, Action: game.ActEnd})
	buy()
	play(game.Decision{Player: 1, Action: game.ActEnd})
	ended := h.fake.AddChannel(h.guild, "ended")
	endedID := h.storeAutoGame(db, ended.ID, map[string]int64{"init_budget": 2e12, "max_budget": 2e12, "hex_purchase_cost": 1e12},
		game.KindSpec{Name: "Idle", Strategy: "done"}, ds)
	db.Close()

	h.start()
	h.find(lowered.ID, "the notice", contains("step_limit 9223372036854775807 lowered to 10000000"))
	h.playOn(lowered.ID, "the end of the lowered game", contains("**Game over**"))
	h.find(ended.ID, "the notice", contains("the game has ended without a result"))
	if g, err := h.db.Game(h.ctx, loweredID); err != nil || g.Status != store.StatusOver {
		t.Errorf("the lowered game: %v; status %s", err, g.Status)
	} else if cfg, lowered, err := kombathost.Config(g); err != nil || len(lowered) > 0 || cfg.StepLimit != game.MaxStepLimit {
		t.Errorf("the lowered game's stored config %q: %v, lowered on reading %v", g.ConfigText, err, lowered)
	}
	if g, err := h.db.Game(h.ctx, endedID); err != nil || g.Status != store.StatusCancelled || g.Result != nil {
		t.Errorf("the ended game: %v; status %s, result %v", err, g.Status, g.Result)
	}
	if n := len(h.fake.Messages(ended.ID)); n != 1 {
		t.Errorf("%d messages in the ended game's channel, want the notice alone", n)
	}
	h.check()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
