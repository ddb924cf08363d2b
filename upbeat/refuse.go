package upbeat

import (
	"errors"

	"github.com/kombat-game/kombat/interp"
)

// isRefusal reports whether a revision error is a refusal of the rules (U20), after
// which the game goes on with the current plan.
func isRefusal(err error) bool {
	var ie *interp.Error
	return errors.Is(err, ErrClockSpent) || errors.Is(err, ErrRevisionCost) || errors.As(err, &ie)
}
