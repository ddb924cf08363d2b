package bot

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// reply is what a handler answers; handlers return replies and one thin layer sends
// them, so they test as plain functions.
type reply struct {
	content    string
	ephemeral  bool
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      []file
	modal      *modal
	update     bool     // change the message the component is on, instead of replying
	mentions   []string // user ids that may be pinged; nobody else is
}

// empty reports a reply with nothing to say: a handler that answered itself.
func (r reply) empty() bool {
	return r.content == "" && len(r.embeds) == 0 && len(r.components) == 0 && len(r.files) == 0 && r.modal == nil
}

// file is an attachment to send.
type file struct {
	name string
	mime string
	data []byte
}

// modal is a form to open.
type modal struct {
	id     string
	title  string
	inputs []discordgo.TextInput
}

// private makes an ephemeral text reply: errors and refusals go only to the user.
func private(format string, args ...any) reply {
	return reply{content: fitContent(fmt.Sprintf(format, args...)), ephemeral: true}
}

// fitContent keeps text within Discord's message limit.
func fitContent(s string) string {
	if utf8.RuneCountInString(s) <= contentLimit {
		return s
	}
	r := []rune(s)
	return string(r[:contentLimit-1]) + "…"
}

// contentLimit is Discord's limit on a message's content.
const contentLimit = 2000

func (r reply) discordFiles() []*discordgo.File {
	var out []*discordgo.File
	for _, f := range r.files {
		out = append(out, &discordgo.File{Name: f.name, ContentType: f.mime, Reader: bytes.NewReader(f.data)})
	}
	return out
}

func (r reply) allowed() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Users: r.mentions}
}

func (r reply) flags() discordgo.MessageFlags {
	if r.ephemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// response turns a reply into the initial interaction response.
func (r reply) response() *discordgo.InteractionResponse {
	if r.modal != nil {
		rows := make([]discordgo.MessageComponent, len(r.modal.inputs))
		for i, in := range r.modal.inputs {
			rows[i] = discordgo.ActionsRow{Components: []discordgo.MessageComponent{in}}
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
			Data: &discordgo.InteractionResponseData{CustomID: r.modal.id, Title: r.modal.title, Components: rows}}
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	if r.update {
		typ = discordgo.InteractionResponseUpdateMessage
	}
	data := &discordgo.InteractionResponseData{Content: r.content, Embeds: r.embeds, Components: r.components,
		Files: r.discordFiles(), Flags: r.flags(), AllowedMentions: r.allowed()}
	if r.update {
		// Replace, not add to, the message's files: no stale images left behind.
		none := []*discordgo.MessageAttachment{}
		if len(r.files) > 0 {
			data.Attachments = &none
		}
		if data.Components == nil {
			data.Components = []discordgo.MessageComponent{}
		}
	}
	return &discordgo.InteractionResponse{Type: typ, Data: data}
}

// edit turns a reply into an edit of a deferred response (or of the message a deferred
// component interaction was on).
func (r reply) edit() *discordgo.WebhookEdit {
	content := r.content
	comps := r.components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	e := &discordgo.WebhookEdit{Content: &content, Components: &comps, Embeds: &r.embeds, AllowedMentions: r.allowed()}
	if len(r.files) > 0 {
		none := []*discordgo.MessageAttachment{}
		e.Attachments = &none
		e.Files = r.discordFiles()
	}
	return e
}

// message turns a reply into a new channel message.
func (r reply) message() *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: r.content, Embeds: r.embeds, Components: r.components,
		Files: r.discordFiles(), AllowedMentions: r.allowed()}
}

// messageEdit turns a reply into an edit of a channel message.
func (r reply) messageEdit(channelID, messageID string) *discordgo.MessageEdit {
	content := r.content
	comps := r.components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	e := &discordgo.MessageEdit{ID: messageID, Channel: channelID, Content: &content, Components: &comps, Embeds: &r.embeds, AllowedMentions: r.allowed()}
	if len(r.files) > 0 {
		e.Attachments = &[]*discordgo.MessageAttachment{}
		e.Files = r.discordFiles()
	}
	return e
}

// Component helpers.

func row(cs ...discordgo.MessageComponent) discordgo.ActionsRow {
	return discordgo.ActionsRow{Components: cs}
}

func button(label string, style discordgo.ButtonStyle, id customID) discordgo.Button {
	return discordgo.Button{Label: label, Style: style, CustomID: id.encode()}
}

func textInput(id, label string, style discordgo.TextInputStyle, value string, required bool, maxLen int) discordgo.TextInput {
	return discordgo.TextInput{CustomID: id, Label: label, Style: style, Value: value, Required: required, MaxLength: maxLen}
}
