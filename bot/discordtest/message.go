package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message is a message as the fake stores it.
type Message struct {
	ID          string
	ChannelID   string
	AuthorID    string
	Content     string
	Embeds      []*discordgo.MessageEmbed
	Components  []discordgo.MessageComponent
	Attachments []*Attachment
	Ephemeral   bool   // visible only to EphemeralTo
	EphemeralTo string // user id
	Edits       int
	// ComponentsSent is the "components" field of the last edit that carried one, as
	// sent ("[]", "null", or the rows): Discord documents an empty list as the way to
	// clear them, and a test can tell which a client sent, which the stored
	// Components (empty either way) cannot.
	ComponentsSent string
	Deleted        bool
	WebhookID      string // the application's id on an interaction's answer or follow-up, as on Discord
	// Nonce is the nonce the message was created with (an integer one in decimal).
	Nonce    string
	nonceRaw json.RawMessage // as sent, to echo a string as a string and a number as a number
	created  time.Time       // by the server's clock, for enforce_nonce
	seq      int64
}

// Attachment is an uploaded file with its bytes.
type Attachment struct {
	ID          string
	Filename    string
	ContentType string
	Data        []byte
	URL         string
}

func (m *Message) copy() *Message {
	c := *m
	c.Embeds = append([]*discordgo.MessageEmbed(nil), m.Embeds...)
	c.Components = append([]discordgo.MessageComponent(nil), m.Components...)
	c.Attachments = append([]*Attachment(nil), m.Attachments...)
	return &c
}

// discord converts the message for API responses and interaction payloads.
func (m *Message) discord(s *Server) *discordgo.Message {
	dm := &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, Content: m.Content, Embeds: m.Embeds, Components: m.Components,
		Author: s.userOrUnknown(m.AuthorID).discord(), Timestamp: time.Now(), WebhookID: m.WebhookID}
	if m.Ephemeral {
		dm.Flags = discordgo.MessageFlagsEphemeral
	}
	for _, a := range m.Attachments {
		dm.Attachments = append(dm.Attachments, &discordgo.MessageAttachment{ID: a.ID, Filename: a.Filename, ContentType: a.ContentType, Size: len(a.Data), URL: a.URL})
	}
	return dm
}

// wireMessage is a message as Discord sends it. discordgo.Message reads components from
// JSON but leaves them out when written, so they are added back here: without them a
// bot could not see the controls of the message an interaction came from. It has no
// nonce field either, which a bot reads to match a post to its answer.
type wireMessage struct {
	*discordgo.Message
	Components []discordgo.MessageComponent `json:"components"`
	Nonce      json.RawMessage              `json:"nonce,omitempty"`
}

// wire is the message as Discord's API returns it.
func (m *Message) wire(s *Server) wireMessage {
	return wireMessage{Message: m.discord(s), Components: m.Components, Nonce: m.nonceRaw}
}

func (s *Server) userOrUnknown(id string) *User {
	if u := s.users[id]; u != nil {
		return u
	}
	return &User{ID: id, Name: "unknown"}
}

// Button finds a button by custom id or label.
func (m *Message) Button(idOrLabel string) *discordgo.Button {
	for _, b := range m.Buttons() {
		if b.CustomID == idOrLabel || b.Label == idOrLabel {
			return b
		}
	}
	return nil
}

// Buttons lists the message's buttons, row by row.
func (m *Message) Buttons() []*discordgo.Button {
	var out []*discordgo.Button
	for _, row := range m.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if b, ok := c.(*discordgo.Button); ok {
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// Select finds a select menu by custom id, or by a prefix of its placeholder.
func (m *Message) Select(idOrPlaceholder string) *discordgo.SelectMenu {
	for _, row := range m.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if sm, ok := c.(*discordgo.SelectMenu); ok && (sm.CustomID == idOrPlaceholder || strings.HasPrefix(sm.Placeholder, idOrPlaceholder)) {
					return sm
				}
			}
		}
	}
	return nil
}

// File returns the attachment with the given name, or nil.
func (m *Message) File(name string) *Attachment {
	for _, a := range m.Attachments {
		if a.Filename == name {
			return a
		}
	}
	return nil
}

// Interaction is one interaction a scripted user made, with what the bot answered.
type Interaction struct {
	ID        string
	Token     string
	Type      discordgo.InteractionType
	User      *User
	ChannelID string
	GuildID   string
	Data      discordgo.InteractionData
	Message   *Message // the message a component was on

	s          *Server
	created    time.Time
	response   *Response
	originalID string    // the message holding the response (or the component's message)
	followups  []string  // message ids
	ackEdits   int       // the original message's edits when a deferred response came
	answered   time.Time // when the initial response came
}

// Response is the bot's initial response to an interaction.
type Response struct {
	Type  discordgo.InteractionResponseType
	Modal *Modal // for a modal response
}

// Modal is a form the bot opened.
type Modal struct {
	CustomID string
	Title    string
	Inputs   []*discordgo.TextInput
}

func (in *Interaction) describe() string {
	switch d := in.Data.(type) {
	case discordgo.ApplicationCommandInteractionData:
		return "/" + d.Name
	case discordgo.MessageComponentInteractionData:
		return "component " + d.CustomID
	case discordgo.ModalSubmitInteractionData:
		return "modal " + d.CustomID
	}
	return fmt.Sprint(in.Type)
}

// AckLatency is how long the bot took to answer the interaction (its initial
// response, deferred or not), from the moment it was sent; ok is false until the
// answer has come.
func (in *Interaction) AckLatency() (d time.Duration, ok bool) {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	if in.response == nil {
		return 0, false
	}
	return in.answered.Sub(in.created), true
}

// Created is when the message was posted, by the server's clock.
func (m *Message) Created() time.Time { return m.created }

// Response waits for the bot's initial response.
func (in *Interaction) Response(ctx context.Context) (*Response, error) {
	var r *Response
	err := in.s.wait(ctx, func() bool {
		r = in.response
		return r != nil
	})
	return r, err
}

// Original waits until the message holding the response satisfies pred (use nil for
// "exists"), and returns it: a new message for a reply, the component's message for an
// update.
func (in *Interaction) Original(ctx context.Context, pred func(*Message) bool) (*Message, error) {
	var m *Message
	err := in.s.wait(ctx, func() bool {
		if in.originalID == "" {
			return false
		}
		cur := in.s.messages[in.originalID]
		if cur == nil || cur.Deleted || pred != nil && !pred(cur) {
			return false
		}
		m = cur.copy()
		return true
	})
	return m, err
}

// Followups returns the follow-up messages sent so far.
func (in *Interaction) Followups() []*Message {
	in.s.mu.Lock()
	defer in.s.mu.Unlock()
	var out []*Message
	for _, id := range in.followups {
		out = append(out, in.s.messages[id].copy())
	}
	return out
}

// Settled waits until the bot has answered the interaction for good: a response that
// is not deferred, or, after a deferral, a change of the message it stands for (an
// edit, by the webhook or otherwise, or its deletion) or a follow-up.
func (in *Interaction) Settled(ctx context.Context) (*Response, error) {
	var r *Response
	err := in.s.wait(ctx, func() bool {
		r = in.response
		if r == nil {
			return false
		}
		if r.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource && r.Type != discordgo.InteractionResponseDeferredMessageUpdate {
			return true
		}
		if len(in.followups) > 0 {
			return true
		}
		m := in.s.messages[in.originalID]
		return m == nil || m.Deleted || m.Edits > in.ackEdits
	})
	return r, err
}

// Followup waits for the bot's first follow-up message to the interaction.
func (in *Interaction) Followup(ctx context.Context) (*Message, error) {
	var m *Message
	err := in.s.wait(ctx, func() bool {
		if len(in.followups) == 0 {
			return false
		}
		m = in.s.messages[in.followups[0]].copy()
		return true
	})
	return m, err
}

// Reply waits for the first visible answer of the bot, whatever its form: the
// original response message (once it has content, embeds, components or files) or a
// follow-up. Modal responses are not replies; use Response.
func (in *Interaction) Reply(ctx context.Context) (*Message, error) {
	var m *Message
	err := in.s.wait(ctx, func() bool {
		for _, id := range in.followups {
			m = in.s.messages[id].copy()
			return true
		}
		if in.originalID == "" || in.response == nil || in.response.Type == discordgo.InteractionResponseDeferredMessageUpdate {
			return false
		}
		cur := in.s.messages[in.originalID]
		if cur == nil || cur.Content == "" && len(cur.Embeds) == 0 && len(cur.Components) == 0 && len(cur.Attachments) == 0 {
			return false
		}
		m = cur.copy()
		return true
	})
	return m, err
}

// WaitMessage waits until a message in the channel satisfies pred and returns it.
func (s *Server) WaitMessage(ctx context.Context, channelID string, pred func(*Message) bool) (*Message, error) {
	var m *Message
	err := s.wait(ctx, func() bool {
		for _, cur := range s.messagesIn(channelID) {
			if pred(cur) {
				m = cur
				return true
			}
		}
		return false
	})
	return m, err
}

// WaitThread waits until a thread exists under the channel, and returns it.
func (s *Server) WaitThread(ctx context.Context, parentID string) (*Channel, error) {
	var th *Channel
	err := s.wait(ctx, func() bool {
		for _, c := range s.channels {
			if c.Parent == parentID {
				cc := *c
				th = &cc
				return true
			}
		}
		return false
	})
	return th, err
}

// wait blocks until cond (called with mu held) is true, the context ends, or the
// server closes. Every change broadcasts, so nothing polls.
func (s *Server) wait(ctx context.Context, cond func() bool) error {
	stop := context.AfterFunc(ctx, func() {
		s.mu.Lock()
		s.changed.Broadcast()
		s.mu.Unlock()
	})
	defer stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for !cond() {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("discordtest: %w", err)
		}
		if s.closed {
			return fmt.Errorf("discordtest: server closed")
		}
		s.changed.Wait()
	}
	return nil
}

// WaitLatest waits until the newest message of the channel satisfies pred, and
// returns it.
func (s *Server) WaitLatest(ctx context.Context, channelID string, pred func(*Message) bool) (*Message, error) {
	var m *Message
	err := s.wait(ctx, func() bool {
		msgs := s.messagesIn(channelID)
		if len(msgs) == 0 {
			return false
		}
		last := msgs[len(msgs)-1]
		if pred(last) {
			m = last
			return true
		}
		return false
	})
	return m, err
}
