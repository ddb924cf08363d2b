package upbeatui

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// TestUpRulesText: /upbeat rules names every word of UPBEAT's language definition,
// fits one message whole, and its example compiles as an UPBEAT plan.
func TestUpRulesText(t *testing.T) {
	s := UpRulesText()
	if n := utf8.RuneCountInString(s); n >= view.ContentLimit {
		t.Errorf("the rules are %d characters: cut at Discord's limit", n)
	}
	def := upbeat.Definition()
	words := append(append([]string{}, def.Directions...), def.Specials...)
	for _, w := range append(def.Commands, def.Infos...) {
		words = append(words, w.Name)
	}
	for _, w := range words {
		if !strings.Contains(s, w) {
			t.Errorf("the rules do not mention %q", w)
		}
	}
	if _, err := interp.Compile(upbeat.NewLanguage(), "example", UpRulesExample); err != nil {
		t.Errorf("the rules' example: %v", err)
	}
}

// TestUpTurnSummaryCountsAll: a turn's summary counts every command from the tally,
// not the events the log kept (at most upbeat.MaxEventsPerEval of them).
func TestUpTurnSummaryCountsAll(t *testing.T) {
	l := upbeat.TurnLog{Player: 1, Turn: 3, End: upbeat.EndSteps, Crew: upbeat.Region{Row: 2, Col: 2},
		Events: []upbeat.Event{{Kind: upbeat.EventInterest, Gain: 12}, {Kind: upbeat.EventInvest, Amount: 1, OK: true}},
		Tally:  upbeat.Tally{Invest: upbeat.Count{Runs: 3_333_110, OK: 3_333_110, Amount: 3_333_110}}}
	got := UpTurnSummary(l, []string{"Ann"}, 1)
	want := "**Ann**, turn 3: interest +12, invested 3,333,110 (3,333,110 invests); the crew ended at (2,2) (steps)."
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestUpTurnSummaryWords: a turn's summary names who lost their city center rather
// than their seat, and says "1 invest" and "1 shot" (issue 24 §3).
func TestUpTurnSummaryWords(t *testing.T) {
	l := upbeat.TurnLog{Turn: 3, Events: []upbeat.Event{
		{Kind: upbeat.EventInvest, OK: true, Amount: 40},
		{Kind: upbeat.EventShoot, OK: true},
		{Kind: upbeat.EventLost, Player: 3},
	}, Tally: upbeat.Tally{Invest: upbeat.Count{Runs: 1, OK: 1, Amount: 40}, Shoot: upbeat.Count{Runs: 1, OK: 1}}}
	got := UpTurnSummary(l, []string{"Ann", "Bob", "Bot 3 (easy)"}, 1)
	for _, want := range []string{"**Ann**, turn 3", "invested 40 (1 invest)", "1 shot for 0 (1 hit)", "Bot 3 (easy) lost their city center"} {
		if !strings.Contains(got, want) {
			t.Errorf("summary %q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "Player 3") {
		t.Errorf("summary %q names a seat", got)
	}
}
