package aibgnet

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kombat-game/kombat/netplay"
	"github.com/kombat-game/kombat/stomp"
	"github.com/kombat-game/kombat/store"
)

// goClient is a program in Go for the tests: a socket to /player speaking STOMP, which
// keeps the notices it reads while it waits for an answer.
type goClient struct {
	t       *testing.T
	name    string
	token   string
	ws      *websocket.Conn
	notices []Notice
}

// wire is an answer as it comes over the socket.
type wire struct {
	GamePhase     string          `json:"gamePhase"`
	ServerMessage json.RawMessage `json:"serverMessage"`
}

// register makes the client's account on the server at addr and keeps its token.
func (c *goClient) register(addr string) {
	c.t.Helper()
	resp, err := http.PostForm("http://"+addr+"/public/register", url.Values{"username": {c.name}, "password": {"correct horse"}})
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		c.t.Fatalf("register %s: %d %s %v", c.name, resp.StatusCode, body, err)
	}
	c.token = strings.TrimSpace(string(body))
}

// connect opens the socket with the client's token, through CONNECT and SUBSCRIBE.
func (c *goClient) connect(addr string) {
	c.t.Helper()
	if c.ws != nil {
		c.ws.Close()
	}
	ws, _, err := websocket.DefaultDialer.Dial("ws://"+addr+"/player", http.Header{"Authorization": {"Bearer " + c.token}})
	if err != nil {
		c.t.Fatalf("%s dials: %v", c.name, err)
	}
	c.ws = ws
	c.t.Cleanup(func() { ws.Close() })
	c.write("CONNECT\naccept-version:1.2\nhost:localhost\n\n\x00")
	if f := c.read(); f.Command != stomp.Connected {
		c.t.Fatalf("%s: CONNECT answered with %+v", c.name, f)
	}
	c.write("SUBSCRIBE\nid:sub-0\ndestination:/user/queue/player\n\n\x00")
}

func (c *goClient) write(msg string) {
	c.t.Helper()
	if err := c.ws.WriteMessage(websocket.TextMessage, []byte(msg)); err != nil {
		c.t.Fatal(err)
	}
}

func (c *goClient) read() *stomp.Frame {
	c.t.Helper()
	c.ws.SetReadDeadline(time.Now().Add(20 * time.Second))
	_, data, err := c.ws.ReadMessage()
	if err != nil {
		c.t.Fatalf("%s reads: %v", c.name, err)
	}
	fs, err := stomp.Parse(data, stomp.Limits{Frame: 1 << 20, Headers: 32, HeaderLen: 1024, Body: 1 << 20})
	if err != nil || len(fs) != 1 {
		c.t.Fatalf("%s reads %q: %v", c.name, data, err)
	}
	return fs[0]
}

// message reads the next MESSAGE: a notice (kept) or an answer (returned).
func (c *goClient) message() (wire, bool) {
	c.t.Helper()
	f := c.read()
	var w wire
	if f.Command != stomp.Message || json.Unmarshal(f.Body, &w) != nil {
		c.t.Fatalf("%s reads %s %q", c.name, f.Command, f.Body)
	}
	var n Notice
	if json.Unmarshal(w.ServerMessage, &n) == nil && n.Event != "" {
		c.notices = append(c.notices, n)
		return w, false
	}
	return w, true
}

// do sends a command and returns its answer, failing on a refusal.
func (c *goClient) do(game int64, typ, text string) wire {
	c.t.Helper()
	body, _ := json.Marshal(map[string]any{"gameId": game, "messageType": typ, "messageText": text})
	c.write("SEND\ndestination:/websocket/game\ncontent-type:application/json\n\n" + string(body) + "\x00")
	for {
		if w, ok := c.message(); ok {
			var r netplay.Refusal
			if json.Unmarshal(w.ServerMessage, &r) == nil && r.Error != "" {
				c.t.Fatalf("%s %s %q refused: %s", c.name, typ, text, r.Error)
			}
			return w
		}
	}
}

// notice returns the next notice, read from the socket if none is kept.
func (c *goClient) notice() Notice {
	c.t.Helper()
	for len(c.notices) == 0 {
		c.message()
	}
	n := c.notices[0]
	c.notices = c.notices[1:]
	return n
}

// step answers one notice as a simple program does (its own pool, the first living
// creatures, an attack), and reports whether the match goes on.
func (c *goClient) step(game int64, pool string) (Result, bool) {
	c.t.Helper()
	n := c.notice()
	switch {
	case n.Event == EventGameOver:
		return *n.Result, false
	case n.Event != EventYourMove:
		c.t.Fatalf("%s is told %+v", c.name, n)
	}
	switch phase := c.do(game, GetGamePhase, "").GamePhase; phase {
	case "POOL_SELECTION":
		c.do(game, SelectPlayerCreaturePool, strings.Repeat(pool+" ", 12))
	case "ROUND_SELECTION":
		var pool []struct {
			ID    int  `json:"id"`
			Alive bool `json:"alive"`
		}
		json.Unmarshal(c.do(game, GetPlayerCreaturePool, "").ServerMessage, &pool)
		var ids []string
		for _, cr := range pool {
			if cr.Alive && len(ids) < 4 {
				ids = append(ids, fmt.Sprint(cr.ID))
			}
		}
		c.do(game, SelectPlayerCreaturesInPlay, strings.Join(ids, " "))
	default:
		c.do(game, SelectMove, "attack")
	}
	return Result{}, true
}

// netServer is a process's AIBG service on a store's file, on the real clock.
type netServer struct {
	s      *Service
	db     *store.DB
	cancel context.CancelFunc
	served chan error
}

func serveOn(t *testing.T, path string) *netServer {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	lim := netplay.Limits{Commands: netplay.Rate{Burst: 1 << 20, Every: time.Microsecond}}
	s, err := Open(ctx, db, "127.0.0.1:0", Config{Seed: func() uint64 { return 42 }}, lim, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := &netServer{s: s, db: db, cancel: cancel, served: make(chan error, 1)}
	go func() { n.served <- s.Serve(ctx) }()
	t.Cleanup(n.stop)
	return n
}

// stop ends the process: its sockets closed, its host stopped, its store closed.
func (n *netServer) stop() {
	if n.cancel == nil {
		return
	}
	n.cancel()
	<-n.served
	n.db.Close()
	n.cancel = nil
}

// TestRestartOverSockets: two programs in Go play over the real socket; the server
// stops mid-match and a new one starts on the same SQLite file; the programs reconnect
// with their tokens, and the match goes on where the store says and ends with the
// record of the same match played straight through.
func TestRestartOverSockets(t *testing.T) {
	play := func(stopAfter int) (Record, Result) {
		path := freshFile(t)
		srv := serveOn(t, path)
		a, b := &goClient{t: t, name: "alice"}, &goClient{t: t, name: "bob"}
		for _, c := range []*goClient{a, b} {
			c.register(srv.s.Addr())
			c.connect(srv.s.Addr())
		}
		a.do(5, GetGamePhase, "")
		b.do(5, GetGamePhase, "")
		var res Result
		live := [2]bool{true, true}
		for steps := 0; live[0] || live[1]; steps++ {
			if steps == stopAfter {
				half, _ := srv.s.Runner().Record(5)
				if !live[0] || !live[1] || len(half.Game.Actions) < 8 {
					t.Fatalf("at the stop: live %v, %d actions; the test wants a match in play", live, len(half.Game.Actions))
				}
				srv.stop()
				srv = serveOn(t, path)
				if back, ok := srv.s.Runner().Record(5); !ok || !reflect.DeepEqual(back.Game, half.Game) {
					t.Fatalf("the new process holds %+v (held %v), not the match as it was stopped", back.Game, ok)
				}
				for i, c := range []*goClient{a, b} {
					c.notices = nil // what the old socket held is gone with it
					c.connect(srv.s.Addr())
					if live[i] {
						c.do(5, GetGamePhase, "") // told again that its choice is due
					}
				}
			}
			if steps > 10000 {
				t.Fatal("the match does not end")
			}
			for i, c := range []*goClient{a, b} {
				if live[i] {
					res, live[i] = c.step(5, []string{"Tide", "Ember"}[i])
				}
			}
		}
		rec, ok := srv.s.Runner().Record(5)
		if !ok {
			t.Fatal("the finished match is not held")
		}
		return rec, res
	}
	want, wantRes := play(-1)
	got, gotRes := play(9)
	if gotRes != wantRes {
		t.Errorf("restarted, the match ends %+v; straight through, %+v", gotRes, wantRes)
	}
	got.Bank, want.Bank = [2]time.Duration{}, [2]time.Duration{} // the real clock's
	if !reflect.DeepEqual(got, want) {
		t.Errorf("restarted, the record differs from the one played straight through:\n%+v\n%+v", got, want)
	}
}
