package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kombat-game/kombat/aibgnet"
	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/netplay"
)

// netNotices keeps what an aibgnet runner pushes each program, and signals each push
// (the runner pushes with a match locked: it must not block).
type netNotices struct {
	mu   sync.Mutex
	got  map[int64][]aibgnet.Notice
	more chan struct{}
}

func (n *netNotices) Push(account int64, a netplay.Answer) int {
	n.mu.Lock()
	n.got[account] = append(n.got[account], a.ServerMessage.(aibgnet.Notice))
	n.mu.Unlock()
	select {
	case n.more <- struct{}{}:
	default:
	}
	return 1
}

// next waits for program account's next notice.
func (n *netNotices) next(h *harness, account int64) aibgnet.Notice {
	h.t.Helper()
	for {
		n.mu.Lock()
		if q := n.got[account]; len(q) > 0 {
			n.got[account] = q[1:]
			n.mu.Unlock()
			return q[0]
		}
		n.mu.Unlock()
		select {
		case <-n.more:
		case <-h.ctx.Done():
			h.t.Fatalf("program %d waits for a notice: %v", account, h.ctx.Err())
		}
	}
}

// netProgram is a program over the network for the test, in Go: it sends its commands
// to the runner as netplay would, and plays as a simple program does (its own pool,
// the first living creatures, an attack).
type netProgram struct {
	p    netplay.Player
	pool string
}

// do sends a command and returns its answer, failing on a refusal.
func (c netProgram) do(h *harness, r *aibgnet.Runner, game int64, typ, text string) netplay.Answer {
	h.t.Helper()
	a := r.Handle(h.ctx, c.p, netplay.Command{GameID: game, MessageType: typ, MessageText: text})
	if no, ok := a.ServerMessage.(netplay.Refusal); ok {
		h.t.Fatalf("%s %s %q refused: %s", c.p.Name, typ, text, no.Error)
	}
	return a
}

// step answers the program's next notice, and reports whether the match goes on.
func (c netProgram) step(h *harness, r *aibgnet.Runner, n *netNotices, game int64) bool {
	h.t.Helper()
	switch note := n.next(h, c.p.ID); note.Event {
	case aibgnet.EventGameOver:
		return false
	case aibgnet.EventYourMove:
	default:
		h.t.Fatalf("%s is told %+v", c.p.Name, note)
	}
	switch phase := c.do(h, r, game, aibgnet.GetGamePhase, "").GamePhase; phase {
	case "POOL_SELECTION":
		c.do(h, r, game, aibgnet.SelectPlayerCreaturePool, strings.Repeat(c.pool+" ", 12))
	case "ROUND_SELECTION":
		raw, _ := json.Marshal(c.do(h, r, game, aibgnet.GetPlayerCreaturePool, "").ServerMessage)
		var pool []struct {
			ID    int  `json:"id"`
			Alive bool `json:"alive"`
		}
		if err := json.Unmarshal(raw, &pool); err != nil {
			h.t.Fatalf("%s's pool %s: %v", c.p.Name, raw, err)
		}
		var ids []string
		for _, cr := range pool {
			if cr.Alive && len(ids) < 4 {
				ids = append(ids, fmt.Sprint(cr.ID))
			}
		}
		c.do(h, r, game, aibgnet.SelectPlayerCreaturesInPlay, strings.Join(ids, " "))
	default:
		c.do(h, r, game, aibgnet.SelectMove, "attack")
	}
	return true
}

// netMatch is a network match of the tests: its gameId, its programs, which of them
// have yet to be told it is over.
type netMatch struct {
	game  int64
	progs [2]netProgram
	live  [2]bool
	// opened: the match is opened and left at its first choices, not played out
	opened bool
}

// playNet opens the matches (each program asks for its game's phase), then plays them
// at once, a notice of each program in turn, until each program is told its match is
// over.
func playNet(h *harness, r *aibgnet.Runner, notes *netNotices, ms []*netMatch) {
	h.t.Helper()
	for _, m := range ms {
		m.live = [2]bool{!m.opened, !m.opened}
		for _, c := range m.progs {
			c.do(h, r, m.game, aibgnet.GetGamePhase, "")
		}
	}
	runNet(h, r, notes, ms, -1)
}

// runNet plays the matches on, a notice of each live program in turn, for rounds of
// turns (-1: until each program is told its match is over).
func runNet(h *harness, r *aibgnet.Runner, notes *netNotices, ms []*netMatch, rounds int) {
	h.t.Helper()
	for steps, live := 0, true; live && steps != rounds; steps++ {
		if steps > 10000 {
			h.t.Fatal("the matches do not end")
		}
		live = false
		for _, m := range ms {
			for i, c := range m.progs {
				if m.live[i] {
					m.live[i] = c.step(h, r, notes, m.game)
					live = live || m.live[i]
				}
			}
		}
	}
}

// TestAibgNetworkMatchShown_A17: programs over the network play two matches at once
// on the bot's own host, which shows each live in a thread of its own under the
// configured channel (as kombat serve does with KOMBAT_AIBG_CHANNEL): each thread is
// named by its programs, each screen names them as they registered, mentions nobody
// and has no button (programs play over their socket, not Discord), there is a screen
// a turn, and the final screen and the after-game text appear with the match's result.
func TestAibgNetworkMatchShown_A17(t *testing.T) {
	h := newHarness(t)
	shows := h.fake.AddChannel(h.guild, "aibg-matches")
	notes := &netNotices{got: map[int64][]aibgnet.Notice{}, more: make(chan struct{}, 1)}
	r, err := aibgnet.New(aibgnet.Config{Host: h.bot.Host(), Seed: func() uint64 { return 42 },
		Show: func(id int64, names [2]string) (string, error) {
			return h.bot.Thread(shows.ID, fmt.Sprintf("AIBG #%d: %s vs %s", id, names[0], names[1]))
		}})
	if err != nil {
		t.Fatal(err)
	}
	r.Attach(notes)
	ms := []*netMatch{
		{game: 5, progs: [2]netProgram{{netplay.Player{ID: 1, Name: "alice-prog"}, "Tide"}, {netplay.Player{ID: 2, Name: "bob-prog"}, "Ember"}}},
		{game: 6, progs: [2]netProgram{{netplay.Player{ID: 3, Name: "carol-prog"}, "Ember"}, {netplay.Player{ID: 4, Name: "dan-prog"}, "Tide"}}},
	}
	// Under the race detector the second match is only opened: it is shown at once
	// with the first all the same, and every turn's screen of the first is checked.
	ms[1].opened = raceEnabled
	playNet(h, r, notes, ms)
	threads := h.fake.Threads(shows.ID)
	if len(threads) != len(ms) {
		t.Fatalf("%d threads under the channel for %d matches", len(threads), len(ms))
	}
	for i, m := range ms {
		th := threads[i]
		if want := fmt.Sprintf("AIBG #%d: %s vs %s", m.game, m.progs[0].p.Name, m.progs[1].p.Name); th.Name != want {
			t.Errorf("match %d's thread is named %q, want %q", m.game, th.Name, want)
		}
		if m.opened {
			first := h.find(th.ID, "the first screen", func(msg *discordtest.Message) bool { return msg.Nonce != "" })
			if vs := m.progs[0].p.Name + " vs " + m.progs[1].p.Name; !strings.Contains(first.Content, vs) || len(first.Buttons()) != 0 {
				t.Errorf("match %d's first screen: %+v", m.game, first)
			}
			continue
		}
		row, err := h.db.LastGameIn(h.ctx, "aibg", th.ID)
		if err != nil || row.Result == nil {
			t.Fatalf("match %d's row in its thread: %+v, %v", m.game, row, err)
		}
		after := h.waitFor(th.ID, "the after-game text", contains("**Game over.**"))
		final := h.find(th.ID, "the final screen", func(m *discordtest.Message) bool {
			return m.Nonce != "" && strings.Contains(m.Content, "**Game over.**")
		})
		if after.Nonce != "" || final.ID == after.ID {
			t.Errorf("match %d: the after-game text %+v, the final screen %+v", m.game, after, final)
		}
		screens := 0
		for _, msg := range h.fake.Messages(th.ID) {
			if msg.Nonce != "" {
				screens++
				if vs := m.progs[0].p.Name + " vs " + m.progs[1].p.Name; !strings.Contains(msg.Content, vs) {
					t.Errorf("match %d: a screen's header does not say %q: %q", m.game, vs, msg.Content)
				}
			}
			if strings.Contains(msg.Content, "<@") || strings.Contains(msg.Content, "Bot (") || strings.Contains(msg.Content, "program:") || len(msg.Buttons()) != 0 {
				t.Errorf("match %d: a message mentions someone, names a bot or has a button: %+v", m.game, msg)
			}
		}
		if st := h.abslash(h.alice, th.ID, "status"); !strings.Contains(st.Content, fmt.Sprintf("game #%d", row.ID)) || !strings.Contains(st.Content, "**Game over.**") {
			t.Errorf("/aibg status in match %d's thread: %q", m.game, st.Content)
		}
		if screens < row.Turns {
			t.Errorf("match %d: %d screens for %d turns: it was not shown turn by turn", m.game, screens, row.Turns)
		}
	}
	h.check()
}

// TestAibgNetworkMatchUnshown: with no channel to show them (no Config.Show), or a
// channel where the bot may not open a thread, the network's matches on the bot's
// host are played out and stored all the same, their screens taken without a post:
// nothing appears anywhere in Discord.
func TestAibgNetworkMatchUnshown(t *testing.T) {
	for _, noThreads := range []bool{false, true} {
		t.Run(fmt.Sprintf("noThreads=%v", noThreads), func(t *testing.T) {
			h := newHarness(t)
			cfg := aibgnet.Config{Host: h.bot.Host(), Seed: func() uint64 { return 42 }}
			if noThreads {
				h.fake.SetNoThreads(h.channel.ID)
				cfg.Show = func(id int64, _ [2]string) (string, error) { return h.bot.Thread(h.channel.ID, "AIBG") }
			}
			notes := &netNotices{got: map[int64][]aibgnet.Notice{}, more: make(chan struct{}, 1)}
			r, err := aibgnet.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r.Attach(notes)
			playNet(h, r, notes, []*netMatch{{game: 5, progs: [2]netProgram{{netplay.Player{ID: 1, Name: "alice-prog"}, "Tide"}, {netplay.Player{ID: 2, Name: "bob-prog"}, "Ember"}}}})
			row, err := h.db.LastGameIn(h.ctx, "aibg", aibgnet.Place(5))
			if err != nil || row.Result == nil || row.Turns == 0 {
				t.Fatalf("the match's row: %+v, %v", row, err)
			}
			if n := len(h.fake.Messages(h.channel.ID)) + len(h.fake.Threads(h.channel.ID)); n != 0 {
				t.Errorf("a match shown nowhere put %d messages or threads in Discord", n)
			}
			for _, route := range []string{"POST /channels/{id}/messages", "PATCH /channels/{id}/messages/{id}"} {
				if n := h.fake.Requests(route); n != 0 {
					t.Errorf("a match shown nowhere made %d requests %s", n, route)
				}
			}
			if n := h.fake.Requests("POST /channels/{id}/threads"); noThreads && n != 1 {
				t.Errorf("%d threads asked for where the bot may open none, want the match's one", n)
			}
			h.check()
		})
	}
}

// TestAibgNetworkMatchShownAcrossRestart: the bot restarts in the middle of a shown
// network match (the same database, a new bot and a new runner on its host, as kombat
// serve restarted); the programs ask again and are told their moves, and the match
// goes on in its thread, where its final screen appears; no second thread is opened.
func TestAibgNetworkMatchShownAcrossRestart(t *testing.T) {
	h := newHarness(t)
	shows := h.fake.AddChannel(h.guild, "aibg-matches")
	runner := func() (*aibgnet.Runner, *netNotices) {
		notes := &netNotices{got: map[int64][]aibgnet.Notice{}, more: make(chan struct{}, 1)}
		b := h.bot
		r, err := aibgnet.New(aibgnet.Config{Host: b.Host(), Seed: func() uint64 { return 42 },
			Show: func(id int64, names [2]string) (string, error) {
				return b.Thread(shows.ID, fmt.Sprintf("AIBG #%d", id))
			}})
		if err != nil {
			t.Fatal(err)
		}
		r.Attach(notes)
		return r, notes
	}
	r, notes := runner()
	ms := []*netMatch{{game: 5, progs: [2]netProgram{{netplay.Player{ID: 1, Name: "alice-prog"}, "Tide"}, {netplay.Player{ID: 2, Name: "bob-prog"}, "Ember"}}}}
	for _, c := range ms[0].progs {
		c.do(h, r, 5, aibgnet.GetGamePhase, "")
	}
	ms[0].live = [2]bool{true, true}
	runNet(h, r, notes, ms, 4) // the pools, the lineups, two moves
	th, err := h.fake.WaitThread(h.ctx, shows.ID)
	if err != nil {
		t.Fatal(err)
	}
	before := len(h.fake.Messages(th.ID))
	h.stop()
	h.start()
	r, notes = runner()
	for i, c := range ms[0].progs {
		if ms[0].live[i] {
			c.do(h, r, 5, aibgnet.GetGamePhase, "") // told again that its choice is due
		}
	}
	runNet(h, r, notes, ms, -1)
	h.find(th.ID, "the final screen", func(m *discordtest.Message) bool {
		return m.Nonce != "" && strings.Contains(m.Content, "**Game over.**")
	})
	if n := len(h.fake.Messages(th.ID)); n <= before+1 {
		t.Errorf("the thread had %d messages before the restart and %d after: the match was not shown on", before, n)
	}
	if n := len(h.fake.Threads(shows.ID)); n != 1 {
		t.Errorf("%d threads under the channel, want the match's one", n)
	}
	h.check()
}
