package netplay

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestClients: programs in other languages, with their standard libraries alone
// (testdata/client.py, testdata/client.mjs), register, log in, connect with the token,
// play a command and have one refused, and disconnect: what each prints is exact.
func TestClients(t *testing.T) {
	h := start(t, Limits{})
	for _, c := range []struct {
		name, prog, script string
	}{
		{"python", "python3", "testdata/client.py"},
		{"node", "node", "testdata/client.mjs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := exec.LookPath(c.prog); err != nil {
				t.Fatalf("%s is needed for this test (the CI has it): %v", c.prog, err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			user := c.name + "_bot"
			out, err := exec.CommandContext(ctx, c.prog, c.script, h.addr, user, "correct-horse").CombinedOutput()
			if err != nil {
				t.Fatalf("%s %s: %v\n%s", c.prog, c.script, err, out)
			}
			want := strings.Join([]string{
				"register: 200 (43 characters)",
				"login: 200 (43 characters)",
				"CONNECTED version:1.2 user-name:" + user,
				`MESSAGE subscription:sub-0 {"gamePhase":"ECHO","serverMessage":{"gameId":7,"messageText":"","messageType":"GET_GAME_PHASE","player":"` + user + `"}}`,
				`MESSAGE subscription:sub-0 {"gamePhase":"","serverMessage":{"error":"unknown messageType \"DANCE\": it is one of GET_GAME_PHASE, SELECT_MOVE, SLOW, PANIC"}}`,
				"RECEIPT receipt-id:bye",
				"closed",
				"",
			}, "\n")
			if string(out) != want {
				t.Errorf("%s printed:\n%s\nwant:\n%s", c.script, out, want)
			}
			if e := h.waitClosed(t); e != (closedEvent{user, "the client disconnected"}) {
				t.Errorf("closed: %+v", e)
			}
		})
	}
}
