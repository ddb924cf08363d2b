// Package netplay is the network front for programs that play: the AIBG spec's
// accounts and socket (its sections 5 to 7), game-agnostic.
//
//   - POST /public/register and POST /public/login take username and password (a
//     form, the query string, or JSON) and answer a bearer token, valid 24 hours, as
//     the plain text body.
//   - GET /player upgrades to a WebSocket when the request carries
//     Authorization: Bearer TOKEN, then speaks STOMP 1.2 (package stomp): CONNECT,
//     SUBSCRIBE to /user/queue/player, SEND to /websocket/game with the JSON
//     {gameId, messageType, messageText}; each command goes to the Handler, and its
//     Answer comes back as a MESSAGE on the subscription, {gamePhase, serverMessage}.
//     Push sends an answer unasked (the game telling a player it is their move).
//
// The front is hostile ground, so every input is bounded (Limits): passwords are kept
// only as argon2id hashes and tokens only as SHA-256 (package store), request bodies,
// WebSocket messages and STOMP frames have sizes, account requests and upgrades are
// rate-limited per address, each connection's frames per connection (a refused frame
// is answered, a flood disconnected), each connection's outgoing queue is bounded (a
// slow reader is disconnected, never waited for), reads and writes have deadlines,
// pings find dead peers, and an account holds a bounded number of sockets. Every bad
// message is answered with what was wrong; the connection is closed, with a STOMP
// ERROR frame, only for a protocol error (see docs/network.md for the list).
//
// netplay sits beside bot: it imports store and stomp, never bot, and bot never
// imports it. `kombat serve` starts it when KOMBAT_BOT_ADDR is set (and
// `kombat serve --no-discord` starts it alone), along these lines:
//
//	runner := aibgnet.New(aibgnet.Config{})
//	srv, err := netplay.New(netplay.Config{DB: db, Handler: runner, MessageTypes: aibgnet.MessageTypes(), Log: log})
//	if err != nil { return err }
//	runner.Attach(srv) // the game's notices go out through srv.Push
//	go func() { errs <- srv.ListenAndServe(ctx, addr) }() // returns once ctx is done and every socket is closed
//
// which aibgnet.Serve does (the AIBG game is the Handler, package aibgnet), and ctx is
// the one SIGTERM cancels.
package netplay
