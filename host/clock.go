package host

// Deadline is what a stored deadline was armed for; its value is the kind the store
// keeps (store.Deadline.Kind), so renaming one strands the deadlines of a running bot.
type Deadline string

// The deadlines a game can have.
const (
	ChallengeExpiry Deadline = "challenge" // a challenge nobody answered
	SetupExpiry     Deadline = "setup"     // kinds not agreed in time
	TurnReminder    Deadline = "reminder"  // a fifth of a human's turn time is left
	TurnTimeUp      Deadline = "turn"      // a human's turn time ran out
	AutoTurn        Deadline = "auto"      // an auto game's next turn is due (Host.ArmAuto)
)
