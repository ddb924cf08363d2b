package kombathost

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kombat-game/kombat/game"
)

// TestSchedule_EveryPairFromBothSeatsWithEachSeed checks the round robin: each pair of
// entrants plays seeds games from each seat, a pairing's games are next to each
// other, no entrant meets itself, and no two games share a seed.
func TestSchedule_EveryPairFromBothSeatsWithEachSeed(t *testing.T) {
	for _, c := range []struct{ n, seeds int }{{2, 1}, {3, 2}, {5, 3}, {MaxEntrants, DefaultSeeds}} {
		t.Run(fmt.Sprintf("%d entrants, %d seeds", c.n, c.seeds), func(t *testing.T) {
			games := Schedule(c.n, c.seeds, 42)
			if want := c.n * (c.n - 1) * c.seeds; len(games) != want {
				t.Fatalf("%d games, want %d", len(games), want)
			}
			seats := map[[2]int]int{}
			seeds := map[uint64]bool{}
			per := 2 * c.seeds
			for i, g := range games {
				if g.A == g.B || g.A < 0 || g.B < 0 || g.A >= c.n || g.B >= c.n {
					t.Errorf("game %d: %d against %d", i, g.A, g.B)
				}
				first := games[i/per*per]
				if min(g.A, g.B) != min(first.A, first.B) || max(g.A, g.B) != max(first.A, first.B) {
					t.Errorf("game %d (%d-%d) is not with its pairing's others (%d-%d)", i, g.A, g.B, first.A, first.B)
				}
				if g.Played || g.Winner != 0 || g.Turns != 0 {
					t.Errorf("game %d is scheduled with a result: %+v", i, g)
				}
				seats[[2]int{g.A, g.B}]++
				if seeds[g.Seed] {
					t.Errorf("game %d repeats seed %d", i, g.Seed)
				}
				seeds[g.Seed] = true
			}
			for a := 0; a < c.n; a++ {
				for b := 0; b < c.n; b++ {
					if a != b && seats[[2]int{a, b}] != c.seeds {
						t.Errorf("%d in seat 1 against %d: %d games, want %d", a, b, seats[[2]int{a, b}], c.seeds)
					}
				}
			}
		})
	}
}

// TestSchedule_SeedsFollowFromTheTournamentSeed checks that a schedule is the same
// for the same seed, so a resumed tournament replays nothing differently, and
// differs for another.
func TestSchedule_SeedsFollowFromTheTournamentSeed(t *testing.T) {
	a, b, c := Schedule(4, 2, 7), Schedule(4, 2, 7), Schedule(4, 2, 8)
	for i := range a {
		if a[i] != b[i] {
			t.Errorf("game %d: %+v, then %+v", i, a[i], b[i])
		}
		if a[i].Seed == c[i].Seed {
			t.Errorf("game %d has seed %d under two tournament seeds", i, a[i].Seed)
		}
	}
	if len(Schedule(1, 2, 7)) != 0 || len(Schedule(0, 2, 7)) != 0 {
		t.Errorf("a tournament of one or nobody has games")
	}
}

// played marks the games of a schedule played with the winners given, in order.
func played(games []Match, winners ...int) []Match {
	for i, w := range winners {
		games[i].Played, games[i].Winner, games[i].Turns = true, w, 10
	}
	return games
}

// TestProgressAndNext checks the count of played games and that the next game is the
// first unplayed one, -1 at the end.
func TestProgressAndNext(t *testing.T) {
	tr := Tournament{Seeds: 1, Games: Schedule(3, 1, 1)}
	if p, n := tr.Progress(); p != 0 || n != 6 || tr.Next() != 0 {
		t.Errorf("fresh: %d of %d, next %d", p, n, tr.Next())
	}
	played(tr.Games, 1, 2)
	if p, n := tr.Progress(); p != 2 || n != 6 || tr.Next() != 2 {
		t.Errorf("two played: %d of %d, next %d", p, n, tr.Next())
	}
	played(tr.Games, 1, 2, 0, 0, 1, 1)
	if p, _ := tr.Progress(); p != 6 || tr.Next() != -1 {
		t.Errorf("all played: %d, next %d", p, tr.Next())
	}
}

// TestPairing_ScoresEachEntrantWhicheverSeat checks a pairing's result: told only
// once all its games are played, entrants in index order, each win counted for the
// entrant who won it whichever seat they had.
func TestPairing_ScoresEachEntrantWhicheverSeat(t *testing.T) {
	tr := Tournament{Seeds: 2, Games: Schedule(3, 2, 1)}
	// Pairing 0 is entrants 0 and 1: games 0-3 seat them 0-1, 1-0, 0-1, 1-0.
	played(tr.Games, 1, 2, 0)
	if _, ok := tr.Pairing(0); ok {
		t.Errorf("pairing told before its last game")
	}
	played(tr.Games, 1, 2, 0, 1) // entrant 0 wins from seat 1 and 2, entrant 1 from seat 1
	s, ok := tr.Pairing(0)
	if want := (PairingScore{X: 0, Y: 1, WinsX: 2, WinsY: 1, Ties: 1}); !ok || s != want {
		t.Errorf("pairing 0 = %+v, %v; want %+v", s, ok, want)
	}
	if _, ok := tr.Pairing(1); ok {
		t.Errorf("pairing 1 told with no game played")
	}
	for _, i := range []int{-1, 3} {
		if _, ok := tr.Pairing(i); ok {
			t.Errorf("pairing %d of 3 told", i)
		}
	}
}

// TestPairingKinds_UniqueNamesAndOwnKinds checks that both sides' kinds are in the
// game under names unique ignoring case, a clash suffixed within 20 characters, and
// that each side fields exactly its own.
func TestPairingKinds_UniqueNamesAndOwnKinds(t *testing.T) {
	long := strings.Repeat("z", 20)
	a := Entrant{Kinds: []game.KindSpec{{Name: "Rusher", Defense: 1, Strategy: "move up"}, {Name: long, Strategy: "done"}}}
	c := Entrant{Kinds: []game.KindSpec{{Name: "rusher", Defense: 2, Strategy: "move down"}, {Name: long, Strategy: "done"}}}
	kinds, own := PairingKinds(a, c)
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name)
		if err := game.CheckKindName(k.Name); err != nil {
			t.Errorf("kind %q: %v", k.Name, err)
		}
	}
	if want := []string{"Rusher", long, "rusher-2", strings.Repeat("z", 18) + "-2"}; fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("names %q, want %q", names, want)
	}
	if fmt.Sprint(own) != "[[0 1] [2 3]]" {
		t.Errorf("own %v", own)
	}
	if kinds[2].Defense != 2 || kinds[2].Strategy != "move down" {
		t.Errorf("renamed kind lost its spec: %+v", kinds[2])
	}
}

// TestStandings_PointsThenWinsThenName checks the ranking: a win is a point and a tie
// half of one, more points first, then more wins, then the name; entrants equal in
// all three keep their registration order.
func TestStandings_PointsThenWinsThenName(t *testing.T) {
	entrants := func(names ...string) []Entrant {
		var es []Entrant
		for _, n := range names {
			es = append(es, Entrant{Name: n, Kinds: []game.KindSpec{{Name: n + "1"}, {Name: n + "2"}}})
		}
		return es
	}
	match := func(a, b, winner int) Match { return Match{A: a, B: b, Played: true, Winner: winner} }
	cases := []struct {
		name  string
		names []string
		games []Match
		want  string // "name points won-lost-tied played" in rank order
	}{
		{"more points first", []string{"ann", "bob"}, []Match{match(0, 1, 2), match(1, 0, 1)},
			"bob 2 2-0-0 2, ann 0 0-2-0 2"},
		{"a tie is half a point to each", []string{"ann", "bob"}, []Match{match(0, 1, 0)},
			"ann 0.5 0-0-1 1, bob 0.5 0-0-1 1"},
		{"equal points: more wins first", []string{"ann", "bob", "cat"},
			// ann: a win and a loss (1 point); bob: two ties (1 point).
			[]Match{match(0, 2, 1), match(2, 0, 1), match(1, 2, 0), match(2, 1, 0)},
			"cat 2 1-1-2 4, ann 1 1-1-0 2, bob 1 0-0-2 2"},
		{"equal points and wins: by name", []string{"zed", "amy"}, []Match{match(0, 1, 0)},
			"amy 0.5 0-0-1 1, zed 0.5 0-0-1 1"},
		{"equal in all: registration order", []string{"sam", "sam"}, nil,
			"sam 0 0-0-0 0, sam 0 0-0-0 0"},
		{"unplayed games do not count", []string{"ann", "bob"}, []Match{{A: 0, B: 1, Winner: 2}},
			"ann 0 0-0-0 0, bob 0 0-0-0 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := Tournament{Entrants: entrants(c.names...), Games: c.games}
			var got []string
			for _, s := range tr.Standings() {
				got = append(got, fmt.Sprintf("%s %v %d-%d-%d %d", s.Name, s.Points, s.Won, s.Lost, s.Tied, s.Played))
				if tr.Entrants[s.Entrant].Name != s.Name || fmt.Sprint(s.Kinds) != fmt.Sprintf("[%s1 %s2]", s.Name, s.Name) {
					t.Errorf("standing %+v does not match its entrant", s)
				}
			}
			if g := strings.Join(got, ", "); g != c.want {
				t.Errorf("standings %s\nwant      %s", g, c.want)
			}
		})
	}
}

// TestPlay_IsDeterministicAndStops checks that a scheduled game plays to a result,
// the same one twice (a resumed tournament agrees with an uninterrupted one), and
// that a raised stop interrupts it with game.ErrStopped (at a loop: Walker has one).
func TestPlay_IsDeterministicAndStops(t *testing.T) {
	lang := game.NewLanguage()
	kinds := func(name, strategy string) []game.KindSpec {
		return []game.KindSpec{{Name: name, Strategy: strategy}}
	}
	cfg := game.DefaultConfig()
	cfg.MaxTurns = 6
	tr := Tournament{Seeds: 1, Config: StoredConfig{cfg}, Entrants: []Entrant{
		{Name: "a", Kinds: kinds("Shooter", "shoot up 10 shoot upright 10 shoot downright 10 shoot down 10 shoot downleft 10 shoot upleft 10")},
		{Name: "b", Kinds: kinds("Walker", "i = 0\nwhile (3 - i) i = i + 1\nmove up")},
	}}
	tr.Games = Schedule(2, 1, 99)
	var stop atomic.Bool
	first, err := tr.Play(lang, tr.Games[0], &stop)
	if err != nil {
		t.Fatal(err)
	}
	again, err := tr.Play(lang, tr.Games[0], &stop)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Played || first.Turns == 0 || first != again {
		t.Errorf("played %+v, then %+v", first, again)
	}
	stop.Store(true)
	if _, err := tr.Play(lang, tr.Games[1], &stop); !errors.Is(err, game.ErrStopped) {
		t.Errorf("a raised stop gave %v, want game.ErrStopped", err)
	}
}
