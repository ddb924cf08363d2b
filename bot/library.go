package bot

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// The strategy library: each player's saved strategies, with versions, kept in the
// store. Strategies belong to the player, not to a server, so a saved strategy follows
// its author everywhere the bot is.

// libraryFor is the library a control names in its arguments: the registered game's
// of that name (controls made before there were two games say nothing: the house's
// first game's), or nil when it keeps none.
func (b *Bot) libraryFor(game string) *host.Library {
	if g := b.games[store.GameName(game)]; g.Shelf != nil {
		return g.Shelf.Open(services{b})
	}
	return nil
}

// shelf is how the answers about lib name its programs: its game's shelf.
func (b *Bot) shelf(lib *host.Library) ui.Shelf {
	if g := b.games[lib.Game()]; g.Shelf != nil {
		return *g.Shelf
	}
	return ui.Shelf{Noun: "programs", Form: view.LibraryForm, Empty: "You have no saved programs yet."}
}

// libraryArgs are the arguments of a control about lib's program name: the name, and
// the game unless it is the house's first (whose controls never said it).
func (b *Bot) libraryArgs(lib *host.Library, name string) []string {
	if g := b.games[lib.Game()]; g.Shelf != nil && !g.Plug.Unnamed {
		return []string{name, string(lib.Game())}
	}
	return []string{name}
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
			Components: []discordgo.MessageComponent{view.Row(view.Button("Edit again", discordgo.PrimaryButton, view.CustomID{Action: "libredo", Args: b.libraryArgs(lib, name)}))}}
	}
	if err != nil {
		return b.refusedOr(r, "save strategy", err)
	}
	if sh := b.shelf(lib); sh.Saved != nil {
		return sh.Saved(services{b}, s, text)
	}
	return view.Private("Saved **%s**, version %d.", s.Name, s.Version)
}

// libraryRedo reopens the save form with the refused text.
func (b *Bot) libraryRedo(r *request, id view.CustomID) view.Reply {
	name, lib := id.Arg(0), b.libraryFor(id.Arg(1))
	if lib == nil {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	v, err := lib.Draft(b.wctx, r.user.ID, name)
	if err != nil {
		return b.refusedOr(r, "load draft", err)
	}
	if utf8.RuneCountInString(v.Strategy) > view.MaxInputValue {
		return view.Private("Your text is longer than a form holds; fix the file and save it again with %s.", view.Words{}.Command(string(lib.Command())+" save "+name+" file:"))
	}
	return b.shelf(lib).Form(name, v)
}

// libraryList is /kombat strategy list, or a registered game's for its lib.
func (b *Bot) libraryList(r *request, lib *host.Library) view.Reply {
	list, err := lib.List(b.wctx, r.user.ID)
	if err != nil {
		return b.internal(r, "list strategies", err)
	}
	sh := b.shelf(lib)
	if len(list) == 0 {
		return view.Private("%s", sh.Empty)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "**Your %s** (%d of %d):\n", sh.Noun, len(list), store.MaxStrategiesPerOne)
	for _, s := range list {
		defense := fmt.Sprintf(", defense %d", s.Defense)
		if !sh.Defense {
			defense = ""
		}
		n := host.Lines(s.Source)
		fmt.Fprintf(&sb, "• **%s** — v%d%s, %d %s, saved <t:%d:R>\n", s.Name, s.Version, defense, n, render.Plural(n, "line", "lines"), s.Saved.Unix())
	}
	fmt.Fprintf(&sb, "%s shows one; `version:` and `diff:` compare versions.", view.Words{}.Command(string(lib.Command())+" show name"))
	sb.WriteString(sh.Plays)
	return view.Private("%s", sb.String())
}

// libraryShow is /kombat strategy show name [version] [diff] (or /upbeat's, for
// UPBEAT's lib): a version's source, or the changes from version diff to it, in a
// code block or, too long, attached.
func (b *Bot) libraryShow(r *request, lib *host.Library, o options) view.Reply {
	s, err := lib.Show(b.wctx, r.user.ID, strings.TrimSpace(o.Str("name")), int(o.Int("version", 0)), int(o.Int("diff", 0)))
	if err != nil {
		return b.refusedOr(r, "show strategy", err)
	}
	defense := b.shelf(lib).Defense
	head, lang := fmt.Sprintf("**%s** v%d · defense %d · saved <t:%d:f>", s.Name, s.Version, s.Defense, s.Saved.Unix()), "py"
	if !defense {
		head = fmt.Sprintf("**%s** v%d · saved <t:%d:f>", s.Name, s.Version, s.Saved.Unix())
	}
	if old := s.From; old != nil {
		head, lang = fmt.Sprintf("**%s**: changes from v%d to v%d", s.Name, old.Version, s.Version), "diff"
		if old.Defense != s.Defense && defense {
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
	vs, err := lib.Versions(b.wctx, r.user.ID, strings.TrimSpace(o.Str("name")))
	if err != nil {
		return b.refusedOr(r, "strategy versions", err)
	}
	return view.Reply{Ephemeral: true, Content: fmt.Sprintf("Delete **%s** and its %d %s kept? This cannot be undone.", vs[0].Name, len(vs), render.Plural(len(vs), "version", "versions")),
		Components: []discordgo.MessageComponent{view.Row(view.Button("Delete", discordgo.DangerButton, view.CustomID{Action: "libdel", Args: b.libraryArgs(lib, vs[0].Name)}))}}
}

// libraryDelete deletes a strategy after confirmation, in place of the question.
func (b *Bot) libraryDelete(r *request, id view.CustomID) view.Reply {
	lib := b.libraryFor(id.Arg(1))
	if lib == nil {
		return view.Private("%s", view.ErrStaleComponent.Error())
	}
	err := lib.Delete(b.wctx, r.user.ID, id.Arg(0))
	var no *host.Refusal
	if errors.As(err, &no) {
		return view.Reply{Update: true, Content: view.RefusalText(no)}
	}
	if err != nil {
		return b.internal(r, "delete strategy", err)
	}
	return view.Reply{Update: true, Content: fmt.Sprintf("Deleted **%s**.", id.Arg(0))}
}
