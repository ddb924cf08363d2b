package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// tryPositions are the sample positions of /kombat try: your minion (blue, at 5,4)
// with others placed so the interesting parts of a strategy run.
func tryPositions() []struct{ name, desc string } {
	return []struct{ name, desc string }{
		{"near", "an enemy two hexes up, another further off, an ally beside you"},
		{"adjacent", "enemies right next to you on three sides"},
		{"alone", "no enemy anywhere in sight"},
	}
}

// tryScenario builds the scenario of a sample position around the tried strategy.
func tryScenario(position, strategy string, defense int64) game.Scenario {
	me := game.Hex{Row: 5, Col: 4}
	idle := "done"
	ms := []game.ScenarioMinion{{Owner: 1, At: me, Defense: defense, Strategy: strategy}}
	add := func(owner, row, col int) {
		ms = append(ms, game.ScenarioMinion{Owner: owner, At: game.Hex{Row: row, Col: col}, Strategy: idle})
	}
	switch position {
	case "adjacent":
		add(2, 4, 4)
		add(2, 5, 5)
		add(2, 6, 3)
	case "alone":
		add(2, 1, 8)
		// No enemy in any of the six rays from (5,4): (1,8) is off them all.
	default:
		add(2, 3, 4)
		add(2, 1, 7)
		add(1, 6, 3)
	}
	budget := 1000.0
	return game.Scenario{Minions: &ms, Players: []game.ScenarioPlayer{{Budget: &budget}, {}}}
}

// tryCommand is /kombat try [strategy] [file] [position]: one of your strategies (saved,
// from a file, or typed in a form) run once in a sample position, with its trace and
// the board after.
func (b *Bot) tryCommand(r *request, o options) reply {
	position := o.str("position")
	if name := strings.TrimSpace(o.str("strategy")); name != "" {
		s, err := b.db.GetStrategy(b.wctx, r.user.ID, name, 0)
		if errors.Is(err, store.ErrNotFound) {
			return private("%s See `/kombat strategy list`.", userError(err))
		}
		if err != nil {
			return b.internal(r, "load strategy to try", err)
		}
		return b.tryStrategy(r, s.Name, s.Source, s.Defense, position)
	}
	if a := o.attachment("file"); a != nil {
		text, err := b.fetch(b.ctx, a, interp.MaxSourceBytes*4)
		if err != nil {
			return private("Could not read your file: %v.", err)
		}
		return b.tryStrategy(r, a.Filename, text, 0, position)
	}
	if position == "" {
		position = "near"
	}
	return reply{modal: &modal{id: customID{Action: "tryform", Args: []string{position}}.encode(), title: "Try a strategy",
		inputs: []discordgo.TextInput{textInput("strategy", "Strategy (code fences are fine)", discordgo.TextInputParagraph, "", true, maxInputValue)}}}
}

// tryStrategy runs the strategy and answers privately with what happened.
func (b *Bot) tryStrategy(r *request, name, text string, defense int64, position string) reply {
	code, _ := interp.Extract(text, "kombat")
	if _, err := host.CheckStrategy(b.lang, name, code); err != nil {
		if msg, ok := refused(err, "", contentLimit-60); ok {
			return private("%s", msg)
		}
		return b.internal(r, "compile tried strategy", err)
	}
	desc := ""
	for _, p := range tryPositions() {
		if p.name == position {
			desc = p.desc
		}
	}
	if desc == "" {
		position, desc = tryPositions()[0].name, tryPositions()[0].desc
	}
	log, snap, err := game.TryScenario(b.lang, tryScenario(position, code, defense), 0)
	if err != nil {
		return b.internal(r, "try strategy", err)
	}
	names := [2]string{r.user.Username, "Dummies"}
	png, err := b.render.PNG(render.Board{Snap: snap, Last: log, Names: names})
	if err != nil {
		return b.internal(r, "draw try", err)
	}
	var eval game.Event
	var acts []string
	for _, e := range log.Events {
		switch e.Type {
		case game.EvEval:
			eval = e
		case game.EvMove, game.EvShoot:
			acts = append(acts, "=> "+e.String())
		}
	}
	head := fmt.Sprintf("Tried **%s** once in the *%s* position (%s; your minion is blue at (5,4), budget 1000): it ended by **%s** after %d steps.",
		name, position, desc, eval.End, eval.Steps)
	trace := strings.ReplaceAll(eval.Trace+strings.Join(acts, "\n"), "```", "'''")
	rep := reply{ephemeral: true, files: []file{{"try.png", "image/png", png}}}
	if body := head + "\n```\n" + trace + "\n```"; len([]rune(body)) <= contentLimit {
		rep.content = body
	} else {
		rep.content = head + " The trace is attached."
		rep.files = append(rep.files, file{"trace.txt", "text/plain; charset=utf-8", []byte(eval.Trace + strings.Join(acts, "\n") + "\n")})
	}
	return rep
}
