package bot

import (
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// UPBEAT's library: /upbeat strategy save, list, show and delete keep a player's plans
// as /kombat strategy keeps their strategies, in the same store but on a shelf of
// their own (host.Host.Library), checked against UPBEAT's language. /upbeat plan
// saved:NAME plays one.

// upLibrary is UPBEAT's plan library.
func (b *Bot) upLibrary() *host.Library {
	return b.host.Library(store.GameUpbeat, b.up.UpLang())
}

// upLibraryCommands is /upbeat strategy's group: KOMBAT's library commands, for plans
// (no defense factor).
func upLibraryCommands() *discordgo.ApplicationCommandOption {
	str := discordgo.ApplicationCommandOptionString
	sub := discordgo.ApplicationCommandOptionSubCommand
	one := 1.0
	name := func() *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: str, Name: "name", Description: "the plan's name: 1 to 32 letters, digits, spaces, - or _",
			Required: true, MaxLength: store.MaxStrategyName}
	}
	version := func(n, desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: n, Description: desc, MinValue: &one}
	}
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: "strategy",
		Description: "Your saved UPBEAT plans, with their versions (apart from your KOMBAT strategies)", Options: []*discordgo.ApplicationCommandOption{
			{Type: sub, Name: "save", Description: "Save a plan (a new version if the name exists); a form opens without a file", Options: []*discordgo.ApplicationCommandOption{
				name(), {Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", Description: "the plan as a text file; without it a form opens"},
			}},
			{Type: sub, Name: "list", Description: "List your saved UPBEAT plans"},
			{Type: sub, Name: "show", Description: "Show a saved plan, or the changes between two versions", Options: []*discordgo.ApplicationCommandOption{
				name(), version("version", "which version (default: the latest)"), version("diff", "show the changes from this version instead"),
			}},
			{Type: sub, Name: "delete", Description: "Delete a saved plan and all its versions", Options: []*discordgo.ApplicationCommandOption{name()}},
		}}
}

// upStrategyCommand routes /upbeat strategy's subcommands.
func (b *Bot) upStrategyCommand(r *request, sub *discordgo.ApplicationCommandInteractionDataOption, d discordgo.ApplicationCommandInteractionData) view.Reply {
	if len(sub.Options) == 0 {
		return view.Private("Unknown command; try /upbeat strategy list.")
	}
	op := sub.Options[0]
	o, lib := newOptions(op.Options, d.Resolved), b.upLibrary()
	switch op.Name {
	case "save":
		return b.upLibrarySave(r, o)
	case "list":
		return b.libraryList(r, lib)
	case "show":
		return b.libraryShow(r, lib, o)
	case "delete":
		return b.libraryAskDelete(r, lib, o)
	}
	return view.Private("Unknown command; try /upbeat strategy list.")
}

// upLibrarySave is /upbeat strategy save name [file]: from the file, or from a form
// (filled with the latest version when the name exists).
func (b *Bot) upLibrarySave(r *request, o options) view.Reply {
	name, lib := strings.TrimSpace(o.str("name")), b.upLibrary()
	f, err := lib.Form(b.wctx, r.user.ID, name, 0)
	if err != nil {
		return b.refusedOr(r, "plan form", err)
	}
	if a := o.attachment("file"); a != nil {
		text, err := b.fetch(b.ctx, a, interp.MaxSourceBytes*4)
		if err != nil {
			return view.Private("Could not read your file: %v.", err)
		}
		return b.saveToLibrary(r, lib, name, "0", text)
	}
	if utf8.RuneCountInString(f.Strategy) > view.MaxInputValue {
		f.Strategy = ""
	}
	return view.UpLibraryForm(name, f)
}

// upSaved is the answer to a plan saved in UPBEAT's library.
func upSaved(s host.Saved) view.Reply {
	return view.Private("Saved the UPBEAT plan **%s**, version %d (%d %s). Play it with `/upbeat plan saved:%s` in your game's channel.",
		s.Name, s.Version, s.Lines, render.Plural(s.Lines, "line", "lines"), s.Name)
}
