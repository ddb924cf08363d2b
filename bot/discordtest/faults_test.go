package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/color"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

const postRoute = "POST /channels/{id}/messages"

// postRaw sends Create Message with fields discordgo's MessageSend lacks (nonce,
// enforce_nonce), through the session's rate-limited request path as the bot does.
func postRaw(dg *discordgo.Session, channelID string, body map[string]any) (id string, nonce json.RawMessage, err error) {
	ep := discordgo.EndpointChannelMessages(channelID)
	raw, err := dg.RequestWithBucketID(http.MethodPost, ep, body, ep)
	if err != nil {
		return "", nil, err
	}
	var m struct {
		ID    string          `json:"id"`
		Nonce json.RawMessage `json:"nonce"`
	}
	err = json.Unmarshal(raw, &m)
	return m.ID, m.Nonce, err
}

func restStatus(err error) (status, code int) {
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) {
		return 0, 0
	}
	if rest.Message != nil {
		code = rest.Message.Code
	}
	return rest.Response.StatusCode, code
}

func TestFailNextHasNoEffect(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	s.FailNext(postRoute, 1, http.StatusInternalServerError)
	_, err := dg.ChannelMessageSend(ch.ID, "lost")
	if status, _ := restStatus(err); status != http.StatusInternalServerError {
		t.Fatalf("first post: %v, want a 500", err)
	}
	if n := len(s.Messages(ch.ID)); n != 0 {
		t.Errorf("a failed post left %d messages", n)
	}
	if s.Faults(postRoute) != 1 || s.Requests(postRoute) != 1 {
		t.Errorf("faults %d, requests %d: want 1 and 1 (discordgo does not retry a 500)", s.Faults(postRoute), s.Requests(postRoute))
	}
	m, err := dg.ChannelMessageSend(ch.ID, "kept")
	if err != nil {
		t.Fatalf("the post after the fault: %v", err)
	}
	// A 403 chosen by its Discord code, and a bare 404 on an edit, which names a message.
	s.FailNext(postRoute, 1, 50001)
	_, err = dg.ChannelMessageSend(ch.ID, "x")
	if status, code := restStatus(err); status != http.StatusForbidden || code != 50001 {
		t.Errorf("Missing Access: %d %d", status, code)
	}
	editRoute := "PATCH /channels/{id}/messages/{id}"
	s.FailNext(editRoute, 1, http.StatusNotFound)
	_, err = dg.ChannelMessageEdit(ch.ID, m.ID, "changed")
	if status, code := restStatus(err); status != http.StatusNotFound || code != 10008 {
		t.Errorf("edit 404: %d %d, want Unknown Message", status, code)
	}
	if got := s.Message(m.ID); got.Content != "kept" || got.Edits != 0 {
		t.Errorf("a failed edit changed the message: %+v", got)
	}
	if err := s.Check(); err != nil {
		t.Errorf("injected faults are not the bot's mistakes: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("FailNext accepted 429, which belongs to RateLimit")
		}
	}()
	s.FailNext(postRoute, 1, http.StatusTooManyRequests)
}

func TestBadGatewayRetriedByDiscordgo(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	s.FailNext(postRoute, 1, http.StatusBadGateway)
	if _, err := dg.ChannelMessageSend(ch.ID, "hello"); err != nil {
		t.Fatalf("discordgo did not retry the 502: %v", err)
	}
	if s.Faults(postRoute) != 1 || s.Requests(postRoute) != 2 {
		t.Errorf("faults %d, requests %d: want the 502 and its retry", s.Faults(postRoute), s.Requests(postRoute))
	}
	if n := len(s.Messages(ch.ID)); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
}

func TestLostAnswerAndNonce(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	post := map[string]any{"content": "board v7", "nonce": "g1-v7", "enforce_nonce": true}
	s.FailAfterEffect(postRoute, 1, http.StatusServiceUnavailable)
	if _, _, err := postRaw(dg, ch.ID, post); err == nil {
		t.Fatal("the lost answer came back as a success")
	}
	msgs := s.Messages(ch.ID)
	if len(msgs) != 1 || msgs[0].Nonce != "g1-v7" {
		t.Fatalf("after the lost answer: %d messages, want the one that took effect, with its nonce", len(msgs))
	}
	id, echoed, err := postRaw(dg, ch.ID, post)
	if err != nil || id != msgs[0].ID {
		t.Fatalf("retry with the nonce: %s %v, want the first message %s", id, err, msgs[0].ID)
	}
	if string(echoed) != `"g1-v7"` {
		t.Errorf("nonce echoed as %s", echoed)
	}
	if n := len(s.Messages(ch.ID)); n != 1 {
		t.Errorf("%d messages after the retry, want 1", n)
	}
	// A 502 after the write is retried by discordgo itself with the same body.
	s.FailAfterEffect(postRoute, 1, http.StatusBadGateway)
	if _, _, err := postRaw(dg, ch.ID, map[string]any{"content": "board v8", "nonce": 8, "enforce_nonce": true}); err != nil {
		t.Fatal(err)
	}
	if n := len(s.Messages(ch.ID)); n != 2 {
		t.Errorf("%d messages after a 502 on a post with a nonce, want 2", n)
	}
	// Without enforce_nonce the nonce is only echoed, and the same post is posted again.
	for range 2 {
		if _, echoed, err := postRaw(dg, ch.ID, map[string]any{"content": "again", "nonce": 12345}); err != nil || string(echoed) != "12345" {
			t.Fatalf("post with an integer nonce: %s %v", echoed, err)
		}
	}
	if n := len(s.Messages(ch.ID)); n != 4 {
		t.Errorf("%d messages, want 4 (without enforce_nonce nothing is deduplicated)", n)
	}
	// The nonce belongs to its channel, and expires.
	other := s.AddChannel(&Guild{ID: ch.GuildID}, "other")
	if id, _, err := postRaw(dg, other.ID, post); err != nil || id == msgs[0].ID {
		t.Errorf("the nonce reached into another channel: %s %v", id, err)
	}
	s.mu.Lock()
	s.NonceWindow = 0
	s.mu.Unlock()
	if id, _, err := postRaw(dg, ch.ID, post); err != nil || id == msgs[0].ID {
		t.Errorf("an expired nonce still answered the old message: %s %v", id, err)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

func TestNonceMultipartAndLimits(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	ep := discordgo.EndpointChannelMessages(ch.ID)
	post := func(nonce any) (string, error) {
		ct, body, err := discordgo.MultipartBodyWithJSON(map[string]any{"content": "board", "nonce": nonce, "enforce_nonce": true},
			[]*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: strings.NewReader("png")}})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := dg.RequestRaw(http.MethodPost, ep, ct, body, ep, 0)
		var m discordgo.Message
		if err == nil {
			err = json.Unmarshal(raw, &m)
		}
		return m.ID, err
	}
	first, err := post(strings.Repeat("n", 25))
	if err != nil {
		t.Fatalf("a 25-character nonce: %v", err)
	}
	again, err := post(strings.Repeat("n", 25))
	if err != nil || again != first {
		t.Errorf("multipart retry answered %s (%v), want %s", again, err, first)
	}
	if n := len(s.Messages(ch.ID)); n != 1 {
		t.Errorf("%d messages, want 1", n)
	}
	_, err = post(strings.Repeat("n", 26))
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response.StatusCode != http.StatusBadRequest || rest.Message == nil || rest.Message.Code != 50035 {
		t.Fatalf("a 26-character nonce: %v", err)
	}
	var shape struct {
		Errors struct {
			Nonce struct {
				Errors []struct{ Code string } `json:"_errors"`
			} `json:"nonce"`
		} `json:"errors"`
	}
	if json.Unmarshal(rest.ResponseBody, &shape) != nil || len(shape.Errors.Nonce.Errors) != 1 || shape.Errors.Nonce.Errors[0].Code != "BASE_TYPE_MAX_LENGTH" {
		t.Errorf("error body %s", rest.ResponseBody)
	}
	if n := len(s.Messages(ch.ID)); n != 1 {
		t.Errorf("a refused nonce posted: %d messages", n)
	}
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "nonce") {
		t.Errorf("Check does not report the long nonce: %v", err)
	}
}

func TestStallAndClientTimeout(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	dg.Client = &http.Client{Transport: dg.Client.Transport, Timeout: 100 * time.Millisecond}
	s.Stall(postRoute, 1, 300*time.Millisecond)
	_, err := dg.ChannelMessageSend(ch.ID, "slow")
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("stalled post: %v, want a client timeout", err)
	}
	// The stalled request still took effect once its wait was over: a lost answer.
	if _, err := s.WaitMessage(ctx(t), ch.ID, func(m *Message) bool { return m.Content == "slow" }); err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageSend(ch.ID, "fast"); err != nil {
		t.Errorf("the post after the stall: %v", err)
	}
	if s.Faults(postRoute) != 1 {
		t.Errorf("faults %d, want 1", s.Faults(postRoute))
	}
}

func TestCloseEndsStall(t *testing.T) {
	s, dg, _, _, ch := setup(t)
	s.Stall(postRoute, 1, 30*time.Second) // past ctx(t), so a stall Close does not end is caught; short enough to end the run
	posted := make(chan error, 1)
	go func() {
		_, err := dg.ChannelMessageSend(ch.ID, "never")
		posted <- err
	}()
	if err := s.WaitFaults(ctx(t), postRoute, 1); err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() {
		s.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-ctx(t).Done():
		t.Fatal("Close waited for the stalled request")
	}
	if err := <-posted; err == nil {
		t.Error("the stalled post succeeded after Close")
	}
	if n := len(s.Messages(ch.ID)); n != 0 {
		t.Errorf("a stall ended by Close took effect: %d messages", n)
	}
}

func TestGlobalRateLimit(t *testing.T) {
	s, dg, got, alice, ch := setup(t)
	// A clock the test moves, so a burst is as fast as it needs to be; an hour ahead,
	// so setup's requests are out of the window. The server reads it holding mu.
	now := time.Now().Add(time.Hour)
	s.mu.Lock()
	s.now = func() time.Time { return now }
	s.mu.Unlock()
	advance := func(d time.Duration) {
		s.mu.Lock()
		defer s.mu.Unlock()
		now = now.Add(d)
	}
	dg.ShouldRetryOnRateLimit = false
	burst := func(content string) (sent, limited int) {
		for range 60 {
			_, err := dg.ChannelMessageSend(ch.ID, content)
			var rl *discordgo.RateLimitError
			switch {
			case err == nil:
				sent++
			case errors.As(err, &rl) && rl.RetryAfter == time.Second:
				limited++
			default:
				t.Fatalf("unexpected error: %v", err)
			}
		}
		return sent, limited
	}
	// Measured when off.
	s.SetGlobalLimit(0)
	if sent, _ := burst("free"); sent != 60 || s.GlobalLimited() != 0 || s.PeakRate() != 60 {
		t.Fatalf("with no limit: %d sent, %d limited, peak %d", sent, s.GlobalLimited(), s.PeakRate())
	}
	advance(time.Second)
	s.SetGlobalLimit(DefaultGlobalLimit)
	in, _ := s.SlashCommand(alice, ch.ID, "ping", Sub("now", Opt("who", alice)))
	i := next(t, got)
	sent, limited := burst("burst")
	if sent != 50 || limited != 10 || s.GlobalLimited() != 10 {
		t.Fatalf("%d sent, %d limited (%d counted), want 50 and 10", sent, limited, s.GlobalLimited())
	}
	kept := 0
	for _, m := range s.Messages(ch.ID) {
		if m.Content == "burst" {
			kept++
		}
	}
	if kept != 50 {
		t.Errorf("%d burst messages posted, want 50: a global 429 must have no effect", kept)
	}
	// Interaction answers and follow-ups pass while the window is full.
	if err := dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatalf("callback: %v", err)
	}
	if _, err := dg.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "result"}); err != nil {
		t.Fatalf("follow-up: %v", err)
	}
	if len(in.Followups()) != 1 || s.GlobalLimited() != 10 || s.PeakRate() != 60 {
		t.Errorf("interaction requests were counted: %d limited, peak %d", s.GlobalLimited(), s.PeakRate())
	}
	// Discord's answer, as a client without discordgo sees it.
	req, _ := http.NewRequest(http.MethodGet, s.APIBase()+"/channels/"+ch.ID, nil)
	req.Header.Set("Authorization", "Bot "+s.Token())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Message    string  `json:"message"`
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	json.NewDecoder(resp.Body).Decode(&body)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("X-RateLimit-Global") != "true" || resp.Header.Get("Retry-After") != "1" ||
		!body.Global || body.RetryAfter != 1 || body.Message != "You are being rate limited." {
		t.Errorf("global 429: %d %v %+v", resp.StatusCode, resp.Header, body)
	}
	// A second later the window has room again.
	advance(time.Second)
	if _, err := dg.ChannelMessageSend(ch.ID, "later"); err != nil {
		t.Errorf("after the window: %v", err)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

func TestGlobalRateLimitRetriedInRealTime(t *testing.T) {
	t.Parallel()
	s := New()
	t.Cleanup(s.Close)
	ch := s.AddChannel(s.AddGuild("", "club"), "general")
	// REST only: no gateway session, so no other request shares the window.
	dg, err := discordgo.New("Bot " + s.Token())
	if err != nil {
		t.Fatal(err)
	}
	base, _ := url.Parse(s.APIBase())
	dg.Client = &http.Client{Transport: rewrite{base}, Timeout: 10 * time.Second}
	s.SetGlobalLimit(3)
	for range 4 {
		if _, err := dg.ChannelMessageSend(ch.ID, "tick"); err != nil {
			t.Fatalf("discordgo did not wait out the global limit: %v", err)
		}
	}
	if s.GlobalLimited() != 1 {
		t.Errorf("%d global 429s, want 1 for four posts at once under a limit of 3", s.GlobalLimited())
	}
	if n := len(s.Messages(ch.ID)); n != 4 {
		t.Errorf("%d messages, want 4", n)
	}
}

// TestFollowupLostAndListed: a follow-up whose answer is lost took effect, with no
// nonce to find it by; the channel's messages list it (newest first, with its file
// and webhook id, no nonce, no ephemeral message) so a client can find it.
func TestFollowupLostAndListed(t *testing.T) {
	s, dg, got, alice, ch := setup(t)
	if _, _, err := postRaw(dg, ch.ID, map[string]any{"content": "older", "nonce": "n1", "enforce_nonce": true}); err != nil {
		t.Fatal(err)
	}
	s.SlashCommand(alice, ch.ID, "ping", Sub("now", Opt("who", alice)))
	i := next(t, got)
	if err := dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "private", Flags: discordgo.MessageFlagsEphemeral}}); err != nil {
		t.Fatal(err)
	}
	s.FailAfterEffect("POST /webhooks/{id}/{token}", 1, http.StatusInternalServerError)
	_, err := dg.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "board",
		Files: []*discordgo.File{{Name: "board-k1v2.png", ContentType: "image/png", Reader: bytes.NewReader(tinyPNG(color.Black))}}})
	if err == nil {
		t.Fatal("the lost answer came back as a success")
	}
	ms, err := dg.ChannelMessages(ch.ID, 2, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].Content != "board" || ms[1].Content != "older" {
		t.Fatalf("listed %d messages, want the follow-up then the older post (the ephemeral answer unlisted)", len(ms))
	}
	if len(ms[0].Attachments) != 1 || ms[0].Attachments[0].Filename != "board-k1v2.png" || ms[0].WebhookID != s.App().ID || ms[0].Author.ID != s.App().ID {
		t.Errorf("the follow-up listed as %+v", ms[0])
	}
	if _, err := dg.ChannelMessages(ch.ID, 101, "", "", ""); err == nil {
		t.Error("a limit over 100 was accepted")
	}
}
