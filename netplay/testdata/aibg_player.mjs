// A program that plays a whole AIBG match over the network, in Node.js 20 with no
// package (the WebSocket and STOMP of client.mjs beside it).
//
// Usage: node aibg_player.mjs HOST:PORT USERNAME PASSWORD GAMEID [bot [LEVEL]]
//
// It registers (or logs in when the name is taken), connects, and sends
// GET_GAME_PHASE for GAMEID, which opens the game (with "bot", against the built-in
// bot) or joins it. At each YOUR_MOVE notice it chooses: a pool of the roster's types
// from the last, its first living creatures, and an attack on the opponent's slot 0
// (or a swap when its front creature is weaker than the one behind). At GAME_OVER it
// prints the result and exits. aibgnet's tests run it.

import { WebSocket, post, frame, parse } from "./client.mjs";

const [hostport, username, password, gameId, ...opener] = process.argv.slice(2);
const base = `http://${hostport}`;
const form = `username=${username}&password=${password}`;
let [status, token] = await post(base, "/public/register", form, "application/x-www-form-urlencoded");
if (status === 409) [status, token] = await post(base, "/public/login", form, "application/x-www-form-urlencoded");
if (status !== 200) throw new Error(`account: ${status} ${token}`);
const ws = WebSocket.open(hostport, "/player", { Authorization: "Bearer " + token });
await ws.handshake();
ws.send(frame("CONNECT", [["accept-version", "1.2"], ["host", "localhost"]]));
if (parse(await ws.receive())[0] !== "CONNECTED") throw new Error("not connected");
ws.send(frame("SUBSCRIBE", [["id", "sub-0"], ["destination", "/user/queue/player"]]));

const notices = [];
let commands = 0;

// receive is the next MESSAGE's body, parsed.
async function receive() {
  const message = await ws.receive();
  if (message === null) throw new Error("the server closed the socket");
  const [command, , body] = parse(message);
  if (command !== "MESSAGE") throw new Error(`${command}: ${body}`);
  return JSON.parse(body);
}

const isNotice = (a) => a.serverMessage !== null && typeof a.serverMessage === "object" && "event" in a.serverMessage;

// request sends a command and returns its answer, keeping the notices that come first;
// a refusal for the rate limit is waited out and sent again.
async function request(messageType, messageText = "") {
  for (;;) {
    ws.send(frame("SEND", [["destination", "/websocket/game"], ["content-type", "application/json"]],
      JSON.stringify({ gameId: Number(gameId), messageType, messageText })));
    commands++;
    let answer;
    while (isNotice((answer = await receive()))) notices.push(answer);
    const m = answer.serverMessage;
    if (m !== null && typeof m === "object" && "error" in m) {
      if (m.error.startsWith("rate limit")) {
        await new Promise((resolve) => setTimeout(resolve, 60)); // one frame every 50 ms
        continue;
      }
      throw new Error(`${messageType} ${JSON.stringify(messageText)} refused: ${m.error}`);
    }
    return answer;
  }
}

async function notice() {
  if (notices.length > 0) return notices.shift();
  const answer = await receive();
  if (!isNotice(answer)) throw new Error(`an answer nobody asked for: ${JSON.stringify(answer)}`);
  return answer;
}

const phase = (await request("GET_GAME_PHASE", opener.join(" "))).gamePhase;
console.log(`joined game ${gameId} in ${phase}`);
let moves = 0;
for (;;) {
  const answer = await notice();
  const n = answer.serverMessage;
  if (n.event === "GAME_OVER") {
    const r = n.result;
    console.log(`game over: winner ${r.winner} by ${r.reason}, rounds ${r.roundsWon[0]}-${r.roundsWon[1]}, I am player ${n.player}`);
    console.log(`${moves} moves, ${commands} commands`);
    break;
  }
  if (n.event !== "YOUR_MOVE") throw new Error(`unexpected notice ${JSON.stringify(n)}`);
  if (answer.gamePhase === "POOL_SELECTION") {
    const types = (await request("GET_POSSIBLE_CREATURES")).serverMessage.map((c) => c.type).reverse();
    await request("SELECT_PLAYER_CREATURE_POOL", Array.from({ length: 12 }, (_, i) => types[i % types.length]).join(" "));
  } else if (answer.gamePhase === "ROUND_SELECTION") {
    const pool = (await request("GET_PLAYER_CREATURE_POOL")).serverMessage;
    await request("SELECT_PLAYER_CREATURES_IN_PLAY", pool.filter((c) => c.alive).slice(0, 4).map((c) => c.id).join(" "));
  } else {
    moves++;
    const mine = (await request("GET_PLAYER_CREATURES_IN_PLAY")).serverMessage;
    const swap = mine.length > 1 && mine[1].alive && mine[0].health * 3 < mine[1].health;
    const accepted = (await request("SELECT_MOVE", swap ? "swap 1" : "attack")).serverMessage;
    if (accepted.pass) throw new Error(`a pass: ${accepted.pass}`);
  }
}
ws.send(frame("DISCONNECT", [["receipt", "bye"]]));
ws.sock.end();
