package view

import (
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/kombat-game/kombat/host"
)

// LibraryForm is the form for saving a strategy under name.
func LibraryForm(name string, v host.LibraryDraft) Reply {
	title := "Save strategy " + name
	if utf8.RuneCountInString(title) > 45 {
		title = string([]rune(title)[:44]) + "…"
	}
	return Reply{Modal: &Form{ID: CustomID{Action: "libform", Args: []string{name}}.Encode(), Title: title, Inputs: []discordgo.TextInput{
		TextInput("defense", "Defense factor (0 or more)", discordgo.TextInputShort, v.Defense, true, 19),
		TextInput("strategy", "Strategy (code fences are fine)", discordgo.TextInputParagraph, v.Strategy, true, MaxInputValue),
	}}}
}
