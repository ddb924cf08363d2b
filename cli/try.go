package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// maxScenarioBytes bounds a scenario file: room for a full board of long strategies
// and many thousands of steps, and never a whole disk.
const maxScenarioBytes = 1 << 20

// maxTryOutput bounds what one scenario prints. Every step prints the whole position,
// so a file of many steps over many variables could print for hours; 4 GiB is three
// times what the largest file of run steps on a full board prints.
const maxTryOutput = 4 << 30

// try runs a scenario file (kombat try SCENARIO.json) and prints the state after each
// step as JSON in tryFormat's shape, each step as soon as it is played. The game is the
// one the scenario's "game" names, else --game's (flagGame, "" when not given), else
// KOMBAT. Exit status: 1 for a malformed scenario or a strategy that does not compile
// (with the diagnostics), 2 for a usage error or an unreadable file.
func (gs games) try(flagGame string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return gs.tryLimited(flagGame, args, stdin, stdout, stderr, maxTryOutput)
}

// tryLimited is try printing at most limit bytes.
func (gs games) tryLimited(flagGame string, args []string, stdin io.Reader, stdout, stderr io.Writer, limit int64) int {
	t, _ := gs.named(flagGame)
	name, text, code, ok := scenarioArg(args, t.tryUsage, stdin, stderr)
	if !ok {
		return code
	}
	which, err := gs.scenarioGame(text, flagGame)
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %s: %v\n", name, err)
		return 1
	}
	t, _ = gs.named(which)
	return t.scenario(name, text, stdout, stderr, limit)
}

// kombatScenario plays the KOMBAT scenario text (from the file name) and prints
// tryFormat's {"format": 1, "game": "kombat", "steps": [...]}, each step as soon as it
// is played, at most limit bytes. Exit status: 0 when the scenario ran, 1 for a
// malformed scenario, configuration or strategy.
func kombatScenario(name string, text []byte, stdout, stderr io.Writer, limit int64) int {
	sc, err := decodeScenario(text)
	if err != nil {
		printScenarioErr(name, err, stderr)
		var up upbeat.Scenario
		if decodeStrict(text, &up, "") == nil {
			fmt.Fprintf(stderr, "kombat try: %s: note: it reads as an UPBEAT scenario: add \"game\": \"upbeat\" to it, or run it with --game upbeat\n", name)
		}
		return 1
	}
	out := newStepWriter(stdout, limit, "kombat", "steps, minions or variables")
	err = game.PlayScenario(game.NewLanguage(), sc, func(r game.StepResult) error {
		return out.write(kombatStep(out.steps+1, r))
	})
	if err == nil {
		err = out.close()
	}
	var se *game.ScenarioError
	if errors.As(err, &se) {
		return scenarioFailed(name, text, se.Path, se.Key, se.Msg, se.Compile, stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %s: %v\n", name, err)
		return 1
	}
	return 0
}

// scenarioGame is the game a scenario is played as: the one its "game" key names, else
// flagGame (--game, "" when not given), else KOMBAT, so that a scenario that says its
// game needs no flag. A "game" naming no game, or another than --game, is an error
// saying where. A "game" that is no string is left to the game's strict reader.
func (gs games) scenarioGame(text []byte, flagGame string) (string, error) {
	var head struct {
		Game json.RawMessage `json:"game"`
	}
	var said string
	if json.Unmarshal(text, &head) != nil || json.Unmarshal(head.Game, &said) != nil {
		if flagGame == "" {
			return defaultGame, nil
		}
		return flagGame, nil
	}
	where := ""
	if off, ok := locate(text, []any{"game"}, false); ok {
		where = lineCol(text, off) + ": "
	}
	switch {
	case !gs.known(said):
		return "", fmt.Errorf(`%s"game" is %q: the games are %s`, where, said, gs.list(quoted, "and"))
	case flagGame != "" && said != flagGame:
		return "", fmt.Errorf(`%s"game" is %q but --game %s was given: leave out --game (the scenario says its game) or make the two agree`, where, said, flagGame)
	}
	return said, nil
}

// scenarioFailed tells, for either game, why a scenario could not be played: where in
// the file (the value at path, or its key), what is wrong, and a plan's or strategy's
// diagnostics. It returns try's exit status for it, 1.
func scenarioFailed(name string, text []byte, path []any, key bool, msg string, compile *interp.Error, stderr io.Writer) int {
	where := ""
	if off, ok := locate(text, path, key); ok {
		where = lineCol(text, off) + ": "
	}
	if compile != nil {
		// The diagnostics name the minion, player or step and show the line: say it once.
		fmt.Fprintf(stderr, "kombat try: %s: %s%s:\n%s", name, where, msg, compile.Format())
	} else {
		fmt.Fprintf(stderr, "kombat try: %s: %s%s\n", name, where, msg)
	}
	return 1
}

// tryUsage is kombat try's usage message.
const tryUsage = "usage: kombat try [--game kombat|upbeat|aibg] SCENARIO.json (use - for standard input)\n\n" +
	"Runs strategies in the position the scenario describes and prints the state after\n" +
	"each step as JSON. The game is the scenario's \"game\" (\"kombat\", \"upbeat\" or \"aibg\"),\n" +
	"--game's, else KOMBAT. The README describes the scenario's fields and the output.\n"

// isHelp tells whether a command's argument asks for its usage.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// readScenario reads a scenario file ("-" is standard input), refusing huge files.
func readScenario(name string, stdin io.Reader) ([]byte, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxScenarioBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > maxScenarioBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes; a scenario is at most %d bytes (1 MiB)", name, maxScenarioBytes, maxScenarioBytes)
	}
	return b, nil
}

// stepWriter prints a scenario's results one step at a time, in the shape
// json.MarshalIndent gives the whole {"format": 1, "game": ..., "steps": [...]}
// (tryFormat), with [row, col] pairs on one line.
type stepWriter struct {
	w      *bufio.Writer
	out    *limitWriter
	steps  int
	buf    []byte // compactPairs's output, reused from step to step
	game   string // the game played, "kombat" or "upbeat"
	advice string // what to have fewer of when the output passes its limit
}

// newStepWriter prints steps of the game's results to w, at most limit bytes; advice
// names what makes a step long ("steps, minions or variables").
func newStepWriter(w io.Writer, limit int64, game, advice string) *stepWriter {
	out := &limitWriter{w: w, left: limit, limit: limit}
	return &stepWriter{w: bufio.NewWriterSize(out, 64<<10), out: out, game: game, advice: advice}
}

// head is what comes before the steps.
func (s *stepWriter) head() string {
	return fmt.Sprintf("{\n  \"format\": %d,\n  \"game\": %q,\n  \"steps\": [", tryFormat, s.game)
}

// write prints one step's result (a kombatTryStep or an upbeatTryStep).
func (s *stepWriter) write(res any) error {
	b, err := json.MarshalIndent(res, "    ", "  ")
	if err != nil {
		return fmt.Errorf("step %d: %w", s.steps+1, err)
	}
	if s.steps == 0 {
		s.w.WriteString(s.head() + "\n    ")
	} else {
		s.w.WriteString(",\n    ")
	}
	s.steps++
	s.buf = compactPairs(s.buf[:0], b)
	if _, err := s.w.Write(s.buf); err != nil {
		return s.failed(err)
	}
	return nil
}

func (s *stepWriter) close() error {
	if s.steps == 0 {
		s.w.WriteString(s.head() + "]\n}\n")
	} else {
		s.w.WriteString("\n  ]\n}\n")
	}
	if err := s.w.Flush(); err != nil {
		return s.failed(err)
	}
	return nil
}

func (s *stepWriter) failed(err error) error {
	if errors.As(err, new(tooMuchOutput)) {
		return fmt.Errorf("stopped at step %d: the output passed %d bytes, the most one scenario may print; use fewer %s", s.steps, s.out.limit, s.advice)
	}
	return fmt.Errorf("writing step %d: %w", s.steps, err)
}

// compactPairs appends b to dst with each [row, col] pair, which MarshalIndent spreads
// over four lines, back on one line: what the regular expression
// \[\s+(-?\d+),\s+(-?\d+)\s+\] replaced by [$1, $2] does, at a fraction of its cost
// (the largest scenarios print gigabytes).
func compactPairs(dst, b []byte) []byte {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '[')
		if i < 0 {
			return append(dst, b...)
		}
		dst = append(dst, b[:i]...)
		b = b[i:]
		row, col, n := pairAt(b)
		if n == 0 {
			dst = append(dst, '[')
			b = b[1:]
			continue
		}
		dst = append(append(append(append(append(dst, '['), row...), ", "...), col...), ']')
		b = b[n:]
	}
	return dst
}

// pairAt matches \[\s+(-?\d+),\s+(-?\d+)\s+\] at the start of b, giving the two
// numbers and the match's length, 0 if there is none.
func pairAt(b []byte) (row, col []byte, n int) {
	i := 1
	spaces := func() bool {
		j := i
		for i < len(b) && strings.IndexByte(" \t\n\f\r", b[i]) >= 0 {
			i++
		}
		return i > j
	}
	number := func() []byte {
		j := i
		if i < len(b) && b[i] == '-' {
			i++
		}
		k := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == k {
			return nil
		}
		return b[j:i]
	}
	if !spaces() {
		return nil, nil, 0
	}
	if row = number(); row == nil || i >= len(b) || b[i] != ',' {
		return nil, nil, 0
	}
	i++
	if !spaces() {
		return nil, nil, 0
	}
	if col = number(); col == nil || !spaces() || i >= len(b) || b[i] != ']' {
		return nil, nil, 0
	}
	return row, col, i + 1
}

// tooMuchOutput is limitWriter's refusal.
type tooMuchOutput struct{}

// Error names the refusal.
func (tooMuchOutput) Error() string { return "output limit reached" }

// limitWriter passes at most limit bytes on.
type limitWriter struct {
	w           io.Writer
	left, limit int64
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > l.left {
		return 0, tooMuchOutput{}
	}
	l.left -= int64(len(p))
	return l.w.Write(p)
}

// decodeScenario reads a KOMBAT scenario strictly (decodeStrict).
func decodeScenario(text []byte) (game.Scenario, error) {
	var sc game.Scenario
	err := decodeStrict(text, &sc, `{"minions": [...], ...}`)
	return sc, err
}

// decodeStrict reads a scenario of any game into dst (a pointer to the game's
// Scenario) strictly, where encoding/json lets mistakes through or words them in Go's
// terms: one JSON object and nothing after it, no key twice in any object, no unknown
// key, every value of the kind its key takes. A file that is no JSON object is one
// mistake; in one that is, every mistake of its shape is told at once (the first
// maxMistakes of them, then how many more), each with where it is (line and column),
// what is wrong and what goes there in the scenario's words, and its JSON path, as a
// *scenarioMistakes; shape shows what a scenario looks like.
func decodeStrict(text []byte, dst any, shape string) error {
	var raw json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(text))
	var syn *json.SyntaxError
	switch err := dec.Decode(&raw); {
	case err == io.EOF:
		return fmt.Errorf("the file is empty: a scenario is a JSON object %s", shape)
	case err == io.ErrUnexpectedEOF:
		return fmt.Errorf("%s: the file ends inside the scenario's JSON", lineCol(text, len(text)))
	case errors.As(err, &syn):
		return fmt.Errorf("%s: %s", lineCol(text, int(syn.Offset)-1), syn)
	case err != nil:
		return err
	}
	start := skipSpace(text, 0)
	if text[start] != '{' {
		return fmt.Errorf(`%s: a scenario is a JSON object %s, found %s`, lineCol(text, start), shape, found(text, start))
	}
	if rest := skipSpace(text, int(dec.InputOffset())); rest < len(text) {
		return fmt.Errorf(`%s: more text after the scenario's closing "}": a file holds one scenario object`, lineCol(text, rest))
	}
	r := newTokenReader(text)
	if err := r.value(reflect.ValueOf(dst).Elem(), "", "", ""); err != nil {
		return err
	}
	if len(r.found.list) > 0 {
		return &r.found
	}
	return nil
}

// maxMistakes is how many of a scenario's mistakes are told: enough to fix a file in
// one go, and never a flood, however many mistakes a file holds.
const maxMistakes = 20

// scenarioMistakes is every mistake of a scenario's shape: the first maxMistakes told,
// in the order of the file, and how many more there are.
type scenarioMistakes struct {
	list []string // "line 4, column 12: player 1: ... (JSON path: players[0].atoms)"
	more int
}

// Error is the mistakes one a line, then "... and N more".
func (m *scenarioMistakes) Error() string {
	s := strings.Join(m.list, "\n")
	if m.more > 0 {
		s += fmt.Sprintf("\n... and %s (fix these and run it again to see them)", plural(m.more, "more mistake", "more mistakes"))
	}
	return s
}

// printScenarioErr prints why a scenario could not be read, a line a mistake, each
// line after "kombat try: NAME: ".
func printScenarioErr(name string, err error, stderr io.Writer) {
	for _, line := range strings.Split(err.Error(), "\n") {
		fmt.Fprintf(stderr, "kombat try: %s: %s\n", name, line)
	}
}

// tokenReader walks JSON text already checked for syntax, knowing where each token
// starts, and notes the mistakes it finds in found.
type tokenReader struct {
	text  []byte
	dec   *json.Decoder
	found scenarioMistakes
}

func newTokenReader(text []byte) *tokenReader {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	return &tokenReader{text: text, dec: dec}
}

// mistake notes a mistake at offset at, of the value at JSON path jp. msg says what is
// wrong; it is called only for a mistake that is told, so that the many more of a
// hostile file cost a count each.
func (r *tokenReader) mistake(at int, jp string, msg func() string) {
	if len(r.found.list) >= maxMistakes {
		r.found.more++
		return
	}
	m := lineCol(r.text, at) + ": " + msg()
	if jp != "" {
		m += " (JSON path: " + jp + ")"
	}
	r.found.list = append(r.found.list, m)
}

// next returns the next token and the offset where it starts.
func (r *tokenReader) next() (json.Token, int, error) {
	start := r.peek()
	tok, err := r.dec.Token()
	return tok, start, err
}

// skip reads past one value whose first token is tok.
func (r *tokenReader) skip(tok json.Token) error {
	for depth := 0; ; {
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
		var err error
		if tok, _, err = r.next(); err != nil {
			return err
		}
	}
}

// value decodes the next value into v, noting a mistake and reading past the value
// when it is not of v's kind. what names it for messages (`minion 2: "hp"`), ctx is
// the object or list it is in, for naming what it holds, and jp is its JSON path
// ("minions[1].hp"). The error is for text that is no JSON, which the caller checked.
func (r *tokenReader) value(v reflect.Value, what, ctx, jp string) error {
	tok, start, err := r.next()
	if err != nil {
		return err
	}
	t := v.Type()
	note := func() {
		r.mistake(start, jp, func() string {
			w := what
			if w == "" {
				w = "the scenario"
			}
			return fmt.Sprintf("%s must be %s, found %s", w, expected(t), found(r.text, start))
		})
	}
	wrong := func() error {
		note()
		return r.skip(tok)
	}
	if t.Kind() == reflect.Pointer {
		if tok == nil {
			return wrong()
		}
		p := reflect.New(t.Elem())
		v.Set(p)
		v = p.Elem()
	}
	switch k := v.Kind(); {
	case isPair(v.Type()):
		if tok != json.Delim('[') {
			return wrong()
		}
		return r.pair(v, note)
	case k == reflect.Struct:
		if tok != json.Delim('{') {
			return wrong()
		}
		st := v.Type()
		return r.object(what, jp, func(key string, keyAt int) error {
			f, ok := fieldByKey(st, key)
			if !ok {
				r.mistake(keyAt, keyPath(jp, key), func() string {
					return fmt.Sprintf("%sunknown key %q; %s%s", prefix(what), key, keyList(st, what), nearKey(st, key))
				})
				return r.skipNext()
			}
			return r.field(v.FieldByIndex(f.Index), join(what, strconv.Quote(key)), key, keyPath(jp, key))
		})
	case k == reflect.Map:
		if tok != json.Delim('{') {
			return wrong()
		}
		v.Set(reflect.MakeMap(v.Type()))
		return r.object(what, jp, func(key string, _ int) error {
			el := reflect.New(v.Type().Elem()).Elem()
			if err := r.value(el, join(what, strconv.Quote(key)), "", keyPath(jp, key)); err != nil {
				return err
			}
			v.SetMapIndex(reflect.ValueOf(key), el)
			return nil
		})
	case k == reflect.Slice:
		if tok != json.Delim('[') {
			return wrong()
		}
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		for i := 0; r.dec.More(); i++ {
			el := reflect.New(v.Type().Elem()).Elem()
			if err := r.value(el, element(ctx, what, i), "", jp+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
			v.Set(reflect.Append(v, el))
		}
		_, _, err := r.next() // ]
		return err
	default:
		ok, err := scalar(v, tok)
		if err != nil {
			return err
		}
		if !ok {
			return wrong()
		}
	}
	return nil
}

// scalar sets v, a string, bool or number, to tok, reporting whether tok is of v's
// kind and in its range; the error is for a v of another kind.
func scalar(v reflect.Value, tok json.Token) (bool, error) {
	n, isNum := tok.(json.Number)
	switch v.Kind() {
	case reflect.String:
		s, ok := tok.(string)
		v.SetString(s)
		return ok, nil
	case reflect.Bool:
		b, ok := tok.(bool)
		v.SetBool(b)
		return ok, nil
	case reflect.Int, reflect.Int64:
		x, err := strconv.ParseInt(string(n), 10, v.Type().Bits())
		v.SetInt(x)
		return isNum && err == nil, nil
	case reflect.Uint64:
		x, err := strconv.ParseUint(string(n), 10, 64)
		v.SetUint(x)
		return isNum && err == nil, nil
	case reflect.Float64:
		x, err := strconv.ParseFloat(string(n), 64)
		v.SetFloat(x)
		return isNum && err == nil, nil
	}
	return false, fmt.Errorf("no reading for %v", v.Type()) // a new field's type: a bug caught by tests
}

// pair reads a [row, col] pair, its [ read, into v (a Hex or a Region: Row, then Col);
// anything else calls bad once the list has been read to its end.
func (r *tokenReader) pair(v reflect.Value, bad func()) error {
	var rc [2]int64
	ok, n := true, 0
	for ; r.dec.More(); n++ {
		el, _, err := r.next()
		if err != nil {
			return err
		}
		num, isNum := el.(json.Number)
		if !isNum || n >= 2 {
			ok = false
			if err := r.skip(el); err != nil {
				return err
			}
			continue
		}
		x, err := strconv.ParseInt(string(num), 10, 0)
		ok = ok && err == nil
		rc[n] = x
	}
	if _, _, err := r.next(); err != nil { // ]
		return err
	}
	if !ok || n != 2 {
		bad()
		return nil
	}
	v.Field(0).SetInt(rc[0])
	v.Field(1).SetInt(rc[1])
	return nil
}

// skipNext reads past the next value.
func (r *tokenReader) skipNext() error {
	tok, _, err := r.next()
	if err != nil {
		return err
	}
	return r.skip(tok)
}

// field decodes an object's field: null leaves it out, as if the key were missing.
func (r *tokenReader) field(v reflect.Value, what, key, jp string) error {
	if bytes.HasPrefix(r.text[r.peek():], []byte("null")) {
		_, _, err := r.next()
		return err
	}
	return r.value(v, what, key, jp)
}

// peek is where the next token starts: the decoder's offset is the end of the previous
// token, and separators may come before the next one.
func (r *tokenReader) peek() int {
	off := int(r.dec.InputOffset())
	for off < len(r.text) && (r.text[off] == ',' || r.text[off] == ':' || isSpace(r.text[off])) {
		off++
	}
	return off
}

// object reads the keys of an object whose { has been read and hands each to each,
// which reads its value; a key given twice is a mistake, and its second value is
// read past.
func (r *tokenReader) object(what, jp string, each func(key string, keyAt int) error) error {
	seen := map[string]int{}
	for {
		tok, keyAt, err := r.next()
		if err != nil {
			return err
		}
		key, ok := tok.(string)
		if !ok { // }
			return nil
		}
		if first, dup := seen[key]; dup {
			r.mistake(keyAt, keyPath(jp, key), func() string {
				return fmt.Sprintf("%s%q is given twice (first at %s)", prefix(what), key, lineCol(r.text, first))
			})
			if err := r.skipNext(); err != nil {
				return err
			}
			continue
		}
		seen[key] = keyAt
		if err := each(key, keyAt); err != nil {
			return err
		}
	}
}

// keyPath is the JSON path of key in the object at jp: "players[0].atoms", or
// `players[0].globals["a b"]` for a key that is no name.
func keyPath(jp, key string) string {
	name := key != ""
	for i, c := range key {
		name = name && (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9')
	}
	switch {
	case !name:
		return jp + "[" + strconv.Quote(key) + "]"
	case jp == "":
		return key
	}
	return jp + "." + key
}

// nearKey is "; did you mean "seed"?" for an unknown key a typo away from one of t's,
// else "".
func nearKey(t reflect.Type, key string) string {
	keys := make([]string, t.NumField())
	for i := range keys {
		keys[i] = jsonName(t.Field(i))
	}
	if near := interp.Suggest(key, keys); near != "" {
		return fmt.Sprintf("; did you mean %q?", near)
	}
	return ""
}

// isPair reports whether t is written as [row, col]: KOMBAT's hexes, UPBEAT's regions.
func isPair(t reflect.Type) bool {
	return t == reflect.TypeFor[game.Hex]() || t == reflect.TypeFor[upbeat.Region]()
}

// element names item i of a list: the scenario's minions, players, regions and steps by
// their numbers, other items by their place.
func element(ctx, what string, i int) string {
	switch ctx {
	case "minions":
		return fmt.Sprintf("minion %d", i+1)
	case "regions":
		return fmt.Sprintf("region %d", i+1)
	case "players":
		return fmt.Sprintf("player %d", i+1)
	case "steps":
		return fmt.Sprintf("step %d", i+1)
	}
	return fmt.Sprintf("%s, item %d,", what, i+1)
}

// expected says what a value of type t is written as.
func expected(t reflect.Type) string {
	switch {
	case t == reflect.TypeFor[game.Hex]():
		return "a hex [row, col] of two whole numbers"
	case t == reflect.TypeFor[upbeat.Region]():
		return "a region [row, col] of two whole numbers"
	case t.Kind() == reflect.Pointer:
		return expected(t.Elem())
	case t.Kind() == reflect.Struct:
		return "an object {...}"
	case t.Kind() == reflect.Map:
		return `an object {"name": whole number, ...}`
	case t.Kind() == reflect.Slice:
		return "a list [...]"
	case t.Kind() == reflect.String:
		return "a string in double quotes"
	case t.Kind() == reflect.Bool:
		return "true or false"
	case t.Kind() == reflect.Uint64:
		return fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64))
	case t.Kind() == reflect.Float64:
		return "a number"
	}
	lo, hi := int64(math.MinInt64)>>(64-t.Bits()), int64(math.MaxInt64)>>(64-t.Bits())
	return fmt.Sprintf("a whole number from %d to %d", lo, hi)
}

// fieldByKey finds the field a JSON key names.
func fieldByKey(t reflect.Type, key string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		if f := t.Field(i); jsonName(f) == key {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// keyList lists the keys an object of type t takes.
func keyList(t reflect.Type, what string) string {
	var keys []string
	for i := range t.NumField() {
		keys = append(keys, strconv.Quote(jsonName(t.Field(i))))
	}
	whose := "a scenario's"
	if what != "" {
		whose = "its"
	}
	return fmt.Sprintf("%s keys are %s and %s", whose, strings.Join(keys[:len(keys)-1], ", "), keys[len(keys)-1])
}

// join names key of the value what names: `minion 1: "at"`, and `player 1: "pool",
// item 2: "type"` for a key of a list's item.
func join(what, key string) string {
	if what == "" {
		return key
	}
	return strings.TrimSuffix(what, ",") + ": " + key
}

func prefix(what string) string {
	if what == "" {
		return ""
	}
	return what + ": "
}

// locate finds where the value at path starts (or its key, with key), for an error
// about it; path holds object keys and 0-based list indexes. A key the file leaves out
// is located at the object that lacks it.
func locate(text []byte, path []any, key bool) (int, bool) {
	if len(path) == 0 {
		return 0, false
	}
	r := newTokenReader(text)
	for i, step := range path {
		tok, at, err := r.next()
		if err != nil {
			return 0, false
		}
		found := false
		switch step := step.(type) {
		case string:
			for tok == json.Delim('{') {
				k, keyAt, err := r.next()
				if err != nil || k == json.Delim('}') {
					break
				}
				if k == step {
					if key && i == len(path)-1 {
						return keyAt, true
					}
					found = true
					break
				}
				if v, _, err := r.next(); err != nil || r.skip(v) != nil {
					return 0, false
				}
			}
		case int:
			found = tok == json.Delim('[')
			for j := 0; found && j < step; j++ {
				v, _, err := r.next()
				found = err == nil && v != json.Delim(']') && r.skip(v) == nil
			}
			found = found && r.dec.More()
		}
		if !found {
			return at, true
		}
	}
	return r.peek(), true
}

// lineCol says where offset off of text is, as editors count: line and column from 1,
// the column in characters.
func lineCol(text []byte, off int) string {
	off = min(max(off, 0), len(text))
	line := bytes.Count(text[:off], []byte("\n")) + 1
	col := utf8.RuneCount(text[bytes.LastIndexByte(text[:off], '\n')+1:off]) + 1
	return fmt.Sprintf("line %d, column %d", line, col)
}

// found quotes the value starting at off, shortened and on one line.
func found(text []byte, off int) string {
	var raw json.RawMessage
	if err := json.NewDecoder(bytes.NewReader(text[off:])).Decode(&raw); err != nil {
		raw = text[off:]
	}
	s := strings.Join(strings.Fields(string(raw)), " ")
	if r := []rune(s); len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	return s
}

func skipSpace(text []byte, off int) int {
	for off < len(text) && isSpace(text[off]) {
		off++
	}
	return off
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// scenarioArg reads try's one argument, a scenario file (or - for standard input), for
// either game: its name and text, or ok false and the exit status (0 after --help, 2
// for a usage error or an unreadable file, told on stderr).
func scenarioArg(args []string, usage string, stdin io.Reader, stderr io.Writer) (name string, text []byte, code int, ok bool) {
	if len(args) == 1 && isHelp(args[0]) {
		fmt.Fprint(stderr, usage)
		return "", nil, 0, false
	}
	if len(args) != 1 {
		fmt.Fprint(stderr, usage)
		return "", nil, 2, false
	}
	text, err := readScenario(args[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "kombat try: %v\n", err)
		return "", nil, 2, false
	}
	return args[0], text, 0, true
}
