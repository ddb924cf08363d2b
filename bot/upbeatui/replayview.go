package upbeatui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// UPBEAT's replays (/upbeat replay): the animation's message, each step's image and the
// step viewer. A game has steps: the start (0), then each turn or resignation (1 to
// steps-1), called "turns" for the players.

// UpReplayTerritory is step s's overview in a replay of a game of steps steps, with
// its turn's crew path and a title saying which step it is.
func UpReplayTerritory(s upbeathost.UpStep, steps int, names []string) render.Territory {
	return render.Territory{Snap: s.Snap, Last: s.Log, Names: names, Title: upStepTitle(s, steps, names)}
}

// upStepTitle says which step s is: the start, or turn k of the replay and whose.
func upStepTitle(s upbeathost.UpStep, steps int, names []string) string {
	switch {
	case s.Step == 0:
		return "Replay: the start"
	case s.Resign:
		return fmt.Sprintf("Replay: turn %d of %d, %s resigned", s.Step, steps-1, names[s.Player-1])
	case s.Stop:
		return fmt.Sprintf("Replay: step %d of %d, the game stopped", s.Step, steps-1)
	}
	return fmt.Sprintf("Replay: turn %d of %d, %s's turn %d", s.Step, steps-1, names[s.Player-1], s.Log.Turn)
}

// UpReplayMessage is the message the animation comes with: the game, its players, how
// far it has gone, and how many of its steps the animation shows (shown; 0 when the
// animation, of sizeMiB MiB, was too large to attach).
func UpReplayMessage(t *host.Table, steps, shown, sizeMiB int) string {
	var b strings.Builder
	cfg := upbeathost.Own(t).Config
	fmt.Fprintf(&b, "**Replay of UPBEAT game #%d** · %s · %d x %d territory · %d %s",
		t.Row.ID, strings.Join(UpNames(t), ", "), cfg.Rows, cfg.Cols, steps-1, render.Plural(steps-1, "turn", "turns"))
	if t.Row.Status == store.StatusPlay {
		b.WriteString(" so far (the game goes on)")
	}
	fmt.Fprintf(&b, "\nSeed `%d` · configuration: `%s`", t.Row.Seed, view.OneLine(cfg.String()))
	switch {
	case shown == 0:
		fmt.Fprintf(&b, "\n(The animation is %d MiB, more than Discord takes; step through the turns below.)", sizeMiB)
	case shown < steps:
		fmt.Fprintf(&b, "\nThe animation shows %d of the %d steps, evenly spread, the start and the last turn among them; step through every turn below.", shown, steps)
	}
	return view.Fit(b.String())
}

// UpReplayViewer is the step viewer at step s of a game of steps steps: the step's
// image (png), its summary, and buttons to the first, previous, next and last steps.
// The public viewer's buttons open a private viewer for whoever presses; a private
// viewer's buttons move it in place, so nobody's stepping moves anyone else's.
func UpReplayViewer(t *host.Table, s upbeathost.UpStep, steps int, png []byte, public bool) view.Reply {
	names := UpNames(t)
	var b strings.Builder
	fmt.Fprintf(&b, "**UPBEAT game #%d** · ", t.Row.ID)
	switch {
	case s.Step == 0:
		b.WriteString("the start: everyone's first plan is in")
	case s.Resign:
		fmt.Fprintf(&b, "turn %d of %d\n%s resigned.", s.Step, steps-1, UpMention(t, s.Player))
	case s.Stop:
		fmt.Fprintf(&b, "step %d of %d\nThe game was stopped and ended as at its turn limit.", s.Step, steps-1)
	default:
		fmt.Fprintf(&b, "turn %d of %d\n%s", s.Step, steps-1, UpTurnSummary(s.Log, names, s.Player))
	}
	if s.Snap.Over {
		b.WriteString("\n**Game over.** " + UpResult(t, s.Snap))
	}
	mode := "me"
	if public {
		mode = "pub"
		b.WriteString("\n-# The buttons open your own viewer, seen only by you.")
	}
	last := steps - 1
	nav := func(key, label string, to int, off bool) discordgo.Button {
		bt := view.Button(label, discordgo.SecondaryButton, view.CustomID{Action: "uprp", Game: t.Row.ID, Args: []string{strconv.Itoa(to), key, mode}})
		bt.Disabled = off
		return bt
	}
	k := s.Step
	return view.Reply{Content: view.Fit(b.String()), Files: []view.File{{Name: "territory.png", MIME: "image/png", Data: png}},
		Components: []discordgo.MessageComponent{view.Row(
			nav("first", "⏮ First", 0, k == 0), nav("prev", "◀ Previous", k-1, k == 0),
			nav("next", "Next ▶", k+1, k == last), nav("last", "Last ⏭", last, k == last),
		)}}
}
