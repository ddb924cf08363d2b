package host

import (
	"testing"

	"github.com/kombat-game/kombat/store"
)

// challenged is ann's open challenge of bob, game 1 in channel "c1" of server "g".
func challenged() *store.Game {
	return &store.Game{ID: 1, Scope: "g", Place: "c1", Mode: "duel", Status: store.StatusChallenge, Seats: []store.Seat{{Player: ann}, {Player: bob}}}
}

// TestBusy checks when a new game is refused for its channel or its players.
func TestBusy(t *testing.T) {
	bobs := []Active{{ID: 7, Game: store.GameKombat, Scope: "g", Place: "c7", Seats: []string{bob, ""}}} // as Host.Active names them
	cases := []struct {
		name    string
		active  []Active
		channel string
		users   []string
		refusal string
	}{
		{"a free channel and free players may start", bobs, "c1", []string{ann, cid}, ""},
		{"an auto game has no players to be busy", bobs, "c1", nil, ""},
		{"a channel holds one game", bobs, "c7", nil,
			"A game is already active in this channel; finish it first (`/kombat board` shows it), or start one in another channel."},
		{"the asker plays one game per server", bobs, "c1", []string{bob},
			"You are already in a game on this server, in <#c7>. Finish it (or `/kombat resign` there) first."},
		{"another player is named when busy", bobs, "c1", []string{ann, bob},
			"<@200> is already in a game on this server, in <#c7>. Finish it (or `/kombat resign` there) first."},
		{"a game on another server does not count", []Active{{ID: 7, Scope: "h", Place: "c7", Seats: []string{bob, ""}}}, "c1", []string{bob}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			asker := ann
			if len(c.users) == 1 {
				asker = c.users[0]
			}
			if got := refusalOf(Busy(c.active, "g", c.channel, asker, c.users...)); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
		})
	}
}

// TestAccept checks who may accept a challenge, and when.
func TestAccept(t *testing.T) {
	answered := challenged()
	answered.Status = store.StatusSetup
	self := []Active{{ID: 1, Scope: "g", Place: "c1", Seats: []string{ann, bob}}}
	elsewhere := append(self, Active{ID: 7, Scope: "g", Place: "c7", Seats: []string{"", bob}})
	cases := []struct {
		name    string
		g       *store.Game
		user    string
		active  []Active
		refusal string
	}{
		{"the challenged player accepts", challenged(), bob, self, ""},
		{"an answered challenge is not answered again", answered, bob, self, "This challenge has already been answered."},
		{"the challenger cannot accept", challenged(), ann, self, "Only <@200> can accept this challenge."},
		{"a bystander cannot accept", challenged(), cid, self, "Only <@200> can accept this challenge."},
		{"a player of another game on the server cannot accept", challenged(), bob, elsewhere,
			"You are already in a game on this server, in <#c7>; finish it first."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := refusalOf(Accept(c.g, c.user, c.active)); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
		})
	}
}

// TestDecline checks who may end a challenge, and whether it is withdrawn or declined.
func TestDecline(t *testing.T) {
	answered := challenged()
	answered.Status = store.StatusSetup
	cases := []struct {
		name      string
		g         *store.Game
		user      string
		withdrawn bool
		refusal   string
	}{
		{"the challenged player declines", challenged(), bob, false, ""},
		{"the challenger withdraws", challenged(), ann, true, ""},
		{"a bystander is told whose answer it is", challenged(), cid, false, "Only <@200> can answer this challenge."},
		{"an answered challenge is not answered again", answered, bob, false, "This challenge has already been answered."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			withdrawn, err := Decline(c.g, c.user)
			if got := refusalOf(err); got != c.refusal {
				t.Fatalf("refused %q, want %q", got, c.refusal)
			}
			if withdrawn != c.withdrawn {
				t.Fatalf("withdrawn = %v, want %v", withdrawn, c.withdrawn)
			}
		})
	}
}
