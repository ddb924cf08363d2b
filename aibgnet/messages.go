package aibgnet

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/aibghost"
	"github.com/kombat-game/kombat/netplay"
)

// The fourteen message types of the spec (its section 7), spelled as it spells them.
const (
	GetPossibleCreatures        = "GET_POSSIBLE_CREATURES"
	SelectPlayerCreaturePool    = "SELECT_PLAYER_CREATURE_POOL"
	GetPlayerCreaturePool       = "GET_PLAYER_CREATURE_POOL"
	SelectPlayerCreaturesInPlay = "SELECT_PLAYER_CREATURES_IN_PLAY"
	GetPlayerCreaturesInPlay    = "GET_PLAYER_CREATURES_IN_PLAY"
	GetOpponentCreaturesInPlay  = "GET_OPPONENT_CREATURES_IN_PLAY"
	GetShop                     = "GET_SHOP"
	GetAvailableShop            = "GET_AVAILABLE_SHOP"
	GetCurrency                 = "GET_CURRENCY"
	GetDomain                   = "GET_DOMAIN"
	GetRoundNumber              = "GET_ROUND_NUMBER"
	GetRoundsWon                = "GET_ROUNDS_WON"
	GetGamePhase                = "GET_GAME_PHASE"
	SelectMove                  = "SELECT_MOVE"
)

// MessageTypes are the fourteen, in the spec's order: netplay.Config.MessageTypes.
func MessageTypes() []string {
	return []string{GetPossibleCreatures, SelectPlayerCreaturePool, GetPlayerCreaturePool, SelectPlayerCreaturesInPlay,
		GetPlayerCreaturesInPlay, GetOpponentCreaturesInPlay, GetShop, GetAvailableShop, GetCurrency, GetDomain,
		GetRoundNumber, GetRoundsWon, GetGamePhase, SelectMove}
}

// Accepted is the serverMessage of a selection or a move the game took.
type Accepted struct {
	Message string `json:"message"`
	// Pass, for a move that will be a pass whatever happens (it does not read as a
	// move, A6), is why. A move refused by the board as it stands when it resolves is
	// told in the next notice's lastTurn.refused.
	Pass string `json:"pass,omitempty"`
}

// Handle answers one command of a program (netplay.Handler). The first command with
// a gameId nobody uses opens that match with the sender as player 1; the first
// command of another program with that gameId seats it as player 2 and starts the
// match; GET_GAME_PHASE with the text "bot" or "bot LEVEL" seats the built-in bot
// as player 2 instead. Every refusal says what was wrong and what to send.
func (r *Runner) Handle(ctx context.Context, p netplay.Player, c netplay.Command) netplay.Answer {
	if !isType(c.MessageType) {
		return netplay.Refuse("", fmt.Sprintf("unknown messageType %q: it is one of %s", c.MessageType, strings.Join(MessageTypes(), ", ")))
	}
	if c.GameID <= 0 {
		return netplay.Refuse("", fmt.Sprintf("gameId %d is no game: a game's id is a whole number from 1; agree on one with your opponent (the first to send it opens the game), or send GET_GAME_PHASE with messageText \"bot\" to play the built-in bot", c.GameID))
	}
	me := Seat{Account: p.ID, Name: p.Name}
	for range 4 { // a match that changes hands meanwhile (paired, ended) is looked up again
		s, why := r.find(c.GameID, me)
		if why != "" {
			return netplay.Refuse("", why)
		}
		var a netplay.Answer
		var ok bool
		switch {
		case s.table != 0:
			a, ok = r.hosted(s.table, p, c)
		case s.e != nil:
			a, ok = r.waiter(s.e, p, c)
		case s.f != nil:
			a, ok = r.command(overView(s.f.m), s.f.m.playerOf(p.ID), c), true
			if s.f.m.playerOf(p.ID) == 0 {
				a = r.notYours(s.f.m.Seats(), c.GameID, aibg.GameOver)
			}
		}
		if ok {
			return a
		}
	}
	return netplay.Refuse("", fmt.Sprintf("game %d changed hands while your command was read: send it again", c.GameID))
}

// notYours refuses a command about a match between others.
func (r *Runner) notYours(seats [2]Seat, id int64, phase aibg.Phase) netplay.Answer {
	return netplay.Refuse(string(phase), fmt.Sprintf("game %d is between %s and %s, not you: use the gameId of your own match, or a new one to open a match", id, seats[0].Name, seats[1].Name))
}

// waiter answers p's command in e's match, waiting for its second player; ok is
// false when the match changed hands (paired, dropped) and is to be looked up again.
func (r *Runner) waiter(e *entry, p netplay.Player, c netplay.Command) (netplay.Answer, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ended {
		return netplay.Answer{}, false
	}
	m := e.m
	if !r.h.Now().Before(e.opened.Add(r.cfg.Wait)) {
		r.drop(e, true)
		return netplay.Answer{}, false
	}
	pl := m.playerOf(p.ID)
	if pl == 0 {
		if err := r.join(e, Seat{Account: p.ID, Name: p.Name}); err != nil {
			return netplay.Refuse(string(m.Phase()), err.Error()), true
		}
		return netplay.Answer{}, false // now the host's: answered there
	}
	if c.MessageType == GetGamePhase {
		if a, ok := r.bot(e, c.MessageText); ok {
			return a, true
		}
	}
	v := view{id: m.rec.ID, g: m.game, phase: m.Phase(), seats: m.rec.Seats,
		act: func(pl int, a aibg.Action) error { _, err := m.act(pl, a, false); return err }}
	return r.command(v, pl, c), true
}

// hosted answers p's command in the host's match of table id; ok is false when the
// match has just ended and is to be looked up again.
func (r *Runner) hosted(id int64, p netplay.Player, c netplay.Command) (netplay.Answer, bool) {
	t, err := r.h.Lock(id)
	if err != nil {
		return netplay.Answer{}, false
	}
	defer t.Unlock()
	lob := aibghost.LobbyOf(t)
	g, err := r.ab.Match(t)
	if err != nil {
		return netplay.Refuse("", fmt.Sprintf("game %d cannot be read back (internal error: %v)", c.GameID, err)), true
	}
	seats := seatsOf(lob)
	pl := 0
	for i := range 2 {
		if lob.Programs[i] == p.ID {
			pl = i + 1
		}
	}
	if pl == 0 {
		return r.notYours(seats, c.GameID, g.Phase()), true
	}
	if c.MessageType == GetGamePhase && isBotText(c.MessageText) {
		return netplay.Refuse(string(g.Phase()), fmt.Sprintf("game %d has both its players already: to play the bot, open a new game with GET_GAME_PHASE and messageText %q", c.GameID, c.MessageText)), true
	}
	user := aibghost.ProgramUser(p.ID)
	v := view{id: c.GameID, g: g, phase: g.Phase(), seats: seats, act: func(pl int, a aibg.Action) error {
		switch a.Kind {
		case aibg.ActPool:
			return r.ab.Pool(t, user, a.Types)
		case aibg.ActLineup:
			return r.ab.Lineup(t, user, a.IDs)
		}
		return r.ab.Move(t, user, a.Move)
	}}
	v.after = func() aibg.Phase {
		if !t.Row.Status.Active() {
			return aibg.GameOver
		}
		return g.Phase()
	}
	a := r.command(v, pl, c)
	r.remind(t, g, pl)
	return a, true
}

// remind tells seat p its choice is due, if the match was taken up after a restart
// and nobody has told the seat since: a program that reconnects learns it at its first
// command. t is locked.
func (r *Runner) remind(t *host.Table, g *aibg.Game, p int) {
	k := seat{t.Row.ID, p}
	r.mu.Lock()
	due := r.stale[k]
	delete(r.stale, k)
	r.mu.Unlock()
	if due && t.Row.Status.Active() && !g.Chosen(p) {
		r.notify(t, g, p, EventYourMove, r.h.Now())
	}
}

// overView is the view of a finished match.
func overView(m *Match) view {
	return view{id: m.rec.ID, g: m.game, phase: aibg.GameOver, seats: m.rec.Seats}
}

// view is a match as a command sees it: its game, its phase, its seats, and how a
// choice is made in it (act nil: none is).
type view struct {
	id    int64
	g     *aibg.Game
	phase aibg.Phase
	seats [2]Seat
	act   func(pl int, a aibg.Action) error
	after func() aibg.Phase // the phase after a choice; nil: the game's
}

// isType reports whether t is one of the fourteen.
func isType(t string) bool {
	for _, s := range MessageTypes() {
		if s == t {
			return true
		}
	}
	return false
}

// isBotText reports whether a GET_GAME_PHASE's text asks for the bot.
func isBotText(text string) bool {
	words := strings.Fields(text)
	return len(words) > 0 && strings.EqualFold(words[0], "bot")
}

// bot seats the built-in bot in seat 2 when e's opener, alone in its match, asks for
// it with "bot" or "bot LEVEL"; ok is false when text asks for no bot. e is locked.
func (r *Runner) bot(e *entry, text string) (netplay.Answer, bool) {
	if !isBotText(text) {
		return netplay.Answer{}, false
	}
	words := strings.Fields(text)
	m := e.m
	phase := string(m.Phase())
	level := aibg.DefaultLevel
	switch {
	case len(words) > 2:
		return netplay.Refuse(phase, fmt.Sprintf("messageText %q: write bot, or bot and one level of %s", text, strings.Join(aibg.Levels(), ", "))), true
	case len(words) == 2:
		level = strings.ToLower(words[1])
	}
	if _, err := aibg.NewBot(level, 0); err != nil {
		return netplay.Refuse(phase, fmt.Sprintf("messageText %q: no bot level %q; the levels are %s", text, words[1], strings.Join(aibg.Levels(), ", "))), true
	}
	if err := r.join(e, Seat{Name: "bot (" + level + ")", Bot: level}); err != nil {
		return netplay.Refuse(phase, err.Error()), true
	}
	now := string(aibg.PoolSelection)
	if rec, ok := r.Record(m.rec.ID); ok {
		if mm, err := Restore(rec); err == nil {
			now = string(mm.Phase())
		}
	}
	return netplay.Answer{GamePhase: now, ServerMessage: now}, true
}

// command answers player pl's command in v's match, which is locked.
func (r *Runner) command(v view, pl int, c netplay.Command) netplay.Answer {
	g := v.g
	phase := string(v.phase)
	ok := func(v any) netplay.Answer { return netplay.Answer{GamePhase: phase, ServerMessage: v} }
	switch c.MessageType {
	case GetPossibleCreatures:
		ks := g.Kinds()
		out := make([]aibg.CreatureSpec, len(ks))
		for i, k := range ks {
			out[i] = k.Spec()
		}
		return ok(out)
	case GetPlayerCreaturePool:
		return ok(creatures(g, g.Pool(pl)))
	case GetPlayerCreaturesInPlay:
		return ok(creatures(g, g.Slots(pl)))
	case GetOpponentCreaturesInPlay:
		return ok(creatures(g, g.Slots(3-pl)))
	case GetShop, GetAvailableShop:
		out := []aibg.ItemSpec{}
		for _, it := range g.Shop() {
			if c.MessageType == GetShop || !g.Bought(pl, it.Name) {
				out = append(out, it.Spec())
			}
		}
		return ok(out)
	case GetCurrency:
		return ok(g.Atoms(pl))
	case GetDomain:
		if d, on := g.Domain(); on {
			return ok(d.Spec())
		}
		return ok(nil)
	case GetRoundNumber:
		return ok(g.Round())
	case GetRoundsWon:
		return ok(g.RoundsWon(pl))
	case GetGamePhase:
		return ok(phase)
	}
	return r.choose(v, pl, c)
}

// creatures are the creatures of ids as the player sees them.
func creatures(g *aibg.Game, ids []int) []aibg.Creature {
	out := make([]aibg.Creature, len(ids))
	for i, id := range ids {
		out[i] = g.Creature(id)
	}
	return out
}

// phaseOf is the phase each selection or move belongs to.
func phaseOf(messageType string) aibg.Phase {
	switch messageType {
	case SelectPlayerCreaturePool:
		return aibg.PoolSelection
	case SelectPlayerCreaturesInPlay:
		return aibg.RoundSelection
	}
	return aibg.RoundInProgress
}

// hint says what a player does in phase ph.
func hint(ph aibg.Phase) string {
	switch ph {
	case aibg.PoolSelection:
		return fmt.Sprintf("name your pool with %s (%d creature types from %s, separated by spaces)", SelectPlayerCreaturePool, aibg.PoolSize, GetPossibleCreatures)
	case aibg.RoundSelection:
		return fmt.Sprintf("choose your lineup with %s (1 to %d ids of your living creatures from %s)", SelectPlayerCreaturesInPlay, aibg.MaxSlots, GetPlayerCreaturePool)
	case aibg.RoundInProgress:
		return fmt.Sprintf("send your move with %s (attack [slot], item NAME [slot] or swap SLOT)", SelectMove)
	}
	return "the match is over: open another with a new gameId"
}

// choose takes player pl's selection or move in v's match, which is locked.
func (r *Runner) choose(v view, pl int, c netplay.Command) netplay.Answer {
	g := v.g
	phase := v.phase
	refuse := func(format string, args ...any) netplay.Answer {
		return netplay.Refuse(string(phase), fmt.Sprintf(format, args...))
	}
	other := v.seats[2-pl].Name
	if other == "" {
		other = "your opponent"
	}
	switch want := phaseOf(c.MessageType); {
	case phase == aibg.GameOver || v.act == nil:
		return refuse("%s: game %d is over: open another with a new gameId", c.MessageType, v.id)
	case phase != want:
		return refuse("%s belongs to %s, and game %d is in %s: %s", c.MessageType, want, v.id, phase, hint(phase))
	case g.Chosen(pl) && phase == aibg.RoundInProgress:
		return refuse("you have moved in turn %d of round %d already: wait for %s's move (a notice will say when your next is due)", g.Turn(), g.Round(), other)
	case g.Chosen(pl):
		return refuse("you have made your %s already: wait for %s's (a notice will say when your next choice is due)", strings.ToLower(strings.ReplaceAll(string(phase), "_", " ")), other)
	}
	var a aibg.Action
	var pass string
	switch c.MessageType {
	case SelectPlayerCreaturePool:
		types, why := r.pool(g, c.MessageText)
		if why != "" {
			return refuse("%s", why)
		}
		a = aibg.Action{Kind: aibg.ActPool, Types: types}
	case SelectPlayerCreaturesInPlay:
		ids, why := lineup(g, pl, c.MessageText)
		if why != "" {
			return refuse("%s", why)
		}
		a = aibg.Action{Kind: aibg.ActLineup, IDs: ids}
	default:
		a = aibg.Action{Kind: aibg.ActMove, Move: c.MessageText}
		if _, err := aibg.ParseMove(c.MessageText); err != nil {
			pass = err.Error() + " (a move that does not read is a pass)"
		}
	}
	if err := v.act(pl, a); err != nil {
		if errors.Is(err, errOver) {
			return refuse("%s: game %d is over", c.MessageType, v.id)
		}
		var h *host.Refusal
		if errors.As(err, &h) {
			return refuse("%s", h.Text(host.PlainWords{}))
		}
		return refuse("%s", strings.TrimPrefix(err.Error(), "aibg: "))
	}
	msg := "taken"
	after := g.Phase()
	if v.after != nil {
		after = v.after()
	}
	if after != aibg.GameOver && g.Chosen(pl) {
		msg = fmt.Sprintf("taken: waiting for %s", other)
	}
	return netplay.Answer{GamePhase: string(after), ServerMessage: Accepted{Message: msg, Pass: pass}}
}

// pool reads a pool's messageText: exactly 12 type names, every mistake at once.
func (r *Runner) pool(g *aibg.Game, text string) ([]string, string) {
	names := strings.Fields(text)
	var problems []string
	if len(names) != aibg.PoolSize {
		problems = append(problems, fmt.Sprintf("it names %d creature types; a pool names exactly %d, separated by spaces (repeats allowed)", len(names), aibg.PoolSize))
	}
	known := map[string]bool{}
	var all []string
	for _, k := range g.Kinds() {
		known[strings.ToLower(k.Name)] = true
		all = append(all, k.Name)
	}
	for i, n := range names {
		if !known[strings.ToLower(n)] {
			problems = append(problems, fmt.Sprintf("word %d, %q, is no creature type", i+1, truncate(n)))
		}
	}
	if problems == nil {
		return names, ""
	}
	return nil, fmt.Sprintf("%s %q: %s (the types, from %s: %s)", SelectPlayerCreaturePool, truncate(text), strings.Join(problems, "; "), GetPossibleCreatures, strings.Join(all, ", "))
}

// lineup reads a lineup's messageText: 1 to 4 distinct ids of player pl's living
// creatures, every mistake at once.
func lineup(g *aibg.Game, pl int, text string) ([]int, string) {
	words := strings.Fields(text)
	var problems []string
	if len(words) < 1 || len(words) > aibg.MaxSlots {
		problems = append(problems, fmt.Sprintf("it names %d creatures; a lineup has 1 to %d ids, separated by spaces, the front first", len(words), aibg.MaxSlots))
	}
	mine := map[int]bool{}
	for _, id := range g.Pool(pl) {
		mine[id] = true
	}
	seen := map[int]bool{}
	var ids []int
	for i, w := range words {
		id, err := strconv.Atoi(w)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("word %d, %q, is not an id (a whole number)", i+1, truncate(w)))
		case !mine[id]:
			problems = append(problems, fmt.Sprintf("creature %d is not in your pool", id))
		case !g.Creature(id).Alive:
			problems = append(problems, fmt.Sprintf("creature %d is dead", id))
		case seen[id]:
			problems = append(problems, fmt.Sprintf("creature %d is named twice", id))
		}
		seen[id] = true
		ids = append(ids, id)
	}
	if problems == nil {
		return ids, ""
	}
	pool := g.Pool(pl)
	return nil, fmt.Sprintf("%s %q: %s (your pool is ids %d to %d; %s lists them, the dead included)", SelectPlayerCreaturesInPlay, truncate(text), strings.Join(problems, "; "), pool[0], pool[len(pool)-1], GetPlayerCreaturePool)
}

// truncate shortens what a player wrote for a message.
func truncate(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
