package bot

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/store"
)

// Config is the bot's configuration, read from the environment (and .env, which main
// loads first).
type Config struct {
	Token      string        // DISCORD_TOKEN: the bot token (required)
	GuildID    string        // DISCORD_GUILD_ID: register commands to this guild only (instant; for development)
	DBPath     string        // KOMBAT_DB: the SQLite file, or a postgres:// URL
	LogLevel   slog.Level    // LOG_LEVEL: debug, info, warn or error
	APIBase    string        // DISCORD_API_BASE: where REST calls go instead of Discord's API
	ShardID    int           // SHARD_ID
	ShardCount int           // SHARD_COUNT
	HealthAddr string        // KOMBAT_HEALTH_ADDR: serve /healthz here when set
	AutoStep   time.Duration // KOMBAT_AUTO_STEP: pause between an auto game's turns (default 3s)
}

// MaxAutoStep bounds KOMBAT_AUTO_STEP: slower than that, an auto game looks stuck.
const MaxAutoStep = time.Hour

// DefaultAPIBase is Discord's own REST API root, the one discordgo's endpoints use
// (https://discord.com/api/v9 with discordgo v0.29).
func DefaultAPIBase() string { return strings.TrimSuffix(discordgo.EndpointAPI, "/") }

// DefaultDBPath is where the database lives when KOMBAT_DB is not set.
const DefaultDBPath = "data/kombat.db"

// ErrNoToken is returned when DISCORD_TOKEN is missing.
var ErrNoToken = errors.New("DISCORD_TOKEN is not set: create a Discord application and bot token as README.md explains (\"Create the Discord application\"), then put DISCORD_TOKEN=... in .env or the environment")

// ConfigFromEnv reads the configuration through getenv (os.Getenv in production).
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Token:      strings.TrimSpace(getenv("DISCORD_TOKEN")),
		GuildID:    strings.TrimSpace(getenv("DISCORD_GUILD_ID")),
		DBPath:     getenv("KOMBAT_DB"),
		APIBase:    strings.TrimRight(strings.TrimSpace(getenv("DISCORD_API_BASE")), "/"),
		HealthAddr: strings.TrimSpace(getenv("KOMBAT_HEALTH_ADDR")),
		ShardCount: 1,
	}
	if c.Token == "" {
		return c, ErrNoToken
	}
	c.Token = strings.TrimPrefix(c.Token, "Bot ")
	if c.DBPath == "" {
		c.DBPath = DefaultDBPath
	}
	if c.APIBase == "" {
		c.APIBase = DefaultAPIBase()
	}
	if u, err := url.Parse(c.APIBase); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return c, fmt.Errorf("DISCORD_API_BASE %q is not an http(s) URL such as %s", store.Redact(c.APIBase), DefaultAPIBase())
	}
	if c.GuildID != "" {
		if _, err := strconv.ParseUint(c.GuildID, 10, 64); err != nil {
			return c, fmt.Errorf("DISCORD_GUILD_ID %q is not a server id (a number; enable Developer Mode in Discord and use Copy Server ID)", c.GuildID)
		}
	}
	switch lvl := strings.ToLower(strings.TrimSpace(getenv("LOG_LEVEL"))); lvl {
	case "", "info":
		c.LogLevel = slog.LevelInfo
	case "debug":
		c.LogLevel = slog.LevelDebug
	case "warn", "warning":
		c.LogLevel = slog.LevelWarn
	case "error":
		c.LogLevel = slog.LevelError
	default:
		return c, fmt.Errorf("LOG_LEVEL %q is not one of debug, info, warn, error", lvl)
	}
	if v := strings.TrimSpace(getenv("KOMBAT_AUTO_STEP")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Millisecond || d > MaxAutoStep {
			return c, fmt.Errorf("KOMBAT_AUTO_STEP %q is not a duration from 1ms to 1h, such as 3s or 500ms", v)
		}
		c.AutoStep = d
	}
	id, count := strings.TrimSpace(getenv("SHARD_ID")), strings.TrimSpace(getenv("SHARD_COUNT"))
	if id != "" || count != "" {
		var err1, err2 error
		c.ShardID, err1 = strconv.Atoi(id)
		c.ShardCount, err2 = strconv.Atoi(count)
		if err1 != nil || err2 != nil || c.ShardCount < 1 || c.ShardID < 0 || c.ShardID >= c.ShardCount {
			return c, fmt.Errorf("SHARD_ID %q and SHARD_COUNT %q: set both, with 0 <= SHARD_ID < SHARD_COUNT", id, count)
		}
	}
	return c, nil
}
