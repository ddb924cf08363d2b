package kombatui

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// configOption reads the optional configuration file: the configuration, or a reply
// explaining what is wrong with it.
func configOption(r ui.Request, o ui.Options) (game.Config, *view.Reply) {
	a := o.Attachment("config")
	if a == nil {
		return game.DefaultConfig(), nil
	}
	text, err := r.Fetch(a, game.MaxConfigBytes)
	if err != nil {
		rep := view.Private("Your configuration file could not be used: %v.", err)
		return game.Config{}, &rep
	}
	cfg, err := game.ParseConfig(text)
	if err != nil {
		rep := view.Private("%s", ConfigMistakes(err))
		return game.Config{}, &rep
	}
	return cfg, nil
}

// timeoutOption is the turn time limit in the game's options (1 to 1440 minutes).
func timeoutOption(o ui.Options) time.Duration {
	m := min(max(o.Int("timeout", 10), 1), 1440)
	return time.Duration(m) * time.Minute
}

// showBoard shows the game in this channel, privately, to anyone.
func showBoard(r ui.Request) view.Reply {
	t := r.Host().LockPlace(r.Channel())
	if t == nil {
		return view.Private("No game is being played in this channel. Start one with `/kombat challenge`, `/kombat solo` or `/kombat auto`.")
	}
	defer t.Unlock()
	if rep, ok := here(r, t); ok {
		return rep
	}
	g, err := kom(r).Engine(t)
	if err != nil || t.Row.Status != "play" {
		return view.Private("The game here is still being set up; the board appears once the kinds are agreed.")
	}
	content := Header(t, g)
	// Someone is here and asking: the channel may work again, so try once more.
	if resumed, err := ui.Resume(r, t); err != nil {
		return r.Internal("resume screen", err)
	} else if resumed != "" {
		content += "\n" + resumed
	}
	last, _ := g.LastTurn()
	png, err := r.Renderer().PNG(render.Board{Snap: g.Snapshot(), Last: last, Names: kombathost.Names(t)})
	if err != nil {
		return r.Internal("render board", err)
	}
	return view.Reply{Content: content, Ephemeral: true, Files: []view.File{{Name: "board.png", MIME: "image/png", Data: png}}}
}

// showStatus shows the game's numbers as text, privately.
func showStatus(r ui.Request) view.Reply {
	t := r.Host().LockPlace(r.Channel())
	if t == nil {
		return view.Private("No game is being played in this channel.")
	}
	defer t.Unlock()
	if rep, ok := here(r, t); ok {
		return rep
	}
	g, err := kom(r).Engine(t)
	if err != nil || t.Row.Status != "play" {
		return view.Private("The game here is still being set up (%d kinds proposed).", len(kombathost.LobbyOf(t).Kinds))
	}
	last, _ := g.LastTurn()
	text := render.Text(render.Board{Snap: g.Snapshot(), Last: last, Names: kombathost.Names(t)})
	paused := ""
	if s := t.Owed(); s != nil && s.Paused != "" {
		paused = fmt.Sprintf("⚠️ Paused: %s.\n", s.Paused)
	} else if s != nil && s.Attempts > 0 {
		paused = fmt.Sprintf("⏳ The board after the last turn is not posted yet (Discord failed %d times; retrying).\n", s.Attempts)
	}
	return view.Private("%s```\n%s```", paused, strings.ReplaceAll(text, "```", "'''"))
}

// check compiles a strategy from a file, or opens a form for one.
func check(r ui.Request, o ui.Options) view.Reply {
	a := o.Attachment("file")
	if a == nil {
		return view.Reply{Modal: &view.Form{ID: view.CustomID{Action: "checkform"}.Encode(), Title: "Check a strategy",
			Inputs: []discordgo.TextInput{view.TextInput("strategy", "Strategy (code fences are fine)", discordgo.TextInputParagraph, "", true, view.MaxInputValue)}}}
	}
	text, err := r.Fetch(a, interp.MaxSourceBytes*4)
	if err != nil {
		return view.Private("Could not read your file: %v.", err)
	}
	return checkText(r, a.Filename, text)
}

// checkText reports a strategy's errors and warnings privately.
func checkText(r ui.Request, name, text string) view.Reply {
	return r.Check(kom(r).Lang(), name, text)
}

// useStrategy is the message command: the code block of a message becomes a kind
// proposal in the game being set up here, or is checked.
func useStrategy(r ui.Request, d discordgo.ApplicationCommandInteractionData) view.Reply {
	var text string
	if d.Resolved != nil {
		if m := d.Resolved.Messages[d.TargetID]; m != nil {
			text = m.Content
		}
	}
	code, _ := interp.Extract(text, "kombat")
	if strings.TrimSpace(code) == "" {
		return view.Private("That message has no strategy in it: put the code in a code block (```).")
	}
	if t := r.Host().LockPlace(r.Channel()); t != nil {
		defer t.Unlock()
		if kombathost.IsKombat(t) && kombathost.LobbyOf(t).May(t.Row, r.User().ID, kombathost.ChangeKinds) == nil {
			return kindForm(r, t, -1, kombathost.Proposal{Strategy: strings.TrimSpace(code)})
		}
	}
	return checkText(r, "strategy", code)
}
