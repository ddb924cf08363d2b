package netplay

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kombat-game/kombat/stomp"
	"github.com/kombat-game/kombat/store"
)

// harness is a real server on 127.0.0.1 with an SQLite file, serving an echo game.
type harness struct {
	srv    *Server
	db     *store.DB
	addr   string           // host:port
	closed chan closedEvent // each connection's end, from Config.Closed
	slow   chan struct{}    // a SLOW command has started
	clock  *testClock
	stop   func()       // stops Serve and waits for it; the test's cleanup calls it too
	client *http.Client // the test's own, whose idle connections end with the test
}

// closedEvent is one connection's end.
type closedEvent struct {
	player string
	reason string
}

// testClock is a clock the test moves; it starts at the real time.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// echo answers every command with what it was and who sent it, in phase "ECHO"; the
// messageType "SLOW" says it started (on slow) and waits for its context to end
// first, and "PANIC" panics.
func (h *harness) echo(ctx context.Context, p Player, c Command) Answer {
	if c.MessageType == "PANIC" {
		panic("the echo game breaks")
	}
	if c.MessageType == "SLOW" {
		h.slow <- struct{}{}
		<-ctx.Done()
		return Refuse("ECHO", "cancelled: "+ctx.Err().Error())
	}
	return Answer{GamePhase: "ECHO", ServerMessage: map[string]any{"player": p.Name, "gameId": c.GameID, "messageType": c.MessageType, "messageText": c.MessageText}}
}

// testTypes are the message types the echo server takes.
func testTypes() []string { return []string{"GET_GAME_PHASE", "SELECT_MOVE", "SLOW", "PANIC"} }

// start serves the echo game with lim (zero fields default) until the test ends.
func start(t testing.TB, lim Limits) *harness {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "kombat.db"))
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{db: db, closed: make(chan closedEvent, 64), slow: make(chan struct{}, 16), clock: &testClock{t: time.Now()}}
	db.SetClock(h.clock.now)
	h.srv, err = New(Config{DB: db, Handler: HandlerFunc(h.echo), MessageTypes: testTypes(), Limits: lim, Now: h.clock.now,
		Closed: func(p Player, reason string) { h.closed <- closedEvent{p.Name, reason} }})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h.addr = ln.Addr().String()
	h.client = &http.Client{Transport: &http.Transport{}}
	t.Cleanup(h.client.CloseIdleConnections)
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- h.srv.Serve(ctx, ln) }()
	h.stop = sync.OnceFunc(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve: %v", err)
		}
		db.Close()
	})
	t.Cleanup(h.stop)
	return h
}

// post sends a form (or JSON when json is set) to path and returns the status and body.
func (h *harness) post(t testing.TB, path, contentType, body string) (int, string) {
	t.Helper()
	resp, err := h.client.Post("http://"+h.addr+path, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, strings.TrimSuffix(string(b), "\n")
}

// register makes an account and returns its token.
func (h *harness) register(t testing.TB, name string) string {
	t.Helper()
	status, body := h.post(t, "/public/register", "application/x-www-form-urlencoded", url.Values{"username": {name}, "password": {"correct horse"}}.Encode())
	if status != http.StatusOK {
		t.Fatalf("register %s: %d %s", name, status, body)
	}
	return body
}

// dial opens /player with token, failing the test if the server refuses.
func (h *harness) dial(t testing.TB, token string) *websocket.Conn {
	t.Helper()
	ws, resp, err := h.tryDial(token)
	if err != nil {
		var body []byte
		if resp != nil {
			body, _ = io.ReadAll(resp.Body)
		}
		t.Fatalf("dial: %v %s", err, body)
	}
	t.Cleanup(func() { ws.Close() })
	return ws
}

// tryDial opens /player with token ("" for none).
func (h *harness) tryDial(token string) (*websocket.Conn, *http.Response, error) {
	hdr := http.Header{}
	if token != "" {
		hdr.Set("Authorization", "Bearer "+token)
	}
	return websocket.DefaultDialer.Dial("ws://"+h.addr+"/player", hdr)
}

// session opens a socket for a new account and takes it through CONNECT and SUBSCRIBE.
func (h *harness) session(t testing.TB, name string) *websocket.Conn {
	t.Helper()
	ws := h.dial(t, h.register(t, name))
	write(t, ws, "CONNECT\naccept-version:1.2\nhost:localhost\n\n\x00")
	if f := read(t, ws); f.Command != stomp.Connected {
		t.Fatalf("CONNECT answered with %+v", f)
	}
	write(t, ws, "SUBSCRIBE\nid:sub-0\ndestination:/user/queue/player\n\n\x00")
	return ws
}

// write sends one WebSocket text message.
func write(t testing.TB, ws *websocket.Conn, msg string) {
	t.Helper()
	if err := ws.WriteMessage(websocket.TextMessage, []byte(msg)); err != nil {
		t.Fatal(err)
	}
}

// send sends a SEND to /websocket/game with body.
func send(t testing.TB, ws *websocket.Conn, body string) {
	t.Helper()
	write(t, ws, "SEND\ndestination:/websocket/game\ncontent-type:application/json\n\n"+body+"\x00")
}

// read reads one message holding one frame, within 10 seconds.
func read(t testing.TB, ws *websocket.Conn) *stomp.Frame {
	t.Helper()
	ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, data, err := ws.ReadMessage()
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	fs, err := stomp.Parse(data, stomp.Limits{Frame: 1 << 20, Headers: 32, HeaderLen: 1024, Body: 1 << 20})
	if err != nil || len(fs) != 1 {
		t.Fatalf("read %q: %d frames, %v", data, len(fs), err)
	}
	return fs[0]
}

// answer reads a MESSAGE and returns its body's gamePhase and serverMessage (as JSON).
func answer(t testing.TB, ws *websocket.Conn) (phase, msg string) {
	t.Helper()
	f := read(t, ws)
	if f.Command != stomp.Message {
		t.Fatalf("expected a MESSAGE, got %s %v %q", f.Command, f.Headers, f.Body)
	}
	var a struct {
		GamePhase     string          `json:"gamePhase"`
		ServerMessage json.RawMessage `json:"serverMessage"`
	}
	if err := json.Unmarshal(f.Body, &a); err != nil {
		t.Fatalf("MESSAGE body %q: %v", f.Body, err)
	}
	return a.GamePhase, string(a.ServerMessage)
}

// refusal reads a MESSAGE that must refuse, and returns its error text.
func refusal(t testing.TB, ws *websocket.Conn) string {
	t.Helper()
	_, msg := answer(t, ws)
	var r Refusal
	if err := json.Unmarshal([]byte(msg), &r); err != nil || r.Error == "" {
		t.Fatalf("not a refusal: %s", msg)
	}
	return r.Error
}

// errorFrame reads an ERROR frame, checks that the socket closes after it, and returns
// its message header.
func errorFrame(t testing.TB, ws *websocket.Conn) string {
	t.Helper()
	f := read(t, ws)
	if f.Command != stomp.Error {
		t.Fatalf("expected an ERROR, got %s %v %q", f.Command, f.Headers, f.Body)
	}
	msg, _ := f.Get("message")
	if string(f.Body) != msg+"\n" {
		t.Errorf("ERROR body %q, message header %q", f.Body, msg)
	}
	ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, _, err := ws.ReadMessage(); !websocket.IsCloseError(err, websocket.CloseNormalClosure) {
		t.Errorf("after the ERROR frame: %v, want the socket closed normally", err)
	}
	return msg
}

// waitClosed returns the next connection's end the server reports.
func (h *harness) waitClosed(t testing.TB) closedEvent {
	t.Helper()
	select {
	case e := <-h.closed:
		return e
	case <-time.After(10 * time.Second):
		t.Fatal("no connection closed within 10 s")
		return closedEvent{}
	}
}
