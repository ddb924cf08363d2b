package render

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/game"
)

// TestTurnSummary summarises every turn of many games: always within the limit, and
// every death in the log is mentioned.
func TestTurnSummary(t *testing.T) {
	lang := game.NewLanguage()
	deaths := 0
	for seed := uint64(1); seed <= 15; seed++ {
		cfg := game.DefaultConfig()
		cfg.InitHP = 20
		g, err := game.New(lang, game.Setup{Config: cfg, Seed: seed, Mode: game.ModeAuto, Kinds: exampleKinds(t)})
		if err != nil {
			t.Fatal(err)
		}
		g.SetKeepLog(true)
		d := [2]game.Decider{game.RandomDecider{Rng: rand.New(rand.NewPCG(seed, 1))}, game.RandomDecider{Rng: rand.New(rand.NewPCG(seed, 2))}}
		if err := game.PlayOut(g, d); err != nil {
			t.Fatal(err)
		}
		for _, l := range g.Log() {
			s := TurnSummary(l, "Alice")
			if n := utf8.RuneCountInString(s); n > maxSummary {
				t.Fatalf("summary of %d characters:\n%s", n, s)
			}
			if !strings.HasPrefix(s, "**Turn ") {
				t.Fatalf("summary without its header:\n%s", s)
			}
			for _, e := range l.Events {
				if e.Type == game.EvDeath {
					deaths++
					if !strings.Contains(s, "died at "+e.At.String()) && !strings.Contains(s, "more lines") {
						t.Fatalf("death at %v not mentioned:\n%s", e.At, s)
					}
				}
			}
		}
	}
	if deaths == 0 {
		t.Error("no game had a death; the test checked nothing about them")
	}
}

// TestSummaryShotSaysDamageAndHPLost: a shot's line gives the damage dealt and the HP
// the target lost, which differ on a kill.
func TestSummaryShotSaysDamageAndHPLost(t *testing.T) {
	h := game.Hex{Row: 2, Col: 2}
	l := game.TurnLog{Player: 1, Turn: 3, Events: []game.Event{
		{Type: game.EvShoot, Player: 1, Minion: 1, Kind: "shooter", At: h, To: h.Neighbor(game.Down), Dir: game.Down, Amount: 2792, Target: 2, Damage: 2792, Lost: 100},
		{Type: game.EvShoot, Player: 1, Minion: 3, Kind: "shooter", At: h, To: h.Neighbor(game.Up), Dir: game.Up, Amount: 32, Target: 4, Damage: 30, Lost: 30, HP: 70},
	}}
	s := TurnSummary(l, "Alice")
	for _, want := range []string{"at #2: hit for 2792, -100 HP, killed", "at #4: hit for 30, -30 HP, 70 left"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary lacks %q:\n%s", want, s)
		}
	}
}

func TestFitLines(t *testing.T) {
	lines := []string{strings.Repeat("a", 50), strings.Repeat("b", 50), strings.Repeat("c", 50)}
	if got := fitLines(lines, 1000); got != strings.Join(lines, "\n") {
		t.Errorf("everything fits: %q", got)
	}
	got := fitLines(lines, 110)
	if utf8.RuneCountInString(got) > 110 || !strings.HasSuffix(got, "… and 2 more lines") {
		t.Errorf("cut: %q", got)
	}
}
