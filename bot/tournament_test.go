package bot

import (
	"bytes"
	"encoding/json"
	"image/png"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/host/kombathost"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/store"
)

// enterTourney saves an example strategy for user and enters it in the tournament
// whose message is tm.
func (h *harness) enterTourney(user *discordtest.User, tm *discordtest.Message, strategy string) {
	h.t.Helper()
	file := h.fake.Upload(strategy+".txt", "text/plain", []byte(exampleStrategy(h.t, strategy)))
	h.privateReply(h.strategyCmd(user, "save", discordtest.Opt("name", strategy), discordtest.Opt("file", file)), "save "+strategy)
	pick := h.privateReply(h.click(user, tm, "Enter"), "Enter")
	in := h.choose(user, pick, "Your kinds for this tournament…", strategy)
	if m, err := in.Original(h.ctx, contains("You are in tournament")); err != nil {
		h.t.Fatalf("%s's entry: %v", user.Name, err)
	} else if !strings.Contains(m.Content, strategy) {
		h.t.Errorf("%s's entry: %s", user.Name, m.Content)
	}
}

// tourneyMessage waits for the tournament's message to satisfy pred.
func (h *harness) tourneyMessage(tm *discordtest.Message, what string, pred func(*discordtest.Message) bool) *discordtest.Message {
	h.t.Helper()
	var m *discordtest.Message
	_, err := h.fake.WaitMessage(h.ctx, tm.ChannelID, func(cur *discordtest.Message) bool {
		if cur.ID == tm.ID && pred(cur) {
			m = cur
			return true
		}
		return false
	})
	if err != nil {
		h.t.Fatalf("the tournament message never showed %s: %v; it reads %q", what, err, h.fake.Message(tm.ID).Content)
	}
	return m
}

// TestTournament: only server managers organise; players enter with saved strategies;
// only the organiser starts; every game is played and each pairing posted once; the
// standings come as a decodable image and text.
func TestTournament(t *testing.T) {
	h := newHarness(t)
	_, refused := h.slash(h.bob, h.channel.ID, "tournament")
	if !refused.Ephemeral || !strings.Contains(refused.Content, "Only members who may manage this server") {
		t.Errorf("a member without Manage Server: %q", refused.Content)
	}
	h.alice.Permissions = discordgo.PermissionManageGuild
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=10\n"))
	_, opened := h.slash(h.alice, h.channel.ID, "tournament", discordtest.Opt("seeds", 1), discordtest.Opt("config", cfg))
	if !strings.Contains(opened.Content, "Tournament #1 is open") {
		t.Fatalf("opening: %q", opened.Content)
	}
	tm := h.find(h.channel.ID, "the tournament message", contains("KOMBAT tournament #1"))

	// Entering needs a saved strategy.
	if m := h.privateReply(h.click(h.bob, tm, "Enter"), "Enter without strategies"); !strings.Contains(m.Content, "no saved strategies") {
		t.Errorf("Enter without strategies: %q", m.Content)
	}
	h.enterTourney(h.alice, tm, "shooter")
	h.enterTourney(h.bob, tm, "rusher")
	h.tourneyMessage(tm, "both entrants", contains("Entrants (2 of 12)"))

	if m := h.privateReply(h.click(h.bob, tm, "Start"), "bob's Start"); !strings.Contains(m.Content, "can start this tournament") {
		t.Errorf("an entrant who is not the organiser started it: %q", m.Content)
	}
	h.click(h.alice, tm, "Start")

	over := h.find(h.channel.ID, "the standings", contains("Tournament #1 is over"))
	a := over.File("standings.png")
	if a == nil {
		t.Fatalf("standings without an image: %q", over.Content)
	}
	if _, err := png.Decode(bytes.NewReader(a.Data)); err != nil {
		t.Errorf("standings image: %v", err)
	}
	for _, name := range []string{"alice", "bob"} {
		if !strings.Contains(over.Content, name) {
			t.Errorf("standings without %s: %q", name, over.Content)
		}
	}
	final := h.tourneyMessage(tm, "the end", contains("**Finished.**"))
	if !strings.Contains(final.Content, "Games played: 2 of 2") || final.Button("Start") != nil {
		t.Errorf("finished tournament message: %q with %d component rows", final.Content, len(final.Components))
	}
	if n := countContaining(h.fake.Messages(h.channel.ID), "Tournament #1 · "); n != 1 {
		t.Errorf("%d pairing results posted, want 1", n)
	}
	h.check()
}

// TestTournamentRestart stops the bot during a tournament: the new bot resumes it,
// plays each remaining game once and posts each remaining pairing exactly once. The
// run may outpace the stop, so when the first game was played the test rewinds the
// stored state to "one game played, nothing posted": the state a stop after the first
// game leaves.
func TestTournamentRestart(t *testing.T) {
	h := newHarness(t)
	carol := h.fake.AddUser("carol", false)
	h.alice.Permissions = discordgo.PermissionAdministrator
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte("max_turns=8\n"))
	h.slash(h.alice, h.channel.ID, "tournament", discordtest.Opt("seeds", 1), discordtest.Opt("config", cfg))
	tm := h.find(h.channel.ID, "the tournament message", contains("KOMBAT tournament #1"))
	h.enterTourney(h.alice, tm, "shooter")
	h.enterTourney(h.bob, tm, "rusher")
	h.enterTourney(carol, tm, "spreader")
	h.click(h.alice, tm, "Start")
	h.stop()

	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	row, err := db.GetTournament(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	var st kombathost.Tournament
	if err := json.Unmarshal(row.State, &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Games) != 6 {
		t.Fatalf("stored schedule: %+v", st.Games)
	}
	first := st.Games[0] // games run in order: if it is unplayed, so is every game
	for i := 1; first.Played && i < len(st.Games); i++ {
		st.Games[i] = kombathost.Match{A: st.Games[i].A, B: st.Games[i].B, Seed: st.Games[i].Seed}
	}
	st.Posted, row.Status = 0, store.TournamentRunning
	row.State, _ = json.Marshal(st)
	if err := db.SaveTournament(h.ctx, row); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before := len(h.fake.Messages(h.channel.ID))

	h.start()
	if m := h.tourneyMessage(tm, "the end", contains("**Finished.**")); !strings.Contains(m.Content, "Games played: 6 of 6") {
		t.Errorf("after the restart: %q", m.Content)
	}
	if n := countContaining(h.fake.Messages(h.channel.ID)[before:], "Tournament #1 is over"); n != 1 {
		t.Errorf("%d standings posted after the restart, want 1", n)
	}
	if n := countContaining(h.fake.Messages(h.channel.ID)[before:], "Tournament #1 · "); n != 3 {
		t.Errorf("%d pairing results posted after the restart, want 3 (one per pairing)", n)
	}
	row, err = h.db.GetTournament(h.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	st = kombathost.Tournament{}
	json.Unmarshal(row.State, &st)
	if first.Played && st.Games[0] != first || st.Posted != 3 {
		t.Errorf("the resumed run replayed a played game or missed a post: first %+v (was %+v), posted %d", st.Games[0], first, st.Posted)
	}
	for i, g := range st.Games {
		if !g.Played || g.Turns == 0 {
			t.Errorf("game %d not played: %+v", i, g)
		}
	}
	h.check()
}

// countContaining counts the messages whose content contains text.
func countContaining(msgs []*discordtest.Message, text string) int {
	n := 0
	for _, m := range msgs {
		if strings.Contains(m.Content, text) {
			n++
		}
	}
	return n
}
