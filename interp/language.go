package interp

import (
	"fmt"
	"strings"
	"unicode"
)

// ArgKind says what one argument of a command or info expression is.
type ArgKind uint8

const (
	// ArgDirection is one of the language's direction words; the host receives its number.
	ArgDirection ArgKind = iota + 1
	// ArgExpr is an arithmetic expression; the host receives its value.
	ArgExpr
)

// Word is a command or info expression of a game: its name and the arguments after it.
type Word struct {
	Name string    // as written in strategies, e.g. "shoot"
	Args []ArgKind // in source order, e.g. {ArgDirection, ArgExpr}
	Doc  string    // one line for hints and help, e.g. "shoot DIR AMOUNT: attack the adjacent hex"
}

// Definition lists a game's words. The core grammar (statements, blocks, if, while,
// assignment, done, arithmetic) is shared; everything game-specific comes from here.
type Definition struct {
	Name       string   // the game, e.g. "KOMBAT"; used in messages
	Directions []string // direction words; the host receives index+1 as the direction number
	Commands   []Word   // action commands besides done, e.g. move and shoot
	Infos      []Word   // information expressions, e.g. ally, opponent, nearby
	Specials   []string // read-only names answered by the host; assigning to one is a no-op
	// Shared reports whether a variable is shared by all of a player's programs
	// (KOMBAT: names starting with an uppercase letter); nil means every variable is local.
	Shared func(name string) bool
	// LoopLimit caps the iterations of one execution of a while statement (R15: 10000).
	LoopLimit int
}

// Language is a checked Definition, ready for compiling; safe for concurrent use.
type Language struct {
	def   Definition
	words map[string]word // reserved words and language words
	// table is an open-addressing hash of words, faster than the map for the scanner's
	// one lookup per name: its hash reads three bytes.
	table    []tableEntry
	specials map[string]int
	reserved []string // every reserved word, for suggestions
}

// wordKind classifies a reserved word.
type wordKind uint8

const (
	wordKeyword wordKind = iota + 1
	wordDirection
	wordCommand
	wordInfo
)

type word struct {
	kind wordKind
	tok  tokenKind // for keywords
	id   int       // direction number (1-based), command or info index
}

// keywords are the core grammar's reserved words, common to every game.
func keywords() []tokenKind { return []tokenKind{tokIf, tokThen, tokElse, tokWhile, tokDone} }

// NewLanguage checks a definition: every word a valid, distinct identifier, not a
// core keyword, and a positive loop limit.
func NewLanguage(def Definition) (*Language, error) {
	l := &Language{def: def, words: map[string]word{}, specials: map[string]int{}}
	if def.LoopLimit <= 0 {
		return nil, fmt.Errorf("interp: language %s: loop limit must be positive, got %d", def.Name, def.LoopLimit)
	}
	add := func(name string, w word) error {
		if !validName(name) {
			return fmt.Errorf("interp: language %s: %q is not a valid word", def.Name, name)
		}
		if _, dup := l.words[name]; dup {
			return fmt.Errorf("interp: language %s: word %q defined twice", def.Name, name)
		}
		l.words[name] = w
		l.reserved = append(l.reserved, name)

		return nil
	}
	for _, k := range keywords() {
		if err := add(strings.Trim(k.String(), "'"), word{kind: wordKeyword, tok: k}); err != nil {
			return nil, err
		}
	}
	for i, d := range def.Directions {
		if err := add(d, word{kind: wordDirection, id: i + 1}); err != nil {
			return nil, err
		}
	}
	for i, c := range def.Commands {
		if err := add(c.Name, word{kind: wordCommand, id: i}); err != nil {
			return nil, err
		}
		if len(c.Args) > maxArgs {
			return nil, fmt.Errorf("interp: language %s: command %s has more than %d arguments", def.Name, c.Name, maxArgs)
		}
	}
	for i, f := range def.Infos {
		if err := add(f.Name, word{kind: wordInfo, id: i}); err != nil {
			return nil, err
		}
		if len(f.Args) > maxArgs {
			return nil, fmt.Errorf("interp: language %s: info %s has more than %d arguments", def.Name, f.Name, maxArgs)
		}
	}
	for i, s := range def.Specials {
		if !validName(s) {
			return nil, fmt.Errorf("interp: language %s: special %q is not a valid name", def.Name, s)
		}
		if _, res := l.words[s]; res {
			return nil, fmt.Errorf("interp: language %s: special %q is a reserved word", def.Name, s)
		}
		if _, dup := l.specials[s]; dup {
			return nil, fmt.Errorf("interp: language %s: special %q defined twice", def.Name, s)
		}
		l.specials[s] = i
	}
	size := 16
	for size < 4*len(l.words) {
		size *= 2
	}
	l.table = make([]tableEntry, size)
	for name, w := range l.words {
		i := wordHash(name) & (size - 1)
		for l.table[i].name != "" {
			i = (i + 1) & (size - 1)
		}
		l.table[i] = tableEntry{name, w}
	}
	return l, nil
}

type tableEntry struct {
	name string
	w    word
}

func wordHash(s string) int {
	return len(s)*131 + int(s[0])*31 + int(s[len(s)-1])*7
}

// maxArgs bounds the arguments of one command or info expression.
const maxArgs = 4

// Name is the game's name, as given in the definition.
func (l *Language) Name() string { return l.def.Name }

// Definition returns the definition the language was built from.
func (l *Language) Definition() Definition { return l.def }

// Direction returns the word for direction number n (1-based), or "" if there is none.
func (l *Language) Direction(n int) string {
	if n < 1 || n > len(l.def.Directions) {
		return ""
	}
	return l.def.Directions[n-1]
}

// lookup finds a reserved or language word.
func (l *Language) lookup(s string) (word, bool) {
	mask := len(l.table) - 1
	for i := wordHash(s) & mask; ; i = (i + 1) & mask {
		e := &l.table[i]
		if e.name == s {
			return e.w, true
		}
		if e.name == "" {
			return word{}, false
		}
	}
}

func (l *Language) shared(name string) bool {
	return l.def.Shared != nil && l.def.Shared(name)
}

// validName reports whether s is an identifier: an ASCII letter, then letters and digits.
func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !isLetter(r) && (i == 0 || !isDigit(r)) {
			return false
		}
	}
	return true
}

func isLetter(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }
func isDigit(r rune) bool  { return '0' <= r && r <= '9' }

// UpperShared is a Definition.Shared for KOMBAT's rule (R20): a name starting with an
// uppercase letter is shared by all of a player's minions.
func UpperShared(name string) bool {
	return name != "" && unicode.IsUpper(rune(name[0]))
}
