package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
	"github.com/kombat-game/kombat/upbeat"
)

// TestUpbeatFirstPlansHeal: the first-plans message is a screen owed like any other
// (issue 24 §3). Its post fails with a 500 and the bot is stopped before it retries (a
// kill between Start and the post); an outage longer than the initial-plan time
// follows. The next bot posts the message, whose time runs the whole initial-plan
// time from then (no plan became `done` meanwhile); when it runs out the game begins,
// and the message says so rather than ask for a plan by a button that is gone.
func TestUpbeatFirstPlansHeal(t *testing.T) {
	h := newHarnessWith(t, func(o *Options) { o.RetryBase, o.RetryMax = time.Hour, time.Hour })
	// The opener against a bot: the game starts at once, its first-plans post refused.
	const post = "POST /channels/{id}/messages"
	h.fake.FailNext(post, 1, 500)
	h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 2), discordtest.Opt("bots", 1),
		discordtest.Opt("level", "easy"))
	thread, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.fake.WaitFaults(h.ctx, post, 1); err != nil {
		t.Fatal(err)
	}
	row, err := h.db.ActiveAt(h.ctx, thread.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The command's answer comes before the game starts: wait for the attempt's record.
	h.waitOwed("the first plans' screen owed after one failed attempt", func(owed []store.Screen) bool {
		return len(owed) == 1 && owed[0].Game == row.ID && owed[0].Version == -1 && owed[0].Attempts == 1
	})
	if n := h.count(thread.ID, contains("first plans")); n != 0 {
		t.Fatalf("%d first-plans messages after a refused post", n)
	}
	h.stop()

	h.clock.Advance(time.Hour) // longer than the initial-plan time: nobody could write a plan
	h.options = nil
	h.start()
	plans := h.waitFor(thread.ID, "the first plans message", contains("first plans"))
	due := h.clock.Now().Add(upbeat.DefaultConfig().InitPlanTime())
	if !strings.Contains(plans.Content, fmt.Sprintf("<t:%d:R>", due.Unix())) || plans.Button("Write plan") == nil {
		t.Fatalf("the first plans message after the restart: %q; want Write plan and the whole time from now (%d)", plans.Content, due.Unix())
	}
	ds, err := h.db.Deadlines(h.ctx, due)
	if err != nil {
		t.Fatal(err)
	}
	setup := 0
	for _, d := range ds {
		if d.Kind == string(host.SetupExpiry) && d.Due.Equal(due) {
			setup++
		}
	}
	if setup != 1 {
		t.Errorf("deadlines %+v: want the initial-plan time due once, at %v", ds, due)
	}
	// Nobody writes a plan: the time runs out a whole initial-plan time after the post,
	// not before, and the game begins; the first-plans message says so, its button gone.
	h.clock.Advance(upbeat.DefaultConfig().InitPlanTime() - time.Second)
	h.bot.RunDue(h.ctx)
	if n := h.count(thread.ID, upScreenOf(h.alice, plans.ID)); n != 0 {
		t.Fatal("the game began before the initial-plan time was up")
	}
	h.clock.Advance(time.Second)
	h.bot.RunDue(h.ctx)
	h.find(thread.ID, "alice's first turn screen", upScreenOf(h.alice, plans.ID))
	if n := h.count(thread.ID, contains("first plans")); n != 1 {
		t.Errorf("%d first-plans messages, want one", n)
	}
	m := h.fake.Message(plans.ID)
	if m.Button("Write plan") != nil || m.ComponentsSent != "[]" {
		t.Errorf("the first plans message once the game began: components sent as %q; want no Write plan, cleared by []", m.ComponentsSent)
	}
	if strings.Contains(m.Content, "Write plan") || !strings.Contains(m.Content, "the game has begun") {
		t.Errorf("the first plans message once the game began: %q; want it begun, with no word of the gone button", m.Content)
	}
	h.check()
}
