package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/bot/upbeatui"
	"github.com/kombat-game/kombat/host/upbeathost"
	"github.com/kombat-game/kombat/upbeat"
)

// upBotGame has alice open a 3-player game with two easy bots on config, write her
// first plan and confirm each of her turns until the game is over; it returns the
// game's thread and its id.
func (h *harness) upBotGame(config string) (thread string, id int64) {
	h.t.Helper()
	cfg := h.fake.Upload("short.cfg", "text/plain", []byte(config))
	h.upslash(h.alice, h.channel.ID, "new", discordtest.Opt("players", 3), discordtest.Opt("bots", 2),
		discordtest.Opt("level", "easy"), discordtest.Opt("config", cfg)) // it starts at once
	th, err := h.fake.WaitThread(h.ctx, h.channel.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	plans := h.waitFor(th.ID, "the first plans message", contains("first plans"))
	form := h.click(h.alice, plans, "Write plan")
	if _, err := h.fake.SubmitModal(h.alice, form, map[string]string{"plan": "invest 10\nmove up\ninvest 10"}); err != nil {
		h.t.Fatal(err)
	}
	row, err := h.db.ActiveAt(h.ctx, th.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	last := ""
	for turn := 1; ; turn++ {
		screen := h.find(th.ID, "a screen", func(m *discordtest.Message) bool {
			return m.ID > last && m.File("territory.png") != nil && (m.Button("Confirm") != nil || strings.Contains(m.Content, "Game over"))
		})
		if strings.Contains(screen.Content, "Game over") {
			return th.ID, row.ID
		}
		if turn > 10 {
			h.t.Fatal("the game did not end")
		}
		h.click(h.alice, screen, "Confirm")
		last = screen.ID
	}
}

// upStepsOf replays a stored game on its own, apart from the host's replay: the
// overview of the start and after every confirmed turn, as the replay draws them.
func (h *harness) upStepsOf(id int64) []image.Image {
	h.t.Helper()
	row, err := h.db.Game(h.ctx, id)
	if err != nil {
		h.t.Fatal(err)
	}
	var lob upbeathost.UpLobby
	if err := json.Unmarshal(row.Setup, &lob); err != nil {
		h.t.Fatal(err)
	}
	names := upbeatui.UpNames((&upbeathost.UpRecord{Row: row, Part: upPart(h.t, row), Up: lob}).Table())
	rec := upPart(h.t, row).Record(row.Seed)
	g, err := upbeat.New(upbeat.NewLanguage(), rec.Setup)
	if err != nil {
		h.t.Fatal(err)
	}
	steps := []upbeathost.UpStep{{Snap: g.Snapshot()}}
	for _, a := range rec.Actions {
		log, err := g.Apply(a)
		if err != nil {
			h.t.Fatal(err)
		}
		if a.Kind == upbeat.ActConfirm {
			steps = append(steps, upbeathost.UpStep{Step: len(steps), Player: a.Player, Log: log, Snap: g.Snapshot()})
		}
	}
	var out []image.Image
	for _, s := range steps {
		data, err := h.bot.render.TerritoryPNG(upbeatui.UpReplayTerritory(s, len(steps), names))
		if err != nil {
			h.t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			h.t.Fatal(err)
		}
		out = append(out, img)
	}
	return out
}

// territoryOf decodes a message's territory image.
func territoryOf(t *testing.T, m *discordtest.Message) image.Image {
	t.Helper()
	a := m.File("territory.png")
	if a == nil {
		t.Fatalf("no territory image on %q", m.Content)
	}
	img, err := png.Decode(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestUpbeatReplay: /upbeat replay of a finished 3-player game (alice and two bots, two
// turns each) answers with an animated GIF of one frame per step (the start and six
// turns), each frame, composed over the ones before as a viewer does, exactly the
// overview drawn from an independent replay of the stored record; and a public step
// viewer at the last turn. bob, who did not play, presses ⏮ First on it and gets a
// viewer of his own, privately, at the start; its Next ▶ moves it in place to turn 1,
// then turn 2 (image and text), while the public viewer stays as it was; carol's press
// on the public viewer gives her her own viewer and leaves bob's where it was. Asking
// where no UPBEAT game was played, for a missing game, or /kombat replay of this game,
// gets a clear answer.
func TestUpbeatReplay(t *testing.T) {
	h := newHarness(t)
	other := h.fake.AddChannel(h.guild, "elsewhere")
	if m := h.upslash(h.alice, other.ID, "replay"); !m.Ephemeral || !strings.Contains(m.Content, "No UPBEAT game is being played or has finished in this channel") {
		t.Errorf("replay where no game was played: %+v", m)
	}
	thread, id := h.upBotGame("max_turns=2\nm=8\nn=8\n")
	want := h.upStepsOf(id)
	if len(want) != 7 {
		t.Fatalf("%d steps replayed, want the start and 6 turns", len(want))
	}

	m := h.upslash(h.bob, thread, "replay")
	if m.Ephemeral || !strings.Contains(m.Content, fmt.Sprintf("Replay of UPBEAT game #%d", id)) || !strings.Contains(m.Content, "6 turns") ||
		!strings.Contains(m.Content, "max_turns=2") {
		t.Errorf("replay message: %+v", m)
	}
	a := m.File(fmt.Sprintf("upbeat-game-%d.gif", id))
	if a == nil {
		t.Fatalf("no animation on %q", m.Content)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(a.Data))
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, d := range anim.Delay {
		if d > 0 {
			shown++
		}
	}
	if len(anim.Image) != len(want) || shown != len(want) {
		t.Fatalf("the animation has %d frames (%d shown), want %d", len(anim.Image), shown, len(want))
	}
	canvas := image.NewRGBA(image.Rect(0, 0, anim.Config.Width, anim.Config.Height))
	for i, f := range anim.Image {
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over) // transparent pixels keep the picture so far
		if !sameColours(canvas, want[i]) {
			t.Fatalf("frame %d, composed, is not the overview after step %d", i, i)
		}
	}

	viewer := h.find(thread, "the replay viewer", func(m *discordtest.Message) bool { return m.Button("◀ Previous") != nil })
	if viewer.Ephemeral || !strings.Contains(viewer.Content, "turn 6 of 6") || !strings.Contains(viewer.Content, "Game over") ||
		!viewer.Button("Next ▶").Disabled || viewer.Button("◀ Previous").Disabled || !sameColours(territoryOf(t, viewer), want[6]) {
		t.Errorf("the public viewer at the end: %+v", viewer)
	}
	first, err := h.click(h.bob, viewer, "⏮ First").Followup(h.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Ephemeral || first.EphemeralTo != h.bob.ID || !strings.Contains(first.Content, "the start") ||
		!first.Button("◀ Previous").Disabled || !sameColours(territoryOf(t, first), want[0]) {
		t.Fatalf("bob's viewer at the start: %+v", first)
	}
	for turn := 1; turn <= 2; turn++ {
		in, err := h.fake.Click(h.bob, first.ID, h.fake.Message(first.ID).Button("Next ▶").CustomID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := in.Settled(h.ctx); err != nil {
			t.Fatal(err)
		}
		at := h.fake.Message(first.ID)
		if !strings.Contains(at.Content, fmt.Sprintf("turn %d of 6", turn)) || !sameColours(territoryOf(t, at), want[turn]) {
			t.Fatalf("bob's viewer after %d presses of Next: %q", turn, at.Content)
		}
	}
	if sameColours(want[1], want[2]) {
		t.Error("turns 1 and 2 look the same: the image did not change")
	}
	if now := h.fake.Message(viewer.ID); now.Edits != viewer.Edits || now.Content != viewer.Content {
		t.Error("bob's steps moved the public viewer")
	}
	carol := h.fake.AddUser("carol", false)
	mine, err := h.click(carol, viewer, "◀ Previous").Followup(h.ctx)
	if err != nil || !mine.Ephemeral || mine.EphemeralTo != carol.ID || !strings.Contains(mine.Content, "turn 5 of 6") {
		t.Fatalf("carol's press on the public viewer: %v %+v", err, mine)
	}
	if bob := h.fake.Message(first.ID); !strings.Contains(bob.Content, "turn 2 of 6") {
		t.Errorf("carol's press moved bob's viewer: %q", bob.Content)
	}

	if m := h.upslash(h.alice, thread, "replay", discordtest.Opt("game", 99)); !m.Ephemeral || !strings.Contains(m.Content, "no game #99") {
		t.Errorf("replay of a missing game: %+v", m)
	}
	if _, m := h.slash(h.alice, thread, "replay", discordtest.Opt("game", int(id))); !strings.Contains(m.Content, fmt.Sprintf("`/upbeat replay game:%d`", id)) {
		t.Errorf("/kombat replay of an UPBEAT game: %q", m.Content)
	}
	h.check()
}

// sameColours reports whether two images of the same bounds have the same colours
// everywhere, whatever their colour models.
func sameColours(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
