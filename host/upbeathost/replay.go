package upbeathost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// UPBEAT's replays: the stored record played again, step by step (the start, then
// each turn confirmed or player resigned), for an animation and a viewer that steps
// through it. They read the store, never a live table: a game in play replays up to
// its last stored step without waiting for, or holding up, its players.

// UpMaxFrames bounds an UPBEAT replay's animation: a longer game (up to 6 players x
// upbeat.MaxMaxTurns turns) shows this many steps, sampled evenly (UpSample).
const UpMaxFrames = 100

// UpRecord is an UPBEAT game as the store keeps it, for a replay: its row, with every
// action, its own part decoded (Part) and its lobby (the seats' names and bot levels).
type UpRecord struct {
	Row  *store.Game
	Part *Upbeat
	Up   UpLobby
}

// Table wraps the record in a detached table (never registered nor locked), for the
// helpers that name players.
func (v *UpRecord) Table() *host.Table {
	return host.NewTable(v.Row, func(t *host.Table) host.Hosted { return &hosted{t: t, lob: &v.Up, up: v.Part} })
}

// Steps is how many steps the game has so far: the start, and one per turn confirmed,
// player resigned or the game stopped.
func (v *UpRecord) Steps() int {
	n := 1
	for _, a := range v.Part.Actions {
		if a.Kind != upbeat.ActRevise {
			n++
		}
	}
	return n
}

// UpReplayGame finds the UPBEAT game a replay asked for in a server's place: game id,
// which must be an UPBEAT game of that server that has begun, or (id 0) the game in
// play in the place, else the last one finished there. Anything else is a *Refusal.
func (u *Up) UpReplayGame(ctx context.Context, guild, place string, id int64) (*UpRecord, error) {
	var row *store.Game
	var err error
	if id > 0 {
		row, err = u.h.DB().Game(ctx, id)
		if errors.Is(err, store.ErrNotFound) || err == nil && row.Scope != guild {
			return nil, host.Refuse(host.CodeNoSuchGame, "There is no game #%d on this server.", id)
		}
		if err == nil && !IsUpbeat(row) {
			return nil, host.Refuse(host.CodeWrongGame, "Game #%d is a KOMBAT game, not an UPBEAT one: %s replays it.", id, host.Command(fmt.Sprintf("kombat replay game:%d", id)))
		}
	} else {
		row, err = u.h.DB().ActiveAt(ctx, place)
		if err == nil && (!IsUpbeat(row) || row.Status != store.StatusPlay) {
			err = store.ErrNotFound
		}
		if errors.Is(err, store.ErrNotFound) {
			row, err = u.h.DB().LastGameIn(ctx, Name, place)
		}
		if errors.Is(err, store.ErrNotFound) {
			return nil, host.Refuse(host.CodeNothingYet, "No UPBEAT game is being played or has finished in this channel. Give a game number: %s.", host.Command("upbeat replay game:ID"))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("host: upbeat game for replay: %w", err)
	}
	if row.Status != store.StatusPlay && row.Status != store.StatusOver {
		return nil, host.Refuse(host.CodeNotStarted, "Game #%d has not begun (it is %s): there is nothing to replay yet.", row.ID, row.Status)
	}
	return upRecordOf(row)
}

// UpReplayOf loads UPBEAT game id for a replay viewer's step; a game that is gone or
// is not an UPBEAT game in play or over is a *Refusal.
func (u *Up) UpReplayOf(ctx context.Context, id int64) (*UpRecord, error) {
	row, err := u.h.DB().Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) || err == nil && (!IsUpbeat(row) || row.Status != store.StatusPlay && row.Status != store.StatusOver) {
		return nil, host.Refuse(host.CodeGone, "This game can no longer be replayed.")
	}
	if err != nil {
		return nil, fmt.Errorf("host: upbeat game %d for replay: %w", id, err)
	}
	return upRecordOf(row)
}

func upRecordOf(row *store.Game) (*UpRecord, error) {
	up, err := Decode(row)
	if err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	v := &UpRecord{Row: row, Part: up}
	if err := json.Unmarshal(row.Setup, &v.Up); err != nil {
		return nil, fmt.Errorf("host: game %d has an unreadable setup: %w", row.ID, err)
	}
	if n := len(up.Seats); len(v.Up.Names) != n || len(v.Up.Levels) != n {
		return nil, fmt.Errorf("host: game %d has a setup for %d seats, not %d", row.ID, len(v.Up.Names), n)
	}
	return v, nil
}

// UpStep is one step of an UPBEAT replay and the state after it.
type UpStep struct {
	Step   int             // 0 for the start, k for the k-th turn or resignation
	Player int             // who played it; 0 for the start
	Resign bool            // the step is Player's resignation, not a turn
	Stop   bool            // the step is the game stopped early (StopUpbeat) on Player's turn
	Log    upbeat.TurnLog  // the turn's log (the crew's path, its invests, collects and shots); empty for the start and a resignation
	Snap   upbeat.Snapshot // the game after the step
}

// UpReplay plays v's record again and returns the steps asked for (ascending, each
// below v.Steps()), each with the state right after it: a game in play replays up to
// its last stored step (a revision stored after it changes none of them).
//
// A long game's replay costs what its play did, seconds of a core for thousands of
// turns, and a viewer steps through it a press at a time. So replays resume from
// checkpoints (copies of the game every upEvery steps, kept for the games replayed
// last), and run one at a time, leaving the games in play the machine's other cores.
func (u *Up) UpReplay(v *UpRecord, steps []int) ([]UpStep, error) {
	n := v.Steps()
	for i, s := range steps {
		if s < 0 || s >= n || i > 0 && s <= steps[i-1] {
			return nil, fmt.Errorf("host: replay steps %v of a game of %d steps", steps, n)
		}
	}
	out := make([]UpStep, 0, len(steps))
	if len(steps) == 0 {
		return out, nil
	}
	defer u.h.LockReplays()()
	rec := v.Part.Record(v.Row.Seed)
	points, _ := u.points.Take(v.Row.ID)
	defer func() {
		if len(points) > 0 {
			u.points.Keep(v.Row.ID, points)
		}
	}()
	// Resume from the last checkpoint before the first step asked for: a checkpoint
	// keeps the state after its step, not how the step was played.
	var g *upbeat.Game
	step, from := 0, 0
	if k := upLastBefore(points, steps[0]-1); k >= 0 {
		g, step, from = points[k].g.Copy(), points[k].step, points[k].action
	} else {
		var err error
		if g, err = upbeat.New(u.lang, rec.Setup); err != nil {
			return nil, fmt.Errorf("host: replay game %d: %w", v.Row.ID, err)
		}
		if len(points) == 0 {
			points = []upPoint{{g: g.Copy()}}
		}
		if steps[0] == 0 {
			out = append(out, UpStep{Snap: g.Snapshot()})
		}
	}
	for i := from; i < len(rec.Actions) && len(out) < len(steps); i++ {
		a := rec.Actions[i]
		// A step nobody sees needs no events, but the step before one seen opens its
		// turn (the interest paid), and a checkpoint keeps the open turn's interest.
		next := steps[len(out)]
		g.SetQuiet(step+1 != next && step+2 != next && (step+1)%upEvery != 0)
		log, err := g.Apply(a)
		if err != nil {
			return nil, fmt.Errorf("host: replay game %d, action %d: %w", v.Row.ID, i+1, err)
		}
		if a.Kind == upbeat.ActRevise {
			continue
		}
		step++
		if step%upEvery == 0 && step > points[len(points)-1].step {
			points = append(points, upPoint{step: step, action: i + 1, g: g.Copy()})
		}
		if step == steps[len(out)] {
			out = append(out, UpStep{Step: step, Player: a.Player, Resign: a.Kind == upbeat.ActResign, Stop: a.Kind == upbeat.ActStop, Log: log, Snap: g.Snapshot()})
		}
	}
	return out, nil
}

// upEvery is how many steps apart a replay keeps its checkpoints: a viewer's press
// replays at most this many turns once the game's checkpoints exist.
const upEvery = 64

// upPoint is a checkpoint: the game after step, which is after its record's first
// action actions.
type upPoint struct {
	step, action int
	g            *upbeat.Game
}

// upLastBefore is the index of the last checkpoint at or before step, or -1.
func upLastBefore(points []upPoint, step int) int {
	k := -1
	for i, p := range points {
		if p.step <= step {
			k = i
		}
	}
	return k
}

// UpSample picks at most most of n steps, evenly spread, always the first and the
// last: all of them when n is at most most.
func UpSample(n, most int) []int { return host.Sample(n, most) }

// UpOver is a finished UPBEAT game for what still answers once it is over (/upbeat
// status and board, their buttons): game id when id > 0, else the last one finished at
// place (shown there, or started from it). It is a detached table (never registered
// nor locked) whose engine UpEngine rebuilds from the record. None is a *Refusal.
func (u *Up) UpOver(ctx context.Context, place string, id int64) (*host.Table, error) {
	var row *store.Game
	var err error
	if id > 0 {
		row, err = u.h.DB().Game(ctx, id)
		if err == nil && (!IsUpbeat(row) || row.Status != store.StatusOver) {
			err = store.ErrNotFound
		}
	} else {
		row, err = u.h.DB().LastGameIn(ctx, Name, place)
	}
	switch {
	case errors.Is(err, store.ErrNotFound) && id > 0:
		return nil, host.Refuse(host.CodeGone, "This game is over or no longer exists.")
	case errors.Is(err, store.ErrNotFound):
		return nil, host.Refuse(host.CodeNothingYet, "No UPBEAT game is being played in this channel. Open one with %s.", host.Command("upbeat new"))
	case err != nil:
		return nil, fmt.Errorf("host: finished upbeat game: %w", err)
	}
	v, err := upRecordOf(row)
	if err != nil {
		return nil, err
	}
	return v.Table(), nil
}

// UpWhy is what an UPBEAT turn's Why? shows: the game and the turn's log, traced.
type UpWhy struct {
	Rec *UpRecord
	N   int            // the turn: every player's confirmed turns counted together, from 1
	Log upbeat.TurnLog // with its Trace
}

// UpWhy explains a turn of UPBEAT game id to user, up to its upTo-th confirmed turn
// (0: the last): their own latest turn when they play in it, since the screen after a
// person's turn is soon replaced by the bots'; for anyone else, once the game is over
// or in an auto game, that turn itself. While a game of people goes on, a player sees
// only their own turns (the others' plans and variables stay private) and a spectator
// none. It reads the store, never a live table. What it will not show is a *Refusal.
func (u *Up) UpWhy(ctx context.Context, id int64, upTo int, user string) (*UpWhy, error) {
	row, err := u.h.DB().Game(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound) || err == nil && !IsUpbeat(row):
		return nil, host.Refuse(host.CodeGone, "This game no longer exists.")
	case err != nil:
		return nil, fmt.Errorf("host: upbeat game %d for why: %w", id, err)
	case row.Status != store.StatusPlay && row.Status != store.StatusOver:
		return nil, host.Refuse(host.CodeNotStarted, "The game has not begun: no turn has been played.")
	}
	v, err := upRecordOf(row)
	if err != nil {
		return nil, err
	}
	seats := v.Part.Seats
	n, mine := 0, 0
	for _, a := range v.Part.Actions {
		if a.Kind != upbeat.ActConfirm || upTo > 0 && n == upTo {
			continue
		}
		if n++; seats[a.Player-1] == user {
			mine = n
		}
	}
	switch seated := user != "" && slices.Contains(seats, user); {
	case seated && mine == 0:
		return nil, host.Refuse(host.CodeNothingYet, "You have not played a turn in this game yet: %s explains your own turns.", host.Control("Why?"))
	case seated:
		n = mine
	case row.Status != store.StatusOver && row.Mode != match.ModeAuto:
		return nil, host.Refuse(host.CodePrivate, "Only the players see why their plans did what they did while the game goes on; everyone can see it once it is over.")
	case n == 0:
		return nil, host.Refuse(host.CodeNothingYet, "No turn has been played in this game yet.")
	}
	log, err := upbeat.TraceTurn(u.lang, v.Part.Record(row.Seed), n)
	if err != nil {
		return nil, fmt.Errorf("host: trace turn %d of game %d: %w", n, id, err)
	}
	return &UpWhy{Rec: v, N: n, Log: log}, nil
}
