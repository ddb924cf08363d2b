package upbeat

import (
	"github.com/kombat-game/kombat/hexgrid"
	"github.com/kombat-game/kombat/interp"
)

// Direction numbers (U1), clockwise from up; the index into Definition's Directions is
// the number - 1.
const (
	Up        = hexgrid.Up
	UpRight   = hexgrid.UpRight
	DownRight = hexgrid.DownRight
	Down      = hexgrid.Down
	DownLeft  = hexgrid.DownLeft
	UpLeft    = hexgrid.UpLeft
)

// Command ids in UPBEAT's language definition (U9).
const (
	CmdMove = iota
	CmdInvest
	CmdCollect
	CmdShoot
	CmdRelocate
)

// Info expression ids in UPBEAT's language definition (U17, U18).
const (
	InfoOpponent = iota
	InfoNearby
)

// Special variable ids in UPBEAT's language definition (U1, U7, U8).
const (
	SpecialRows = iota
	SpecialCols
	SpecialCurRow
	SpecialCurCol
	SpecialBudget
	SpecialDeposit
	SpecialInt
	SpecialMaxDeposit
	SpecialRandom
)

// LoopLimit is the iteration cap of one execution of a while statement (the spec's
// "Avoiding infinite loops", as R15).
const LoopLimit = 10000

// Definition is UPBEAT's vocabulary for construction plans (U9): the spec's grammar with
// the directions of U1, the commands move, invest, collect, shoot and relocate (done is
// the core grammar's), the info expressions opponent and nearby, and the read-only names
// of U1, U7 and U8. Every variable is the player's own: there are no shared names, so
// Budget, ally, row and col are ordinary variables here.
func Definition() interp.Definition {
	dir, expr := interp.ArgDirection, interp.ArgExpr
	return interp.Definition{
		Name:       "UPBEAT",
		Directions: []string{"up", "upright", "downright", "down", "downleft", "upleft"},
		Commands: []interp.Word{
			{Name: "move", Args: []interp.ArgKind{dir}, Doc: "move DIRECTION: the crew steps to the adjacent region (costs 1)"},
			{Name: "invest", Args: []interp.ArgKind{expr}, Doc: "invest AMOUNT: add AMOUNT to the crew's region (costs AMOUNT + 1)"},
			{Name: "collect", Args: []interp.ArgKind{expr}, Doc: "collect AMOUNT: take AMOUNT from the crew's region into the budget (costs 1)"},
			{Name: "shoot", Args: []interp.ArgKind{dir, expr}, Doc: "shoot DIRECTION AMOUNT: drain the adjacent region's deposit by AMOUNT (costs AMOUNT + 1)"},
			{Name: "relocate", Doc: "relocate: move the city center to the crew's region (costs 5 * distance + 10) and end the turn"},
		},
		Infos: []interp.Word{
			{Name: "opponent", Doc: "opponent: 10 * distance + direction of the nearest opponent region in a straight line, or 0"},
			{Name: "nearby", Args: []interp.ArgKind{dir}, Doc: "nearby DIRECTION: 100 * distance + digits(deposit) of the nearest opponent region that way, or 0"},
		},
		Specials:  []string{"rows", "cols", "currow", "curcol", "budget", "deposit", "int", "maxdeposit", "random"},
		LoopLimit: LoopLimit,
	}
}

// NewLanguage builds UPBEAT's plan language; build it once and share it.
func NewLanguage() *interp.Language {
	l, err := interp.NewLanguage(Definition())
	if err != nil {
		panic(err) // the definition above is constant; a failure is a bug caught by tests
	}
	return l
}
