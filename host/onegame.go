package host

import (
	"slices"

	"github.com/kombat-game/kombat/store"
)

// One game at a time per person per server, across KOMBAT and UPBEAT. A person's
// turns, reminders and commands in a server each have one game they mean, whichever
// game it is; a game whose seats are all the bot's (KOMBAT's auto games) has nobody to
// hold. A game holds its people from its challenge or lobby until it ends or is
// cancelled. The check and the seating it allows happen under Host.seating, so two
// seatings at once (two lobbies joined in the same instant) cannot both pass it.

// inGame is the refusal of a person (who: "You are", or "<@id> is") already in game a,
// naming its channel and how to leave it.
func inGame(who string, a *Active) error {
	cmd := "/kombat"
	if a.Seats != nil {
		cmd = "/upbeat"
	}
	return refuse("%s already in a game on this server, in <#%s>. Finish it (or `%s resign` there) first.", who, a.Place, cmd)
}

// peopleOf lists the people seated in a game's row.
func peopleOf(row *store.Game) []string {
	seats := row.Players[:]
	if row.Upbeat != nil {
		seats = row.Upbeat.Seats
	}
	var out []string
	for _, u := range seats {
		if u != "" {
			out = append(out, u)
		}
	}
	return out
}

// seatFree refuses seating users in a game of scope when one of them is in another
// active game there (except is the game they are being seated in, 0 for a new one);
// the first user is the one asking. The caller holds h.seating, and keeps it until
// the seating is registered.
func (h *Host) seatFree(scope string, except int64, users ...string) error {
	active := h.Active()
	for i, u := range users {
		if a := playing(active, scope, u, except); a != nil {
			who := "You are"
			if i > 0 {
				who = "<@" + u + "> is"
			}
			return inGame(who, a)
		}
	}
	return nil
}

// createSeated is create for a game people ask for (a challenge, a solo game, an
// UPBEAT lobby): refused when one of its people is in another game of its server.
// (Create, which tests and tournaments use to set up games as they are, checks not.)
func (h *Host) createSeated(t *Table) (*Table, error) {
	h.seating.Lock() // until the game is registered
	defer h.seating.Unlock()
	if err := h.seatFree(t.Row.Scope, 0, peopleOf(t.Row)...); err != nil {
		return nil, err
	}
	return h.create(t)
}

// upSeated records that t's UPBEAT seats changed, for the check above; the caller
// holds h.seating.
func (h *Host) upSeated(t *Table) {
	h.tables.mu.Lock()
	defer h.tables.mu.Unlock()
	if _, ok := h.tables.tables[t.Row.ID]; ok {
		h.tables.seats[t.Row.ID] = slices.Clone(t.Row.Upbeat.Seats)
	}
}
