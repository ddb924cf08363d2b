// Package discordtest is a fake Discord for tests: REST and a gateway on 127.0.0.1
// that a real discordgo.Session connects to. It keeps guilds, channels, threads and
// messages (with their attachments' bytes), dispatches interactions from scripted users
// to the right shard, and rejects what Discord would reject: over-long content, too many
// components, a second response to an interaction, a first response after 3 seconds.
// It honours Create Message's nonce and enforce_nonce, and misbehaves on demand: a
// route can fail (FailNext, FailAfterEffect), stall (Stall) or answer 429 (RateLimit),
// and the bot as a whole can meet Discord's global rate limit (SetGlobalLimit).
//
// A bot reaches it by sending every REST call for discordgo.EndpointAPI+X (for
// example https://discord.com/api/v9/X) to APIBase()+"/X" (DISCORD_API_BASE);
// discordgo then asks it for the gateway's address.
package discordtest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Server is the fake Discord.
type Server struct {
	// ResponseDeadline is how long after dispatch an interaction accepts its first
	// response (Discord: 3 seconds).
	ResponseDeadline time.Duration
	// HeartbeatInterval is announced in HELLO.
	HeartbeatInterval time.Duration
	// NonceWindow is how long enforce_nonce finds an earlier message by its nonce
	// (Discord: "the past few minutes").
	NonceWindow time.Duration

	http  *httptest.Server
	token string
	app   *User
	done  chan struct{}    // closed by Close, to end stalls
	now   func() time.Time // the clock of the global limit and the nonce window

	mu           sync.Mutex
	changed      *sync.Cond // broadcast on every change, for waiters
	nextID       int64
	users        map[string]*User
	guilds       map[string]*Guild
	channels     map[string]*Channel
	messages     map[string]*Message
	inChannel    map[string][]*Message   // the messages of each channel, in creation order
	interactions map[string]*Interaction // by id and by token
	commands     map[string][]*discordgo.ApplicationCommand
	conns        []*conn
	identifies   []Identify
	failures     []Failure
	routes       map[string]int
	idleEdits    int // edits that left a message showing what it showed (sameShown)
	unknown      []string
	limits       map[string]*rateLimit
	faults       map[string]*routeFaults
	globalLimit  int           // requests per second, 0 for none
	globalSent   []time.Time   // counted requests let through in the last second
	globalSeen   []time.Time   // counted requests, refused or not, in the last second
	globalHits   int           // global 429s served
	globalTotal  int           // requests the global limit counted
	peakRate     int           // most of globalSeen at once
	uploads      []*Attachment // files scripted users attach to commands
	closed       bool
	gatewayDown  bool // SetGatewayDown: new gateway connections are refused
}

// User is a Discord account: a scripted human, another bot, or the app itself.
type User struct {
	ID          string
	Name        string
	Bot         bool
	Permissions int64 // the member's permissions in the channel, as interactions report them
}

func (u *User) discord() *discordgo.User {
	return &discordgo.User{ID: u.ID, Username: u.Name, GlobalName: u.Name, Bot: u.Bot}
}

// Guild is a server.
type Guild struct {
	ID   string
	Name string
}

// Channel is a text channel or a thread.
type Channel struct {
	ID      string
	GuildID string
	Name    string
	Parent  string // for threads
	Thread  bool
	// NoThreads makes creating threads from this channel fail with Missing Permissions.
	NoThreads bool
}

// Failure is a request the fake refused as Discord would (a bug in the bot).
type Failure struct {
	Route string
	Code  int
	Msg   string
}

// Identify records a gateway IDENTIFY.
type Identify struct {
	Token   string
	Intents discordgo.Intent
	Shard   [2]int
}

type rateLimit struct {
	remaining  int
	retryAfter time.Duration
	hits       int
	retried    int
}

// New starts a fake Discord on 127.0.0.1 with the bot's own application user.
func New() *Server {
	s := &Server{
		ResponseDeadline:  3 * time.Second,
		HeartbeatInterval: 41250 * time.Millisecond,
		NonceWindow:       5 * time.Minute,
		token:             "fake-token",
		done:              make(chan struct{}),
		now:               time.Now,
		globalLimit:       DefaultGlobalLimit,
		nextID:            1 << 40,
		users:             map[string]*User{},
		guilds:            map[string]*Guild{},
		channels:          map[string]*Channel{},
		messages:          map[string]*Message{},
		inChannel:         map[string][]*Message{},
		interactions:      map[string]*Interaction{},
		commands:          map[string][]*discordgo.ApplicationCommand{},
		routes:            map[string]int{},
		limits:            map[string]*rateLimit{},
		faults:            map[string]*routeFaults{},
	}
	s.changed = sync.NewCond(&s.mu)
	s.app = &User{ID: s.snowflake(), Name: "KOMBAT", Bot: true}
	s.users[s.app.ID] = s.app
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", s.serveREST)
	mux.HandleFunc("/gateway", s.serveGateway)
	mux.HandleFunc("/gateway/", s.serveGateway) // discordgo adds a final slash
	mux.HandleFunc("/attachments/", s.serveAttachment)
	s.http = httptest.NewServer(mux) // listens on 127.0.0.1
	return s
}

// Close stops the server, ends stalls and drops gateway connections. Closing twice
// is harmless, so a test may close early and still leave Close to its cleanup.
func (s *Server) Close() {
	s.mu.Lock()
	if !s.closed {
		close(s.done)
	}
	s.closed = true
	conns := append([]*conn(nil), s.conns...)
	s.changed.Broadcast()
	s.mu.Unlock()
	for _, c := range conns {
		c.close(1001, "server closing")
	}
	s.http.Close()
}

// APIBase is the REST root to use instead of Discord's (discordgo.EndpointAPI, without
// its final slash).
func (s *Server) APIBase() string { return s.http.URL + "/api/v" + discordgo.APIVersion }

// URL is the server's root URL.
func (s *Server) URL() string { return s.http.URL }

// Token is the bot token the fake accepts.
func (s *Server) Token() string { return s.token }

// App is the bot's own user (its id is also the application id).
func (s *Server) App() *User { return s.app }

// snowflake makes an id; ids grow, as Discord's do. The caller may or may not hold mu.
func (s *Server) snowflake() string {
	s.nextID++
	return strconv.FormatInt(s.nextID<<22|s.nextID%4096, 10)
}

// AddUser creates a user.
func (s *Server) AddUser(name string, bot bool) *User {
	s.mu.Lock()
	defer s.mu.Unlock()
	u := &User{ID: s.snowflake(), Name: name, Bot: bot}
	s.users[u.ID] = u
	return u
}

// AddGuild creates a guild with the given id ("" picks one); tests that route guilds to
// shards choose ids.
func (s *Server) AddGuild(id, name string) *Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "" {
		id = s.snowflake()
	}
	g := &Guild{ID: id, Name: name}
	s.guilds[id] = g
	return g
}

// AddChannel creates a text channel in a guild.
func (s *Server) AddChannel(g *Guild, name string) *Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &Channel{ID: s.snowflake(), GuildID: g.ID, Name: name}
	s.channels[c.ID] = c
	return c
}

// ShardOf is the shard a guild's events go to with count shards (Discord's rule).
func ShardOf(guildID string, count int) int {
	id, _ := strconv.ParseUint(guildID, 10, 64)
	return int((id >> 22) % uint64(count))
}

// Messages returns the messages of a channel or thread, oldest first, as they are now
// (edits applied, deleted ones left out).
func (s *Server) Messages(channelID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.messagesIn(channelID)
}

func (s *Server) messagesIn(channelID string) []*Message {
	var out []*Message
	for _, m := range s.inChannel[channelID] {
		if !m.Deleted {
			out = append(out, m.copy())
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	return out
}

// addMessage stores a new message; the caller holds mu. A load test's hundreds of
// waiters each read their own channel at every change, so a channel's messages are
// found without going through every message of the server.
func (s *Server) addMessage(m *Message) {
	s.messages[m.ID] = m
	s.inChannel[m.ChannelID] = append(s.inChannel[m.ChannelID], m)
}

// Message returns a message as it is now, or nil.
func (s *Server) Message(id string) *Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.messages[id]; m != nil {
		return m.copy()
	}
	return nil
}

// Threads lists the threads created under a channel.
func (s *Server) Threads(parentID string) []*Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Channel
	for _, c := range s.channels {
		if c.Parent == parentID {
			cc := *c
			out = append(out, &cc)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Commands returns the commands registered globally (guild "") or for a guild.
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*discordgo.ApplicationCommand(nil), s.commands[guildID]...)
}

// Identifies lists the IDENTIFY payloads received, in order.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.identifies...)
}

// Failures lists the requests refused for breaking Discord's rules.
func (s *Server) Failures() []Failure {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Failure(nil), s.failures...)
}

// UnknownRoutes lists requests to routes the fake does not know.
func (s *Server) UnknownRoutes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.unknown...)
}

// Requests counts the requests made to a route pattern such as "POST /channels/{id}/messages".
func (s *Server) Requests(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.routes[route]
}

// IdleEdits counts the edits of messages, by any route, that changed nothing the
// message shows: requests a client could have spared.
func (s *Server) IdleEdits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.idleEdits
}

// RateLimit makes the next n requests to a route pattern answer 429 with retryAfter.
func (s *Server) RateLimit(route string, n int, retryAfter time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limits[route] = &rateLimit{remaining: n, retryAfter: retryAfter}
}

// RateLimited reports how many 429s a route answered and how many requests succeeded
// on it afterwards.
func (s *Server) RateLimited(route string) (hits, retried int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l := s.limits[route]; l != nil {
		return l.hits, l.retried
	}
	return 0, 0
}

// Check returns an error describing anything the bot did that Discord would have
// refused or that players would have seen as "This interaction failed": refused
// requests, unknown routes, and interactions never answered.
func (s *Server) Check() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var problems []string
	for _, f := range s.failures {
		problems = append(problems, fmt.Sprintf("%s: %d %s", f.Route, f.Code, f.Msg))
	}
	for _, u := range s.unknown {
		problems = append(problems, "unknown route "+u)
	}
	seen := map[*Interaction]bool{}
	for _, in := range s.interactions {
		if seen[in] {
			continue
		}
		seen[in] = true
		if in.response == nil {
			problems = append(problems, fmt.Sprintf("interaction %s (%s) was never answered", in.ID, in.describe()))
		}
	}
	sort.Strings(problems)
	if len(problems) > 0 {
		return fmt.Errorf("discordtest: %s", strings.Join(problems, "; "))
	}
	return nil
}

// SetNoThreads makes creating threads under a channel fail with Missing Permissions.
func (s *Server) SetNoThreads(channelID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.channels[channelID]; c != nil {
		c.NoThreads = true
	}
}
