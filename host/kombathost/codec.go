package kombathost

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/store"
)

// KOMBAT's codec: how a KOMBAT game's own part is kept in the store's game-neutral
// fields, which the store keeps without reading. The encoding is the one migration 8
// gave every row stored before (store/testdata holds such rows), so no stored game
// changed: two seats with the players and no data; the state
// {"human_seat":N,"kinds":[...]} (the kinds once agreed, [] before); each decision an
// action whose verb is the decision's action and whose data is [kind,row,col], or ""
// when all three are 0, with no clock (Elapsed 0); the configuration's file text.

// Name is KOMBAT's name in the store (store.Game.Game) and on the fronts.
const Name = store.GameKombat

// state is a KOMBAT row's state: what its rules need beyond the seats. Its JSON is
// migration 8's to the byte, so that a game in play written by either compares equal.
type state struct {
	HumanSeat int             `json:"human_seat"`
	Kinds     []game.KindSpec `json:"kinds"`
}

// decodeState reads a KOMBAT row's state ("" reads as none).
func decodeState(row *store.Game) (state, error) {
	var st state
	if row.State == "" {
		return st, nil
	}
	if err := json.Unmarshal([]byte(row.State), &st); err != nil {
		return st, fmt.Errorf("game %d: state: %w", row.ID, err)
	}
	if st.HumanSeat < 0 || st.HumanSeat > 2 {
		return st, fmt.Errorf("game %d: state: human seat %d; KOMBAT's is 1 or 2 (0 for 1)", row.ID, st.HumanSeat)
	}
	return st, nil
}

// encodeState writes st as row's state.
func encodeState(row *store.Game, st state) {
	if st.Kinds == nil {
		st.Kinds = []game.KindSpec{}
	}
	b, err := json.Marshal(st)
	if err != nil { // kinds are strings and numbers: it cannot fail
		panic(err)
	}
	row.State = string(b)
}

// NewRow writes a new KOMBAT game's own part into row: its players by seat ("" for a
// bot), the human's seat of a solitaire game (0 means 1) and its configuration; no
// kinds yet.
func NewRow(row *store.Game, players [2]string, humanSeat int, cfg game.Config) {
	row.Game, row.ConfigText = Name, cfg.String()
	row.Seats = []store.Seat{{Player: players[0]}, {Player: players[1]}}
	encodeState(row, state{HumanSeat: humanSeat})
}

// Players are a KOMBAT row's players by seat, "" for a bot.
func Players(row *store.Game) [2]string { return [2]string{row.Player(1), row.Player(2)} }

// SeatList are a KOMBAT row's players by seat as a slice (Players[:]), "" for a bot.
func SeatList(row *store.Game) []string { p := Players(row); return p[:] }

// HumanSeat is a KOMBAT row's human seat of a solitaire game, 1 or 2 (0 when unset,
// which means 1, as in game.Setup).
func HumanSeat(row *store.Game) int {
	st, _ := decodeState(row)
	return st.HumanSeat
}

// Kinds are a KOMBAT row's agreed kinds with their strategies (none until agreed).
func Kinds(row *store.Game) []game.KindSpec {
	st, _ := decodeState(row)
	return st.Kinds
}

// SetKinds writes the agreed kinds (nil: none agreed) into a KOMBAT row's state.
func SetKinds(row *store.Game, kinds []game.KindSpec) {
	st, _ := decodeState(row)
	st.Kinds = kinds
	encodeState(row, st)
}

// Config is a KOMBAT row's configuration, read as game.ParseStoredConfig reads it:
// a value an older version stored above today's bounds is lowered to them (lowered
// lists them).
func Config(row *store.Game) (cfg game.Config, lowered []string, err error) {
	cfg, lowered, err = game.ParseStoredConfig(row.ConfigText)
	if err != nil {
		return cfg, nil, fmt.Errorf("game %d: configuration: %w", row.ID, err)
	}
	return cfg, lowered, nil
}

// ConfigString is a KOMBAT row's configuration's file text as Config reads it (its
// stored text when that does not read).
func ConfigString(row *store.Game) string {
	cfg, _, err := Config(row)
	if err != nil {
		return row.ConfigText
	}
	return cfg.String()
}

// Record is a KOMBAT row's engine record: its setup and decisions, with its
// configuration lowered to today's bounds (Config), so that even a game stored by an
// older version replays in bounded time.
func Record(row *store.Game) (game.Record, error) {
	st, err := decodeState(row)
	if err != nil {
		return game.Record{}, err
	}
	cfg, _, err := Config(row)
	if err != nil {
		return game.Record{}, err
	}
	ds, err := Decisions(row)
	if err != nil {
		return game.Record{}, err
	}
	return game.Record{
		Setup:     game.Setup{Config: cfg, Seed: row.Seed, Mode: row.Mode, HumanSeat: st.HumanSeat, Kinds: st.Kinds},
		Decisions: ds,
	}, nil
}

// actions are the decisions the engine knows; a stored action of another verb could
// never be replayed.
func actions() []game.Action {
	return []game.Action{game.ActFreeSpawn, game.ActBuy, game.ActSpawn, game.ActEnd, game.ActResign, game.ActForfeit}
}

// action returns the engine's constant for a stored verb, so that decoding thousands
// of decisions does not allocate a string for each.
func action(verb string) (game.Action, bool) {
	for _, a := range actions() {
		if verb == string(a) {
			return a, true
		}
	}
	return "", false
}

// Decisions are a KOMBAT row's decisions, decoded from its actions.
func Decisions(row *store.Game) ([]game.Decision, error) {
	out := make([]game.Decision, len(row.Actions))
	for i, a := range row.Actions {
		act, ok := action(a.Verb)
		if !ok || a.Seat < 1 || a.Seat > 2 {
			return nil, fmt.Errorf("game %d: action %d (%+v) is no KOMBAT decision", row.ID, i, a)
		}
		out[i] = game.Decision{Player: a.Seat, Action: act}
		if err := parseDecisionData(a.Data, &out[i]); err != nil {
			return nil, fmt.Errorf("game %d: action %d: %w", row.ID, i, err)
		}
	}
	return out, nil
}

// EncodeDecisions are decisions as the store keeps them; a decision no game could
// replay (a seat other than 1 or 2, a negative kind, an action the engine does not
// know) is refused.
func EncodeDecisions(ds []game.Decision) ([]store.Action, error) {
	out := make([]store.Action, len(ds))
	var buf []byte
	for i, d := range ds {
		if d.Player != 1 && d.Player != 2 || d.Kind < 0 || !slices.Contains(actions(), d.Action) {
			return nil, fmt.Errorf("%w: decision %+v", store.ErrInvalidInput, d)
		}
		buf = decisionData(buf[:0], d)
		out[i] = store.Action{Seat: d.Player, Verb: string(d.Action), Data: string(buf)}
	}
	return out, nil
}

// decisionData appends a decision's data to b: [kind,row,col], or nothing when all
// three are 0 (an end, a resignation, a forfeit).
func decisionData(b []byte, d game.Decision) []byte {
	if d.Kind == 0 && d.Hex.Row == 0 && d.Hex.Col == 0 {
		return b
	}
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(d.Kind), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(d.Hex.Row), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(d.Hex.Col), 10)
	return append(b, ']')
}

// parseDecisionData reads what decisionData wrote into d.
func parseDecisionData(b string, d *game.Decision) error {
	if len(b) == 0 {
		return nil
	}
	var v [3]int
	if len(b) < 2 || b[0] != '[' || b[len(b)-1] != ']' {
		return fmt.Errorf("decision data %q", b)
	}
	f := b[1 : len(b)-1]
	for i := range v {
		end := len(f)
		if i < 2 {
			if end = strings.IndexByte(f, ','); end < 0 {
				return fmt.Errorf("decision data %q", b)
			}
		}
		n, err := strconv.Atoi(f[:end])
		if err != nil {
			return fmt.Errorf("decision data %q: %w", b, err)
		}
		v[i] = n
		f = f[min(end+1, len(f)):]
	}
	d.Kind, d.Hex.Row, d.Hex.Col = v[0], v[1], v[2]
	return nil
}

// SetupRow writes a KOMBAT game's own part with setup s into row: the players by seat,
// s's configuration, seed, human seat and kinds (a row stored straight into
// the store, as tests and tools write one).
func SetupRow(row *store.Game, players [2]string, s game.Setup) {
	row.Seed = s.Seed
	NewRow(row, players, s.HumanSeat, s.Config)
	SetKinds(row, s.Kinds)
}

// AppendDecisions commits decisions made at position pos of KOMBAT game id's record
// to db (store.DB.CommitActions, no result, no screen owed).
func AppendDecisions(ctx context.Context, db *store.DB, id int64, pos int, ds []game.Decision) error {
	as, err := EncodeDecisions(ds)
	if err != nil {
		return fmt.Errorf("store: game %d: %w", id, err)
	}
	return db.CommitActions(ctx, id, pos, as, nil, 0, nil)
}
