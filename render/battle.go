package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/kombat-game/kombat/aibg"
)

// Battle is what one AIBG picture shows: the match as it stands after a turn, that
// turn's log, and the players' names.
type Battle struct {
	Snap  BattleSnap
	Last  *aibg.TurnLog // the turn just played; nil for none
	Names [2]string     // display names; "" becomes "Player 1" / "Player 2"
	Title string        // optional line beside the status, e.g. "Turn 7 played"
}

// BattleSnap is an AIBG match as both players may see it, copied out of the game so
// that drawing never touches a live match: the lineups (not the hidden pools), the
// shop and the domain.
type BattleSnap struct {
	Phase   aibg.Phase
	Round   int // from 1; 0 during pool selection
	Turn    int // the round's open turn; 0 outside ROUND_IN_PROGRESS
	Winner  int // once the match is over: 1, 2, or 0 for a draw
	Players [2]BattleSide
	// Ended says the lineups are those the last round ended with: between rounds, the
	// new ones are chosen in secret, and the picture of the turn that ended a round
	// shows how it ended.
	Ended  bool
	Shop   []ShopItem
	Domain *aibg.Item // the domain in force, or nil
}

// BattleSide is one player's side of a BattleSnap.
type BattleSide struct {
	Atoms     int
	RoundsWon int
	Slots     []aibg.Creature // slot 0 first: the living, then the dead (A11)
	Alive     int             // living creatures of the whole pool
	Pool      int             // creatures in the pool
}

// ShopItem is an item on show and who has bought it this round.
type ShopItem struct {
	Item   aibg.Item
	Bought [2]bool
}

// SnapBattle copies what a picture of g shows. Between rounds (a turn that ends a
// round leaves g in the next round's selection) the lineups are those the last round
// ended with (aibg's Ended); at the match's end the last lineups stay in their slots.
func SnapBattle(g *aibg.Game) BattleSnap {
	s := BattleSnap{Phase: g.Phase(), Round: g.Round(), Turn: g.Turn(), Winner: g.Winner()}
	s.Ended = s.Phase == aibg.RoundSelection
	for p := 1; p <= 2; p++ {
		side := &s.Players[p-1]
		side.Atoms, side.RoundsWon = g.Atoms(p), g.RoundsWon(p)
		for _, id := range g.Slots(p) {
			side.Slots = append(side.Slots, g.Creature(id))
		}
		if s.Ended {
			side.Slots = g.Ended(p)
		}
		pool := g.Pool(p)
		side.Pool = len(pool)
		for _, id := range pool {
			if g.Creature(id).Alive {
				side.Alive++
			}
		}
	}
	for _, it := range g.Shop() {
		s.Shop = append(s.Shop, ShopItem{Item: it, Bought: [2]bool{g.Bought(1, it.Name), g.Bought(2, it.Name)}})
	}
	if d, ok := g.Domain(); ok {
		s.Domain = &d
	}
	return s
}

// The picture's layout, on a board's canvas: a header, each side's name and
// counters, the bands where the last turn's attacks run, the two lineups facing each
// other across the middle with their fronts (slot 0) nearest it, the last turn's
// moves, then the shop and the domain.
const (
	sideTop    = 62.0
	bandTop    = 116.0 // player 1's attack band; player 2's is bandStep lower
	bandStep   = 12.0
	cardTop    = 146.0
	cardW      = 108.0
	cardH      = 232.0
	cardGap    = 8.0
	midLeft    = 472.0 // player 1's front card ends here
	midRight   = 488.0 // player 2's front card starts here
	barInset   = 8.0
	barTop     = cardTop + 104
	barH       = 14.0
	movesTop   = cardTop + cardH + 22
	shopTop    = 448.0
	shopBoxH   = 168.0
	shopBoxW   = 222.0
	domainLeft = 16 + 3*(shopBoxW+8)
)

// Element and health colours. The elements are also told by their letter (W, F, N)
// and word, so colour is never the only cue.
func elementColor(e string) color.RGBA {
	switch e {
	case "water":
		return rgb(0x3D8FD9)
	case "fire":
		return rgb(0xE4572E)
	case "nature":
		return rgb(0x5BAA3C)
	}
	return rgb(colMuted)
}

const (
	colHealthy = 0x4CC38A
	colCard    = 0x2B313B
	colDeadBox = 0x30343A
	colBarBack = 0x14171C
)

// healthColor is a bar's fill: green, yellow from half health, red from a quarter.
func healthColor(health, maxHealth int) color.RGBA {
	switch {
	case 4*health <= maxHealth:
		return rgb(colDamage)
	case 2*health <= maxHealth:
		return rgb(colShot)
	}
	return rgb(colHealthy)
}

// battlePalette holds every flat colour of the picture exactly, then a third and two
// thirds of each ink over each fill it is written on (anti-aliased text keeps its
// colour), then a 4x4x4 cube and greys for the edges of everything else.
func battlePalette() color.Palette {
	fills := []color.RGBA{rgb(colBackground), rgb(colPanel), rgb(colCard), rgb(colDeadBox),
		playerColor(1), playerColor(2), elementColor("water"), elementColor("fire"), elementColor("nature")}
	inks := []color.RGBA{rgb(colText), rgb(colMuted), rgb(0xFFFFFF), rgb(0x1A1A1A), playerLight(1), playerLight(2),
		rgb(colShot), rgb(colDamage), rgb(colHealthy)}
	p := color.Palette{rgb(colHex), rgb(colHexLine), rgb(0x000000), rgb(colBarBack)}
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] {
			seen[c] = true
			p = append(p, c)
		}
	}
	for _, c := range append(append([]color.RGBA(nil), fills...), inks...) {
		add(c)
	}
	for i, f := range fills {
		for j, ink := range inks {
			if i >= 6 && j > 3 { // on an element's disc only its letter is written
				continue
			}
			add(blend(f, ink, 1.0/3))
			add(blend(f, ink, 2.0/3))
		}
	}
	for r := 0; r < 4; r++ {
		for g := 0; g < 4; g++ {
			for b := 0; b < 4; b++ {
				add(color.RGBA{uint8(r * 255 / 3), uint8(g * 255 / 3), uint8(b * 255 / 3), 0xff})
			}
		}
	}
	// Greys over the whole range, as many as are left room for (then any grey, should
	// the cube have taken some).
	step := 256 / max(1, transparent-len(p))
	for _, from := range []int{max(step, 1), 1} {
		for v := 0; v < 256 && len(p) < transparent; v += from {
			add(color.RGBA{uint8(v), uint8(v), uint8(v), 0xff})
		}
	}
	return append(p, color.RGBA{})
}

// BattlePNG draws an AIBG picture and encodes it with its own palette, as territory
// images are: the same Battle always gives the same bytes. The error is kept for
// callers; drawing and encoding into memory cannot fail.
func (r *Renderer) BattlePNG(b Battle) ([]byte, error) {
	return r.battle.prepare(battlePalette).picture(func(f *territoryFrame) { r.drawBattle(f, b) }), nil
}

// DrawBattle draws an AIBG picture into a new image, in full colour.
func (r *Renderer) DrawBattle(b Battle) *image.RGBA {
	return fullColour(func(f *territoryFrame) { r.drawBattle(f, b) })
}

// battleView is what drawing a picture needs, worked out once.
type battleView struct {
	b     Battle
	names [2]string
	// delta is each creature's health change in the last turn, by id: what it lost
	// and what it gained, written on its card.
	lost, gained map[int]int
}

func (r *Renderer) drawBattle(f *territoryFrame, b Battle) {
	v := &battleView{b: b, lost: map[int]int{}, gained: map[int]int{}}
	for p := range v.names {
		v.names[p] = strings.TrimSpace(b.Names[p])
		if v.names[p] == "" {
			v.names[p] = fmt.Sprintf("Player %d", p+1)
		}
	}
	if b.Last != nil {
		for _, e := range b.Last.Events {
			switch e.Kind {
			case aibg.EventAttack, aibg.EventDamage:
				v.lost[e.Target] += e.Amount
			case aibg.EventHeal:
				v.gained[e.Target] += e.Amount
			case aibg.EventTick:
				if e.Amount < 0 {
					v.lost[e.Target] -= e.Amount
				} else {
					v.gained[e.Target] += e.Amount
				}
			}
		}
	}
	fillBox(f.rgba, 0, 0, Width, Height, rgb(colBackground))
	pn := r.newPen(f.dc)
	r.battleHeader(pn, v)
	for p := 1; p <= 2; p++ {
		r.sideHeader(f, pn, v, p)
		for slot := range aibg.MaxSlots {
			if len(b.Snap.Players[p-1].Slots) > 0 || len(b.Snap.Players[2-p].Slots) > 0 {
				r.card(f, pn, v, p, slot)
			}
		}
	}
	if len(b.Snap.Players[0].Slots)+len(b.Snap.Players[1].Slots) == 0 {
		r.noLineups(f, pn, v)
	}
	r.attackArrows(f.shapes, v)
	r.lastMoves(pn, v)
	r.shop(f, pn, v)
}

// battleHeader writes the game's name, the round and turn, and the match's status.
func (r *Renderer) battleHeader(pn *pen, v *battleView) {
	s := v.b.Snap
	pn.font(r.face(true, 20))
	pn.setColor(rgb(colText))
	pn.at("AIBG", 20, 24, 0, 0.5)
	where := "choosing pools"
	switch {
	case s.Phase == aibg.GameOver:
		where = fmt.Sprintf("%s played", Plural(s.Round, "1 round", strconv.Itoa(s.Round)+" rounds"))
	case s.Phase == aibg.RoundInProgress:
		where = fmt.Sprintf("round %d of %d · turn %d", s.Round, aibg.MaxRounds, s.Turn)
	case s.Round > 0:
		where = fmt.Sprintf("round %d of %d · choosing lineups", s.Round, aibg.MaxRounds)
	}
	pn.font(r.face(false, 14))
	pn.setColor(rgb(colMuted))
	pn.at(where, Width-20, 24, 1, 0.5)
	status := ""
	switch {
	case s.Phase == aibg.GameOver && s.Winner == 0:
		status = fmt.Sprintf("Game over: a draw, %d rounds each", s.Players[0].RoundsWon)
	case s.Phase == aibg.GameOver:
		w, l := s.Players[s.Winner-1].RoundsWon, s.Players[2-s.Winner].RoundsWon
		status = fmt.Sprintf("Game over: %s wins, %d rounds to %d", v.names[s.Winner-1], w, l)
	case v.b.Last != nil && v.b.Last.RoundOver && v.b.Last.RoundWinner == 0:
		status = fmt.Sprintf("Round %d is a draw", v.b.Last.Round)
	case v.b.Last != nil && v.b.Last.RoundOver:
		status = fmt.Sprintf("Round %d to %s", v.b.Last.Round, v.names[v.b.Last.RoundWinner-1])
	case s.Phase == aibg.RoundInProgress:
		status = "Both choose a move"
	case s.Phase == aibg.RoundSelection && s.Round > 1:
		status = fmt.Sprintf("Round %d ended so", s.Round-1)
	case s.Phase == aibg.RoundSelection:
		status = "Both choose a lineup"
	default:
		status = "Both name their pool"
	}
	pn.font(r.face(true, 15))
	pn.setColor(rgb(colText))
	if s.Phase == aibg.GameOver || (v.b.Last != nil && v.b.Last.RoundOver) {
		pn.setColor(rgb(colShot))
	}
	pn.at(fit(pn, status, 520), 20, 48, 0, 0.5)
	if v.b.Title != "" {
		pn.font(r.face(false, 13))
		pn.setColor(rgb(colText))
		pn.at(fit(pn, v.b.Title, 380), Width-20, 48, 1, 0.5)
	}
}

// sideLeft and sideRight are the edges of player p's half.
func sideLeft(p int) float64 {
	if p == 1 {
		return 16
	}
	return midRight
}

func sideRight(p int) float64 { return sideLeft(p) + midLeft - 16 }

// cardX is the left edge of player p's card in slot s: the fronts face each other
// across the middle, the back slots further out.
func cardX(p, s int) float64 {
	if p == 1 {
		return midLeft - float64(s+1)*cardW - float64(s)*cardGap
	}
	return midRight + float64(s)*(cardW+cardGap)
}

// sideHeader writes player p's name, rounds won (a pip each, out of the rounds a
// match can last), atoms and the living creatures left in the pool.
func (r *Renderer) sideHeader(f *territoryFrame, pn *pen, v *battleView, p int) {
	side := v.b.Snap.Players[p-1]
	x0, x1 := sideLeft(p), sideRight(p)
	fillBox(f.rgba, int(x0), int(sideTop), int(x1), int(sideTop)+46, rgb(colPanel))
	fillBox(f.rgba, int(x0), int(sideTop), int(x0)+5, int(sideTop)+46, playerColor(p))
	pn.font(r.face(true, 16))
	pn.setColor(playerLight(p))
	pn.at(fit(pn, v.names[p-1], 250), x0+14, sideTop+14, 0, 0.5)
	pn.font(r.face(true, 15))
	pn.setColor(rgb(colShot))
	pn.at(fmt.Sprintf("%d %s", side.Atoms, Plural(side.Atoms, "atom", "atoms")), x1-10, sideTop+14, 1, 0.5)
	pn.font(r.face(false, 13))
	pn.setColor(rgb(colMuted))
	pn.at("rounds won", x0+14, sideTop+34, 0, 0.5)
	for i := range aibg.MaxRounds {
		cx := x0 + 96 + float64(i)*15
		f.shapes.circle(cx, sideTop+34, 5.5)
		f.shapes.fill(rgb(colHexLine))
		if i < side.RoundsWon {
			f.shapes.circle(cx, sideTop+34, 4.5)
			f.shapes.fill(playerLight(p))
		}
	}
	pn.setColor(rgb(colText))
	pn.at(strconv.Itoa(side.RoundsWon), x0+96+float64(aibg.MaxRounds)*15, sideTop+34, 0, 0.5)
	if side.Pool > 0 {
		pn.setColor(rgb(colMuted))
		pn.at(fmt.Sprintf("%d of %d creatures alive", side.Alive, side.Pool), x1-10, sideTop+34, 1, 0.5)
	}
}

// card draws player p's slot s: the creature's type, id, element, attack type, health
// bar with numbers, speed and damage, and what the last turn did to it; a dead
// creature in grey, an empty slot as an outline.
func (r *Renderer) card(f *territoryFrame, pn *pen, v *battleView, p, s int) {
	img := f.rgba
	x := cardX(p, s)
	x0, y0, x1, y1 := int(x), int(cardTop), int(x+cardW), int(cardTop+cardH)
	slots := v.b.Snap.Players[p-1].Slots
	label := "slot " + strconv.Itoa(s)
	if s == 0 {
		label = "FRONT"
	}
	cx := x + cardW/2
	if s >= len(slots) {
		fillBox(img, x0, y0, x1, y1, rgb(colHexLine))
		fillBox(img, x0+1, y0+1, x1-1, y1-1, rgb(colBackground))
		pn.font(r.face(false, 12))
		pn.setColor(rgb(colMuted))
		pn.at(label, cx, cardTop+12, 0.5, 0.5)
		pn.at("empty", cx, cardTop+cardH/2, 0.5, 0.5)
		return
	}
	c := slots[s]
	box, strip, ink, text := rgb(colCard), playerColor(p), tokenText(p), rgb(colText)
	if !c.Alive {
		box, strip, ink, text = rgb(colDeadBox), rgb(colHexLine), rgb(colText), rgb(colMuted)
	}
	fillBox(img, x0, y0, x1, y1, box)
	fillBox(img, x0, y0, x1, y0+24, strip)
	pn.font(r.face(true, 12))
	pn.setColor(ink)
	pn.at(label, x+7, cardTop+12, 0, 0.5)
	pn.font(r.face(false, 12))
	pn.at("#"+strconv.Itoa(c.ID), x+cardW-7, cardTop+12, 1, 0.5)
	pn.font(r.face(true, 16))
	pn.setColor(text)
	pn.at(fit(pn, c.Type, cardW-10), cx, cardTop+42, 0.5, 0.5)
	// The element: a disc in its colour with its letter, the word and the attack type.
	el := elementColor(c.Element)
	if !c.Alive {
		el = rgb(colHexLine)
	}
	f.shapes.circle(x+22, cardTop+74, 13)
	f.shapes.fill(el)
	pn.font(r.face(true, 14))
	pn.setColor(inkOn(el))
	pn.at(strings.ToUpper(c.Element[:min(1, len(c.Element))]), x+22, cardTop+74, 0.5, 0.5)
	pn.font(r.face(false, 14))
	pn.setColor(text)
	pn.at(c.Element, x+41, cardTop+66, 0, 0.5)
	pn.setColor(rgb(colMuted))
	pn.at(attackWord(c.Attack), x+41, cardTop+84, 0, 0.5)
	// The health bar, filled in proportion.
	bx0, bx1 := x0+int(barInset), x1-int(barInset)
	fillBox(img, bx0, int(barTop), bx1, int(barTop+barH), rgb(colBarBack))
	if fill := healthWidth(c.Health, c.MaxHealth, bx1-bx0); fill > 0 && c.Alive {
		fillBox(img, bx0, int(barTop), bx0+fill, int(barTop+barH), healthColor(c.Health, c.MaxHealth))
	}
	pn.font(r.face(true, 14))
	pn.setColor(text)
	pn.at(fmt.Sprintf("%d / %d", c.Health, c.MaxHealth), cx, barTop+barH+13, 0.5, 0.5)
	// Speed and damage.
	for i, st := range [2]struct {
		name string
		n    int
	}{{"speed", c.Speed}, {"damage", c.Damage}} {
		sx := x + cardW/4 + float64(i)*cardW/2
		pn.font(r.face(false, 12))
		pn.setColor(rgb(colMuted))
		pn.at(st.name, sx, barTop+52, 0.5, 0.5)
		pn.font(r.face(true, 17))
		pn.setColor(text)
		pn.at(strconv.Itoa(st.n), sx, barTop+70, 0.5, 0.5)
	}
	// The last turn: what it lost and gained, and death.
	ly := cardTop + cardH - 16
	type mark struct {
		s string
		c color.RGBA
	}
	var marks []mark
	if n := v.lost[c.ID]; n > 0 {
		marks = append(marks, mark{"-" + strconv.Itoa(n), rgb(colDamage)})
	}
	if n := v.gained[c.ID]; n > 0 {
		marks = append(marks, mark{"+" + strconv.Itoa(n), rgb(colHealthy)})
	}
	if !c.Alive {
		pn.font(r.face(true, 13))
		pn.setColor(rgb(colMuted))
		pn.at("DEAD", cx, ly-20, 0.5, 0.5)
	}
	pn.font(r.face(true, 16))
	for i, m := range marks {
		pn.setColor(m.c)
		pn.at(m.s, cx+(float64(i)-float64(len(marks)-1)/2)*48, ly, 0.5, 0.5)
	}
}

// noLineups fills the lineups' place when neither side has one: before the first
// round's lineups (they are chosen in secret), or between rounds of a match played
// quiet, which keeps no ended lineups; the round's result, when the last turn ended
// one, is written large.
func (r *Renderer) noLineups(f *territoryFrame, pn *pen, v *battleView) {
	fillBox(f.rgba, 16, int(cardTop), Width-16, int(cardTop+cardH), rgb(colPanel))
	s, l := v.b.Snap, v.b.Last
	big, small := "", ""
	switch {
	case l != nil && l.RoundOver && l.RoundWinner == 0:
		big = fmt.Sprintf("Round %d: a draw", l.Round)
	case l != nil && l.RoundOver:
		big = fmt.Sprintf("Round %d to %s", l.Round, v.names[l.RoundWinner-1])
	}
	switch s.Phase {
	case aibg.RoundSelection:
		small = fmt.Sprintf("Both choose their lineup for round %d", s.Round)
	case aibg.PoolSelection:
		small = "Both name their pool of 12 creatures"
	}
	cy := cardTop + cardH/2
	if big != "" {
		pn.font(r.face(true, 30))
		pn.setColor(rgb(colShot))
		pn.at(fit(pn, big, Width-80), Width/2, cy-18, 0.5, 0.5)
		cy += 22
	}
	pn.font(r.face(false, 16))
	pn.setColor(rgb(colMuted))
	pn.at(small, Width/2, cy, 0.5, 0.5)
}

// healthWidth is how many of w pixels a bar fills: in proportion, rounded, and at
// least one for a creature with any health left.
func healthWidth(health, maxHealth, w int) int {
	if health <= 0 || maxHealth <= 0 {
		return 0
	}
	return min(max(int(math.Round(float64(w)*float64(health)/float64(maxHealth))), 1), w)
}

// attackWord spells an attack type for a card: aoe as players say it.
func attackWord(a string) string {
	if a == "aoe" {
		return "area"
	}
	return a
}

// cardOf finds creature id on either side: its player and slot, or 0 when it is not
// in a lineup.
func cardOf(s BattleSnap, id int) (p, slot int) {
	for i := range s.Players {
		for j, c := range s.Players[i].Slots {
			if c.ID == id {
				return i + 1, j
			}
		}
	}
	return 0, 0
}

// attackArrows draws each attack of the last turn as an arrow in the attacker's colour
// from its card, over the lineups in its player's band, down onto the card it hit.
func (r *Renderer) attackArrows(sh *shaper, v *battleView) {
	if v.b.Last == nil {
		return
	}
	s := v.b.Snap
	for pass, w := range [2]float64{5, 2.5} {
		for _, e := range v.b.Last.Events {
			if e.Kind != aibg.EventAttack {
				continue
			}
			ap, as := cardOf(s, e.Creature)
			tp, ts := cardOf(s, e.Target)
			if ap == 0 || tp == 0 {
				continue
			}
			band := bandTop + float64(ap-1)*bandStep
			ax, tx := cardX(ap, as)+cardW/2-8+float64(ap-1)*16, cardX(tp, ts)+cardW/2
			pts := [][2]float64{{ax, cardTop}, {ax, band}, {tx, band}, {tx, cardTop - 6}}
			sh.polyline(pts, w)
			arrowHead(sh, tx, band, tx, cardTop-2, 3*w+3)
			if pass == 1 {
				sh.fill(playerLight(ap))
			}
		}
		if pass == 0 {
			sh.fill(rgb(0x000000))
		}
	}
}

// lastMoves writes the moves of the last turn as each player wrote them, and why a
// move was a pass.
func (r *Renderer) lastMoves(pn *pen, v *battleView) {
	l := v.b.Last
	if l == nil {
		if v.b.Snap.Ended {
			pn.font(r.face(true, 13))
			pn.setColor(rgb(colMuted))
			pn.at(fmt.Sprintf("Both choose their lineup for round %d", v.b.Snap.Round), 20, movesTop, 0, 0.5)
		}
		return
	}
	pn.font(r.face(true, 13))
	pn.setColor(rgb(colMuted))
	pn.at(fmt.Sprintf("Turn %d of round %d", l.Turn, l.Round), 20, movesTop, 0, 0.5)
	for p := 1; p <= 2; p++ {
		x0 := sideLeft(p)
		if p == 1 {
			x0 += 150
		}
		move := strings.TrimSpace(l.Moves[p-1])
		if move == "" {
			move = "(no move)"
		}
		if ref := l.Refused[p-1]; ref != nil {
			move += ": pass, " + ref.Error()
		}
		pn.font(r.face(false, 14))
		pn.setColor(playerLight(p))
		pn.at(fit(pn, move, sideRight(p)-x0-4), x0, movesTop, 0, 0.5)
	}
}

// shop draws the round's items, each with its price, what it does and who bought it,
// then the domain in force.
func (r *Renderer) shop(f *territoryFrame, pn *pen, v *battleView) {
	s := v.b.Snap
	pn.font(r.face(true, 13))
	pn.setColor(rgb(colMuted))
	pn.at("SHOP", 20, shopTop-16, 0, 0.5)
	pn.at("DOMAIN", domainLeft+4, shopTop-16, 0, 0.5)
	// Before the first round and after the last, the shop is closed.
	closed := map[aibg.Phase]string{aibg.GameOver: "the match is over", aibg.PoolSelection: "the shop opens in round 1"}[s.Phase]
	if closed != "" {
		fillBox(f.rgba, 16, int(shopTop), int(domainLeft)-8, int(shopTop+shopBoxH), rgb(colPanel))
		fillBox(f.rgba, int(domainLeft), int(shopTop), Width-16, int(shopTop+shopBoxH), rgb(colPanel))
		pn.font(r.face(false, 14))
		pn.setColor(rgb(colMuted))
		pn.at("closed: "+closed, (16+domainLeft-8)/2, shopTop+shopBoxH/2, 0.5, 0.5)
		pn.at("none", (domainLeft+Width-16)/2, shopTop+shopBoxH/2, 0.5, 0.5)
		return
	}
	for i := range aibg.ShopSize {
		x := 16 + float64(i)*(shopBoxW+8)
		if i >= len(s.Shop) {
			fillBox(f.rgba, int(x), int(shopTop), int(x+shopBoxW), int(shopTop+shopBoxH), rgb(colPanel))
			pn.font(r.face(false, 13))
			pn.setColor(rgb(colMuted))
			pn.at("nothing left to show", x+shopBoxW/2, shopTop+shopBoxH/2, 0.5, 0.5)
			continue
		}
		r.itemBox(f, pn, s.Shop[i].Item, x, s.Shop[i].Bought, true)
	}
	if s.Domain == nil {
		fillBox(f.rgba, int(domainLeft), int(shopTop), Width-16, int(shopTop+shopBoxH), rgb(colPanel))
		pn.font(r.face(false, 13))
		pn.setColor(rgb(colMuted))
		pn.at("no domain in force", (domainLeft+Width-16)/2, shopTop+shopBoxH/2, 0.5, 0.5)
		return
	}
	r.itemBox(f, pn, *s.Domain, domainLeft, [2]bool{}, false)
}

// itemBox is an item's box at x: its name, its price in atoms, what it does (with its
// element's disc and letter), and a chip per player who bought it.
func (r *Renderer) itemBox(f *territoryFrame, pn *pen, it aibg.Item, x float64, bought [2]bool, priced bool) {
	w := shopBoxW
	if !priced {
		w = Width - 16 - x
	}
	fillBox(f.rgba, int(x), int(shopTop), int(x+w), int(shopTop+shopBoxH), rgb(colPanel))
	pn.font(r.face(true, 17))
	pn.setColor(rgb(colText))
	pn.at(fit(pn, it.Name, w-80), x+12, shopTop+20, 0, 0.5)
	if priced {
		pn.font(r.face(true, 17))
		pn.setColor(rgb(colShot))
		pn.at(strconv.Itoa(it.Cost), x+w-46, shopTop+20, 1, 0.5)
		pn.font(r.face(false, 12))
		pn.at(Plural(it.Cost, "atom", "atoms"), x+w-42, shopTop+21, 0, 0.5)
	}
	what, who := itemLines(it)
	el := rgb(colMuted)
	letter := "*"
	if it.Effect != aibg.Upgrade && it.Element != aibg.NoElement {
		el = elementColor(it.Element.String())
		letter = strings.ToUpper(it.Element.String()[:1])
	}
	if it.Effect == aibg.Upgrade {
		letter = "+"
	}
	f.shapes.circle(x+22, shopTop+56, 11)
	f.shapes.fill(el)
	pn.font(r.face(true, 13))
	pn.setColor(inkOn(el))
	pn.at(letter, x+22, shopTop+56, 0.5, 0.5)
	pn.font(r.face(false, 15))
	pn.setColor(rgb(colText))
	pn.at(fit(pn, what, w-50), x+40, shopTop+56, 0, 0.5)
	pn.font(r.face(false, 14))
	pn.setColor(rgb(colMuted))
	pn.at(fit(pn, who, w-24), x+12, shopTop+84, 0, 0.5)
	if !priced {
		return
	}
	for p := 1; p <= 2; p++ {
		cx := x + 12 + float64(p-1)*(w-24)/2
		cy := shopTop + shopBoxH - 32
		cw := (w-24)/2 - 6
		if !bought[p-1] {
			continue
		}
		fillBox(f.rgba, int(cx), int(cy), int(cx+cw), int(cy)+22, playerColor(p))
		pn.font(r.face(true, 12))
		pn.setColor(tokenText(p))
		pn.at(fmt.Sprintf("bought by P%d", p), cx+cw/2, cy+11, 0.5, 0.5)
	}
}

// elementWords names a domain's element; NONE covers them all (A15).
func elementWords(e aibg.Element) string {
	if e == aibg.NoElement {
		return "all"
	}
	return e.String()
}

// itemLines says what an item does and to whom, in the words of docs/aibg.md's
// catalog: "damage 30 fire", "enemy, single"; a domain's second line says it lasts
// the round.
func itemLines(it aibg.Item) (what, who string) {
	switch it.Effect {
	case aibg.Damage, aibg.Heal:
		what = fmt.Sprintf("%s %d %s", it.Effect, it.Value, it.Element)
	case aibg.Upgrade:
		n := strconv.Itoa(it.Flat)
		if it.Percent != 0 {
			n = strconv.Itoa(it.Percent) + "%"
		}
		if !strings.HasPrefix(n, "-") {
			n = "+" + n
		}
		what = fmt.Sprintf("%s %s", it.Stat, n)
	case aibg.Domain:
		if it.Mult != 0 {
			what = fmt.Sprintf("%s damage x%s", elementWords(it.Element), strconv.FormatFloat(float64(it.Mult)/1000, 'f', -1, 64))
		} else {
			what = fmt.Sprintf("%s %+d health a turn", elementWords(it.Element), it.EachTurn)
		}
		return what, "both sides, for the round"
	}
	target := "single"
	if it.Multi {
		target = "multi"
	}
	return what, it.Scope.String() + ", " + target
}
