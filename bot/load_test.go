package bot

import (
	"fmt"
	"os"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kombat-game/kombat/bot/discordtest"
)

// The load test (issue 17): KOMBAT_LOAD=N starts N `/kombat auto` games at the same
// moment, in N channels of the fake Discord, each by its own user with a configuration
// file, readies them, and lets them play to the end at the bot's pace. See the
// "Load test" section of docs/operations.md.
const howToRunLoad = "load test skipped: set KOMBAT_LOAD to the number of games, e.g. KOMBAT_LOAD=200 go test ./bot -run '^TestLoad$' -v -timeout 60m " +
	"(KOMBAT_LOAD_TURNS: max_turns of each game, default 10; KOMBAT_LOAD_STEP: the auto pace, default the bot's 3s; KOMBAT_LOAD_GLOBAL=0: the fake does not enforce the global rate limit)"

// loadEnv reads the load test's settings.
func loadEnv(t *testing.T) (games, turns int, step time.Duration, global bool) {
	t.Helper()
	v := os.Getenv("KOMBAT_LOAD")
	if v == "" {
		t.Skip(howToRunLoad)
	}
	games, err := strconv.Atoi(v)
	if err != nil || games < 1 {
		t.Fatalf("KOMBAT_LOAD=%q: want a number of games", v)
	}
	turns = 10
	if v := os.Getenv("KOMBAT_LOAD_TURNS"); v != "" {
		if turns, err = strconv.Atoi(v); err != nil {
			t.Fatalf("KOMBAT_LOAD_TURNS=%q: %v", v, err)
		}
	}
	step = 3 * time.Second // Options.AutoStep's default
	if v := os.Getenv("KOMBAT_LOAD_STEP"); v != "" {
		if step, err = time.ParseDuration(v); err != nil {
			t.Fatalf("KOMBAT_LOAD_STEP=%q: %v", v, err)
		}
	}
	return games, turns, step, os.Getenv("KOMBAT_LOAD_GLOBAL") != "0"
}

// percentile is the p-th percentile (0 to 1) of sorted durations.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// cpuTime is the process's user and system CPU time so far: the bot's, and the
// fake's and the test's, which share the process.
func cpuTime() (time.Duration, int64) {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), ru.Maxrss
}

// heapSampler records the peak of the Go runtime's memory while it runs.
type heapSampler struct {
	mu   sync.Mutex
	peak uint64
	stop chan struct{}
	done chan struct{}
}

// sampleMemory reads the runtime's total mapped memory every 100 ms until stopped.
// The ticker paces the readings; nothing waits on it.
func sampleMemory() *heapSampler {
	h := &heapSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(h.done)
		s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			h.mu.Lock()
			h.peak = max(h.peak, s[0].Value.Uint64())
			h.mu.Unlock()
			select {
			case <-h.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return h
}

// Peak stops the sampler and returns the most memory seen.
func (h *heapSampler) Peak() uint64 {
	close(h.stop)
	<-h.done
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.peak
}

// loadGame is one game of the load test.
type loadGame struct {
	channel, thread string
	user            *discordtest.User
	start           *discordtest.Interaction // the /kombat auto command
	others          []*discordtest.Interaction
	err             error
}

// ready adds a kind to the game's setup and readies it, as its user would.
func (h *harness) ready(g *loadGame, strategy string) error {
	th, err := h.fake.WaitThread(h.ctx, g.channel)
	if err != nil {
		return fmt.Errorf("no thread: %w", err)
	}
	g.thread = th.ID
	setup, err := h.fake.WaitMessage(h.ctx, g.thread, contains("setting up"))
	if err != nil {
		return fmt.Errorf("no setup: %w", err)
	}
	click := func(label string) (*discordtest.Interaction, error) {
		b := h.fake.Message(setup.ID).Button(label)
		if b == nil {
			return nil, fmt.Errorf("no %q button", label)
		}
		in, err := h.fake.Click(g.user, setup.ID, b.CustomID)
		if err == nil {
			g.others = append(g.others, in)
			_, err = in.Settled(h.ctx)
		}
		return in, err
	}
	add, err := click("Add kind")
	if err != nil {
		return err
	}
	in, err := h.fake.SubmitModal(g.user, add, map[string]string{"name": "Rusher", "defense": "0", "strategy": strategy})
	if err != nil {
		return err
	}
	g.others = append(g.others, in)
	if _, err := h.fake.WaitMessage(h.ctx, g.thread, contains("**1. Rusher**")); err != nil {
		return fmt.Errorf("the kind: %w", err)
	}
	_, err = click("Ready / not ready")
	return err
}

// TestLoad is the load test: see howToRunLoad. It fails when a `/kombat auto` of the
// burst is answered late or its acknowledgements' p99 reaches 500 ms, when a game
// falls more than 1 s behind its pace, and logs the
// rest: games finished, turns per second, CPU per turn, peak memory, the requests per
// second the fake saw and its global 429s, and how far games fell behind their pace.
func TestLoad(t *testing.T) {
	n, turns, step, global := loadEnv(t)
	// The games run on the system clock and the ticker, as a serving bot's do: the
	// probe measures their pace in real time.
	h := newHarnessFor(t, 60*time.Minute, func(o *Options) { o.AutoStep, o.Ticker, o.Clock = step, true, nil })
	if global {
		h.fake.SetGlobalLimit(discordtest.DefaultGlobalLimit)
	}
	games := make([]*loadGame, n)
	for i := range games {
		games[i] = &loadGame{channel: h.fake.AddChannel(h.guild, fmt.Sprint("load-", i)).ID, user: h.fake.AddUser(fmt.Sprint("player", i), false)}
	}
	cfg := []byte(fmt.Sprintf("max_turns=%d\n", turns))
	uploads := make([]*discordtest.Attachment, n)
	for i := range uploads {
		uploads[i] = h.fake.Upload("load.cfg", "text/plain", cfg)
	}
	mem := sampleMemory()
	cpu0, _ := cpuTime()
	began := time.Now()

	// The burst: every command sent before any is waited for.
	for i, g := range games {
		in, err := h.fake.SlashCommand(g.user, g.channel, "kombat", discordtest.Sub("auto", discordtest.Opt("config", uploads[i])))
		if err != nil {
			t.Fatal(err)
		}
		g.start = in
	}
	var acks []time.Duration
	late := 0
	for _, g := range games {
		if _, err := g.start.Response(h.ctx); err != nil {
			t.Fatalf("/kombat auto in %s: %v", g.channel, err)
		}
		d, _ := g.start.AckLatency()
		acks = append(acks, d)
		if d > 3*time.Second {
			late++
		}
	}
	burst := time.Since(began)
	slices.Sort(acks)

	// Each game is readied by its user, a few users at a time (the fake's waiters
	// each read their channel at every change; hundreds at once would load the
	// test, not the bot).
	rusher := exampleStrategy(t, "rusher")
	var wg sync.WaitGroup
	work := make(chan *loadGame)
	for range 32 {
		wg.Go(func() {
			for g := range work {
				g.err = h.ready(g, rusher)
			}
		})
	}
	for _, g := range games {
		work <- g
	}
	close(work)
	wg.Wait()
	readied := time.Since(began)

	// Then the end of each, one waiter at a time.
	finished := 0
	for _, g := range games {
		if g.err != nil {
			t.Errorf("game in %s: %v", g.channel, g.err)
			continue
		}
		if _, err := h.fake.WaitMessage(h.ctx, g.thread, contains("Game over")); err != nil {
			t.Errorf("game in %s did not end: %v", g.channel, err)
			continue
		}
		finished++
	}
	elapsed := time.Since(began)
	cpu1, maxRSS := cpuTime()
	peak := mem.Peak()

	// Turns are boards: an auto game posts one per turn. Behind is how much longer
	// than the pace a game waited between two boards.
	boards := 0
	var behind []time.Duration
	var lateness []time.Duration // each turn's: the gap since the game's board before, less the step
	over, overTurns := 0, 0
	var otherAcks []time.Duration
	var gaps time.Duration // between a game's boards, summed over the games
	for _, g := range games {
		var first, last time.Time
		worst := time.Duration(0)
		for _, m := range h.fake.Messages(g.thread) {
			if boardOf(m) == nil {
				continue
			}
			boards++
			if !last.IsZero() {
				late := m.Created().Sub(last) - step
				worst = max(worst, late)
				lateness = append(lateness, late)
				if late > time.Second {
					overTurns++
				}
			} else {
				first = m.Created()
			}
			last = m.Created()
		}
		gaps += last.Sub(first)
		behind = append(behind, worst)
		if worst > time.Second {
			over++
		}
		for _, in := range g.others {
			if d, ok := in.AckLatency(); ok {
				otherAcks = append(otherAcks, d)
			}
		}
	}
	slices.Sort(behind)
	slices.Sort(lateness)
	slices.Sort(otherAcks)
	cpu := cpu1 - cpu0

	var b strings.Builder
	fmt.Fprintf(&b, "load test: %d /kombat auto games, max_turns=%d, pace %v, global limit %v\n", n, turns, step, map[bool]string{true: "on (50/s)", false: "off"}[global])
	fmt.Fprintf(&b, "  acknowledgements of the burst: p50 %v, p99 %v, max %v; %d late (over 3 s); all answered %v after the first was sent\n",
		percentile(acks, .5).Round(time.Millisecond), percentile(acks, .99).Round(time.Millisecond), acks[len(acks)-1].Round(time.Millisecond), late, burst.Round(time.Millisecond))
	fmt.Fprintf(&b, "  other interactions (add kind, modal, ready: %d): p50 %v, p99 %v, max %v; all games readied after %v\n",
		len(otherAcks), percentile(otherAcks, .5).Round(time.Millisecond), percentile(otherAcks, .99).Round(time.Millisecond),
		percentile(otherAcks, 1).Round(time.Millisecond), readied.Round(time.Millisecond))
	fmt.Fprintf(&b, "  games finished: %d of %d in %v; %d boards (one a turn), %.1f turns/s\n", finished, n, elapsed.Round(time.Millisecond), boards, float64(boards)/elapsed.Seconds())
	fmt.Fprintf(&b, "  CPU: %v in all, %v per turn (bot, fake Discord and test in one process)\n", cpu.Round(time.Millisecond), (cpu / time.Duration(max(boards, 1))).Round(10*time.Microsecond))
	fmt.Fprintf(&b, "  memory: peak %.0f MiB mapped by the Go runtime, max RSS %.0f MiB\n", float64(peak)/(1<<20), float64(maxRSS)/1024)
	fmt.Fprintf(&b, "  Discord: peak %d requests/s counted by the global limit, %d global 429s\n", h.fake.PeakRate(), h.fake.GlobalLimited())
	fmt.Fprintf(&b, "  pace: a game's boards came %v apart on average (the step is %v)\n", (gaps / time.Duration(max(boards-n, 1))).Round(time.Millisecond), step)
	fmt.Fprintf(&b, "  pace: the worst wait between two boards of a game beyond the %v step: p50 %v, p99 %v, max %v; %d games more than 1 s behind\n",
		step, percentile(behind, .5).Round(time.Millisecond), percentile(behind, .99).Round(time.Millisecond), percentile(behind, 1).Round(time.Millisecond), over)
	fmt.Fprintf(&b, "  pace: each turn's lateness (its board's gap since the one before, less the step), over %d turns: p50 %v, p99 %v, max %v; %d turns more than 1 s late\n",
		len(lateness), percentile(lateness, .5).Round(time.Millisecond), percentile(lateness, .99).Round(time.Millisecond), percentile(lateness, 1).Round(time.Millisecond), overTurns)
	t.Log(b.String())

	if late > 0 {
		t.Errorf("%d of %d /kombat auto commands were acknowledged after 3 s", late, n)
	}
	if p99 := percentile(acks, .99); p99 >= 500*time.Millisecond {
		t.Errorf("the burst's acknowledgements have a p99 of %v, want under 500 ms", p99)
	}
	if over > 0 {
		t.Errorf("%d of %d games fell more than 1 s behind their %v pace (%d turns late)", over, n, step, overTurns)
	}
	h.check()
}
