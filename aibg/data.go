package aibg

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Element is a creature's, an item's or a domain's element (A9).
type Element uint8

// The elements; NoElement is a domain's NONE, which covers all three (A15).
const (
	Water Element = iota
	Fire
	Nature
	NoElement
)

// String spells the element as the spec does.
func (e Element) String() string {
	switch e {
	case Water:
		return "water"
	case Fire:
		return "fire"
	case Nature:
		return "nature"
	}
	return "NONE"
}

// beats reports whether e beats o in attack: water beats fire, fire beats nature,
// nature beats water (A9).
func (e Element) beats(o Element) bool {
	return e < NoElement && o < NoElement && (e+1)%3 == o
}

// covers reports whether a domain of element e touches a creature of element o (A15).
func (e Element) covers(o Element) bool { return e == NoElement || e == o }

// Attack is a creature's attack type (A8).
type Attack uint8

// The attack types.
const (
	Melee  Attack = iota // hits the enemy's slot 0
	Ranged               // hits the slot named
	AoE                  // hits every enemy slot, less the further back
)

// String spells the attack type as scenarios and data files do.
func (a Attack) String() string {
	switch a {
	case Melee:
		return "melee"
	case Ranged:
		return "ranged"
	}
	return "aoe"
}

// Kind is a creature type of the roster (A16).
type Kind struct {
	Name    string
	Element Element
	Attack  Attack
	Speed   int
	Health  int
	Damage  int
}

// Effect is what an item does (A14, A15).
type Effect uint8

// The effects.
const (
	Upgrade Effect = iota // raises (or lowers) a stat for the round
	Damage                // deals flat elemental damage
	Heal                  // heals a flat elemental amount
	Domain                // sets the round's domain
)

// String spells the effect as scenarios and data files do.
func (e Effect) String() string {
	return [...]string{"upgrade", "damage", "heal", "domain"}[e]
}

// Stat is the stat an upgrade changes (A14).
type Stat uint8

// The stats an upgrade may change.
const (
	StatDamage Stat = iota
	StatHealth
	StatSpeed
)

// String spells the stat.
func (s Stat) String() string { return [...]string{"damage", "health", "speed"}[s] }

// Scope is whose creatures an item touches (A14).
type Scope uint8

// The scopes.
const (
	Friendly Scope = iota // the buyer's
	Enemy                 // the opponent's
	All                   // both sides'
)

// String spells the scope.
func (s Scope) String() string { return [...]string{"friendly", "enemy", "all"}[s] }

// Item is an item of the catalog (A14, A15). Which fields count depends on Effect.
type Item struct {
	Name    string
	Cost    int // atoms
	Effect  Effect
	Element Element // damage, heal and domain; NoElement only for a domain
	Value   int     // damage and heal: the flat amount
	Stat    Stat    // upgrade
	Flat    int     // upgrade: points added (Percent 0)
	Percent int     // upgrade: percent added to the stat as it stands (Flat 0)
	Scope   Scope   // not for a domain
	Multi   bool    // target multi: every living creature in scope; else one slot
	// Mult is an elemental mod domain's multiplier in thousandths (1500 for 1.5); 0
	// for a turn action domain.
	Mult int
	// EachTurn is a turn action domain's health change at the end of every turn:
	// positive heals, negative damages.
	EachTurn int
}

// Bounds on the data: they keep every computed amount (A10) exact in int64.
const (
	MaxStat       = 100_000 // health, damage, speed, an item's value, flat or each_turn
	MaxPercent    = 1000    // an upgrade's percent, either way (down to -100)
	MaxMultiplier = 10      // a domain's multiplier
	MaxCost       = 11      // the most atoms a round gives (A12): a dearer item could never be bought
	MaxNameBytes  = 40      // a type's or an item's name
)

// CreatureSpec is a creature type as a data file or a scenario writes it: the
// strings are checked when it is turned into a Kind (every mistake at once).
type CreatureSpec struct {
	Type    string `json:"type"`
	Element string `json:"element"` // water, fire or nature
	Attack  string `json:"attack"`  // melee, ranged or aoe
	Speed   int    `json:"speed"`
	Health  int    `json:"health"`
	Damage  int    `json:"damage"`
}

// ItemSpec is an item as a data file or a scenario writes it. The pointers tell a
// field left out from one given as 0.
type ItemSpec struct {
	Name       string   `json:"name"`
	Cost       int      `json:"cost"`
	Effect     string   `json:"effect"`            // upgrade, damage, heal or domain
	Element    string   `json:"element,omitempty"` // damage, heal, domain (or NONE)
	Value      *int     `json:"value,omitempty"`   // damage, heal
	Stat       string   `json:"stat,omitempty"`    // upgrade: damage, health or speed
	Flat       *int     `json:"flat,omitempty"`    // upgrade
	Percent    *int     `json:"percent,omitempty"` // upgrade
	Scope      string   `json:"scope,omitempty"`   // friendly, enemy or all; default friendly (enemy for damage)
	Target     string   `json:"target,omitempty"`  // single (default) or multi
	Multiplier *float64 `json:"multiplier,omitempty"`
	EachTurn   *int     `json:"each_turn,omitempty"`
}

// problem is one mistake in a spec: the field at fault ("" for the whole) and what is
// wrong. The data file loader and the scenario reader word the place each its own way.
type problem struct {
	field string
	msg   string
}

// pick finds s among names, case-insensitively; -1 when it is not there.
func pick(s string, names ...string) int {
	for i, n := range names {
		if strings.EqualFold(s, n) {
			return i
		}
	}
	return -1
}

// checkName is what is wrong with a type's or an item's name, or "": a move or a pool
// names it between spaces, so it is letters and digits only.
// choose is the index of got among field's names, or -1 with a problem added to ps
// that says the field is missing or names what it must be.
func choose(ps *[]problem, field, got string, names ...string) int {
	i := pick(got, names...)
	if i >= 0 {
		return i
	}
	list := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	msg := fmt.Sprintf("%s is %s, got %q", field, list, got)
	if got == "" {
		msg = fmt.Sprintf("%s is missing: %s", field, list)
	}
	*ps = append(*ps, problem{field, msg})
	return -1
}

func checkName(s string) string {
	if s == "" {
		return "a name is needed"
	}
	if len(s) > MaxNameBytes {
		return fmt.Sprintf("%q is longer than %d bytes", s, MaxNameBytes)
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return fmt.Sprintf("%q is not a name: letters and digits only", s)
		}
	}
	return ""
}

// kind checks the spec and returns the creature type it describes.
func (s CreatureSpec) kind() (Kind, []problem) {
	var ps []problem
	bad := func(field, format string, args ...any) { ps = append(ps, problem{field, fmt.Sprintf(format, args...)}) }
	k := Kind{Name: s.Type, Speed: s.Speed, Health: s.Health, Damage: s.Damage}
	if why := checkName(s.Type); why != "" {
		bad("type", "%s", why)
	}
	if e := choose(&ps, "element", s.Element, "water", "fire", "nature"); e >= 0 {
		k.Element = Element(e)
	}
	if a := choose(&ps, "attack", s.Attack, "melee", "ranged", "aoe"); a >= 0 {
		k.Attack = Attack(a)
	}
	if s.Speed < 0 || s.Speed > MaxStat {
		bad("speed", "speed is from 0 to %d, got %d", MaxStat, s.Speed)
	}
	if s.Health < 1 || s.Health > MaxStat {
		bad("health", "health is from 1 to %d, got %d", MaxStat, s.Health)
	}
	if s.Damage < 0 || s.Damage > MaxStat {
		bad("damage", "damage is from 0 to %d, got %d", MaxStat, s.Damage)
	}
	return k, ps
}

// item checks the spec and returns the item it describes.
func (s ItemSpec) item() (Item, []problem) {
	var ps []problem
	bad := func(field, format string, args ...any) { ps = append(ps, problem{field, fmt.Sprintf(format, args...)}) }
	it := Item{Name: s.Name, Cost: s.Cost}
	if why := checkName(s.Name); why != "" {
		bad("name", "%s", why)
	}
	if s.Cost < 0 || s.Cost > MaxCost {
		bad("cost", "cost is from 0 to %d atoms (the most a round gives), got %d", MaxCost, s.Cost)
	}
	e := pick(s.Effect, "upgrade", "damage", "heal", "domain")
	if e < 0 {
		bad("effect", "effect is upgrade, damage, heal or domain, got %q", s.Effect)
		return it, ps
	}
	it.Effect = Effect(e)
	// allowed lists the optional fields each effect takes; any other given is a mistake.
	given := map[string]bool{"element": s.Element != "", "value": s.Value != nil, "stat": s.Stat != "",
		"flat": s.Flat != nil, "percent": s.Percent != nil, "scope": s.Scope != "", "target": s.Target != "",
		"multiplier": s.Multiplier != nil, "each_turn": s.EachTurn != nil}
	allowed := map[Effect][]string{
		Upgrade: {"stat", "flat", "percent", "scope", "target"},
		Damage:  {"element", "value", "scope", "target"},
		Heal:    {"element", "value", "scope", "target"},
		Domain:  {"element", "multiplier", "each_turn"},
	}[it.Effect]
	for _, f := range []string{"element", "value", "stat", "flat", "percent", "scope", "target", "multiplier", "each_turn"} {
		if given[f] && pick(f, allowed...) < 0 {
			bad(f, "%s is not a field of a%s %s item (it takes %s)", f, an(s.Effect), it.Effect, strings.Join(allowed, ", "))
		}
	}
	if it.Effect != Domain {
		it.Scope = Friendly
		if it.Effect == Damage {
			it.Scope = Enemy
		}
		if s.Scope != "" {
			if sc := pick(s.Scope, "friendly", "enemy", "all"); sc < 0 {
				bad("scope", "scope is friendly, enemy or all, got %q", s.Scope)
			} else {
				it.Scope = Scope(sc)
			}
		}
		if t := pick(s.Target, "single", "multi"); s.Target != "" && t < 0 {
			bad("target", "target is single or multi, got %q", s.Target)
		} else {
			it.Multi = t == 1
		}
	}
	switch it.Effect {
	case Upgrade:
		if st := pick(s.Stat, "damage", "health", "speed"); st < 0 {
			bad("stat", "an upgrade's stat is damage, health or speed, got %q", s.Stat)
		} else {
			it.Stat = Stat(st)
		}
		switch {
		case (s.Flat == nil) == (s.Percent == nil):
			bad("", "an upgrade gives flat or percent, exactly one of them")
		case s.Flat != nil && (*s.Flat == 0 || *s.Flat < -MaxStat || *s.Flat > MaxStat):
			bad("flat", "flat is from %d to %d and not 0, got %d", -MaxStat, MaxStat, *s.Flat)
		case s.Percent != nil && (*s.Percent == 0 || *s.Percent < -100 || *s.Percent > MaxPercent):
			bad("percent", "percent is from -100 to %d and not 0, got %d", MaxPercent, *s.Percent)
		case s.Flat != nil:
			it.Flat = *s.Flat
		default:
			it.Percent = *s.Percent
		}
	case Damage, Heal:
		if el := pick(s.Element, "water", "fire", "nature"); el < 0 {
			bad("element", "a %s item's element is water, fire or nature, got %q", it.Effect, s.Element)
		} else {
			it.Element = Element(el)
		}
		if s.Value == nil || *s.Value < 1 || *s.Value > MaxStat {
			got := "none"
			if s.Value != nil {
				got = strconv.Itoa(*s.Value)
			}
			bad("value", "a %s item's value is from 1 to %d, got %s", it.Effect, MaxStat, got)
		} else {
			it.Value = *s.Value
		}
	case Domain:
		if el := pick(s.Element, "water", "fire", "nature", "NONE"); el < 0 {
			bad("element", "a domain's element is water, fire, nature or NONE, got %q", s.Element)
		} else {
			it.Element = Element(el)
		}
		switch {
		case (s.Multiplier == nil) == (s.EachTurn == nil):
			bad("", "a domain gives multiplier or each_turn, exactly one of them")
		case s.Multiplier != nil:
			m := *s.Multiplier
			th := math.Round(m * 1000)
			if !(m > 0 && m <= MaxMultiplier) || math.Abs(m*1000-th) > 1e-6 {
				bad("multiplier", "multiplier is above 0, at most %d, in thousandths, got %v", MaxMultiplier, m)
			} else {
				it.Mult = int(th)
			}
		default:
			if n := *s.EachTurn; n == 0 || n < -MaxStat || n > MaxStat {
				bad("each_turn", "each_turn is from %d to %d and not 0, got %d", -MaxStat, MaxStat, n)
			} else {
				it.EachTurn = n
			}
		}
	}
	return it, ps
}

// an is the article before an effect's name.
func an(effect string) string {
	if effect != "" && strings.ContainsRune("aeiouAEIOU", rune(effect[0])) {
		return "n"
	}
	return ""
}

// Spec is the item as an ItemSpec writes it: what a Setup or a scenario would give.
func (it Item) Spec() ItemSpec {
	s := ItemSpec{Name: it.Name, Cost: it.Cost, Effect: it.Effect.String()}
	ip := func(v int) *int { return &v }
	switch it.Effect {
	case Upgrade:
		s.Stat = it.Stat.String()
		if it.Percent != 0 {
			s.Percent = ip(it.Percent)
		} else {
			s.Flat = ip(it.Flat)
		}
	case Damage, Heal:
		s.Element, s.Value = it.Element.String(), ip(it.Value)
	case Domain:
		s.Element = it.Element.String()
		if it.Mult != 0 {
			m := float64(it.Mult) / 1000
			s.Multiplier = &m
		} else {
			s.EachTurn = ip(it.EachTurn)
		}
	}
	if it.Effect != Domain {
		s.Scope, s.Target = it.Scope.String(), "single"
		if it.Multi {
			s.Target = "multi"
		}
	}
	return s
}

// Spec is the creature type as a CreatureSpec writes it.
func (k Kind) Spec() CreatureSpec {
	return CreatureSpec{Type: k.Name, Element: k.Element.String(), Attack: k.Attack.String(), Speed: k.Speed, Health: k.Health, Damage: k.Damage}
}
