package bot

import (
	"errors"
	"net"
	"net/url"
	"strings"
	"syscall"
	"testing"
)

// TestConnectErrorNamesWhatWasDialled: an unreachable API is named by the address
// dialled, DISCORD_API_BASE's when set (discordgo's own error quotes discord.com,
// which apiTransport did not dial), and DISCORD_API_BASE is said to be set only when
// it is. The error still wraps the cause.
func TestConnectErrorNamesWhatWasDialled(t *testing.T) {
	refused := func(u string) error {
		return &url.Error{Op: "Get", URL: u, Err: &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}}
	}
	proxy := "http://user:hunter2@127.0.0.1:9/api/v9"
	masked := "http://user:xxxxx@127.0.0.1:9/api/v9"
	for _, tc := range []struct {
		name, base string
		want, not  []string
	}{
		{"base set", proxy,
			[]string{"cannot reach Discord's API at " + masked + " (DISCORD_API_BASE):", `Get "` + masked + `/gateway"`},
			[]string{"discord.com", "hunter2", "when set"}},
		{"base not set", DefaultAPIBase(),
			[]string{"cannot reach Discord's API at " + DefaultAPIBase() + ": check the network", "DISCORD_API_BASE, not set", `Get "` + DefaultAPIBase() + `/gateway"`},
			[]string{"when set", "(DISCORD_API_BASE)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := &Bot{opt: Options{Config: Config{APIBase: tc.base}}}
			cause := refused(DefaultAPIBase() + "/gateway")
			err := b.connectError(cause)
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("%q lacks %q", err, w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(err.Error(), n) {
					t.Errorf("%q says %q", err, n)
				}
			}
			if !errors.Is(err, syscall.ECONNREFUSED) || !errors.Is(err, cause) {
				t.Errorf("%q does not wrap its cause", err)
			}
		})
	}
}
