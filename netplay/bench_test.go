package netplay

import (
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// BenchmarkRoundTrip: one command from a real WebSocket client on 127.0.0.1 to the
// echo game and its answer back, STOMP both ways.
func BenchmarkRoundTrip(b *testing.B) {
	h := start(b, Limits{Commands: Rate{Burst: 1 << 30, Every: time.Nanosecond}})
	ws := h.session(b, "alice")
	msg := []byte("SEND\ndestination:/websocket/game\ncontent-type:application/json\n\n" +
		`{"gameId": 12, "messageType": "SELECT_MOVE", "messageText": "attack 1"}` + "\x00")
	b.ReportAllocs()
	for b.Loop() {
		if err := ws.WriteMessage(websocket.TextMessage, msg); err != nil {
			b.Fatal(err)
		}
		if _, _, err := ws.ReadMessage(); err != nil {
			b.Fatal(err)
		}
	}
}
