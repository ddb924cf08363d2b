package view

import (
	"errors"

	"github.com/kombat-game/kombat/host"
)

// Refusal is the private reply that tells a player what host refused; err is always a
// *host.Refusal where it is called.
func Refusal(err error) Reply {
	var no *host.Refusal
	if errors.As(err, &no) {
		return Private("%s", RefusalText(no))
	}
	return Private("%s", err)
}

// RefusalText words a host's refusal for Discord: people and places as mentions, commands
// as slash commands, controls and names in bold.
func RefusalText(no *host.Refusal) string { return no.Text(Words{}) }

// Words writes the arguments of the host's refusals in Discord's markdown.
type Words struct{}

// User writes a person as a mention.
func (Words) User(id string) string { return "<@" + id + ">" }

// Place writes a place as a channel mention.
func (Words) Place(id string) string { return "<#" + id + ">" }

// Command writes a slash command as code.
func (Words) Command(c string) string { return "`/" + c + "`" }

// Control writes a button's label in bold.
func (Words) Control(label string) string { return "**" + label + "**" }

// Name writes a name in bold.
func (Words) Name(n string) string { return "**" + n + "**" }

// MaxInputValue is the most characters a text input holds, pre-filled or typed.
const MaxInputValue = 4000
