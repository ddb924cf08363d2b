package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/kombat-game/kombat/store"
)

// health is the state GET /healthz reports: each part the bot needs, and which shard
// this process is, so a probe of a sharded deployment can tell its processes apart.
// It holds states only: the endpoint answers anyone who can reach it, and a database's
// error names its user, database, host and port (the log has it, masked).
type health struct {
	Gateway  string `json:"gateway"`  // "connected" or "disconnected"
	Database string `json:"database"` // "ok" or "down"
	// Claims is "ok" while the database session that holds this process's games is
	// alive (or none is needed yet), "lost" when it ended and some of the games it held
	// are not yet taken up again (the database is away: they wait for it).
	Claims string `json:"claims"`
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
}

// dbWatch remembers what the last health check said of the database, so that the log
// gets a line when that changes rather than one for every probe of an outage.
type dbWatch struct {
	mu   sync.Mutex
	last string // the last error's message, masked; "" while the database answers
}

// ok reports whether every part is up.
func (h health) ok() bool { return h.Gateway == "connected" && h.Database == "ok" && h.Claims == "ok" }

// checkHealth asks each part now; the database gets two seconds, so a probe with a
// longer timeout sees a stuck database as down rather than timing out itself.
func (b *Bot) checkHealth(ctx context.Context) health {
	h := health{Gateway: "disconnected", Database: "ok", Claims: "ok", Shard: b.opt.Config.ShardID, Shards: b.opt.Config.ShardCount}
	if b.Connected() {
		h.Gateway = "connected"
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	err := b.db.Ping(ctx)
	if err != nil {
		h.Database = "down"
	}
	b.noteDatabase(err)
	if err := b.db.CheckClaims(ctx); err != nil || b.host.Lost() > 0 {
		h.Claims = "lost" // the host's tick logs it, stops those games and takes them up again
	}
	return h
}

// noteDatabase logs what a health check found of the database when it differs from
// the last check: the error, with any credential it quotes masked, or the recovery.
func (b *Bot) noteDatabase(err error) {
	msg := ""
	if err != nil {
		msg = store.Redact(err.Error())
	}
	b.dbHealth.mu.Lock()
	last := b.dbHealth.last
	b.dbHealth.last = msg
	b.dbHealth.mu.Unlock()
	switch {
	case msg == last:
	case msg == "":
		b.log.Info("health: the database answers again", "db", store.Redact(b.db.Path()))
	default:
		b.log.Error("health: the database does not answer", "db", store.Redact(b.db.Path()), "err", msg)
	}
}

// serveHealth answers GET (and HEAD) /healthz: 200 when every part is up, 503 naming
// the part that is not.
func (b *Bot) serveHealth(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/healthz" {
		http.Error(w, "not found: the health check is GET /healthz", http.StatusNotFound)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed: use GET /healthz", http.StatusMethodNotAllowed)
		return
	}
	h := b.checkHealth(r.Context())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if !h.ok() {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	json.NewEncoder(w).Encode(h)
}

// startHealth listens on Config.HealthAddr when it is set. Listening happens here, not
// in the background, so a taken or malformed address stops the start with a clear
// error instead of leaving a bot no probe can reach.
func (b *Bot) startHealth() error {
	addr := b.opt.Config.HealthAddr
	if addr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("bot: KOMBAT_HEALTH_ADDR %q: cannot listen (use host:port with a free port, e.g. 127.0.0.1:8080): %w", addr, err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(b.serveHealth), ReadHeaderTimeout: 5 * time.Second}
	b.health, b.healthAddr = srv, ln.Addr().String()
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			b.log.Error("health endpoint stopped", "addr", b.healthAddr, "err", err)
		}
	}()
	b.log.Info("health endpoint listening", "url", "http://"+b.healthAddr+"/healthz")
	return nil
}

// stopHealth closes the health listener, letting a probe in flight finish.
func (b *Bot) stopHealth() {
	if b.health == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := b.health.Shutdown(ctx); err != nil {
		b.health.Close()
	}
}

// HealthAddr is the address the health endpoint listens on (with the port the system
// chose for ":0"), or "" when it is off.
func (b *Bot) HealthAddr() string { return b.healthAddr }
