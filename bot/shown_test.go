package bot

import (
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/kombat-game/kombat/bot/kombatui"
)

// TestShownBounded: the bot remembers the controls of at most shownCap messages,
// forgetting the oldest first; a message it forgot, or never knew, is never claimed to
// show anything; no controls and an empty list are the same.
func TestShownBounded(t *testing.T) {
	var s shown
	why := kombatui.WhyRows(7, 3)
	for i := range shownCap + 10 {
		s.record(strconv.Itoa(i), why)
	}
	if n := s.size(); n != shownCap {
		t.Fatalf("%d messages remembered, want %d", n, shownCap)
	}
	if s.already("9", why) || !s.already("10", why) || !s.already(strconv.Itoa(shownCap+9), why) {
		t.Error("not the oldest forgotten first")
	}
	if s.already("10", kombatui.WhyRows(7, 2)) || s.already("10", nil) || s.already("unknown", nil) {
		t.Error("a message claimed to show what it does not")
	}
	s.forget("10")
	if s.already("10", why) {
		t.Error("a forgotten message still known")
	}
	s.record("none", nil)
	if !s.already("none", []discordgo.MessageComponent{}) {
		t.Error("no components and an empty list differ")
	}
	for i := range 3 * shownCap { // records and forgets keep the queue bounded too
		s.record("x"+strconv.Itoa(i), nil)
		s.forget("x" + strconv.Itoa(i))
	}
	if len(s.order) > 2*shownCap+1 {
		t.Errorf("the queue holds %d ids", len(s.order))
	}
}
