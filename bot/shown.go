package bot

import (
	"encoding/json"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// shownCap bounds the messages whose controls the bot remembers. A message it forgot
// costs at most one edit that changes nothing, so the bound only needs to cover the
// screens up at once (one a game) with room to spare.
const shownCap = 4096

// shown remembers the controls of the messages the bot posted, so that retiring a
// screen that carries only what it would keep (a bot's turn in a solitaire game: its
// Why? row alone; an UPBEAT bot's turn: nothing) costs no request. Discord counts every
// edit against the bot's global budget, even one that changes nothing. What it does not
// know (a message posted before a restart, or changed by an interaction's answer or
// another edit since) it does not claim: that message is edited, as before.
type shown struct {
	mu    sync.Mutex
	parts map[string]string // message id -> its components as JSON (normalized)
	order []string          // the ids in the order they were recorded, oldest first, for the bound
}

// componentsKey is what a message's components look like on Discord: no list and an
// empty one show the same.
func componentsKey(cs []discordgo.MessageComponent) string {
	if len(cs) == 0 {
		return "[]"
	}
	raw, err := json.Marshal(cs)
	if err != nil {
		return "" // never equal to a list that encoded: the edit goes out
	}
	return string(raw)
}

// record notes that message now shows cs.
func (s *shown) record(message string, cs []discordgo.MessageComponent) {
	key := componentsKey(cs)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.parts == nil {
		s.parts = map[string]string{}
	}
	if _, ok := s.parts[message]; !ok {
		s.order = append(s.order, message)
	}
	s.parts[message] = key
	for len(s.parts) > shownCap && len(s.order) > 0 {
		delete(s.parts, s.order[0])
		s.order = s.order[1:]
	}
	if len(s.order) > 2*shownCap { // ids forgotten by forget still queued: compact
		kept := make([]string, 0, len(s.parts))
		for _, id := range s.order {
			if _, ok := s.parts[id]; ok {
				kept = append(kept, id)
			}
		}
		s.order = kept
	}
}

// forget drops what the bot knew of message: something changed it without saying how.
func (s *shown) forget(message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.parts, message)
}

// already reports whether message is known to show exactly cs, so that an edit to cs
// would change nothing.
func (s *shown) already(message string, cs []discordgo.MessageComponent) bool {
	key := componentsKey(cs)
	s.mu.Lock()
	defer s.mu.Unlock()
	got, ok := s.parts[message]
	return ok && key != "" && got == key
}

// size counts the messages remembered, for tests.
func (s *shown) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.parts)
}

// editMessage edits a message by the channel; the bot no longer claims to know its
// controls (an edit's answer could say, but a failed edit may still have taken effect).
func (b *Bot) editMessage(e *discordgo.MessageEdit, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	b.shown.forget(e.ID)
	return b.sess.ChannelMessageEditComplex(e, opts...)
}
