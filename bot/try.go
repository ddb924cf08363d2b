package bot

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

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
	tr, err := host.Try(b.lang, name, text, defense, position)
	if err != nil {
		if msg, ok := refused(err, "", contentLimit-60); ok {
			return private("%s", msg)
		}
		return b.internal(r, "try strategy", err)
	}
	png, err := b.render.PNG(render.Board{Snap: tr.Snap, Last: tr.Log, Names: [2]string{r.user.Username, "Dummies"}})
	if err != nil {
		return b.internal(r, "draw try", err)
	}
	head := fmt.Sprintf("Tried **%s** once in the *%s* position (%s; your minion is blue at (5,4), budget 1000): it ended by **%s** after %d steps.",
		name, tr.Position.Name, tr.Position.Desc, tr.Eval.End, tr.Eval.Steps)
	rep := reply{ephemeral: true, files: []file{{"try.png", "image/png", png}}}
	if body := head + "\n```\n" + strings.ReplaceAll(tr.Trace(), "```", "'''") + "\n```"; len([]rune(body)) <= contentLimit {
		rep.content = body
	} else {
		rep.content = head + " The trace is attached."
		rep.files = append(rep.files, file{"trace.txt", "text/plain; charset=utf-8", []byte(tr.Trace() + "\n")})
	}
	return rep
}
