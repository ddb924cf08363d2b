package discordtest

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway opcodes and close codes used here.
const (
	opDispatch     = 0
	opHeartbeat    = 1
	opIdentify     = 2
	opResume       = 6
	opHello        = 10
	opHeartbeatAck = 11

	closeAuthenticationFailed = 4004
	closeDisallowedIntents    = 4014
)

// privilegedIntents need approval on Discord; the bot must not ask for them.
const privilegedIntents = discordgo.IntentsGuildMembers | discordgo.IntentsGuildPresences | discordgo.IntentMessageContent

// conn is one gateway connection: a shard of the bot. Frames go out through a queue
// and one writer, so events arrive in sequence order.
type conn struct {
	s      *Server
	ws     *websocket.Conn
	wmu    sync.Mutex // writes
	out    chan frame
	shard  [2]int
	seq    int64
	ready  bool
	closed bool
}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d,omitempty"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (c *conn) send(f any) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteJSON(f)
}

// dispatch queues an event; the caller holds s.mu, which orders sequence numbers.
func (c *conn) dispatch(t string, d any) {
	raw, _ := json.Marshal(d)
	c.seq++
	seq := c.seq
	select {
	case c.out <- frame{Op: opDispatch, T: t, S: &seq, D: raw}:
	default: // a client that stopped reading: drop, as Discord would disconnect it
	}
}

// writer sends queued frames in order until the connection ends.
func (c *conn) writer(done <-chan struct{}) {
	for {
		select {
		case f := <-c.out:
			if c.send(f) != nil {
				return
			}
		case <-done:
			return
		}
	}
}

func (c *conn) close(code int, reason string) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	c.ws.Close()
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	down := s.gatewayDown
	s.mu.Unlock()
	if down {
		http.Error(w, "gateway unavailable", http.StatusServiceUnavailable)
		return
	}
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	ws, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &conn{s: s, ws: ws, out: make(chan frame, 1024)}
	hello, _ := json.Marshal(map[string]any{"heartbeat_interval": s.HeartbeatInterval.Milliseconds()})
	if c.send(frame{Op: opHello, D: hello}) != nil {
		ws.Close()
		return
	}
	done := make(chan struct{})
	go c.writer(done)
	defer close(done)
	defer func() {
		s.mu.Lock()
		c.closed = true
		for i, o := range s.conns {
			if o == c {
				s.conns = append(s.conns[:i], s.conns[i+1:]...)
				break
			}
		}
		s.changed.Broadcast()
		s.mu.Unlock()
		ws.Close()
	}()
	for {
		var f frame
		if err := ws.ReadJSON(&f); err != nil {
			return
		}
		switch f.Op {
		case opHeartbeat:
			c.out <- frame{Op: opHeartbeatAck}
		case opIdentify:
			if code, reason := s.identify(c, f.D); code != 0 {
				c.close(code, reason)
				return
			}
		case opResume:
			// Sessions are not resumable here: ask for a new one.
			c.out <- frame{Op: 9, D: json.RawMessage("false")}
		}
	}
}

// identify checks an IDENTIFY and answers READY and the shard's guilds, or returns the
// close code and reason to end the connection with.
func (s *Server) identify(c *conn, raw json.RawMessage) (int, string) {
	var id struct {
		Token   string           `json:"token"`
		Intents discordgo.Intent `json:"intents"`
		Shard   *[2]int          `json:"shard"`
	}
	if err := json.Unmarshal(raw, &id); err != nil {
		return 4002, "Decode error"
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		shard = *id.Shard
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.identifies = append(s.identifies, Identify{Token: id.Token, Intents: id.Intents, Shard: shard})
	s.changed.Broadcast()
	if strings.TrimPrefix(id.Token, "Bot ") != s.token {
		return closeAuthenticationFailed, "Authentication failed."
	}
	if id.Intents&privilegedIntents != 0 {
		return closeDisallowedIntents, "Disallowed intent(s)."
	}
	if shard[1] < 1 || shard[0] < 0 || shard[0] >= shard[1] {
		return 4010, "Invalid shard."
	}
	c.shard, c.ready = shard, true
	s.conns = append(s.conns, c)
	var guilds []map[string]any
	for _, g := range s.guilds {
		if ShardOf(g.ID, shard[1]) == shard[0] {
			guilds = append(guilds, map[string]any{"id": g.ID, "unavailable": true})
		}
	}
	ready := map[string]any{
		"v": 10, "user": s.app.discord(), "session_id": s.snowflake(), "resume_gateway_url": "ws" + strings.TrimPrefix(s.http.URL, "http") + "/gateway",
		"application": map[string]any{"id": s.app.ID, "flags": 0}, "guilds": guilds, "shard": shard,
	}
	c.dispatch("READY", ready)
	for _, g := range s.guilds {
		if ShardOf(g.ID, shard[1]) != shard[0] {
			continue
		}
		var chans []*discordgo.Channel
		for _, ch := range s.channels {
			if ch.GuildID == g.ID && !ch.Thread {
				chans = append(chans, s.discordChannel(ch))
			}
		}
		c.dispatch("GUILD_CREATE", map[string]any{"id": g.ID, "name": g.Name, "channels": chans, "unavailable": false, "member_count": 2})
	}
	return 0, ""
}

// SetGatewayDown simulates a gateway outage: with down, every session is closed with
// 4000 (which clients may resume or reconnect after) and new connections are refused
// until SetGatewayDown(false).
func (s *Server) SetGatewayDown(down bool) {
	s.mu.Lock()
	s.gatewayDown = down
	var conns []*conn
	if down {
		conns = append(conns, s.conns...)
	}
	s.changed.Broadcast()
	s.mu.Unlock()
	for _, c := range conns {
		c.close(4000, "Unknown error.")
	}
}

// Connected reports how many gateway sessions are identified (one per shard running).
func (s *Server) Connected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

// connsFor returns the connections of the shard that owns a guild: usually one, two
// while a rolling deploy runs an old and a new process as the same shard, and Discord
// sends the guild's events to each. The caller holds mu.
func (s *Server) connsFor(guildID string) []*conn {
	var out []*conn
	for _, c := range s.conns {
		if c.ready && !c.closed && ShardOf(guildID, c.shard[1]) == c.shard[0] {
			out = append(out, c)
		}
	}
	return out
}
