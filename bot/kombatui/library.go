package kombatui

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// strategyCommand routes /kombat strategy's subcommands.
func strategyCommand(r ui.Request, sub *discordgo.ApplicationCommandInteractionDataOption, d discordgo.ApplicationCommandInteractionData) view.Reply {
	if len(sub.Options) == 0 {
		return view.Private("Unknown command; try /kombat strategy list.")
	}
	op := sub.Options[0]
	o := ui.NewOptions(op.Options, d.Resolved)
	switch op.Name {
	case "save":
		return librarySave(r, o)
	case "list":
		return libs(r).LibraryList(library(r))
	case "show":
		return libs(r).LibraryShow(library(r), o)
	case "delete":
		return libs(r).LibraryAskDelete(library(r), o)
	}
	return view.Private("Unknown command; try /kombat strategy list.")
}

// library is the KOMBAT strategy library the bot's commands go through.
func library(tr ui.Transport) *host.Library {
	return tr.Host().Library(kombathost.Name, kom(tr).Lang())
}

// userError is host.UserError, for the commands that read a saved strategy.
func userError(err error) string { return host.UserError(err) }

// librarySave is /kombat strategy save name [file] [defense]: from the file, or from a
// form (filled with the latest version when the name exists).
func librarySave(r ui.Request, o ui.Options) view.Reply {
	name := strings.TrimSpace(o.Str("name"))
	f, err := library(r).Form(r.Context(), r.User().ID, name, o.Int("defense", -1))
	if err != nil {
		return r.Refused("strategy form", err)
	}
	if a := o.Attachment("file"); a != nil {
		text, err := r.Fetch(a, interp.MaxSourceBytes*4)
		if err != nil {
			return view.Private("Could not read your file: %v.", err)
		}
		return libs(r).LibrarySave(library(r), name, f.Defense, text)
	}
	if utf8.RuneCountInString(f.Strategy) > view.MaxInputValue {
		f.Strategy = ""
	}
	return view.LibraryForm(name, f)
}

// libraryPicker offers the presser's saved strategies to propose as a kind in a setup.
func libraryPicker(r ui.Request, gameID int64) view.Reply {
	t, bad := setupTable(r, gameID)
	if bad != nil {
		return *bad
	}
	t.Unlock()
	list, err := library(r).List(r.Context(), r.User().ID)
	if err != nil {
		return r.Internal("list strategies", err)
	}
	if len(list) == 0 {
		return view.Private("You have no saved strategies yet: save one with `/kombat strategy save name`, then load it here.")
	}
	var opts []discordgo.SelectMenuOption
	for _, s := range list[:min(len(list), 25)] {
		opts = append(opts, discordgo.SelectMenuOption{Label: s.Name, Value: s.Name,
			Description: fmt.Sprintf("v%d · defense %d · %d lines", s.Version, s.Defense, host.Lines(s.Source))})
	}
	note := "Choose one of your saved strategies to propose as a kind (its name becomes the kind's name):"
	if len(list) > 25 {
		note += fmt.Sprintf(" (the first 25 of %d)", len(list))
	}
	return view.Reply{Ephemeral: true, Content: note, Components: []discordgo.MessageComponent{
		view.Row(discordgo.SelectMenu{CustomID: view.CustomID{Action: "libload", Game: gameID}.Encode(), Placeholder: "Load a saved strategy…", Options: opts})}}
}

// libraryLoad proposes a saved strategy as a kind, checked like one typed in the form.
func libraryLoad(r ui.Request, id view.CustomID, name string) view.Reply {
	p, err := kombathost.Load(r.Context(), library(r), r.User().ID, name)
	if err != nil {
		return r.Refused("load strategy", err)
	}
	return proposeKind(r, id.Game, "new", strconv.FormatInt(p.Defense, 10), p)
}

// saved is the answer to a strategy saved in KOMBAT's library, with its warnings.
func saved(tr ui.Transport, s host.Saved, text string) view.Reply {
	return view.Private("Saved **%s**, version %d (defense %d, %d %s). Use it in a game with **Load saved strategy** during setup.%s",
		s.Name, s.Version, s.Defense, s.Lines, render.Plural(s.Lines, "line", "lines"), kindWarnings(tr, s.Name, text))
}
