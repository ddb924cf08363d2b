package discordtest

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// rewrite sends discordgo's requests for discordgo.EndpointAPI+X to base/X, the rule
// the bot implements for DISCORD_API_BASE.
type rewrite struct{ base *url.URL }

func (rw rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	api, _ := url.Parse(discordgo.EndpointAPI)
	if r.URL.Host == api.Host && strings.HasPrefix(r.URL.Path, strings.TrimSuffix(api.Path, "/")) {
		r = r.Clone(r.Context())
		r.URL.Scheme, r.URL.Host = rw.base.Scheme, rw.base.Host
		r.URL.Path = rw.base.Path + strings.TrimPrefix(r.URL.Path, strings.TrimSuffix(api.Path, "/"))
		r.Host = rw.base.Host
	}
	return http.DefaultTransport.RoundTrip(r)
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

// connect opens a real discordgo session on the fake and returns it with the
// interactions it receives.
func connect(t *testing.T, s *Server, token string, shard, count int, intents discordgo.Intent) (*discordgo.Session, chan *discordgo.InteractionCreate, error) {
	t.Helper()
	dg, err := discordgo.New("Bot " + token)
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse(s.APIBase())
	dg.Client = &http.Client{Transport: rewrite{base}, Timeout: 10 * time.Second}
	dg.Identify.Intents = intents
	dg.ShardID, dg.ShardCount = shard, count
	dg.ShouldReconnectOnError = false
	dg.LogLevel = discordgo.LogError - 1
	got := make(chan *discordgo.InteractionCreate, 16)
	ready := make(chan struct{}, 1)
	dg.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { ready <- struct{}{} })
	dg.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { got <- i })
	if err := dg.Open(); err != nil {
		return nil, nil, err
	}
	t.Cleanup(func() { dg.Close() })
	select {
	case <-ready:
	case <-ctx(t).Done():
		t.Fatal("no READY")
	}
	return dg, got, nil
}

// setup starts a fake with one guild and channel, a connected bot and a user.
func setup(t *testing.T) (*Server, *discordgo.Session, chan *discordgo.InteractionCreate, *User, *Channel) {
	t.Parallel() // discordgo's Close waits a second; let the tests overlap
	s := New()
	t.Cleanup(s.Close)
	g := s.AddGuild("", "club")
	ch := s.AddChannel(g, "general")
	alice := s.AddUser("alice", false)
	dg, got, err := connect(t, s, s.Token(), 0, 1, discordgo.IntentsGuilds)
	if err != nil {
		t.Fatal(err)
	}
	_, err = dg.ApplicationCommandBulkOverwrite(s.App().ID, "", []*discordgo.ApplicationCommand{
		{Name: "ping", Description: "ping", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "now", Description: "now", Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "who", Description: "who", Required: true},
				{Type: discordgo.ApplicationCommandOptionAttachment, Name: "file", Description: "file"},
			}},
		}},
		{Name: "Inspect", Type: discordgo.MessageApplicationCommand},
	})
	if err != nil {
		t.Fatal(err)
	}
	return s, dg, got, alice, ch
}

func next(t *testing.T, got chan *discordgo.InteractionCreate) *discordgo.InteractionCreate {
	t.Helper()
	select {
	case i := <-got:
		return i
	case <-ctx(t).Done():
		t.Fatal("no interaction arrived")
	}
	return nil
}

func tinyPNG(c color.Color) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, c)
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func TestSlashCommandReplyAndEdits(t *testing.T) {
	s, dg, got, alice, ch := setup(t)
	bob := s.AddUser("bob", false)
	up := s.Upload("rules.cfg", "text/plain", []byte("max_turns=3"))
	in, err := s.SlashCommand(alice, ch.ID, "ping", Sub("now", Opt("who", bob), Opt("file", up)))
	if err != nil {
		t.Fatal(err)
	}
	i := next(t, got)
	data := i.ApplicationCommandData()
	sub := data.Options[0]
	if data.Name != "ping" || sub.Name != "now" || sub.Options[0].UserValue(nil).ID != bob.ID || i.Member.User.ID != alice.ID {
		t.Fatalf("interaction data %+v", data)
	}
	att := data.Resolved.Attachments[sub.Options[1].Value.(string)]
	resp, err := dg.Client.Get(att.URL)
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	body.ReadFrom(resp.Body)
	resp.Body.Close()
	if body.String() != "max_turns=3" {
		t.Errorf("attachment %q", body.String())
	}
	// Reply with an image, then replace it.
	err = dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "board", Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(color.White))}}}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := in.Reply(ctx(t))
	if err != nil || m.Content != "board" || m.File("board.png") == nil {
		t.Fatalf("reply %+v %v", m, err)
	}
	empty := []*discordgo.MessageAttachment{}
	_, err = dg.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Attachments: &empty,
		Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(color.Black))}}})
	if err != nil {
		t.Fatal(err)
	}
	m, err = in.Original(ctx(t), func(m *Message) bool { return m.Edits == 1 })
	if err != nil || len(m.Attachments) != 1 {
		t.Fatalf("after replacing the image: %d attachments, %v", len(m.Attachments), err)
	}
	if img, err := png.Decode(bytes.NewReader(m.Attachments[0].Data)); err != nil || !isBlack(img.At(0, 0)) {
		t.Errorf("the new image is not the black one: %v", err)
	}
	// A second initial response is refused like Discord does.
	err = dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "again"}})
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != 40060 {
		t.Errorf("second response: %v", err)
	}
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "40060") {
		t.Errorf("Check does not report the double response: %v", err)
	}
}

func TestLateResponseAndDeferral(t *testing.T) {
	s, dg, got, alice, ch := setup(t)
	s.ResponseDeadline = 0 // every first response is late
	s.SlashCommand(alice, ch.ID, "ping", Sub("now", Opt("who", alice)))
	i := next(t, got)
	err := dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Message == nil || rest.Message.Code != 10062 {
		t.Errorf("late response: %v", err)
	}
	// In time: defer, then edit the "thinking" message with the result.
	s.ResponseDeadline = time.Minute
	in, _ := s.SlashCommand(alice, ch.ID, "ping", Sub("now", Opt("who", alice)))
	i = next(t, got)
	if err := dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	content := "done"
	if _, err := dg.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content}); err != nil {
		t.Fatal(err)
	}
	if m, err := in.Reply(ctx(t)); err != nil || m.Content != "done" {
		t.Errorf("deferred reply %+v %v", m, err)
	}
}

func TestComponentsAndModal(t *testing.T) {
	s, dg, got, alice, ch := setup(t)
	bob := s.AddUser("bob", false)
	m, err := dg.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "pick", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Go", CustomID: "go"}}},
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{CustomID: "hex", Placeholder: "Buy a hex", Options: []discordgo.SelectMenuOption{{Label: "(1,1)", Value: "1,1"}}}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	sent := s.Message(m.ID)
	if sent.Button("Go") == nil || sent.Select("Buy") == nil {
		t.Fatalf("components not stored: %+v", sent.Components)
	}
	if _, err := s.Choose(alice, m.ID, "hex", "9,9"); err == nil {
		t.Error("choosing an option that is not offered was allowed")
	}
	clicked, err := s.Click(bob, m.ID, "go")
	if err != nil {
		t.Fatal(err)
	}
	i := next(t, got)
	if i.MessageComponentData().CustomID != "go" || i.Message.ID != m.ID {
		t.Fatalf("component data %+v", i.MessageComponentData())
	}
	// Discord sends the message with its components; discordgo's own JSON drops them.
	if len(i.Message.Components) != 2 {
		t.Fatalf("the interaction's message has %d component rows, want 2", len(i.Message.Components))
	}
	err = dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: "form", Title: "Add a kind", Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "name", Label: "Name", Style: discordgo.TextInputShort, Required: true}}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "code", Label: "Strategy", Style: discordgo.TextInputParagraph, MaxLength: 4000}}},
		}}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := clicked.Response(ctx(t))
	if err != nil || r.Modal == nil || len(r.Modal.Inputs) != 2 {
		t.Fatalf("modal %+v %v", r, err)
	}
	if _, err := s.SubmitModal(alice, clicked, map[string]string{"name": "x"}); err == nil {
		t.Error("someone else submitted bob's modal")
	}
	if _, err := s.SubmitModal(bob, clicked, map[string]string{"name": "Tank", "code": "move up"}); err != nil {
		t.Fatal(err)
	}
	i = next(t, got)
	md := i.ModalSubmitData()
	if md.CustomID != "form" || md.Components[1].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value != "move up" {
		t.Errorf("modal submit %+v", md)
	}
	// Update the component's message in place.
	err = dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
		Data: &discordgo.InteractionResponseData{Content: "picked", Components: []discordgo.MessageComponent{}}})
	if err != nil {
		t.Fatal(err)
	}
	if up := s.Message(m.ID); up.Content != "picked" || len(up.Components) != 0 {
		t.Errorf("message after update: %+v", up)
	}
	// A message command delivers the target message's content.
	post, _ := s.PostMessage(alice, ch.ID, "```kombat\nmove up\n```")
	s.MessageCommand(bob, post.ID, "Inspect")
	i = next(t, got)
	d := i.ApplicationCommandData()
	if d.TargetID != post.ID || d.Resolved.Messages[post.ID].Content != "```kombat\nmove up\n```" {
		t.Errorf("message command data %+v", d)
	}
}

func TestValidation(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	row := func(cs ...discordgo.MessageComponent) discordgo.ActionsRow {
		return discordgo.ActionsRow{Components: cs}
	}
	btn := func(id string) discordgo.Button { return discordgo.Button{Label: "b", CustomID: id} }
	var opts []discordgo.SelectMenuOption
	for i := 0; i < 26; i++ {
		opts = append(opts, discordgo.SelectMenuOption{Label: "o", Value: strings.Repeat("v", i+1)})
	}
	cases := map[string]*discordgo.MessageSend{
		"content over 2000": {Content: strings.Repeat("x", 2001)},
		"empty":             {},
		"six rows":          {Content: "x", Components: []discordgo.MessageComponent{row(btn("a")), row(btn("b")), row(btn("c")), row(btn("d")), row(btn("e")), row(btn("f"))}},
		"six buttons":       {Content: "x", Components: []discordgo.MessageComponent{row(btn("a"), btn("b"), btn("c"), btn("d"), btn("e"), btn("f"))}},
		"long custom id":    {Content: "x", Components: []discordgo.MessageComponent{row(btn(strings.Repeat("i", 101)))}},
		"26 options":        {Content: "x", Components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: "s", Options: opts})}},
		"duplicate ids":     {Content: "x", Components: []discordgo.MessageComponent{row(btn("a"), btn("a"))}},
		"select and button": {Content: "x", Components: []discordgo.MessageComponent{row(btn("a"), discordgo.SelectMenu{CustomID: "s", Options: opts[:1]})}},
	}
	for name, msg := range cases {
		_, err := dg.ChannelMessageSendComplex(ch.ID, msg)
		var rest *discordgo.RESTError
		if !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: accepted (%v)", name, err)
		}
	}
	if n := len(s.Failures()); n != len(cases) {
		t.Errorf("%d failures recorded, want %d", n, len(cases))
	}
	if _, err := dg.ChannelMessageSend(ch.ID, strings.Repeat("é", 2000)); err != nil {
		t.Errorf("2000 characters (not bytes) refused: %v", err)
	}
}

func TestRateLimitRetried(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	route := "POST /channels/{id}/messages"
	s.RateLimit(route, 1, 20*time.Millisecond)
	dg.ShouldRetryOnRateLimit = true
	if _, err := dg.ChannelMessageSend(ch.ID, "hello"); err != nil {
		t.Fatalf("discordgo did not retry the 429: %v", err)
	}
	if hits, retried := s.RateLimited(route); hits != 1 || retried != 1 {
		t.Errorf("429s %d, successes after %d", hits, retried)
	}
	if msgs := s.Messages(ch.ID); len(msgs) != 1 {
		t.Errorf("%d messages, want the one retried", len(msgs))
	}
}

func TestThreads(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	m, _ := dg.ChannelMessageSend(ch.ID, "challenge")
	th, err := dg.MessageThreadStartComplex(ch.ID, m.ID, &discordgo.ThreadStart{Name: "KOMBAT: alice vs bob", AutoArchiveDuration: 1440})
	if err != nil || th.ParentID != ch.ID {
		t.Fatalf("thread %+v %v", th, err)
	}
	if _, err := dg.ChannelMessageSend(th.ID, "in the thread"); err != nil || len(s.Messages(th.ID)) != 1 {
		t.Errorf("posting in the thread: %v", err)
	}
	locked := s.AddChannel(&Guild{ID: ch.GuildID}, "locked")
	s.mu.Lock()
	s.channels[locked.ID].NoThreads = true
	s.mu.Unlock()
	if _, err := dg.ThreadStart(locked.ID, "x", discordgo.ChannelTypeGuildPublicThread, 60); err == nil {
		t.Error("a thread was created without permission")
	}
}

func TestShardsGetOnlyTheirGuilds(t *testing.T) {
	s := New()
	defer s.Close()
	// Guild ids chosen so that (id >> 22) % 2 sends them to shards 0 and 1.
	g0, g1 := s.AddGuild(fmtID(10), "zero"), s.AddGuild(fmtID(11), "one")
	c0, c1 := s.AddChannel(g0, "a"), s.AddChannel(g1, "b")
	u := s.AddUser("u", false)
	dg0, got0, err := connect(t, s, s.Token(), 0, 2, discordgo.IntentsGuilds)
	if err != nil {
		t.Fatal(err)
	}
	_, got1, err := connect(t, s, s.Token(), 1, 2, discordgo.IntentsGuilds)
	if err != nil {
		t.Fatal(err)
	}
	dg0.ApplicationCommandBulkOverwrite(s.App().ID, "", []*discordgo.ApplicationCommand{{Name: "ping", Description: "ping"}})
	s.SlashCommand(u, c1.ID, "ping")
	if i := next(t, got1); i.GuildID != g1.ID {
		t.Errorf("shard 1 got guild %s", i.GuildID)
	}
	s.SlashCommand(u, c0.ID, "ping")
	if i := next(t, got0); i.GuildID != g0.ID {
		t.Errorf("shard 0 got guild %s", i.GuildID)
	}
	select {
	case i := <-got1:
		t.Errorf("shard 1 received guild %s's interaction", i.GuildID)
	default:
	}
	ids := s.Identifies()
	if len(ids) != 2 || ids[0].Shard != [2]int{0, 2} || ids[1].Shard != [2]int{1, 2} {
		t.Errorf("identifies %+v", ids)
	}
}

func fmtID(n uint64) string { return strconv.FormatUint(n<<22|1, 10) }

func TestGatewayRefusals(t *testing.T) {
	s := New()
	defer s.Close()
	if _, _, err := connect(t, s, "wrong", 0, 1, discordgo.IntentsGuilds); err == nil || !strings.Contains(err.Error(), "4004") {
		t.Errorf("bad token: %v", err)
	}
	if _, _, err := connect(t, s, s.Token(), 0, 1, discordgo.IntentsGuilds|discordgo.IntentMessageContent); err == nil || !strings.Contains(err.Error(), "4014") {
		t.Errorf("privileged intent: %v", err)
	}
	if n := s.Connected(); n != 0 {
		t.Errorf("%d sessions connected after refusals", n)
	}
}

func isBlack(c color.Color) bool {
	r, g, b, a := c.RGBA()
	return r == 0 && g == 0 && b == 0 && a == 0xffff
}

// TestIdleEdits: an edit that leaves a message showing what it showed is counted, an
// empty list of components showing as none; an edit that changes anything is not.
func TestIdleEdits(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	row := []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Why?", Style: discordgo.SecondaryButton, CustomID: "why"}}}}
	m, err := dg.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "board", Components: row})
	if err != nil {
		t.Fatal(err)
	}
	edit := func(content string, cs []discordgo.MessageComponent) {
		t.Helper()
		if _, err := dg.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: m.ID, Channel: ch.ID, Content: &content, Components: &cs}); err != nil {
			t.Fatal(err)
		}
	}
	edit("board", row) // the same
	if n := s.IdleEdits(); n != 1 {
		t.Fatalf("%d idle edits after an edit to the same, want 1", n)
	}
	edit("board", []discordgo.MessageComponent{}) // the row taken off
	edit("board!", []discordgo.MessageComponent{})
	if n := s.IdleEdits(); n != 1 {
		t.Fatalf("%d idle edits after two that changed the message, want 1", n)
	}
	edit("board!", nil) // none, as the empty list
	if n := s.IdleEdits(); n != 2 {
		t.Fatalf("%d idle edits after clearing no components, want 2", n)
	}
}
