package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kombat-game/kombat/game"
)

// KOMBAT's rows in the store's tests. The store keeps no game's own part: KOMBAT's
// adapter (host/kombathost, which the store may not import) encodes it into the
// neutral fields, and the tests below write and read KOMBAT's rows the same way, as
// migration 8 left the rows stored before: two seats with the players, the state
// {"human_seat":N,"kinds":[...]}, each decision an action (verb the action, data
// [kind,row,col] or "" when all three are 0) and the configuration's file text. The
// DB methods here are the tests' shorthand for the neutral calls with such rows.

// kTest is a KOMBAT game's own part as the tests write and read it.
type kTest struct {
	Players   [2]string
	HumanSeat int
	Config    game.Config
	Lowered   []string // what reading Config lowered to today's bounds
	Kinds     []game.KindSpec
	Decisions []game.Decision
}

// kState is a KOMBAT row's state column.
type kState struct {
	HumanSeat int             `json:"human_seat"`
	Kinds     []game.KindSpec `json:"kinds"`
}

// put writes k's players, human seat, configuration and kinds into g (its decisions
// are committed apart), naming g KOMBAT's.
func (k kTest) put(g *Game) {
	g.Game, g.ConfigText = GameKombat, k.Config.String()
	g.Seats = []Seat{{Player: k.Players[0]}, {Player: k.Players[1]}}
	kinds := k.Kinds
	if kinds == nil {
		kinds = []game.KindSpec{}
	}
	b, err := json.Marshal(kState{HumanSeat: k.HumanSeat, Kinds: kinds})
	if err != nil {
		panic(err)
	}
	g.State = string(b)
}

// kOf reads a KOMBAT row's own part back.
func kOf(g *Game) kTest {
	var k kTest
	var st kState
	if err := json.Unmarshal([]byte(g.State), &st); err != nil {
		panic(fmt.Sprintf("game %d: state %q: %v", g.ID, g.State, err))
	}
	k.HumanSeat, k.Kinds = st.HumanSeat, st.Kinds
	for i := range min(len(g.Seats), 2) {
		k.Players[i] = g.Seats[i].Player
	}
	var err error
	if k.Config, k.Lowered, err = game.ParseStoredConfig(g.ConfigText); err != nil {
		panic(fmt.Sprintf("game %d: configuration: %v", g.ID, err))
	}
	for _, a := range g.Actions {
		d := game.Decision{Player: a.Seat, Action: game.Action(a.Verb)}
		if a.Data != "" {
			var v [3]int
			if err := json.Unmarshal([]byte(a.Data), &v); err != nil {
				panic(fmt.Sprintf("game %d: action %+v: %v", g.ID, a, err))
			}
			d.Kind, d.Hex.Row, d.Hex.Col = v[0], v[1], v[2]
		}
		k.Decisions = append(k.Decisions, d)
	}
	return k
}

// setKinds writes the agreed kinds into a KOMBAT row's state.
func setKinds(g *Game, kinds []game.KindSpec) {
	k := kOf(g)
	k.Kinds = kinds
	k.put(g)
}

// record is a KOMBAT row's engine record.
func (k kTest) record(g *Game) game.Record {
	return game.Record{
		Setup:     game.Setup{Config: k.Config, Seed: g.Seed, Mode: g.Mode, HumanSeat: k.HumanSeat, Kinds: k.Kinds},
		Decisions: k.Decisions,
	}
}

// kActs are decisions as the actions table keeps them.
func kActs(ds []game.Decision) []Action {
	out := make([]Action, len(ds))
	for i, d := range ds {
		out[i] = Action{Seat: d.Player, Verb: string(d.Action)}
		if d.Kind != 0 || d.Hex.Row != 0 || d.Hex.Col != 0 {
			out[i].Data = fmt.Sprintf("[%d,%d,%d]", d.Kind, d.Hex.Row, d.Hex.Col)
		}
	}
	return out
}

// AppendDecisions commits KOMBAT decisions at pos: CommitActions.
func (db *DB) AppendDecisions(ctx context.Context, id int64, pos int, ds []game.Decision) error {
	return db.CommitActions(ctx, id, pos, kActs(ds), nil, 0, nil)
}

// Finish commits a KOMBAT game's last decisions with its result: CommitRated.
func (db *DB) Finish(ctx context.Context, id int64, pos int, ds []game.Decision, res game.Result, turns int, policy RatingPolicy) error {
	return db.CommitRated(ctx, id, pos, kActs(ds), &res, turns, nil, policy)
}

// CommitOwing commits KOMBAT decisions (and the result, when res is not nil) owing
// the screen with summary: CommitRated.
func (db *DB) CommitOwing(ctx context.Context, id int64, pos int, ds []game.Decision, res *game.Result, turns int, summary string, policy RatingPolicy) error {
	return db.CommitRated(ctx, id, pos, kActs(ds), res, turns, &summary, policy)
}

// wordsOf are the words of a game's shelf, as its adapter gives them.
func wordsOf(name GameName) Words {
	if name == GameUpbeat {
		return Words{One: "plan", Many: "plans"}
	}
	return Words{One: "strategy", Many: "strategies"}
}

// kombatShelf is KOMBAT's library of strategies.
func (db *DB) kombatShelf() Shelf { return db.Shelf(GameKombat, wordsOf(GameKombat)) }

// SaveStrategy saves a KOMBAT strategy.
func (db *DB) SaveStrategy(ctx context.Context, owner, name, source string, defense int64, create bool) (int, error) {
	return db.kombatShelf().Save(ctx, owner, name, source, defense, create)
}

// GetStrategy reads a KOMBAT strategy.
func (db *DB) GetStrategy(ctx context.Context, owner, name string, version int) (Strategy, error) {
	return db.kombatShelf().Get(ctx, owner, name, version)
}

// ListStrategies lists a player's KOMBAT strategies.
func (db *DB) ListStrategies(ctx context.Context, owner string) ([]Strategy, error) {
	return db.kombatShelf().List(ctx, owner)
}

// StrategyVersions lists a KOMBAT strategy's versions.
func (db *DB) StrategyVersions(ctx context.Context, owner, name string) ([]Strategy, error) {
	return db.kombatShelf().Versions(ctx, owner, name)
}

// DeleteStrategy deletes a KOMBAT strategy.
func (db *DB) DeleteStrategy(ctx context.Context, owner, name string) error {
	return db.kombatShelf().Delete(ctx, owner, name)
}

// RecentGames lists a user's latest KOMBAT games (a bot's, "", too), newest first,
// without actions: PlayedGames of KOMBAT's, which lists none for a bot.
func (db *DB) RecentGames(ctx context.Context, guild, user string, limit int) ([]*Game, error) {
	return db.games(ctx, false, `WHERE game = ? AND scope = ? AND id IN (SELECT game_id FROM seats WHERE player = ?)
		AND status IN ('over', 'play', 'setup') ORDER BY id DESC LIMIT ?`, string(GameKombat), guild, user, limit)
}
