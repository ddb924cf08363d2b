package bot

import (
	"net/http"
	"net/http/httptrace"
	"slices"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/store"
)

// TestShutdownMidAutoGame closes the bot (what SIGTERM does) while an auto game is
// playing: Close returns only when nothing more will be posted, the database is
// sound with the game stored whole (its record replays), and a new bot on the same
// file plays the game on to its end.
func TestShutdownMidAutoGame(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.AutoStep = 40 * time.Millisecond })
	cfg := h.fake.Upload("long.cfg", "text/plain", []byte("max_turns=12\n"))
	h.slash(h.alice, h.channel.ID, "auto", discordtest.Opt("config", cfg))
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.agree(thread.ID, h.alice, h.alice)
	first := h.find(thread.ID, "a board", func(m *discordtest.Message) bool { return boardOf(m) != nil })
	h.playOn(thread.ID, "the next board", func(m *discordtest.Message) bool { return m.ID != first.ID && boardOf(m) != nil })

	h.stop()
	posted := len(h.fake.Messages(thread.ID))
	db, err := store.Open(h.ctx, h.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := db.IntegrityCheck(h.ctx); err != nil || res != "ok" {
		t.Fatalf("integrity after shutdown: %q %v", res, err)
	}
	row, err := db.ActiveAt(h.ctx, thread.ID)
	if err != nil {
		t.Fatalf("the game in play at shutdown: %v", err)
	}
	rec, err := kombathost.Record(row)
	if err != nil {
		t.Fatalf("the stored game does not decode: %v", err)
	}
	g, err := game.Replay(game.NewLanguage(), rec)
	if err != nil {
		t.Fatalf("the stored game does not replay: %v", err)
	}
	if g.Turns() < 1 || g.Result() != nil {
		t.Errorf("stored game: %d turns, result %v; want at least the turn shown and no result", g.Turns(), g.Result())
	}
	// No half turn: each turn's decisions are committed together, ending with its end.
	if last := rec.Decisions[len(rec.Decisions)-1]; last.Action != game.ActEnd {
		t.Errorf("the stored game ends inside a turn, with %+v", last)
	}
	db.Close()
	if n := len(h.fake.Messages(thread.ID)); n != posted {
		t.Errorf("%d messages posted after Close returned", n-posted)
	}

	h.start()
	final := h.playOn(thread.ID, "the end after the restart", contains("Game over"))
	decodeBoard(t, final)
	row, err = h.db.Game(h.ctx, row.ID)
	if err != nil || row.Status != store.StatusOver {
		t.Fatalf("after the restart: %+v %v", row, err)
	}
	if rec2, err := kombathost.Record(row); err != nil || len(rec2.Decisions) <= len(rec.Decisions) ||
		!slices.Equal(rec2.Decisions[:len(rec.Decisions)], rec.Decisions) {
		t.Errorf("the restarted game does not continue the stored one")
	}
	h.check()
}

// TestCloseDropsConnections: Close closes the connections the bot kept alive to
// Discord's REST API, rather than leave them (and a reader and a writer goroutine
// each) until Discord or the idle timeout drops them.
func TestCloseDropsConnections(t *testing.T) {
	h := newHarness(t)
	h.slash(h.alice, h.channel.ID, "rules") // REST calls that leave a connection idle
	b := h.bot
	h.stop()
	reused := false
	trace := &httptrace.ClientTrace{GotConn: func(c httptrace.GotConnInfo) { reused = c.Reused }}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(h.ctx, trace), http.MethodGet, h.fake.APIBase()+"/gateway", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := b.conns.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if reused {
		t.Error("a request after Close went over a connection the bot had kept open")
	}
}

// TestCloseDuringOutage closes the bot while the gateway is down and the bot is trying
// to connect again: Close ends the attempts (discordgo's own loop went on after it,
// every 10 minutes at last, and opened a session again once Discord answered), and
// TestMain fails the run if any goroutine of them is left.
func TestCloseDuringOutage(t *testing.T) {
	h := newHarness(t)
	h.fake.SetGatewayDown(true)
	tk := time.NewTicker(10 * time.Millisecond)
	defer tk.Stop()
	for h.bot.Connected() {
		select {
		case <-h.ctx.Done():
			t.Fatal("the bot did not see the gateway go down")
		case <-tk.C:
		}
	}
	closed := make(chan struct{})
	go func() { defer close(closed); h.stop() }()
	select {
	case <-closed:
	case <-h.ctx.Done():
		t.Fatal("Close did not return during an outage")
	}
	h.fake.SetGatewayDown(false)
}
