package bot

import (
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// UPBEAT plans from elsewhere than the form, as KOMBAT takes strategies: /upbeat plan
// with an attached file or a plan saved in the player's library, and the message
// command "Use as UPBEAT plan" on a message with a code block. Either sets the
// player's first plan while the first plans are written (host.WritePlan), or revises
// their plan on their turn (host.ReviseUpbeat, with the revision's cost and clock),
// exactly as the Write plan and Revise forms do.

// upPlanCommands is /upbeat plan's subcommand.
func upPlanCommands() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "plan",
		Description: "Write your first plan, or revise yours on your turn, from a file or a saved plan", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", Description: "the plan as a text file"},
			{Type: discordgo.ApplicationCommandOptionString, Name: "saved", Description: "one of your saved UPBEAT plans, by name (/upbeat strategy list)",
				MaxLength: store.MaxStrategyName},
		}}
}

// upPlanAck: a file is downloaded and a saved plan read before the plan is written,
// so the command is acknowledged first; with neither it only says what to give.
func upPlanAck(in input) ack {
	if in.Opts.Str("file") != "" || in.Opts.Str("saved") != "" {
		return ackPrivate
	}
	return ackNow
}

// upPlanCommand is /upbeat plan [file] [saved]: the plan from the file, or the latest
// version of the saved plan, becomes the caller's in the channel's UPBEAT game.
func (b *Bot) upPlanCommand(r *request, o options) view.Reply {
	a, saved := o.Attachment("file"), strings.TrimSpace(o.Str("saved"))
	switch {
	case a != nil && saved != "":
		return view.Private("Give your plan as a file or as a saved plan's name, not both.")
	case a == nil && saved == "":
		return view.Private("Attach your plan as a text file (`file:`) or name one you saved (`saved:`, see `/upbeat strategy list`); the **Write plan** and **Revise** buttons open a form instead.")
	}
	// Say at once when it is not the moment, before downloading anything.
	if rep := b.upPlanMoment(r); rep != nil {
		return *rep
	}
	if saved != "" {
		s, err := b.upLibrary().Latest(b.wctx, r.user.ID, saved)
		if err != nil {
			return b.refusedOr(r, "load saved plan", err)
		}
		return b.takePlan(r, s.Source)
	}
	text, err := b.fetch(b.ctx, a, interp.MaxSourceBytes*4)
	if err != nil {
		return view.Private("Could not read your file: %v.", err)
	}
	return b.takePlan(r, text)
}

// usePlan is the message command "Use as UPBEAT plan": the message's code block (the
// first one tagged upbeat, else the first; the whole text without one) becomes the
// caller's plan in the channel's UPBEAT game.
func (b *Bot) usePlan(r *request, d discordgo.ApplicationCommandInteractionData) view.Reply {
	var text string
	if d.Resolved != nil {
		if m := d.Resolved.Messages[d.TargetID]; m != nil {
			text = m.Content
		}
	}
	code, _ := interp.Extract(text, "upbeat")
	if strings.TrimSpace(code) == "" {
		return view.Private("That message has no plan in it: put the code in a code block (```).")
	}
	if err := r.deferReply(false, true); err != nil { // the plan is written to the store
		return b.internal(r, "acknowledge", err)
	}
	return b.takePlan(r, code)
}

// upPlanMoment says why the caller cannot write a plan in the channel's UPBEAT game
// now, or nil when they can.
func (b *Bot) upPlanMoment(r *request) *view.Reply {
	t, bad := b.upPlace(r)
	if bad != nil {
		return b.upGone(r, bad)
	}
	defer t.Unlock()
	return b.planRefusal(r, t)
}

// upGone is the answer when no UPBEAT game is active in the channel: the one here is
// over, or none (nobody's answer).
func (b *Bot) upGone(r *request, nobody *view.Reply) *view.Reply {
	last, err := b.db.LastGameIn(b.wctx, store.GameUpbeat, r.i.ChannelID)
	if err == nil && last.Place == r.i.ChannelID {
		rep := view.Private("The UPBEAT game here (#%d) is over: plans change nothing now. Open a new one with `/upbeat new`.", last.ID)
		return &rep
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		rep := b.internal(r, "last upbeat game", err)
		return &rep
	}
	return nobody
}

// planRefusal says why the caller cannot write a plan in t (locked) now, or nil: the
// first plans are written once the game has started and before it begins, and a
// revision on the caller's turn while their revision clock lasts.
func (b *Bot) planRefusal(r *request, t *host.Table) *view.Reply {
	refuse := func(format string, args ...any) *view.Reply {
		rep := view.Private(format, args...)
		return &rep
	}
	switch t.Row.Status {
	case store.StatusChallenge:
		return refuse("The game here has not started: the first plans are written once its opener presses **Start**.")
	case store.StatusSetup:
		if t.Seat(r.user.ID) == 0 {
			return refuse("You are not playing in this game.")
		}
		return nil
	}
	g, p, err := b.up.UpTurn(t, r.user.ID)
	if err != nil {
		rep := b.refusedOr(r, "upbeat turn", err)
		return &rep
	}
	if !g.CanRevise(p) {
		return refuse("Your revision clock has run out: press **Confirm** to run your plan as it stands.")
	}
	return nil
}

// takePlan writes plan as the caller's in the channel's UPBEAT game: their first plan
// (the first-plans message shows it written), or a revision on their turn. A plan that
// does not compile is refused with every mistake, and changes nothing.
func (b *Bot) takePlan(r *request, plan string) view.Reply {
	t, bad := b.upPlace(r)
	if bad != nil {
		return *b.upGone(r, bad)
	}
	defer t.Unlock()
	if rep := b.planRefusal(r, t); rep != nil {
		return *rep
	}
	if t.Row.Status == store.StatusSetup {
		began, err := b.up.WritePlan(t, r.user.ID, plan)
		if err != nil {
			return b.planRefused(r, err)
		}
		if began {
			return view.Private("Your first plan is in, and everyone has written theirs: the game has begun.")
		}
		// The first-plans message ticks the seat, as a plan from its form would.
		if t.Row.Shown != "" {
			if _, err := b.editMessage(view.UpFirstPlans(t, upbeathost.Lobby(t).PlansDue).MessageEdit(t.Row.Place, t.Row.Shown)); err != nil {
				b.log.Warn("tick the first plans message", "game", t.Row.ID, "err", err) // the plan is stored all the same
			}
		}
		n := host.Lines(strings.TrimSpace(plan))
		return view.Private("Your first plan is in (%d %s). You may write it again until the game begins <t:%d:R>.", n, render.Plural(n, "line", "lines"), upbeathost.Lobby(t).PlansDue.Unix())
	}
	return b.upReviseWith(r, t, plan)
}
