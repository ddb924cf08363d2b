package view

import (
	"bytes"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Reply is what a handler answers; handlers return replies and one thin layer sends
// them, so they test as plain functions.
type Reply struct {
	Content    string
	Ephemeral  bool
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Files      []File
	Modal      *Form
	Update     bool     // change the message the component is on, instead of replying
	Mentions   []string // user ids that may be pinged; nobody else is
}

// Empty reports a reply with nothing to say: a handler that answered itself.
func (r Reply) Empty() bool {
	return r.Content == "" && len(r.Embeds) == 0 && len(r.Components) == 0 && len(r.Files) == 0 && r.Modal == nil
}

// File is an attachment to send.
type File struct {
	Name string
	MIME string
	Data []byte
}

// Form is a form to open.
type Form struct {
	ID     string
	Title  string
	Inputs []discordgo.TextInput
}

// Private makes an ephemeral text reply: errors and refusals go only to the user.
func Private(format string, args ...any) Reply {
	return Reply{Content: Fit(fmt.Sprintf(format, args...)), Ephemeral: true}
}

// Duration words a duration as players read a clock: to the second (a clock with
// 2m59.925993633s left reads 3m0s), or to the millisecond under a second (an auto
// game's pace), and never below zero.
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0s"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// Fit keeps text within Discord's message limit.
func Fit(s string) string {
	if utf8.RuneCountInString(s) <= ContentLimit {
		return s
	}
	r := []rune(s)
	return string(r[:ContentLimit-1]) + "…"
}

// ContentLimit is Discord's limit on a message's content.
const ContentLimit = 2000

// Followup turns a reply into a follow-up message of an interaction.
func (r Reply) Followup() *discordgo.WebhookParams {
	return &discordgo.WebhookParams{Content: r.Content, Components: r.Components,
		Embeds: r.Embeds, Files: r.discordFiles(), Flags: r.flags(), AllowedMentions: r.allowed()}
}

func (r Reply) discordFiles() []*discordgo.File {
	var out []*discordgo.File
	for _, f := range r.Files {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: f.MIME, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

func (r Reply) allowed() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Users: r.Mentions}
}

func (r Reply) flags() discordgo.MessageFlags {
	if r.Ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// Response turns a reply into the initial interaction Response.
func (r Reply) Response() *discordgo.InteractionResponse {
	if r.Modal != nil {
		rows := make([]discordgo.MessageComponent, len(r.Modal.Inputs))
		for i, in := range r.Modal.Inputs {
			rows[i] = discordgo.ActionsRow{Components: []discordgo.MessageComponent{in}}
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: r.Modal.ID, Title: r.Modal.Title, Components: rows}}
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if r.Update {
		typ = discordgo.InteractionResponseUpdateMessage
	}
	data := &discordgo.InteractionResponseData{Content: r.Content, Embeds: r.Embeds, Components: r.Components,
		Files: r.discordFiles(), Flags: r.flags(), AllowedMentions: r.allowed()}
	if r.Update && data.Components == nil {
		// An update replaces the message's controls: none is an empty list, as Discord
		// documents it (discordgo sends a nil slice as null).
		data.Components = []discordgo.MessageComponent{}
	}
	if r.Update {
		// Replace, not add to, the message's files: no stale images left behind.
		none := []*discordgo.MessageAttachment{}
		if len(r.Files) > 0 {
			data.Attachments = &none
		}
		if data.Components == nil {
			data.Components = []discordgo.MessageComponent{}
		}
	}
	return &discordgo.InteractionResponse{Type: typ, Data: data}
}

// WebhookEdit turns a reply into an WebhookEdit of a deferred response (or of the message a deferred
// component interaction was on).
func (r Reply) WebhookEdit() *discordgo.WebhookEdit {
	content := r.Content
	comps := r.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	e := &discordgo.WebhookEdit{Content: &content, Components: &comps, Embeds: &r.Embeds, AllowedMentions: r.allowed()}
	if len(r.Files) > 0 {
		none := []*discordgo.MessageAttachment{}
		e.Attachments = &none
		e.Files = r.discordFiles()
	}
	return e
}

// Message turns a reply into a new channel Message.
func (r Reply) Message() *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: r.Content, Embeds: r.Embeds, Components: r.Components,
		Files: r.discordFiles(), AllowedMentions: r.allowed()}
}

// MessageEdit turns a reply into an edit of a channel message.
func (r Reply) MessageEdit(channelID, messageID string) *discordgo.MessageEdit {
	content := r.Content
	comps := r.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	e := &discordgo.MessageEdit{ID: messageID, Channel: channelID, Content: &content, Components: &comps, Embeds: &r.Embeds, AllowedMentions: r.allowed()}
	if len(r.Files) > 0 {
		e.Attachments = &[]*discordgo.MessageAttachment{}
		e.Files = r.discordFiles()
	}
	return e
}

// Row is an action row of components.
func Row(cs ...discordgo.MessageComponent) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: cs}
}

// Button is a button that sends id when pressed.
func Button(label string, style discordgo.ButtonStyle, id CustomID) discordgo.Button {
	return discordgo.Button{Label: label, Style: style, CustomID: id.Encode()}
}

// TextInput is a form's text input; value pre-fills it.
func TextInput(id, label string, style discordgo.TextInputStyle, value string, required bool, maxLen int) discordgo.TextInput {
	return discordgo.TextInput{CustomID: id, Label: label, Style: style, Value: value, Required: required, MaxLength: maxLen}
}

// PauseButton is an auto game's Pause button, or Resume when the game is paused.
func PauseButton(game int64, paused bool) discordgo.Button {
	if paused {
		return Button("Resume", discordgo.SuccessButton, CustomID{Action: "resume", Game: game})
	}
	return Button("Pause", discordgo.SecondaryButton, CustomID{Action: "pause", Game: game})
}
