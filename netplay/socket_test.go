package netplay

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kombat-game/kombat/stomp"
)

// TestSession: a whole session as the spec describes it, with each frame's headers.
func TestSession(t *testing.T) {
	h := start(t, Limits{})
	token := h.register(t, "alice")
	ws := h.dial(t, token)
	if ws.Subprotocol() != "" {
		t.Errorf("subprotocol %q chosen though none was asked", ws.Subprotocol())
	}
	write(t, ws, "CONNECT\naccept-version:1.0,1.1,1.2\nhost:localhost\nheart-beat:10000,10000\n\n\x00")
	f := read(t, ws)
	want := &stomp.Frame{Command: stomp.Connected, Headers: headers("version", "1.2", "heart-beat", "0,0", "server", "kombat", "user-name", "alice")}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("CONNECTED: %+v", f)
	}
	write(t, ws, "SUBSCRIBE\nid:sub-0\ndestination:/user/queue/player\nreceipt:r1\n\n\x00")
	if f := read(t, ws); f.Command != stomp.Receipt || f.Headers[0] != headers("receipt-id", "r1")[0] {
		t.Errorf("RECEIPT: %+v", f)
	}
	send(t, ws, `{"gameId": 7, "messageType": "SELECT_MOVE", "messageText": "attack 1"}`)
	f = read(t, ws)
	body := `{"gamePhase":"ECHO","serverMessage":{"gameId":7,"messageText":"attack 1","messageType":"SELECT_MOVE","player":"alice"}}`
	want = &stomp.Frame{Command: stomp.Message, Headers: headers(
		"destination", "/user/queue/player", "content-type", "application/json", "subscription", "sub-0",
		"message-id", "1", "content-length", fmt.Sprint(len(body))), Body: []byte(body)}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("MESSAGE:\n got %+v %s\nwant %+v %s", f, f.Body, want, want.Body)
	}
	// The game pushes: the player's move is due.
	if n := h.srv.Push(1, Answer{GamePhase: "ROUND", ServerMessage: "your move"}); n != 1 {
		t.Errorf("Push reached %d connections", n)
	}
	if phase, msg := answer(t, ws); phase != "ROUND" || msg != `"your move"` {
		t.Errorf("pushed: %s %s", phase, msg)
	}
	if n := h.srv.Push(2, Answer{}); n != 0 {
		t.Errorf("Push to an account with no connection reached %d", n)
	}
	write(t, ws, "DISCONNECT\nreceipt:bye\n\n\x00")
	if f := read(t, ws); f.Command != stomp.Receipt || f.Headers[0] != headers("receipt-id", "bye")[0] {
		t.Errorf("RECEIPT for DISCONNECT: %+v", f)
	}
	if e := h.waitClosed(t); e != (closedEvent{"alice", "the client disconnected"}) {
		t.Errorf("closed: %+v", e)
	}
	if n := h.srv.Connections(1); n != 0 {
		t.Errorf("%d connections left", n)
	}
}

// headers makes headers of name, value pairs.
func headers(kv ...string) []stomp.Header {
	var hs []stomp.Header
	for i := 0; i+1 < len(kv); i += 2 {
		hs = append(hs, stomp.Header{Name: kv[i], Value: kv[i+1]})
	}
	return hs
}

// TestSession_Subprotocol: a client that asks for STOMP's WebSocket subprotocols, as
// stomp.js and Spring's client do, gets v12.stomp.
func TestSession_Subprotocol(t *testing.T) {
	h := start(t, Limits{})
	d := websocket.Dialer{Subprotocols: []string{"v10.stomp", "v11.stomp", "v12.stomp"}}
	ws, _, err := d.Dial("ws://"+h.addr+"/player", http.Header{"Authorization": {"Bearer " + h.register(t, "alice")}})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if ws.Subprotocol() != "v12.stomp" {
		t.Errorf("subprotocol %q", ws.Subprotocol())
	}
}

// TestUpgrade_Refusals: the upgrade needs a valid token, and an account holds at most
// PerAccount sockets.
func TestUpgrade_Refusals(t *testing.T) {
	h := start(t, Limits{PerAccount: 2})
	token := h.register(t, "alice")
	for _, c := range []struct {
		auth, want string
	}{
		{"", "missing bearer token: send the header Authorization: Bearer TOKEN with the token from POST /public/login"},
		{"Basic YWxpY2U6eA==", "missing bearer token: send the header Authorization: Bearer TOKEN with the token from POST /public/login"},
		{"Bearer " + strings.Repeat("x", 43), "invalid or expired token: get a new one from POST /public/login"},
		{"Bearer " + token[:42], "invalid or expired token: get a new one from POST /public/login"},
	} {
		status, body := h.upgrade(t, c.auth)
		if status != http.StatusUnauthorized || body != c.want {
			t.Errorf("Authorization %q: %d %s", c.auth, status, body)
		}
	}
	h.dial(t, token)
	h.dial(t, token)
	if status, body := h.upgrade(t, "Bearer "+token); status != http.StatusTooManyRequests || body != "account alice already has 2 connections open, the most it may; close one first" {
		t.Errorf("a third socket: %d %s", status, body)
	}
}

// upgrade sends an upgrade request with an Authorization header (none when auth is "")
// and returns the refusal.
func (h *harness) upgrade(t *testing.T, auth string) (int, string) {
	t.Helper()
	hdr := http.Header{}
	if auth != "" {
		hdr.Set("Authorization", auth)
	}
	ws, resp, err := websocket.DefaultDialer.Dial("ws://"+h.addr+"/player", hdr)
	if err == nil {
		ws.Close()
		t.Fatalf("Authorization %q: upgraded", auth)
	}
	if resp == nil {
		t.Fatalf("no answer: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSuffix(string(b), "\n")
}

// TestCommandRefusals: commands the server cannot pass to the game are answered with
// what is wrong, and the connection stays.
func TestCommandRefusals(t *testing.T) {
	h := start(t, Limits{})
	ws := h.session(t, "alice")
	const shape = `{"gameId": 1, "messageType": "GET_GAME_PHASE", "messageText": ""}`
	for _, c := range []struct{ body, want string }{
		{`{"gameId": 1, "messageType": "DANCE"}`, `unknown messageType "DANCE": it is one of GET_GAME_PHASE, SELECT_MOVE, SLOW, PANIC`},
		{`{"gameId": 1, "messageType": "GET_GAME_PHASE"`, "malformed JSON body (unexpected EOF): send " + shape},
		{`not json`, "malformed JSON body (invalid character 'o' in literal null (expecting 'u')): send " + shape},
		{`{"gameId": 1, "messageType": "GET_GAME_PHASE"} {}`, "malformed JSON body: more than one value; send " + shape},
		{`{"messageType": "GET_GAME_PHASE"}`, "gameId is missing: send " + shape},
		{`{"gameId": "seven", "messageType": "GET_GAME_PHASE"}`, `gameId "seven" is not a whole number`},
		{`{"gameId": 1.5, "messageType": "GET_GAME_PHASE"}`, `gameId 1.5 is not a whole number`},
		{`{"gameId": 1}`, "messageType is missing: send " + shape},
	} {
		send(t, ws, c.body)
		if got := refusal(t, ws); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.body, got, c.want)
		}
	}
	write(t, ws, "SEND\ndestination:/app/game\n\n{}\x00")
	if got := refusal(t, ws); got != `unknown destination "/app/game": send commands to /websocket/game` {
		t.Errorf("a wrong destination: %s", got)
	}
	// After all that, the connection still plays; messageText may be left out.
	send(t, ws, `{"gameId": 3, "messageType": "GET_GAME_PHASE"}`)
	if phase, msg := answer(t, ws); phase != "ECHO" || msg != `{"gameId":3,"messageText":"","messageType":"GET_GAME_PHASE","player":"alice"}` {
		t.Errorf("then: %s %s", phase, msg)
	}
}

// TestProtocolErrors: what breaks STOMP is answered with an ERROR frame, and the
// socket closes after it.
func TestProtocolErrors(t *testing.T) {
	h := start(t, Limits{Public: Rate{Burst: 100, Every: time.Hour}})
	connect := "CONNECT\naccept-version:1.2\n\n\x00"
	subscribe := "SUBSCRIBE\nid:0\ndestination:/user/queue/player\n\n\x00"
	big := "SEND\ndestination:/websocket/game\n\n" + strings.Repeat("x", 16<<10) + "\x00"
	for i, c := range []struct {
		msgs []string
		want string
	}{
		{[]string{"SEND\ndestination:/websocket/game\n\n{}\x00"}, "the first frame must be CONNECT (or STOMP), not SEND"},
		{[]string{"CONNECT\naccept-version:1.0\n\n\x00"}, `unsupported STOMP version "1.0": this server speaks 1.2 (and 1.1); send accept-version:1.2`},
		{[]string{connect, "SEND\ndestination:/websocket/game\n\n{}\x00"}, "SEND before SUBSCRIBE: subscribe to /user/queue/player first, where the answers come"},
		{[]string{connect, "SUBSCRIBE\nid:0\ndestination:/topic/all\n\n\x00"}, `no destination "/topic/all" to subscribe to: answers come on /user/queue/player`},
		{[]string{connect, "SUBSCRIBE\ndestination:/user/queue/player\n\n\x00"}, "SUBSCRIBE needs an id header"},
		{[]string{connect, connect}, "already connected: CONNECT comes once"},
		{[]string{connect, "BEGIN\ntransaction:t\n\n\x00"}, "transactions (BEGIN, COMMIT, ABORT) are not supported"},
		{[]string{connect, "MESSAGE\n\n\x00"}, "a client may not send MESSAGE frames"},
		{[]string{"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03garbage\n"}, `stomp: malformed frame: unknown command "\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03garba..."`},
		{[]string{connect, subscribe, "SEND\ndestination:/websocket/game\n\n{}"}, "stomp: malformed frame: incomplete frame: no NUL ends it"},
		{[]string{connect, subscribe, big}, "stomp: frame too large: the body is over 8192 bytes"},
		{[]string{connect, subscribe, "SEND\ncontent-length:9000\n\n" + strings.Repeat("x", 9000) + "\x00"}, "stomp: frame too large: the body is 9000 bytes, over 8192"},
		{[]string{connect, subscribe, "SEND\n" + strings.Repeat("h:1\n", 33) + "\n\x00"}, "stomp: frame too large: more than 32 headers"},
	} {
		ws := h.dial(t, h.register(t, fmt.Sprint("p", i)))
		for _, m := range c.msgs {
			write(t, ws, m)
		}
		f := read(t, ws)
		for f.Command != stomp.Error { // the CONNECTED before the error
			f = read(t, ws)
		}
		msg, _ := f.Get("message")
		if msg != c.want {
			t.Errorf("%.60q:\n got %s\nwant %s", c.msgs, msg, c.want)
		}
		if e := h.waitClosed(t); e.reason != c.want {
			t.Errorf("closed for %q", e.reason)
		}
	}
}

// TestOversizedMessage: a WebSocket message over Limits.Message is refused by the
// WebSocket layer itself (close code 1009), before any of it is kept.
func TestOversizedMessage(t *testing.T) {
	h := start(t, Limits{})
	ws := h.session(t, "alice")
	write(t, ws, strings.Repeat("x", 32<<10+1))
	ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, _, err := ws.ReadMessage()
	if !websocket.IsCloseError(err, websocket.CloseMessageTooBig) {
		t.Errorf("after a message of 32 KiB + 1: %v", err)
	}
	if e := h.waitClosed(t); e.reason != "a WebSocket message over 32768 bytes" {
		t.Errorf("closed for %q", e.reason)
	}
}

// TestFlood: a connection sends Burst commands at once, the next ones are refused with
// an answer, and one more past Abuse's burst is disconnected.
func TestFlood(t *testing.T) {
	h := start(t, Limits{Commands: Rate{Burst: 4, Every: time.Hour}, Abuse: Rate{Burst: 2, Every: time.Hour}})
	ws := h.session(t, "alice") // CONNECT and SUBSCRIBE spent 2 of the 4
	other := h.session(t, "bob")
	for range 2 {
		send(t, ws, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
		if phase, _ := answer(t, ws); phase != "ECHO" {
			t.Fatalf("within the burst: %s", phase)
		}
	}
	for range 2 {
		send(t, ws, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
		if got := refusal(t, ws); got != "rate limit: at most 4 frames at once, then one every 1h0m0s; this one was not processed" {
			t.Errorf("over the rate: %s", got)
		}
	}
	send(t, ws, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
	if got := errorFrame(t, ws); got != "too many frames: still sending after 2 refused; disconnected" {
		t.Errorf("past the refusals: %s", got)
	}
	// The other player was never slowed.
	send(t, other, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
	if phase, _ := answer(t, other); phase != "ECHO" {
		t.Errorf("another player: %s", phase)
	}
}

// TestSlowReader: a client that reads nothing fills its outgoing queue and is
// disconnected, while another client is answered all along.
func TestSlowReader(t *testing.T) {
	h := start(t, Limits{OutQueue: 4})
	slow := h.session(t, "slow")
	fast := h.session(t, "fast")
	big := Answer{GamePhase: "ROUND", ServerMessage: strings.Repeat("x", 256<<10)}
	pushes := 0
	for h.srv.Push(1, big) == 1 {
		pushes++
		if pushes == 10000 { // 2.5 GB: no socket buffers that much
			t.Fatal("the slow reader was never disconnected")
		}
	}
	if e := h.waitClosed(t); e != (closedEvent{"slow", "slow reader: 4 frames waiting to be written"}) {
		t.Errorf("closed: %+v", e)
	}
	t.Logf("the slow reader was dropped after %d pushes of 256 KiB", pushes)
	send(t, fast, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
	if phase, _ := answer(t, fast); phase != "ECHO" {
		t.Errorf("the other client: %s", phase)
	}
	_ = slow
}

// TestSilentPeer: a client that never answers pings (a raw TCP client that upgrades
// and then reads nothing) is dropped once Pong has passed.
func TestSilentPeer(t *testing.T) {
	h := start(t, Limits{Pong: 300 * time.Millisecond, Ping: 100 * time.Millisecond})
	token := h.register(t, "alice")
	c, err := net.Dial("tcp", h.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /player HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer %s\r\n\r\n", h.addr, token)
	status, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || status != "HTTP/1.1 101 Switching Protocols\r\n" {
		t.Fatalf("upgrade: %q %v", status, err)
	}
	e := h.waitClosed(t)
	if !strings.HasPrefix(e.reason, "read: ") || !strings.HasSuffix(e.reason, "i/o timeout") {
		t.Errorf("closed for %q", e.reason)
	}
}

// TestHandlerTimeout: a command's context ends after Limits.Handle, so a game that
// waits on it answers then.
func TestHandlerTimeout(t *testing.T) {
	h := start(t, Limits{Handle: 50 * time.Millisecond})
	ws := h.session(t, "alice")
	send(t, ws, `{"gameId": 1, "messageType": "SLOW"}`)
	if got := refusal(t, ws); got != "cancelled: context deadline exceeded" {
		t.Errorf("a slow handler: %s", got)
	}
}

// TestHandlerPanics: a game that panics on a command answers an internal error, and
// the connection plays on.
func TestHandlerPanics(t *testing.T) {
	h := start(t, Limits{})
	ws := h.session(t, "alice")
	send(t, ws, `{"gameId": 1, "messageType": "PANIC"}`)
	if got := refusal(t, ws); got != "internal error; the command was not processed" {
		t.Errorf("a panic: %s", got)
	}
	send(t, ws, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
	if phase, _ := answer(t, ws); phase != "ECHO" {
		t.Errorf("then: %s", phase)
	}
}

// TestShutdown: stopping the server closes every socket with 1001 and returns.
func TestShutdown(t *testing.T) {
	h := start(t, Limits{})
	ws := h.session(t, "alice")
	done := make(chan struct{})
	go func() {
		defer close(done)
		ws.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, _, err := ws.ReadMessage()
		if !websocket.IsCloseError(err, websocket.CloseGoingAway) {
			t.Errorf("at shutdown: %v", err)
		}
	}()
	h.stop() // returns once every socket is closed and its goroutines have ended
	<-done
	if e := h.waitClosed(t); e.reason != "server shutting down" {
		t.Errorf("closed for %q", e.reason)
	}
	if _, _, err := h.tryDial("x"); err == nil {
		t.Error("the server still upgrades after its shutdown")
	}
}

// TestFlood_PackedFrames: frames packed into one WebSocket message cost a token each,
// so packing buys nothing.
func TestFlood_PackedFrames(t *testing.T) {
	h := start(t, Limits{Commands: Rate{Burst: 4, Every: time.Hour}, Abuse: Rate{Burst: 1, Every: time.Hour}})
	ws := h.session(t, "alice") // 2 of the 4 spent
	one := "SEND\ndestination:/websocket/game\n\n{\"gameId\": 1, \"messageType\": \"GET_GAME_PHASE\"}\x00"
	write(t, ws, strings.Repeat(one, 5))
	for range 2 {
		if phase, _ := answer(t, ws); phase != "ECHO" {
			t.Fatalf("within the burst: %s", phase)
		}
	}
	if got := refusal(t, ws); !strings.HasPrefix(got, "rate limit: ") {
		t.Errorf("the third frame: %s", got)
	}
	if got := errorFrame(t, ws); got != "too many frames: still sending after 1 refused; disconnected" {
		t.Errorf("the fourth frame: %s", got)
	}
}

// TestUpgrade_Bounds: upgrades are limited per address, and connections in all.
func TestUpgrade_Bounds(t *testing.T) {
	h := start(t, Limits{Upgrades: Rate{Burst: 3, Every: time.Hour}, Conns: 1})
	token := h.register(t, "alice")
	h.dial(t, token)
	if status, body := h.upgrade(t, "Bearer "+token); status != http.StatusServiceUnavailable || body != "the server holds its maximum of 1 connections; try again later" {
		t.Errorf("a second connection: %d %s", status, body)
	}
	if status, body := h.upgrade(t, ""); status != http.StatusUnauthorized {
		t.Errorf("the third attempt: %d %s", status, body)
	}
	if status, body := h.upgrade(t, "Bearer "+token); status != http.StatusTooManyRequests || body != "too many connection attempts from your address: at most 3 at once, then one every 1h0m0s" {
		t.Errorf("the fourth attempt: %d %s", status, body)
	}
}

// TestShutdown_EndsCommands: a command under way has its context cancelled when the
// server stops, so no game holds the shutdown (Limits.Handle is a minute here).
func TestShutdown_EndsCommands(t *testing.T) {
	h := start(t, Limits{Handle: time.Minute})
	ws := h.session(t, "alice")
	send(t, ws, `{"gameId": 1, "messageType": "SLOW"}`)
	<-h.slow
	begun := time.Now()
	h.stop()
	if d := time.Since(begun); d > 30*time.Second {
		t.Errorf("the shutdown took %v", d)
	}
	if e := h.waitClosed(t); e.reason != "server shutting down" {
		t.Errorf("closed for %q", e.reason)
	}
}

// TestTCPLimit: past Limits.TCP open connections, a newcomer waits, unserved, until
// one closes; then it is served.
func TestTCPLimit(t *testing.T) {
	h := start(t, Limits{TCP: 1})
	idle, err := net.Dial("tcp", h.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	c, err := net.Dial("tcp", h.addr) // the kernel's backlog takes it
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /public/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 30\r\nConnection: close\r\n\r\nusername=x&password=1234567890")
	r := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if line, err := r.ReadString('\n'); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("served while the one slot was taken: %q %v", line, err)
	}
	idle.Close()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if line, err := r.ReadString('\n'); line != "HTTP/1.1 401 Unauthorized\r\n" {
		t.Errorf("once the slot was free: %q %v", line, err)
	}
}

// TestTCPPerAddress: past perAddr connections from one address, the next is closed at
// once, and one is accepted again when another closes.
func TestTCPPerAddress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := newLimitListener(ln, 10, 2)
	defer l.Close()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	var accepted []net.Conn
	for range 2 {
		dial()
		c, err := l.Accept()
		if err != nil {
			t.Fatal(err)
		}
		accepted = append(accepted, c)
	}
	next := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			t.Error(err)
		}
		next <- c
	}()
	third := dial()
	third.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := third.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("a third connection from the address: read %d, %v; want it closed", n, err)
	}
	accepted[0].Close()
	fourth := dial()
	c := <-next
	if c == nil {
		t.Fatal("no fourth connection accepted")
	}
	if c.RemoteAddr().String() != fourth.LocalAddr().String() {
		t.Errorf("accepted %v, want the fourth connection %v", c.RemoteAddr(), fourth.LocalAddr())
	}
	c.Close()
	accepted[1].Close()
	if len(l.byAddr) != 0 || len(l.slots) != 0 {
		t.Errorf("after closing all: %v by address, %d slots taken", l.byAddr, len(l.slots))
	}
}

// TestFlood_BeforeSubscribing: over the rate before SUBSCRIBE there is nowhere to
// answer, so the connection ends with an ERROR that says why.
func TestFlood_BeforeSubscribing(t *testing.T) {
	h := start(t, Limits{Commands: Rate{Burst: 1, Every: time.Hour}})
	ws := h.dial(t, h.register(t, "alice"))
	write(t, ws, "CONNECT\naccept-version:1.2\n\n\x00")
	if f := read(t, ws); f.Command != stomp.Connected {
		t.Fatalf("CONNECT answered with %+v", f)
	}
	write(t, ws, "SUBSCRIBE\nid:0\ndestination:/user/queue/player\n\n\x00")
	if got := errorFrame(t, ws); got != "rate limit: at most 1 frames at once, then one every 1h0m0s, before subscribing to /user/queue/player" {
		t.Errorf("over the rate: %s", got)
	}
}

// TestTokenOutlivedBySocketNoMore: a socket does not outlive its token. At the ping
// after the token expired, or after the account's tokens were revoked, the server
// closes the socket saying why, while another account's socket plays on.
func TestTokenOutlivedBySocketNoMore(t *testing.T) {
	const why = "the token expired or was revoked: log in again (POST /public/login) and connect with the new token"
	for _, c := range []struct {
		name string
		end  func(h *harness, alice int64)
	}{
		{"expired", func(h *harness, _ int64) { h.clock.add(DefaultLimits().TokenTTL + time.Minute) }},
		{"revoked", func(h *harness, alice int64) {
			if n, err := h.db.RevokeTokens(context.Background(), alice); err != nil || n != 1 {
				t.Fatalf("RevokeTokens: %d, %v", n, err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := start(t, Limits{Ping: 20 * time.Millisecond, Pong: time.Minute})
			ws := h.session(t, "alice")
			acc, err := h.db.AccountByName(context.Background(), "alice")
			if err != nil {
				t.Fatal(err)
			}
			send(t, ws, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
			if phase, _ := answer(t, ws); phase != "ECHO" {
				t.Fatalf("before: %s", phase)
			}
			var bob *websocket.Conn
			if c.name == "revoked" {
				bob = h.session(t, "bob")
			}
			c.end(h, acc.ID)
			if e := h.waitClosed(t); e.player != "alice" || e.reason != why {
				t.Errorf("closed %s for %q", e.player, e.reason)
			}
			if bob != nil {
				send(t, bob, `{"gameId": 1, "messageType": "GET_GAME_PHASE"}`)
				if phase, _ := answer(t, bob); phase != "ECHO" {
					t.Errorf("another account's socket, after: %s", phase)
				}
			}
		})
	}
}
