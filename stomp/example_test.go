package stomp_test

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/stomp"
)

// A client's SEND, as one WebSocket message holds it, and the server's answer.
func ExampleParse() {
	msg := "SEND\ndestination:/websocket/game\ncontent-type:application/json\n\n" +
		`{"gameId": 7, "messageType": "GET_GAME_PHASE", "messageText": ""}` + "\x00"
	frames, err := stomp.Parse([]byte(msg), stomp.DefaultLimits())
	if err != nil {
		fmt.Println(err)
		return
	}
	dest, _ := frames[0].Get("destination")
	fmt.Println(frames[0].Command, dest, string(frames[0].Body))

	body := `{"gamePhase":"ROUND","serverMessage":"ROUND"}`
	answer := &stomp.Frame{Command: stomp.Message, Headers: []stomp.Header{
		{Name: "destination", Value: "/user/queue/player"},
		{Name: "subscription", Value: "sub-0"},
		{Name: "message-id", Value: "1"},
		{Name: "content-length", Value: fmt.Sprint(len(body))},
	}, Body: []byte(body)}
	fmt.Printf("%q\n", answer.Append(nil))

	_, err = stomp.Parse([]byte("SEND\n\n"+strings.Repeat("x", 9000)+"\x00"), stomp.DefaultLimits())
	fmt.Println(err)
	// Output:
	// SEND /websocket/game {"gameId": 7, "messageType": "GET_GAME_PHASE", "messageText": ""}
	// "MESSAGE\ndestination:/user/queue/player\nsubscription:sub-0\nmessage-id:1\ncontent-length:45\n\n{\"gamePhase\":\"ROUND\",\"serverMessage\":\"ROUND\"}\x00"
	// stomp: frame too large: the body is over 8192 bytes
}
