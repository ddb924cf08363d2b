package upbeathost

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/internal/hosttest"
	"github.com/kombat-game/kombat/store"
)

// testHost is a host with UPBEAT plugged in, as the tests call it: the core's methods
// (Lock, Arm, RunDue...) and the adapter's (OpenUpbeat, UpEngine...) on one value.
type testHost struct {
	*host.Host
	*Up
}

// newHost is host.New with UPBEAT plugged in, beside KOMBAT (the tests of one game
// per person play both).
func newHost(opt host.Options) (*testHost, error) {
	opt.Games = append(opt.Games, kombathost.Plug(), Plug())
	h, err := host.New(opt)
	if err != nil {
		return nil, err
	}
	return &testHost{h, Of(h)}, nil
}

// hostOn hosts the database at path with front, retrying screens within milliseconds.
func hostOn(t *testing.T, path string, f host.Front, clock host.Clock) (*testHost, *store.DB) {
	t.Helper()
	db, err := store.Open(context.Background(), path)
	must(t, err)
	h, err := newHost(host.Options{DB: db, Front: f, Clock: clock, Log: quietLog(), RetryBase: time.Millisecond, RetryMax: 2 * time.Millisecond})
	must(t, err)
	t.Cleanup(func() {
		<-h.Close()
		db.Close()
	})
	return h, db
}

// must fails the test at once on an error.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// quietLog drops the host's log: the tests check what it does.
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// errTransient is a front's failure worth retrying.
var errTransient = errors.New("HTTP 500")

// scriptFront is the recording front the adapters' tests share: Show fails as
// scripted, and it keeps what it showed, the events it worded and the notes it told.
type scriptFront = hosttest.Front

func newScriptFront(fail ...error) *scriptFront { return hosttest.NewFront(fail...) }

// chatWords writes a refusal's arguments as the Discord front does, so that the
// tests read the sentences players read.
type chatWords struct{}

func (chatWords) User(id string) string       { return "<@" + id + ">" }
func (chatWords) Place(id string) string      { return "<#" + id + ">" }
func (chatWords) Command(c string) string     { return "`/" + c + "`" }
func (chatWords) Control(label string) string { return "**" + label + "**" }
func (chatWords) Name(n string) string        { return "**" + n + "**" }

// refusedWith is err's sentence as a player reads it when err is a refusal, "" when
// err is nil; any other error fails the test.
func refusedWith(t *testing.T, err error) string {
	t.Helper()
	var no *host.Refusal
	if err == nil {
		return ""
	}
	if !errors.As(err, &no) {
		t.Fatalf("not a refusal: %v", err)
	}
	return no.Text(chatWords{})
}

// People of the tests, by their user ids.
const (
	ann = "100"
	bob = "200"
	cid = "300"
)

// decoded is a stored UPBEAT row's own part; a row that does not decode fails the test.
func decoded(t testing.TB, row *store.Game) *Upbeat {
	t.Helper()
	u, err := Decode(row)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
