#!/usr/bin/env python3
"""A program that plays over the network, in Python 3 with its standard library alone.

Usage: client.py HOST:PORT USERNAME PASSWORD

It registers (a form), logs in (JSON), opens ws://HOST:PORT/player with the token
(the RFC 6455 handshake, masked frames, pongs for pings), speaks STOMP 1.2: CONNECT,
SUBSCRIBE to /user/queue/player, two SENDs to /websocket/game (one the game takes, one
it refuses), DISCONNECT; and prints one line for each thing it receives. netplay's
tests run it and compare what it prints.
"""

import base64
import hashlib
import json
import os
import socket
import struct
import sys
import urllib.error
import urllib.request


def post(base, path, body, content_type):
    req = urllib.request.Request(base + path, data=body, method="POST", headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, resp.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


class WebSocket:
    """A WebSocket client over a raw TCP socket (RFC 6455), text frames only."""

    def __init__(self, hostport, path, headers):
        host, port = hostport.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: {hostport}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        lines += [f"{k}: {v}" for k, v in headers.items()]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self.recv()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        status, *fields = head.decode().split("\r\n")
        if not status.startswith("HTTP/1.1 101"):
            raise RuntimeError("upgrade refused: " + status)
        accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        got = {k.strip().lower(): v.strip() for k, _, v in (f.partition(":") for f in fields)}
        if got.get("sec-websocket-accept") != accept:
            raise RuntimeError("bad Sec-WebSocket-Accept")

    def recv(self):
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("the server closed the connection")
        return data

    def send_frame(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def send(self, text):
        self.send_frame(0x1, text.encode())

    def read_exact(self, n):
        while len(self.buf) < n:
            self.buf += self.recv()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def receive(self):
        """Returns the next text message, or None when the server closes."""
        message = b""
        while True:
            b0, b1 = self.read_exact(2)
            opcode, n = b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self.read_exact(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self.read_exact(8))[0]
            payload = self.read_exact(n)  # a server never masks
            if opcode == 0x9:  # ping
                self.send_frame(0xA, payload)
            elif opcode == 0x8:  # close
                return None
            elif opcode in (0x0, 0x1, 0x2):
                message += payload
                if b0 & 0x80:
                    return message.decode()


def frame(command, headers, body=""):
    return command + "\n" + "".join(f"{k}:{v}\n" for k, v in headers) + "\n" + body + "\x00"


def parse(message):
    """One STOMP frame: (command, headers as a dict, body)."""
    head, _, body = message.partition("\n\n")
    command, *lines = head.split("\n")
    headers = {}
    for line in lines:
        k, _, v = line.partition(":")
        headers.setdefault(k, v)
    return command, headers, body.rstrip("\x00")


def main():
    hostport, username, password = sys.argv[1:4]
    base = "http://" + hostport
    status, token = post(base, "/public/register", f"username={username}&password={password}".encode(), "application/x-www-form-urlencoded")
    print(f"register: {status} ({len(token)} characters)")
    status, token = post(base, "/public/login", json.dumps({"username": username, "password": password}).encode(), "application/json")
    print(f"login: {status} ({len(token)} characters)")
    ws = WebSocket(hostport, "/player", {"Authorization": "Bearer " + token})
    ws.send(frame("CONNECT", [("accept-version", "1.1,1.2"), ("host", "localhost")]))
    command, headers, _ = parse(ws.receive())
    print(f"{command} version:{headers['version']} user-name:{headers['user-name']}")
    ws.send(frame("SUBSCRIBE", [("id", "sub-0"), ("destination", "/user/queue/player")]))
    for message_type in ("GET_GAME_PHASE", "DANCE"):
        body = json.dumps({"gameId": 7, "messageType": message_type, "messageText": ""})
        ws.send(frame("SEND", [("destination", "/websocket/game"), ("content-type", "application/json")], body))
        command, headers, body = parse(ws.receive())
        print(f"{command} subscription:{headers['subscription']} {body}")
    ws.send(frame("DISCONNECT", [("receipt", "bye")]))
    command, headers, _ = parse(ws.receive())
    print(f"{command} receipt-id:{headers['receipt-id']}")
    print("closed" if ws.receive() is None else "not closed")


if __name__ == "__main__":
    main()
