package upbeatui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// /upbeat on Discord (issue 16): host decides, these handlers lock the game, ask host
// and answer with bot/view's messages. A game opens with a lobby in the channel
// (Join, Start), moves to a thread when it starts, gathers the first plans through a
// form, then shows each turn's territory with Revise and Confirm for the person to act.

// upNew is /upbeat new [players] [bots] [level] [config]. With as many bots as
// players it is /upbeat auto: nobody would join.
func upNew(r ui.Request, o ui.Options) view.Reply {
	cfg, bad := upConfigOption(r, o)
	if bad != nil {
		return *bad
	}
	nbots := int(o.Int("bots", 0))
	seats := int(o.Int("players", int64(min(6, max(2, nbots+1))))) // six bots alone: an auto game
	if nbots == seats {
		return upAutoGame(r, seats, o.Str("level"), cfg)
	}
	if err := host.Busy(r.Host().Active(), r.Guild(), r.Channel(), r.User().ID, r.User().ID); err != nil {
		return view.Refusal(err)
	}
	bots := make([]string, nbots)
	for i := range bots {
		bots[i] = o.Str("level")
	}
	t, err := up(r).OpenUpbeat(upbeathost.UpOpen{Scope: r.Guild(), Place: r.Channel(), Owner: r.User().ID, OwnerName: ui.DisplayName(r.User()),
		Config: cfg, Seats: seats, Bots: bots, Seed: host.NewSeed()})
	if err != nil {
		return r.Refused("open upbeat game", err)
	}
	// OpenUpbeat gives the table unlocked. The lobby's message is kept as the game's
	// screen, so that the host's note when nobody starts the game can close it.
	return onUpbeat(r, t.Row.ID, func(t *host.Table) view.Reply {
		if t.Row.Mode == match.ModeSolitaire {
			// The opener and bots: every seat is taken and nobody is to wait for, so
			// no lobby (a Join for nobody); the game starts at once, as /kombat solo.
			return upBeginNow(r, t, UpSoloIntro(t), "start upbeat solo game")
		}
		if err := r.Send(UpLobby(t)); err != nil {
			return r.Internal("send upbeat lobby", err)
		}
		if m, err := r.Answer(); err == nil {
			t.Row.Shown = m.ID
			if err := r.Host().SaveMeta(t); err != nil {
				r.Logger().Error("save upbeat lobby message", "game", t.Row.ID, "err", err)
			}
		}
		return view.Reply{}
	})
}

// upConfigOption is the configuration a command's config attachment gives (the
// default rules without one), or the private answer saying why it cannot be used.
func upConfigOption(r ui.Request, o ui.Options) (upbeat.Config, *view.Reply) {
	cfg := upbeat.DefaultConfig()
	if a := o.Attachment("config"); a != nil {
		text, err := r.Fetch(a, upbeat.MaxConfigBytes)
		if err != nil {
			rep := view.Private("Your configuration file could not be used: %v.", err)
			return cfg, &rep
		}
		if cfg, err = upbeat.ParseConfig(text); err != nil {
			rep := view.Private("Your configuration file has mistakes: %v.", err)
			return cfg, &rep
		}
	}
	return cfg, nil
}

// upAutoCommand is /upbeat auto [players] [level] [config]: bots alone, as /kombat auto.
func upAutoCommand(r ui.Request, o ui.Options) view.Reply {
	cfg, bad := upConfigOption(r, o)
	if bad != nil {
		return *bad
	}
	return upAutoGame(r, int(o.Int("players", 2)), o.Str("level"), cfg)
}

// upAutoGame opens an UPBEAT game of seats bots of level, which its opener watches:
// the announcement says its turns and pace, the game moves to a thread of it when it
// can, and begins at once (the bots write their first plans); host then plays a turn
// every AutoStep until max_turns, or Pause.
func upAutoGame(r ui.Request, seats int, level string, cfg upbeat.Config) view.Reply {
	if err := host.Busy(r.Host().Active(), r.Guild(), r.Channel(), r.User().ID); err != nil {
		return view.Refusal(err)
	}
	bots := make([]string, seats)
	for i := range bots {
		bots[i] = level
	}
	t, err := up(r).OpenUpbeat(upbeathost.UpOpen{Scope: r.Guild(), Place: r.Channel(), Owner: r.User().ID, OwnerName: ui.DisplayName(r.User()),
		Config: cfg, Seats: seats, Bots: bots, Seed: host.NewSeed()})
	if err != nil {
		return r.Refused("open upbeat auto game", err)
	}
	return onUpbeat(r, t.Row.ID, func(t *host.Table) view.Reply {
		return upBeginNow(r, t, UpAutoIntro(t, r.Host().AutoStep()), "start upbeat auto game")
	})
}

// upBeginNow starts a game nobody need join at once, for its opener (r's user): intro
// answers the command, the game moves to a thread of it when it can, and StartUpbeat
// begins it there (the first plans, which an auto game's bots write at once).
func upBeginNow(r ui.Request, t *host.Table, intro view.Reply, what string) view.Reply {
	if err := r.Send(intro); err != nil {
		return r.Internal("announce: "+what, err)
	}
	if m, err := r.Answer(); err == nil {
		r.MoveToThread(t, m.ID, "UPBEAT: "+strings.Join(UpNames(t), ", "))
	}
	if err := up(r).StartUpbeat(t, r.User().ID); err != nil {
		return r.Refused(what, err)
	}
	return view.Reply{}
}

// onUpbeat answers with do on an UPBEAT game locked for a component (onTable's), or
// with why it cannot be.
func onUpbeat(r ui.Request, id int64, do func(t *host.Table) view.Reply) view.Reply {
	return r.OnTable(id, func(t *host.Table) view.Reply {
		if !upbeathost.IsUpbeat(t.Row) {
			return view.Private("%s", view.ErrStaleComponent.Error())
		}
		return do(t)
	})
}

// upLobby changes an UPBEAT lobby for the presser (act: join, leave) and redraws it.
func upLobby(r ui.Request, id view.CustomID, what string, act func(t *host.Table) error) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		if err := act(t); err != nil {
			return r.Refused(what, err)
		}
		rep := UpLobby(t)
		rep.Update = true
		return rep
	})
}

// upJoin takes a seat in the lobby.
func upJoin(r ui.Request, id view.CustomID) view.Reply {
	return upLobby(r, id, "join upbeat game", func(t *host.Table) error {
		_, err := up(r).JoinUpbeat(t, r.User().ID, ui.DisplayName(r.User()))
		return err
	})
}

// upLeave gives up the presser's seat in a game nobody has started yet.
func upLeave(r ui.Request, id view.CustomID) view.Reply {
	return upLobby(r, id, "leave upbeat game", func(t *host.Table) error { return up(r).LeaveUpbeat(t, r.User().ID) })
}

// upStop ends an UPBEAT auto game now, at its opener's request; its final screen
// follows.
func upStop(r ui.Request, id view.CustomID) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		if err := up(r).StopUpbeat(t, r.User().ID); err != nil {
			return r.Refused("stop upbeat game", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("%s\n*Stopped by <@%s>.*", r.Message().Content, r.User().ID), Components: []discordgo.MessageComponent{}}
	})
}

// upCancel cancels a game nobody has started yet, at its opener's request.
func upCancel(r ui.Request, id view.CustomID) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		if err := up(r).CancelUpbeat(t, r.User().ID); err != nil {
			return r.Refused("cancel upbeat game", err)
		}
		return view.Reply{Content: fmt.Sprintf("<@%s> cancelled this UPBEAT game.", r.User().ID), Update: true}
	})
}

// upStart starts the game: it moves to a thread of the lobby's message when it can,
// and the people are asked for their first plans there.
func upStart(r ui.Request, id view.CustomID) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		// The thread first, so that the first-plans screen StartUpbeat owes (and shows
		// at once when Discord takes it, or retries) goes there.
		if err := up(r).UpMayStart(t, r.User().ID); err != nil {
			return r.Refused("start upbeat game", err)
		}
		r.MoveToThread(t, r.Message().ID, "UPBEAT: "+strings.Join(UpNames(t), ", "))
		if err := up(r).StartUpbeat(t, r.User().ID); err != nil {
			return r.Refused("start upbeat game", err)
		}
		return UpStarted(t)
	})
}

// upPlan opens the first-plan form for a player of the game, pre-filled with the plan
// they wrote so far.
func upPlan(r ui.Request, id view.CustomID) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		p := t.Seat(r.User().ID)
		switch {
		case p == 0:
			return view.Private("You are not playing in this game.")
		case t.Row.Status != store.StatusSetup:
			return view.Private("The first plans are written before the game begins; this one has begun.")
		}
		return UpPlanForm(t.Row.ID, true, upbeathost.Lobby(t).Plans[p-1])
	})
}

// upRevise opens the revision form for the player to act, pre-filled with their plan.
func upRevise(r ui.Request, id view.CustomID) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		g, p, err := up(r).UpTurn(t, r.User().ID)
		if err != nil {
			return r.Refused("revise", err)
		}
		if !g.CanRevise(p) {
			return view.Private("Your revision clock has run out: press **Confirm** to run your plan as it stands.")
		}
		return UpPlanForm(t.Row.ID, false, g.Plan(p))
	})
}

// upForm takes a plan from the form: a first plan (the first-plans message changes)
// or a revision (answered privately).
func upForm(r ui.Request, id view.CustomID, plan string) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		if id.Arg(0) == "first" {
			began, err := up(r).WritePlan(t, r.User().ID, plan)
			if err != nil {
				return planRefused(r, err)
			}
			rep := UpFirstPlans(t, upbeathost.Lobby(t).PlansDue)
			if began {
				rep = view.Reply{Content: "**UPBEAT — first plans** · everyone has written a plan: the game has begun."}
			}
			rep.Update = true
			return rep
		}
		return upReviseWith(r, t, plan)
	})
}

// upReviseWith revises the presser's plan to plan (the form, a file, a saved plan or a
// message's code block) and says what it cost, or why it was refused.
func upReviseWith(r ui.Request, t *host.Table, plan string) view.Reply {
	if err := up(r).ReviseUpbeat(t, r.User().ID, plan); err != nil {
		return planRefused(r, err)
	}
	g, err := up(r).UpEngine(t)
	if err != nil {
		return r.Internal("engine after revision", err)
	}
	p := t.Seat(r.User().ID)
	left, runsOut, err := up(r).UpClock(t, p)
	if err != nil {
		return r.Internal("upbeat clock", err)
	}
	until := ""
	if !runsOut.IsZero() {
		until = fmt.Sprintf(" (it runs out <t:%d:R>)", runsOut.Unix())
	}
	return view.Private("Your plan is revised: budget %d, revision clock %s left%s. Press **Confirm** to run it, or **Revise** again.", g.Budget(p), view.Duration(left), until)
}

// planRefused tells a player why their plan was not taken: host's refusal or the
// plan's mistakes.
func planRefused(r ui.Request, err error) view.Reply {
	if msg, ok := view.Refused(err, "Your plan was not taken:\n", view.ContentLimit-40); ok {
		return view.Private("%s", msg)
	}
	return r.Internal("take plan", err)
}

// upConfirm runs the plan of the player to act; host shows the turn and the bots'
// turns after it.
func upConfirm(r ui.Request, id view.CustomID) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		if err := up(r).ConfirmUpbeat(t, r.User().ID); err != nil {
			return r.Refused("confirm plan", err)
		}
		if s := t.Owed(); s != nil {
			return view.Private("Your turn was played and stored; the territory after it is not posted yet (%s).", upOwedWhy(s))
		}
		return view.Reply{}
	})
}

// upOwedWhy says why a screen is still owed.
func upOwedWhy(s *store.Screen) string {
	if s.Paused != "" {
		return s.Paused
	}
	return "Discord did not take it yet; it is being posted again"
}

// upPlace locks the UPBEAT game of the channel, or says there is none.
func upPlace(r ui.Request) (*host.Table, *view.Reply) {
	t := r.Host().LockPlace(r.Channel())
	if t != nil && !upbeathost.IsUpbeat(t.Row) {
		t.Unlock()
		t = nil
	}
	if t == nil {
		rep := view.Private("No UPBEAT game is being played in this channel. Open one with `/upbeat new`.")
		return nil, &rep
	}
	return t, nil
}

// upSeen finds the UPBEAT game /upbeat status and board show: the one active in the
// channel, locked, or else the last one finished here, which they still show once it
// is over (issue 24 §3); done releases what it holds.
func upSeen(r ui.Request) (t *host.Table, done func(), bad *view.Reply) {
	if t, bad := upPlace(r); bad == nil {
		return t, t.Unlock, nil
	}
	t, err := up(r).UpOver(r.Context(), r.Channel(), 0)
	if err != nil {
		rep := r.Refused("finished upbeat game", err)
		return nil, nil, &rep
	}
	return t, func() {}, nil
}

// shownEngine is t's engine when its territory is there to show, or the answer.
func shownEngine(r ui.Request, t *host.Table) (*upbeat.Game, *view.Reply) {
	if !upShown(t) {
		rep := view.Private("The game here has not begun: its players are joining or writing their first plans.")
		return nil, &rep
	}
	g, err := up(r).UpEngine(t)
	if err != nil {
		rep := r.Internal("upbeat engine", err)
		return nil, &rep
	}
	return g, nil
}

// upShown reports whether t's territory is there to show: the game has begun (it may
// be over).
func upShown(t *host.Table) bool {
	return t.Row.Status == store.StatusPlay || t.Row.Status == store.StatusOver
}

// upStatus is /upbeat status: the numbers of the channel's game, privately.
func upStatus(r ui.Request) view.Reply {
	t, done, bad := upSeen(r)
	if bad != nil {
		return *bad
	}
	defer done()
	g, bad := shownEngine(r, t)
	if bad != nil {
		return *bad
	}
	// The engine's clock is the one the turn began with; the player to act has used
	// some of it since.
	snap := g.Snapshot()
	var runsOut time.Time
	var err error
	if p := snap.Current; p != 0 {
		if snap.Players[p-1].Clock, runsOut, err = up(r).UpClock(t, p); err != nil {
			return r.Internal("upbeat clock", err)
		}
	}
	resumed, err := ui.Resume(r, t)
	if err != nil {
		return r.Internal("resume screen", err)
	}
	return view.Private("%s", strings.TrimPrefix(resumed+"\n", "\n")+UpStatus(t, snap, runsOut))
}

// upAskResign is /upbeat resign: it asks first, privately, as /kombat resign does; the
// answer's Resign button resigns (upResign). A player who may not resign hears why at
// once.
func upAskResign(r ui.Request) view.Reply {
	t, bad := upPlace(r)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	p, err := up(r).UpMayResign(t, r.User().ID)
	if err != nil {
		return r.Refused("resign upbeat", err)
	}
	g, err := up(r).UpEngine(t)
	if err != nil {
		return r.Internal("upbeat engine", err)
	}
	return UpAskResign(t, g.Snapshot(), p)
}

// upResign is the press of /upbeat resign's Resign: the player leaves the game at once.
func upResign(r ui.Request, id view.CustomID) view.Reply {
	return onUpbeat(r, id.Game, func(t *host.Table) view.Reply {
		if err := up(r).ResignUpbeat(t, r.User().ID); err != nil {
			return r.Refused("resign upbeat", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("You resigned from UPBEAT game #%d.", t.Row.ID), Components: []discordgo.MessageComponent{}}
	})
}

// upBoard is /upbeat board: the channel's territory, privately, as an overview with
// zoom and pan buttons that only move the caller's own view.
func upBoard(r ui.Request) view.Reply {
	t, done, bad := upSeen(r)
	if bad != nil {
		return *bad
	}
	defer done()
	resumed, err := ui.Resume(r, t)
	if err != nil {
		return r.Internal("resume screen", err)
	}
	rep := upBoardView(r, t, nil)
	if resumed != "" {
		rep.Content = strings.TrimSpace(rep.Content + "\n" + resumed)
	}
	return rep
}

// upZoom answers a press of an /upbeat board button with the presser's new view, in
// place of the private message the button is on; the game may have ended since.
func upZoom(r ui.Request, id view.CustomID) view.Reply {
	zoom := func(t *host.Table) view.Reply {
		rep := upBoardView(r, t, &id)
		rep.Update = true
		return rep
	}
	t, err := r.Host().Lock(id.Game)
	if err != nil {
		if t, err = up(r).UpOver(r.Context(), "", id.Game); err == nil && t.Row.Scope != r.Guild() {
			err = otherServer(id.Game)
		}
		if err != nil {
			return r.Refused("finished upbeat game", err)
		}
		return zoom(t)
	}
	defer t.Unlock()
	if !upbeathost.IsUpbeat(t.Row) {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	return zoom(t)
}

// upBoardView renders t's territory for r's user: the overview, or the view a press of
// an /upbeat board button asks for.
func upBoardView(r ui.Request, t *host.Table, press *view.CustomID) view.Reply {
	g, bad := shownEngine(r, t)
	if bad != nil {
		return *bad
	}
	snap := g.Snapshot()
	var home *upbeat.Region
	if p := t.Seat(r.User().ID); p != 0 && snap.Players[p-1].Alive {
		home = &snap.Players[p-1].Center
	}
	var v render.View
	if press != nil {
		var ok bool
		if v, ok = UpPressed(*press, snap.Territory, home); !ok {
			return view.Private("%s", view.ErrStaleComponent.Error())
		}
	}
	png, err := r.Renderer().TerritoryPNG(render.Territory{Snap: snap, Last: up(r).UpLast(t), Names: UpNames(t), View: v})
	if err != nil {
		return r.Internal("render territory", err)
	}
	return UpBoard(t.Row.ID, snap, v, home != nil, png)
}

// upCheck is /upbeat check [file] [plan]: a plan checked against UPBEAT's language,
// from an attachment, the text option, or else a form.
func upCheck(r ui.Request, o ui.Options) view.Reply {
	if a := o.Attachment("file"); a != nil {
		text, err := r.Fetch(a, interp.MaxSourceBytes*4)
		if err != nil {
			return view.Private("Could not read your file: %v.", err)
		}
		return r.Check(up(r).UpLang(), a.Filename, text)
	}
	if text := o.Str("plan"); text != "" {
		return r.Check(up(r).UpLang(), "plan", text)
	}
	return UpCheckForm()
}

// Show is the front's Show for an UPBEAT game: the territory after the last turn,
// its summary, and the controls of the person to act.
func (screens) Show(tr ui.Transport, t *host.Table, s *store.Screen) (string, error) {
	if t.Row.Status == store.StatusSetup {
		// The first-plans message, with its Write plan button: its time runs out at
		// PlansDue, which the host set as it came to show it.
		return tr.PostScreen(t, UpFirstPlans(t, upbeathost.Lobby(t).PlansDue), ui.ScreenNonce(t.Row.ID, s.Version))
	}
	g, err := up(tr).UpEngine(t)
	if err != nil {
		return "", err
	}
	snap := g.Snapshot()
	png, err := tr.Renderer().TerritoryPNG(render.Territory{Snap: snap, Last: up(tr).UpLast(t), Names: UpNames(t)})
	if err != nil {
		return "", fmt.Errorf("bot: territory of game %d: %w", t.Row.ID, err)
	}
	id, err := tr.PostScreen(t, UpScreen(t, snap, s.Summary, png, up(tr).UpClockDue(t)), ui.ScreenNonce(t.Row.ID, s.Version))
	if err != nil {
		return "", err
	}
	if snap.Over {
		upPostAfterGame(tr, t) // once the final screen is up, and only then
	}
	return id, nil
}

// upPostAfterGame posts, under a finished UPBEAT game's final screen, its standings,
// the terminal's after-game sentences (upbeat.Report's) and chart, as postAfterGame
// does for KOMBAT. The report is rebuilt from the record, which costs what the game's
// play did (seconds for the longest): that runs in the background, off the table's
// lock, from a copy of the finished record. It is best-effort, a failure only logged;
// the post's nonce, one per game, keeps a retried final screen from posting it twice.
func upPostAfterGame(tr ui.Transport, t *host.Table) {
	id, place, names, viewer := t.Row.ID, t.Row.Place, UpNames(t), 0
	rec := upbeathost.Own(t).Record(t.Row.Seed)
	rec.Actions = slices.Clone(rec.Actions)
	if t.Row.Mode == match.ModeSolitaire { // written to its one person, as KOMBAT's
		viewer = slices.Index(upbeathost.Lobby(t).Levels, "") + 1
	}
	tr.Go(func() {
		defer func() { // a report's mistake must not take the bot down
			if p := recover(); p != nil {
				tr.Logger().Error("upbeat after-game report panicked", "game", id, "panic", p)
			}
		}()
		rep, err := upbeat.ReplayReport(up(tr).UpLang(), rec)
		var chart []byte
		if err == nil {
			chart, err = tr.Renderer().UpbeatChart(rep, names)
		}
		if err == nil {
			err = tr.PostOnce(place, view.Reply{Content: UpAfterGame(ui.AfterGameTitle, rep, names, viewer),
				Files: []view.File{{Name: fmt.Sprintf("upbeat-game-%d-chart.png", id), MIME: "image/png", Data: chart}}}, ui.AfterGameNonce(id))
		}
		if err != nil {
			tr.Logger().Warn("post upbeat after-game report", "game", id, "err", err)
		}
	})
}

// Summary is the front's Summary for an UPBEAT game (the host keeps the turn's log
// for the image of the screen that shows it: UpLast).
func (screens) Summary(tr ui.Transport, t *host.Table, e host.Event) string {
	switch e.Kind {
	case host.EvStart:
		if t.Row.Mode == match.ModeAuto {
			return fmt.Sprintf("The bots have written their first plans: the game begins, one turn every %s.", view.Duration(tr.Host().AutoStep()))
		}
		return "Everyone's first plan is in: the game begins."
	case host.EvTurn:
		return UpTurnSummary(e.Turn.(upbeat.TurnLog), UpNames(t), e.Player)
	case host.EvTimeUp:
		return fmt.Sprintf("⏰ %s's revision clock ran out: the plan ran as it stood.\n%s", UpMention(t, e.Player), UpTurnSummary(e.Turn.(upbeat.TurnLog), UpNames(t), e.Player))
	case host.EvResign:
		return fmt.Sprintf("%s resigned.", UpMention(t, e.Player))
	case host.EvStop:
		return fmt.Sprintf("<@%s> stopped the game: it ends as at its turn limit (the largest total deposit wins).", upbeathost.Lobby(t).Owner)
	}
	return ""
}

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
func upPlanAck(in ui.Input) ui.Ack {
	if in.Opts.Str("file") != "" || in.Opts.Str("saved") != "" {
		return ui.AckPrivate
	}
	return ui.AckNow
}

// upPlanCommand is /upbeat plan [file] [saved]: the plan from the file, or the latest
// version of the saved plan, becomes the caller's in the channel's UPBEAT game.
func upPlanCommand(r ui.Request, o ui.Options) view.Reply {
	a, saved := o.Attachment("file"), strings.TrimSpace(o.Str("saved"))
	switch {
	case a != nil && saved != "":
		return view.Private("Give your plan as a file or as a saved plan's name, not both.")
	case a == nil && saved == "":
		return view.Private("Attach your plan as a text file (`file:`) or name one you saved (`saved:`, see `/upbeat strategy list`); the **Write plan** and **Revise** buttons open a form instead.")
	}
	// Say at once when it is not the moment, before downloading anything.
	if rep := upPlanMoment(r); rep != nil {
		return *rep
	}
	if saved != "" {
		s, err := upLibrary(r).Latest(r.Context(), r.User().ID, saved)
		if err != nil {
			return r.Refused("load saved plan", err)
		}
		return takePlan(r, s.Source)
	}
	text, err := r.Fetch(a, interp.MaxSourceBytes*4)
	if err != nil {
		return view.Private("Could not read your file: %v.", err)
	}
	return takePlan(r, text)
}

// usePlan is the message command "Use as UPBEAT plan": the message's code block (the
// first one tagged upbeat, else the first; the whole text without one) becomes the
// caller's plan in the channel's UPBEAT game.
func usePlan(r ui.Request, d discordgo.ApplicationCommandInteractionData) view.Reply {
	code := planIn(d)
	if strings.TrimSpace(code) == "" {
		return view.Private("That message has no plan in it: put the code in a code block (```).")
	}
	return takePlan(r, code)
}

// usePlanAck: a message with a plan is acknowledged privately before the plan is
// written to the store; one without is answered at once.
func usePlanAck(in ui.Input) ui.Ack {
	if strings.TrimSpace(planIn(in.Data)) == "" {
		return ui.AckNow
	}
	return ui.AckPrivate
}

// planIn is the code block of the message a message command targets (the first one
// tagged upbeat, else the first; the whole text without one).
func planIn(d discordgo.ApplicationCommandInteractionData) string {
	var text string
	if d.Resolved != nil {
		if m := d.Resolved.Messages[d.TargetID]; m != nil {
			text = m.Content
		}
	}
	code, _ := interp.Extract(text, "upbeat")
	return code
}

// upPlanMoment says why the caller cannot write a plan in the channel's UPBEAT game
// now, or nil when they can.
func upPlanMoment(r ui.Request) *view.Reply {
	t, bad := upPlace(r)
	if bad != nil {
		return upGone(r, bad)
	}
	defer t.Unlock()
	return planRefusal(r, t)
}

// upGone is the answer when no UPBEAT game is active in the channel: the one here is
// over, or none (nobody's answer).
func upGone(r ui.Request, nobody *view.Reply) *view.Reply {
	last, err := r.DB().LastGameIn(r.Context(), store.GameUpbeat, r.Channel())
	if err == nil && last.Place == r.Channel() {
		rep := view.Private("The UPBEAT game here (#%d) is over: plans change nothing now. Open a new one with `/upbeat new`.", last.ID)
		return &rep
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		rep := r.Internal("last upbeat game", err)
		return &rep
	}
	return nobody
}

// planRefusal says why the caller cannot write a plan in t (locked) now, or nil: the
// first plans are written once the game has started and before it begins, and a
// revision on the caller's turn while their revision clock lasts.
func planRefusal(r ui.Request, t *host.Table) *view.Reply {
	refuse := func(format string, args ...any) *view.Reply {
		rep := view.Private(format, args...)
		return &rep
	}
	switch t.Row.Status {
	case store.StatusChallenge:
		return refuse("The game here has not started: the first plans are written once its opener presses **Start**.")
	case store.StatusSetup:
		if t.Seat(r.User().ID) == 0 {
			return refuse("You are not playing in this game.")
		}
		return nil
	}
	g, p, err := up(r).UpTurn(t, r.User().ID)
	if err != nil {
		rep := r.Refused("upbeat turn", err)
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
func takePlan(r ui.Request, plan string) view.Reply {
	t, bad := upPlace(r)
	if bad != nil {
		return *upGone(r, bad)
	}
	defer t.Unlock()
	if rep := planRefusal(r, t); rep != nil {
		return *rep
	}
	if t.Row.Status == store.StatusSetup {
		began, err := up(r).WritePlan(t, r.User().ID, plan)
		if err != nil {
			return planRefused(r, err)
		}
		if began {
			return view.Private("Your first plan is in, and everyone has written theirs: the game has begun.")
		}
		// The first-plans message ticks the seat, as a plan from its form would.
		if t.Row.Shown != "" {
			if _, err := r.Edit(UpFirstPlans(t, upbeathost.Lobby(t).PlansDue).MessageEdit(t.Row.Place, t.Row.Shown)); err != nil {
				r.Logger().Warn("tick the first plans message", "game", t.Row.ID, "err", err) // the plan is stored all the same
			}
		}
		n := host.Lines(strings.TrimSpace(plan))
		return view.Private("Your first plan is in (%d %s). You may write it again until the game begins <t:%d:R>.", n, render.Plural(n, "line", "lines"), upbeathost.Lobby(t).PlansDue.Unix())
	}
	return upReviseWith(r, t, plan)
}

// otherServer refuses game id of another server than the request's, as UPBEAT's
// replay does (upbeathost.UpReplayGame): to this server it does not exist.
func otherServer(id int64) error {
	return host.Refuse(host.CodeNoSuchGame, "There is no game #%d on this server.", id)
}
