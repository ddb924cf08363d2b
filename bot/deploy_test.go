package bot

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestRollingDeployLeavesPressesToTheHolder runs the overlap of a rolling deploy: a
// second process of the same shard starts on the same database while the first still
// runs its game, and Discord sends both every interaction. The newcomer restores none of
// the first one's games and answers nothing about them (a press on the game's controls,
// a form sent from them, a command in its thread); the first answers each once, so no
// answer of the wrong process races the right one (Discord takes the first and refuses
// the second with 40060). Before, the newcomer answered every press "This game is over
// or no longer exists.", as fast as the real answer.
func TestRollingDeployLeavesPressesToTheHolder(t *testing.T) {
	h := newHarness(t)
	h.slash(h.alice, h.channel.ID, "solo")
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	setup := h.waitFor(thread.ID, "the setup message", contains("setting up"))

	cfg := Config{Token: h.fake.Token(), GuildID: h.guild.ID, APIBase: h.fake.APIBase(), ShardCount: 1, DBPath: h.dbPath}
	twin, err := New(Options{Config: cfg, DB: h.db, Renderer: h.render, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Clock: h.clock, AutoStep: time.Millisecond, Games: testGames()})
	if err != nil {
		t.Fatal(err)
	}
	if err := twin.Start(h.ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { twin.Close() }) // before the harness's database closes
	if n := h.fake.Connected(); n != 2 {
		t.Fatalf("%d sessions connected, want both processes as shard 0", n)
	}

	add := h.click(h.alice, setup, "Add kind")
	if _, err := h.fake.SubmitModal(h.alice, add, map[string]string{"name": "Idle", "defense": "1", "strategy": "done"}); err != nil {
		t.Fatal(err)
	}
	h.waitFor(thread.ID, "the kind in the setup", contains("**1. Idle**"))
	in, err := h.fake.SlashCommand(h.alice, thread.ID, "kombat", discordtest.Sub("status"))
	if _, _, err := discordtest.Do(h.ctx, in, err); err != nil {
		t.Fatalf("/kombat status in the game's thread: %v", err)
	}
	if err := h.fake.Check(); err != nil {
		t.Fatalf("both processes answered: %v", err)
	}
}
