package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Custom ids of buttons, selects and modals are "k1:ACTION:GAME[:ARG...]": a versioned
// prefix, so a button from an older release is recognised and answered politely
// instead of misread.
const idVersion = "k1"

// maxCustomID is Discord's limit on a custom id.
const maxCustomID = 100

// customID is a decoded component id.
type customID struct {
	Action string
	Game   int64 // 0 when the component is not about a game
	Args   []string
}

// ErrStaleComponent is a component id from another version of the bot.
var ErrStaleComponent = errors.New("this control is from an older version of the bot; use /kombat board for fresh controls")

// encode writes the id; it panics past Discord's limit, which only a bug can cause.
func (c customID) encode() string {
	parts := append([]string{idVersion, c.Action, strconv.FormatInt(c.Game, 10)}, c.Args...)
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

// decodeID parses a custom id.
func decodeID(s string) (customID, error) {
	parts := strings.Split(s, ":")
	if len(parts) < 3 || parts[0] != idVersion {
		return customID{}, ErrStaleComponent
	}
	game, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || game < 0 {
		return customID{}, ErrStaleComponent
	}
	return customID{Action: parts[1], Game: game, Args: parts[3:]}, nil
}

// arg returns argument i, or "".
func (c customID) arg(i int) string {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return ""
}
