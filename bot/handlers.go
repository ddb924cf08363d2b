package bot

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// options gives a subcommand's options by name (ui.Options).
type options = ui.Options

// fetch downloads an attachment a player gave, refusing big files.
func (b *Bot) fetch(ctx context.Context, a *discordgo.MessageAttachment, limit int) (string, error) {
	if a.Size > limit {
		return "", fmt.Errorf("%s is %d bytes; the limit is %d", a.Filename, a.Size, limit)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.URL, nil)
	if err != nil {
		return "", err
	}
	resp, err := b.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("could not download %s: %w", a.Filename, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("could not download %s: %s", a.Filename, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
	if err != nil {
		return "", err
	}
	if len(data) > limit {
		return "", fmt.Errorf("%s is larger than %d bytes", a.Filename, limit)
	}
	if strings.ContainsRune(string(data), 0) {
		return "", fmt.Errorf("%s is not a text file", a.Filename)
	}
	return string(data), nil
}

// configOption reads the optional configuration file: the configuration, or a reply
// explaining what is wrong with it.
func (b *Bot) configOption(r *request, o options) (game.Config, *view.Reply) {
	a := o.Attachment("config")
	if a == nil {
		return game.DefaultConfig(), nil
	}
	text, err := b.fetch(b.ctx, a, game.MaxConfigBytes)
	if err != nil {
		rep := view.Private("Your configuration file could not be used: %v.", err)
		return game.Config{}, &rep
	}
	cfg, err := game.ParseConfig(text)
	if err != nil {
		rep := view.Private("%s", view.ConfigMistakes(err))
		return game.Config{}, &rep
	}
	return cfg, nil
}

// timeoutOption is the turn time limit in the game's options (1 to 1440 minutes).
func timeoutOption(o options) time.Duration {
	m := min(max(o.Int("timeout", 10), 1), 1440)
	return time.Duration(m) * time.Minute
}

// showBoard shows the game in this channel, privately, to anyone.
func (b *Bot) showBoard(r *request) view.Reply {
	t := b.host.LockPlace(r.i.ChannelID)
	if t == nil {
		return view.Private("No game is being played in this channel. Start one with `/kombat challenge`, `/kombat solo` or `/kombat auto`.")
	}
	defer t.Unlock()
	if rep, ok := b.here(t); ok {
		return rep
	}
	g, err := b.kombat.Engine(t)
	if err != nil || t.Row.Status != "play" {
		return view.Private("The game here is still being set up; the board appears once the kinds are agreed.")
	}
	content := view.Header(t, g)
	// Someone is here and asking: the channel may work again, so try once more.
	if paused, err := b.host.Resume(t); err != nil {
		return b.internal(r, "resume screen", err)
	} else if paused {
		content += "\nThe game was paused because its board could not be posted here; trying again now."
	}
	last, _ := g.LastTurn()
	png, err := b.render.PNG(render.Board{Snap: g.Snapshot(), Last: last, Names: kombathost.Names(t)})
	if err != nil {
		return b.internal(r, "render board", err)
	}
	return view.Reply{Content: content, Ephemeral: true, Files: []view.File{{Name: "board.png", MIME: "image/png", Data: png}}}
}

// showStatus shows the game's numbers as text, privately.
func (b *Bot) showStatus(r *request) view.Reply {
	t := b.host.LockPlace(r.i.ChannelID)
	if t == nil {
		return view.Private("No game is being played in this channel.")
	}
	defer t.Unlock()
	if rep, ok := b.here(t); ok {
		return rep
	}
	g, err := b.kombat.Engine(t)
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
func (b *Bot) check(r *request, o options) view.Reply {
	a := o.Attachment("file")
	if a == nil {
		return view.Reply{Modal: &view.Form{ID: view.CustomID{Action: "checkform"}.Encode(), Title: "Check a strategy",
			Inputs: []discordgo.TextInput{view.TextInput("strategy", "Strategy (code fences are fine)", discordgo.TextInputParagraph, "", true, view.MaxInputValue)}}}
	}
	text, err := b.fetch(b.ctx, a, interp.MaxSourceBytes*4)
	if err != nil {
		return view.Private("Could not read your file: %v.", err)
	}
	return b.checkText(r, a.Filename, text)
}

// checkText reports a strategy's errors and warnings privately.
func (b *Bot) checkText(r *request, name, text string) view.Reply {
	return b.checkIn(r, b.lang, name, text)
}

// checkIn reports the errors and warnings of a program in lang (a KOMBAT strategy or
// an UPBEAT plan) privately.
func (b *Bot) checkIn(r *request, lang *interp.Language, name, text string) view.Reply {
	prog, err := host.CheckStrategy(lang, name, text)
	if err != nil {
		if msg, ok := view.Refused(err, "", view.ContentLimit-60); ok {
			return view.Private("%s", msg)
		}
		return b.internal(r, "check strategy", err)
	}
	if w := prog.Warnings(); len(w) > 0 {
		return view.Private("No errors. %d %s:\n%s", len(w), render.Plural(len(w), "warning", "warnings"), view.FencedReport(name, text, w, 0, view.ContentLimit-40))
	}
	return view.Private("No errors, no warnings: `%s` is ready to play.", name)
}

// useStrategy is the message command: the code block of a message becomes a kind
// proposal in the game being set up here, or is checked.
func (b *Bot) useStrategy(r *request, d discordgo.ApplicationCommandInteractionData) view.Reply {
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
	if t := b.host.LockPlace(r.i.ChannelID); t != nil {
		defer t.Unlock()
		if kombathost.IsKombat(t) && kombathost.LobbyOf(t).May(t.Row, r.user.ID, kombathost.ChangeKinds) == nil {
			return b.kindForm(t, -1, kombathost.Proposal{Strategy: strings.TrimSpace(code)})
		}
	}
	return b.checkText(r, "strategy", code)
}
