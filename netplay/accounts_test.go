package netplay

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRegisterAndLogin(t *testing.T) {
	h := start(t, Limits{Public: Rate{Burst: 100, Every: time.Hour}})
	form := "application/x-www-form-urlencoded"
	status, token := h.post(t, "/public/register", form, "username=alice&password=correct+horse")
	if status != http.StatusOK || len(token) != 43 {
		t.Fatalf("register: %d %q", status, token)
	}
	status, again := h.post(t, "/public/login", "application/json", `{"username": "ALICE", "password": "correct horse"}`)
	if status != http.StatusOK || len(again) != 43 || again == token {
		t.Fatalf("login: %d %q", status, again)
	}
	// The spec's parameters may come in the query string too, as Spring reads them.
	if status, body := h.post(t, "/public/login?username=alice&password=correct+horse", form, ""); status != http.StatusOK {
		t.Errorf("login by query string: %d %s", status, body)
	}
	for _, tok := range []string{token, again} {
		acc, err := h.db.TokenAccount(context.Background(), tok)
		if err != nil || acc.Name != "alice" {
			t.Errorf("token %s: %+v, %v", tok, acc, err)
		}
	}
	if acc, _ := h.db.AccountByName(context.Background(), "alice"); !strings.HasPrefix(acc.Password, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(acc.Password, "correct") {
		t.Errorf("the password is stored as %q", acc.Password)
	}
	for _, c := range []struct {
		path, ctype, body string
		status            int
		want              string
	}{
		{"/public/register", form, "username=Alice&password=another+one", 409, `the username "Alice" is taken: pick another, or log in at POST /public/login`},
		{"/public/login", form, "username=alice&password=wrong+horse", 401, "wrong username or password"},
		{"/public/login", form, "username=nobody&password=correct+horse", 401, "wrong username or password"},
		{"/public/login", "application/json", `{"username": "alice"`, 400, `malformed JSON body (unexpected EOF): send {"username": "...", "password": "..."}`},
		{"/public/login", "application/json", `{"username": "alice"}`, 400, "username and password are both required (a form, or JSON with Content-Type: application/json)"},
		{"/public/register", form, "username=alice", 400, "username and password are both required (a form, or JSON with Content-Type: application/json)"},
		{"/public/register", form, "username=a%zz&password=x", 400, `malformed form (invalid URL escape "%zz"): send username=...&password=...`},
		{"/public/register", form, "username=bob+smith&password=correct+horse", 400, `the username may hold only letters a-z, digits and . _ -, not ' '`},
		{"/public/register", form, "username=&password=correct+horse", 400, "the username is 0 bytes; it must have 1 to 32"},
		{"/public/register", form, "username=" + strings.Repeat("b", 33) + "&password=correct+horse", 400, "the username is 33 bytes; it must have 1 to 32"},
		{"/public/register", form, "username=bob&password=1234567", 400, "the password is 7 bytes; it must have 8 to 128"},
		{"/public/register", form, "username=bob&password=" + strings.Repeat("p", 129), 400, "the password is 129 bytes; it must have 8 to 128"},
		{"/public/register", form, "username=bob&password=" + strings.Repeat("p", 4097), 413, "the request body is over 4096 bytes"},
	} {
		status, body := h.post(t, c.path, c.ctype, c.body)
		if status != c.status || body != c.want {
			t.Errorf("POST %s %.40q:\n got %d %s\nwant %d %s", c.path, c.body, status, body, c.status, c.want)
		}
	}
	// The bounds from the other side: 32 bytes of name and 8 or 128 of password pass.
	for _, body := range []string{"username=" + strings.Repeat("c", 32) + "&password=12345678", "username=d&password=" + strings.Repeat("p", 128)} {
		if status, msg := h.post(t, "/public/register", form, body); status != http.StatusOK {
			t.Errorf("register %.50q: %d %s", body, status, msg)
		}
	}
	resp, err := h.client.Get("http://" + h.addr + "/public/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
		t.Errorf("GET /public/login: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}

// TestTokenExpires: a token opens the socket until 24 hours have passed, not after.
func TestTokenExpires(t *testing.T) {
	h := start(t, Limits{})
	token := h.register(t, "alice")
	h.clock.add(24*time.Hour - time.Second)
	ws := h.dial(t, token)
	ws.Close()
	<-h.closed
	h.clock.add(time.Second)
	_, resp, err := h.tryDial(token)
	if err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("an expired token: %v %v", resp, err)
	}
}

// TestPublicRateLimit: an address makes Burst account requests, and the next is
// refused with 429 and when to come back.
func TestPublicRateLimit(t *testing.T) {
	h := start(t, Limits{Public: Rate{Burst: 3, Every: time.Minute}})
	for i := range 3 {
		if status, body := h.post(t, "/public/login", "application/x-www-form-urlencoded", "username=x&password=12345678"); status != http.StatusUnauthorized {
			t.Fatalf("request %d: %d %s", i+1, status, body)
		}
	}
	resp, err := h.client.Post("http://"+h.addr+"/public/register", "application/x-www-form-urlencoded", strings.NewReader("username=x&password=12345678"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "60" {
		t.Errorf("the 4th request: %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if _, err := h.db.AccountByName(context.Background(), "x"); err == nil {
		t.Error("the refused request registered its account")
	}
	h.clock.add(time.Minute) // one request earned back
	if status, body := h.post(t, "/public/register", "application/x-www-form-urlencoded", "username=x&password=12345678"); status != http.StatusOK {
		t.Errorf("a minute later: %d %s", status, body)
	}
	if status, body := h.post(t, "/public/register", "application/x-www-form-urlencoded", "username=y&password=12345678"); status != http.StatusTooManyRequests ||
		body != "too many account requests from your address: at most 3 at once, then one every 1m0s" {
		t.Errorf("the next: %d %s", status, body)
	}
}

func TestIPLimiterBounded(t *testing.T) {
	now := time.Unix(0, 0)
	l := newIPLimiter(Rate{Burst: 1, Every: time.Minute}, 2, func() time.Time { return now })
	if !l.allow("a") || !l.allow("b") {
		t.Fatal("two addresses")
	}
	if l.allow("c") {
		t.Error("a third address was remembered beyond the bound of 2")
	}
	now = now.Add(time.Minute) // a's and b's buckets are full again: forgettable
	if !l.allow("c") || len(l.by) != 1 {
		t.Errorf("after a minute: %d addresses remembered", len(l.by))
	}
}

func TestParseHash_RefusesDamagedRows(t *testing.T) {
	for _, h := range []string{
		"", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=1,t=1$AA$AA", "$argon2id$v=19$m=0,t=1,p=1$AA$AA",
		"$argon2id$v=19$m=4194304,t=1,p=1$AA$AA", "$argon2id$v=19$t=1,m=1,p=1$AA$AA", "$argon2id$v=19$m=1,t=1,p=1$!$AA",
	} {
		if _, _, _, err := parseHash(h); err == nil {
			t.Errorf("parseHash(%q) accepted it", h)
		}
	}
}
