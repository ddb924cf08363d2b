package netplay

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/kombat-game/kombat/stomp"
	"github.com/kombat-game/kombat/store"
)

// Player is the account a connection logged in as.
type Player struct {
	ID   int64
	Name string
}

// Command is one SEND to /websocket/game, the spec's JSON {gameId, messageType,
// messageText}.
type Command struct {
	GameID      int64  `json:"gameId"`
	MessageType string `json:"messageType"`
	MessageText string `json:"messageText"`
}

// Answer is what the player receives, the spec's JSON {gamePhase, serverMessage}.
// ServerMessage is marshalled with encoding/json; it varies with the command.
type Answer struct {
	GamePhase     string `json:"gamePhase"`
	ServerMessage any    `json:"serverMessage"`
}

// Refusal is the serverMessage of every answer that refuses a command, from this
// package or a game: {"error": "..."}, one shape a program can test for.
type Refusal struct {
	Error string `json:"error"`
}

// Refuse is an answer that refuses a command, saying why, in a game's phase (""
// when no game is concerned).
func Refuse(phase, why string) Answer {
	return Answer{GamePhase: phase, ServerMessage: Refusal{Error: why}}
}

// Handler is the game behind the socket: it gets each well-formed command of a
// logged-in player and answers it. It is called from the player's connection, one
// command at a time per connection, and from many connections at once; it must
// return soon after ctx is done (Limits.Handle), since the player's next frames wait.
// Refusals (a wrong game, a move out of phase, bad arguments) are answers, made with
// Refuse.
type Handler interface {
	Handle(ctx context.Context, p Player, c Command) Answer
}

// HandlerFunc makes a function a Handler.
type HandlerFunc func(ctx context.Context, p Player, c Command) Answer

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, p Player, c Command) Answer { return f(ctx, p, c) }

// Limits are the bounds a hostile client meets. Zero fields take DefaultLimits'.
type Limits struct {
	Frame   stomp.Limits // each STOMP frame
	Message int          // one WebSocket message, in bytes (it may hold several frames): beyond it the socket is closed with 1009

	Commands   Rate // frames a connection may send; beyond it each is refused with an answer
	Abuse      Rate // refusals a connection may earn; beyond it, it is disconnected
	OutQueue   int  // frames waiting to be written to one connection; a reader slower than that is disconnected
	PerAccount int  // connections one account may hold at once
	Conns      int  // WebSocket connections at once, in all
	TCP        int  // TCP connections open at once (sockets, account requests, idle ones); past it new ones wait in the kernel's backlog
	TCPPerAddr int  // TCP connections open at once from one address; past it new ones are closed at once

	Public    Rate // requests to /public/register and /public/login per client address
	Upgrades  Rate // WebSocket upgrades (with a token or not) per client address
	Addresses int  // client addresses remembered by the two limits above

	Body     int           // an account request's body, in bytes
	TokenTTL time.Duration // how long a token from register or login is valid
	Handle   time.Duration // how long a command may take the Handler
	Write    time.Duration // how long writing one frame may take before the client is dropped
	Pong     time.Duration // silence (no message, no pong) after which a client is dropped
	Ping     time.Duration // how often the server pings; under Pong
	Hashes   int           // password hashes computed at once (each takes 19 MiB for some 50 ms)
}

// DefaultLimits are the bounds of a server that nothing configures: generous for a
// program that plays (a command a second, with bursts), tight for one that floods.
func DefaultLimits() Limits {
	return Limits{
		Frame:      stomp.DefaultLimits(),
		Message:    2 * stomp.DefaultLimits().Frame,
		Commands:   Rate{Burst: 20, Every: 50 * time.Millisecond},
		Abuse:      Rate{Burst: 50, Every: time.Second},
		OutQueue:   64,
		PerAccount: 4,
		Conns:      1024,
		TCP:        2048,
		TCPPerAddr: 64,
		Public:     Rate{Burst: 10, Every: 6 * time.Second},
		Upgrades:   Rate{Burst: 20, Every: 3 * time.Second},
		Addresses:  10000,
		Body:       4 << 10,
		TokenTTL:   24 * time.Hour,
		Handle:     5 * time.Second,
		Write:      10 * time.Second,
		Pong:       60 * time.Second,
		Ping:       25 * time.Second,
		Hashes:     2,
	}
}

// withDefaults fills l's zero fields from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.Frame == (stomp.Limits{}) {
		l.Frame = d.Frame
	}
	fill := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	fillD := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	fillR := func(v *Rate, def Rate) {
		if v.Burst <= 0 {
			*v = def
		}
	}
	fill(&l.Message, max(d.Message, l.Frame.Frame))
	fillR(&l.Commands, d.Commands)
	fillR(&l.Abuse, d.Abuse)
	fillR(&l.Public, d.Public)
	fillR(&l.Upgrades, d.Upgrades)
	fill(&l.OutQueue, d.OutQueue)
	fill(&l.PerAccount, d.PerAccount)
	fill(&l.Conns, d.Conns)
	fill(&l.TCP, max(d.TCP, l.Conns+64))
	fill(&l.TCPPerAddr, d.TCPPerAddr)
	fill(&l.Addresses, d.Addresses)
	fill(&l.Body, d.Body)
	fill(&l.Hashes, d.Hashes)
	fillD(&l.TokenTTL, d.TokenTTL)
	fillD(&l.Handle, d.Handle)
	fillD(&l.Write, d.Write)
	fillD(&l.Pong, d.Pong)
	fillD(&l.Ping, d.Ping)
	return l
}

// Config is what a Server needs.
type Config struct {
	DB      *store.DB // accounts and tokens
	Handler Handler   // the game behind /websocket/game
	// MessageTypes, when not empty, are the only messageType values passed to Handler;
	// any other is refused with an answer that lists these (the AIBG spec's fourteen).
	MessageTypes []string
	Limits       Limits
	Log          *slog.Logger // nil: no log
	// Closed, when set, is told each connection's end and why (for logs and tests); it
	// must not block, since the connection's goroutines wait for it.
	Closed func(p Player, reason string)
	// Now is the clock of tokens' expiry and the rate limits; nil: time.Now.
	Now func() time.Time
}

// Server serves the accounts' HTTP endpoints and the players' socket. It is safe for
// concurrent use.
type Server struct {
	cfg    Config
	lim    Limits
	log    *slog.Logger
	now    func() time.Time
	mux    *http.ServeMux
	public *ipLimiter
	dial   *ipLimiter
	hashes chan struct{} // a slot per password hash running
	types  map[string]bool
	wg     sync.WaitGroup // every connection's goroutines

	mu      sync.Mutex
	conns   map[int64]map[*conn]bool // by account
	n       int                      // connections in conns
	closing bool                     // Serve is shutting down: no new connection
}

// New makes a Server from cfg; it serves nothing until Serve.
func New(cfg Config) (*Server, error) {
	if cfg.DB == nil || cfg.Handler == nil {
		return nil, errors.New("netplay: a server needs a database and a handler")
	}
	s := &Server{cfg: cfg, lim: cfg.Limits.withDefaults(), log: cfg.Log, now: cfg.Now, conns: map[int64]map[*conn]bool{}}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.public = newIPLimiter(s.lim.Public, s.lim.Addresses, s.now)
	s.dial = newIPLimiter(s.lim.Upgrades, s.lim.Addresses, s.now)
	s.hashes = make(chan struct{}, s.lim.Hashes)
	if len(cfg.MessageTypes) > 0 {
		s.types = map[string]bool{}
		for _, t := range cfg.MessageTypes {
			s.types[t] = true
		}
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("/public/register", s.register)
	s.mux.HandleFunc("/public/login", s.login)
	s.mux.HandleFunc("/player", s.player)
	return s, nil
}

// ServeHTTP serves the three endpoints; Serve uses it, and a caller may mount it in
// a mux of its own.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// ListenAndServe listens on addr (KOMBAT_BOT_ADDR, such as ":8080") and serves until
// ctx is done (see Serve).
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("netplay: listen on %s: %w", addr, err)
	}
	return s.Serve(ctx, ln)
}

// Serve serves on ln until ctx is done, then stops: it closes ln, lets account
// requests under way finish (up to 5 seconds), closes every player's socket (with
// close code 1001, going away) and returns once every goroutine it started has
// ended. It returns nil after such a stop, or the listener's error.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second, // an account's answer; a socket's writes set their own deadlines
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	failed := make(chan error, 1)
	go func() { failed <- hs.Serve(newLimitListener(ln, s.lim.TCP, s.lim.TCPPerAddr)) }()
	var err error
	select {
	case <-ctx.Done():
	case err = <-failed:
	}
	stop, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hs.Shutdown(stop)
	if err == nil {
		<-failed // http.ErrServerClosed, once Shutdown has closed ln
	}
	s.mu.Lock()
	s.closing = true
	var all []*conn
	for _, cs := range s.conns {
		for c := range cs {
			all = append(all, c)
		}
	}
	s.mu.Unlock()
	for _, c := range all {
		c.goAway("server shutting down")
	}
	s.wg.Wait()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("netplay: serve: %w", err)
	}
	return nil
}

// Push sends an answer, unasked, to every connection of the account subscribed to
// /user/queue/player (the game telling a player it is their move), and returns how
// many took it. It never blocks: a connection whose outgoing queue is full is closed
// as a slow reader instead.
func (s *Server) Push(accountID int64, a Answer) int {
	s.mu.Lock()
	var cs []*conn
	for c := range s.conns[accountID] {
		cs = append(cs, c)
	}
	s.mu.Unlock()
	n := 0
	for _, c := range cs {
		if c.answer(a) {
			n++
		}
	}
	return n
}

// Connections is how many sockets the account holds open.
func (s *Server) Connections(accountID int64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns[accountID])
}

// admit registers a new connection of p, or says why it may not open.
func (s *Server) admit(c *conn) (status int, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		return http.StatusServiceUnavailable, "the server is shutting down"
	case s.n >= s.lim.Conns:
		return http.StatusServiceUnavailable, fmt.Sprintf("the server holds its maximum of %d connections; try again later", s.lim.Conns)
	case len(s.conns[c.player.ID]) >= s.lim.PerAccount:
		return http.StatusTooManyRequests, fmt.Sprintf("account %s already has %d connections open, the most it may; close one first", c.player.Name, s.lim.PerAccount)
	}
	if s.conns[c.player.ID] == nil {
		s.conns[c.player.ID] = map[*conn]bool{}
	}
	s.conns[c.player.ID][c] = true
	s.n++
	s.wg.Add(1) // the connection's read loop, counted before Serve can wait
	return 0, ""
}

// forget removes a connection that has ended.
func (s *Server) forget(c *conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conns[c.player.ID][c] {
		delete(s.conns[c.player.ID], c)
		s.n--
		if len(s.conns[c.player.ID]) == 0 {
			delete(s.conns, c.player.ID)
		}
	}
}

// clientIP is the address a request came from, without its port: the limits are per
// address. Headers such as X-Forwarded-For are not trusted, since any client can set
// them; behind a proxy every client shares the proxy's address.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
