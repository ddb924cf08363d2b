package bot

import (
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kombat-game/kombat/bot/view"
)

func TestConfigFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	if _, err := ConfigFromEnv(env()); !errors.Is(err, ErrNoToken) || !strings.Contains(err.Error(), "README.md") {
		t.Errorf("no token: %v", err)
	}
	c, err := ConfigFromEnv(env("DISCORD_TOKEN", "Bot abc", "LOG_LEVEL", "debug"))
	if err != nil || c.Token != "abc" || c.DBPath != DefaultDBPath || c.APIBase != DefaultAPIBase() || c.LogLevel != slog.LevelDebug || c.ShardCount != 1 {
		t.Errorf("defaults: %+v, %v", c, err)
	}
	for _, bad := range [][]string{
		{"DISCORD_TOKEN", "x", "LOG_LEVEL", "loud"},
		{"DISCORD_TOKEN", "x", "DISCORD_API_BASE", "ftp://x"},
		{"DISCORD_TOKEN", "x", "DISCORD_GUILD_ID", "my server"},
		{"DISCORD_TOKEN", "x", "SHARD_ID", "2", "SHARD_COUNT", "2"},
		{"DISCORD_TOKEN", "x", "SHARD_ID", "0"},
	} {
		if _, err := ConfigFromEnv(env(bad...)); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	// A refused DISCORD_API_BASE is named with its credentials masked, however it is wrong.
	for _, base := range []string{"ftp://proxy:hunter2@x/api", "http://proxy:hunter2@x:port/api", "proxy:hunter2@x/api", "http:///api?token=hunter2"} {
		_, err := ConfigFromEnv(env("DISCORD_TOKEN", "x", "DISCORD_API_BASE", base))
		if err == nil || strings.Contains(err.Error(), "hunter") || !strings.Contains(err.Error(), "DISCORD_API_BASE") {
			t.Errorf("DISCORD_API_BASE %q: %v, want it refused with no password", base, err)
		}
	}
	c, err = ConfigFromEnv(env("DISCORD_TOKEN", "x", "SHARD_ID", "1", "SHARD_COUNT", "3", "DISCORD_API_BASE", "http://127.0.0.1:9/api/v9/"))
	if err != nil || c.ShardID != 1 || c.ShardCount != 3 || c.APIBase != "http://127.0.0.1:9/api/v9" {
		t.Errorf("shards and base: %+v, %v", c, err)
	}
}

func TestAPITransport(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.URL.RequestURI())
	}))
	defer srv.Close()
	tr, err := newAPITransport(srv.URL+"/proxy/api/v9/", nil)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Transport: tr}
	for _, u := range []string{
		DefaultAPIBase() + "/channels/1/messages?limit=2",
		DefaultAPIBase() + "/gateway",
	} {
		resp, err := client.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	want := []string{"GET /proxy/api/v9/channels/1/messages?limit=2", "GET /proxy/api/v9/gateway"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("requests %v, want %v", got, want)
	}
	if _, err := newAPITransport("http://proxy:hunter2@x:port/api", nil); err == nil || strings.Contains(err.Error(), "hunter") {
		t.Errorf("a malformed base: %v, want an error with no password", err)
	}
	if same, _ := newAPITransport(DefaultAPIBase(), http.DefaultTransport); same != http.DefaultTransport {
		t.Error("Discord's own base should not wrap the transport")
	}
}

func TestCustomID(t *testing.T) {
	id := view.CustomID{Action: "buy", Game: 42, Args: []string{"3", "4"}}
	s := id.Encode()
	if s != "k1:buy:42:3:4" {
		t.Errorf("encoded %q", s)
	}
	back, err := view.DecodeID(s)
	if err != nil || back.Action != "buy" || back.Game != 42 || back.Arg(1) != "4" || back.Arg(2) != "" {
		t.Errorf("decoded %+v, %v", back, err)
	}
	for _, bad := range []string{"", "accept", "k0:buy:1", "k1:buy", "k1:buy:x", "k1:buy:-3"} {
		if _, err := view.DecodeID(bad); !errors.Is(err, view.ErrStaleComponent) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("an over-long id did not panic")
		}
	}()
	view.CustomID{Action: strings.Repeat("x", 100)}.Encode()
}
