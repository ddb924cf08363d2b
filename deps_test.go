package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/kombat-game/kombat"

// layers is the import graph of the README's Layout: a package may import only the
// packages of earlier layers, and render and store (one layer) never import each other.
// bot/discordtest, the fake Discord the bot's tests run against, bot/pace, the
// scheduler that keeps REST calls inside Discord's global limit, examples, the
// example strategies embedded as files, stomp, the frames programs speak over the
// network, and internal/leaks, the tests' check for goroutines left running, import
// nothing of ours; internal/outage, the outages tests cause (a full disk under a
// store) and the log they watch, sits beside host, for its tests and its adapters';
// internal/hosttest, the recording front the adapters' tests share, comes after host. conf, the reader of
// both games' configuration files, hexgrid, their boards' geometry, and match, the
// vocabulary every game's matches share (mode, result, reason), sit below the games
// that use them. internal/nim, a game for tests alone, and its adapter
// internal/nim/nimhost sit beside the real games' rules and adapters, and its
// terminal commands, internal/nim/nimcli, beside cli (its tests register them there), and its
// Discord UI, internal/nim/nimui, beside the real games' UIs. host, what hosting a
// game means, comes before bot so that it can never depend on the chat; a game's
// adapter (host/kombathost, KOMBAT's; host/upbeathost, UPBEAT's; host/aibghost, AIBG's) plugs the game's rules into host after it, so
// that host's core hosts games without knowing their rules; bot/view, the
// Discord messages bot sends as values, comes before bot so that views never reach
// for the session; bot/ui, the contract between the Discord transport and a game's
// Discord UI, comes after it, then each game's UI (bot/kombatui, bot/upbeatui, bot/aibgui), a value bot registers
// and never imports. netplay, the network front for programs that play, sits beside bot:
// it may use store, and neither imports the other, so each front stands alone. aibgnet,
// AIBG's matches for programs over the network, is the game behind netplay's socket:
// above netplay and beside bot, never importing it; its matches are hosted by the
// house (host, through AIBG's adapter host/aibghost), as the chat's are. cli, the
// commands, is imported by main alone, so the bot can never depend on a command.
var layers = [][]string{
	{"interp", "bot/discordtest", "bot/pace", "examples", "stomp", "internal/leaks"},
	{"conf", "hexgrid", "match"},
	{"game", "upbeat", "aibg", "internal/nim"},
	{"render", "store"},
	{"host", "internal/outage"},
	{"internal/hosttest"},
	{"host/kombathost", "host/upbeathost", "host/aibghost", "internal/nim/nimhost"},
	{"bot/view"},
	{"bot/ui"},
	{"bot/kombatui", "bot/upbeatui", "bot/aibgui", "internal/nim/nimui"},
	{"bot", "netplay"},
	{"aibgnet"},
	{"cli", "internal/nim/nimcli"},
	{"."},
}

// onlyImports narrows what a package may import of ours below what its layer allows:
// main only wires the process to cli, so that every command is reachable by cli's
// tests; host decides without drawing, so it never imports render (the chat layer
// draws what host decided), and it knows no rules package (TestHostImportsNoRules);
// netplay knows frames and accounts, not games (a game plugs in as a
// netplay.Handler), aibgnet, which plugs AIBG in, knows no chat (its matches go
// through host and AIBG's adapter), and store keeps every game through its
// game-neutral fields, knowing no rules package (match's mode and result only): each
// game's adapter encodes its part (kombathost's and upbeathost's codecs).
var onlyImports = map[string][]string{
	"store":   {"match"},
	".":       {"cli"},
	"host":    {"interp", "conf", "hexgrid", "match", "store"},
	"netplay": {"stomp", "store"},
	"aibgnet": {"match", "aibg", "store", "netplay", "stomp", "host", "host/aibghost"},
}

// rules are the games' rules packages. host's core imports none of them; each game's
// rules reach it through the game's adapter (host/kombathost, host/upbeathost,
// host/aibghost), which imports them and host, never the reverse (issue 22).
var rules = []string{"game", "upbeat", "aibg", "internal/nim"}

// gameKnowledge is what the bot's transport (package bot) never imports: the games'
// Discord UIs (bot/kombatui, bot/upbeatui, bot/aibgui), which cli registers with
// bot.Options.Games, and the rules packages and adapters behind them.
var gameKnowledge = append([]string{"bot/kombatui", "bot/upbeatui", "bot/aibgui", "host/kombathost", "host/upbeathost", "host/aibghost"}, rules...)

// TestBotImportsNoGame checks that the bot's transport reaches a registered game only
// through its ui.Game.
func TestBotImportsNoGame(t *testing.T) {
	forbidImports(t, "bot", gameKnowledge, "the transport knows a game only by the ui.Game it is given (bot/ui)")
}

// TestHostImportsNoRules checks that host's core imports no rules package.
func TestHostImportsNoRules(t *testing.T) {
	forbidImports(t, "host", rules, "the core knows no game's rules; its adapter package imports them")
}

// TestViewImportsNoGame checks that bot/view keeps only what the games' Discord UIs
// share: each game's views live in its UI package (bot/kombatui, bot/upbeatui,
// bot/aibgui), so bot/view imports no game's adapter and no rules package.
func TestViewImportsNoGame(t *testing.T) {
	forbidImports(t, "bot/view", []string{"host/kombathost", "host/upbeathost", "host/aibghost", "upbeat", "aibg", "game", "internal/nim"},
		"a game's views live in its Discord UI package; bot/view takes plain values")
}

// forbidImports reports every import of pkg's source files in never, with why.
func forbidImports(t *testing.T, pkg string, never []string, why string) {
	t.Helper()
	for _, f := range sourcePackages(t)[pkg] {
		for _, imp := range f.Imports {
			to := strings.TrimPrefix(strings.Trim(imp.Path.Value, `"`), module+"/")
			if slices.Contains(never, to) {
				t.Errorf("%s imports %s: %s", pkg, to, why)
			}
		}
	}
}

// forbiddenImports are packages outside the module that a package of ours must not
// import: host knows no chat service, so that it tests without one.
var forbiddenImports = map[string][]string{
	"host": {"github.com/bwmarrin/discordgo"},
}

// sourcePackages returns every directory of the module holding non-test Go files,
// with the files' parsed imports and declarations.
func sourcePackages(t *testing.T) map[string][]*ast.File {
	t.Helper()
	pkgs := map[string][]*ast.File{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(path)] = append(pkgs[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestImportGraph checks the layering: interp imports nothing of ours, nothing but
// main imports cli, render and store stay apart, host imports neither render nor a
// chat library.
func TestImportGraph(t *testing.T) {
	layerOf := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			layerOf[p] = i
		}
	}
	for dir, files := range sourcePackages(t) {
		from, ok := layerOf[dir]
		if !ok {
			t.Errorf("package %s is not in the README's Layout; add it there and to layers deliberately", dir)
			continue
		}
		for _, f := range files {
			for _, imp := range f.Imports {
				path := strings.Trim(imp.Path.Value, `"`)
				for _, bad := range forbiddenImports[dir] {
					if path == bad || strings.HasPrefix(path, bad+"/") {
						t.Errorf("%s imports %s: it must know no chat service (the README's Layout)", dir, path)
					}
				}
				if !strings.HasPrefix(path, module+"/") {
					continue
				}
				to := strings.TrimPrefix(path, module+"/")
				l, ok := layerOf[to]
				if !ok || l >= from {
					t.Errorf("%s imports %s: a package may import only packages of the layers before its own (the README's Layout)", dir, to)
				}
				if only, ok := onlyImports[dir]; ok && !slices.Contains(only, to) {
					t.Errorf("%s imports %s: it may import only %v of ours", dir, to, only)
				}
			}
		}
	}
}

// TestNoPackageState checks the rule "no package-level mutable state": the only
// package-level variables allowed are sentinel errors (Err..., or err... for those no
// caller can receive), interface checks (_) and files embedded with //go:embed
// (embed.FS, read-only).
func TestNoPackageState(t *testing.T) {
	var bad []string
	for dir, files := range sourcePackages(t) {
		for _, f := range files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					if sel, ok := vs.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "FS" && fmt.Sprint(sel.X) == "embed" {
						continue
					}
					for _, n := range vs.Names {
						if n.Name != "_" && !strings.HasPrefix(n.Name, "Err") && !strings.HasPrefix(n.Name, "err") {
							bad = append(bad, dir+": var "+n.Name)
						}
					}
				}
			}
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Errorf("package-level variable %s: keep state in values passed around, and tables in functions or constants", b)
	}
}
