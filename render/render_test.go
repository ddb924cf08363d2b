package render

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/fogleman/gg"

	"github.com/kombat-game/kombat/game"
)

var update = flag.Bool("update", false, "rewrite the golden images and texts in testdata/ (and docs/board.png, docs/chart.png)")

// Golden images are compared after decoding: a pixel differs when a channel is off by
// more than pixelTolerance, and at most maxDiffShare of the pixels may differ.
const (
	pixelTolerance = 24
	maxDiffShare   = 0.002
)

// sharedRenderer is the renderer newRenderer gives every test: making one (fonts, the
// field, every hex's stamps) takes seconds under the race detector, far more than most
// tests' drawing. A Renderer is safe for concurrent use and draws the same bytes
// whatever it drew before (TestPNGBytesRepeat checks that against a fresh one).
var sharedRenderer = sync.OnceValues(New)

// newRenderer returns the package's tests' shared renderer.
func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := sharedRenderer()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// freshRenderer makes a renderer of the test's own, for a test about what a new one
// draws.
func freshRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// craftedBoard is a hand-made position exercising every kind of drawing: tokens of
// both players with their HP, spawnable areas, buyable hexes, a walk, a blocked move,
// a shot with damage, an unafforded shot and a death.
func craftedBoard() Board {
	h := func(r, c int) game.Hex { return game.Hex{Row: r, Col: c} }
	cfg := game.DefaultConfig()
	snap := game.Snapshot{
		Mode: game.ModeDuel, Phase: game.PhasePlay, Config: cfg, Current: 2,
		Players: [2]game.PlayerView{
			{Budget: 12345.6, Turn: 7, Interest: 21.4, SpawnsLeft: 40, Spawnable: append(game.StartArea(1), h(3, 1), h(2, 3)), Minions: 3, HP: 214},
			{Budget: 987, Turn: 7, Interest: 11.2, SpawnsLeft: 43, Spawnable: append(game.StartArea(2), h(6, 8)), Minions: 2, HP: 150},
		},
		Kinds: []game.KindView{{Name: "Tank", Defense: 10}, {Name: "Sniper Elite", Defense: 0}, {Name: "tiny", Defense: 2}},
		Minions: []game.MinionView{
			{ID: 1, Owner: 1, Kind: 0, Hex: h(1, 1), HP: 100, Defense: 10},
			{ID: 2, Owner: 2, Kind: 1, Hex: h(8, 8), HP: 100, Defense: 0},
			{ID: 3, Owner: 1, Kind: 1, Hex: h(4, 4), HP: 100, Defense: 0},
			{ID: 4, Owner: 2, Kind: 2, Hex: h(3, 5), HP: 50, Defense: 2},
			{ID: 6, Owner: 1, Kind: 2, Hex: h(2, 2), HP: 14, Defense: 2},
		},
		Buyable: []game.Hex{h(6, 6), h(6, 7), h(7, 6), h(5, 8)},
	}
	last := game.TurnLog{Player: 1, Turn: 7, Events: []game.Event{
		{Type: game.EvIncome, Player: 1, Amount: 90},
		{Type: game.EvMove, Player: 1, Minion: 3, Kind: "Sniper Elite", At: h(6, 4), To: h(5, 4), Dir: game.Up},
		{Type: game.EvMove, Player: 1, Minion: 3, Kind: "Sniper Elite", At: h(5, 4), To: h(4, 4), Dir: game.Up},
		{Type: game.EvMove, Player: 1, Minion: 1, Kind: "Tank", At: h(1, 1), To: h(1, 1), Dir: game.UpLeft, Blocked: true},
		{Type: game.EvShoot, Player: 1, Minion: 3, Kind: "Sniper Elite", At: h(4, 4), To: h(3, 5), Dir: game.UpRight, Amount: 52, Target: 4, Damage: 50, HP: 50},
		{Type: game.EvShoot, Player: 1, Minion: 6, Kind: "tiny", At: h(2, 2), To: h(2, 3), Dir: game.DownRight, Amount: 9999, Blocked: true},
		{Type: game.EvShoot, Player: 1, Minion: 6, Kind: "tiny", At: h(2, 2), To: h(3, 2), Dir: game.Down, Amount: 2802, Target: 5, Damage: 2792, Lost: 100, HP: 0},
		{Type: game.EvDeath, Player: 2, Minion: 5, Kind: "Tank", At: h(3, 2)},
	}}
	return Board{Snap: snap, Last: last, Names: [2]string{"Alice the Magnificent", "Bob"}}
}

func goldenBoards(t testing.TB) map[string]Board {
	crafted := craftedBoard()
	over := crafted
	over.Snap.Result = &game.Result{Winner: 1, Reason: game.ReasonElimination}
	over.Snap.Current = 0
	mid := playTo(t, game.DefaultConfig(), 3, 25)
	setup := playTo(t, game.DefaultConfig(), 8, 0)
	return map[string]Board{
		"crafted":  crafted,
		"gameover": over,
		"midgame":  boardOf(mid, [2]string{"Alice", ""}),
		"setup":    {Snap: setup.Snapshot(), Last: game.TurnLog{Events: setup.SetupEvents()}, Names: [2]string{"Alice", ""}},
	}
}

// TestGoldenImages draws known boards and compares them with testdata/NAME.png; on a
// difference it writes testdata/failed/NAME.png and NAME.diff.png to look at.
func TestGoldenImages(t *testing.T) {
	r := newRenderer(t)
	for name, b := range goldenBoards(t) {
		t.Run(name, func(t *testing.T) {
			data, err := r.PNG(b)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, name, data, decodePNG(t, data), maxDiffShare)
		})
	}
}

// checkGolden compares img, decoded from data, with testdata/NAME.png, decoded: at
// most limit of the pixels may differ by more than pixelTolerance. On a difference it
// writes testdata/failed/NAME.png and NAME.diff.png to look at; with -update it
// rewrites the golden image with data.
func checkGolden(t *testing.T, name string, data []byte, img image.Image, limit float64) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	want, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if img.Bounds() != want.Bounds() {
		t.Fatalf("%s: the image is %v, the golden one %v", name, img.Bounds(), want.Bounds())
	}
	diff, share := compare(img, want)
	if share > limit {
		os.MkdirAll(filepath.Join("testdata", "failed"), 0o755)
		os.WriteFile(filepath.Join("testdata", "failed", name+".png"), data, 0o644)
		var buf bytes.Buffer
		png.Encode(&buf, diff)
		os.WriteFile(filepath.Join("testdata", "failed", name+".diff.png"), buf.Bytes(), 0o644)
		t.Errorf("%s: %.3f%% of the pixels differ (limit %.3f%%); see testdata/failed/", name, share*100, limit*100)
	}
}

func decodePNG(t testing.TB, data []byte) image.Image {
	t.Helper()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || format != "png" {
		t.Fatalf("not a PNG: %v %s", err, format)
	}
	if cfg.Width != Width || cfg.Height != Height || cfg.Width >= 1000 || cfg.Width == cfg.Height {
		t.Fatalf("image is %dx%d; want %dx%d, under 1000 wide and not square", cfg.Width, cfg.Height, Width, Height)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// compare returns an image marking differing pixels in red, and their share.
func compare(a, b image.Image) (*image.RGBA, float64) {
	bounds := a.Bounds()
	diff := image.NewRGBA(bounds)
	pa, pb := rgbaPixels(a), rgbaPixels(b, bounds)
	n := 0
	for i, ca := range pa {
		cb := pb[i]
		d := max(absDiff(ca.R, cb.R), absDiff(ca.G, cb.G), absDiff(ca.B, cb.B), absDiff(ca.A, cb.A))
		px := diff.Pix[4*i : 4*i+4]
		if d > pixelTolerance {
			n++
			px[0], px[1], px[2], px[3] = 255, 0, 0, 255
		} else {
			g := uint8((uint16(ca.R) + uint16(ca.G) + uint16(ca.B)) / 6)
			px[0], px[1], px[2], px[3] = g, g, g, 255
		}
	}
	return diff, float64(n) / float64(bounds.Dx()*bounds.Dy())
}

// rgbaPixels is an image's pixels over bounds (its own by default), row by row, each
// as color.RGBAModel converts it. A paletted image's palette is converted once, not
// once a pixel: with the race detector, converting pixel by pixel through image.At
// made most of the golden tests' time.
func rgbaPixels(img image.Image, bounds ...image.Rectangle) []color.RGBA {
	b := img.Bounds()
	if len(bounds) > 0 {
		b = bounds[0]
	}
	out := make([]color.RGBA, 0, b.Dx()*b.Dy())
	if p, ok := img.(*image.Paletted); ok && b.In(p.Bounds()) {
		var pal [256]color.RGBA
		for i, c := range p.Palette {
			pal[i] = color.RGBAModel.Convert(c).(color.RGBA)
		}
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for _, ci := range p.Pix[p.PixOffset(b.Min.X, y):p.PixOffset(b.Max.X, y)] {
				out = append(out, pal[ci])
			}
		}
		return out
	}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out = append(out, color.RGBAModel.Convert(img.At(x, y)).(color.RGBA))
		}
	}
	return out
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// TestGoldenImagesDetectChange makes sure the comparison can fail: a board with one
// minion moved differs from the golden one beyond the tolerance.
func TestGoldenImagesDetectChange(t *testing.T) {
	r := newRenderer(t)
	b := craftedBoard()
	want, err := r.PNG(b)
	if err != nil {
		t.Fatal(err)
	}
	b.Snap.Minions[2].Hex = game.Hex{Row: 6, Col: 2}
	got, _ := r.PNG(b)
	if _, share := compare(decodePNG(t, got), decodePNG(t, want)); share <= maxDiffShare {
		t.Errorf("moving a minion changed only %.4f%% of the pixels", share*100)
	}
}

// TestBannerLeavesBoardVisible: a finished game's board shows the final position in
// full: the board's side of the image is the same as without the result, and the
// result is written in the panel.
func TestBannerLeavesBoardVisible(t *testing.T) {
	r := newRenderer(t)
	over := goldenBoards(t)["gameover"]
	open := over
	open.Snap.Result = nil
	for _, res := range []game.Result{{Winner: 1, Reason: game.ReasonElimination}, {Reason: game.ReasonTie}} {
		over.Snap.Result = &res
		a, _ := r.PNG(over)
		b, _ := r.PNG(open)
		got, want := decodePNG(t, a), decodePNG(t, b)
		board := image.Rect(0, 0, int(panelLeft)-8, Height)
		for y := board.Min.Y; y < board.Max.Y; y++ {
			for x := board.Min.X; x < board.Max.X; x++ {
				if got.At(x, y) != want.At(x, y) {
					t.Fatalf("%v: the board differs at (%d,%d) once the game is over", res, x, y)
				}
			}
		}
		if _, share := compare(got, want); share == 0 {
			t.Errorf("%v: the result is drawn nowhere", res)
		}
	}
}

// TestFooterWraps: a turn with every kind of action and a long name is written in
// full, on lines within the panel, never cut off with an ellipsis.
func TestFooterWraps(t *testing.T) {
	r := newRenderer(t)
	v := newView(craftedBoard())
	v.names[0] = "Alice the Magnificent of the Northern Hexes"
	v.b.Last.Events = append(v.b.Last.Events, game.Event{Type: game.EvSpawn, Player: 1, Minion: 9})
	who, parts := lastTurnParts(v)
	if len(parts) < 5 {
		t.Fatalf("only %d kinds of action: %v", len(parts), parts)
	}
	pn := r.newPen(gg.NewContext(1, 1))
	pn.font(r.face(false, 13))
	w := Width - panelLeft - 26
	lines := wrapParts(pn, who+": ", parts, w, footerLines)
	if len(lines) < 2 || len(lines) > footerLines {
		t.Errorf("%d lines: %q", len(lines), lines)
	}
	all := strings.Join(lines, " ")
	for _, l := range lines {
		if pn.width(l) > w || strings.Contains(l, "…") {
			t.Errorf("line %q is %.0f px wide (limit %.0f) or cut", l, pn.width(l), w)
		}
	}
	for _, p := range append(parts, who) {
		if !strings.Contains(all, p) {
			t.Errorf("%q is missing from %q", p, lines)
		}
	}
	// With room for one line only, what does not fit is counted, not dropped silently.
	if got := wrapParts(pn, who+": ", parts, w, 1); len(got) != 1 || !strings.Contains(got[0], "more") {
		t.Errorf("one line: %q", got)
	}
}

// TestSpawnedMinionRinged: the minion spawned in the last turn has a ring around its
// token, and nothing else on the board changes with it.
func TestSpawnedMinionRinged(t *testing.T) {
	r := newRenderer(t)
	b := craftedBoard()
	plain, _ := r.PNG(b)
	m := b.Snap.Minions[4] // #6 at (2,2)
	b.Last.Events = append([]game.Event{{Type: game.EvSpawn, Player: 1, Minion: m.ID, Kind: "tiny", At: m.Hex}}, b.Last.Events...)
	ringed, _ := r.PNG(b)
	a, c := decodePNG(t, plain), decodePNG(t, ringed)
	x, y := tokenCenter(m.Hex)
	changed := 0
	for py := 0; py < Height; py++ {
		for px := 0; px < int(panelLeft)-8; px++ {
			if a.At(px, py) == c.At(px, py) {
				continue
			}
			changed++
			if d := math.Hypot(float64(px)-x, float64(py)-y); d < tokenRadius || d > freshRing+3 {
				t.Fatalf("(%d,%d), %.1f px from the token's centre, changed", px, py, d)
			}
		}
	}
	if changed < 50 {
		t.Errorf("the ring changed only %d pixels", changed)
	}
}

// TestLabelsReadableUnderShots: where a shot's line and spark cross the shooter's
// and the target's tokens, the letters of their initials and HP keep their colour:
// every pixel fully inked by a label without the shot is inked the same with it.
func TestLabelsReadableUnderShots(t *testing.T) {
	r := newRenderer(t)
	b := craftedBoard()
	shot, _ := r.PNG(b)
	var quiet []game.Event
	for _, e := range b.Last.Events {
		if e.Type != game.EvShoot {
			quiet = append(quiet, e)
		}
	}
	b.Last.Events = quiet
	plain, _ := r.PNG(b)
	a, c := decodePNG(t, plain), decodePNG(t, shot)
	// #3 at (4,4) shot #4 at (3,5): the line runs through both tokens.
	for _, m := range []game.MinionView{b.Snap.Minions[2], b.Snap.Minions[3]} {
		x, y := tokenCenter(m.Hex)
		ink, kept := 0, 0
		for py := int(y - tokenRadius + 4); py < int(y+tokenRadius-4); py++ {
			for px := int(x - tokenRadius + 4); px < int(x+tokenRadius-4); px++ {
				if color.RGBAModel.Convert(a.At(px, py)) != tokenText(m.Owner) {
					continue
				}
				ink++
				if color.RGBAModel.Convert(c.At(px, py)) == tokenText(m.Owner) {
					kept++
				}
			}
		}
		if ink < 20 || kept < ink {
			t.Errorf("#%d at %v: %d of %d inked label pixels kept under the shot", m.ID, m.Hex, kept, ink)
		}
	}
}

// TestDamageLabelShowsHPLost: a kill's label shows the HP the target lost, not the
// damage: a 100-HP minion hit for 2792 is drawn as one hit for 100, and a different
// loss is drawn differently. A log without Lost (written before it) shows at most
// init_hp for a kill.
func TestDamageLabelShowsHPLost(t *testing.T) {
	r := newRenderer(t)
	draw := func(damage, lost int64) image.Image {
		b := craftedBoard()
		for i, e := range b.Last.Events {
			if e.Type == game.EvShoot && e.Target == 5 {
				b.Last.Events[i].Damage, b.Last.Events[i].Lost = damage, lost
			}
		}
		data, err := r.PNG(b)
		if err != nil {
			t.Fatal(err)
		}
		return decodePNG(t, data)
	}
	overkill := draw(2792, 100)
	if _, share := compare(overkill, draw(100, 100)); share != 0 {
		t.Errorf("a hit for 2792 that took 100 HP is drawn unlike a hit for 100: %.4f%% of the pixels differ", share*100)
	}
	if _, share := compare(overkill, draw(2792, 2792)); share == 0 {
		t.Error("a loss of 2792 HP is drawn like a loss of 100")
	}
	if _, share := compare(overkill, draw(2792, 0)); share != 0 {
		t.Errorf("an old log's kill for 2792 is not drawn as -100 (init_hp): %.4f%% of the pixels differ", share*100)
	}
}

// TestCentersFollowR2: drawn centres of neighbouring hexes (R2, all six directions,
// odd and even columns) are exactly one hex apart, and other hexes are farther.
func TestCentersFollowR2(t *testing.T) {
	for _, h := range allHexes() {
		hx, hy := Center(h)
		neighbours := map[game.Hex]bool{}
		for _, d := range game.Directions() {
			n := h.Neighbor(d)
			neighbours[n] = true
			nx, ny := Center(n)
			if dist := math.Hypot(nx-hx, ny-hy); math.Abs(dist-hexHeight) > 1e-9 {
				t.Errorf("%v and its %s neighbour %v are drawn %.3f apart, want %.3f", h, game.DirectionName(d), n, dist, hexHeight)
			}
			// The direction is the drawn one: up is straight up, down straight down.
			if d == game.Up && (nx != hx || ny >= hy) || d == game.Down && (nx != hx || ny <= hy) {
				t.Errorf("%v %s is drawn at (%.1f,%.1f) from (%.1f,%.1f)", h, game.DirectionName(d), nx, ny, hx, hy)
			}
		}
		for _, o := range allHexes() {
			if o == h || neighbours[o] {
				continue
			}
			ox, oy := Center(o)
			if dist := math.Hypot(ox-hx, oy-hy); dist < hexHeight*1.5 {
				t.Errorf("non-neighbours %v and %v are drawn only %.1f apart", h, o, dist)
			}
		}
	}
	// The field fits the image and leaves the panel alone.
	for _, h := range allHexes() {
		x, y := Center(h)
		if x-hexSize < 0 || x+hexSize > panelLeft-8 || y-hexHeight/2 < 20 || y+hexHeight/2 > Height {
			t.Errorf("%v is drawn outside the board area", h)
		}
	}
}

func TestText(t *testing.T) {
	got := Text(craftedBoard())
	checkTextGolden(t, "crafted.txt", got)
	for _, s := range []string{"Bob (player 2) to play, turn 7 of 69", "budget 12345", "#3 Sniper Elite of player 1 at (4,4), HP 100"} {
		if !strings.Contains(got, s) {
			t.Errorf("text lacks %q", s)
		}
	}
}

func TestInitials(t *testing.T) {
	tests := []struct{ in, want []string }{
		{[]string{"Tank", "Sniper Elite", "tiny"}, []string{"Ta", "SE", "Ti"}},
		{[]string{"shooter", "shield", "Shadow"}, []string{"Sh", "S2", "S3"}},
		{[]string{"a", "b-c", "x_y"}, []string{"A", "Bc", "Xy"}},
	}
	for _, tc := range tests {
		if got := Initials(tc.in); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Initials(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// fullBoardGame plays a 69-turn game whose board fills up: many cheap spawns and
// strategies that rarely kill.
func fullBoardGame(t testing.TB) *game.Game { return boardGame(t, 0) }

// boardGame is fullBoardGame's game, cut to turns turns a player unless turns is 0.
func boardGame(t testing.TB, turns int64) *game.Game {
	cfg := game.DefaultConfig()
	cfg.MaxSpawns, cfg.SpawnCost, cfg.HexPurchaseCost = 200, 1, 50
	if turns > 0 {
		cfg.MaxTurns = turns
	}
	var kinds []game.KindSpec
	for _, k := range exampleKinds(t) {
		if k.Name == "spreader" {
			kinds = append(kinds, k, game.KindSpec{Name: "sitter", Defense: 9, Strategy: "done"})
		}
	}
	g, err := game.New(game.NewLanguage(), game.Setup{Config: cfg, Seed: 11, Mode: game.ModeAuto, Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	d := [2]game.Decider{game.RandomDecider{Rng: rand.New(rand.NewPCG(11, 1))}, game.RandomDecider{Rng: rand.New(rand.NewPCG(11, 2))}}
	if err := game.PlayOut(g, d); err != nil {
		t.Fatal(err)
	}
	return g
}

// TestReplayGIFShort is TestReplayGIF's twin on the same full-board configuration cut
// to 8 turns a player: the same checks, on every frame, at a size the race detector
// runs quickly (TestReplayGIF, the 69 turns of a full board, runs without it).
func TestReplayGIFShort(t *testing.T) {
	g := boardGame(t, 8)
	if n := len(g.Snapshot().Minions); n < 10 {
		t.Fatalf("only %d minions", n)
	}
	checkReplayGIF(t, newRenderer(t), g, 8)
}

// checkReplayGIF decodes the replay of g, a game of turns turns a player: one frame
// per turn, each shown for a while (no frame without a delay), the animation loops,
// it stays under 8 MiB, and every frame, composed over the ones before as a viewer
// does, is exactly the board of its turn: board and panel from the same turn.
func checkReplayGIF(t *testing.T, r *Renderer, g *game.Game, turns int) {
	t.Helper()
	frames, err := game.Frames(game.NewLanguage(), g.Record())
	if err != nil {
		t.Fatal(err)
	}
	names := [2]string{"Alice", "Bob"}
	data, err := r.GIF(frames, names)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 8<<20 {
		t.Errorf("replay is %d bytes, over 8 MiB", len(data))
	}
	anim, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("replay does not decode: %v", err)
	}
	if anim.Config.Width != Width || anim.Config.Height != Height || anim.LoopCount != 0 {
		t.Errorf("replay %dx%d loop %d", anim.Config.Width, anim.Config.Height, anim.LoopCount)
	}
	if len(anim.Image) != len(frames) || len(frames) != 1+2*turns {
		t.Fatalf("%d GIF frames for %d game frames (want %d)", len(anim.Image), len(frames), 1+2*turns)
	}
	canvas := image.NewPaletted(image.Rect(0, 0, Width, Height), anim.Image[0].Palette)
	for i, f := range anim.Image {
		want := frameDelay
		if i == len(anim.Image)-1 {
			want = lastDelay
		}
		if anim.Delay[i] != want || anim.Disposal[i] != gif.DisposalNone {
			t.Errorf("frame %d: delay %d, disposal %d; want %d, %d", i, anim.Delay[i], anim.Disposal[i], want, gif.DisposalNone)
		}
		if i > 0 && f.Bounds() == canvas.Bounds() {
			t.Errorf("frame %d covers the whole image: not a difference", i)
		}
		composeOver(canvas, f)
		board := r.paletted(r.Draw(Board{Snap: frames[i].Snapshot, Last: frames[i].Turn, Names: names}))
		if !bytes.Equal(canvas.Pix, board.Pix) {
			t.Fatalf("frame %d, composed, is not the board of its turn", i)
		}
	}
	t.Logf("replay: %d frames, %d bytes", len(frames), len(data))
}

// composeOver composes a GIF frame over the picture so far, skipping transparent
// pixels, as a viewer does with disposal "none".
func composeOver(dst, src *image.Paletted) {
	b := src.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if c := src.ColorIndexAt(x, y); c != transparent {
				dst.SetColorIndex(x, y, c)
			}
		}
	}
}

// TestReplayGIFGolden animates a short seeded game twice (the same bytes: replays
// are deterministic), decodes it, composes its frames as a viewer does and compares
// the middle and last pictures with testdata/replay-mid.png and replay-end.png, with
// the boards' tolerance (go test ./render -update rewrites them).
func TestReplayGIFGolden(t *testing.T) {
	r := newRenderer(t)
	g := playTo(t, game.DefaultConfig(), 3, 25)
	frames, err := game.Frames(game.NewLanguage(), g.Record())
	if err != nil {
		t.Fatal(err)
	}
	data, err := r.GIF(frames, [2]string{"Alice", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := r.GIF(frames, [2]string{"Alice", "Bob"})
	if !bytes.Equal(data, again) {
		t.Error("the same game gave two different replays")
	}
	anim, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("replay does not decode: %v", err)
	}
	if len(anim.Image) != len(frames) {
		t.Fatalf("%d GIF frames for %d game frames", len(anim.Image), len(frames))
	}
	canvas := image.NewRGBA(image.Rect(0, 0, Width, Height))
	for i, f := range anim.Image {
		drawOver(canvas, f)
		name := ""
		switch i {
		case len(anim.Image) / 2:
			name = "replay-mid"
		case len(anim.Image) - 1:
			name = "replay-end"
		default:
			continue
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, canvas); err != nil {
			t.Fatal(err)
		}
		checkGolden(t, name, buf.Bytes(), canvas, maxDiffShare)
	}
}

// drawOver composes a GIF sub-image over the picture so far, skipping transparent
// pixels, as a viewer does with disposal "none".
func drawOver(dst *image.RGBA, src *image.Paletted) {
	b := src.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := src.Palette[src.ColorIndexAt(x, y)]
			if _, _, _, a := c.RGBA(); a == 0 {
				continue
			}
			dst.Set(x, y, c)
		}
	}
}

// TestDocsImages keeps the README's pictures in step (written with -update): a board
// after 25 turns, and the after-game chart of a whole game.
func TestDocsImages(t *testing.T) {
	r := newRenderer(t)
	names := [2]string{"Alice", "Bob"}
	whole := playTo(t, game.DefaultConfig(), 3, 1000)
	for _, tc := range []struct {
		file string
		draw func() ([]byte, error)
	}{
		{"board.png", func() ([]byte, error) { return r.PNG(boardOf(playTo(t, game.DefaultConfig(), 3, 25), names)) }},
		{"chart.png", func() ([]byte, error) { return r.Chart(whole.Report(), names) }},
	} {
		path := filepath.Join("..", "docs", tc.file)
		data, err := tc.draw()
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got, err1 := png.Decode(bytes.NewReader(data))
		old, err2 := png.Decode(bytes.NewReader(want))
		if err := errors.Join(err1, err2); err != nil {
			t.Fatalf("docs/%s: %v", tc.file, err)
		}
		if _, share := compare(got, old); share > maxDiffShare {
			t.Errorf("docs/%s is out of date: run go test ./render -update", tc.file)
		}
	}
}
