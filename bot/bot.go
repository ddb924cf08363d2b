package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/kombat-game/kombat/bot/pace"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// Clock tells the time; tests use a clock they move by hand.
type Clock = host.Clock

// Options configure a Bot.
type Options struct {
	Config   Config
	DB       *store.DB
	Renderer *render.Renderer
	Logger   *slog.Logger
	Clock    Clock         // nil: the system clock
	Ticker   bool          // check deadlines every second (off in tests, which call RunDue)
	AutoStep time.Duration // pause between turns of an auto game; 0: 3 seconds
	// CloseWait bounds how long Close waits for work in flight; 0: 8 seconds. Turns
	// being evaluated stop at once (halt); what is left is a Discord call hanging on
	// the network, and the process may exit under it: nothing uncommitted is shown.
	CloseWait time.Duration
	// RetryBase and RetryMax bound the backoff between deliveries of a game's screen
	// that Discord failed to take; 0: 1 second and 30 seconds.
	RetryBase, RetryMax time.Duration
	// HTTPTimeout bounds one REST call to Discord; 0: 20 seconds.
	HTTPTimeout time.Duration
	// Games are the games' Discord UIs (bot/ui): their commands, routes and screens.
	Games []ui.Game
}

// Bot is the running Discord host.
type Bot struct {
	opt     Options
	log     *slog.Logger
	db      *store.DB
	render  *render.Renderer
	clock   Clock
	host    *host.Host // the games: tables, records, clocks, screens owed
	routes  map[string]route
	games   map[store.GameName]ui.Game // the registered games' UIs by name
	sess    *discordgo.Session
	appID   string
	http    *http.Client
	conns   *http.Transport // http's connections to Discord, closed by Close
	pace    *pace.Scheduler // every REST call's share of Discord's global limit
	ctx     context.Context // cancelled by Close: loops and network calls stop
	wctx    context.Context // for the store: not cancelled, as Close waits for writes in flight instead of cutting them off
	cancel  context.CancelFunc
	work    sync.WaitGroup // interactions in flight; joined only through begin
	wmu     sync.Mutex     // orders begin against Close, so no work starts after Close waits
	closing atomic.Bool
	ready   chan struct{}
	online  atomic.Bool
	// reconnects is set while Start connects and after: a dropped session is opened
	// again (reconnect); a Start that gives up closes the session for good.
	reconnects atomic.Bool
	follow     followups // auto games' interaction tokens, for their screens (followup.go)
	shown      shown     // the controls of the screens posted, so retiring one that has only what it keeps costs nothing (shown.go)

	health     *http.Server // the /healthz listener, nil when off
	healthAddr string
	dbHealth   dbWatch // what the last health check found of the database, for the log
}

// New prepares a bot; Start connects it.
func New(opt Options) (*Bot, error) {
	if opt.DB == nil {
		return nil, errors.New("bot: no database")
	}
	if len(opt.Games) == 0 {
		return nil, errors.New("bot: no games: give Options.Games the games' UIs (kombatui.New(), upbeatui.New(), aibgui.New())")
	}
	if opt.Renderer == nil {
		r, err := render.New()
		if err != nil {
			return nil, err
		}
		opt.Renderer = r
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.AutoStep == 0 {
		opt.AutoStep = 3 * time.Second
	}
	if opt.CloseWait == 0 {
		opt.CloseWait = 8 * time.Second
	}
	if opt.HTTPTimeout == 0 {
		opt.HTTPTimeout = 20 * time.Second
	}
	if opt.Config.ShardCount == 0 {
		opt.Config.ShardCount = 1
	}
	rs, err := routes(opt.Games)
	if err != nil {
		return nil, err
	}
	var plugs []host.Plug
	games := map[store.GameName]ui.Game{}
	for _, g := range opt.Games {
		plugs, games[g.Name] = append(plugs, g.Plug), g
		if g.Plug.Unnamed {
			games[""] = g // rows stored before games had names are this game's
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	b := &Bot{opt: opt, log: opt.Logger, db: opt.DB, render: opt.Renderer, routes: rs, games: games, ctx: ctx, wctx: context.WithoutCancel(ctx), cancel: cancel, ready: make(chan struct{})}
	h, err := host.New(host.Options{DB: opt.DB, Front: discordFront{b}, Log: opt.Logger, Clock: opt.Clock, AutoStep: opt.AutoStep,
		RetryBase: opt.RetryBase, RetryMax: opt.RetryMax, Mine: func(g *store.Game) bool { return b.mine(g.Scope) },
		Games: plugs})
	if err != nil {
		return nil, err
	}
	b.host, b.clock = h, h
	// The bot's own connections, not the process's shared pool: Close closes them.
	b.conns = http.DefaultTransport.(*http.Transport).Clone()
	tr, err := newAPITransport(opt.Config.APIBase, b.conns)
	if err != nil {
		return nil, fmt.Errorf("bot: DISCORD_API_BASE: %w", err)
	}
	// Every REST call shares Discord's global budget through one scheduler.
	b.pace = pace.New(tr, nil, pace.GlobalSlots, pace.Window)
	b.http = &http.Client{Transport: b.pace, Timeout: opt.HTTPTimeout}
	return b, nil
}

// Start connects to the gateway, registers the commands, and resumes the games and
// deadlines stored in the database.
func (b *Bot) Start(ctx context.Context) error {
	sess, err := discordgo.New("Bot " + b.opt.Config.Token)
	if err != nil {
		return fmt.Errorf("bot: %w", err)
	}
	sess.Client = b.http
	sess.Identify.Intents = discordgo.IntentsGuilds // nothing privileged: interactions carry what we need
	sess.ShardID, sess.ShardCount = b.opt.Config.ShardID, b.opt.Config.ShardCount
	sess.StateEnabled = false
	sess.ShouldRetryOnRateLimit = true
	// The bot opens a dropped session again itself (reconnect): discordgo's own loop
	// takes no notice of Close, so it went on trying after it (every 10 minutes at
	// last) and opened the session again once Discord answered.
	sess.ShouldReconnectOnError = false
	sess.LogLevel = discordgo.LogError
	sess.AddHandler(b.onReady)
	sess.AddHandler(b.onInteraction)
	sess.AddHandler(func(*discordgo.Session, *discordgo.Disconnect) {
		b.online.Store(false)
		b.reconnect()
	})
	sess.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { b.online.Store(true) })
	b.sess = sess
	n, err := b.host.Restore(ctx)
	if err != nil {
		return err
	}
	b.log.Info("games restored", "count", n)
	// The health endpoint comes up before the gateway, so a probe sees "disconnected"
	// (503) while the bot connects rather than no answer at all.
	if err := b.startHealth(); err != nil {
		return err
	}
	started := false
	defer func() {
		if !started {
			b.stopHealth()
		}
	}()
	b.reconnects.Store(true)
	if err := sess.Open(); err != nil {
		b.reconnects.Store(false)
		return b.connectError(err)
	}
	select {
	case <-b.ready:
	case <-ctx.Done():
		b.reconnects.Store(false)
		sess.Close()
		return ctx.Err()
	}
	if err := b.registerCommands(); err != nil {
		b.reconnects.Store(false)
		sess.Close()
		return err
	}
	started = true
	b.host.Connected()
	for _, g := range b.opt.Games {
		if g.Connected != nil {
			g.Connected(services{b})
		}
	}
	if b.opt.Ticker {
		b.host.Tick()
	}
	b.log.Info("bot started", "shard", b.opt.Config.ShardID, "shards", b.opt.Config.ShardCount, "app", b.appID,
		"db", store.Redact(b.db.Path()), "api", store.Redact(b.opt.Config.APIBase))
	return nil
}

// reconnect opens the gateway session again after it dropped (Discord closed it, a
// read or a heartbeat failed): at once, then after 1 second, twice as long each time
// up to 10 minutes (discordgo's own schedule), until it is open, or Start gave up, or
// Close began. It is work that Close waits for, so no session opens after Close.
// Opening resumes the session when Discord still can.
func (b *Bot) reconnect() {
	if !b.reconnects.Load() || !b.begin() {
		return
	}
	go func() {
		defer b.work.Done()
		for wait := time.Second; b.ctx.Err() == nil; wait = min(2*wait, 10*time.Minute) {
			// Two drops in a row start two of these: the one that finds the
			// session open (ErrWSAlreadyOpen) stops.
			err := b.sess.Open()
			if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				return
			}
			b.log.Warn("gateway: cannot connect again; trying later", "in", wait, "err", err)
			select {
			case <-b.ctx.Done():
			case <-time.After(wait):
			}
		}
	}()
}

// connectError says why the gateway could not be opened, naming the REST base used
// (its credentials masked), and tells a rejected token (fix DISCORD_TOKEN) from a
// network failure (fix the network or DISCORD_API_BASE). err's own text names the URL
// discordgo asked for, always Discord's (apiTransport sends it to the base): it is
// said with the base that was dialled instead, so that the message names one address.
func (b *Bot) connectError(err error) error {
	base := store.Redact(b.opt.Config.APIBase)
	set := strings.TrimRight(b.opt.Config.APIBase, "/") != DefaultAPIBase()
	msg := err.Error()
	if set {
		msg = strings.ReplaceAll(msg, DefaultAPIBase(), base)
	}
	var closed *websocket.CloseError
	var rest *discordgo.RESTError
	var netErr net.Error
	var dnsErr *net.DNSError
	// %.0w prints nothing and keeps err for errors.Is and errors.As: msg says it.
	switch {
	case errors.As(err, &closed) && closed.Code == 4004, errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusUnauthorized:
		return fmt.Errorf("bot: Discord (API %s) rejected the token: check DISCORD_TOKEN (see README.md, Troubleshooting): %s%.0w", base, msg, err)
	case (errors.As(err, &netErr) || errors.As(err, &dnsErr) || errors.Is(err, syscall.ECONNREFUSED)) && set:
		return fmt.Errorf("bot: cannot reach Discord's API at %s (DISCORD_API_BASE): check the network and that address; the token was not tried: %s%.0w", base, msg, err)
	case errors.As(err, &netErr), errors.As(err, &dnsErr), errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Errorf("bot: cannot reach Discord's API at %s: check the network (DISCORD_API_BASE, not set, could send the calls through a proxy); the token was not tried: %s%.0w", base, msg, err)
	}
	return fmt.Errorf("bot: connect to Discord (API %s; check DISCORD_TOKEN, see README.md, Troubleshooting): %s%.0w", base, msg, err)
}

func (b *Bot) onReady(s *discordgo.Session, r *discordgo.Ready) {
	if r.Application != nil {
		b.appID = r.Application.ID
	} else if r.User != nil {
		b.appID = r.User.ID
	}
	b.online.Store(true)
	select {
	case <-b.ready:
	default:
		close(b.ready)
	}
}

// registerCommands replaces the command set with one bulk overwrite: to the
// development guild if set (instant), else globally.
func (b *Bot) registerCommands() error {
	if b.opt.Config.ShardID != 0 {
		return nil // one process registers for all shards
	}
	_, err := b.sess.ApplicationCommandBulkOverwrite(b.appID, b.opt.Config.GuildID, commands(b.opt.Games))
	if err != nil {
		return fmt.Errorf("bot: register commands: %w", err)
	}
	return nil
}

// Connected reports whether the gateway session is up, for health checks.
func (b *Bot) Connected() bool { return b.online.Load() }

// Close stops taking interactions, interrupts the turns being evaluated (they are not
// stored, and are played again from the stored state after a restart), lets the rest
// of the work in flight finish (each commits or changes nothing) for at most
// Options.CloseWait, then closes the session and the connections to Discord's REST
// API. It returns within that time plus the session's close, whatever games are doing.
func (b *Bot) Close() error {
	b.wmu.Lock()
	already := b.closing.Swap(true)
	b.wmu.Unlock()
	if already {
		return nil
	}
	hosted := b.host.Close()
	b.cancel()
	// A post waiting for the global budget is not sent: it stays owed and goes out
	// after the restart, instead of holding the shutdown for as long as the queue is.
	b.pace.Close()
	done := make(chan struct{})
	go func() {
		b.work.Wait()
		<-hosted
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(b.opt.CloseWait):
		b.log.Warn("shutdown: work still in flight (a Discord call); closing without it", "waited", b.opt.CloseWait)
	}
	b.stopHealth()
	var err error
	if b.sess != nil {
		err = b.sess.Close()
	}
	// Connections kept alive for the next REST call would otherwise stay open, with a
	// reader and a writer goroutine each, until Discord or the idle timeout drops them.
	b.conns.CloseIdleConnections()
	return err
}

// RunDue handles every deadline that is due by the bot's clock (host.RunDue). Tests
// call it after moving their clock.
func (b *Bot) RunDue(ctx context.Context) { b.host.RunDue(ctx) }

// begin counts one piece of work (an interaction) that
// Close must wait for, or reports false once Close has begun: WaitGroup forbids an Add
// from zero while Wait runs, and work started then would outlive the session.
func (b *Bot) begin() bool {
	b.wmu.Lock()
	defer b.wmu.Unlock()
	if b.closing.Load() {
		return false
	}
	b.work.Add(1)
	return true
}

// request is one interaction being answered.
type request struct {
	services
	b         *Bot
	i         *discordgo.Interaction
	user      *discordgo.User
	deferred  bool // a deferred response was sent
	update    bool // ... of the message the component is on
	ephemeral bool // ... private
	answered  bool
}

func (b *Bot) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	r := &request{services: services{b}, b: b, i: ic.Interaction, user: interactionUser(ic.Interaction)}
	if !b.begin() {
		r.send(view.Private("The bot is restarting; please try again in a moment."))
		return
	}
	defer b.work.Done()
	log := b.log.With("guild", ic.GuildID, "channel", ic.ChannelID, "user", r.user.ID, "interaction", ic.ID)
	defer func() {
		if p := recover(); p != nil {
			log.Error("handler panicked", "panic", p, "stack", string(debug.Stack()))
			r.send(view.Private("Internal error; nothing was changed. Please try again."))
		}
	}()
	if b.elsewhere(ic.Interaction) {
		log.Debug("interaction left to the process that runs its game")
		return
	}
	var rep view.Reply
	switch ic.Type {
	case discordgo.InteractionApplicationCommand:
		data := ic.ApplicationCommandData()
		if data.CommandType == discordgo.MessageApplicationCommand {
			rep = b.route(r, data.Name, input{Data: data}) // a message command, by its name
		} else {
			rep = b.command(r, data)
		}
	case discordgo.InteractionMessageComponent:
		id, err := view.DecodeID(ic.MessageComponentData().CustomID)
		if err != nil {
			rep = view.Private("%s", err.Error())
		} else {
			rep = b.route(r, id.Action, input{ID: id, Values: ic.MessageComponentData().Values})
		}
	case discordgo.InteractionModalSubmit:
		id, err := view.DecodeID(ic.ModalSubmitData().CustomID)
		if err != nil {
			rep = view.Private("%s", err.Error())
		} else {
			rep = b.route(r, id.Action, input{ID: id, Form: modalValues(ic.ModalSubmitData())})
		}
	default:
		return
	}
	if !r.answered && !(r.deferred && rep.Empty()) {
		if err := r.send(rep); err != nil {
			log.Error("answer interaction", "err", err)
		}
	}
}

// elsewhere reports whether an interaction is about a game another process runs: a
// press on its controls, or a command in its place. Discord sends a shard's events to
// every process connected as that shard (both halves of a rolling deploy), and an
// interaction takes one answer: the process holding the game gives it, the other stays
// silent rather than race it with "no such game".
func (b *Bot) elsewhere(i *discordgo.Interaction) bool {
	custom := ""
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return b.host.PlaceElsewhere(i.ChannelID)
	case discordgo.InteractionMessageComponent:
		custom = i.MessageComponentData().CustomID
	case discordgo.InteractionModalSubmit:
		custom = i.ModalSubmitData().CustomID
	default:
		return false
	}
	id, err := view.DecodeID(custom)
	return err == nil && id.Game != 0 && b.host.Elsewhere(id.Game)
}

func interactionUser(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	if i.User != nil {
		return i.User
	}
	return &discordgo.User{}
}

func modalValues(d discordgo.ModalSubmitInteractionData) map[string]string {
	out := map[string]string{}
	for _, row := range d.Components {
		if r, ok := row.(*discordgo.ActionsRow); ok {
			for _, c := range r.Components {
				if in, ok := c.(*discordgo.TextInput); ok {
					out[in.CustomID] = in.Value
				}
			}
		}
	}
	return out
}

// deferReply acknowledges now and answers later: for work that may take longer than
// Discord's 3 seconds or that waits on the network or a write. update: the answer will
// change the message the component is on; ephemeral: the answer is private. A second
// call changes nothing (the routing table may have deferred already).
func (r *request) deferReply(update, ephemeral bool) error {
	if r.deferred {
		return nil
	}
	typ := discordgo.InteractionResponseDeferredChannelMessageWithSource
	if update {
		typ = discordgo.InteractionResponseDeferredMessageUpdate
	}
	var data *discordgo.InteractionResponseData
	if ephemeral {
		data = &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}
	}
	if err := r.b.sess.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: typ, Data: data}); err != nil {
		return err
	}
	r.deferred, r.update, r.ephemeral = true, update, ephemeral
	return nil
}

// send answers the interaction: the initial response, or after a deferral an edit of
// it. An answer whose privacy differs from the deferral's (a refusal after a public
// "thinking...", a public message after a private one), or a new message after a
// deferred update, is a follow-up, and a deferred message it replaces is deleted.
func (r *request) send(rep view.Reply) error {
	r.answered = true
	if r.i.Message != nil && (rep.Update || r.update) {
		r.b.shown.forget(r.i.Message.ID) // the answer changes the message the component is on
	}
	if !r.deferred {
		return r.b.sess.InteractionRespond(r.i, rep.Response())
	}
	if rep.Modal != nil {
		// Only a first answer may be a form: say so rather than fail silently.
		rep = view.Private("Please run the command again to open its form.")
	}
	switch {
	case r.update && !rep.Update, !r.update && rep.Ephemeral != r.ephemeral:
		if !r.update {
			if err := r.b.sess.InteractionResponseDelete(r.i); err != nil {
				return err
			}
		}
		_, err := r.b.sess.FollowupMessageCreate(r.i, true, rep.Followup())
		return err
	}
	_, err := r.b.sess.InteractionResponseEdit(r.i, rep.WebhookEdit())
	return err
}

// services is what the bot gives the games' UIs (ui.Transport).
type services struct{ b *Bot }

var _ ui.Transport = services{}

// Host is the host of every game.
func (s services) Host() *host.Host { return s.b.host }

// Renderer draws boards and pictures.
func (s services) Renderer() *render.Renderer { return s.b.render }

// Context is for the store.
func (s services) Context() context.Context { return s.b.wctx }

// Logger logs for the bot.
func (s services) Logger() *slog.Logger { return s.b.log }

// Post posts a message in a channel.
func (s services) Post(channel string, m *discordgo.MessageSend) (*discordgo.Message, error) {
	return s.b.sess.ChannelMessageSendComplex(channel, m)
}

// Edit edits a message by the channel.
func (s services) Edit(e *discordgo.MessageEdit) (*discordgo.Message, error) {
	return s.b.editMessage(e)
}

// PostScreen posts a game's screen once for nonce, with the game's priority.
func (s services) PostScreen(t *host.Table, rep view.Reply, nonce string) (string, error) {
	m, err := s.b.postOnce(t.Row.Place, rep, nonce, s.b.screenPriority(t))
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// OnTable answers with do on a game locked for a component.
func (s services) OnTable(id int64, do func(t *host.Table) view.Reply) view.Reply {
	return s.b.onTable(id, do)
}

// DB is the store.
func (s services) DB() *store.DB { return s.b.db }

// PostOnce posts rep in a channel once for nonce.
func (s services) PostOnce(channel string, rep view.Reply, nonce string) error {
	_, err := s.b.postOnce(channel, rep, nonce)
	return err
}

// MoveToThread moves t to a thread of its message, when the channel allows one.
func (s services) MoveToThread(t *host.Table, messageID, name string) {
	s.b.moveToThread(t, messageID, name)
}

// Deliver posts a game's owed screen, following up its interaction while it can.
func (s services) Deliver(t *host.Table, sc *store.Screen, rep view.Reply, nonce string) (string, error) {
	return s.b.postScreen(t, sc, rep, nonce)
}

// Mine reports whether this process serves a guild.
func (s services) Mine(guild string) bool { return s.b.mine(guild) }

// Game is the registered game of a stored game's name.
func (s services) Game(name store.GameName) (ui.Game, bool) {
	g, ok := s.b.games[name]
	return g, ok
}

// Go runs do in the background as work Close waits for.
func (s services) Go(do func()) bool {
	if !s.b.begin() {
		return false
	}
	go func() {
		defer s.b.work.Done()
		do()
	}()
	return true
}

var _ ui.Request = (*request)(nil)

// User is who interacted.
func (r *request) User() *discordgo.User { return r.user }

// Guild is the server of the interaction.
func (r *request) Guild() string { return r.i.GuildID }

// Channel is the channel of the interaction.
func (r *request) Channel() string { return r.i.ChannelID }

// Send answers the interaction now.
func (r *request) Send(rep view.Reply) error { return r.send(rep) }

// Answer is the message the answer posted.
func (r *request) Answer() (*discordgo.Message, error) { return r.b.sess.InteractionResponse(r.i) }

// Message is the message the pressed component is on.
func (r *request) Message() *discordgo.Message { return r.i.Message }

// Member is the member who interacted.
func (r *request) Member() *discordgo.Member { return r.i.Member }

// Defer acknowledges now, when the route did not.
func (r *request) Defer(update, private bool) error { return r.deferReply(update, private) }

// Whisper follows the answer up with a private message.
func (r *request) Whisper(content string) error {
	_, err := r.b.sess.FollowupMessageCreate(r.i, true, &discordgo.WebhookParams{Content: content, Flags: discordgo.MessageFlagsEphemeral})
	return err
}

// FollowScreens keeps the interaction's token for an auto game's screens, when the
// interaction was acknowledged first.
func (r *request) FollowScreens(t *host.Table) { r.b.followStart(r, t) }

// Fetch downloads an attachment the user gave.
func (r *request) Fetch(a *discordgo.MessageAttachment, limit int) (string, error) {
	return r.b.fetch(r.b.ctx, a, limit)
}

// Check reports a program's mistakes and warnings privately.
func (r *request) Check(lang *interp.Language, name, text string) view.Reply {
	return r.b.checkIn(r, lang, name, text)
}

// Stats is the /stats answer of one game, or of all ("").
func (r *request) Stats(o ui.Options, only store.GameName) view.Reply { return r.b.stats(r, o, only) }

// LibraryList lists the user's saved programs.
func (r *request) LibraryList(lib *host.Library) view.Reply { return r.b.libraryList(r, lib) }

// LibraryShow shows a saved program.
func (r *request) LibraryShow(lib *host.Library, o ui.Options) view.Reply {
	return r.b.libraryShow(r, lib, o)
}

// LibraryAskDelete asks before deleting a saved program.
func (r *request) LibraryAskDelete(lib *host.Library, o ui.Options) view.Reply {
	return r.b.libraryAskDelete(r, lib, o)
}

// LibrarySave saves a new version of a program.
func (r *request) LibrarySave(lib *host.Library, name, defense, text string) view.Reply {
	return r.b.saveToLibrary(r, lib, name, defense, text)
}

var _ ui.Libraries = (*request)(nil)

// Internal logs an unexpected error and says so, without detail.
func (r *request) Internal(what string, err error) view.Reply { return r.b.internal(r, what, err) }

// Refused words what host refused, or is Internal's reply.
func (r *request) Refused(what string, err error) view.Reply { return r.b.refusedOr(r, what, err) }

// History is the /history answer of one game, or of all ("").
func (r *request) History(o ui.Options, only store.GameName) view.Reply {
	return r.b.history(r, o, only)
}

// Ladder is the top 10 of this server on the ladder kind.
func (r *request) Ladder(kind string) view.Reply { return r.b.ladderBoard(r, kind) }

// internal logs an unexpected error with context and tells the user, without detail.
func (b *Bot) internal(r *request, what string, err error) view.Reply {
	b.log.Error(what, "err", err, "guild", r.i.GuildID, "channel", r.i.ChannelID, "user", r.user.ID)
	return view.Private("Internal error; the game is unchanged. Please try again.")
}
