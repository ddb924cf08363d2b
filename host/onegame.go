package host

// One game at a time per person per server, across KOMBAT and UPBEAT. A person's
// turns, reminders and commands in a server each have one game they mean, whichever
// game it is; a game whose seats are all the bot's (KOMBAT's auto games) has nobody to
// hold. A game holds its people from its challenge or lobby until it ends or is
// cancelled. The check and the seating it allows happen under Host.seating, so two
// seatings at once (two lobbies joined in the same instant) cannot both pass it.

// inGame is the refusal of person u (the one asking, unless other) already in game a,
// naming its place and how to leave it (its game's resign).
func inGame(other bool, u string, a *Active) error {
	cmd := Command(string(a.Game) + " resign")
	if other {
		return refuse(CodeInGame, "%s is already in a game on this server, in %s. Finish it (or %s there) first.", User(u), Place(a.Place), cmd)
	}
	return refuse(CodeInGame, "You are already in a game on this server, in %s. Finish it (or %s there) first.", Place(a.Place), cmd)
}

// peopleOf lists the people seated in a table's game.
func peopleOf(t *Table) []string {
	var out []string
	for _, u := range t.game().Held() {
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
			return inGame(i > 0, u, a)
		}
	}
	return nil
}

// CreateSeated is create for a game people ask for (a challenge, a solo game, an
// UPBEAT lobby): refused when one of its people is in another game of its server.
// (Create, which tests and tournaments use to set up games as they are, checks not.)
func (h *Host) CreateSeated(t *Table) (*Table, error) {
	h.seating.Lock() // until the game is registered
	defer h.seating.Unlock()
	if err := h.seatFree(t.Row.Scope, 0, peopleOf(t)...); err != nil {
		return nil, err
	}
	return h.create(t)
}

// Reseat records that t's seats changed, or that a player is out (Hosted.Held), for the
// check above; a caller seating someone holds h.seating.
func (h *Host) Reseat(t *Table) {
	h.tables.mu.Lock()
	defer h.tables.mu.Unlock()
	if _, ok := h.tables.tables[t.Row.ID]; ok {
		h.tables.seats[t.Row.ID] = t.game().Held()
	}
}
