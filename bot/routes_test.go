package bot

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/aibgui"
	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/store"
)

// TestRoutesCoverCommandsAndControls: every subcommand registered with Discord, and
// every action a control or form of this bot carries in its custom id, has a route;
// and no route is left without a command or control.
func TestRoutesCoverCommandsAndControls(t *testing.T) {
	rs, err := routes(testGames())
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{}
	for _, c := range commands(testGames()) {
		prefix := "/" + c.Name + " " // a game's command
		if c.Type == discordgo.MessageApplicationCommand {
			used[c.Name] = true // a message command is routed by its name
			continue
		}
		for _, sub := range c.Options {
			used[prefix+sub.Name] = true
		}
	}
	// Actions are written as customID{Action: "..."} literals, or as arguments of the
	// small id helpers the views use (id("tenter")).
	action := regexp.MustCompile(`Action: "(\w+)"|\bid\("(\w+)"`)
	// The views (package view) build most controls; the handlers here and in the
	// games' UIs (bot/aibgui, ...) build the rest.
	files, _ := filepath.Glob("*.go")
	views, _ := filepath.Glob("*/*.go")
	if len(views) == 0 {
		t.Fatal("no view sources found next to the bot's")
	}
	for _, name := range append(files, views...) {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range action.FindAllStringSubmatch(string(src), -1) {
			used[m[1]+m[2]] = true
		}
	}
	used[aibgui.AibgAction] = true // every AIBG control carries this one action (aibgui.ParseAibg)
	for key := range used {
		if rs[key].do == nil {
			t.Errorf("%q is sent to Discord but has no route", key)
		}
	}
	for key := range rs {
		if !used[key] {
			t.Errorf("route %q has no command or control", key)
		}
	}
}

// TestRegistryRefusesMistakes: a route key two games register, and a bot given no
// game, are refused when the bot is made, with a message that names the mistake.
func TestRegistryRefusesMistakes(t *testing.T) {
	twice := ui.Game{Name: "other", Routes: map[string]ui.Route{"libdel": {}}}
	if _, err := routes(append(testGames(), twice)); err == nil || !strings.Contains(err.Error(), `"libdel"`) {
		t.Errorf("a key routed twice: %v", err)
	}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "kombat.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := New(Options{DB: db}); err == nil || !strings.Contains(err.Error(), "Options.Games") {
		t.Errorf("no games: %v", err)
	}
}
