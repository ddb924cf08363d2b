package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// TestAibgReplayOtherServer: /aibg replay game:N of a match another server played is
// refused as a match of no server of the asker's (as KOMBAT's and UPBEAT's replays
// are), while on the match's own server the same command gets as far as the match
// (which here ended before its first turn: nothing to replay). The commands are
// registered for every server, as in production.
func TestAibgReplayOtherServer(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.Config.GuildID = "" })
	other := h.fake.AddChannel(h.fake.AddGuild("", "elsewhere"), "games")
	challenge := h.abslash(h.alice, h.channel.ID, "challenge", discordtest.Opt("user", h.bob))
	h.click(h.bob, challenge, "Accept")
	row, err := h.db.ActiveAt(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	h.click(h.alice, h.abslash(h.alice, h.channel.ID, "resign"), "Resign")
	game := discordtest.Opt("game", int(row.ID))
	if m := h.abslash(h.bob, h.channel.ID, "replay", game); !m.Ephemeral || !strings.Contains(m.Content, "nothing to replay") {
		t.Errorf("/aibg replay game:%d on its own server: %+v", row.ID, m)
	}
	want := fmt.Sprintf("AIBG match %d is not a finished AIBG match of this server", row.ID)
	if m := h.abslash(h.bob, other.ID, "replay", game); !m.Ephemeral || !strings.Contains(m.Content, want) || len(m.Attachments) != 0 {
		t.Errorf("/aibg replay game:%d on another server: %+v", row.ID, m)
	}
	h.check()
}
