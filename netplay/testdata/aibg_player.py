#!/usr/bin/env python3
"""A program that plays a whole AIBG match over the network, in Python 3 with its
standard library alone (the WebSocket and STOMP of client.py beside it).

Usage: aibg_player.py [--lean] HOST:PORT USERNAME PASSWORD GAMEID [bot [LEVEL]]

It registers (or logs in when the name is taken), connects, and sends GET_GAME_PHASE
for GAMEID: the first program to do so opens the game, the second joins it ("bot" asks
for the built-in bot instead). Then it waits for the server's notices: at each
YOUR_MOVE it asks what it needs (the roster, its pool, the shop, its atoms, the
opponent's lineup) and chooses: a pool of one of each type in turn (player 2 from
further down the roster), its first living
creatures, a move that buys the cheapest item it can afford when it has not bought
one this round, else attacks the opponent's weakest creature (--lean: always attacks,
asking nothing, for a server that keeps the default 20 commands a second). At
GAME_OVER it prints the result and exits. aibgnet's tests and cli's run it.
"""

import json
import sys
import time

from client import WebSocket, frame, parse, post


class Player:
    def __init__(self, hostport, username, password, game_id):
        base = "http://" + hostport
        form = f"username={username}&password={password}".encode()
        status, token = post(base, "/public/register", form, "application/x-www-form-urlencoded")
        if status == 409:
            status, token = post(base, "/public/login", form, "application/x-www-form-urlencoded")
        if status != 200:
            raise RuntimeError(f"account: {status} {token}")
        self.ws = WebSocket(hostport, "/player", {"Authorization": "Bearer " + token})
        self.ws.send(frame("CONNECT", [("accept-version", "1.2"), ("host", "localhost")]))
        command, _, body = parse(self.ws.receive())
        if command != "CONNECTED":
            raise RuntimeError(f"{command}: {body}")
        self.ws.send(frame("SUBSCRIBE", [("id", "sub-0"), ("destination", "/user/queue/player")]))
        self.game_id = game_id
        self.notices = []
        self.commands = 0
        self.refused = 0
        self.lean = False

    def receive(self):
        message = self.ws.receive()
        if message is None:
            raise EOFError("the server closed the socket")
        command, _, body = parse(message)
        if command != "MESSAGE":
            raise RuntimeError(f"{command}: {body}")
        return json.loads(body)

    def request(self, message_type, text=""):
        """Sends a command and returns its answer, keeping the notices that come first.
        An answer refusing the command for the rate limit is waited out and sent again."""
        while True:
            body = json.dumps({"gameId": self.game_id, "messageType": message_type, "messageText": text})
            self.ws.send(frame("SEND", [("destination", "/websocket/game"), ("content-type", "application/json")], body))
            self.commands += 1
            while True:
                answer = self.receive()
                message = answer["serverMessage"]
                if isinstance(message, dict) and "event" in message:
                    self.notices.append(answer)
                    continue
                break
            if isinstance(message, dict) and "error" in message:
                if message["error"].startswith("rate limit"):
                    time.sleep(0.06)  # one frame every 50 ms: wait for the next
                    continue
                self.refused += 1
                raise RuntimeError(f"{message_type} {text!r} refused: {message['error']}")
            return answer

    def notice(self):
        if self.notices:
            return self.notices.pop(0)
        while True:
            answer = self.receive()
            message = answer["serverMessage"]
            if isinstance(message, dict) and "event" in message:
                return answer
            raise RuntimeError(f"an answer nobody asked for: {answer}")

    def pool(self, seat):
        """One of each type in turn, player 2 starting further down the roster."""
        types = [c["type"] for c in self.request("GET_POSSIBLE_CREATURES")["serverMessage"]]
        return " ".join(types[(i + 5 * (seat - 1)) % len(types)] for i in range(12))

    def lineup(self):
        pool = self.request("GET_PLAYER_CREATURE_POOL")["serverMessage"]
        return " ".join(str(c["id"]) for c in [c for c in pool if c["alive"]][:4])

    def move(self, bought):
        if self.lean:
            return "attack"
        atoms = self.request("GET_CURRENCY")["serverMessage"]
        shop = self.request("GET_AVAILABLE_SHOP")["serverMessage"]
        affordable = sorted((i for i in shop if i["cost"] <= atoms and i["effect"] != "domain"), key=lambda i: i["cost"])
        if affordable and not bought:
            return "item " + affordable[0]["name"]
        enemies = self.request("GET_OPPONENT_CREATURES_IN_PLAY")["serverMessage"]
        living = [(c["health"], slot) for slot, c in enumerate(enemies) if c["alive"]]
        return f"attack {min(living)[1]}" if living else "attack"

    def play(self, opener):
        phase = self.request("GET_GAME_PHASE", opener)["gamePhase"]
        print(f"joined game {self.game_id} in {phase}")
        bought_in = 0
        turns = 0
        while True:
            answer = self.notice()
            n = answer["serverMessage"]
            if n["event"] == "GAME_OVER":
                r = n["result"]
                print(f"game over: winner {r['winner']} by {r['reason']}, rounds {r['roundsWon'][0]}-{r['roundsWon'][1]}, I am player {n['player']}")
                print(f"{turns} moves, {self.commands} commands, {self.refused} refused")
                return
            if n["event"] != "YOUR_MOVE":
                raise RuntimeError(f"unexpected notice {n}")
            phase = answer["gamePhase"]
            if phase == "POOL_SELECTION":
                self.request("SELECT_PLAYER_CREATURE_POOL", self.pool(n["player"]))
            elif phase == "ROUND_SELECTION":
                self.request("SELECT_PLAYER_CREATURES_IN_PLAY", self.lineup())
            else:
                turns += 1
                m = self.move(bought_in == n["round"])
                if m.startswith("item"):
                    bought_in = n["round"]
                accepted = self.request("SELECT_MOVE", m)["serverMessage"]
                if "pass" in accepted:
                    raise RuntimeError(f"move {m!r} is a pass: {accepted['pass']}")


def main():
    args = sys.argv[1:]
    lean = args[:1] == ["--lean"]
    if lean:
        args = args[1:]
    hostport, username, password, game_id = args[:4]
    opener = " ".join(args[4:])
    p = Player(hostport, username, password, int(game_id))
    p.lean = lean
    p.play(opener)
    p.ws.send(frame("DISCONNECT", [("receipt", "bye")]))
    while (message := p.ws.receive()) is not None and not message.startswith("RECEIPT"):
        if "rate limit" in message:  # the DISCONNECT itself was refused: wait, and again
            time.sleep(0.06)
            p.ws.send(frame("DISCONNECT", [("receipt", "bye")]))


if __name__ == "__main__":
    main()
