package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/store"
)

// abslash runs /aibg SUB with options and waits for the bot's first reply.
func (h *harness) abslash(user *discordtest.User, channel, sub string, opts ...discordtest.Option) *discordtest.Message {
	h.t.Helper()
	in, err := h.fake.SlashCommand(user, channel, "aibg", discordtest.Sub(sub, opts...))
	_, m, err := discordtest.Do(h.ctx, in, err)
	if err != nil {
		h.t.Fatalf("/aibg %s: %v", sub, err)
	}
	return m
}

// abOpenLabels are the public screen's buttons, by phase.
var abOpenLabels = []string{"Pick my pool", "Choose my lineup", "Choose my move"}

// abScreen is the channel's newest AIBG screen that asks for a choice, and the label
// of its button; "" when the newest message asks for none.
func (h *harness) abScreen(channel string) (*discordtest.Message, string) {
	msgs := h.fake.Messages(channel)
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m.Ephemeral {
			continue
		}
		for _, l := range abOpenLabels {
			if m.Button(l) != nil {
				return m, l
			}
		}
		return m, ""
	}
	return nil, ""
}

// firstSelect is the first select menu of a message.
func firstSelect(m *discordtest.Message) *discordgo.SelectMenu {
	for _, row := range m.Components {
		r, ok := row.(discordgo.ActionsRow)
		if !ok {
			if rp, ok := row.(*discordgo.ActionsRow); ok {
				r = *rp
			}
		}
		for _, c := range r.Components {
			switch s := c.(type) {
			case discordgo.SelectMenu:
				return &s
			case *discordgo.SelectMenu:
				return s
			}
		}
	}
	return nil
}

// abChoose makes user's choice on the screen through the private picker it opens:
// the first 12 types of the roster for a pool, the first creature offered for a
// lineup, an attack (at the first target offered) for a move.
func (h *harness) abChoose(user *discordtest.User, screen *discordtest.Message, label string) {
	h.t.Helper()
	picker, err := h.click(user, screen, label).Reply(h.ctx)
	if err != nil {
		h.t.Fatal(err)
	}
	if !picker.Ephemeral {
		h.t.Fatalf("the picker %q is seen by all", picker.Content)
	}
	pick := func(values ...string) {
		h.t.Helper()
		s := firstSelect(h.fake.Message(picker.ID))
		if s == nil {
			h.t.Fatalf("no select on the picker %q", h.fake.Message(picker.ID).Content)
		}
		in, err := h.fake.Choose(user, picker.ID, s.CustomID, values...)
		if err == nil {
			_, err = in.Settled(h.ctx)
		}
		if err != nil {
			h.t.Fatal(err)
		}
	}
	switch label {
	case "Pick my pool":
		values := make([]string, 12)
		for i := range values {
			values[i] = strconv.Itoa(i)
		}
		pick(values...)
		h.click(user, picker, "Done")
	case "Choose my lineup":
		s := firstSelect(h.fake.Message(picker.ID))
		pick(s.Options[0].Value)
		h.click(user, picker, "Done")
	default:
		attack := "Attack"
		if h.fake.Message(picker.ID).Button(attack) == nil {
			attack = "Attack…" // a ranged front: its target comes next
		}
		h.click(user, picker, attack)
		if cur := h.fake.Message(picker.ID); cur.Button("Back") != nil { // a ranged attacker's target
			for _, b := range cur.Buttons() {
				if b.Label != "Back" && !b.Disabled {
					h.click(user, cur, b.Label)
					break
				}
			}
		}
	}
	if got := h.fake.Message(picker.ID).Content; !strings.HasPrefix(got, "Your choice is in") {
		h.t.Errorf("the picker after the choice says %q, want that the choice is in", got)
	}
}

// abPlayOut plays the match in channel to its end, each person choosing when the
// newest screen waits for them (players by user id), and checks every turn screen's
// picture.
func (h *harness) abPlayOut(channel string, id int64, players ...*discordtest.User) {
	h.t.Helper()
	for step := 0; ; step++ {
		if step == 3000 {
			h.t.Fatal("the match did not end")
		}
		row, err := h.db.Game(h.ctx, id)
		if err != nil {
			h.t.Fatal(err)
		}
		if row.Status == store.StatusOver {
			return
		}
		screen, label := h.abScreen(channel)
		if label == "" {
			h.t.Fatalf("the match is in play and its newest message asks nothing: %q", screen.Content)
		}
		if label != "Pick my pool" && screen.File(aibgui.AibgPicture) == nil {
			h.t.Fatalf("the screen %q has no picture", screen.Content)
		}
		acted := false
		for _, u := range players {
			if strings.Contains(screen.Content, "<@"+u.ID+">") || len(players) == 1 {
				h.abChoose(u, screen, label)
				acted = true
				if row, _ := h.db.Game(h.ctx, id); row.Status == store.StatusOver {
					return
				}
				if s, _ := h.abScreen(channel); s.ID != screen.ID {
					break // the second choice moved the match on
				}
			}
		}
		if !acted {
			h.t.Fatalf("nobody is asked to choose on %q", screen.Content)
		}
	}
}

// TestAibgSolo plays an AIBG match against the bot through Discord to its end:
// /aibg solo begins it at once, every choice is made in a private picker opened from
// the public screen, the bot's choices come at once, every turn's screen carries the
// battle's picture, and the last screen says how the match ended. The finished match
// is then replayed (checkReplay) and rated (on alice's ladder against the easy bot).
func TestAibgSolo(t *testing.T) {
	h := newHarness(t)
	intro := h.abslash(h.alice, h.channel.ID, "solo", discordtest.Opt("level", "easy"))
	if !strings.Contains(intro.Content, "has begun") {
		t.Fatalf("/aibg solo: %q", intro.Content)
	}
	row, err := h.db.ActiveAt(h.ctx, h.channel.ID)
	if err != nil || row.Game != "aibg" {
		t.Fatalf("the match in the channel: %+v, %v", row, err)
	}
	h.abPlayOut(h.channel.ID, row.ID, h.alice)
	// The final screen says the result, and the after-game text follows it.
	final := h.find(h.channel.ID, "the final screen", func(m *discordtest.Message) bool {
		return strings.Contains(m.Content, "**Game over.**") && m.File(aibgui.AibgPicture) != nil
	})
	after := h.waitFor(h.channel.ID, "the after-game text", contains("Round 1: "))
	if final.Button("Choose my move") != nil || !strings.Contains(after.Content, "**Game over.**") {
		t.Errorf("the match ended with %q, then %q", final.Content, after.Content)
	}
	h.checkReplay(row.ID)
	h.check()
}

// TestAibgChallengeTimeoutRestart_A18 plays an AIBG match of two people through
// Discord: bob accepts alice's challenge, both pick in private; on a turn bob lets
// his clock run out, and his move is a pass by timeout, said on the next screen;
// alice then moves in secret and the bot restarts (a new bot on the same database)
// before bob moves; the match goes on from its stored record to its end.
func TestAibgChallengeTimeoutRestart_A18(t *testing.T) {
	h := newHarness(t)
	challenge := h.abslash(h.alice, h.channel.ID, "challenge", discordtest.Opt("user", h.bob))
	if r, _ := h.click(h.alice, challenge, "Accept").Reply(h.ctx); r == nil || !strings.Contains(r.Content, "Only") {
		t.Errorf("alice accepted her own challenge: %v", r)
	}
	h.click(h.bob, challenge, "Accept")
	row, err := h.db.ActiveAt(h.ctx, h.channel.ID)
	if err != nil || row.Game != "aibg" || row.Status != store.StatusPlay {
		t.Fatalf("the match in the channel: %+v, %v", row, err)
	}
	// The pools and the lineups, then alice's first move.
	for {
		screen, label := h.abScreen(h.channel.ID)
		if label == "" {
			t.Fatalf("the match asks nothing: %q", screen.Content)
		}
		h.abChoose(h.alice, screen, label)
		if label == "Choose my move" {
			break
		}
		h.abChoose(h.bob, screen, label)
	}
	ds, err := h.db.Deadlines(h.ctx, h.clock.Now().Add(time.Hour))
	if err != nil || len(ds) != 1 {
		t.Fatalf("the deadlines armed while bob's move is open: %v, %v; want his clock", ds, err)
	}
	h.clock.Advance(ds[0].Due.Sub(h.clock.Now()))
	h.bot.RunDue(h.ctx)
	after := h.waitFor(h.channel.ID, "the screen after bob's timeout", contains("let the clock run out"))
	if !strings.Contains(after.Content, "bob") || !strings.Contains(after.Content, "1 move in a row") {
		t.Errorf("the screen after bob's timeout: %q", after.Content)
	}
	if after.File(aibgui.AibgPicture) == nil {
		t.Error("the screen after bob's timeout has no picture")
	}
	if row, _ := h.db.Game(h.ctx, row.ID); row.Status != store.StatusPlay {
		t.Fatalf("a single timeout ended the match: %+v", row.Result)
	} else if last := row.Actions[len(row.Actions)-1]; last.Seat != 2 || last.Data != "timeout" {
		t.Errorf("bob's missed move is stored as %+v, want a pass by timeout", last)
	}

	screen, label := h.abScreen(h.channel.ID)
	h.abChoose(h.alice, screen, label) // in secret: nothing is shown
	if s, _ := h.abScreen(h.channel.ID); s.ID != screen.ID {
		t.Fatal("alice's secret move showed a screen")
	}
	h.stop()
	h.start()
	h.abChoose(h.bob, screen, label) // the same screen, after the restart
	if s, _ := h.abScreen(h.channel.ID); s.ID == screen.ID {
		t.Fatal("bob's move after the restart did not resolve the turn with alice's stored one")
	}
	h.abPlayOut(h.channel.ID, row.ID, h.alice, h.bob)
	final, err := h.db.Game(h.ctx, row.ID)
	if err != nil || final.Result == nil {
		t.Fatalf("the match ended without a result: %+v, %v", final, err)
	}
	h.check()
}

// TestAibgAuto: /aibg auto has two bots play each other in the channel, a step each
// time its stored deadline comes due; its screens ask nobody (no button), and carry
// the picture once the pools are in; whoever asked for it is free to play elsewhere.
func TestAibgAuto(t *testing.T) {
	h := newHarness(t)
	intro := h.abslash(h.alice, h.channel.ID, "auto", discordtest.Opt("level", "easy"))
	if !strings.Contains(intro.Content, "Bot (easy) against Bot (easy)") {
		t.Fatalf("/aibg auto: %q", intro.Content)
	}
	const steps = 4
	for range steps {
		ds, err := h.db.Deadlines(h.ctx, h.clock.Now().Add(time.Hour))
		if err != nil || len(ds) != 1 || ds[0].Kind != "auto" {
			t.Fatalf("the deadlines of an auto match in play: %v, %v; want its next step", ds, err)
		}
		h.clock.Advance(ds[0].Due.Sub(h.clock.Now()))
		h.bot.RunDue(h.ctx)
	}
	var screens []*discordtest.Message
	for _, m := range h.fake.Messages(h.channel.ID) {
		if m.Nonce != "" { // a screen, posted once by its nonce
			screens = append(screens, m)
		}
	}
	if len(screens) != steps+1 {
		t.Fatalf("%d screens after %d steps, want %d", len(screens), steps, steps+1)
	}
	for i, m := range screens {
		if len(m.Buttons()) != 0 {
			t.Errorf("screen %d of an auto match has buttons", i)
		}
		if i > 0 && m.File(aibgui.AibgPicture) == nil {
			t.Errorf("screen %d has no picture: %q", i, m.Content)
		}
	}
	if m := h.abslash(h.alice, h.fake.AddChannel(h.guild, "other").ID, "solo"); !strings.Contains(m.Content, "has begun") {
		t.Errorf("alice, who watches an auto match, could not play elsewhere: %q", m.Content)
	}
	h.check()
}

// TestAibgScreenHeals: an AIBG screen whose post took effect but whose answer was lost
// (a 500 after the message was created) is owed, posted again under the same nonce,
// and shows once; the match goes on from it.
func TestAibgScreenHeals(t *testing.T) {
	h := newHarnessWith(t, fastRetries)
	h.abslash(h.alice, h.channel.ID, "solo", discordtest.Opt("level", "easy"))
	screen, label := h.abScreen(h.channel.ID)
	h.fake.FailAfterEffect(postRoute, 1, 500)
	h.abChoose(h.alice, screen, label) // the pool: the lineups' screen is owed
	h.waitOwed("no screen owed", func(o []store.Screen) bool { return len(o) == 0 })
	if h.fake.Faults(postRoute) == 0 {
		t.Fatal("no fault was served: the test tested nothing")
	}
	if n := h.count(h.channel.ID, func(m *discordtest.Message) bool { return m.Button("Choose my lineup") != nil }); n != 1 {
		t.Fatalf("the lineups' screen was posted %d times, want once", n)
	}
	screen, label = h.abScreen(h.channel.ID)
	h.abChoose(h.alice, screen, label)
	h.find(h.channel.ID, "the first turn's screen", func(m *discordtest.Message) bool { return m.Button("Choose my move") != nil })
	h.check()
}
