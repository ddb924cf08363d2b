package upbeatui

import (
	"fmt"
	"time"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/upbeathost"
)

// UpReminder is the reminder to the player of seat p of an UPBEAT game that left of
// their revision clock remains (upbeathost.UpReminderLeft), mentioning them.
func UpReminder(t *host.Table, p int, left time.Duration) view.Reply {
	rep := view.Reply{Content: fmt.Sprintf("⏰ %s, your revision clock has %s left. When it runs out your plan is confirmed as it stands, and you cannot revise it again this game.",
		UpMention(t, p), view.Duration(left))}
	if id := upbeathost.Own(t).Seats[p-1]; id != "" {
		rep.Mentions = []string{id}
	}
	return rep
}
