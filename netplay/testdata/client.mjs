// A program that plays over the network, in Node.js 20 with no package.
//
// Usage: node client.mjs HOST:PORT USERNAME PASSWORD
//
// It registers (a form), logs in (JSON), opens ws://HOST:PORT/player with the token
// (the RFC 6455 handshake over net, masked frames, pongs for pings), speaks STOMP 1.2:
// CONNECT, SUBSCRIBE to /user/queue/player, two SENDs to /websocket/game (one the game
// takes, one it refuses), DISCONNECT; and prints one line for each thing it receives.
// netplay's tests run it and compare what it prints. Other programs import its
// WebSocket, post, frame and parse (aibg_player.mjs).

import net from "node:net";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";

// post sends body to base + path and returns [status, body].
export async function post(base, path, body, contentType) {
  const resp = await fetch(base + path, { method: "POST", body, headers: { "Content-Type": contentType } });
  return [resp.status, await resp.text()];
}

// WebSocket is a client over a raw TCP socket (RFC 6455), text frames only.
export class WebSocket {
  static open(hostport, path, headers) {
    const [host, port] = [hostport.slice(0, hostport.lastIndexOf(":")), Number(hostport.slice(hostport.lastIndexOf(":") + 1))];
    const ws = new WebSocket();
    ws.sock = net.connect(port, host);
    ws.buf = Buffer.alloc(0);
    ws.waiting = null;
    ws.ended = false;
    ws.sock.on("data", (d) => { ws.buf = Buffer.concat([ws.buf, d]); ws.wake(); });
    ws.sock.on("end", () => { ws.ended = true; ws.wake(); });
    ws.sock.on("error", (e) => { ws.error = e; ws.wake(); });
    const key = crypto.randomBytes(16).toString("base64");
    const lines = [`GET ${path} HTTP/1.1`, `Host: ${hostport}`, "Upgrade: websocket", "Connection: Upgrade",
      `Sec-WebSocket-Key: ${key}`, "Sec-WebSocket-Version: 13",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    ws.sock.write(lines.join("\r\n") + "\r\n\r\n");
    ws.key = key;
    return ws;
  }

  wake() {
    const w = this.waiting;
    this.waiting = null;
    if (w) w();
  }

  // more waits for the socket to bring more bytes.
  async more() {
    if (this.error) throw this.error;
    if (this.ended) throw new Error("the server closed the connection");
    await new Promise((resolve) => { this.waiting = resolve; });
  }

  async handshake() {
    let i;
    while ((i = this.buf.indexOf("\r\n\r\n")) < 0) await this.more();
    const [status, ...fields] = this.buf.subarray(0, i).toString().split("\r\n");
    this.buf = this.buf.subarray(i + 4);
    if (!status.startsWith("HTTP/1.1 101")) throw new Error("upgrade refused: " + status);
    const accept = crypto.createHash("sha1").update(this.key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest("base64");
    const got = Object.fromEntries(fields.map((f) => [f.slice(0, f.indexOf(":")).trim().toLowerCase(), f.slice(f.indexOf(":") + 1).trim()]));
    if (got["sec-websocket-accept"] !== accept) throw new Error("bad Sec-WebSocket-Accept");
  }

  sendFrame(opcode, payload) {
    const mask = crypto.randomBytes(4);
    const n = payload.length;
    let head;
    if (n < 126) {
      head = Buffer.from([0x80 | opcode, 0x80 | n]);
    } else if (n < 65536) {
      head = Buffer.alloc(4);
      head.writeUInt8(0x80 | opcode, 0); head.writeUInt8(0x80 | 126, 1); head.writeUInt16BE(n, 2);
    } else {
      head = Buffer.alloc(10);
      head.writeUInt8(0x80 | opcode, 0); head.writeUInt8(0x80 | 127, 1); head.writeBigUInt64BE(BigInt(n), 2);
    }
    const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]));
    this.sock.write(Buffer.concat([head, mask, masked]));
  }

  send(text) { this.sendFrame(0x1, Buffer.from(text)); }

  async readExact(n) {
    while (this.buf.length < n) await this.more();
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }

  // receive returns the next text message, or null when the server closes.
  async receive() {
    let message = Buffer.alloc(0);
    for (;;) {
      const [b0, b1] = await this.readExact(2);
      const opcode = b0 & 0x0f;
      let n = b1 & 0x7f;
      if (n === 126) n = (await this.readExact(2)).readUInt16BE(0);
      else if (n === 127) n = Number((await this.readExact(8)).readBigUInt64BE(0));
      const payload = await this.readExact(n); // a server never masks
      if (opcode === 0x9) this.sendFrame(0xa, payload); // ping
      else if (opcode === 0x8) return null; // close
      else {
        message = Buffer.concat([message, payload]);
        if (b0 & 0x80) return message.toString();
      }
    }
  }
}

export function frame(command, headers, body = "") {
  return command + "\n" + headers.map(([k, v]) => `${k}:${v}\n`).join("") + "\n" + body + "\0";
}

// parse reads one STOMP frame: [command, headers, body].
export function parse(message) {
  const i = message.indexOf("\n\n");
  const [command, ...lines] = message.slice(0, i).split("\n");
  const headers = {};
  for (const line of lines) {
    const k = line.slice(0, line.indexOf(":"));
    if (!(k in headers)) headers[k] = line.slice(line.indexOf(":") + 1);
  }
  return [command, headers, message.slice(i + 2).replace(/\0$/, "")];
}

// main is the client's run, when it is the program started.
async function main() {
  const [hostport, username, password] = process.argv.slice(2);
  const base = `http://${hostport}`;
  let [status, token] = await post(base, "/public/register", `username=${username}&password=${password}`, "application/x-www-form-urlencoded");
  console.log(`register: ${status} (${token.length} characters)`);
  [status, token] = await post(base, "/public/login", JSON.stringify({ username, password }), "application/json");
  console.log(`login: ${status} (${token.length} characters)`);
  const ws = WebSocket.open(hostport, "/player", { Authorization: "Bearer " + token });
  await ws.handshake();
  ws.send(frame("CONNECT", [["accept-version", "1.1,1.2"], ["host", "localhost"]]));
  let [command, headers, body] = parse(await ws.receive());
  console.log(`${command} version:${headers.version} user-name:${headers["user-name"]}`);
  ws.send(frame("SUBSCRIBE", [["id", "sub-0"], ["destination", "/user/queue/player"]]));
  for (const messageType of ["GET_GAME_PHASE", "DANCE"]) {
    ws.send(frame("SEND", [["destination", "/websocket/game"], ["content-type", "application/json"]],
      JSON.stringify({ gameId: 7, messageType, messageText: "" })));
    [command, headers, body] = parse(await ws.receive());
    console.log(`${command} subscription:${headers.subscription} ${body}`);
  }
  ws.send(frame("DISCONNECT", [["receipt", "bye"]]));
  [command, headers] = parse(await ws.receive());
  console.log(`${command} receipt-id:${headers["receipt-id"]}`);
  console.log((await ws.receive()) === null ? "closed" : "not closed");
  ws.sock.end();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
