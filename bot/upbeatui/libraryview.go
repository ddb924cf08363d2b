package upbeatui

import (
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
)

// UpLibraryForm is the form for saving an UPBEAT plan under name in the player's
// library: the plan alone, since a plan has no defense factor.
func UpLibraryForm(name string, v host.LibraryDraft) view.Reply {
	title := "Save UPBEAT plan " + name
	if utf8.RuneCountInString(title) > 45 {
		title = string([]rune(title)[:44]) + "…"
	}
	plan := v.Strategy
	if utf8.RuneCountInString(plan) > view.MaxInputValue {
		plan = "" // a cut plan would lose code: the save's answer says to use a file
	}
	return view.Reply{Modal: &view.Form{ID: view.CustomID{Action: "uplibform", Args: []string{name}}.Encode(), Title: title, Inputs: []discordgo.TextInput{
		view.TextInput("plan", "Construction plan (code fences are fine)", discordgo.TextInputParagraph, plan, true, view.MaxInputValue),
	}}}
}
