package upbeat

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestConfigSample_U23(t *testing.T) {
	sample := "m=20\nn=15\ninit_plan_min=5\ninit_plan_sec=0\ninit_budget=10000\ninit_center_dep=100\nplan_rev_min=30\nplan_rev_sec=0\nrev_cost=100\nmax_dep=1000000\ninterest_pct=5\n"
	c, err := ParseConfig(sample)
	if err != nil || c != DefaultConfig() {
		t.Fatalf("sample: %+v, %v", c, err)
	}
	if c.MaxTurns != 1000 || c.StepLimit != 1000000 {
		t.Errorf("max_turns %d step_limit %d, want 1000 and 1000000 (U22, U23)", c.MaxTurns, c.StepLimit)
	}
	back, err := ParseConfig(c.String())
	if err != nil || back != c {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

// TestConfigBounds_U23 pins every key's range from both sides.
func TestConfigBounds_U23(t *testing.T) {
	for _, k := range configKeys() {
		for _, v := range []int64{k.Min, k.Max} {
			text := k.Name + "=" + itoa(v)
			switch {
			case k.Name == "max_dep" && v < 100:
				text += "\ninit_center_dep=1"
			case k.Name == "init_center_dep" && v > 1000000:
				text += "\nmax_dep=" + itoa(MaxAmount)
			}
			if _, err := ParseConfig(text); err != nil {
				t.Errorf("%s=%d refused: %v", k.Name, v, err)
			}
		}
		for _, v := range []int64{k.Min - 1, k.Max + 1} {
			if _, err := ParseConfig(k.Name + "=" + itoa(v)); err == nil {
				t.Errorf("%s=%d accepted, outside %d..%d", k.Name, v, k.Min, k.Max)
			}
		}
	}
}

func TestConfigErrors_U23(t *testing.T) {
	text := "m=0\n# comment\nn = 101\nfoo=1\ninit_plan_sec=60\nm=5\ninit_budget=ten\ninit_center_dep=2000000\n"
	_, err := ParseConfig(text)
	var es ConfigErrors
	if !errors.As(err, &es) {
		t.Fatalf("error %v, want ConfigErrors", err)
	}
	want := []string{
		"line 1: m must be from 1 to 100, got 0",
		"line 3: n must be from 1 to 100, got 101",
		"line 4: unknown key \"foo\"",
		"line 5: init_plan_sec must be from 0 to 59, got 60",
		"line 6: m is set twice (first on line 1)",
		"line 7: init_budget must be a whole number",
		"line 8: init_center_dep (2000000) must be at most max_dep (1000000)",
	}
	if len(es) != len(want) {
		t.Fatalf("%d mistakes, want %d:\n%v", len(es), len(want), err)
	}
	for i, w := range want {
		if !strings.HasPrefix(es[i].Error(), w) {
			t.Errorf("mistake %d: %q, want %q...", i, es[i].Error(), w)
		}
	}
	c := DefaultConfig()
	c.Rows, c.Cols = 1, 2
	if err := c.Check(3); err == nil {
		t.Error("3 players on 2 regions accepted (U23)")
	}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
