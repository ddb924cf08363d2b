// Package nimui is Nim's Discord UI, for tests alone: one ui.Game value (New) that the
// bot registers like a real game's, proof that a game's Discord part is a package of
// its own with no edit to the bot's transport, host's core or the store (issue 22).
// /nim solo plays the built-in bot, /nim challenge a person (who accepts or declines
// by the challenge's buttons; the challenge lives in its message, as the adapter
// begins a duel at once), /nim auto lets two bots play. Each state of a game is a
// screen owed by host: the heap, what was taken, the Take 1/2/3 and Resign buttons
// of the player whose turn it is, and the result once the last stone is taken.
package nimui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/nim"
	"github.com/kombat-game/kombat/internal/nim/nimhost"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/store"
)

// The components' actions (view.CustomID.Action).
const (
	actTake    = "nimtake"    // Args: the screen's version, the stones
	actResign  = "nimresign"  // Args: the screen's version
	actAccept  = "nimaccept"  // Args: challenger, challenged, heap, challenger's name
	actDecline = "nimdecline" // Args: as actAccept's
)

// stale answers a control this version of the UI does not know.
const stale = "This control is from an older version of the bot: play on the game's newest screen."

// New is Nim's Discord UI, for the bot to register (bot.Options.Games).
func New() ui.Game {
	return ui.Game{Name: nimhost.Name, Plug: nimhost.Plug(), Command: command(), Screen: screens{}, Title: "Nim",
		Routes: map[string]ui.Route{
			"/nim solo": {Do: func(r ui.Request, in ui.Input) view.Reply {
				return open(r, [2]nimhost.Seat{{User: r.User().ID, Name: ui.DisplayName(r.User())}, {}}, in.Opts.Int("heap", 0))
			}, Ack: ui.AckPublic},
			"/nim auto":      {Do: func(r ui.Request, in ui.Input) view.Reply { return open(r, [2]nimhost.Seat{}, in.Opts.Int("heap", 0)) }, Ack: ui.AckPublic},
			"/nim challenge": {Do: challenge, Ack: ui.AckNow},
			actAccept:        {Do: func(r ui.Request, in ui.Input) view.Reply { return answer(r, in.ID, true) }, Ack: ui.AckUpdate},
			actDecline:       {Do: func(r ui.Request, in ui.Input) view.Reply { return answer(r, in.ID, false) }, Ack: ui.AckUpdate},
			actTake:          {Do: take, Ack: ui.AckUpdate},
			actResign:        {Do: take, Ack: ui.AckUpdate},
		}}
}

// command is /nim.
func command() *discordgo.ApplicationCommand {
	sub := discordgo.ApplicationCommandOptionSubCommand
	heap := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "heap",
		Description: fmt.Sprintf("the stones to start with (default %d)", nim.DefaultHeap), MinValue: new(float64(1)), MaxValue: nim.MaxHeap}
	return &discordgo.ApplicationCommand{Name: "nim", Description: "Play Nim: take 1 to 3 stones, who takes the last wins",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: sub, Name: "solo", Description: "Play Nim against the built-in bot", Options: []*discordgo.ApplicationCommandOption{heap}},
			{Type: sub, Name: "challenge", Description: "Challenge someone to Nim here", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "whom you challenge", Required: true}, heap}},
			{Type: sub, Name: "auto", Description: "Watch two built-in bots play Nim here", Options: []*discordgo.ApplicationCommandOption{heap}},
		}}
}

// adapter is the host's Nim adapter.
func adapter(tr ui.Transport) *nimhost.Nim { return nimhost.Of(tr.Host()) }

// open opens a game in the channel with seats on a heap of heap stones (0: the
// default).
func open(r ui.Request, seats [2]nimhost.Seat, heap int64) view.Reply {
	if err := host.Busy(r.Host().Active(), r.Guild(), r.Channel(), r.User().ID, seats[0].User, seats[1].User); err != nil {
		return view.Refusal(err)
	}
	t, err := adapter(r).Open(nimhost.Open{Scope: r.Guild(), Place: r.Channel(), Owner: r.User().ID, Seats: seats, Heap: int(heap)})
	if err != nil {
		return r.Refused("open nim game", err)
	}
	names := namesOf(seats[0].Name, seats[1].Name)
	return view.Reply{Content: fmt.Sprintf("Nim game %d: %s against %s. It has begun: its screens follow here.", t.Row.ID, names[0], names[1])}
}

// challenge is /nim challenge user [heap]: a message the challenged person answers.
func challenge(r ui.Request, in ui.Input) view.Reply {
	u, heap := in.Opts.User("user"), in.Opts.Int("heap", nim.DefaultHeap)
	switch {
	case u == nil:
		return view.Private("Name someone to challenge: `/nim challenge user:@someone`.")
	case u.Bot:
		return view.Private("<@%s> is a bot account and cannot play; `/nim solo` plays the built-in bot.", u.ID)
	case u.ID == r.User().ID:
		return view.Private("You cannot challenge yourself: name someone else, or play the bot with `/nim solo`.")
	case heap < 1 || heap > nim.MaxHeap:
		return view.Private("A heap has 1 to %d stones, not %d.", nim.MaxHeap, heap)
	}
	if err := host.Busy(r.Host().Active(), r.Guild(), r.Channel(), r.User().ID, r.User().ID, u.ID); err != nil {
		return view.Refusal(err)
	}
	// The name rides in the buttons' ids: no separator, and short enough for Discord.
	name := []rune(strings.ReplaceAll(ui.DisplayName(r.User()), ":", " "))
	id := view.CustomID{Args: []string{r.User().ID, u.ID, strconv.FormatInt(heap, 10), string(name[:min(32, len(name))])}}
	accept, decline := id, id
	accept.Action, decline.Action = actAccept, actDecline
	return view.Reply{Content: fmt.Sprintf("<@%s>, %s challenges you to Nim on a heap of %d stones.", u.ID, id.Args[3], heap),
		Mentions: []string{u.ID}, Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			view.Button("Accept", discordgo.SuccessButton, accept), view.Button("Decline", discordgo.DangerButton, decline)}}}}
}

// answer is the challenged person's Accept (the duel begins) or Decline.
func answer(r ui.Request, id view.CustomID, accept bool) view.Reply {
	heap, err := strconv.Atoi(id.Arg(2))
	switch {
	case err != nil || id.Arg(0) == "" || id.Arg(3) == "":
		return view.Private("%s", stale)
	case !accept && r.User().ID == id.Arg(0):
		return view.Reply{Update: true, Content: "The Nim challenge was withdrawn.", Components: []discordgo.MessageComponent{}}
	case r.User().ID != id.Arg(1):
		return view.Private("This challenge is not yours to answer: only <@%s> can (its challenger may withdraw it with Decline).", id.Arg(1))
	case !accept:
		return view.Reply{Update: true, Content: "The Nim challenge was declined.", Components: []discordgo.MessageComponent{}}
	}
	rep := open(r, [2]nimhost.Seat{{User: id.Arg(0), Name: id.Arg(3)}, {User: r.User().ID, Name: ui.DisplayName(r.User())}}, int64(heap))
	if !rep.Ephemeral {
		rep.Update, rep.Components = true, []discordgo.MessageComponent{}
	}
	return rep
}

// take answers a screen's Take or Resign button: the take (or resignation) is
// committed, and the new state's screen follows from host.
func take(r ui.Request, in ui.Input) view.Reply {
	version, err := strconv.Atoi(in.ID.Arg(0))
	k, kerr := strconv.Atoi(in.ID.Arg(1))
	if err != nil || in.ID.Action == actTake && kerr != nil {
		return view.Private("%s", stale)
	}
	return r.OnTable(in.ID.Game, func(t *host.Table) view.Reply {
		switch {
		case t.Row.Game != nimhost.Name:
			return view.Private("%s", stale)
		case t.Version() != version:
			return view.Private("This screen is not the game's newest: play on the newest one.")
		}
		if in.ID.Action == actResign {
			err = adapter(r).Resign(t, r.User().ID)
		} else {
			err = adapter(r).Take(t, r.User().ID, k)
		}
		if err != nil {
			return r.Refused("nim "+in.ID.Action, err)
		}
		return view.Reply{}
	})
}

// screens is Nim's part of host.Front.
type screens struct{}

// names are a game's players by seat as its screens name them.
func names(t *host.Table) [2]string {
	if lob := nimhost.LobbyOf(t); lob != nil {
		return namesOf(lob.Names[0], lob.Names[1])
	}
	return namesOf("", "")
}

// namesOf names the seats, the bot's by seat when both are bots.
func namesOf(a, b string) [2]string {
	out := [2]string{a, b}
	for i, n := range out {
		if n == "" {
			out[i] = "the bot"
			if a == "" && b == "" {
				out[i] = fmt.Sprintf("bot %d", i+1)
			}
		}
	}
	return out
}

// Show posts the screen of a game's state: the heap, what happened (the summary), and
// for a person whose turn it is the takes they may make; the result once it is over.
func (screens) Show(tr ui.Transport, t *host.Table, s *store.Screen) (string, error) {
	g, err := adapter(tr).Game(t)
	if err != nil {
		return "", err
	}
	nonce := ui.ScreenNonce(t.Row.ID, s.Version)
	if t.Row.Status == store.StatusOver && !g.Over() {
		nonce += "e" // a resignation adds an action, but keep it apart from a take's screen
	}
	return tr.PostScreen(t, screen(t.Row, s.Version, names(t), g, s.Summary), nonce)
}

// screen is the message that shows game row's state g at version under summary,
// with its players' names by seat.
func screen(row *store.Game, version int, who [2]string, g *nim.Game, summary string) view.Reply {
	var b strings.Builder
	fmt.Fprintf(&b, "**Nim** game #%d: %s against %s\n", row.ID, who[0], who[1])
	if summary != "" {
		fmt.Fprintf(&b, "%s\n", summary)
	}
	fmt.Fprintf(&b, "Heap: %d of %d stones left", g.Left(), g.Heap())
	if g.Left() > 0 {
		fmt.Fprintf(&b, " %s", strings.Repeat("●", min(g.Left(), 40))) // a large heap's first 40
	}
	b.WriteString("\n")
	if row.Status == store.StatusOver && row.Result != nil {
		fmt.Fprintf(&b, "**%s wins**%s.", who[row.Result.Winner-1], map[match.Reason]string{
			nimhost.ReasonLastStone: " by taking the last stone", match.ReasonResign: ": the other player resigned"}[row.Result.Reason])
		return view.Reply{Content: b.String()}
	}
	p := g.Turn()
	user := row.Player(p)
	if user == "" {
		fmt.Fprintf(&b, "It is %s's turn.", who[p-1])
		return view.Reply{Content: b.String()}
	}
	fmt.Fprintf(&b, "<@%s>, it is your turn: take 1 to %d stones.", user, min(nim.MaxTake, g.Left()))
	row1 := make([]discordgo.MessageComponent, 0, nim.MaxTake+1)
	v := strconv.Itoa(version)
	for k := 1; k <= min(nim.MaxTake, g.Left()); k++ {
		row1 = append(row1, view.Button(fmt.Sprintf("Take %d", k), discordgo.PrimaryButton,
			view.CustomID{Action: actTake, Game: row.ID, Args: []string{v, strconv.Itoa(k)}}))
	}
	row1 = append(row1, view.Button("Resign", discordgo.DangerButton, view.CustomID{Action: actResign, Game: row.ID, Args: []string{v}}))
	return view.Reply{Content: b.String(), Mentions: []string{user}, Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: row1}}}
}

// Summary words what happened for the screen that shows it.
func (screens) Summary(_ ui.Transport, t *host.Table, e host.Event) string {
	who := "?"
	if e.Player == 1 || e.Player == 2 {
		who = names(t)[e.Player-1]
	}
	turn, _ := e.Turn.(*nimhost.Turn)
	switch {
	case e.Kind == host.EvResign:
		return fmt.Sprintf("%s resigned.", who)
	case e.Kind == host.EvStart && turn != nil:
		return fmt.Sprintf("The game begins on a heap of %d stones.", turn.Left)
	case turn != nil && turn.Took > 0:
		return fmt.Sprintf("%s took %d.", who, turn.Took)
	}
	return ""
}

// Tell leaves every note of the host's to the transport's words.
func (screens) Tell(ui.Transport, *host.Table, host.Note) bool { return false }
