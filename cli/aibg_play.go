package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/aibg"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// kombat play --game aibg: a match against the built-in bot in the terminal. The
// player names a pool, lines up each round and types each turn's move as a move
// string (docs/aibg.md); every turn shows both lineups, the atoms, the domain and the
// shop, then what the turn did in plain words. Nothing is stored; the picture of
// each round's lineups and of each turn goes to a folder named at the start (--out, as
// the other games' play), with final.png and replay.gif at the end.

// aibgPlayLevel is the level kombat play --game aibg seats the bot at unless told
// otherwise: easy, one a newcomer can beat. Measured by TestAibgPlay_LevelForNewcomers
// against aibgNewcomer (the default pool, the strongest four in line, always attack):
// it wins about 70% against easy and under 20% against normal (aibg.DefaultLevel, what
// sim and the bots' matches use), so normal would end most first matches in defeat.
const aibgPlayLevel = "easy"

// aibgPlayOptions are kombat play --game aibg's flags.
type aibgPlayOptions struct {
	seed  uint64
	seat  int
	level string
	out   string
}

func parseAibgPlayFlags(args []string, stderr io.Writer) (aibgPlayOptions, error) {
	var o aibgPlayOptions
	fs := flag.NewFlagSet("kombat play --game aibg", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Uint64Var(&o.seed, "seed", 0, "the match's seed, to play it again (default: from the clock)")
	fs.IntVar(&o.seat, "seat", 1, "your seat: 1 or 2 (player 1's creatures are ids 1 to 12, player 2's 13 to 24)")
	fs.StringVar(&o.level, "level", aibgPlayLevel, "the bot's `level`: "+strings.Join(aibg.Levels(), ", ")+" (the weakest first)")
	fs.StringVar(&o.out, "out", "", "write each turn's picture and the replay to `dir` (default: a new temporary folder)")
	fs.Usage = func() {
		fmt.Fprint(stderr, "usage: kombat play --game aibg [--seed N] [--seat 1|2] [--level LEVEL] [--out DIR]\n\n"+
			"Plays an AIBG match against the built-in bot in this terminal: you name a pool\n"+
			"of 12 creatures, line up to 4 of them each round and type each turn's move\n"+
			"(attack, item NAME, swap SLOT). docs/aibg.md has the rules.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("--game aibg takes no files, got %q", fs.Arg(0))
	case o.seat != 1 && o.seat != 2:
		return o, fmt.Errorf("--seat must be 1 or 2, got %d", o.seat)
	}
	if _, err := aibg.NewBot(o.level, 0); err != nil {
		return o, fmt.Errorf("--level: %w", err)
	}
	return o, nil
}

// aibgPlay runs kombat play --game aibg. Exit status: 0 when the match ends, the
// player resigns or the input ends, 2 for a usage error or a folder that cannot be
// made.
func aibgPlay(draw newRenderer, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseAibgPlayFlags(args, stderr)
	if err != nil {
		return flagsRefused(err, stderr)
	}
	o.seed = seedOrClock(o.seed)
	g, err := aibg.New(aibg.Setup{Seed: o.seed})
	if err != nil {
		fmt.Fprintf(stderr, "kombat play: %v\n", err)
		return 1
	}
	bot, _ := aibg.NewBot(o.level, o.seed*7919+uint64(3-o.seat)) // the level was checked
	dir, made, r, code := playFolder(o.out, o.seed, draw, stderr)
	if code != 0 {
		return code
	}
	in, stop := interruptible(stdin)
	defer stop()
	s := &aibgTerminal{g: g, bot: bot, me: o.seat, them: 3 - o.seat, in: bufio.NewReaderSize(in, maxInputLine), out: stdout, r: r, dir: dir}
	s.names[s.me-1], s.names[s.them-1] = "Player", "Bot" // read as "Bot wins" on the pictures
	s.intro(o.seed)
	err = s.run()
	switch {
	case errors.Is(err, errEndOfInput), errors.Is(err, errInterrupted):
		why := unfinished(err)
		fmt.Fprintf(stdout, "\n%s: the match is left unfinished (play it again with --seed %d).\n", why, o.seed)
		if rerr := s.replay(); rerr != nil {
			fmt.Fprintf(stderr, "kombat play: %v\n", rerr)
			return 1
		}
		fmt.Fprint(stdout, imagesLeft(dir, made, s.images, "pictures and replay.gif"))
		return 0
	case errors.Is(err, errQuit) && s.images == 0:
		// Resigned before any lineup: there is no picture, and the folder goes.
		fmt.Fprint(stdout, imagesLeft(dir, made, 0, ""))
		return 0
	case errors.Is(err, errQuit):
		return 0 // the end was said, and where the pictures are
	case err != nil:
		fmt.Fprintf(stderr, "kombat play: %v\n", err)
		return 1
	}
	return 0
}

// maxReplayFrames bounds the frames of replay.gif: each is held in memory while the
// animation is written (render.BattleGIF), and a match may last 5 rounds of 600 turns
// (A4). A longer match shows frames spread evenly over it, the first and last kept.
const maxReplayFrames = 150

// aibgTerminal is one AIBG match played at the terminal against the bot.
type aibgTerminal struct {
	g        *aibg.Game
	bot      *aibg.Bot
	me, them int // the player's seat and the bot's
	in       *bufio.Reader
	out      io.Writer
	items    int              // items the player bought, for the after-game advice
	r        *render.Renderer // nil draws nothing: for the tests of what play says
	dir      string           // where the pictures go
	names    [2]string        // the seats' names on the pictures: "Player" and "Bot"
	shots    []render.Battle  // every picture written, for the replay
	last     *aibg.TurnLog    // the last turn played, for the final picture
	images   int              // files written to dir
}

// say prints a paragraph wrapped at 80 columns.
func (s *aibgTerminal) say(format string, args ...any) {
	fmt.Fprintln(s.out, wrap(fmt.Sprintf(format, args...), 80, "", ""))
}

func (s *aibgTerminal) intro(seed uint64) {
	s.say("AIBG: you are player %d against the bot at level %s (seed %d; play it again with --seed %d).",
		s.me, s.bot.Level(), seed, seed)
	s.say("Choose the bot's level with --level: easy (the default: it picks at random and always attacks; a newcomer can beat it), normal (it picks by element and buys items that pay at once) or hard (it tries every move on a copy of the match).")
	s.say("You name 12 creatures, then fight up to %d rounds with them. Each round you line up 1 to %d of your living creatures; each turn you attack with the one in front, buy an item from the shop or swap the front one, while the bot chooses in secret. A creature that dies is gone for the match; whoever wins more rounds wins.",
		aibg.MaxRounds, aibg.MaxSlots)
	s.say(`At any prompt: "help" says what to type, "board" shows the board, "quit" resigns (it asks first). docs/aibg.md has every rule.`)
	fmt.Fprintf(s.out, "Pictures (one per turn, then final.png and replay.gif) go to\n  %s\n", s.dir)
}

// picture writes the match as it stands, after the turn last (nil for none), to the
// folder as name, and keeps it for the replay.
func (s *aibgTerminal) picture(name, title string, last *aibg.TurnLog) error {
	if s.r == nil {
		return nil
	}
	b := render.Battle{Snap: render.SnapBattle(s.g), Last: last, Names: s.names, Title: title}
	data, err := s.r.BattlePNG(b)
	if err != nil {
		return err
	}
	s.shots = append(s.shots, b)
	s.images++
	return os.WriteFile(filepath.Join(s.dir, name), data, 0o644)
}

// replay writes replay.gif of the pictures written so far, at most maxReplayFrames of
// them; before the first there is nothing to show, and it writes nothing.
func (s *aibgTerminal) replay() error {
	if len(s.shots) == 0 {
		return nil
	}
	gif, err := s.r.BattleGIF(spread(s.shots, maxReplayFrames))
	if err != nil {
		return err
	}
	s.images++
	return os.WriteFile(filepath.Join(s.dir, "replay.gif"), gif, 0o644)
}

// spread is at most n of xs (n >= 2), spread evenly over them, the first and the
// last always among them.
func spread[T any](xs []T, n int) []T {
	if len(xs) <= n {
		return xs
	}
	out := make([]T, n)
	for i := range n {
		out[i] = xs[i*(len(xs)-1)/(n-1)]
	}
	return out
}

// run plays the match to its end: the pool, then each round's lineup and turns.
func (s *aibgTerminal) run() error {
	if err := s.choosePool(); err != nil {
		return s.end(err)
	}
	for !s.g.Over() {
		var err error
		switch s.g.Phase() {
		case aibg.RoundSelection:
			err = s.chooseLineup()
		case aibg.RoundInProgress:
			err = s.turn()
		default:
			err = fmt.Errorf("aibg: unexpected phase %s", s.g.Phase())
		}
		if err != nil {
			return s.end(err)
		}
	}
	return s.finish(false)
}

// end says the match's end when the player resigned; other errors go on up.
func (s *aibgTerminal) end(err error) error {
	if errors.Is(err, errQuit) {
		if ferr := s.finish(true); ferr != nil {
			return ferr
		}
	}
	return err
}

// ask prompts until the player types an answer: help, board and quit are answered
// here (quit asks first), and a line too long is refused.
func (s *aibgTerminal) ask(prompt, help string) (string, error) {
	for {
		fmt.Fprintf(s.out, "%s\n> ", prompt)
		text, ok, err := readAnswer(s.in, s.out)
		if err != nil {
			return "", err
		}
		if !ok {
			continue
		}
		switch strings.ToLower(text) {
		case "help", "?":
			fmt.Fprint(s.out, help)
			continue
		case "board", "b":
			fmt.Fprint(s.out, s.board())
			continue
		}
		return text, nil
	}
}

// choosePool asks for the player's 12 creature types until they make a pool, then
// lets the bot name its own.
func (s *aibgTerminal) choosePool() error {
	kinds := s.g.Kinds()
	fmt.Fprintf(s.out, "\nThe creature types:\n%s", rosterTable(kinds))
	s.say("Water beats fire, fire beats nature, nature beats water: 1.2 times the damage, and 0.8 times the other way. Only the front creature attacks: melee hits the enemy's front, ranged the slot you name, area (aoe) every enemy slot, less further back.")
	help := wrap(fmt.Sprintf(`  Name %d creature types from the table, separated by spaces; a type may repeat, and "Tide x3" is three Tides. Names are read without regard to case. "default" takes one of each.`, aibg.PoolSize), 80, "", "  ") + "\n"
	for {
		text, err := s.ask(fmt.Sprintf(`Your pool: %d creature types (e.g. "tide x4 ember x4 thorn x4"), or "default".`, aibg.PoolSize), help)
		if err != nil {
			return err
		}
		types, problems := parsePool(text, kinds, s.g.DefaultPool())
		if len(problems) == 0 {
			if err := s.g.SelectPool(s.me, types); err != nil {
				problems = []string{err.Error()}
			}
		}
		if len(problems) > 0 {
			for _, p := range problems {
				fmt.Fprintf(s.out, "%s\n", wrap(p, 80, "  ✗ ", "    "))
			}
			continue
		}
		break
	}
	if _, err := aibg.Act(s.g, s.them, s.bot); err != nil {
		return err
	}
	var mine []string
	for _, id := range s.g.Pool(s.me) {
		mine = append(mine, fmt.Sprintf("%d %s", id, s.g.Creature(id).Type))
	}
	fmt.Fprintln(s.out, wrap(fmt.Sprintf("Your creatures, by id: %s. The bot has named its pool; you see its creatures as it lines them up.", strings.Join(mine, ", ")), 80, "  ✓ ", "    "))
	return nil
}

// parsePool reads a pool as the player types it: type names separated by spaces or
// commas, "xN" after a name for N of it, or "default" for def. It returns every
// problem at once: unknown names (with the nearest type), a misplaced count, and a
// total other than aibg.PoolSize.
func parsePool(text string, kinds []aibg.Kind, def []string) (types, problems []string) {
	if strings.EqualFold(text, "default") {
		return def, nil
	}
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(words) == 0 {
		return nil, []string{fmt.Sprintf(`name %d creature types from the table, or type "default"`, aibg.PoolSize)}
	}
	lower := make([]string, len(kinds))
	for i, k := range kinds {
		lower[i] = strings.ToLower(k.Name)
	}
	count := 0
	last := "" // the type the next count repeats; "" after an unknown name or a count
	for _, w := range words {
		if n, ok := poolCount(w); ok {
			switch {
			case last == "":
				problems = append(problems, fmt.Sprintf("%s: a count follows a creature type, as in \"Tide x3\"", shortInput(w)))
			case n < 1 || n > aibg.PoolSize:
				problems = append(problems, fmt.Sprintf("%s: a count is from 1 to %d", shortInput(w), aibg.PoolSize))
			default:
				for range n - 1 {
					types = append(types, last)
				}
				count += n - 1
			}
			last = ""
			continue
		}
		count++
		last = ""
		k := -1
		for i, l := range lower {
			if l == strings.ToLower(w) {
				k = i
			}
		}
		if k < 0 {
			msg := fmt.Sprintf("%s: no creature type of that name", shortInput(w))
			if near := interp.Suggest(strings.ToLower(w), lower); near != "" {
				for _, kd := range kinds {
					if strings.ToLower(kd.Name) == near {
						msg += "; did you mean " + kd.Name + "?"
					}
				}
			}
			problems = append(problems, msg)
			continue
		}
		last = kinds[k].Name
		types = append(types, last)
	}
	if count != aibg.PoolSize {
		problems = append(problems, fmt.Sprintf("that makes %s; a pool has exactly %d", plural(count, "creature", "creatures"), aibg.PoolSize))
	}
	return types, problems
}

// poolCount reads a repeat count written "x3" (or "×3").
func poolCount(w string) (int, bool) {
	l := strings.ToLower(w)
	rest, ok := strings.CutPrefix(l, "x")
	if !ok {
		rest, ok = strings.CutPrefix(l, "×")
	}
	if !ok || rest == "" {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// rosterTable is the roster as a table within 80 columns.
func rosterTable(kinds []aibg.Kind) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %-12s %-8s %-7s %6s %7s %7s\n", "type", "element", "attack", "speed", "health", "damage")
	for _, k := range kinds {
		fmt.Fprintf(&b, "  %-12s %-8s %-7s %6d %7d %7d\n", k.Name, k.Element, k.Attack, k.Speed, k.Health, k.Damage)
	}
	return b.String()
}

// chooseLineup shows the round's atoms and shop and the player's living creatures,
// asks for a lineup until one stands, then lets the bot line up and shows both.
func (s *aibgTerminal) chooseLineup() error {
	g := s.g
	fmt.Fprintf(s.out, "\n== Round %d of %d == rounds won: you %d, the bot %d\n", g.Round(), aibg.MaxRounds, g.RoundsWon(s.me), g.RoundsWon(s.them))
	fmt.Fprint(s.out, s.shop())
	var living []int
	for _, id := range g.Pool(s.me) {
		if g.Creature(id).Alive {
			living = append(living, id)
		}
	}
	fmt.Fprintf(s.out, "Your living creatures:\n%s", creatureTable(g, living, false))
	help := wrap(fmt.Sprintf(`  Type the ids of 1 to %d of your living creatures, front first, separated by spaces: the first goes to slot 0, the front, the only one that attacks. "default" lines up your first %d living ones.`, aibg.MaxSlots, aibg.MaxSlots), 80, "", "  ") + "\n"
	for {
		text, err := s.ask(fmt.Sprintf(`Your lineup: 1 to %d ids, front first (e.g. "%s"), or "default".`, aibg.MaxSlots, lineupExample(living)), help)
		if err != nil {
			return err
		}
		ids, problems := parseLineup(text, g, s.me)
		if len(problems) == 0 {
			if err := g.SelectLineup(s.me, ids); err != nil {
				problems = []string{err.Error()}
			}
		}
		if len(problems) == 0 {
			break
		}
		for _, p := range problems {
			fmt.Fprintf(s.out, "%s\n", wrap(p, 80, "  ✗ ", "    "))
		}
	}
	if _, err := aibg.Act(g, s.them, s.bot); err != nil {
		return err
	}
	fmt.Fprint(s.out, s.board())
	return s.picture(fmt.Sprintf("round-%d-lineups.png", g.Round()), fmt.Sprintf("Round %d: the lineups", g.Round()), nil)
}

// lineupExample is up to three of the living ids, as a lineup the player might type.
func lineupExample(living []int) string {
	var ex []string
	for _, id := range living[:min(3, len(living))] {
		ex = append(ex, strconv.Itoa(id))
	}
	return strings.Join(ex, " ")
}

// parseLineup reads a lineup as the player types it: ids separated by spaces or
// commas, or "default". It returns every problem at once, in the rules' words (A3).
func parseLineup(text string, g *aibg.Game, p int) (ids []int, problems []string) {
	if strings.EqualFold(text, "default") {
		return g.DefaultLineup(p), nil
	}
	pool := g.Pool(p)
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	seen := map[int]bool{}
	for _, w := range words {
		id, err := strconv.Atoi(w)
		switch {
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: not an id; your creatures are %d to %d", shortInput(w), pool[0], pool[len(pool)-1]))
			continue
		case id < pool[0] || id > pool[len(pool)-1]:
			problems = append(problems, fmt.Sprintf("%d: not one of your creatures; yours are %d to %d", id, pool[0], pool[len(pool)-1]))
			continue
		case !g.Creature(id).Alive:
			problems = append(problems, fmt.Sprintf("%d: your %s is dead", id, g.Creature(id).Type))
		case seen[id]:
			problems = append(problems, fmt.Sprintf("%d: named twice; each creature takes one slot", id))
		}
		seen[id] = true
		ids = append(ids, id)
	}
	if len(words) < 1 || len(words) > aibg.MaxSlots {
		problems = append(problems, fmt.Sprintf("a lineup has 1 to %d creatures; you named %d", aibg.MaxSlots, len(words)))
	}
	return ids, problems
}

// turn shows the board, asks for the player's move until one the rules accept (a
// move that is no move, or that the state refuses, is explained and asked again),
// lets the bot move, and tells what the turn did.
func (s *aibgTerminal) turn() error {
	g := s.g
	before := g.Copy() // what the move is checked on: nothing the bot chose is in it
	fronts := [2]aibg.Creature{g.Creature(g.Slots(1)[0]), g.Creature(g.Slots(2)[0])}
	var text string
	for {
		var err error
		text, err = s.ask(fmt.Sprintf("Round %d, turn %d: your move? Enter attacks; \"help\" lists the moves.", g.Round(), g.Turn()), s.moveHelp())
		if err != nil {
			return err
		}
		if text == "" {
			text = "attack"
		}
		why := refusal(before, s.me, text)
		if why == nil {
			break
		}
		fmt.Fprintf(s.out, "%s\n", wrap(refusalWords(why)+"; choose another move.", 80, "  ✗ ", "    "))
	}
	if _, err := g.Play(s.me, text); err != nil {
		return err
	}
	log, err := aibg.Act(g, s.them, s.bot)
	if err != nil {
		return err
	}
	if log == nil {
		return errors.New("aibg: the turn did not resolve after both moves")
	}
	for _, e := range log.Events {
		if e.Kind == aibg.EventItem && e.Player == s.me {
			s.items++
		}
	}
	fmt.Fprintf(s.out, "\n%s\n", s.turnWords(*log, fronts))
	if !log.RoundOver {
		fmt.Fprint(s.out, s.board())
	}
	s.last = log
	return s.picture(fmt.Sprintf("round-%d-turn-%03d.png", log.Round, log.Turn), fmt.Sprintf("Round %d, turn %d played", log.Round, log.Turn), log)
}

// refusal is why the rules would refuse player p's move text on the state g, the
// other player passing: the refusals the state decides (a string that is no move, an
// item not on show or too dear, a swap with an empty or dead slot...), and none that
// the opponent's move could cause. g is left as it was.
func refusal(g *aibg.Game, p int, text string) *aibg.Refusal {
	c := g.Copy()
	if _, err := c.Play(p, text); err != nil {
		return &aibg.Refusal{Msg: err.Error()}
	}
	log, err := c.Play(3-p, "swap 0") // a pass: it changes nothing
	if err != nil || log == nil {
		return nil
	}
	return log.Refused[p-1]
}

// finish says who won and how, with the after-game advice, and writes final.png and
// the replay when a picture was drawn (a match resigned before its first lineups has
// none).
func (s *aibgTerminal) finish(resigned bool) error {
	g := s.g
	won, lost := g.RoundsWon(s.me), g.RoundsWon(s.them)
	mine, theirs := living(g, s.me), living(g, s.them)
	var verdict string
	switch {
	case resigned:
		verdict = "you resigned: the bot wins"
	case g.Winner() == s.me:
		verdict = "you win"
	case g.Winner() == s.them:
		verdict = "the bot wins"
	default:
		verdict = "a draw"
	}
	fmt.Fprintln(s.out)
	s.say("Match over: %s. Rounds won: you %d, the bot %d, after %s; creatures left: you %d of %d, the bot %d of %d.",
		verdict, won, lost, plural(g.Round(), "round", "rounds"), mine, aibg.PoolSize, theirs, aibg.PoolSize)
	fmt.Fprintln(s.out, "\nAfter the match:")
	for _, line := range s.advice(resigned) {
		fmt.Fprintf(s.out, "%s\n", wrap(line, 78, "  ", "  "))
	}
	if s.images == 0 {
		return nil
	}
	title := "Match over"
	if resigned {
		title = "Player resigned: the bot wins"
	}
	if err := s.picture("final.png", title, s.last); err != nil {
		return err
	}
	if err := s.replay(); err != nil {
		return err
	}
	fmt.Fprintf(s.out, "\nThe pictures (final.png the match's end) and replay.gif are in\n  %s\n", s.dir)
	return nil
}

// advice is a sentence or two for the next match, from what the player did: true of
// every match it is said after.
func (s *aibgTerminal) advice(resigned bool) []string {
	var out []string
	won := !resigned && s.g.Winner() == s.me
	if won {
		if next := nextLevel(s.bot.Level()); next != "" {
			out = append(out, fmt.Sprintf("You beat the bot at level %s: try --level %s next.", s.bot.Level(), next))
		} else {
			out = append(out, "You beat the bot at its hardest level.")
		}
	} else {
		out = append(out, "Only the front creature attacks: put a hard hitter there, or an area attacker (aoe), which hits every enemy slot, and one whose element beats the bot's front (water beats fire, fire beats nature, nature beats water).")
	}
	if s.items == 0 {
		out = append(out, fmt.Sprintf("You bought no item: each round brings more atoms (%d in round 1, %d in round %d), lost if unspent. A damage item that finishes a creature, or a heal that saves your front one, can be worth a turn's attack.",
			aibg.Atoms(1), aibg.Atoms(aibg.MaxRounds), aibg.MaxRounds))
	}
	return out
}

// nextLevel is the level above l, or "" for the strongest.
func nextLevel(l string) string {
	ls := aibg.Levels()
	for i, x := range ls[:len(ls)-1] {
		if x == l {
			return ls[i+1]
		}
	}
	return ""
}

// living counts player p's living creatures in its pool.
func living(g *aibg.Game, p int) int {
	n := 0
	for _, id := range g.Pool(p) {
		if g.Creature(id).Alive {
			n++
		}
	}
	return n
}
