package netplay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/kombat-game/kombat/stomp"
)

// frame acts on one frame from the client; false when the connection is ending.
// Protocol errors (a frame out of order, a missing header, a subscription the server
// has no queue for) end the connection with an ERROR frame, as STOMP says; a command
// the game cannot take is answered on the subscription and the connection stays.
func (c *conn) frame(f *stomp.Frame) bool {
	if !c.connected {
		if f.Command != stomp.Connect && f.Command != stomp.Stomp {
			c.fail(fmt.Sprintf("the first frame must be CONNECT (or STOMP), not %s", f.Command))
			return false
		}
		return c.connect(f)
	}
	switch f.Command {
	case stomp.Connect, stomp.Stomp:
		c.fail("already connected: CONNECT comes once")
		return false
	case stomp.Subscribe:
		if !c.subscribe(f) {
			return false
		}
	case stomp.Unsubscribe:
		id, ok := f.Get("id")
		if !ok {
			c.fail("UNSUBSCRIBE needs an id header")
			return false
		}
		c.mu.Lock()
		if c.sub == id {
			c.sub = ""
		}
		c.mu.Unlock()
	case stomp.Send:
		if !c.command(f) {
			return false
		}
	case stomp.Ack, stomp.Nack:
		// Subscriptions here acknowledge themselves (ack:auto): nothing to do.
	case stomp.Begin, stomp.Commit, stomp.Abort:
		c.fail("transactions (BEGIN, COMMIT, ABORT) are not supported")
		return false
	case stomp.Disconnect:
		c.receipt(f)
		c.mu.Lock()
		if c.reason == "" {
			c.reason = "the client disconnected"
		}
		c.mu.Unlock()
		c.enqueue(nil)
		return false
	default: // CONNECTED, MESSAGE, RECEIPT, ERROR: the server's frames
		c.fail(fmt.Sprintf("a client may not send %s frames", f.Command))
		return false
	}
	return c.receipt(f)
}

// receipt sends the RECEIPT a frame asks for with a receipt header.
func (c *conn) receipt(f *stomp.Frame) bool {
	id, ok := f.Get("receipt")
	if !ok {
		return true
	}
	return c.send(&stomp.Frame{Command: stomp.Receipt, Headers: []stomp.Header{{Name: "receipt-id", Value: id}}})
}

// connect answers CONNECT with CONNECTED, in version 1.2 when the client offers it
// (1.1 otherwise, whose frames differ only in that \r is not escaped). Heart-beats
// are 0,0: the server keeps the socket alive with WebSocket pings instead.
func (c *conn) connect(f *stomp.Frame) bool {
	offered, _ := f.Get("accept-version")
	versions := strings.Split(strings.ReplaceAll(offered, " ", ""), ",")
	version := ""
	for _, v := range []string{"1.2", "1.1"} {
		if slices.Contains(versions, v) {
			version = v
			break
		}
	}
	if version == "" {
		c.fail(fmt.Sprintf("unsupported STOMP version %q: this server speaks 1.2 (and 1.1); send accept-version:1.2", offered))
		return false
	}
	c.connected = true
	return c.send(&stomp.Frame{Command: stomp.Connected, Headers: []stomp.Header{
		{Name: "version", Value: version},
		{Name: "heart-beat", Value: "0,0"},
		{Name: "server", Value: "kombat"},
		{Name: "user-name", Value: c.player.Name},
	}}) && c.receipt(f)
}

// subscribe takes a SUBSCRIBE to PlayerQueue, the one queue there is; a later one
// replaces the earlier (answers go to the newest id).
func (c *conn) subscribe(f *stomp.Frame) bool {
	id, ok := f.Get("id")
	if !ok || id == "" {
		c.fail("SUBSCRIBE needs an id header")
		return false
	}
	dest, _ := f.Get("destination")
	if dest != PlayerQueue {
		c.fail(fmt.Sprintf("no destination %q to subscribe to: answers come on %s", dest, PlayerQueue))
		return false
	}
	c.mu.Lock()
	c.sub = id
	c.mu.Unlock()
	return true
}

// command passes a SEND to the game, and answers it on the subscription.
func (c *conn) command(f *stomp.Frame) bool {
	c.mu.Lock()
	sub := c.sub
	c.mu.Unlock()
	if sub == "" {
		c.fail(fmt.Sprintf("SEND before SUBSCRIBE: subscribe to %s first, where the answers come", PlayerQueue))
		return false
	}
	if dest, _ := f.Get("destination"); dest != GameDestination {
		return c.answer(Refuse("", fmt.Sprintf("unknown destination %q: send commands to %s", dest, GameDestination)))
	}
	cmd, why := decodeCommand(f.Body)
	if why != "" {
		return c.answer(Refuse("", why))
	}
	if c.s.types != nil && !c.s.types[cmd.MessageType] {
		return c.answer(Refuse("", fmt.Sprintf("unknown messageType %q: it is one of %s", cmd.MessageType, strings.Join(c.s.cfg.MessageTypes, ", "))))
	}
	return c.answer(c.handle(cmd))
}

// handle runs the Handler on one command, within Limits.Handle. A panic in the game is
// logged with its stack and answered as an internal error: one command's bug must not
// take the server down, nor leave the connection half closed.
func (c *conn) handle(cmd Command) (a Answer) {
	ctx, cancel := context.WithTimeout(c.ctx, c.s.lim.Handle)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			c.s.log.Error("netplay: the handler panicked", "player", c.player.Name, "command", cmd, "panic", r, "stack", string(debug.Stack()))
			a = Refuse("", "internal error; the command was not processed")
		}
	}()
	return c.s.cfg.Handler.Handle(ctx, c.player, cmd)
}

// decodeCommand reads a SEND's body, the spec's {gameId, messageType, messageText}, or
// says what is wrong with it.
func decodeCommand(body []byte) (Command, string) {
	var raw struct {
		GameID      json.RawMessage `json:"gameId"`
		MessageType *string         `json:"messageType"`
		MessageText *string         `json:"messageText"`
	}
	const shape = `{"gameId": 1, "messageType": "GET_GAME_PHASE", "messageText": ""}`
	d := json.NewDecoder(bytes.NewReader(body))
	if err := d.Decode(&raw); err != nil {
		return Command{}, fmt.Sprintf("malformed JSON body (%v): send %s", err, shape)
	}
	if d.More() {
		return Command{}, "malformed JSON body: more than one value; send " + shape
	}
	var cmd Command
	if len(raw.GameID) == 0 || string(raw.GameID) == "null" {
		return Command{}, "gameId is missing: send " + shape
	}
	if err := json.Unmarshal(raw.GameID, &cmd.GameID); err != nil {
		return Command{}, fmt.Sprintf("gameId %s is not a whole number", truncate(string(raw.GameID), 32))
	}
	if raw.MessageType == nil || *raw.MessageType == "" {
		return Command{}, "messageType is missing: send " + shape
	}
	cmd.MessageType = *raw.MessageType
	if raw.MessageText != nil {
		cmd.MessageText = *raw.MessageText
	}
	return cmd, ""
}

// truncate shortens s to n bytes for a message.
func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
