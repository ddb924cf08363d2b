package upbeathost

import (
	"fmt"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// The last turn's crew path. An UPBEAT screen draws the crew's path of the turn it
// follows (its log's events); the host keeps that log beside the engine, so that a
// game rebuilt from its record after a restart draws the same path as before it. No
// migration is needed: replaying the record, which a rebuild does anyway, produces it.

// UpLast is the log of the turn an UPBEAT game's latest screen follows: the last
// confirmed turn, or nothing when the latest event was the start or a resignation.
// The engine is rebuilt first when needed; an engine that cannot be gives nothing.
func (u *Up) UpLast(t *host.Table) upbeat.TurnLog {
	if _, err := u.UpEngine(t); err != nil {
		return upbeat.TurnLog{}
	}
	return part(t).last
}

// upLastOf is the log a screen owed for e draws: its turn's, or none.
func upLastOf(e host.Event) upbeat.TurnLog {
	log, _ := e.Turn.(upbeat.TurnLog)
	return log
}

// upReplay rebuilds a game from its record with the log its latest screen draws: that
// of the last confirmed turn, unless a resignation (which has no log) came after it.
// Revisions are no events: a screen follows none. The turns before the last two are
// played without events (a long game's rebuild after a restart took seconds with
// them); the last two give the last turn's log and the interest of the turn it opened.
func upReplay(lang *interp.Language, r upbeat.Record) (*upbeat.Game, upbeat.TurnLog, error) {
	g, err := upbeat.New(lang, r.Setup)
	if err != nil {
		return nil, upbeat.TurnLog{}, err
	}
	loud, turns := len(r.Actions), 0 // from the second-to-last turn on
	for i := len(r.Actions) - 1; i >= 0 && turns < 2; i-- {
		if r.Actions[i].Kind != upbeat.ActRevise {
			loud, turns = i, turns+1
		}
	}
	var last upbeat.TurnLog
	for i, a := range r.Actions {
		g.SetQuiet(i < loud)
		log, err := g.Apply(a)
		if err != nil {
			return nil, upbeat.TurnLog{}, fmt.Errorf("upbeat: replay action %d: %w", i+1, err)
		}
		switch a.Kind {
		case upbeat.ActConfirm:
			last = log
		case upbeat.ActResign, upbeat.ActStop:
			last = upbeat.TurnLog{}
		}
	}
	g.SetQuiet(false) // the game goes on with its events
	return g, last, nil
}
