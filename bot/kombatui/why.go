package kombatui

import (
	"fmt"
	"strconv"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/kombathost"
)

// why explains a turn to the player who presses its "Why?" button, when kombathost.Kombat.Why lets
// them see it: the trace of each of the minions that ran, in a code block or a file.
func why(r ui.Request, id view.CustomID) view.Reply {
	n, err := strconv.Atoi(id.Arg(0))
	if err != nil || n < 1 {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	w, err := kom(r).Why(r.Context(), id.Game, n, r.User().ID)
	if err != nil {
		return r.Refused("why", err)
	}
	t := w.View.Table()
	return ui.WhyReply(w.Text(), fmt.Sprintf("Why the minions of %s did what they did in turn %d", kombathost.Names(t)[w.Player-1], w.Turn),
		fmt.Sprintf("why-game%d-turn%d.txt", id.Game, n))
}
