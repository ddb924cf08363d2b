package bot

import (
	"regexp"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// TestCommandTable checks the table against Discord's rules for commands, which a
// bulk overwrite would otherwise reject at start-up.
func TestCommandTable(t *testing.T) {
	nameRE := regexp.MustCompile(`^[-_a-z0-9]{1,32}$`)
	var check func(where string, opts []*discordgo.ApplicationCommandOption)
	check = func(where string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s: %d options, at most 25", where, len(opts))
		}
		optional := false
		seen := map[string]bool{}
		for _, o := range opts {
			w := where + " " + o.Name
			if !nameRE.MatchString(o.Name) || seen[o.Name] {
				t.Errorf("%s: bad or repeated name", w)
			}
			seen[o.Name] = true
			if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
				t.Errorf("%s: description of %d characters", w, n)
			}
			if o.Required && optional {
				t.Errorf("%s: a required option after an optional one", w)
			}
			optional = optional || !o.Required
			if len(o.Choices) > 25 {
				t.Errorf("%s: %d choices", w, len(o.Choices))
			}
			check(w, o.Options)
		}
	}
	for _, c := range commands(testGames()) {
		// Offered in server channels only, never in DMs with the bot (contexts [0]).
		if c.Contexts == nil || !slices.Equal(*c.Contexts, []discordgo.InteractionContextType{discordgo.InteractionContextGuild}) {
			t.Errorf("command %q is offered in contexts %v, want servers only", c.Name, c.Contexts)
		}
		if c.Type == discordgo.MessageApplicationCommand {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 32 || c.Description != "" {
				t.Errorf("message command %q", c.Name)
			}
			continue
		}
		if !nameRE.MatchString(c.Name) || utf8.RuneCountInString(c.Description) > 100 {
			t.Errorf("command %q", c.Name)
		}
		check("/"+c.Name, c.Options)
	}
}
