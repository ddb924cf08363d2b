package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/joho/godotenv"

	"github.com/kombat-game/kombat/bot"
	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/kombatui"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/upbeatui"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// serveUsage is kombat serve's usage message.
const serveUsage = "usage: kombat serve [--no-discord] (configure with environment variables or .env; see .env.example)\n"

// serve runs the Discord bot until SIGINT or SIGTERM (kombat serve, the default), and
// AIBG for programs over the network when KOMBAT_BOT_ADDR is set (that alone with
// --no-discord, which needs no Discord token). Configuration comes from the
// environment, with .env loaded first when present.
func serve(args []string, stdout, stderr io.Writer) int {
	noDiscord := len(args) == 1 && args[0] == "--no-discord"
	if noDiscord {
		args = nil
	}
	if len(args) > 0 {
		// --help is a question like every other command's, answered with status 0;
		// anything else is a usage error.
		fmt.Fprint(stderr, serveUsage)
		if len(args) == 1 && isHelp(args[0]) {
			return 0
		}
		return 2
	}
	if err := godotenv.Load(); err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(stderr, "kombat: .env: %v\n", err)
		return 1
	}
	getenv := os.Getenv
	if noDiscord { // no token needed; the rest of the configuration (KOMBAT_DB, LOG_LEVEL) as always
		getenv = func(k string) string {
			if k == "DISCORD_TOKEN" {
				return "unused"
			}
			return os.Getenv(k)
		}
	}
	netAddr := strings.TrimSpace(os.Getenv("KOMBAT_BOT_ADDR"))
	if noDiscord && netAddr == "" {
		fmt.Fprint(stderr, "kombat: serve --no-discord serves AIBG to programs over the network alone: set KOMBAT_BOT_ADDR (such as :8081)\n")
		return 1
	}
	cfg, err := bot.ConfigFromEnv(getenv)
	if err != nil {
		fmt.Fprintf(stderr, "kombat: %v\n", err)
		if errors.Is(err, bot.ErrNoToken) {
			// Plain `kombat` is serve: someone who only wants to try the game lands
			// here, and needs no Discord at all.
			fmt.Fprint(stderr, "To play without Discord, in this terminal: kombat play (kombat help lists every command).\n")
		}
		return 1
	}
	channel, err := aibgChannel(os.Getenv)
	if err == nil && netAddr != "" && !noDiscord && cfg.ShardID != 0 {
		// the network's matches (server "net") are shard 0's to take up after a restart
		err = fmt.Errorf("KOMBAT_BOT_ADDR is set on shard %d: the network's AIBG matches are hosted by shard 0, so serve programs from shard 0's process (or from one of their own, with --no-discord) and leave KOMBAT_BOT_ADDR empty here", cfg.ShardID)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kombat: %v\n", err)
		return 1
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	db, err := store.Open(ctx, cfg.DBPath)
	if err != nil {
		fmt.Fprintf(stderr, "kombat: %v\n", err)
		return 1
	}
	defer db.Close()
	var netDone chan error
	// stopNetwork ends the network's service, before db.Close and before the bot's
	// host it may use closes: the network's sockets end first.
	stopNetwork := func() {
		if netDone != nil {
			stop()
			<-netDone
			netDone = nil
		}
	}
	defer stopNetwork()
	// until SIGTERM, or the network front's failure to listen
	wait := func() bool {
		select {
		case <-ctx.Done():
			return true
		case err := <-netDone:
			netDone = nil
			fmt.Fprintf(stderr, "kombat: %v\n", err)
			return false
		}
	}
	if noDiscord {
		if channel != "" {
			log.Info("KOMBAT_AIBG_CHANNEL is ignored with --no-discord: the network's matches are shown nowhere")
		}
		netDone = serveNetwork(ctx, db, netAddr, nil, "", log)
		if !wait() {
			return 1
		}
		log.Info("shutting down: closing the programs' sockets")
		return 0
	}
	r, err := render.New()
	if err != nil {
		fmt.Fprintf(stderr, "kombat: %v\n", err)
		return 1
	}
	b, err := bot.New(bot.Options{Config: cfg, DB: db, Renderer: r, Logger: log, Ticker: true, AutoStep: cfg.AutoStep, Games: discordGames()})
	if err != nil {
		fmt.Fprintf(stderr, "kombat: %v\n", err)
		return 1
	}
	if err := b.Start(ctx); err != nil {
		fmt.Fprintf(stderr, "kombat: %v\n", err)
		return 1
	}
	// The network's matches are the bot's host's, shown in KOMBAT_AIBG_CHANNEL's
	// threads: the bot has taken up those a restart left in play.
	netDone = serveNetwork(ctx, db, netAddr, b, channel, log)
	failed := !wait()
	stopNetwork()
	log.Info("shutting down: finishing the interactions in flight")
	if err := b.Close(); err != nil {
		log.Error("close", "err", err)
	}
	if failed {
		return 1
	}
	return 0
}

// discordGames are the games the bot hosts on Discord, each its UI's one value.
func discordGames() []ui.Game { return []ui.Game{kombatui.New(), upbeatui.New(), aibgui.New()} }
