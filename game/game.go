package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/match"
)

// Mode is how the two seats are filled (R7): the shared vocabulary's.
type Mode = match.Mode

// The three modes: two humans, a human and the bot, two bots.
const (
	ModeDuel      = match.ModeDuel
	ModeSolitaire = match.ModeSolitaire
	ModeAuto      = match.ModeAuto
)

// Phase is the stage a game is in.
type Phase string

// The phases of a game.
const (
	PhaseSetup Phase = "setup" // waiting for the free spawns (R6)
	PhasePlay  Phase = "play"  // turns
	PhaseOver  Phase = "over"  // finished; Result says how
)

// KindSpec is a minion kind as players agree on it (R5).
type KindSpec struct {
	Name     string `json:"name"`
	Defense  int64  `json:"defense"`
	Strategy string `json:"strategy"`
}

// MaxKinds is the most kinds a game may have (R5).
const MaxKinds = 5

// Setup is everything needed to start a game; with the players' decisions it rebuilds
// the game exactly.
type Setup struct {
	Config    Config     `json:"config"`
	Seed      uint64     `json:"seed"`
	Mode      Mode       `json:"mode"`
	HumanSeat int        `json:"human_seat,omitzero"` // solitaire: the human's seat, 1 (default) or 2 (R7)
	Kinds     []KindSpec `json:"kinds"`
}

// Sentinel errors for refused actions; the error returned wraps one of them with the
// details (errors.Is works) and the game is unchanged.
var (
	ErrNotYourTurn     = errors.New("not your turn")
	ErrWrongPhase      = errors.New("not possible at this stage of the game")
	ErrGameOver        = errors.New("the game is over")
	ErrNotAPlayer      = errors.New("no such player")
	ErrUnknownKind     = errors.New("no such minion kind")
	ErrOffBoard        = errors.New("hex is off the board")
	ErrNotAdjacent     = errors.New("hex is not adjacent to your spawnable area")
	ErrAlreadyOwned    = errors.New("hex is already spawnable")
	ErrNotSpawnable    = errors.New("hex is not in your spawnable area")
	ErrOccupied        = errors.New("hex is occupied")
	ErrNoSpawnsLeft    = errors.New("no spawns left")
	ErrNotEnoughBudget = errors.New("not enough budget")
	ErrAlreadyDone     = errors.New("already done this turn")
	ErrTurnsPlayed     = errors.New("all turns played")
)

// ActionError is a refused action: a sentinel (Err) and a message for the player.
type ActionError struct {
	Err error
	Msg string
}

// Error is the refusal's message.
func (e *ActionError) Error() string { return e.Msg }

// Unwrap lets errors.Is match the sentinel.
func (e *ActionError) Unwrap() error { return e.Err }

func refuse(err error, format string, args ...any) error {
	return &ActionError{Err: err, Msg: fmt.Sprintf(format, args...)}
}

// kind is a compiled minion kind.
type kind struct {
	KindSpec
	prog    *interp.Program
	globals []int // the program's shared variables in the player's layout
}

type player struct {
	budget      float64
	turns       int   // turns started; the current turn's number while it is being played
	spawnsUsed  int64 // spawns made, the free one included
	spawnable   hexSet
	globals     []int64 // shared variables (R20), in Game.globalNames order
	freeSpawned bool
}

type minion struct {
	id     int
	owner  int
	kind   int
	hex    Hex
	hp     int64
	locals []int64
	dead   bool
}

// Game is one game of KOMBAT: deterministic given its Setup and the decisions made.
// It is not safe for concurrent use.
type Game struct {
	lang        *interp.Language
	setup       Setup
	kinds       []kind
	globalNames []string
	pcg         *rand.PCG
	rng         *rand.Rand
	players     [2]player
	board       [Rows * Cols]*minion
	version     uint64                    // counts changes to the board (positions, HP), for caching views
	rays        *rays                     // the hexes along each direction from each hex
	infoCache   [InfoNearby + 6]infoEntry // ally, opponent, nearby in each direction
	minions     []*minion                 // alive ones, oldest first
	nextID      int
	phase       Phase
	current     int // player to act in PhasePlay
	bought      bool
	spawned     bool
	turn        TurnLog   // the turn being played
	log         []TurnLog // finished turns: all with keepLog, else only the last
	finished    int       // turns finished
	keepLog     bool
	setupLog    []Event
	points      []TurnPoint // the report's series so far (Report)
	kills       []Kill      // the report's kills so far
	spawnsLeft  [2]int64    // spawns each player had left at the last point
	decisions   []Decision
	result      *Result
	machine     interp.Machine
	trace       bool
	stopped     bool // an evaluation was interrupted (SetStop): the game is half a turn on
}

// New starts a game in its setup phase: it checks the configuration's kinds (R5) and
// compiles their strategies. A strategy that does not compile gives an *interp.Error.
func New(lang *interp.Language, s Setup) (*Game, error) {
	if err := checkSetup(&s); err != nil {
		return nil, err
	}
	g := &Game{lang: lang, setup: s, phase: PhaseSetup, rays: newRays()}
	g.pcg = rand.NewPCG(s.Seed, s.Seed^0x9e3779b97f4a7c15)
	g.rng = rand.New(g.pcg)
	for p := 1; p <= 2; p++ {
		pl := g.player(p)
		pl.budget = float64(s.Config.InitBudget)
		for _, h := range StartArea(p) {
			pl.spawnable.add(h)
		}
	}
	for i, ks := range s.Kinds {
		if _, err := g.addKind(ks); err != nil {
			return nil, fmt.Errorf("kind %d (%s): %w", i+1, ks.Name, err)
		}
	}
	return g, nil
}

// addKind compiles a kind and extends the players' shared variables with its names:
// one layout per player for the union of all kinds' shared names (R20).
func (g *Game) addKind(ks KindSpec) (int, error) {
	prog, err := interp.Compile(g.lang, ks.Name, ks.Strategy)
	if err != nil {
		return 0, err
	}
	k := kind{KindSpec: ks, prog: prog}
	for _, name := range prog.Globals() {
		k.globals = append(k.globals, g.globalSlot(name))
	}
	g.kinds = append(g.kinds, k)
	return len(g.kinds) - 1, nil
}

// globalSlot returns where a shared variable lives in each player's globals, making
// room for it the first time.
func (g *Game) globalSlot(name string) int {
	i := slices.Index(g.globalNames, name)
	if i < 0 {
		i = len(g.globalNames)
		g.globalNames = append(g.globalNames, name)
		for p := range g.players {
			g.players[p].globals = append(g.players[p].globals, 0)
		}
	}
	return i
}

// checkSetup validates what New needs, filling defaults.
func checkSetup(s *Setup) error {
	switch s.Mode {
	case ModeDuel, ModeSolitaire, ModeAuto:
	case "":
		s.Mode = ModeDuel
	default:
		return fmt.Errorf("unknown mode %q: use duel, solitaire or auto", s.Mode)
	}
	if s.Mode == ModeSolitaire && s.HumanSeat == 0 {
		s.HumanSeat = 1
	}
	if s.HumanSeat < 0 || s.HumanSeat > 2 || s.HumanSeat != 0 && s.Mode != ModeSolitaire {
		return fmt.Errorf("human seat %d: only a solitaire game has one, and it is 1 or 2", s.HumanSeat)
	}
	if s.Config == (Config{}) {
		s.Config = DefaultConfig()
	}
	if err := s.Config.Check(); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	if n := len(s.Kinds); n < 1 || n > MaxKinds {
		return fmt.Errorf("a game needs 1 to %d minion kinds, got %d", MaxKinds, n)
	}
	seen := map[string]int{}
	for i, k := range s.Kinds {
		if err := CheckKindName(k.Name); err != nil {
			return fmt.Errorf("kind %d: %w", i+1, err)
		}
		if j, dup := seen[strings.ToLower(k.Name)]; dup {
			return fmt.Errorf("kind %d: the name %q is already used by kind %d (names are compared ignoring case)", i+1, k.Name, j)
		}
		seen[strings.ToLower(k.Name)] = i + 1
		if k.Defense < 0 {
			return fmt.Errorf("kind %d (%s): defense factor must be 0 or more, got %d", i+1, k.Name, k.Defense)
		}
	}
	return nil
}

// CheckKindName checks a kind name (R5): 1 to 20 letters, digits, spaces, '-' or '_'.
func CheckKindName(name string) error {
	if strings.TrimSpace(name) == "" {
		return errors.New("a kind needs a name")
	}
	if n := len([]rune(name)); n > 20 {
		return fmt.Errorf("kind name %q is %d characters long; the limit is 20", name, n)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == ' ' || r == '-' || r == '_') {
			return fmt.Errorf("kind name %q has %q: use letters, digits, spaces, '-' and '_'", name, r)
		}
	}
	return nil
}

func (g *Game) player(p int) *player { return &g.players[p-1] }

// SetTracing makes every minion evaluation record its trace in its EvEval event.
func (g *Game) SetTracing(on bool) { g.trace = on }

// Language is the strategy language the kinds were compiled with.
func (g *Game) Language() *interp.Language { return g.lang }

// Setup returns the setup the game was started with.
func (g *Game) Setup() Setup { return g.setup }

// Config returns the game's configuration.
func (g *Game) Config() Config { return g.setup.Config }

// Phase is the stage the game is in.
func (g *Game) Phase() Phase { return g.phase }

// Current is the player whose turn it is (PhasePlay), or 0.
func (g *Game) Current() int {
	if g.phase != PhasePlay {
		return 0
	}
	return g.current
}

// Result is the outcome once the game is over, else nil.
func (g *Game) Result() *Result {
	if g.result == nil {
		return nil
	}
	r := *g.result
	return &r
}

// IsBot reports whether seat p is played by the bot (R7).
func (g *Game) IsBot(p int) bool {
	switch g.setup.Mode {
	case ModeAuto:
		return true
	case ModeSolitaire:
		return p != g.setup.HumanSeat
	}
	return false
}

// SetKeepLog makes the game keep every finished turn's log (for Log); by default it
// keeps only the last, since a long game's logs can be large and replays rebuild them.
func (g *Game) SetKeepLog(on bool) { g.keepLog = on }

// Log returns the finished turns kept (all of them with SetKeepLog), oldest first.
func (g *Game) Log() []TurnLog { return append([]TurnLog(nil), g.log...) }

// Turns is the number of turns finished.
func (g *Game) Turns() int { return g.finished }

// endTurnLog files the turn being played as finished.
func (g *Game) endTurnLog() TurnLog {
	done := g.turn
	if g.keepLog {
		g.log = append(g.log, done)
	} else {
		g.log = append(g.log[:0], done)
	}
	g.finished++
	g.turn = TurnLog{}
	return done
}

// LastTurn returns the most recently finished turn, if any.
func (g *Game) LastTurn() (TurnLog, bool) {
	if len(g.log) == 0 {
		return TurnLog{}, false
	}
	return g.log[len(g.log)-1], true
}

// CurrentTurn returns the log of the turn being played so far (income, purchase...).
func (g *Game) CurrentTurn() TurnLog {
	t := g.turn
	t.Events = append([]Event(nil), t.Events...)
	return t
}

// SetupEvents returns the free spawns made during setup.
func (g *Game) SetupEvents() []Event { return append([]Event(nil), g.setupLog...) }

// Kinds returns the game's minion kinds.
func (g *Game) Kinds() []KindSpec {
	out := make([]KindSpec, len(g.kinds))
	for i, k := range g.kinds {
		out[i] = k.KindSpec
	}
	return out
}

// Program returns the compiled strategy of kind k (0-based).
func (g *Game) Program(k int) *interp.Program { return g.kinds[k].prog }

func (g *Game) checkPlayer(p int) error {
	if g.stopped {
		return ErrStopped
	}
	if p != 1 && p != 2 {
		return refuse(ErrNotAPlayer, "player %d does not exist: players are 1 and 2", p)
	}
	return nil
}

func (g *Game) checkKind(k int) error {
	if k < 0 || k >= len(g.kinds) {
		return refuse(ErrUnknownKind, "minion kind %d does not exist: kinds are 1 to %d", k+1, len(g.kinds))
	}
	return nil
}

// checkTurn refuses actions out of phase or out of turn.
func (g *Game) checkTurn(p int) error {
	if err := g.checkPlayer(p); err != nil {
		return err
	}
	switch g.phase {
	case PhaseOver:
		return refuse(ErrGameOver, "the game is over")
	case PhaseSetup:
		return refuse(ErrWrongPhase, "the game has not started: both players make their free spawn first")
	}
	if p != g.current {
		return refuse(ErrNotYourTurn, "it is player %d's turn, not player %d's", g.current, p)
	}
	return nil
}

func (g *Game) at(h Hex) *minion {
	if !h.OnBoard() {
		return nil
	}
	return g.board[h.index()]
}

// addMinion places a new minion; it runs after all older ones.
func (g *Game) addMinion(p, k int, h Hex) *minion {
	g.nextID++
	m := &minion{id: g.nextID, owner: p, kind: k, hex: h, hp: g.setup.Config.InitHP,
		locals: make([]int64, len(g.kinds[k].prog.Locals()))}
	g.minions = append(g.minions, m)
	g.board[h.index()] = m
	g.version++
	g.player(p).spawnsUsed++
	return m
}

// FreeSpawnOptions lists the hexes where player p may make its free spawn.
func (g *Game) FreeSpawnOptions(p int) []Hex {
	if g.phase != PhaseSetup || g.checkPlayer(p) != nil || g.player(p).freeSpawned {
		return nil
	}
	return g.emptySpawnable(p)
}

func (g *Game) emptySpawnable(p int) []Hex {
	var out []Hex
	for _, h := range g.player(p).spawnable.list() {
		if g.at(h) == nil {
			out = append(out, h)
		}
	}
	return out
}

// FreeSpawn is player p's free spawn in setup (R6): a minion of kind k (0-based) on an
// empty hex of its spawnable area, at no cost. Once both players have made theirs, the
// game starts with player 1's first turn.
func (g *Game) FreeSpawn(p, k int, h Hex) error {
	if err := g.checkPlayer(p); err != nil {
		return err
	}
	if g.phase != PhaseSetup {
		return refuse(ErrWrongPhase, "the free spawns are over: the game has started")
	}
	pl := g.player(p)
	if pl.freeSpawned {
		return refuse(ErrAlreadyDone, "player %d has already made its free spawn", p)
	}
	if err := g.checkKind(k); err != nil {
		return err
	}
	if err := g.checkSpawnHex(p, h); err != nil {
		return err
	}
	m := g.addMinion(p, k, h)
	pl.freeSpawned = true
	g.setupLog = append(g.setupLog, Event{Type: EvSpawn, Player: p, Minion: m.id, Kind: g.kinds[k].Name, At: h, Budget: pl.budget})
	g.decisions = append(g.decisions, Decision{Player: p, Action: ActFreeSpawn, Kind: k, Hex: h})
	if g.players[0].freeSpawned && g.players[1].freeSpawned {
		g.phase = PhasePlay
		_ = g.beginTurn(1) // never refused: max_turns is at least 1
		g.notePoint(true, 0, g.setupLog)
	}
	return nil
}

func (g *Game) checkSpawnHex(p int, h Hex) error {
	if !h.OnBoard() {
		return refuse(ErrOffBoard, "%v is off the board: rows and columns go from 1 to 8", h)
	}
	if !g.player(p).spawnable.has(h) {
		return refuse(ErrNotSpawnable, "%v is not in player %d's spawnable area", h, p)
	}
	if g.at(h) != nil {
		return refuse(ErrOccupied, "%v is occupied", h)
	}
	return nil
}

// BuyOptions lists the hexes player p may buy now (R10), whether or not it can afford
// them; empty when buying is not possible now.
func (g *Game) BuyOptions(p int) []Hex {
	if g.phase != PhasePlay || p != g.current || g.bought || g.spawned {
		return nil
	}
	own := g.player(p).spawnable
	taken := g.players[0].spawnable | g.players[1].spawnable
	var out []Hex
	for i := range Rows * Cols {
		if taken&(1<<i) != 0 {
			continue
		}
		h := hexAt(i)
		for _, d := range Directions() {
			if own.has(h.Neighbor(d)) {
				out = append(out, h)
				break
			}
		}
	}
	return out
}

// buyable checks R10's placement rules (not the budget).
func (g *Game) buyable(p int, h Hex) error {
	if !h.OnBoard() {
		return refuse(ErrOffBoard, "%v is off the board: rows and columns go from 1 to 8", h)
	}
	if g.players[0].spawnable.has(h) || g.players[1].spawnable.has(h) {
		return refuse(ErrAlreadyOwned, "%v is already a spawnable hex", h)
	}
	own := g.player(p).spawnable
	for _, d := range Directions() {
		if own.has(h.Neighbor(d)) {
			return nil
		}
	}
	return refuse(ErrNotAdjacent, "%v is not adjacent to player %d's spawnable hexes", h, p)
}

// Buy is player p's hex purchase for this turn (R10): at most one, before any spawn.
func (g *Game) Buy(p int, h Hex) error {
	if err := g.checkTurn(p); err != nil {
		return err
	}
	if g.bought {
		return refuse(ErrAlreadyDone, "player %d has already bought a hex this turn", p)
	}
	if g.spawned {
		return refuse(ErrWrongPhase, "a hex is bought before spawning: player %d has already spawned this turn", p)
	}
	if err := g.buyable(p, h); err != nil {
		return err
	}
	pl := g.player(p)
	cost := g.setup.Config.HexPurchaseCost
	if pl.budget < float64(cost) {
		return refuse(ErrNotEnoughBudget, "buying a hex costs %d; player %d has %.2f", cost, p, pl.budget)
	}
	pl.budget -= float64(cost)
	pl.spawnable.add(h)
	g.bought = true
	g.turn.Events = append(g.turn.Events, Event{Type: EvBuy, Player: p, At: h, Amount: float64(cost), Budget: pl.budget})
	g.decisions = append(g.decisions, Decision{Player: p, Action: ActBuy, Hex: h})
	return nil
}

// SpawnOptions lists the empty spawnable hexes where player p may spawn now (R11),
// whether or not it can afford it; empty when spawning is not possible now.
func (g *Game) SpawnOptions(p int) []Hex {
	if g.checkTurn(p) != nil || g.spawned || g.player(p).spawnsUsed >= g.setup.Config.MaxSpawns {
		return nil
	}
	return g.emptySpawnable(p)
}

// Spawn is player p's spawn for this turn (R11): a minion of kind k (0-based) on an
// empty spawnable hex; it runs its strategy this turn, last.
func (g *Game) Spawn(p, k int, h Hex) error {
	if err := g.checkTurn(p); err != nil {
		return err
	}
	if g.spawned {
		return refuse(ErrAlreadyDone, "player %d has already spawned this turn", p)
	}
	if err := g.checkKind(k); err != nil {
		return err
	}
	pl := g.player(p)
	cfg := g.setup.Config
	if pl.spawnsUsed >= cfg.MaxSpawns {
		return refuse(ErrNoSpawnsLeft, "player %d has used all %d spawns", p, cfg.MaxSpawns)
	}
	if err := g.checkSpawnHex(p, h); err != nil {
		return err
	}
	if pl.budget < float64(cfg.SpawnCost) {
		return refuse(ErrNotEnoughBudget, "spawning costs %d; player %d has %.2f", cfg.SpawnCost, p, pl.budget)
	}
	pl.budget -= float64(cfg.SpawnCost)
	m := g.addMinion(p, k, h)
	g.spawned = true
	g.turn.Events = append(g.turn.Events, Event{Type: EvSpawn, Player: p, Minion: m.id, Kind: g.kinds[k].Name, At: h, Amount: float64(cfg.SpawnCost), Budget: pl.budget})
	g.decisions = append(g.decisions, Decision{Player: p, Action: ActSpawn, Kind: k, Hex: h})
	return nil
}

// Resign ends the game: player p loses. Possible in setup and play.
func (g *Game) Resign(p int) error { return g.concede(p, ReasonResign, ActResign) }

// Forfeit ends the game because player p ran out of time: p loses.
func (g *Game) Forfeit(p int) error { return g.concede(p, ReasonForfeit, ActForfeit) }

func (g *Game) concede(p int, why Reason, act Action) error {
	if err := g.checkPlayer(p); err != nil {
		return err
	}
	if g.phase == PhaseOver {
		return refuse(ErrGameOver, "the game is over")
	}
	g.decisions = append(g.decisions, Decision{Player: p, Action: act})
	inPlay := g.phase == PhasePlay
	g.finish(Result{Winner: 3 - p, Reason: why})
	if inPlay { // the turn in progress ends here
		done := g.endTurnLog()
		g.notePoint(false, done.Player, done.Events)
	} else {
		g.notePoint(true, 0, g.setupLog)
	}
	return nil
}

func (g *Game) finish(r Result) {
	g.result = &r
	g.phase = PhaseOver
	g.turn.Result = &r
}
