package view

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/upbeat"
)

// TestUpRulesText: /upbeat rules names every word of UPBEAT's language definition,
// fits one message whole, and its example compiles as an UPBEAT plan.
func TestUpRulesText(t *testing.T) {
	s := UpRulesText()
	if n := utf8.RuneCountInString(s); n >= ContentLimit {
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
	got := UpTurnSummary(l, "Ann")
	want := "**Ann**, turn 3: interest +12, invested 3,333,110 (3,333,110 invests); the crew ended at (2,2) (steps)."
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
