package bot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/store"
)

// TestUpbeatRecords: alice and bob play an UPBEAT game with a bot to its end through
// Discord; then /upbeat leaderboard shows both of them on UPBEAT's ladder among people
// (their changes summing to zero) while /kombat leaderboard's duels stay empty;
// /upbeat history and /kombat history list the game, marked UPBEAT, with its three
// players and its winner; /kombat stats of alice shows her UPBEAT line beside KOMBAT's,
// /upbeat stats shows UPBEAT's alone; a ladder that does not exist is refused.
func TestUpbeatRecords(t *testing.T) {
	h := newHarness(t)
	thread := h.upTrio("max_turns=2\nm=8\nn=8\n", "invest 10")
	row, err := h.db.ActiveAt(h.ctx, thread.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := ""
	for turn := 1; ; turn++ {
		screen := h.find(thread.ID, "a screen", func(m *discordtest.Message) bool {
			return m.ID > last && m.File("territory.png") != nil && (m.Button("Confirm") != nil || strings.Contains(m.Content, "Game over"))
		})
		if strings.Contains(screen.Content, "Game over") {
			break
		}
		if turn > 8 {
			t.Fatal("the game did not end")
		}
		who := h.alice
		if strings.Contains(screen.Content, "for <@"+h.bob.ID+">") {
			who = h.bob
		}
		h.click(who, screen, "Confirm")
		last = screen.ID
	}
	over, err := h.db.Game(h.ctx, row.ID)
	if err != nil || over.Status != store.StatusOver || over.Result == nil {
		t.Fatalf("the stored game: %+v, %v", over, err)
	}
	var lob upbeathost.UpLobby
	if err := json.Unmarshal(over.Setup, &lob); err != nil {
		t.Fatal(err)
	}
	winner := "a tie at the turn limit"
	if w := over.Result.Winner; w == 3 {
		winner = "Bot 3 (easy) won"
	} else if w != 0 {
		winner = lob.Names[w-1] + " won"
	}

	board := h.upslash(h.alice, h.channel.ID, "leaderboard")
	if !strings.Contains(board.Content, "UPBEAT leaderboard — among people") || !strings.Contains(board.Content, "<@"+h.alice.ID+">") ||
		!strings.Contains(board.Content, "<@"+h.bob.ID+">") || !strings.Contains(board.Content, "← you") {
		t.Errorf("/upbeat leaderboard: %s", board.Content)
	}
	var sum float64
	for _, u := range []*discordtest.User{h.alice, h.bob} {
		r, err := h.db.PlayerRating(h.ctx, h.guild.ID, upbeathost.UpLadder, u.ID)
		if err != nil || r.Games != 1 {
			t.Errorf("%s on UPBEAT's ladder: %+v, %v", u.ID, r, err)
		}
		sum += r.Rating
	}
	if sum != 2*store.InitialRating {
		t.Errorf("the people's ratings sum to %v after one game", sum)
	}
	if m := h.upslash(h.alice, h.channel.ID, "leaderboard", discordtest.Opt("ladder", "bots-easy")); !strings.Contains(m.Content, "Nobody on this server has a rating for UPBEAT against the bots (easy)") {
		t.Errorf("/upbeat leaderboard against the bots: %s", m.Content)
	}
	if m := h.upslash(h.alice, h.channel.ID, "leaderboard", discordtest.Opt("ladder", "bots-hard")); !m.Ephemeral || !strings.Contains(m.Content, `There is no UPBEAT ladder "bots-hard"`) {
		t.Errorf("/upbeat leaderboard of a ladder that does not exist: %s", m.Content)
	}
	if _, m := h.slash(h.alice, h.channel.ID, "leaderboard"); !strings.Contains(m.Content, "Nobody on this server has a rating for duels") {
		t.Errorf("/kombat leaderboard after an UPBEAT game: %s", m.Content)
	}

	line := "`#" + strconv.FormatInt(row.ID, 10) + "` **UPBEAT** <@" + h.alice.ID + ">, <@" + h.bob.ID + ">, Bot 3 (easy) · "
	history := h.upslash(h.bob, h.channel.ID, "history")
	if !history.Ephemeral || !strings.Contains(history.Content, "Recent UPBEAT games of <@"+h.bob.ID+">") ||
		!strings.Contains(history.Content, line) || !strings.Contains(history.Content, winner) || !strings.Contains(history.Content, fmt.Sprintf(" · %d turns · ", over.Turns)) {
		t.Errorf("/upbeat history: %s; want %q and %q", history.Content, line, winner)
	}
	if _, m := h.slash(h.alice, h.channel.ID, "history"); !strings.Contains(m.Content, line) || !strings.Contains(m.Content, "replays a KOMBAT one") {
		t.Errorf("/kombat history: %s", m.Content)
	}

	_, stats := h.slash(h.bob, h.channel.ID, "stats", discordtest.Opt("user", h.alice))
	if !strings.Contains(stats.Content, "KOMBAT stats of <@"+h.alice.ID+">") || !strings.Contains(stats.Content, "Duels: no rated games") ||
		!strings.Contains(stats.Content, "UPBEAT among people: rating") || !strings.Contains(stats.Content, "1 game:") {
		t.Errorf("/kombat stats: %s", stats.Content)
	}
	up := h.upslash(h.alice, h.channel.ID, "stats")
	if !strings.Contains(up.Content, "UPBEAT stats of <@"+h.alice.ID+">") || !strings.Contains(up.Content, "UPBEAT among people: rating") ||
		strings.Contains(up.Content, "Duels") {
		t.Errorf("/upbeat stats: %s", up.Content)
	}
	h.check()
}
