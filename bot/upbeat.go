package bot

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/interp"
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
func (b *Bot) upNew(r *request, o options) view.Reply {
	cfg, bad := b.upConfigOption(o)
	if bad != nil {
		return *bad
	}
	nbots := int(o.Int("bots", 0))
	seats := int(o.Int("players", int64(min(6, max(2, nbots+1))))) // six bots alone: an auto game
	if nbots == seats {
		return b.upAutoGame(r, seats, o.Str("level"), cfg)
	}
	if err := host.Busy(b.host.Active(), r.i.GuildID, r.i.ChannelID, r.user.ID, r.user.ID); err != nil {
		return view.Refusal(err)
	}
	bots := make([]string, nbots)
	for i := range bots {
		bots[i] = o.Str("level")
	}
	t, err := b.up.OpenUpbeat(upbeathost.UpOpen{Scope: r.i.GuildID, Place: r.i.ChannelID, Owner: r.user.ID, OwnerName: ui.DisplayName(r.user),
		Config: cfg, Seats: seats, Bots: bots, Seed: host.NewSeed()})
	if err != nil {
		return b.refusedOr(r, "open upbeat game", err)
	}
	// OpenUpbeat gives the table unlocked. The lobby's message is kept as the game's
	// screen, so that the host's note when nobody starts the game can close it.
	return b.onUpbeat(t.Row.ID, func(t *host.Table) view.Reply {
		if t.Row.Mode == game.ModeSolitaire {
			// The opener and bots: every seat is taken and nobody is to wait for, so
			// no lobby (a Join for nobody); the game starts at once, as /kombat solo.
			return b.upBeginNow(r, t, view.UpSoloIntro(t), "start upbeat solo game")
		}
		if err := r.send(view.UpLobby(t)); err != nil {
			return b.internal(r, "send upbeat lobby", err)
		}
		if m, err := b.sess.InteractionResponse(r.i); err == nil {
			t.Row.Shown = m.ID
			if err := b.host.SaveMeta(t); err != nil {
				b.log.Error("save upbeat lobby message", "game", t.Row.ID, "err", err)
			}
		}
		return view.Reply{}
	})
}

// upConfigOption is the configuration a command's config attachment gives (the
// default rules without one), or the private answer saying why it cannot be used.
func (b *Bot) upConfigOption(o options) (upbeat.Config, *view.Reply) {
	cfg := upbeat.DefaultConfig()
	if a := o.Attachment("config"); a != nil {
		text, err := b.fetch(b.ctx, a, upbeat.MaxConfigBytes)
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
func (b *Bot) upAutoCommand(r *request, o options) view.Reply {
	cfg, bad := b.upConfigOption(o)
	if bad != nil {
		return *bad
	}
	return b.upAutoGame(r, int(o.Int("players", 2)), o.Str("level"), cfg)
}

// upAutoGame opens an UPBEAT game of seats bots of level, which its opener watches:
// the announcement says its turns and pace, the game moves to a thread of it when it
// can, and begins at once (the bots write their first plans); host then plays a turn
// every AutoStep until max_turns, or Pause.
func (b *Bot) upAutoGame(r *request, seats int, level string, cfg upbeat.Config) view.Reply {
	if err := host.Busy(b.host.Active(), r.i.GuildID, r.i.ChannelID, r.user.ID); err != nil {
		return view.Refusal(err)
	}
	bots := make([]string, seats)
	for i := range bots {
		bots[i] = level
	}
	t, err := b.up.OpenUpbeat(upbeathost.UpOpen{Scope: r.i.GuildID, Place: r.i.ChannelID, Owner: r.user.ID, OwnerName: ui.DisplayName(r.user),
		Config: cfg, Seats: seats, Bots: bots, Seed: host.NewSeed()})
	if err != nil {
		return b.refusedOr(r, "open upbeat auto game", err)
	}
	return b.onUpbeat(t.Row.ID, func(t *host.Table) view.Reply {
		return b.upBeginNow(r, t, view.UpAutoIntro(t, b.host.AutoStep()), "start upbeat auto game")
	})
}

// upBeginNow starts a game nobody need join at once, for its opener (r's user): intro
// answers the command, the game moves to a thread of it when it can, and StartUpbeat
// begins it there (the first plans, which an auto game's bots write at once).
func (b *Bot) upBeginNow(r *request, t *host.Table, intro view.Reply, what string) view.Reply {
	if err := r.send(intro); err != nil {
		return b.internal(r, "announce: "+what, err)
	}
	if m, err := b.sess.InteractionResponse(r.i); err == nil {
		b.moveToThread(t, m.ID, "UPBEAT: "+strings.Join(view.UpNames(t), ", "))
	}
	if err := b.up.StartUpbeat(t, r.user.ID); err != nil {
		return b.refusedOr(r, what, err)
	}
	return view.Reply{}
}

// onUpbeat answers with do on an UPBEAT game locked for a component (onTable's), or
// with why it cannot be.
func (b *Bot) onUpbeat(id int64, do func(t *host.Table) view.Reply) view.Reply {
	return b.onTable(id, func(t *host.Table) view.Reply {
		if !upbeathost.IsUpbeat(t.Row) {
			return view.Private("%s", view.ErrStaleComponent.Error())
		}
		return do(t)
	})
}

// upLobby changes an UPBEAT lobby for the presser (act: join, leave) and redraws it.
func (b *Bot) upLobby(r *request, id view.CustomID, what string, act func(t *host.Table) error) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		if err := act(t); err != nil {
			return b.refusedOr(r, what, err)
		}
		rep := view.UpLobby(t)
		rep.Update = true
		return rep
	})
}

// upJoin takes a seat in the lobby.
func (b *Bot) upJoin(r *request, id view.CustomID) view.Reply {
	return b.upLobby(r, id, "join upbeat game", func(t *host.Table) error {
		_, err := b.up.JoinUpbeat(t, r.user.ID, ui.DisplayName(r.user))
		return err
	})
}

// upLeave gives up the presser's seat in a game nobody has started yet.
func (b *Bot) upLeave(r *request, id view.CustomID) view.Reply {
	return b.upLobby(r, id, "leave upbeat game", func(t *host.Table) error { return b.up.LeaveUpbeat(t, r.user.ID) })
}

// upStop ends an UPBEAT auto game now, at its opener's request; its final screen
// follows.
func (b *Bot) upStop(r *request, id view.CustomID) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		if err := b.up.StopUpbeat(t, r.user.ID); err != nil {
			return b.refusedOr(r, "stop upbeat game", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("%s\n*Stopped by <@%s>.*", r.i.Message.Content, r.user.ID), Components: []discordgo.MessageComponent{}}
	})
}

// upCancel cancels a game nobody has started yet, at its opener's request.
func (b *Bot) upCancel(r *request, id view.CustomID) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		if err := b.up.CancelUpbeat(t, r.user.ID); err != nil {
			return b.refusedOr(r, "cancel upbeat game", err)
		}
		return view.Reply{Content: fmt.Sprintf("<@%s> cancelled this UPBEAT game.", r.user.ID), Update: true}
	})
}

// upStart starts the game: it moves to a thread of the lobby's message when it can,
// and the people are asked for their first plans there.
func (b *Bot) upStart(r *request, id view.CustomID) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		// The thread first, so that the first-plans screen StartUpbeat owes (and shows
		// at once when Discord takes it, or retries) goes there.
		if err := b.up.UpMayStart(t, r.user.ID); err != nil {
			return b.refusedOr(r, "start upbeat game", err)
		}
		b.moveToThread(t, r.i.Message.ID, "UPBEAT: "+strings.Join(view.UpNames(t), ", "))
		if err := b.up.StartUpbeat(t, r.user.ID); err != nil {
			return b.refusedOr(r, "start upbeat game", err)
		}
		return view.UpStarted(t)
	})
}

// upPlan opens the first-plan form for a player of the game, pre-filled with the plan
// they wrote so far.
func (b *Bot) upPlan(r *request, id view.CustomID) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		p := t.Seat(r.user.ID)
		switch {
		case p == 0:
			return view.Private("You are not playing in this game.")
		case t.Row.Status != store.StatusSetup:
			return view.Private("The first plans are written before the game begins; this one has begun.")
		}
		return view.UpPlanForm(t.Row.ID, true, upbeathost.Lobby(t).Plans[p-1])
	})
}

// upRevise opens the revision form for the player to act, pre-filled with their plan.
func (b *Bot) upRevise(r *request, id view.CustomID) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		g, p, err := b.up.UpTurn(t, r.user.ID)
		if err != nil {
			return b.refusedOr(r, "revise", err)
		}
		if !g.CanRevise(p) {
			return view.Private("Your revision clock has run out: press **Confirm** to run your plan as it stands.")
		}
		return view.UpPlanForm(t.Row.ID, false, g.Plan(p))
	})
}

// upForm takes a plan from the form: a first plan (the first-plans message changes)
// or a revision (answered privately).
func (b *Bot) upForm(r *request, id view.CustomID, plan string) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		if id.Arg(0) == "first" {
			began, err := b.up.WritePlan(t, r.user.ID, plan)
			if err != nil {
				return b.planRefused(r, err)
			}
			rep := view.UpFirstPlans(t, upbeathost.Lobby(t).PlansDue)
			if began {
				rep = view.Reply{Content: "**UPBEAT — first plans** · everyone has written a plan: the game has begun."}
			}
			rep.Update = true
			return rep
		}
		return b.upReviseWith(r, t, plan)
	})
}

// upReviseWith revises the presser's plan to plan (the form, a file, a saved plan or a
// message's code block) and says what it cost, or why it was refused.
func (b *Bot) upReviseWith(r *request, t *host.Table, plan string) view.Reply {
	if err := b.up.ReviseUpbeat(t, r.user.ID, plan); err != nil {
		return b.planRefused(r, err)
	}
	g, err := b.up.UpEngine(t)
	if err != nil {
		return b.internal(r, "engine after revision", err)
	}
	p := t.Seat(r.user.ID)
	left, runsOut, err := b.up.UpClock(t, p)
	if err != nil {
		return b.internal(r, "upbeat clock", err)
	}
	until := ""
	if !runsOut.IsZero() {
		until = fmt.Sprintf(" (it runs out <t:%d:R>)", runsOut.Unix())
	}
	return view.Private("Your plan is revised: budget %d, revision clock %s left%s. Press **Confirm** to run it, or **Revise** again.", g.Budget(p), view.Duration(left), until)
}

// planRefused tells a player why their plan was not taken: host's refusal or the
// plan's mistakes.
func (b *Bot) planRefused(r *request, err error) view.Reply {
	if msg, ok := view.Refused(err, "Your plan was not taken:\n", view.ContentLimit-40); ok {
		return view.Private("%s", msg)
	}
	return b.internal(r, "take plan", err)
}

// upConfirm runs the plan of the player to act; host shows the turn and the bots'
// turns after it.
func (b *Bot) upConfirm(r *request, id view.CustomID) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		if err := b.up.ConfirmUpbeat(t, r.user.ID); err != nil {
			return b.refusedOr(r, "confirm plan", err)
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
func (b *Bot) upPlace(r *request) (*host.Table, *view.Reply) {
	t := b.host.LockPlace(r.i.ChannelID)
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
func (b *Bot) upSeen(r *request) (t *host.Table, done func(), bad *view.Reply) {
	if t, bad := b.upPlace(r); bad == nil {
		return t, t.Unlock, nil
	}
	t, err := b.up.UpOver(b.ctx, r.i.ChannelID, 0)
	if err != nil {
		rep := b.refusedOr(r, "finished upbeat game", err)
		return nil, nil, &rep
	}
	return t, func() {}, nil
}

// upShown reports whether t's territory is there to show: the game has begun (it may
// be over).
func upShown(t *host.Table) bool {
	return t.Row.Status == store.StatusPlay || t.Row.Status == store.StatusOver
}

// upStatus is /upbeat status: the numbers of the channel's game, privately.
func (b *Bot) upStatus(r *request) view.Reply {
	t, done, bad := b.upSeen(r)
	if bad != nil {
		return *bad
	}
	defer done()
	if !upShown(t) {
		return view.Private("The game here has not begun: its players are joining or writing their first plans.")
	}
	g, err := b.up.UpEngine(t)
	if err != nil {
		return b.internal(r, "upbeat engine", err)
	}
	// The engine's clock is the one the turn began with; the player to act has used
	// some of it since.
	snap := g.Snapshot()
	var runsOut time.Time
	if p := snap.Current; p != 0 {
		if snap.Players[p-1].Clock, runsOut, err = b.up.UpClock(t, p); err != nil {
			return b.internal(r, "upbeat clock", err)
		}
	}
	return view.Private("%s", view.UpStatus(t, snap, runsOut))
}

// upAskResign is /upbeat resign: it asks first, privately, as /kombat resign does; the
// answer's Resign button resigns (upResign). A player who may not resign hears why at
// once.
func (b *Bot) upAskResign(r *request) view.Reply {
	t, bad := b.upPlace(r)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	p, err := b.up.UpMayResign(t, r.user.ID)
	if err != nil {
		return b.refusedOr(r, "resign upbeat", err)
	}
	g, err := b.up.UpEngine(t)
	if err != nil {
		return b.internal(r, "upbeat engine", err)
	}
	return view.UpAskResign(t, g.Snapshot(), p)
}

// upResign is the press of /upbeat resign's Resign: the player leaves the game at once.
func (b *Bot) upResign(r *request, id view.CustomID) view.Reply {
	return b.onUpbeat(id.Game, func(t *host.Table) view.Reply {
		if err := b.up.ResignUpbeat(t, r.user.ID); err != nil {
			return b.refusedOr(r, "resign upbeat", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("You resigned from UPBEAT game #%d.", t.Row.ID), Components: []discordgo.MessageComponent{}}
	})
}

// upBoard is /upbeat board: the channel's territory, privately, as an overview with
// zoom and pan buttons that only move the caller's own view.
func (b *Bot) upBoard(r *request) view.Reply {
	t, done, bad := b.upSeen(r)
	if bad != nil {
		return *bad
	}
	defer done()
	return b.upBoardView(r, t, nil)
}

// upZoom answers a press of an /upbeat board button with the presser's new view, in
// place of the private message the button is on; the game may have ended since.
func (b *Bot) upZoom(r *request, id view.CustomID) view.Reply {
	zoom := func(t *host.Table) view.Reply {
		rep := b.upBoardView(r, t, &id)
		rep.Update = true
		return rep
	}
	t, err := b.host.Lock(id.Game)
	if err != nil {
		if t, err = b.up.UpOver(b.ctx, "", id.Game); err != nil {
			return b.refusedOr(r, "finished upbeat game", err)
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
func (b *Bot) upBoardView(r *request, t *host.Table, press *view.CustomID) view.Reply {
	if !upShown(t) {
		return view.Private("The game here has not begun: its players are joining or writing their first plans.")
	}
	g, err := b.up.UpEngine(t)
	if err != nil {
		return b.internal(r, "upbeat engine", err)
	}
	snap := g.Snapshot()
	var home *upbeat.Region
	if p := t.Seat(r.user.ID); p != 0 && snap.Players[p-1].Alive {
		home = &snap.Players[p-1].Center
	}
	var v render.View
	if press != nil {
		var ok bool
		if v, ok = view.UpPressed(*press, snap.Territory, home); !ok {
			return view.Private("%s", view.ErrStaleComponent.Error())
		}
	}
	png, err := b.render.TerritoryPNG(render.Territory{Snap: snap, Last: b.up.UpLast(t), Names: view.UpNames(t), View: v})
	if err != nil {
		return b.internal(r, "render territory", err)
	}
	return view.UpBoard(t.Row.ID, snap, v, home != nil, png)
}

// upCheck is /upbeat check [file] [plan]: a plan checked against UPBEAT's language,
// from an attachment, the text option, or else a form.
func (b *Bot) upCheck(r *request, o options) view.Reply {
	if a := o.Attachment("file"); a != nil {
		text, err := b.fetch(b.ctx, a, interp.MaxSourceBytes*4)
		if err != nil {
			return view.Private("Could not read your file: %v.", err)
		}
		return b.checkIn(r, b.up.UpLang(), a.Filename, text)
	}
	if text := o.Str("plan"); text != "" {
		return b.checkIn(r, b.up.UpLang(), "plan", text)
	}
	return view.UpCheckForm()
}

// upShow is the front's Show for an UPBEAT game: the territory after the last turn,
// its summary, and the controls of the person to act.
func (b *Bot) upShow(t *host.Table, s *store.Screen) (string, error) {
	if t.Row.Status == store.StatusSetup {
		// The first-plans message, with its Write plan button: its time runs out at
		// PlansDue, which the host set as it came to show it.
		m, err := b.postOnce(t.Row.Place, view.UpFirstPlans(t, upbeathost.Lobby(t).PlansDue), ui.ScreenNonce(t.Row.ID, s.Version), b.screenPriority(t))
		if err != nil {
			return "", err
		}
		return m.ID, nil
	}
	g, err := b.up.UpEngine(t)
	if err != nil {
		return "", err
	}
	snap := g.Snapshot()
	png, err := b.render.TerritoryPNG(render.Territory{Snap: snap, Last: b.up.UpLast(t), Names: view.UpNames(t)})
	if err != nil {
		return "", fmt.Errorf("bot: territory of game %d: %w", t.Row.ID, err)
	}
	m, err := b.postOnce(t.Row.Place, view.UpScreen(t, snap, s.Summary, png, b.up.UpClockDue(t)), ui.ScreenNonce(t.Row.ID, s.Version), b.screenPriority(t))
	if err != nil {
		return "", err
	}
	if snap.Over {
		b.upPostAfterGame(t) // once the final screen is up, and only then
	}
	return m.ID, nil
}

// upPostAfterGame posts, under a finished UPBEAT game's final screen, its standings,
// the terminal's after-game sentences (upbeat.Report's) and chart, as postAfterGame
// does for KOMBAT. The report is rebuilt from the record, which costs what the game's
// play did (seconds for the longest): that runs in the background, off the table's
// lock, from a copy of the finished record. It is best-effort, a failure only logged;
// the post's nonce, one per game, keeps a retried final screen from posting it twice.
func (b *Bot) upPostAfterGame(t *host.Table) {
	id, place, names, viewer := t.Row.ID, t.Row.Place, view.UpNames(t), 0
	rec := upbeathost.Own(t).Record(t.Row.Seed)
	rec.Actions = slices.Clone(rec.Actions)
	if t.Row.Mode == game.ModeSolitaire { // written to its one person, as KOMBAT's
		viewer = slices.Index(upbeathost.Lobby(t).Levels, "") + 1
	}
	if !b.begin() {
		return
	}
	go func() {
		defer b.work.Done()
		defer func() { // a report's mistake must not take the bot down
			if p := recover(); p != nil {
				b.log.Error("upbeat after-game report panicked", "game", id, "panic", p)
			}
		}()
		rep, err := upbeat.ReplayReport(b.up.UpLang(), rec)
		var chart []byte
		if err == nil {
			chart, err = b.render.UpbeatChart(rep, names)
		}
		if err == nil {
			_, err = b.postOnce(place, view.Reply{Content: view.UpAfterGame(afterGameTitle, rep, names, viewer),
				Files: []view.File{{Name: fmt.Sprintf("upbeat-game-%d-chart.png", id), MIME: "image/png", Data: chart}}}, afterGameNonce(id))
		}
		if err != nil {
			b.log.Warn("post upbeat after-game report", "game", id, "err", err)
		}
	}()
}

// upSummary is the front's Summary for an UPBEAT game (the host keeps the turn's log
// for the image of the screen that shows it: UpLast).
func (b *Bot) upSummary(t *host.Table, e host.Event) string {
	switch e.Kind {
	case host.EvStart:
		if t.Row.Mode == game.ModeAuto {
			return fmt.Sprintf("The bots have written their first plans: the game begins, one turn every %s.", view.Duration(b.host.AutoStep()))
		}
		return "Everyone's first plan is in: the game begins."
	case host.EvTurn:
		return view.UpTurnSummary(e.Turn.(upbeat.TurnLog), view.UpNames(t), e.Player)
	case host.EvTimeUp:
		return fmt.Sprintf("⏰ %s's revision clock ran out: the plan ran as it stood.\n%s", view.UpMention(t, e.Player), view.UpTurnSummary(e.Turn.(upbeat.TurnLog), view.UpNames(t), e.Player))
	case host.EvResign:
		return fmt.Sprintf("%s resigned.", view.UpMention(t, e.Player))
	case host.EvStop:
		return fmt.Sprintf("<@%s> stopped the game: it ends as at its turn limit (the largest total deposit wins).", upbeathost.Lobby(t).Owner)
	}
	return ""
}
