package kombatui

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// tryCommand is /kombat try [strategy] [file] [position]: one of your strategies (saved,
// from a file, or typed in a form) run once in a sample position, with its trace and
// the board after.
func tryCommand(r ui.Request, o ui.Options) view.Reply {
	position := o.Str("position")
	if name := strings.TrimSpace(o.Str("strategy")); name != "" {
		s, err := library(r).Latest(r.Context(), r.User().ID, name) // not an UPBEAT plan: it says so
		if err != nil {
			return r.Refused("load strategy to try", err)
		}
		return tryStrategy(r, s.Name, s.Source, s.Defense, position)
	}
	if a := o.Attachment("file"); a != nil {
		text, err := r.Fetch(a, interp.MaxSourceBytes*4)
		if err != nil {
			return view.Private("Could not read your file: %v.", err)
		}
		return tryStrategy(r, a.Filename, text, 0, position)
	}
	if position == "" {
		position = "near"
	}
	return view.Reply{Modal: &view.Form{ID: view.CustomID{Action: "tryform", Args: []string{position}}.Encode(), Title: "Try a strategy",
		Inputs: []discordgo.TextInput{view.TextInput("strategy", "Strategy (code fences are fine)", discordgo.TextInputParagraph, "", true, view.MaxInputValue)}}}
}

// tryStrategy runs the strategy and answers privately with what happened.
func tryStrategy(r ui.Request, name, text string, defense int64, position string) view.Reply {
	tr, err := kombathost.Try(kom(r).Lang(), name, text, defense, position)
	if err != nil {
		if msg, ok := view.Refused(err, "", view.ContentLimit-60); ok {
			return view.Private("%s", msg)
		}
		return r.Internal("try strategy", err)
	}
	png, err := r.Renderer().PNG(render.Board{Snap: tr.Snap, Last: tr.Log, Names: [2]string{r.User().Username, "Dummies"}})
	if err != nil {
		return r.Internal("draw try", err)
	}
	head := fmt.Sprintf("Tried **%s** once in the *%s* position (%s; your minion is blue at (5,4), budget 1000): it ended by **%s** after %d steps.",
		name, tr.Position.Name, tr.Position.Desc, tr.Eval.End, tr.Eval.Steps)
	rep := view.Reply{Ephemeral: true, Files: []view.File{{Name: "try.png", MIME: "image/png", Data: png}}}
	if body := head + "\n```\n" + strings.ReplaceAll(tr.Trace(), "```", "'''") + "\n```"; len([]rune(body)) <= view.ContentLimit {
		rep.Content = body
	} else {
		rep.Content = head + " The trace is attached."
		rep.Files = append(rep.Files, view.File{Name: "trace.txt", MIME: "text/plain; charset=utf-8", Data: []byte(tr.Trace() + "\n")})
	}
	return rep
}
