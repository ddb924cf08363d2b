package netplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/kombat-game/kombat/stomp"
	"github.com/kombat-game/kombat/store"
)

// The destinations of the AIBG spec (section 7): commands go to GameDestination,
// answers come on a subscription to PlayerQueue.
const (
	GameDestination = "/websocket/game"
	PlayerQueue     = "/user/queue/player"
)

// conn is one player's socket. Its read loop (serve) owns the STOMP state; the writer
// goroutine owns the socket's writes; answer and close may be called from anywhere.
type conn struct {
	s      *Server
	player Player
	token  string        // the bearer token it opened with, checked again at each ping
	out    chan []byte   // frames to write; nil marks "close after what came before"
	done   chan struct{} // closed when the connection ends
	once   sync.Once
	ctx    context.Context // the commands' context, cancelled when the connection ends
	cancel context.CancelFunc

	mu     sync.Mutex
	ws     *websocket.Conn // nil until the upgrade
	sub    string          // the subscription id to PlayerQueue; "" before SUBSCRIBE
	nextID int             // the next MESSAGE's message-id
	reason string          // why it ended

	// The read loop's own.
	connected bool
	commands  bucket
	abuse     bucket
}

// player serves GET /player: a bearer token on the upgrade request, then STOMP.
func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	if !s.dial.allow(clientIP(r)) {
		tooMany(w, s.lim.Upgrades, "connection attempts")
		return
	}
	token, ok := bearer(r)
	if !ok {
		w.Header().Set("WWW-Authenticate", `Bearer realm="kombat"`)
		http.Error(w, "missing bearer token: send the header Authorization: Bearer TOKEN with the token from POST /public/login", http.StatusUnauthorized)
		return
	}
	acc, err := s.cfg.DB.TokenAccount(r.Context(), token)
	if errors.Is(err, store.ErrNotFound) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="kombat", error="invalid_token"`)
		http.Error(w, "invalid or expired token: get a new one from POST /public/login", http.StatusUnauthorized)
		return
	}
	if err != nil {
		s.log.Error("netplay: check a token", "err", err)
		http.Error(w, "internal error; try again later", http.StatusInternalServerError)
		return
	}
	c := &conn{s: s, player: Player{ID: acc.ID, Name: acc.Name}, token: token, out: make(chan []byte, s.lim.OutQueue), done: make(chan struct{}), nextID: 1}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	if status, why := s.admit(c); status != 0 {
		c.cancel()
		http.Error(w, why, status)
		return
	}
	defer s.wg.Done()
	up := websocket.Upgrader{
		HandshakeTimeout: 10 * time.Second,
		Subprotocols:     []string{"v12.stomp", "v11.stomp", "v10.stomp"},
		// Browsers cannot set an Authorization header on a WebSocket, so no page can
		// ride on a player's token: any origin may connect.
		CheckOrigin: func(*http.Request) bool { return true },
	}
	ws, err := up.Upgrade(w, r, nil)
	if err != nil { // the upgrader has answered the request
		c.close("upgrade: " + err.Error())
		return
	}
	c.mu.Lock()
	c.ws = ws
	reason := c.reason
	c.mu.Unlock()
	select {
	case <-c.done: // the server began shutting down meanwhile, before there was a socket to close
		ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, reason), time.Now().Add(time.Second))
		ws.Close()
		return
	default:
	}
	s.wg.Add(1)
	go c.write()
	c.serve()
}

// bearer reads the token of an Authorization: Bearer header.
func bearer(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" || len(token) > 256 {
		return "", false
	}
	return token, true
}

// close ends the connection for reason (the first reason given counts): the socket is
// closed, which ends the read loop and the writer, and the server forgets it.
func (c *conn) close(reason string) {
	c.once.Do(func() {
		c.mu.Lock()
		if c.reason == "" { // fail and DISCONNECT say why before the writer closes
			c.reason = reason
		}
		reason = c.reason
		ws := c.ws
		c.mu.Unlock()
		close(c.done)
		c.cancel()
		if ws != nil {
			ws.Close()
		}
		c.s.forget(c)
		c.s.log.Info("netplay: connection closed", "player", c.player.Name, "reason", reason)
		if f := c.s.cfg.Closed; f != nil {
			f(c.player, reason)
		}
	})
}

// goAway closes the connection with a WebSocket close frame (1001, going away). The
// reason is taken before the frame is sent: the client answers it with a close frame
// of its own, which the read loop would otherwise report first as the client's doing.
func (c *conn) goAway(reason string) {
	c.mu.Lock()
	if c.reason == "" {
		c.reason = reason
	}
	ws := c.ws
	c.mu.Unlock()
	if ws != nil {
		ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseGoingAway, reason), time.Now().Add(time.Second))
	}
	c.close(reason)
}

// tokenValid reports whether the token the connection opened with still stands: a
// token expires (24 hours) or is revoked (store.RevokeTokens) while its socket is open,
// and the socket should not outlive it. A store that cannot answer is not taken for a
// refusal: a database's hiccup closes no player's socket.
func (c *conn) tokenValid() bool {
	ctx, cancel := context.WithTimeout(c.ctx, c.s.lim.Write)
	defer cancel()
	_, err := c.s.cfg.DB.TokenAccount(ctx, c.token)
	return !errors.Is(err, store.ErrNotFound)
}

// write writes what the queue holds, and pings, until the connection ends.
func (c *conn) write() {
	defer c.s.wg.Done()
	ping := time.NewTicker(c.s.lim.Ping)
	defer ping.Stop()
	for {
		select {
		case <-c.done:
			return
		case <-ping.C:
			if !c.tokenValid() {
				c.goAway("the token expired or was revoked: log in again (POST /public/login) and connect with the new token")
				return
			}
			if err := c.ws.WriteControl(websocket.PingMessage, nil, time.Now().Add(c.s.lim.Write)); err != nil {
				c.close("ping: " + err.Error())
				return
			}
		case b := <-c.out:
			if b == nil { // after an ERROR frame: STOMP closes the connection
				c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""), time.Now().Add(c.s.lim.Write))
				c.close("protocol error")
				return
			}
			c.ws.SetWriteDeadline(time.Now().Add(c.s.lim.Write))
			if err := c.ws.WriteMessage(websocket.TextMessage, b); err != nil {
				c.close("write: " + err.Error())
				return
			}
		}
	}
}

// enqueue queues a frame for the writer without waiting: when the queue is full the
// client reads too slowly to be worth the memory, and is dropped.
func (c *conn) enqueue(b []byte) bool {
	select {
	case <-c.done:
		return false
	default:
	}
	select {
	case c.out <- b:
		return true
	default:
		c.close(fmt.Sprintf("slow reader: %d frames waiting to be written", c.s.lim.OutQueue))
		return false
	}
}

// send queues a frame.
func (c *conn) send(f *stomp.Frame) bool { return c.enqueue(f.Append(nil)) }

// answer queues a MESSAGE with a on the player's subscription; false when there is
// none or the connection is gone.
func (c *conn) answer(a Answer) bool {
	body, err := json.Marshal(a)
	if err != nil {
		c.s.log.Error("netplay: an answer does not marshal", "err", err)
		body, _ = json.Marshal(Refuse(a.GamePhase, "internal error: the answer could not be written"))
	}
	c.mu.Lock()
	sub, id := c.sub, c.nextID
	if sub != "" {
		c.nextID++
	}
	c.mu.Unlock()
	if sub == "" {
		return false
	}
	return c.send(&stomp.Frame{Command: stomp.Message, Headers: []stomp.Header{
		{Name: "destination", Value: PlayerQueue},
		{Name: "content-type", Value: "application/json"},
		{Name: "subscription", Value: sub},
		{Name: "message-id", Value: strconv.Itoa(id)},
		{Name: "content-length", Value: strconv.Itoa(len(body))},
	}, Body: body})
}

// fail sends an ERROR frame saying why, then closes the connection, as STOMP has a
// server do on a protocol error.
func (c *conn) fail(why string) {
	c.mu.Lock()
	if c.reason == "" {
		c.reason = why
	}
	c.mu.Unlock()
	body := []byte(why + "\n")
	if c.send(&stomp.Frame{Command: stomp.Error, Headers: []stomp.Header{
		{Name: "message", Value: why},
		{Name: "content-type", Value: "text/plain"},
		{Name: "content-length", Value: strconv.Itoa(len(body))},
	}, Body: body}) {
		c.enqueue(nil)
	}
}

// serve is the read loop: it reads WebSocket messages until the connection ends.
func (c *conn) serve() {
	lim := c.s.lim
	ws := c.ws
	ws.SetReadLimit(int64(lim.Message))
	ws.SetReadDeadline(time.Now().Add(lim.Pong))
	ws.SetPongHandler(func(string) error { return ws.SetReadDeadline(time.Now().Add(lim.Pong)) })
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			switch {
			case errors.Is(err, websocket.ErrReadLimit):
				c.close(fmt.Sprintf("a WebSocket message over %d bytes", lim.Message))
			case websocket.IsCloseError(err, websocket.CloseNormalClosure, websocket.CloseGoingAway):
				c.close("the client closed the socket")
			default:
				c.close("read: " + err.Error())
			}
			return
		}
		ws.SetReadDeadline(time.Now().Add(lim.Pong))
		frames, perr := stomp.Parse(data, lim.Frame)
		// Each frame costs a token, so that packing frames into one message buys
		// nothing; a message of heart-beats alone costs one.
		for i := range max(len(frames), 1) {
			process, alive := c.admitMessage()
			if !alive {
				return
			}
			if process && i < len(frames) && !c.frame(frames[i]) {
				return
			}
		}
		if perr != nil {
			c.fail(perr.Error())
			return
		}
	}
}

// admitMessage spends a token of the connection's rate for one frame. Without one
// the frame is not processed (process false) but refused with an answer on the
// player's subscription; a connection that keeps sending past its refusals, or floods
// before it has subscribed (there is nothing to answer on), is closed (alive false).
func (c *conn) admitMessage() (process, alive bool) {
	now := c.s.now()
	r := c.s.lim.Commands
	if c.commands.take(now, r) {
		return true, true
	}
	if !c.abuse.take(now, c.s.lim.Abuse) {
		c.fail(fmt.Sprintf("too many frames: still sending after %d refused; disconnected", c.s.lim.Abuse.Burst))
		return false, false
	}
	if !c.answer(Refuse("", fmt.Sprintf("rate limit: at most %d frames at once, then one every %v; this one was not processed", r.Burst, r.Every))) {
		c.fail(fmt.Sprintf("rate limit: at most %d frames at once, then one every %v, before subscribing to %s", r.Burst, r.Every, PlayerQueue))
		return false, false
	}
	return false, true
}
