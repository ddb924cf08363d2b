package host

// What the core still holds of KOMBAT's turns, for KOMBAT's adapter (kombathost),
// until they move there too (issue 22): the engine's seats, the bot's turn, and an
// auto game's loop.

// Seats is a KOMBAT table's seats, rebuilt with its engine (Host.Engine); nil before.
func (t *Table) Seats() *Seats { return t.seats }

// SetSeats gives a KOMBAT table the seats of the engine its setup just made.
func (t *Table) SetSeats(s *Seats) { t.seats = s }

// BotTurn plays the built-in bot's whole turn in a KOMBAT table and commits it,
// owing its screen.
func (h *Host) BotTurn(t *Table) error { return h.botTurn(t) }

// StartAuto runs a KOMBAT auto game's turns, one every AutoStep, until it ends, is
// paused, or the host closes. The caller holds the lock.
func (h *Host) StartAuto(t *Table) { h.startAuto(t) }
