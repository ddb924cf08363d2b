package view

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Custom ids of buttons, selects and modals are "k1:ACTION:GAME[:ARG...]": a versioned
// prefix, so a button from an older release is recognised and answered politely
// instead of misread.
const IDVersion = "k1"

// maxCustomID is Discord's limit on a custom id.
const maxCustomID = 100

// CustomID is a decoded component id.
type CustomID struct {
	Action string
	Game   int64 // 0 when the component is not about a game
	Args   []string
}

// ErrStaleComponent is a component id from another version of the bot.
var ErrStaleComponent = errors.New("this control is from an older version of the bot; use /kombat board for fresh controls")

// Encode writes the id; it panics past Discord's limit, which only a bug can cause.
func (c CustomID) Encode() string {
	parts := append([]string{IDVersion, c.Action, strconv.FormatInt(c.Game, 10)}, c.Args...)
	for _, p := range parts {
		if strings.Contains(p, ":") {
			panic(fmt.Sprintf("bot: custom id part %q contains ':'", p))
		}
	}
	s := strings.Join(parts, ":")
	if len(s) > maxCustomID {
		panic(fmt.Sprintf("bot: custom id %q is longer than %d", s, maxCustomID))
	}
	return s
}

// DecodeID parses a custom id.
func DecodeID(s string) (CustomID, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 3 || parts[0] != IDVersion {
		return CustomID{}, ErrStaleComponent
	}
	game, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || game < 0 {
		return CustomID{}, ErrStaleComponent
	}
	return CustomID{Action: parts[1], Game: game, Args: parts[3:]}, nil
}

// Arg returns argument i, or "".
func (c CustomID) Arg(i int) string {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return ""
}
