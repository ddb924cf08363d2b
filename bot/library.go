package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// The strategy library: each player's saved strategies, with versions, kept in the
// store. Strategies belong to the player, not to a server, so a saved strategy follows
// its author everywhere the bot is.

// strategyCommand routes /kombat strategy's subcommands.
func (b *Bot) strategyCommand(r *request, sub *discordgo.ApplicationCommandInteractionDataOption, d discordgo.ApplicationCommandInteractionData) view.Reply {
	if len(sub.Options) == 0 {
		return view.Private("Unknown command; try /kombat strategy list.")
	}
	op := sub.Options[0]
	o := newOptions(op.Options, d.Resolved)
	switch op.Name {
	case "save":
		return b.librarySave(r, o)
	case "list":
		return b.libraryList(r, b.library())
	case "show":
		return b.libraryShow(r, b.library(), o)
	case "delete":
		return b.libraryAskDelete(r, b.library(), o)
	}
	return view.Private("Unknown command; try /kombat strategy list.")
}

// library is the KOMBAT strategy library the bot's commands go through.
func (b *Bot) library() *host.Library { return b.host.Library(store.GameKombat, b.lang) }

// libraryFor is the library a control names in its arguments: UPBEAT's for "upbeat",
// KOMBAT's otherwise (controls made before there were two say nothing).
func (b *Bot) libraryFor(game string) *host.Library {
	if game == string(store.GameUpbeat) {
		return b.upLibrary()
	}
	return b.library()
}

// libraryArgs are the arguments of a control about lib's program name: the name, and
// the game when it is UPBEAT's.
func libraryArgs(lib *host.Library, name string) []string {
	if lib.Game() == store.GameUpbeat {
		return []string{name, string(store.GameUpbeat)}
	}
	return []string{name}
}

// userError is host.UserError, for the commands that read a saved strategy.
func userError(err error) string { return host.UserError(err) }

// librarySave is /kombat strategy save name [file] [defense]: from the file, or from a
// form (filled with the latest version when the name exists).
func (b *Bot) librarySave(r *request, o options) view.Reply {
	name := strings.TrimSpace(o.str("name"))
	f, err := b.library().Form(b.wctx, r.user.ID, name, o.int("defense", -1))
	if err != nil {
		return b.refusedOr(r, "strategy form", err)
	}
	if a := o.attachment("file"); a != nil {
		text, err := b.fetch(b.ctx, a, interp.MaxSourceBytes*4)
		if err != nil {
			return view.Private("Could not read your file: %v.", err)
		}
		return b.saveToLibrary(r, b.library(), name, f.Defense, text)
	}
	if utf8.RuneCountInString(f.Strategy) > view.MaxInputValue {
		f.Strategy = ""
	}
	return view.LibraryForm(name, f)
}

// saveToLibrary saves a new version of a strategy or plan in lib (host.Library.Save).
// One that does not compile is refused with its diagnostics, and what the player
// typed is kept for "Edit again".
func (b *Bot) saveToLibrary(r *request, lib *host.Library, name, defense, text string) view.Reply {
	s, kept, err := lib.Save(b.wctx, r.user.ID, name, defense, text)
	if kept {
		problem, ok := view.Refused(err, fmt.Sprintf("**%s** does not compile, so it was not saved:\n", name), view.ContentLimit-200)
		if !ok {
			return b.internal(r, "compile saved strategy", err)
		}
		return view.Reply{Content: view.Fit(problem + "\nNothing you typed is lost: press **Edit again**."), Ephemeral: true,
			Components: []discordgo.MessageComponent{view.Row(view.Button("Edit again", discordgo.PrimaryButton, view.CustomID{Action: "libredo", Args: libraryArgs(lib, name)}))}}
	}
	if err != nil {
		return b.refusedOr(r, "save strategy", err)
	}
	if lib.Game() == store.GameUpbeat {
		return upSaved(s)
	}
	return view.Private("Saved **%s**, version %d (defense %d, %d %s). Use it in a game with **Load saved strategy** during setup.%s",
		s.Name, s.Version, s.Defense, s.Lines, render.Plural(s.Lines, "line", "lines"), b.kindWarnings(s.Name, text))
}

// libraryRedo reopens the save form with the refused text.
func (b *Bot) libraryRedo(r *request, id view.CustomID) view.Reply {
	name, lib := id.Arg(0), b.libraryFor(id.Arg(1))
	v, err := lib.Draft(b.wctx, r.user.ID, name)
	if err != nil {
		return b.refusedOr(r, "load draft", err)
	}
	if utf8.RuneCountInString(v.Strategy) > view.MaxInputValue {
		return view.Private("Your text is longer than a form holds; fix the file and save it again with `%s save %s file:`.", lib.Command(), name)
	}
	if lib.Game() == store.GameUpbeat {
		return view.UpLibraryForm(name, v)
	}
	return view.LibraryForm(name, v)
}

// libraryList is /kombat strategy list, or /upbeat strategy list for UPBEAT's lib.
func (b *Bot) libraryList(r *request, lib *host.Library) view.Reply {
	list, err := lib.List(b.wctx, r.user.ID)
	if err != nil {
		return b.internal(r, "list strategies", err)
	}
	up := lib.Game() == store.GameUpbeat
	if len(list) == 0 {
		if up {
			return view.Private("You have no saved UPBEAT plans yet. Save one with `/upbeat strategy save name` (a form opens) or with a file.")
		}
		return view.Private("You have no saved strategies yet. Save one with `/kombat strategy save name` (a form opens) or with a file.")
	}
	var sb strings.Builder
	what := "strategies"
	if up {
		what = "UPBEAT plans"
	}
	fmt.Fprintf(&sb, "**Your %s** (%d of %d):\n", what, len(list), store.MaxStrategiesPerOne)
	for _, s := range list {
		defense := fmt.Sprintf(", defense %d", s.Defense)
		if up {
			defense = ""
		}
		n := host.Lines(s.Source)
		fmt.Fprintf(&sb, "• **%s** — v%d%s, %d %s, saved <t:%d:R>\n", s.Name, s.Version, defense, n, render.Plural(n, "line", "lines"), s.Saved.Unix())
	}
	fmt.Fprintf(&sb, "`%s show name` shows one; `version:` and `diff:` compare versions.", lib.Command())
	if up {
		sb.WriteString(" `/upbeat plan saved:name` plays one.")
	}
	return view.Private("%s", sb.String())
}

// libraryShow is /kombat strategy show name [version] [diff] (or /upbeat's, for
// UPBEAT's lib): a version's source, or the changes from version diff to it, in a
// code block or, too long, attached.
func (b *Bot) libraryShow(r *request, lib *host.Library, o options) view.Reply {
	s, err := lib.Show(b.wctx, r.user.ID, strings.TrimSpace(o.str("name")), int(o.int("version", 0)), int(o.int("diff", 0)))
	if err != nil {
		return b.refusedOr(r, "show strategy", err)
	}
	up := lib.Game() == store.GameUpbeat
	head, lang := fmt.Sprintf("**%s** v%d · defense %d · saved <t:%d:f>", s.Name, s.Version, s.Defense, s.Saved.Unix()), "py"
	if up {
		head = fmt.Sprintf("**%s** v%d · saved <t:%d:f>", s.Name, s.Version, s.Saved.Unix())
	}
	if old := s.From; old != nil {
		head, lang = fmt.Sprintf("**%s**: changes from v%d to v%d", s.Name, old.Version, s.Version), "diff"
		if old.Defense != s.Defense && !up {
			head += fmt.Sprintf(" · defense %d → %d", old.Defense, s.Defense)
		}
	}
	body := strings.ReplaceAll(s.Text(), "```", "'''")
	text := fmt.Sprintf("%s\n```%s\n%s\n```", head, lang, strings.TrimRight(body, "\n"))
	if utf8.RuneCountInString(text) <= view.ContentLimit {
		return view.Private("%s", text)
	}
	return view.Reply{Ephemeral: true, Content: head + " (attached: too long for a message)", Files: []view.File{{Name: s.File(), MIME: "text/plain; charset=utf-8", Data: []byte(body)}}}
}

// libraryAskDelete asks for confirmation before deleting a strategy (or plan, in
// UPBEAT's lib) and its versions.
func (b *Bot) libraryAskDelete(r *request, lib *host.Library, o options) view.Reply {
	vs, err := lib.Versions(b.wctx, r.user.ID, strings.TrimSpace(o.str("name")))
	if err != nil {
		return b.refusedOr(r, "strategy versions", err)
	}
	return view.Reply{Ephemeral: true, Content: fmt.Sprintf("Delete **%s** and its %d %s kept? This cannot be undone.", vs[0].Name, len(vs), render.Plural(len(vs), "version", "versions")),
		Components: []discordgo.MessageComponent{view.Row(view.Button("Delete", discordgo.DangerButton, view.CustomID{Action: "libdel", Args: libraryArgs(lib, vs[0].Name)}))}}
}

// libraryDelete deletes a strategy after confirmation, in place of the question.
func (b *Bot) libraryDelete(r *request, id view.CustomID) view.Reply {
	err := b.libraryFor(id.Arg(1)).Delete(b.wctx, r.user.ID, id.Arg(0))
	var no *host.Refusal
	if errors.As(err, &no) {
		return view.Reply{Update: true, Content: view.RefusalText(no)}
	}
	if err != nil {
		return b.internal(r, "delete strategy", err)
	}
	return view.Reply{Update: true, Content: fmt.Sprintf("Deleted **%s**.", id.Arg(0))}
}

// libraryPicker offers the presser's saved strategies to propose as a kind in a setup.
func (b *Bot) libraryPicker(r *request, gameID int64) view.Reply {
	t, bad := b.setupTable(r, gameID)
	if bad != nil {
		return *bad
	}
	t.Unlock()
	list, err := b.library().List(b.wctx, r.user.ID)
	if err != nil {
		return b.internal(r, "list strategies", err)
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
func (b *Bot) libraryLoad(r *request, id view.CustomID, name string) view.Reply {
	p, err := kombathost.Load(b.wctx, b.library(), r.user.ID, name)
	if err != nil {
		return b.refusedOr(r, "load strategy", err)
	}
	return b.proposeKind(r, id.Game, "new", strconv.FormatInt(p.Defense, 10), p)
}
