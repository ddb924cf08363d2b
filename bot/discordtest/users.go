package discordtest

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Option is a slash command option as a user fills it in: a value (string, int,
// bool, *User or *Attachment from Upload), or a subcommand or group with its options.
type Option struct {
	Name    string
	Value   any
	typ     discordgo.ApplicationCommandOptionType
	Options []Option
}

// Opt is an option with a value.
func Opt(name string, value any) Option { return Option{Name: name, Value: value} }

// Sub is a subcommand with its options.
func Sub(name string, opts ...Option) Option {
	return Option{Name: name, typ: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// Group is a subcommand group.
func Group(name string, subs ...Option) Option {
	return Option{Name: name, typ: discordgo.ApplicationCommandOptionSubCommandGroup, Options: subs}
}

// Upload makes a file a user can attach to a command option.
func (s *Server) Upload(name, contentType string, data []byte) *Attachment {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := &Attachment{ID: s.snowflake(), Filename: name, ContentType: contentType, Data: data}
	a.URL = fmt.Sprintf("%s/attachments/%s/%s", s.http.URL, a.ID, name)
	s.uploads = append(s.uploads, a)
	return a
}

func (s *Server) options(opts []Option, res *discordgo.ApplicationCommandInteractionDataResolved) []*discordgo.ApplicationCommandInteractionDataOption {
	var out []*discordgo.ApplicationCommandInteractionDataOption
	for _, o := range opts {
		d := &discordgo.ApplicationCommandInteractionDataOption{Name: o.Name, Type: o.typ}
		switch v := o.Value.(type) {
		case nil:
			d.Options = s.options(o.Options, res)
		case string:
			d.Type, d.Value = discordgo.ApplicationCommandOptionString, v
		case int:
			d.Type, d.Value = discordgo.ApplicationCommandOptionInteger, float64(v)
		case bool:
			d.Type, d.Value = discordgo.ApplicationCommandOptionBoolean, v
		case *User:
			d.Type, d.Value = discordgo.ApplicationCommandOptionUser, v.ID
			if res.Users == nil {
				res.Users = map[string]*discordgo.User{}
			}
			res.Users[v.ID] = v.discord()
		case *Attachment:
			d.Type, d.Value = discordgo.ApplicationCommandOptionAttachment, v.ID
			if res.Attachments == nil {
				res.Attachments = map[string]*discordgo.MessageAttachment{}
			}
			res.Attachments[v.ID] = &discordgo.MessageAttachment{ID: v.ID, Filename: v.Filename, ContentType: v.ContentType, Size: len(v.Data), URL: v.URL}
		default:
			panic(fmt.Sprintf("discordtest: option %s: unsupported value %T", o.Name, v))
		}
		out = append(out, d)
	}
	return out
}

// interact records an interaction and dispatches it to the shard owning the guild
// (to each of its sessions);
// the caller holds mu.
func (s *Server) interact(user *User, ch *Channel, typ discordgo.InteractionType, data discordgo.InteractionData, msg *Message) (*Interaction, error) {
	cs := s.connsFor(ch.GuildID)
	if len(cs) == 0 {
		return nil, fmt.Errorf("discordtest: no bot session serves guild %s", ch.GuildID)
	}
	in := &Interaction{ID: s.snowflake(), Type: typ, User: user, ChannelID: ch.ID, GuildID: ch.GuildID, Data: data, Message: msg, s: s, created: time.Now()}
	in.Token = "itok" + in.ID
	s.interactions[in.ID] = in
	s.interactions[in.Token] = in
	wire := data
	if m, ok := data.(discordgo.ModalSubmitInteractionData); ok {
		wire = modalWire{CustomID: m.CustomID, Components: m.Components}
	}
	payload := &discordgo.Interaction{ID: in.ID, AppID: s.app.ID, Type: typ, Data: wire, GuildID: ch.GuildID, ChannelID: ch.ID,
		Member: &discordgo.Member{User: user.discord(), GuildID: ch.GuildID, Permissions: user.Permissions}, Token: in.Token, Version: 1, Locale: discordgo.EnglishUS}
	var event any = payload
	if msg != nil {
		event = struct {
			*discordgo.Interaction
			Message wireMessage `json:"message"`
		}{payload, msg.wire(s)}
	}
	for _, c := range cs {
		c.dispatch("INTERACTION_CREATE", event)
	}
	s.changed.Broadcast()
	return in, nil
}

func (s *Server) channel(id string) (*Channel, error) {
	ch := s.channels[id]
	if ch == nil {
		return nil, fmt.Errorf("discordtest: unknown channel %s", id)
	}
	return ch, nil
}

// SlashCommand makes user run /name with options in a channel or thread.
func (s *Server) SlashCommand(user *User, channelID, name string, opts ...Option) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, err := s.channel(channelID)
	if err != nil {
		return nil, err
	}
	cmd := s.findCommand(ch.GuildID, name, discordgo.ChatApplicationCommand)
	if cmd == nil {
		return nil, fmt.Errorf("discordtest: /%s is not registered", name)
	}
	res := &discordgo.ApplicationCommandInteractionDataResolved{}
	data := discordgo.ApplicationCommandInteractionData{ID: cmd.ID, Name: name, CommandType: discordgo.ChatApplicationCommand, Options: s.options(opts, res), Resolved: res}
	return s.interact(user, ch, discordgo.InteractionApplicationCommand, data, nil)
}

func (s *Server) findCommand(guild, name string, typ discordgo.ApplicationCommandType) *discordgo.ApplicationCommand {
	for _, g := range []string{guild, ""} {
		for _, c := range s.commands[g] {
			ct := c.Type
			if ct == 0 {
				ct = discordgo.ChatApplicationCommand
			}
			if c.Name == name && ct == typ {
				return c
			}
		}
	}
	return nil
}

// MessageCommand makes user run the message command name on a message; Discord sends
// the message's content along, so the bot needs no Message Content intent.
func (s *Server) MessageCommand(user *User, messageID, name string) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[messageID]
	if m == nil || m.Deleted {
		return nil, fmt.Errorf("discordtest: unknown message %s", messageID)
	}
	ch, err := s.channel(m.ChannelID)
	if err != nil {
		return nil, err
	}
	cmd := s.findCommand(ch.GuildID, name, discordgo.MessageApplicationCommand)
	if cmd == nil {
		return nil, fmt.Errorf("discordtest: message command %q is not registered", name)
	}
	res := &discordgo.ApplicationCommandInteractionDataResolved{Messages: map[string]*discordgo.Message{m.ID: m.discord(s)}}
	data := discordgo.ApplicationCommandInteractionData{ID: cmd.ID, Name: name, CommandType: discordgo.MessageApplicationCommand, TargetID: m.ID, Resolved: res}
	return s.interact(user, ch, discordgo.InteractionApplicationCommand, data, nil)
}

// PostMessage makes user post a message (for message commands to act on).
func (s *Server) PostMessage(user *User, channelID, content string) (*Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.channel(channelID); err != nil {
		return nil, err
	}
	m := &Message{ID: s.snowflake(), ChannelID: channelID, AuthorID: user.ID, Content: content, seq: s.nextID}
	s.addMessage(m)
	s.changed.Broadcast()
	return m, nil
}

// component checks that user can see and press the component and returns the message.
func (s *Server) component(user *User, messageID, customID string) (*Message, *Channel, discordgo.MessageComponent, error) {
	m := s.messages[messageID]
	if m == nil || m.Deleted {
		return nil, nil, nil, fmt.Errorf("discordtest: unknown message %s", messageID)
	}
	if m.Ephemeral && m.EphemeralTo != user.ID {
		return nil, nil, nil, fmt.Errorf("discordtest: %s cannot see ephemeral message %s", user.Name, messageID)
	}
	ch, err := s.channel(m.ChannelID)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, row := range m.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			switch c := c.(type) {
			case *discordgo.Button:
				if c.CustomID == customID {
					if c.Disabled {
						return nil, nil, nil, fmt.Errorf("discordtest: button %s is disabled", customID)
					}
					return m.copy(), ch, c, nil
				}
			case *discordgo.SelectMenu:
				if c.CustomID == customID {
					if c.Disabled {
						return nil, nil, nil, fmt.Errorf("discordtest: select %s is disabled", customID)
					}
					return m.copy(), ch, c, nil
				}
			}
		}
	}
	return nil, nil, nil, fmt.Errorf("discordtest: message %s has no component %q", messageID, customID)
}

// Click makes user press a button (by custom id) on a message.
func (s *Server) Click(user *User, messageID, customID string) (*Interaction, error) {
	return s.press(user, "", messageID, customID)
}

// Choose makes user pick values in a select menu on a message.
func (s *Server) Choose(user *User, messageID, customID string, values ...string) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ch, c, err := s.component(user, messageID, customID)
	if err != nil {
		return nil, err
	}
	sm, ok := c.(*discordgo.SelectMenu)
	if !ok {
		return nil, fmt.Errorf("discordtest: %s is not a select menu", customID)
	}
	maxV := max(sm.MaxValues, 1)
	if len(values) < 1 || len(values) > maxV {
		return nil, fmt.Errorf("discordtest: %d values for a select taking 1 to %d", len(values), maxV)
	}
	for _, v := range values {
		if !slices.ContainsFunc(sm.Options, func(o discordgo.SelectMenuOption) bool { return o.Value == v }) {
			return nil, fmt.Errorf("discordtest: select %s has no option %q", customID, v)
		}
	}
	return s.interact(user, ch, discordgo.InteractionMessageComponent,
		discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.SelectMenuComponent, Values: values}, m)
}

// SubmitModal makes user fill in and submit the modal the bot opened in answer to
// from, with values by text input custom id (inputs not given keep their value).
func (s *Server) SubmitModal(user *User, from *Interaction, values map[string]string) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if from.response == nil || from.response.Modal == nil {
		return nil, fmt.Errorf("discordtest: interaction %s did not open a modal", from.ID)
	}
	if from.User.ID != user.ID {
		return nil, fmt.Errorf("discordtest: the modal was opened for %s", from.User.Name)
	}
	modal := from.response.Modal
	var rows []discordgo.MessageComponent
	for _, in := range modal.Inputs {
		v, ok := values[in.CustomID]
		if !ok {
			v = in.Value
		}
		if in.Required && v == "" {
			return nil, fmt.Errorf("discordtest: %q is required", in.Label)
		}
		if in.MaxLength > 0 && len([]rune(v)) > in.MaxLength {
			return nil, fmt.Errorf("discordtest: %q takes at most %d characters", in.Label, in.MaxLength)
		}
		rows = append(rows, &discordgo.ActionsRow{Components: []discordgo.MessageComponent{&discordgo.TextInput{CustomID: in.CustomID, Value: v}}})
	}
	for id := range values {
		if !slices.ContainsFunc(modal.Inputs, func(in *discordgo.TextInput) bool { return in.CustomID == id }) {
			return nil, fmt.Errorf("discordtest: the modal has no input %q", id)
		}
	}
	ch, err := s.channel(from.ChannelID)
	if err != nil {
		return nil, err
	}
	var msg *Message
	if from.Message != nil {
		if m := s.messages[from.Message.ID]; m != nil {
			msg = m.copy()
		}
	}
	return s.interact(user, ch, discordgo.InteractionModalSubmit, discordgo.ModalSubmitInteractionData{CustomID: modal.CustomID, Components: rows}, msg)
}

// Do runs a scripted action and waits for the bot's first visible reply to it (see
// Interaction.Reply).
func Do(ctx context.Context, in *Interaction, err error) (*Interaction, *Message, error) {
	if err != nil {
		return nil, nil, err
	}
	m, err := in.Reply(ctx)
	return in, m, err
}

// modalWire carries a modal submission's inputs: discordgo's own type leaves its
// components out when marshalled.
type modalWire struct {
	CustomID   string                       `json:"custom_id"`
	Components []discordgo.MessageComponent `json:"components"`
}

// Type is the interaction type the data belongs to.
func (modalWire) Type() discordgo.InteractionType { return discordgo.InteractionModalSubmit }
