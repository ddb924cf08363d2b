package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/discordtest"
	"github.com/kombat-game/kombat/store"
)

// TestSharding runs the sharded deployment of docs/operations.md: two processes' bots
// with the same token and SHARD_COUNT=2, each with its own SHARD_ID and database, on one
// Discord.
// Each identifies as its shard, only shard 0 registers the commands, and each server's
// interactions reach, and are stored by, the bot of its shard alone.
func TestSharding(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fake := discordtest.New()
	t.Cleanup(fake.Close) // after the bots' Close: cleanups run last first
	// Discord's rule: a server belongs to shard (id >> 22) % count.
	guilds := [2]*discordtest.Guild{fake.AddGuild(fmt.Sprint(6<<22), "even"), fake.AddGuild(fmt.Sprint(7<<22), "odd")}
	var channels [2]*discordtest.Channel
	for shard, g := range guilds {
		if got := discordtest.ShardOf(g.ID, 2); got != shard {
			t.Fatalf("guild %s is on shard %d, want %d", g.ID, got, shard)
		}
		channels[shard] = fake.AddChannel(g, "kombat")
	}
	alice := fake.AddUser("alice", false)
	r, err := testRenderer()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var dbs [2]*store.DB
	start := func(shard int) {
		db, err := store.Open(ctx, filepath.Join(dir, fmt.Sprintf("shard%d.db", shard)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[shard] = db
		cfg := Config{Token: fake.Token(), APIBase: fake.APIBase(), ShardID: shard, ShardCount: 2}
		b, err := New(Options{Config: cfg, DB: db, Renderer: r, Games: testGames(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), AutoStep: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Start(ctx); err != nil {
			t.Fatalf("shard %d: %v", shard, err)
		}
		t.Cleanup(func() { b.Close() })
	}

	// Shard 1 alone registers nothing: with one registering process, two shards
	// starting together cannot race each other's bulk overwrite.
	start(1)
	if cmds := fake.Commands(""); len(cmds) != 0 {
		t.Fatalf("shard 1 registered %d commands, want none", len(cmds))
	}
	start(0)
	if cmds := fake.Commands(""); len(cmds) == 0 {
		t.Fatal("shard 0 registered no global commands")
	}
	var shards []string
	for _, id := range fake.Identifies() {
		shards = append(shards, fmt.Sprint(id.Shard))
		if id.Intents != discordgo.IntentsGuilds {
			t.Errorf("shard %v asked for intents %d, want only Guilds", id.Shard, id.Intents)
		}
	}
	if got := strings.Join(shards, " "); got != "[1 2] [0 2]" {
		t.Errorf("identifies %s, want [1 2] [0 2]", got)
	}

	for shard, ch := range channels {
		in, err := fake.SlashCommand(alice, ch.ID, "kombat", discordtest.Sub("auto"))
		if _, m, err := discordtest.Do(ctx, in, err); err != nil || m == nil {
			t.Fatalf("/kombat auto on shard %d's server: %v", shard, err)
		}
	}
	for shard, db := range dbs {
		games, err := db.ActiveGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) != 1 || games[0].Scope != guilds[shard].ID {
			var got []string
			for _, g := range games {
				got = append(got, g.Scope)
			}
			t.Errorf("shard %d's database holds games of servers %v, want only %s", shard, got, guilds[shard].ID)
		}
	}
	if err := fake.Check(); err != nil {
		t.Error(err)
	}
}
