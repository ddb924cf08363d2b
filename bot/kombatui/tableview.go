package kombatui

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/kombathost"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
)

// Setup is the message where players agree on the kinds.
func Setup(t *host.Table) view.Reply {
	var b strings.Builder
	fmt.Fprintf(&b, "**KOMBAT — setting up** · %s\n", VsLine(t))
	b.WriteString("Propose 1 to 5 minion kinds (name, defense, strategy). Any change clears Ready; when everyone is Ready on the same kinds, the game starts.\n")
	if len(kombathost.LobbyOf(t).Kinds) == 0 {
		b.WriteString("\n*No kinds yet: press **Add kind**, or use the message command* Use as KOMBAT strategy *on a message with a code block.*\n")
	}
	for i, k := range kombathost.LobbyOf(t).Kinds {
		fmt.Fprintf(&b, "\n**%d. %s** — defense %d — by <@%s>\n```\n%s\n```", i+1, k.Name, k.Defense, k.By, preview(k.Strategy, 3, 60))
	}
	var ready []string
	for _, a := range kombathost.LobbyOf(t).Agreers(t.Row) {
		mark := "⬜"
		if a.Ready {
			mark = "✅"
		}
		ready = append(ready, mark+" <@"+a.User+">")
	}
	fmt.Fprintf(&b, "\nReady: %s", strings.Join(ready, " · "))
	id := func(action string) view.CustomID { return view.CustomID{Action: action, Game: t.Row.ID} }
	rows := []discordgo.MessageComponent{view.Row(
		view.Button("Add kind", discordgo.PrimaryButton, id("addkind")),
		view.Button("Load saved strategy", discordgo.SecondaryButton, id("libpick")),
		view.Button("Ready / not ready", discordgo.SuccessButton, id("ready")),
		view.Button("Cancel game", discordgo.DangerButton, id("cancel")),
	)}
	if len(kombathost.LobbyOf(t).Kinds) > 0 {
		var opts []discordgo.SelectMenuOption
		for i, k := range kombathost.LobbyOf(t).Kinds {
			opts = append(opts, discordgo.SelectMenuOption{Label: fmt.Sprintf("%d. %s", i+1, k.Name), Value: strconv.Itoa(i)})
		}
		rows = append(rows,
			view.Row(discordgo.SelectMenu{CustomID: id("editkind").Encode(), Placeholder: "Edit a kind…", Options: opts}),
			view.Row(discordgo.SelectMenu{CustomID: id("rmkind").Encode(), Placeholder: "Remove a kind…", Options: opts}))
	}
	return view.Reply{Content: view.Fit(b.String()), Components: rows, Mentions: nil}
}

// VsLine names the players of a game.
func VsLine(t *host.Table) string {
	switch t.Row.Mode {
	case game.ModeAuto:
		return fmt.Sprintf("auto: the bot plays itself · set up by <@%s>", kombathost.LobbyOf(t).Owner)
	}
	return fmt.Sprintf("%s: %s (blue) vs %s (orange)", t.Row.Mode, Mention(t, 1), Mention(t, 2))
}

// preview shows the first lines of a strategy, shortened, safe inside a code block.
func preview(s string, lines, width int) string {
	ls := strings.Split(strings.ReplaceAll(strings.TrimSpace(s), "```", "'''"), "\n")
	var out []string
	for i, l := range ls {
		if i == lines {
			out = append(out, fmt.Sprintf("… (%d more lines)", len(ls)-lines))
			break
		}
		l = strings.TrimRight(l, "\r")
		if r := []rune(l); len(r) > width {
			l = string(r[:width-1]) + "…"
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// Agreed replaces the setup message once the kinds are fixed.
func Agreed(t *host.Table) view.Reply {
	var names []string
	for _, k := range kombathost.Kinds(t.Row) {
		names = append(names, fmt.Sprintf("**%s** (defense %d)", k.Name, k.Defense))
	}
	return view.Reply{Update: true, Content: fmt.Sprintf("**KOMBAT** · %s\nKinds agreed: %s.", VsLine(t), strings.Join(names, ", "))}
}

// FreeSpawn asks each human for their free spawn.
func FreeSpawn(t *host.Table) view.Reply {
	var opts []discordgo.SelectMenuOption
	for i, k := range kombathost.Kinds(t.Row) {
		opts = append(opts, discordgo.SelectMenuOption{Label: k.Name, Description: fmt.Sprintf("defense %d", k.Defense), Value: strconv.Itoa(i)})
	}
	var who []string
	for _, p := range t.Humans() {
		who = append(who, Mention(t, p))
	}
	return view.Reply{
		Content: fmt.Sprintf("**Free spawns.** %s: place one minion each, for free, in your start area. Choose its kind, then its hex.", strings.Join(who, " and ")),
		Components: []discordgo.MessageComponent{view.Row(discordgo.SelectMenu{CustomID: view.CustomID{Action: "fskind", Game: t.Row.ID}.Encode(),
			Placeholder: "Choose the kind of your free minion", Options: opts})},
		Mentions: kombathost.SeatList(t.Row),
	}
}

// Header is the first line of a game message: whose turn, or how it ended.
func Header(t *host.Table, g *game.Game) string {
	s := g.Snapshot()
	if r := g.Result(); r != nil {
		names := kombathost.Names(t)
		win := "It is a tie"
		if r.Winner != 0 {
			win = Mention(t, r.Winner) + " wins"
		}
		return fmt.Sprintf("**Game over** — %s: %s.\n%s", win, render.ResultText(*r, names), scoreLine(t, s))
	}
	p := g.Current()
	pv := s.Players[p-1]
	return fmt.Sprintf("**KOMBAT** · turn %d of %d · %s (%s) to play — budget %d, %d spawns left",
		pv.Turn, s.Config.MaxTurns, Mention(t, p), colorName(p), int64(pv.Budget), pv.SpawnsLeft)
}

func colorName(p int) string {
	if p == 1 {
		return "blue"
	}
	return "orange"
}

// scoreLine sums a finished game up in one line.
func scoreLine(t *host.Table, s game.Snapshot) string {
	names := kombathost.Names(t)
	part := func(p int) string {
		pv := s.Players[p-1]
		return fmt.Sprintf("%s: %d minions, %d HP, budget %d", names[p-1], pv.Minions, pv.HP, int64(pv.Budget))
	}
	return "Score — " + part(1) + " · " + part(2)
}

// Controls are the current human player's buttons and selects: buy a hex, spawn (a
// kind, then a hex), end the turn, resign. Their ids carry the game's position in its
// record, so a press on old Controls changes nothing.
func Controls(t *host.Table, g *game.Game, spawnKind int) []discordgo.MessageComponent {
	p := g.Current()
	if p == 0 || !t.Human(p) {
		return nil
	}
	pos := strconv.Itoa(g.Decisions())
	id := func(action string, args ...string) string {
		return view.CustomID{Action: action, Game: t.Row.ID, Args: append([]string{pos}, args...)}.Encode()
	}
	cfg := g.Config()
	budget := g.Snapshot().Players[p-1].Budget
	var rows []discordgo.MessageComponent
	if buy := g.BuyOptions(p); len(buy) > 0 && budget >= float64(cfg.HexPurchaseCost) {
		opts := hexOptions(front(buy, p, 25), fmt.Sprintf("costs %d", cfg.HexPurchaseCost))
		ph := fmt.Sprintf("Buy a spawnable hex (%d)…", cfg.HexPurchaseCost)
		if len(buy) > 25 {
			ph = fmt.Sprintf("Buy a hex (%d; the 25 nearest the enemy of %d)…", cfg.HexPurchaseCost, len(buy))
		}
		rows = append(rows, view.Row(discordgo.SelectMenu{CustomID: id("buy"), Placeholder: ph, Options: opts}))
	}
	if spawn := g.SpawnOptions(p); len(spawn) > 0 && budget >= float64(cfg.SpawnCost) {
		var kinds []discordgo.SelectMenuOption
		for i, k := range g.Kinds() {
			kinds = append(kinds, discordgo.SelectMenuOption{Label: k.Name, Description: fmt.Sprintf("defense %d", k.Defense),
				Value: strconv.Itoa(i), Default: i == spawnKind})
		}
		rows = append(rows, view.Row(discordgo.SelectMenu{CustomID: id("spawnkind"), Placeholder: fmt.Sprintf("Spawn a minion (%d): choose its kind…", cfg.SpawnCost), Options: kinds}))
		if spawnKind >= 0 && spawnKind < len(g.Kinds()) {
			rows = append(rows, view.Row(discordgo.SelectMenu{CustomID: id("spawnhex", strconv.Itoa(spawnKind)),
				Placeholder: fmt.Sprintf("…and the hex for your %s", g.Kinds()[spawnKind].Name), Options: hexOptions(front(spawn, p, 25), "")}))
		}
	}
	rows = append(rows, view.Row(
		discordgo.Button{Label: "End turn", Style: discordgo.PrimaryButton, CustomID: id("end")},
		discordgo.Button{Label: "Resign", Style: discordgo.DangerButton, CustomID: view.CustomID{Action: "resign", Game: t.Row.ID}.Encode()},
	))
	return rows
}

// front orders hexes nearest the enemy's start area first and keeps at most n: when a
// select cannot list them all, the interesting ones stay.
func front(hexes []game.Hex, p, n int) []game.Hex {
	enemy := game.StartArea(3 - p)[2]
	out := append([]game.Hex(nil), hexes...)
	sort.SliceStable(out, func(i, j int) bool { return game.Distance(out[i], enemy) < game.Distance(out[j], enemy) })
	if len(out) > n {
		out = out[:n]
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Row < out[j].Row || out[i].Row == out[j].Row && out[i].Col < out[j].Col
	})
	return out
}

func hexOptions(hexes []game.Hex, desc string) []discordgo.SelectMenuOption {
	var opts []discordgo.SelectMenuOption
	for _, h := range hexes {
		opts = append(opts, discordgo.SelectMenuOption{Label: "Hex " + h.String(), Value: kombathost.HexValue(h), Description: desc})
	}
	return opts
}

// AutoControls are an auto game's buttons.
func AutoControls(t *host.Table) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{view.Row(view.PauseButton(t.Row.ID, t.Paused()))}
}

// Mention names a seat in text: a ping for people, a name for bots.
func Mention(t *host.Table, p int) string {
	if id := t.Row.Player(p); id != "" {
		return "<@" + id + ">"
	}
	return "**" + kombathost.Names(t)[p-1] + "**"
}
