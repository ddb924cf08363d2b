package kombathost

import (
	"errors"

	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/store"
)

// testHost is a host with KOMBAT plugged in, as the tests call it: the core's methods
// (Lock, Close...) and the adapter's (RunTourney...) on one value.
type testHost struct {
	*host.Host
	*Kombat
}

// newHost is host.New with KOMBAT plugged in.
func newHost(opt host.Options) (*testHost, error) {
	opt.Games = append(opt.Games, Plug())
	h, err := host.New(opt)
	if err != nil {
		return nil, err
	}
	return &testHost{h, Of(h)}, nil
}

// quietFront shows every screen and says nothing.
type quietFront struct{}

func (quietFront) Show(*host.Table, *store.Screen) (string, error) { return "m", nil }
func (quietFront) Retire(*host.Table, string)                      {}
func (quietFront) Permanent(error) string                          { return "" }
func (quietFront) Summary(*host.Table, host.Event) string          { return "" }
func (quietFront) Tell(*host.Table, host.Note)                     {}

// People of the tests, by their user ids.
const (
	ann = "100"
	bob = "200"
	cid = "300"
)

// chatWords writes a refusal's arguments as the Discord front does, so that the
// tests read the sentences players read.
type chatWords struct{}

func (chatWords) User(id string) string       { return "<@" + id + ">" }
func (chatWords) Place(id string) string      { return "<#" + id + ">" }
func (chatWords) Command(c string) string     { return "`/" + c + "`" }
func (chatWords) Control(label string) string { return "**" + label + "**" }
func (chatWords) Name(n string) string        { return "**" + n + "**" }

// refusalText is a refusal as a player reads it.
func refusalText(no *host.Refusal) string { return no.Text(chatWords{}) }

// refusalOf is the message of a *host.Refusal in err, or "" when err holds none.
func refusalOf(err error) string {
	var no *host.Refusal
	if errors.As(err, &no) {
		return refusalText(no)
	}
	return ""
}
