package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// table is one game hosted in a channel or thread. Everything about a game happens
// under its lock, so two fast clicks never run a turn twice.
type table struct {
	mu   sync.Mutex
	row  *store.Game
	lob  host.Lobby   // the setup, and what the host keeps beside the engine
	eng  *game.Game   // rebuilt from the record on first use
	bots [2]*game.Bot // the built-in players, for bot seats
	loop bool         // an auto game's turn loop is running
	// owed is the screen the game's channel still needs (nil when it shows the game);
	// retrying says a goroutine is delivering it.
	owed     *store.Screen
	retrying bool
	cfg      game.Config // the game's configuration, read once from the store
}

// registry holds this process's active games. It keeps its own copy of each game's
// channel, so it can be searched without taking every game's lock.
type registry struct {
	mu       sync.Mutex
	tables   map[int64]*table
	channels map[int64]string
}

func newRegistry() *registry {
	return &registry{tables: map[int64]*table{}, channels: map[int64]string{}}
}

func (r *registry) add(t *table) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tables[t.row.ID] = t
	r.channels[t.row.ID] = t.row.Channel
}

// moved records that a game now plays in another channel (its thread).
func (r *registry) moved(id int64, channel string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.tables[id]; ok {
		r.channels[id] = channel
	}
}

func (r *registry) get(id int64) *table {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tables[id]
}

func (r *registry) remove(id int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.tables, id)
	delete(r.channels, id)
}

// inChannel returns the active game played in a channel or thread.
func (r *registry) inChannel(channel string) *table {
	r.mu.Lock()
	defer r.mu.Unlock()
	for id, ch := range r.channels {
		if ch == channel {
			return r.tables[id]
		}
	}
	return nil
}

// channelOf returns where a game is played.
func (r *registry) channelOf(id int64) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.channels[id]
}

// all lists the active games.
func (r *registry) all() []*table {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*table, 0, len(r.tables))
	for _, t := range r.tables {
		out = append(out, t)
	}
	return out
}

// restore loads the active games of this process's shard. Engines are rebuilt when
// first used, so start-up stays fast with thousands of games.
func (b *Bot) restore(ctx context.Context) error {
	rows, err := b.db.ActiveGames(ctx)
	if err != nil {
		return fmt.Errorf("bot: load games: %w", err)
	}
	n := 0
	for _, row := range rows {
		if !b.myGuild(row.Guild) {
			continue
		}
		t := &table{row: row}
		if err := json.Unmarshal(row.Setup, &t.lob); err != nil {
			b.log.Error("game has unreadable setup; skipped", "game", row.ID, "err", err)
			continue
		}
		if !b.repairConfig(ctx, t) {
			continue
		}
		b.tables.add(t)
		n++
	}
	b.log.Info("games restored", "count", n)
	return nil
}

// notice is a message owed to a channel once the session is up.
type notice struct{ channel, text string }

// repairConfig brings a game stored by an older version, whose configuration is above
// today's bounds (a step_limit that let a turn run for hours), within them: the values
// are lowered, or, for a game in play whose stored decisions no longer replay under the
// lowered values, the game is ended without a result. Either way the log says which and
// the channel is told. It reports whether the game goes on.
func (b *Bot) repairConfig(ctx context.Context, t *table) bool {
	cfg, clamped, err := game.ParseStoredConfig(t.row.Config)
	if err != nil {
		b.log.Error("game has an unreadable configuration; skipped", "game", t.row.ID, "err", err)
		return false
	}
	t.cfg = cfg
	if len(clamped) == 0 {
		return true
	}
	changes := strings.Join(clamped, ", ")
	why := "This game was stored by an older version of the bot with settings outside today's limits (" + changes + ")"
	t.row.Config = cfg.String()
	if t.row.Status == store.StatusPlay {
		rec, err := t.row.Record()
		if err == nil {
			t.eng, err = game.ReplayStop(b.lang, rec, &b.halt)
		}
		if err != nil {
			if err := b.db.Abandon(ctx, t.row.ID); err != nil {
				b.log.Error("end game with out-of-range configuration", "game", t.row.ID, "err", err)
				return false
			}
			b.log.Warn("game ended: its configuration is outside today's bounds and its record does not replay within them", "game", t.row.ID, "changes", changes, "err", err)
			b.notices = append(b.notices, notice{t.row.Channel, "⚠️ " + why + ". Its turns cannot be replayed within those limits, so the game has ended without a result; no rating changed. Start a new game with `/kombat`."})
			return false
		}
	}
	if err := b.db.SetConfig(ctx, t.row.ID, t.row.Config); err != nil {
		b.log.Error("lower out-of-range configuration", "game", t.row.ID, "err", err)
		return false
	}
	b.log.Warn("game configuration lowered to today's bounds", "game", t.row.ID, "changes", changes)
	b.notices = append(b.notices, notice{t.row.Channel, "⚠️ " + why + ", so they were lowered to the limits. The game goes on with them; `/kombat rules` lists the limits."})
	return true
}

// postNotices posts the messages owed since start-up; a failure is only logged, as the
// game itself is stored and shown by /kombat board.
func (b *Bot) postNotices() {
	for _, n := range b.notices {
		if _, err := b.sess.ChannelMessageSend(n.channel, n.text); err != nil {
			b.log.Error("post notice", "channel", n.channel, "err", err)
		}
	}
	b.notices = nil
}

// myGuild reports whether this process's shard serves a guild (Discord's routing).
func (b *Bot) myGuild(guild string) bool {
	n := uint64(b.opt.Config.ShardCount)
	if n <= 1 {
		return true
	}
	id, _ := strconv.ParseUint(guild, 10, 64)
	return (id>>22)%n == uint64(b.opt.Config.ShardID)
}

// engine returns the game's engine, rebuilding it from the stored record if needed.
func (b *Bot) engine(t *table) (*game.Game, error) {
	if t.eng != nil {
		return t.eng, nil
	}
	rec, err := t.row.Record()
	if err != nil {
		return nil, err
	}
	g, err := game.ReplayStop(b.lang, rec, &b.halt)
	if err != nil {
		return nil, fmt.Errorf("bot: rebuild game %d: %w", t.row.ID, err)
	}
	t.eng = g
	return g, nil
}

// saveMeta stores the table's metadata and lobby.
func (b *Bot) saveMeta(ctx context.Context, t *table) error {
	raw, err := json.Marshal(t.lob)
	if err != nil {
		return err
	}
	t.row.Setup = raw
	return b.db.SaveMeta(ctx, t.row)
}

// commit stores the decisions made in the engine since the stored record ended: one
// transaction, the game's result and ratings included when it is over. If the store
// refuses, the engine is rebuilt from what is stored, so memory never runs ahead.
func (b *Bot) commit(ctx context.Context, t *table) error {
	if len(t.row.Decisions) == t.eng.Decisions() {
		return nil
	}
	return b.record(ctx, t, nil)
}

// record stores the engine's decisions since the stored record ended, with the result
// when the game is over, owing the new state's screen with summary when it is not nil.
func (b *Bot) record(ctx context.Context, t *table, summary *string) error {
	g := t.eng
	all := g.Record().Decisions
	pos := len(t.row.Decisions)
	var err error
	switch r := g.Result(); {
	case summary != nil:
		err = b.db.CommitOwing(ctx, t.row.ID, pos, all[pos:], r, g.Turns(), *summary)
	case r != nil:
		err = b.db.Finish(ctx, t.row.ID, pos, all[pos:], *r, g.Turns())
	default:
		err = b.db.AppendDecisions(ctx, t.row.ID, pos, all[pos:])
	}
	if err != nil {
		t.eng = nil
		return err
	}
	t.row.Decisions = append(t.row.Decisions, all[pos:]...)
	if r := g.Result(); r != nil {
		t.row.Status, t.row.Result = store.StatusOver, r
		b.tables.remove(t.row.ID)
	}
	return nil
}

// seatOf returns the user's seat in the game, or 0.
func (t *table) seatOf(user string) int { return t.row.Seat(user) }

// isHuman reports whether seat p is played by a person.
func (t *table) isHuman(p int) bool { return t.row.Players[p-1] != "" }

// names returns the players' display names for boards.
func (t *table) names() [2]string {
	n := t.lob.Names
	for i := range n {
		if t.row.Players[i] == "" {
			n[i] = "Bot"
			if t.row.Mode == game.ModeAuto {
				n[i] = fmt.Sprintf("Bot %d", i+1)
			}
		}
	}
	return n
}

// mention names a seat in text: a ping for people, a name for bots.
func (t *table) mention(p int) string {
	if id := t.row.Players[p-1]; id != "" {
		return "<@" + id + ">"
	}
	return "**" + t.names()[p-1] + "**"
}

// humans lists the seats played by people.
func (t *table) humans() []int {
	var out []int
	for p := 1; p <= 2; p++ {
		if t.isHuman(p) {
			out = append(out, p)
		}
	}
	return out
}

// botFor is the built-in player of seat p in this game, seeded from the game, so a
// restarted bot plays on as the old one would have.
func (t *table) botFor(p int) *game.Bot {
	if t.bots[p-1] == nil {
		t.bots[p-1] = game.NewBot(t.row.Seed ^ uint64(p)*0x9e3779b97f4a7c15)
	}
	return t.bots[p-1]
}
