package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// newHarnessTwoServers is a harness whose commands are registered for every server (as
// in production), and a channel of a second server.
func newHarnessTwoServers(t *testing.T) (*harness, *discordtest.Channel) {
	t.Helper()
	h := newHarnessWith(t, func(o *Options) { o.Config.GuildID = "" })
	return h, h.fake.AddChannel(h.fake.AddGuild("", "elsewhere"), "games")
}

// TestAibgReplayOtherServer: /aibg replay game:N of a match another server played is
// refused as a match of no server of the asker's (as KOMBAT's and UPBEAT's replays
// are), while on the match's own server the same command gets as far as the match
// (which here ended before its first turn: nothing to replay). The commands are
// registered for every server, as in production.
func TestAibgReplayOtherServer(t *testing.T) {
	h, other := newHarnessTwoServers(t)
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

// TestUpbeatReplayStepOtherServer: a replay viewer's button of an UPBEAT game, pressed
// in an interaction of another server (a crafted request: Discord's clients send a
// button's press from its own message's server), is refused as a game of no server of
// the asker's, as /upbeat replay game:N is; on the game's own server the same button
// opens a viewer. So is a press of the finished game's /upbeat board buttons.
func TestUpbeatReplayStepOtherServer(t *testing.T) {
	h, other := newHarnessTwoServers(t)
	thread, id := h.upBotGame("max_turns=2\nm=8\nn=8\n")
	h.upslash(h.bob, thread, "replay")
	viewer := h.find(thread, "the replay viewer", func(m *discordtest.Message) bool { return m.Button("◀ Previous") != nil })
	if m, err := h.click(h.bob, viewer, "⏮ First").Followup(h.ctx); err != nil || !strings.Contains(m.Content, "the start") {
		t.Fatalf("the button on the game's own server: %+v, %v", m, err)
	}
	in, err := h.fake.ForgeClick(h.bob, other.ID, viewer.ID, viewer.Button("⏮ First").CustomID)
	if err != nil {
		t.Fatal(err)
	}
	m, err := in.Followup(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("There is no game #%d on this server.", id); !m.Ephemeral || !strings.Contains(m.Content, want) || len(m.Attachments) != 0 {
		t.Errorf("the button pressed from another server: %+v", m)
	}
	board := h.upslash(h.bob, thread, "board")
	if len(board.Buttons()) == 0 {
		t.Fatalf("/upbeat board of the finished game has no button to zoom: %+v", board)
	}
	in, err = h.fake.ForgeClick(h.bob, other.ID, board.ID, board.Buttons()[0].CustomID)
	if err != nil {
		t.Fatal(err)
	}
	if m, err := in.Reply(h.ctx); err != nil || !strings.Contains(m.Content, fmt.Sprintf("There is no game #%d on this server.", id)) || len(m.Attachments) != 0 {
		t.Errorf("the board's button pressed from another server: %+v, %v", m, err)
	}
	h.check()
}
