package host

// What the core still holds of KOMBAT's turns, for KOMBAT's adapter (kombathost),
// until they move there too (issue 22): the engine and its seats.

// Seats is a KOMBAT table's seats, rebuilt with its engine (Host.Engine); nil before.
func (t *Table) Seats() *Seats { return t.seats }

// SetSeats gives a KOMBAT table the seats of the engine its setup just made.
func (t *Table) SetSeats(s *Seats) { t.seats = s }
