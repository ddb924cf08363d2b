package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/internal/nim/nimhost"
	"github.com/kombat-game/kombat/store"
)

// plainGame is a game registered with the least a UI may give: a name, a plug and a
// history command, no title, no rules and no replay. The transport's words for it
// come from its registration alone.
func plainGame() ui.Game {
	return ui.Game{Name: nimhost.Name, Plug: nimhost.Plug(),
		Command: &discordgo.ApplicationCommand{Name: "nim", Description: "Nim", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "history", Description: "Recent Nim games", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "whose games"}}}}},
		Routes: map[string]ui.Route{
			"/nim history": {Do: func(r ui.Request, in ui.Input) view.Reply { return r.History(in.Opts, nimhost.Name) }, Ack: ui.AckPrivate}}}
}

// TestWordsFromTheRegistration: what the transport says of a game (its history's
// heading, an unknown command, a command in direct messages, a stored game's settings
// lowered or abandoned) names that game as its registration does, not KOMBAT.
func TestWordsFromTheRegistration(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.Games = append(append([]ui.Game(nil), o.Games...), plainGame()) })
	b := h.bot

	histories := []struct{ command, want string }{
		{"nim", "<@" + h.alice.ID + "> has no NIM games on this server yet."},
		{"upbeat", "<@" + h.alice.ID + "> has no UPBEAT games on this server yet."},
		{"aibg", "<@" + h.alice.ID + "> has no AIBG games on this server yet."},
		{"kombat", "<@" + h.alice.ID + "> has no games on this server yet."},
	}
	for _, c := range histories {
		in, err := h.fake.SlashCommand(h.alice, h.channel.ID, c.command, discordtest.Sub("history"))
		_, m, err := discordtest.Do(h.ctx, in, err)
		if err != nil {
			t.Fatalf("/%s history: %v", c.command, err)
		}
		if m.Content != c.want {
			t.Errorf("/%s history = %q, want %q", c.command, m.Content, c.want)
		}
	}

	unknown := []struct{ command, want string }{
		{"kombat", "Unknown command; try /kombat rules."},
		{"upbeat", "Unknown command; try /upbeat rules."},
		{"nim", "Unknown command; try /kombat rules."}, // no rules of its own: the first game's
		{"chess", "Unknown command; try /kombat rules."},
	}
	for _, c := range unknown {
		if got := b.unknown(c.command).Content; got != c.want {
			t.Errorf("unknown /%s = %q, want %q", c.command, got, c.want)
		}
	}

	for command, want := range map[string]string{
		"upbeat": "UPBEAT is played in a server channel, not in direct messages.",
		"nim":    "NIM is played in a server channel, not in direct messages.",
	} {
		dm := &request{services: services{b}, b: b, user: &discordgo.User{ID: "u"}, i: &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand}}
		d := discordgo.ApplicationCommandInteractionData{Name: command, Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "history"}}}
		if got := b.command(dm, d).Content; got != want {
			t.Errorf("/%s in direct messages = %q, want %q", command, got, want)
		}
	}

	notes := []struct {
		game      store.GameName
		kind      host.NoteKind
		want, not string
	}{
		{store.GameKombat, host.NoteLowered, "`/kombat rules` lists the limits.", ""},
		{store.GameKombat, host.NoteAbandoned, "Start a new game with `/kombat`.", ""},
		{store.GameUpbeat, host.NoteLowered, "`/upbeat rules` lists the limits.", "/kombat"},
		{store.GameUpbeat, host.NoteAbandoned, "Start a new game with `/upbeat`.", "/kombat"},
		{nimhost.Name, host.NoteLowered, "The game goes on with them.", "/kombat"},
		{nimhost.Name, host.NoteAbandoned, "Start a new game with `/nim`.", "/kombat"},
	}
	for _, c := range notes {
		got := b.settingsNote(c.game, host.Note{Kind: c.kind, Text: "turns 999"})
		if !strings.Contains(got, c.want) || !strings.Contains(got, "(turns 999)") || (c.not != "" && strings.Contains(got, c.not)) {
			t.Errorf("%s note %v = %q, want %q and not %q", c.game, c.kind, got, c.want, c.not)
		}
	}
}
