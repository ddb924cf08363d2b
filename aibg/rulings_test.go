package aibg

import (
	"slices"
	"strings"
	"testing"
)

// The tests of this file fill what the audit of issue 25 found untested in the rulings:
// each one fails on the wrong reading it names.

// TestItemLostWithItsCreature_A7a: an item's move is made by the front creature as it
// stands; when a faster enemy item kills that creature first, the purchase is lost (it
// costs nothing, is not bought, and does not go to the creature that moved up), so the
// same item can be bought the next turn.
func TestItemLostWithItsCreature_A7a(t *testing.T) {
	sc := fight("W:10 N:50", "Fast", "Rock Heal",
		[2]string{"item heal", "item rock"}, // Fast (speed 9) first: Rock 12 kills W
		[2]string{"item heal", "swap 0"})
	rs := play(t, sc)
	r := rs[0]
	if r.Players[0].Atoms != 20 || health(r, 2) != 50 || health(r, 1) != 0 {
		t.Errorf("after the lost Heal: atoms %d, N %d, W %d; want 20 atoms, N at 50 (not healed), W dead", r.Players[0].Atoms, health(r, 2), health(r, 1))
	}
	lost := slices.IndexFunc(r.Events, func(e Event) bool { return e.Kind == EventLost && e.Player == 1 && e.Creature == 1 })
	if lost < 0 || slices.ContainsFunc(r.Events, func(e Event) bool { return e.Kind == EventItem && e.Player == 1 }) {
		t.Errorf("events %+v: want player 1's Heal lost with creature 1, and no purchase", r.Events)
	}
	if r := rs[1]; len(r.Refused[0]) != 0 || health(r, 2) != 86 || r.Players[0].Atoms != 18 {
		t.Errorf("Heal the next turn: refused %v, N %d, atoms %d; want bought (not 'already'), N 50+36, 18 atoms", r.Refused[0], health(r, 2), r.Players[0].Atoms)
	}
}

// TestTargetsAsTheyStand_A7a: an attack takes its target from the enemy lineup as it
// stands when the attack resolves: a front that died earlier in the turn (here of its
// own side's Bomb) is passed over for the creature that moved up.
func TestTargetsAsTheyStand_A7a(t *testing.T) {
	r := final(t, fight("W", "F:10 W", "Bomb", [2]string{"attack", "item bomb"}))
	// Bomb (fire 20, all, multi): F 20 (dies), W 16 (water beats fire), our W 16.
	// Then our W's melee attack hits the enemy front as it stands: W (14), 30 more.
	if health(r, 13) != 0 || health(r, 14) != 54 || health(r, 1) != 84 {
		t.Errorf("healths F %d, W %d, ours %d; want 0, 100-16-30 = 54, 84", health(r, 13), health(r, 14), health(r, 1))
	}
	if got := slotIDs(r, 2); !slices.Equal(got, []int{14, 13}) {
		t.Errorf("player 2's slots %v, want [14 13]", got)
	}
}

// TestRangedDefaultsToSlot0_A8: a ranged attack that names no slot hits slot 0; one
// that names a living slot hits it, whatever the creatures in front.
func TestRangedDefaultsToSlot0_A8(t *testing.T) {
	for _, c := range []struct {
		move string
		hit  int
	}{{"attack", 13}, {"attack 0", 13}, {"attack 1", 14}, {"ATTACK 3", 16}} {
		r := final(t, fight("WR", "Big Big Big Big", "", [2]string{c.move, "swap 0"}))
		for id := 13; id <= 16; id++ {
			if want := map[bool]int{true: 980, false: 1000}[id == c.hit]; health(r, id) != want {
				t.Errorf("%q: creature %d has %d, want %d", c.move, id, health(r, id), want)
			}
		}
	}
}

// TestItemAtDeadSlotIsAPass_A6a: an item aimed at a slot holding a dead creature is a
// pass, as one aimed at an empty slot; the same item at a living slot is not.
func TestItemAtDeadSlotIsAPass_A6a(t *testing.T) {
	for _, c := range []struct {
		move    string
		refused bool
	}{{"item heal 1", true}, {"item heal 2", true}, {"item rock 1", true}, {"item heal 0", false}} {
		sc := fight("W:50 W!", "W W!", "Heal Rock", [2]string{c.move, "swap 0"})
		r := final(t, sc)
		if got := len(r.Refused[0]) == 1; got != c.refused {
			t.Errorf("%q: refused %v, want refused %v", c.move, r.Refused[0], c.refused)
		}
		if c.refused && (r.Log.Refused[0].Code != RefuseNoTarget || r.Players[0].Atoms != 20) {
			t.Errorf("%q: refusal %+v, atoms %d; want no-target and nothing spent", c.move, r.Log.Refused[0], r.Players[0].Atoms)
		}
	}
}

// TestUpgradesCompound_A14a: a percent upgrade applies to the stat as it stands after
// the round's earlier upgrades and rounds once: 15 +50% is 22.5, rounded 23, and 23
// +50% is 34.5, rounded 35 (not 34 from 15 × 2.25, nor 31 from two halves of 15). A
// percent of health raises maximum and current health by the same amount; an enemy
// upgrade holds damage and speed at 0 and maximum health at 1.
func TestUpgradesCompound_A14a(t *testing.T) {
	sc := fight("Small Small:60", "Small", "Edge Edge2 Thick")
	sc.Creatures = append(sc.Creatures, CreatureSpec{Type: "Small", Element: "water", Attack: "melee", Speed: 4, Health: 100, Damage: 15})
	sc.Items = append(sc.Items,
		ItemSpec{Name: "Edge", Cost: 1, Effect: "upgrade", Stat: "damage", Percent: ip(50)},
		ItemSpec{Name: "Edge2", Cost: 1, Effect: "upgrade", Stat: "damage", Percent: ip(50)},
		ItemSpec{Name: "Thick", Cost: 1, Effect: "upgrade", Stat: "health", Percent: ip(25), Target: "multi"},
		ItemSpec{Name: "Frail", Cost: 1, Effect: "upgrade", Stat: "health", Flat: ip(-500), Scope: "enemy"},
		ItemSpec{Name: "Slow", Cost: 1, Effect: "upgrade", Stat: "speed", Percent: ip(-100), Scope: "enemy"},
		ItemSpec{Name: "Blunt", Cost: 1, Effect: "upgrade", Stat: "damage", Flat: ip(-40), Scope: "enemy"})
	sc.Shop = strings.Fields("Edge Edge2 Thick")
	sc.Steps = []ScenarioStep{moves("item edge", "swap 0"), moves("item edge2", "swap 0"), moves("item thick", "swap 0")}
	rs := play(t, sc)
	if d := rs[0].Players[0].Slots[0].Damage; d != 23 {
		t.Errorf("15 +50%%: %d, want 23", d)
	}
	if d := rs[1].Players[0].Slots[0].Damage; d != 35 {
		t.Errorf("23 +50%%: %d, want 35 (of the stat as it stands, rounded once)", d)
	}
	a, b := rs[2].Players[0].Slots[0], rs[2].Players[0].Slots[1]
	if a.MaxHealth != 125 || a.Health != 125 || b.MaxHealth != 125 || b.Health != 85 {
		t.Errorf("health +25%% on 100/100 and 60/100: %d/%d and %d/%d, want 125/125 and 85/125", a.Health, a.MaxHealth, b.Health, b.MaxHealth)
	}
	sc.Shop = strings.Fields("Frail Slow Blunt")
	sc.Steps = []ScenarioStep{moves("item frail", "swap 0"), moves("item slow", "swap 0"), moves("item blunt", "swap 0")}
	rs = play(t, sc)
	if e := rs[2].Players[1].Slots[0]; e.MaxHealth != 1 || e.Health != 1 || e.Speed != 0 || e.Damage != 0 {
		t.Errorf("enemy after -500 health, -100%% speed, -40 damage: %+v, want health 1 of 1, speed 0, damage 0", e)
	}
}

// TestDomainMultipliesByTheDealersElement_A15: an elemental mod domain multiplies the
// damage of damage items of its element (NONE: every element), by the item's element
// and not the target's, and never healing.
func TestDomainMultipliesByTheDealersElement_A15(t *testing.T) {
	for _, c := range []struct {
		domain, move string
		target, want int // a creature and its health after the move
	}{
		{"Gust", "item rock", 13, 50 - 24}, // nature 10 on water: 1.2 × 2.0
		{"Wet", "item rock", 13, 50 - 12},  // Rock is nature: Wet (water) does not touch it
		{"Gust", "item heal", 1, 50 + 30},  // healing is never multiplied
		{"Wet", "attack", 13, 50 - 45},     // the water attacker's 30 × 1.5
		{"Burn", "attack", 13, 50 - 30},    // a turn-action domain multiplies nothing
	} {
		sc := fight("W:50", "W:50", "Rock Heal", [2]string{c.move, "swap 0"})
		d := c.domain
		sc.Domain = &d
		r := final(t, sc)
		if got := health(r, c.target); got != c.want {
			t.Errorf("%s in force, %q: creature %d's health %d, want %d", c.domain, c.move, c.target, got, c.want)
		}
	}
}

// TestTurnActionHealsBothSidesHeld_A15: a turn-action domain of NONE acts on every
// living slotted creature of both sides after the moves, held to each maximum, and
// never on the dead.
func TestTurnActionHealsBothSidesHeld_A15(t *testing.T) {
	sc := fight("W:90 F:50 N!", "N:95", "", [2]string{"swap 0", "swap 0"})
	sc.Items = append(sc.Items, ItemSpec{Name: "Rain", Cost: 4, Effect: "domain", Element: "NONE", EachTurn: ip(15)})
	rain := "Rain"
	sc.Domain = &rain
	r := final(t, sc)
	if got := []int{health(r, 1), health(r, 2), health(r, 3), health(r, 13)}; !slices.Equal(got, []int{100, 65, 0, 100}) {
		t.Errorf("Rain (+15, NONE): healths %v, want 100 (held), 65, 0 (dead), 100 (held)", got)
	}
	if n := len(amounts(r, EventTick)); n != 3 {
		t.Errorf("%d tick events, want 3 (the dead creature takes none)", n)
	}
}

// TestNoDomainSurvivesTheRound_A15_A4: a domain in force ends with the round; the next
// round starts with none, and its first attack is unmultiplied.
func TestNoDomainSurvivesTheRound_A15_A4(t *testing.T) {
	sc := fight("W", "W", "", [2]string{"swap 0", "swap 0"})
	bench(&sc, "W", "W")
	wet := "Wet"
	sc.Domain = &wet
	one, two := []int{1}, []int{13}
	sc.Steps = append(sc.Steps, ScenarioStep{Finish: true}, ScenarioStep{Lineups: []*[]int{&one, &two}}, moves("attack", "swap 0"))
	rs := play(t, sc)
	if rs[0].Domain == nil || *rs[0].Domain != "Wet" {
		t.Fatalf("the domain given did not stand: %v", rs[0].Domain)
	}
	if rs[1].Domain != nil || rs[2].Domain != nil {
		t.Errorf("after the round: domain %v, then %v; want none", *rs[1].Domain, rs[2].Domain)
	}
	if got := amounts(rs[3], EventAttack); !slices.Equal(got, []int{30}) {
		t.Errorf("round 2's water attack: %v, want [30] (Wet gone)", got)
	}
}

// TestDisplayIsTheSameForBoth_A13: both players are offered the same three items each
// round, and an item one player bought stays on show for the other.
func TestDisplayIsTheSameForBoth_A13(t *testing.T) {
	g := allW(t, 9)
	g.SelectLineup(1, []int{1})
	g.SelectLineup(2, []int{13})
	shop := g.Shop()
	cheap := ""
	for _, it := range shop {
		if it.Cost <= 3 && it.Effect != Domain {
			cheap = it.Name
		}
	}
	if cheap == "" {
		t.Fatalf("seed 9's shop %v has no item of 3 atoms or less to buy", shop)
	}
	log, _ := g.Play(1, "item "+cheap)
	if log != nil {
		t.Fatal("the turn resolved on one move")
	}
	if log, _ = g.Play(2, "item "+cheap); log == nil || log.Refused[0] != nil || log.Refused[1] != nil {
		t.Fatalf("both buying %s: %+v", cheap, log)
	}
	if !g.Bought(1, cheap) || !g.Bought(2, cheap) || !slices.Equal(g.Shop(), shop) {
		t.Errorf("bought %v %v, shop %v then %v", g.Bought(1, cheap), g.Bought(2, cheap), shop, g.Shop())
	}
}
