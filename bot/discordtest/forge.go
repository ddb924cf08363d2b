package discordtest

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// ForgeClick makes user press a button of a message as if the message were in another
// channel (channelID, and its guild): an interaction no Discord client sends, but one
// a crafted request can, so a bot must check a component's game against the
// interaction's own guild rather than trust it.
func (s *Server) ForgeClick(user *User, channelID, messageID, customID string) (*Interaction, error) {
	return s.press(user, channelID, messageID, customID)
}

// press makes user press a button of a message, in the interaction of channelID, or
// of the message's own channel for "".
func (s *Server) press(user *User, channelID, messageID, customID string) (*Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ch, c, err := s.component(user, messageID, customID)
	if err != nil {
		return nil, err
	}
	if _, ok := c.(*discordgo.Button); !ok {
		return nil, fmt.Errorf("discordtest: %s is not a button", customID)
	}
	if channelID != "" {
		if ch, err = s.channel(channelID); err != nil {
			return nil, err
		}
	}
	return s.interact(user, ch, discordgo.InteractionMessageComponent,
		discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}, m)
}
