package cli

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
)

// TestKilledBeforeTheBoard kills the real program (SIGKILL) after it committed a turn
// and while the post of the next board is still on its way to Discord. The restarted
// program posts that board (its nonce makes Discord keep one message, whichever post
// arrives first), plays the bot's turn, and gives the player controls again: every
// board exactly once, and the game goes on without the player's help.
func TestKilledBeforeTheBoard(t *testing.T) {
	t.Parallel() // its own folders and games; the heap tests stay sequential, so they run alone
	if testing.Short() {
		t.Skip("runs the program in a subprocess")
	}
	dir := t.TempDir()
	fake := discordtest.New()
	defer fake.Close()
	guild := fake.AddGuild("", "club")
	channel := fake.AddChannel(guild, "kombat")
	alice := fake.AddUser("alice", false)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	// A solitaire game stored just after its free spawns, owing its first board.
	dbPath := filepath.Join(dir, "kombat.db")
	db, err := store.Open(ctx, dbPath)
	if err != nil {
		t.Fatal(err)
	}
	setup := game.Setup{Config: game.DefaultConfig(), Seed: 9, Mode: game.ModeSolitaire, HumanSeat: 1,
		Kinds: []game.KindSpec{{Name: "Walker", Defense: 1, Strategy: "move up"}}}
	g, err := game.New(game.NewLanguage(), setup)
	if err != nil {
		t.Fatal(err)
	}
	for p := 1; p <= 2; p++ {
		if err := g.FreeSpawn(p, 0, game.StartArea(p)[0]); err != nil {
			t.Fatal(err)
		}
	}
	row := &store.Game{Scope: guild.ID, Place: channel.ID, Mode: game.ModeSolitaire, Status: store.StatusPlay,
		Setup: []byte(`{"names":["alice","Bot"],"owner":"` + alice.ID + `"}`), TurnTimeout: 10 * time.Minute}
	kombathost.SetupRow(row, [2]string{alice.ID, ""}, setup)
	id, err := db.CreateGame(ctx, row)
	var as []store.Action
	if err == nil {
		as, err = kombathost.EncodeDecisions(g.Record().Decisions)
	}
	if err == nil {
		summary := ""
		err = db.CommitActions(ctx, id, 0, as, nil, 0, &summary)
	}
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"DISCORD_TOKEN=" + fake.Token(), "DISCORD_GUILD_ID=" + guild.ID, "DISCORD_API_BASE=" + fake.APIBase(), "KOMBAT_DB=" + dbPath}
	hasControls := func(m *discordtest.Message) bool { return m.Button("End turn") != nil }

	p := startProgram(t, ctx, dir, env, "bot started")
	first, err := fake.WaitMessage(ctx, channel.ID, hasControls)
	if err != nil {
		t.Fatalf("the owed first board: %v\n%s", err, p.logs)
	}
	// The next post hangs long enough to kill the program during it; Discord then
	// handles it anyway, as it does a request whose client went away.
	const route = "POST /channels/{id}/messages"
	fake.Stall(route, 1, 300*time.Millisecond)
	if _, err := fake.Click(alice, first.ID, first.Button("End turn").CustomID); err != nil {
		t.Fatal(err)
	}
	if err := fake.WaitFaults(ctx, route, 1); err != nil {
		t.Fatalf("the board after the turn was never posted: %v\n%s", err, p.logs)
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.done

	p = startProgram(t, ctx, dir, env, "bot started")
	next, err := fake.WaitMessage(ctx, channel.ID, func(m *discordtest.Message) bool { return m.ID != first.ID && hasControls(m) })
	if err != nil {
		t.Fatalf("no board with controls after the restart: %v\n%s", err, p.logs)
	}
	if !strings.Contains(next.Content, "**Turn 1 — Bot**") {
		t.Errorf("the board with controls does not follow the bot's turn: %s", next.Content)
	}
	p.terminate(t, 10*time.Second)
	count := func(text string) int {
		n := 0
		for _, m := range fake.Messages(channel.ID) {
			if strings.Contains(m.Content, text) {
				n++
			}
		}
		return n
	}
	if n := count("**Turn 1 — alice**"); n != 1 {
		t.Errorf("the board after alice's turn was posted %d times", n)
	}
	if n := count("**Turn 1 — Bot**"); n != 1 {
		t.Errorf("the board after the bot's turn was posted %d times", n)
	}
	if n := len(fake.Message(first.ID).Components); n != 0 {
		t.Errorf("the first board kept %d rows of controls", n)
	}
	if err := fake.Check(); err != nil {
		t.Error(err)
	}
}
