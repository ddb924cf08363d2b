package game

import (
	"github.com/kombat-game/kombat/hexgrid"
	"github.com/kombat-game/kombat/interp"
)

// Direction numbers (R3), clockwise from up; the index into Directions is the number - 1.
const (
	Up        = hexgrid.Up
	UpRight   = hexgrid.UpRight
	DownRight = hexgrid.DownRight
	Down      = hexgrid.Down
	DownLeft  = hexgrid.DownLeft
	UpLeft    = hexgrid.UpLeft
)

// Command ids in the KOMBAT language definition.
const (
	CmdMove = iota
	CmdShoot
)

// Info expression ids in the KOMBAT language definition.
const (
	InfoAlly = iota
	InfoOpponent
	InfoNearby
)

// Special variable ids in the KOMBAT language definition (R20).
const (
	SpecialRow = iota
	SpecialCol
	SpecialBudget
	SpecialInt
	SpecialMaxBudget
	SpecialSpawnsLeft
	SpecialRandom
)

// LoopLimit is the iteration cap of one execution of a while statement (R15).
const LoopLimit = 10000

// Definition is KOMBAT's vocabulary for the strategy language: the spec's grammar with
// the directions of R3, move and shoot, ally/opponent/nearby and the specials of R20.
func Definition() interp.Definition {
	return interp.Definition{
		Name:       "KOMBAT",
		Directions: []string{"up", "upright", "downright", "down", "downleft", "upleft"},
		Commands: []interp.Word{
			{Name: "move", Args: []interp.ArgKind{interp.ArgDirection}, Doc: "move DIRECTION: step to the adjacent hex (costs 1)"},
			{Name: "shoot", Args: []interp.ArgKind{interp.ArgDirection, interp.ArgExpr}, Doc: "shoot DIRECTION AMOUNT: attack the adjacent hex (costs AMOUNT + 1)"},
		},
		Infos: []interp.Word{
			{Name: "ally", Doc: "ally: 10 * distance + direction of the nearest own minion in a straight line, or 0"},
			{Name: "opponent", Doc: "opponent: 10 * distance + direction of the nearest enemy minion in a straight line, or 0"},
			{Name: "nearby", Args: []interp.ArgKind{interp.ArgDirection}, Doc: "nearby DIRECTION: 100 * digits(hp) + 10 * digits(defense) + distance of the first minion that way, negative for own"},
		},
		Specials:  []string{"row", "col", "Budget", "Int", "MaxBudget", "SpawnsLeft", "random"},
		Shared:    interp.UpperShared,
		LoopLimit: LoopLimit,
	}
}

// NewLanguage builds KOMBAT's strategy language; build it once and share it.
func NewLanguage() *interp.Language {
	l, err := interp.NewLanguage(Definition())
	if err != nil {
		panic(err) // the definition above is constant; a failure is a bug caught by tests
	}
	return l
}
