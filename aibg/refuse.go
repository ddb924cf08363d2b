package aibg

// RefusalCode says why a move was a pass (A6), for a front to word or branch on.
type RefusalCode string

// The reasons a move is a pass.
const (
	RefuseSyntax      RefusalCode = "syntax"       // the string is not a move (Err is the *MoveError)
	RefuseUnknownItem RefusalCode = "unknown-item" // no item of the catalog has that name
	RefuseNotOnShow   RefusalCode = "not-on-show"  // the item is not in this round's shop
	RefuseBought      RefusalCode = "bought"       // the player bought the item this round already
	RefuseAtoms       RefusalCode = "atoms"        // the player's atoms do not cover the item
	RefuseNoTarget    RefusalCode = "no-target"    // the item's slot, or its whole scope, holds no living creature
	RefuseSwapFront   RefusalCode = "swap-front"   // swap 0: the front creature with itself
	RefuseSwapEmpty   RefusalCode = "swap-empty"   // the slot swapped with is empty
	RefuseSwapDead    RefusalCode = "swap-dead"    // the slot swapped with holds a dead creature
)

// Refusal is why a player's move was a pass: an error value with a code and a message
// a player can act on.
type Refusal struct {
	Code RefusalCode `json:"code"`
	Msg  string      `json:"msg"`
	Err  error       `json:"-"` // the parser's *MoveError for RefuseSyntax
}

// Error is the refusal's message.
func (r *Refusal) Error() string { return r.Msg }

// Unwrap is the parser's error behind a syntax refusal, or nil.
func (r *Refusal) Unwrap() error { return r.Err }
