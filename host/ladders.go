package host

import "strings"

// Ladders names a game's ladders in a server: one between people (People), and one for
// a person against the game's bot at each level (BotPrefix followed by the level). Each
// game's adapter describes its own; the naming rules are these, once.
type Ladders struct {
	People       string   // the ladder between people
	BotPrefix    string   // begins the kind of a ladder against the bot
	DefaultLevel string   // the level "" stands for
	Levels       []string // the bot's levels, in the order listed
}

// Bot is the ladder against the bot at level ("" for the default level).
func (l Ladders) Bot(level string) string {
	if level == "" {
		level = l.DefaultLevel
	}
	return l.BotPrefix + level
}

// All are the ladders: between people, then against the bot at each level.
func (l Ladders) All() []string {
	out := []string{l.People}
	for _, level := range l.Levels {
		out = append(out, l.Bot(level))
	}
	return out
}

// Has reports whether kind is one of the ladders.
func (l Ladders) Has(kind string) bool {
	return kind == l.People || strings.HasPrefix(kind, l.BotPrefix)
}

// Level is the bot's level of a ladder against the bot, or "".
func (l Ladders) Level(kind string) string {
	if level, ok := strings.CutPrefix(kind, l.BotPrefix); ok {
		return level
	}
	return ""
}
