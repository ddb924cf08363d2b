package upbeatui

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/match"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// UPBEAT's messages (issue 16): the lobby where players join, the first plans, the
// plan form, the screen of each turn and the status.

// UpNames are an UPBEAT game's seats' names: a person's display name, "Bot N (level)"
// for a bot, "(open)" for a seat nobody has taken yet.
func UpNames(t *host.Table) []string {
	out := make([]string, len(upbeathost.Own(t).Seats))
	for i, id := range upbeathost.Own(t).Seats {
		switch {
		case upbeathost.Lobby(t).Levels[i] != "":
			out[i] = fmt.Sprintf("Bot %d (%s)", i+1, upbeathost.Lobby(t).Levels[i])
		case id == "":
			out[i] = "(open)"
		default:
			out[i] = upbeathost.Lobby(t).Names[i]
		}
	}
	return out
}

// UpMention names seat p for a message: its player's mention, or the bot's name in bold.
func UpMention(t *host.Table, p int) string {
	if id := upbeathost.Own(t).Seats[p-1]; id != "" {
		return "<@" + id + ">"
	}
	return "**" + UpNames(t)[p-1] + "**"
}

// upSeats lists the seats, one a line.
func upSeats(t *host.Table, mark func(p int) string) string {
	var b strings.Builder
	for i, name := range UpNames(t) {
		who := name
		if upbeathost.Own(t).Seats[i] != "" {
			who = "<@" + upbeathost.Own(t).Seats[i] + ">"
		}
		fmt.Fprintf(&b, "%s %d. %s\n", mark(i+1), i+1, who)
	}
	return b.String()
}

// UpLobby is the message where players join an UPBEAT game and its opener starts it.
func UpLobby(t *host.Table) view.Reply {
	cfg := upbeathost.Own(t).Config
	var b strings.Builder
	fmt.Fprintf(&b, "**UPBEAT** · <@%s> opens a game for %d players on a %d x %d territory, %s each. Press **Join** to take a seat (**Leave** gives it up); <@%s> presses **Start** when the seats are full (within %d minutes, or the game closes).\n",
		upbeathost.Lobby(t).Owner, len(upbeathost.Own(t).Seats), cfg.Rows, cfg.Cols, upCount(cfg.MaxTurns, "turn", "turns"), upbeathost.Lobby(t).Owner, int(upbeathost.UpLobbyLife.Minutes()))
	b.WriteString(upSeats(t, func(int) string { return "•" }))
	id := func(action string) view.CustomID { return view.CustomID{Action: action, Game: t.Row.ID} }
	return view.Reply{Content: view.Fit(b.String()), Components: []discordgo.MessageComponent{view.Row(
		view.Button("Join", discordgo.PrimaryButton, id("upjoin")),
		view.Button("Leave", discordgo.SecondaryButton, id("upleave")),
		view.Button("Start", discordgo.SuccessButton, id("upstart")),
		view.Button("Cancel", discordgo.SecondaryButton, id("upcancel")),
	)}}
}

// UpAutoIntro announces an UPBEAT auto game, which bots alone play while its opener
// watches: its bots, territory, turns and pace (a turn every step), and who may pause it.
func UpAutoIntro(t *host.Table, step time.Duration) view.Reply {
	cfg, n := upbeathost.Own(t).Config, len(upbeathost.Own(t).Seats)
	var b strings.Builder
	fmt.Fprintf(&b, "**UPBEAT** game #%d · <@%s> starts an auto game: %d bots play each other on a %d x %d territory, %s each (%d in all), one turn every %s. <@%s> can **Pause** and **Resume** it, or **Stop** it, which ends it at once as at its turn limit; it is not rated.\n",
		t.Row.ID, upbeathost.Lobby(t).Owner, n, cfg.Rows, cfg.Cols, upCount(cfg.MaxTurns, "turn", "turns"), int64(n)*cfg.MaxTurns, view.Duration(step), upbeathost.Lobby(t).Owner)
	b.WriteString(upSeats(t, func(int) string { return "•" }))
	return view.Reply{Content: view.Fit(b.String())}
}

// UpSoloIntro announces an UPBEAT game of its opener against bots, which starts at
// once (no lobby: nobody is to join): its bots, territory and turns, and where the
// first plan is written.
func UpSoloIntro(t *host.Table) view.Reply {
	cfg, names := upbeathost.Own(t).Config, UpNames(t)
	return view.Reply{Content: view.Fit(fmt.Sprintf("**UPBEAT** game #%d · <@%s> plays against %s on a %d x %d territory, %s each. The game has started: write your first plan on the first-plans message (in the thread, when the bot may open one).\n%s",
		t.Row.ID, upbeathost.Lobby(t).Owner, strings.Join(names[1:], ", "), cfg.Rows, cfg.Cols, upCount(cfg.MaxTurns, "turn", "turns"), upSeats(t, func(int) string { return "•" })))}
}

// UpStarted replaces the lobby once the game has started in place (a thread, or here).
func UpStarted(t *host.Table) view.Reply {
	where := "below"
	if t.Row.Origin != "" {
		where = fmt.Sprintf("in <#%s>", t.Row.Place)
	}
	return view.Reply{Update: true, Content: fmt.Sprintf("**UPBEAT** game #%d has started: %d players write their first plans %s.\n%s",
		t.Row.ID, len(upbeathost.Own(t).Seats), where, upSeats(t, func(int) string { return "•" }))}
}

// UpFirstPlans is the message where the people write their first plans (U19) until
// until; a seat without one by then plays "done".
func UpFirstPlans(t *host.Table, until time.Time) view.Reply {
	var b strings.Builder
	fmt.Fprintf(&b, "**UPBEAT — first plans** · press **Write plan** and write your construction plan. The game begins when everyone has written one, or <t:%d:R>; a player without a plan then runs `done`.\n", until.Unix())
	b.WriteString(upWritten(t))
	var people []string
	for _, id := range upbeathost.Own(t).Seats {
		if id != "" {
			people = append(people, id)
		}
	}
	return view.Reply{Content: view.Fit(b.String()), Mentions: people, Components: []discordgo.MessageComponent{view.Row(
		view.Button("Write plan", discordgo.PrimaryButton, view.CustomID{Action: "upplan", Game: t.Row.ID}),
	)}}
}

// upWritten lists the seats, ticked when they wrote their first plan.
func upWritten(t *host.Table) string {
	return upSeats(t, func(p int) string {
		if len(upbeathost.Lobby(t).Written) >= p && upbeathost.Lobby(t).Written[p-1] {
			return "✅"
		}
		return "⬜"
	})
}

// UpFirstPlansDone is the first-plans message once the game has begun: who wrote a
// plan, and no word of a button that is gone.
func UpFirstPlansDone(t *host.Table) string {
	var b strings.Builder
	b.WriteString("**UPBEAT — first plans** · the game has begun; a player who wrote no plan runs `done`.\n")
	b.WriteString(upWritten(t))
	return view.Fit(b.String())
}

// UpPlanForm is the plan form: the first plan (first) or a revision. The plan it
// starts from is pre-filled when it fits a text input; otherwise the input starts
// empty and its label says so, since a cut plan would lose the player's code.
func UpPlanForm(game int64, first bool, plan string) view.Reply {
	title, label, arg := "Revise your plan", "Construction plan (code fences are fine)", "rev"
	if first {
		title, arg = "Your first plan", "first"
	}
	if utf8.RuneCountInString(plan) > view.MaxInputValue {
		plan, label = "", fmt.Sprintf("Plan (yours is over %d chars: paste it)", view.MaxInputValue)
	}
	return view.Reply{Modal: &view.Form{ID: view.CustomID{Action: "upform", Game: game, Args: []string{arg}}.Encode(), Title: title,
		Inputs: []discordgo.TextInput{view.TextInput("plan", label, discordgo.TextInputParagraph, plan, true, view.MaxInputValue)}}}
}

// UpScreen is the screen of an UPBEAT game after a turn (or at its start): the
// summary, the territory image, and for the person to act their revision clock (and
// runsOut, when it runs out, as a timestamp Discord counts down for each reader, since
// the message stays as posted while the clock runs) and the Revise and Confirm
// buttons; at the end, the result.
func UpScreen(t *host.Table, s upbeat.Snapshot, summary string, png []byte, runsOut time.Time) view.Reply {
	var b strings.Builder
	if summary != "" {
		b.WriteString(summary + "\n")
	}
	rep := view.Reply{Files: []view.File{{Name: "territory.png", MIME: "image/png", Data: png}}}
	if s.Over {
		b.WriteString("**Game over.** " + UpResult(t, s))
		rep.Content, rep.Components = view.Fit(b.String()), upWithWhy(t, nil)
		return rep
	}
	p := s.Current
	pv := s.Players[p-1]
	fmt.Fprintf(&b, "**UPBEAT** · turn %d of %d for %s · budget %d", pv.Turn, s.Config.MaxTurns, UpMention(t, p), pv.Budget)
	if id := upbeathost.Own(t).Seats[p-1]; id != "" {
		rep.Mentions = []string{id}
		// No word of the buttons: the screen keeps its text when the next one takes
		// them away, and must not tell anyone to press what is gone.
		if pv.CanRevise {
			fmt.Fprintf(&b, " · revision clock %s left%s (a revision costs %d)", view.Duration(pv.Clock), upRunsOut(runsOut), s.Config.RevCost)
		} else {
			b.WriteString("\nYour revision clock has run out: your plan runs as it stands.")
		}
		id := func(action string) view.CustomID { return view.CustomID{Action: action, Game: t.Row.ID} }
		rep.Components = []discordgo.MessageComponent{view.Row(
			view.Button("Revise", discordgo.SecondaryButton, id("uprevise")),
			view.Button("Confirm", discordgo.SuccessButton, id("upconfirm")),
		)}
	}
	rep.Components = upWithWhy(t, rep.Components)
	if t.Row.Mode == match.ModeAuto {
		rep.Components = upAutoControls(t) // Why? among them
	}
	rep.Content = view.Fit(b.String())
	return rep
}

// upAutoControls are an UPBEAT auto game's buttons. Such a game may run for hours:
// Stop ends it now, as at its turn limit. Why? explains the last turn (a press of
// Pause or Resume keeps it).
func upAutoControls(t *host.Table) []discordgo.MessageComponent {
	return upWithWhy(t, []discordgo.MessageComponent{view.Row(view.PauseButton(t.Row.ID, t.Paused()),
		view.Button("Stop", discordgo.DangerButton, view.CustomID{Action: "upstop", Game: t.Row.ID}))})
}

// UpResult words how a finished game ended.
func UpResult(t *host.Table, s upbeat.Snapshot) string {
	var reason string
	if t.Row.Result != nil {
		reason = string(t.Row.Result.Reason)
	}
	switch {
	case s.Winner == 0:
		return "A tie: the turn limit came and the best share the top."
	case reason == string(upbeathost.UpLastStanding):
		return fmt.Sprintf("%s wins: the last city standing.", UpMention(t, s.Winner))
	}
	return fmt.Sprintf("%s wins at the turn limit (deposits, then regions, then budget).", UpMention(t, s.Winner))
}

// upCount is n with its noun, one or many as n asks ("1 region", "2 regions").
func upCount[N ~int | ~int64](n N, one, many string) string {
	return fmt.Sprintf("%d %s", n, render.Plural(int(n), one, many))
}

// upRunsOut words when a running revision clock runs out, as a Discord timestamp
// (nothing when it is not running).
func upRunsOut(at time.Time) string {
	if at.IsZero() {
		return ""
	}
	return fmt.Sprintf(", runs out <t:%d:R>", at.Unix())
}

// UpStatus is an UPBEAT game's numbers as text: each player's budget, regions, total
// deposit and revision clock, and whose turn it is. s's clock of the player to act is
// to be the time left now (host.UpClock), and runsOut when it runs out if it runs.
func UpStatus(t *host.Table, s upbeat.Snapshot, runsOut time.Time) string {
	var b strings.Builder
	if t.Row.Status != store.StatusPlay && !s.Over {
		return "The game here has not begun: its players are joining or writing their first plans."
	}
	fmt.Fprintf(&b, "**UPBEAT** game #%d · %s played", t.Row.ID, upCount(s.Turns, "turn", "turns"))
	if s.Current != 0 {
		fmt.Fprintf(&b, " · %s to play", UpMention(t, s.Current))
	}
	b.WriteString("\n")
	for i, pv := range s.Players {
		state := fmt.Sprintf("budget %d · %s · deposits %d · clock %s", pv.Budget, upCount(pv.Regions, "region", "regions"), upbeat.Whole(pv.Total), view.Duration(pv.Clock))
		if i+1 == s.Current {
			state += upRunsOut(runsOut)
		}
		if !pv.Alive {
			state = "out"
		}
		fmt.Fprintf(&b, "%d. %s: %s\n", i+1, UpMention(t, i+1), state)
	}
	if s.Over {
		b.WriteString(UpResult(t, s))
	}
	return view.Fit(b.String())
}

// UpTurnSummary words what seat p's turn did, in a line or two, naming players by
// names (by seat; UpNames): the interest, then every command the plan ran counted by
// kind from the turn's tally (the log keeps only the first upbeat.MaxEventsPerEval
// events, a plan may run millions).
func UpTurnSummary(l upbeat.TurnLog, names []string, p int) string {
	who := names[p-1]
	var interest float64
	var lost []int
	for _, e := range l.Events {
		switch e.Kind {
		case upbeat.EventInterest:
			interest += e.Gain
		case upbeat.EventLost:
			lost = append(lost, e.Player)
		}
	}
	parts := append([]string{fmt.Sprintf("interest +%.0f", interest)}, l.Tally.Words()...)
	s := fmt.Sprintf("**%s**, turn %d: %s; the crew ended at %v (%s).", who, l.Turn, strings.Join(parts, ", "), l.Crew, l.End)
	for _, out := range lost {
		s += fmt.Sprintf(" %s lost their city center and is out.", names[out-1])
	}
	return s
}

// upPresses are /upbeat board's buttons: the first argument of their ids ("upview"),
// and their labels. Each button's id also carries the view its message shows (center
// row and column, zoom level), so a press needs nothing stored and one player's view
// never moves another's; the arguments keep the ids of one message apart, as Discord
// requires, even where two presses would give the same view.
func upPresses() []struct{ arg, label string } {
	return []struct{ arg, label string }{
		{"in", "Zoom in"}, {"out", "Zoom out"},
		{"left", "◀"}, {"up", "▲"}, {"down", "▼"}, {"right", "▶"},
		{"home", "My city"},
	}
}

// UpBoard is /upbeat board's private message: the territory as v shows it, with zoom
// and pan buttons, and "My city" when the viewer has a city to go to (home).
func UpBoard(game int64, s upbeat.Snapshot, v render.View, home bool, png []byte) view.Reply {
	w := v.Window(s.Territory)
	where := fmt.Sprintf("the whole %d x %d territory", s.Territory.Rows, s.Territory.Cols)
	if v.Zoom > 0 {
		where = fmt.Sprintf("rows %d–%d, columns %d–%d (zoom %d of %d)", w.Top, w.Top+w.Rows-1, w.Left, w.Left+w.Cols-1, v.Zoom, render.MaxZoom)
	}
	content := fmt.Sprintf("**UPBEAT** game #%d · %s, after %s. Only you see this view; the buttons move it.", game, where, upCount(s.Turns, "turn", "turns"))
	var buttons []discordgo.MessageComponent
	for _, p := range upPresses() {
		if p.arg == "home" && !home {
			continue
		}
		id := view.CustomID{Action: "upview", Game: game, Args: []string{p.arg,
			strconv.Itoa(v.Center.Row), strconv.Itoa(v.Center.Col), strconv.Itoa(v.Zoom)}}
		buttons = append(buttons, view.Button(p.label, discordgo.SecondaryButton, id))
	}
	rows := []discordgo.MessageComponent{view.Row(buttons[:2]...), view.Row(buttons[2:]...)}
	return view.Reply{Content: content, Ephemeral: true, Components: rows,
		Files: []view.File{{Name: "territory.png", MIME: "image/png", Data: png}}}
}

// UpPressed is the view a press of an /upbeat board button asks for on territory t:
// the view its id carries, zoomed, panned or centred on home (the presser's city
// center; nil for someone without one). ok is false for an id no button of this
// version makes.
func UpPressed(id view.CustomID, t upbeat.Territory, home *upbeat.Region) (v render.View, ok bool) {
	row, err1 := strconv.Atoi(id.Arg(1))
	col, err2 := strconv.Atoi(id.Arg(2))
	zoom, err3 := strconv.Atoi(id.Arg(3))
	if err1 != nil || err2 != nil || err3 != nil || len(id.Args) != 4 {
		return render.View{}, false
	}
	v = render.View{Center: upbeat.Region{Row: row, Col: col}, Zoom: zoom}
	switch id.Arg(0) {
	case "in":
		return v.ZoomIn(t), true
	case "out":
		return v.ZoomOut(t), true
	case "up":
		return v.Pan(t, render.PanUp), true
	case "down":
		return v.Pan(t, render.PanDown), true
	case "left":
		return v.Pan(t, render.PanLeft), true
	case "right":
		return v.Pan(t, render.PanRight), true
	case "home":
		if home == nil {
			return render.View{}, false
		}
		return v.Home(t, *home), true
	}
	return render.View{}, false
}

// UpbeatRulesDoc is UPBEAT's rules in full, a page of the repository (the README names
// no repository URL to link it from, so the rules screen gives its path).
const UpbeatRulesDoc = "docs/upbeat.md"

// UpRulesText is /upbeat rules: the game and its plan language in one screen, and
// where the rules are in full (UpbeatRulesDoc). The language's words come from
// upbeat's definition and the configuration's ranges from its bounds, so the screen
// follows the rules package.
func UpRulesText() string {
	def := upbeat.Definition()
	var b strings.Builder
	fmt.Fprintf(&b, "**UPBEAT** — 2 to %d mayors share a hex territory (up to %d x %d regions). Each writes one **construction plan**, which the city crew runs from the city center every turn.\n", upbeat.MaxPlayers, upbeat.MaxSide, upbeat.MaxSide)
	b.WriteString("**A turn:** interest on your deposits; **Revise** your plan if you like (costs `rev_cost`, spends your revision clock), then **Confirm** to run it. A region below 1 loses its owner; losing your city center puts you out. At the turn limit the most deposits win, then regions, then budget.\n")
	b.WriteString("**The language:** `x = expr`, `done`, `{ ... }`, `if (e) then S else S`, `while (e) S`; a condition is true when positive. Variables are the plan's own and keep their values across turns. Directions: `" + strings.Join(def.Directions, " ") + "`.\n")
	for _, w := range append(def.Commands, def.Infos...) {
		sig, doc, _ := strings.Cut(w.Doc, ": ")
		b.WriteString("• `" + sig + "`: " + doc + "\n")
	}
	b.WriteString("Read-only: `" + strings.Join(def.Specials, " ") + "`.\n```\n" + UpRulesExample + "```\n")
	fmt.Fprintf(&b, "**Configuration** (`name=value` lines in a file for `/upbeat new`): `m`, `n` (1–%d), `init_plan_min`, `plan_rev_min` (0–%d; `_sec` 0–59), `init_budget`, `init_center_dep`, `rev_cost`, `max_dep` (up to %d), `interest_pct` (1–%d), `max_turns` (1–%d), `step_limit` (1–%d).\n",
		upbeat.MaxSide, upbeat.MaxMinutes, int64(upbeat.MaxAmount), upbeat.MaxInterestPct, upbeat.MaxMaxTurns, upbeat.MaxStepLimit)
	b.WriteString("`/upbeat check` tests a plan; `/upbeat board` zooms on the territory.\n")
	b.WriteString("**All the rules**, with every word's cost: `" + UpbeatRulesDoc + "` in kombat's repository.")
	return view.Fit(b.String())
}

// UpRulesExample is the plan /upbeat rules shows (its tests compile it).
const UpRulesExample = "t = t + 1\nif (budget - 100) then invest 50 else done\nif (opponent % 10 - 3) then move up else shoot down 20\n"

// UpCheckForm is /upbeat check's form, for a plan given neither as a file nor as text.
func UpCheckForm() view.Reply {
	return view.Reply{Modal: &view.Form{ID: view.CustomID{Action: "upcheckform"}.Encode(), Title: "Check an UPBEAT plan",
		Inputs: []discordgo.TextInput{view.TextInput("plan", "Construction plan (code fences are fine)", discordgo.TextInputParagraph, "", true, view.MaxInputValue)}}}
}

// UpAfterGame words a finished game's report under its final screen, as KOMBAT's
// after-game message does (title is that message's): the standings, then the
// report's sentences (the outcome, the turning points, one suggestion), for viewer
// ("you"; 0 for none, then written for everyone).
func UpAfterGame(title string, r upbeat.Report, names []string, viewer int) string {
	var b strings.Builder
	b.WriteString(title + "\n")
	for i, p := range r.Standings() {
		pv := r.Final.Players[p-1]
		state := fmt.Sprintf("deposits %d · %s · budget %d", upbeat.Whole(pv.Total), upCount(pv.Regions, "region", "regions"), pv.Budget)
		switch {
		case p == r.Resigned:
			state = "resigned"
		case !pv.Alive:
			state = "out: city center lost"
		}
		fmt.Fprintf(&b, "%d. %s: %s\n", i+1, names[p-1], state)
	}
	b.WriteString(strings.Join(r.Sentences(names, viewer), "\n"))
	return view.Fit(b.String())
}

// UpAskResign asks player p, privately, to confirm that they resign from the game s
// shows, saying what follows: who wins, or that the others play on.
func UpAskResign(t *host.Table, s upbeat.Snapshot, p int) view.Reply {
	var others []int
	for i, pv := range s.Players {
		if pv.Alive && i+1 != p {
			others = append(others, i+1)
		}
	}
	then := fmt.Sprintf("the %d others play on without you", len(others))
	if len(others) == 1 {
		then = UpNames(t)[others[0]-1] + " wins"
	}
	return view.Reply{Ephemeral: true, Content: fmt.Sprintf("Resign from UPBEAT game #%d? You are out at once, and %s.", t.Row.ID, then),
		Components: []discordgo.MessageComponent{view.Row(view.Button("Resign", discordgo.DangerButton, view.CustomID{Action: "upresign", Game: t.Row.ID}))}}
}

// UpbeatChannel answers a /kombat game command in a channel whose game is UPBEAT's.
func UpbeatChannel() view.Reply {
	return view.Private("This channel's game is UPBEAT: `/upbeat status` shows it and `/upbeat resign` leaves it.")
}
