package render

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"github.com/kombat-game/kombat/aibg"
)

// battleAt plays a seeded match of a normal bot (player 1) against a hard one until
// stop says so after a turn, or to its end, and returns the picture of where it stopped.
func battleAt(t testing.TB, seed uint64, stop func(g *aibg.Game, last *aibg.TurnLog) bool) Battle {
	t.Helper()
	g, err := aibg.New(aibg.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var d [2]aibg.Decider
	for p, level := range []string{"normal", "hard"} {
		b, err := aibg.NewBot(level, seed+uint64(p))
		if err != nil {
			t.Fatal(err)
		}
		d[p] = b
	}
	var last *aibg.TurnLog
	for !g.Over() {
		for p := 1; p <= 2 && !g.Over(); p++ {
			if g.Chosen(p) {
				continue
			}
			log, err := aibg.Act(g, p, d[p-1])
			if err != nil {
				t.Fatal(err)
			}
			if log != nil {
				last = log
				if stop(g, last) {
					return Battle{Snap: SnapBattle(g), Last: last, Names: [2]string{"Alice", "Bob the Builder"}}
				}
			}
		}
	}
	return Battle{Snap: SnapBattle(g), Last: last, Names: [2]string{"Alice", "Bob the Builder"}}
}

// midBattle is round 2's fourth turn of seed 3.
func midBattle(t testing.TB) Battle {
	return battleAt(t, 3, func(g *aibg.Game, _ *aibg.TurnLog) bool {
		return g.Round() == 2 && g.Turn() == 4
	})
}

// endBattle is seed 3's match at its end.
func endBattle(t testing.TB) Battle {
	return battleAt(t, 3, func(*aibg.Game, *aibg.TurnLog) bool { return false })
}

// betweenBattle is seed 3's match just after its first round ended.
func betweenBattle(t testing.TB) Battle {
	return battleAt(t, 3, func(_ *aibg.Game, last *aibg.TurnLog) bool { return last.RoundOver })
}

func TestBattleLook(t *testing.T) {
	r := newRenderer(t)
	for name, b := range map[string]Battle{"battle-crafted": craftedBattle(t), "battle-mid": midBattle(t), "battle-end": endBattle(t), "battle-between": betweenBattle(t)} {
		data, err := r.BattlePNG(b)
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, name, data, decodePNG(t, data), maxDiffShare)
	}
}

// item is the built-in catalog's item named name.
func item(t testing.TB, name string) aibg.Item {
	t.Helper()
	for _, it := range aibg.Catalog() {
		if it.Name == name {
			return it
		}
	}
	t.Fatalf("no item %s in the catalog", name)
	return aibg.Item{}
}

// craftedBattle is a hand-made position exercising every mark: player 1's four
// creatures (the front at a quarter of its health, one healed, one dead), player 2's
// two (one dead, two slots empty), items bought by one player, by both and by none, a
// domain, attacks both ways, and a refused move.
func craftedBattle(t testing.TB) Battle {
	cr := func(id int, typ, el, att string, health, maxHealth, speed, damage int) aibg.Creature {
		return aibg.Creature{ID: id, Type: typ, Element: el, Attack: att, Health: health, MaxHealth: maxHealth, Speed: speed, Damage: damage, Alive: health > 0}
	}
	s := BattleSnap{Phase: aibg.RoundInProgress, Round: 3, Turn: 12}
	s.Players[0] = BattleSide{Atoms: 4, RoundsWon: 1, Alive: 9, Pool: 12, Slots: []aibg.Creature{
		cr(1, "Kraken", "water", "melee", 30, 120, 2, 33),
		cr(2, "Spout", "water", "ranged", 85, 85, 7, 20),
		cr(3, "Grove", "nature", "aoe", 100, 125, 2, 23),
		cr(4, "Wisp", "fire", "ranged", 0, 70, 10, 19),
	}}
	s.Players[1] = BattleSide{Atoms: 0, RoundsWon: 1, Alive: 4, Pool: 12, Slots: []aibg.Creature{
		cr(13, "Inferno", "fire", "aoe", 77, 90, 4, 26),
		cr(14, "Thorn", "nature", "melee", 0, 110, 4, 29),
	}}
	s.Shop = []ShopItem{
		{Item: item(t, "Potion"), Bought: [2]bool{true, false}},
		{Item: item(t, "Fireball"), Bought: [2]bool{true, true}},
		{Item: item(t, "Mire")},
	}
	d := item(t, "Monsoon")
	s.Domain = &d
	last := &aibg.TurnLog{Round: 3, Turn: 11, Moves: [2]string{"attack 1", "item potion"},
		Refused: [2]*aibg.Refusal{nil, {Code: aibg.RefuseBought, Msg: "item Potion was bought this round already"}},
		Events: []aibg.Event{
			{Kind: aibg.EventAttack, Player: 2, Creature: 13, Target: 1, Amount: 31},
			{Kind: aibg.EventAttack, Player: 2, Creature: 13, Target: 2, Amount: 16},
			{Kind: aibg.EventAttack, Player: 1, Creature: 1, Target: 14, Amount: 40},
			{Kind: aibg.EventHeal, Player: 1, Creature: 1, Target: 3, Amount: 30},
			{Kind: aibg.EventDeath, Player: 2, Target: 14},
		}}
	return Battle{Snap: s, Last: last, Names: [2]string{"Alice the Magnificent", "Bob"}, Title: "Turn 11 played"}
}

// battleImage draws b and decodes its PNG.
func battleImage(t *testing.T, r *Renderer, b Battle) image.Image {
	t.Helper()
	data, err := r.BattlePNG(b)
	if err != nil {
		t.Fatal(err)
	}
	return decodePNG(t, data)
}

// at is the colour of img at (x, y).
func at(img image.Image, x, y float64) color.RGBA {
	return color.RGBAModel.Convert(img.At(int(x), int(y))).(color.RGBA)
}

// TestBattle_HealthBar: the front's bar fills in proportion to its health, at least
// one pixel while it lives, in green, then yellow from half health, red from a
// quarter, on the 92 pixels between the card's insets; the rest stays dark.
func TestBattle_HealthBar(t *testing.T) {
	r := newRenderer(t)
	y := barTop + barH/2
	x0 := cardX(1, 0) + barInset
	for _, c := range []struct {
		health, want int
		fill         uint32
	}{{1, 1, colDamage}, {30, 23, colDamage}, {31, 24, colShot}, {60, 46, colShot}, {61, 47, colHealthy}, {119, 91, colHealthy}, {120, 92, colHealthy}} {
		b := craftedBattle(t)
		b.Snap.Players[0].Slots[0].Health = c.health
		img := battleImage(t, r, b)
		n := 0
		for at(img, x0+float64(n), y) == rgb(c.fill) {
			n++
		}
		if n != c.want {
			t.Errorf("health %d of 120: %d pixels filled in %06x, want %d", c.health, n, c.fill, c.want)
		}
		if c.want < 92 && at(img, x0+float64(n), y) != rgb(colBarBack) {
			t.Errorf("health %d of 120: the bar goes on in %v after its fill", c.health, at(img, x0+float64(n), y))
		}
		if c.want == 92 && at(img, x0+92, y) != rgb(colCard) {
			t.Errorf("health 120 of 120: the bar reaches past its 92 pixels")
		}
	}
}

// chroma is how far a colour is from grey.
func chroma(c color.RGBA) int {
	return int(max(c.R, c.G, c.B)) - int(min(c.R, c.G, c.B))
}

// TestBattle_DeadIsGrey: a dead creature's card (player 1's Wisp, slot 3) has no
// colour in it, its strip in the lines' grey; a living one's (Grove, slot 2) has its
// player's strip and its element's disc.
func TestBattle_DeadIsGrey(t *testing.T) {
	r := newRenderer(t)
	img := battleImage(t, r, craftedBattle(t))
	colourful := func(s int) int {
		n := 0
		for y := cardTop; y < cardTop+cardH; y++ {
			for x := cardX(1, s); x < cardX(1, s)+cardW; x++ {
				if chroma(at(img, x, y)) > 30 {
					n++
				}
			}
		}
		return n
	}
	if n := colourful(3); n != 0 {
		t.Errorf("the dead Wisp's card has %d coloured pixels", n)
	}
	if n := colourful(2); n < 2000 {
		t.Errorf("the living Grove's card has only %d coloured pixels", n)
	}
	if c := at(img, cardX(1, 3)+cardW/2, cardTop+3); c != rgb(colHexLine) {
		t.Errorf("the dead card's strip is %v", c)
	}
	if c := at(img, cardX(1, 2)+cardW/2, cardTop+3); c != playerColor(1) {
		t.Errorf("the living card's strip is %v", c)
	}
	if c := at(img, cardX(1, 2)+22, cardTop+74); c != elementColor("nature") {
		t.Errorf("Grove's element disc is %v, want nature's colour", c)
	}
}

// TestBattle_FrontsFaceEachOther: slot 0 of each side is next to the middle, player 1's
// on its left, the back slots further out, and an empty slot is only an outline.
func TestBattle_FrontsFaceEachOther(t *testing.T) {
	r := newRenderer(t)
	img := battleImage(t, r, craftedBattle(t))
	for _, c := range []struct {
		x    float64
		want color.RGBA
	}{
		{midLeft - 3, playerColor(1)}, {midLeft + 3, rgb(colBackground)}, {midRight + 3, playerColor(2)},
		{16 + 3, rgb(colHexLine)},                                                 // player 1's slot 3, dead
		{Width - 16 - 3, rgb(colBackground)}, {Width - 16 - 0.5, rgb(colHexLine)}, // player 2's slot 3, empty
	} {
		if got := at(img, c.x, cardTop+3); got != c.want {
			t.Errorf("x %.1f at the cards' top: %v, want %v", c.x, got, c.want)
		}
	}
}

// TestBattle_Shop: each item on show carries a chip for each player who bought it,
// in that player's colour, and none for a player who did not.
func TestBattle_Shop(t *testing.T) {
	r := newRenderer(t)
	b := craftedBattle(t)
	img := battleImage(t, r, b)
	y := shopTop + shopBoxH - 21
	for i, it := range b.Snap.Shop {
		for p := 1; p <= 2; p++ {
			x := 16 + float64(i)*(shopBoxW+8) + 12 + float64(p-1)*(shopBoxW-24)/2 + 4
			want := rgb(colPanel)
			if it.Bought[p-1] {
				want = playerColor(p)
			}
			if got := at(img, x, y); got != want {
				t.Errorf("%s, player %d's chip: %v, want %v", it.Item.Name, p, got, want)
			}
		}
	}
}

// TestBattle_Arrows: each attack of the last turn runs in its player's band, in the
// player's light colour, from the attacker's card towards its target; without a last
// turn the bands are empty.
func TestBattle_Arrows(t *testing.T) {
	r := newRenderer(t)
	b := craftedBattle(t)
	probes := []struct {
		x, y float64
		want color.RGBA
	}{
		{600, bandTop, playerLight(1)},            // Kraken (player 1's front) to Thorn
		{330, bandTop + bandStep, playerLight(2)}, // Inferno to Kraken and Spout
		{cardX(1, 1) + cardW/2, cardTop - 12, playerLight(2)},
		{cardX(2, 1) + cardW/2, cardTop - 12, playerLight(1)},
		{200, bandTop + bandStep, rgb(colBackground)}, // nothing hit Grove
	}
	img := battleImage(t, r, b)
	for _, pr := range probes {
		if got := at(img, pr.x, pr.y); got != pr.want {
			t.Errorf("(%.0f, %.0f): %v, want %v", pr.x, pr.y, got, pr.want)
		}
	}
	b.Last = nil
	img = battleImage(t, r, b)
	for _, pr := range probes {
		if got := at(img, pr.x, pr.y); got != rgb(colBackground) {
			t.Errorf("without a last turn, (%.0f, %.0f) is %v", pr.x, pr.y, got)
		}
	}
}

// TestBattleBytesRepeat: the same picture gives the same bytes, drawn again after
// another on the same pooled canvas, and its PNG shows what DrawBattle draws in full
// colour, but for the palette's rounding of anti-aliased edges.
func TestBattleBytesRepeat(t *testing.T) {
	r := newRenderer(t)
	b := craftedBattle(t)
	first, _ := r.BattlePNG(b)
	if _, err := r.BattlePNG(endBattle(t)); err != nil {
		t.Fatal(err)
	}
	again, _ := r.BattlePNG(b)
	if !bytes.Equal(first, again) {
		t.Error("the same battle gave other bytes the second time")
	}
	if _, share := compare(decodePNG(t, first), r.DrawBattle(b)); share > maxDiffShare {
		t.Errorf("the PNG and DrawBattle differ in %.3f%% of the pixels", share*100)
	}
}

// BenchmarkBattlePNG draws and encodes the picture of a match in its second round.
func BenchmarkBattlePNG(b *testing.B) {
	r := newRenderer(b)
	battle := midBattle(b)
	var size int
	b.ReportAllocs()
	for b.Loop() {
		data, err := r.BattlePNG(battle)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
	}
	b.ReportMetric(float64(size), "bytes/image")
}

// TestBattle_NoLineups: before the first round's lineups the lineups' place is one
// panel with the news (no card, no player's colour in it), and before the first round
// the shop is closed: no price in yellow.
func TestBattle_NoLineups(t *testing.T) {
	r := newRenderer(t)
	g, err := aibg.New(aibg.Setup{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	pools := Battle{Snap: SnapBattle(g)}
	for p := 1; p <= 2; p++ {
		if err := g.SelectPool(p, g.DefaultPool()); err != nil {
			t.Fatal(err)
		}
	}
	for _, b := range []Battle{pools, {Snap: SnapBattle(g)}} {
		img := battleImage(t, r, b)
		for _, x := range []float64{cardX(1, 0) + 3, cardX(2, 0) + 3, 20, Width - 20} {
			if c := at(img, x, cardTop+3); c != rgb(colPanel) {
				t.Errorf("%s: (%.0f, %.0f) at the cards' top is %v, want the panel", b.Snap.Phase, x, cardTop+3, c)
			}
		}
		yellow := 0
		for y := shopTop; y < shopTop+shopBoxH; y++ {
			for x := 16.0; x < domainLeft; x++ {
				if at(img, x, y) == rgb(colShot) {
					yellow++
				}
			}
		}
		if open := b.Snap.Phase != aibg.PoolSelection; open != (yellow > 0) {
			t.Errorf("%s: %d pixels of the prices' yellow in the shop", b.Snap.Phase, yellow)
		}
	}
}

// TestBattle_RoundEnded: the picture of the turn that ended round 1 shows the lineups
// as the round ended, not the next round's empty slots: the loser's creatures all dead
// in grey, the winner's front in its player's colour, the result in the status.
func TestBattle_RoundEnded(t *testing.T) {
	r := newRenderer(t)
	b := betweenBattle(t)
	if !b.Snap.Ended || b.Snap.Phase != aibg.RoundSelection || b.Last == nil || b.Last.RoundWinner != 1 {
		t.Fatalf("seed 3 after round 1: %+v, last %+v; want round 2's selection after player 1 won", b.Snap, b.Last)
	}
	loser := b.Snap.Players[1].Slots
	if len(loser) == 0 {
		t.Fatal("player 2 ended round 1 with no lineup")
	}
	img := battleImage(t, r, b)
	if c := at(img, cardX(1, 0)+3, cardTop+3); c != playerColor(1) {
		t.Errorf("the winner's front strip is %v", c)
	}
	for s, c := range loser {
		if c.Alive {
			t.Errorf("player 2's %s (slot %d) is alive after losing the round", c.Type, s)
		}
		if got := at(img, cardX(2, s)+3, cardTop+3); got != rgb(colHexLine) {
			t.Errorf("player 2's dead slot %d strip is %v, want grey", s, got)
		}
	}
}
