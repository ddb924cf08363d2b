package store

import (
	"encoding/json"
	"time"

	"github.com/kombat-game/kombat/upbeat"
)

// The store's tests write and read UPBEAT games as its adapter does (upbeathost's
// codec): the store does not know UPBEAT, so its tests say UPBEAT's encoding here, the
// one the fixtures (testdata/v7.db, v9.db) hold: each seat's data {"plan":...} for a
// seat with a first plan, a prefix of the seats; actions with their kind as verb and
// their plan as data; the configuration's file text as config; no state.

// upTest is an UPBEAT game's own part as the tests build and check it.
type upTest struct {
	Seats   []string        `json:"seats"`
	Plans   []string        `json:"plans,omitempty"`
	Config  upbeat.Config   `json:"-"`
	Actions []upbeat.Action `json:"-"`
}

// upRow is a new UPBEAT row of scope and place with u's seats, first plans and config.
func upRow(scope, place string, status Status, seed uint64, u upTest) *Game {
	g := &Game{Scope: scope, Place: place, Mode: "duel", Status: status, Seed: seed, Game: GameUpbeat}
	u.put(g)
	return g
}

// put writes u's seats, first plans and configuration into g's neutral fields.
func (u upTest) put(g *Game) {
	g.ConfigText, g.Seats = u.Config.String(), make([]Seat, len(u.Seats))
	for i, p := range u.Seats {
		g.Seats[i].Player = p
		if i < len(u.Plans) {
			b, err := json.Marshal(struct {
				Plan string `json:"plan"`
			}{u.Plans[i]})
			if err != nil {
				panic(err)
			}
			g.Seats[i].Data = string(b)
		}
	}
}

// upActs are UPBEAT's actions as the actions table keeps them.
func upActs(as []upbeat.Action) []Action {
	out := make([]Action, len(as))
	for i, a := range as {
		out[i] = Action{Seat: a.Player, Verb: string(a.Kind), Data: a.Plan, Elapsed: a.Elapsed}
	}
	return out
}

// upOf reads an UPBEAT row's own part back (nil for another game's row).
func upOf(g *Game) *upTest {
	if g.Game != GameUpbeat {
		return nil
	}
	cfg, err := upbeat.ParseConfig(g.ConfigText)
	if err != nil {
		panic(err)
	}
	u := &upTest{Config: cfg}
	for _, s := range g.Seats {
		u.Seats = append(u.Seats, s.Player)
		if s.Data != "" {
			var d struct {
				Plan string `json:"plan"`
			}
			if err := json.Unmarshal([]byte(s.Data), &d); err != nil {
				panic(err)
			}
			u.Plans = append(u.Plans, d.Plan)
		}
	}
	for _, a := range g.Actions {
		u.Actions = append(u.Actions, upbeat.Action{Player: a.Seat, Kind: upbeat.ActionKind(a.Verb), Plan: a.Data, Elapsed: time.Duration(a.Elapsed)})
	}
	return u
}

// record is the game's UPBEAT record, for upbeat.Replay.
func (u *upTest) record(seed uint64) upbeat.Record {
	return upbeat.Record{Setup: upbeat.Setup{Config: u.Config, Seed: seed, Players: len(u.Seats), Plans: u.Plans}, Actions: u.Actions}
}
