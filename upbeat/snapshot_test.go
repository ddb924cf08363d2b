package upbeat

import "testing"

// TestSnapshot copies the state: owners, deposits and the players' sums agree with the
// game's own answers, and the copy does not change when the game goes on.
func TestSnapshot(t *testing.T) {
	g, err := New(NewLanguage(), Setup{Config: smallConfig(t), Seed: 3, Players: 3,
		Plans: []string{"invest 50 move up invest 20", "move down invest 30"}})
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		if _, err := g.Confirm(g.Current(), 0); err != nil {
			t.Fatal(err)
		}
	}
	s := g.Snapshot()
	if s.Current != g.Current() || s.Turns != g.Turns() || len(s.Players) != 3 {
		t.Fatalf("snapshot %+v", s)
	}
	for p := 1; p <= 3; p++ {
		n, total := 0, 0.0
		for row := 1; row <= s.Territory.Rows; row++ {
			for col := 1; col <= s.Territory.Cols; col++ {
				r := Region{row, col}
				if s.Owner(r) != g.Owner(r) || s.Deposit(r) != g.Deposit(r) {
					t.Fatalf("%v: snapshot %d %v, game %d %v", r, s.Owner(r), s.Deposit(r), g.Owner(r), g.Deposit(r))
				}
				if s.Owner(r) == p {
					n, total = n+1, total+s.Deposit(r)
				}
			}
		}
		pv := s.Players[p-1]
		if pv.Regions != n || pv.Total != total || pv.Budget != g.Budget(p) || pv.Center != g.Center(p) || pv.Clock != g.Clock(p) {
			t.Errorf("player %d: %+v; counted %d regions, %v in total", p, pv, n, total)
		}
	}
	before := append([]float64(nil), s.Deposits...)
	for range 3 {
		g.Confirm(g.Current(), 0)
	}
	for i := range before {
		if s.Deposits[i] != before[i] {
			t.Fatal("the snapshot changed with the game")
		}
	}
	if s.Owner(Region{0, 1}) != 0 || s.Deposit(Region{99, 99}) != 0 {
		t.Error("a region off the territory has an owner or a deposit")
	}
}

func smallConfig(t *testing.T) Config {
	t.Helper()
	c, err := ParseConfig("m=8\nn=8")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestWhole: deposits are shown by their whole part, the rule the language's deposit
// follows (U8), never rounded: the text and the image used to say 216 and 215.
func TestWhole(t *testing.T) {
	for _, tc := range []struct {
		d    float64
		want int64
	}{{0, 0}, {0.99, 0}, {1, 1}, {215.5, 215}, {215.99, 215}, {1e6, 1_000_000}} {
		if got := Whole(tc.d); got != tc.want {
			t.Errorf("Whole(%v) = %d, want %d", tc.d, got, tc.want)
		}
	}
}
