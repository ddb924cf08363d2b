package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// outside lists what would point a reader outside the repository: the folder the
// games' original descriptions and our first rulings were kept in while the project
// began, which a clone does not have. Spelled in pieces so that this file does not
// name them itself.
var outside = []string{".." + "/shared", "/shared" + "/spec", "/work" + "/shared"}

// TestNoPointerOutsideTheRepository: no file of the repository sends its reader to a
// file a clone does not have; the rules are in docs/ (issue 24).
func TestNoPointerOutsideTheRepository(t *testing.T) {
	for _, name := range repositoryFiles(t) {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range outside {
			if i := bytes.Index(data, []byte(bad)); i >= 0 {
				line := 1 + bytes.Count(data[:i], []byte("\n"))
				t.Errorf("%s:%d mentions %q, outside the repository: write what it says in docs/ instead", name, line, bad)
			}
		}
	}
}

// TestDocLinksResolve: every relative link of README.md and docs/*.md leads to a file
// of the repository, and a link to a heading (#...) of a Markdown file to a heading it
// has, as GitHub names them.
func TestDocLinksResolve(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{"README.md"}, pages...)
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, page := range pages {
		text := readText(t, page)
		for _, target := range markdownLinks(text) {
			if isExternal(target) {
				continue
			}
			checked++
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
				abs, err := filepath.Abs(path)
				if err != nil {
					t.Fatal(err)
				}
				if rel, err := filepath.Rel(root, abs); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
					t.Errorf("%s links to %s, outside the repository", page, target)
					continue
				}
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s links to %s, which does not exist", page, target)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(path, ".md") {
				t.Errorf("%s links to %s: a heading in a file that is not Markdown", page, target)
				continue
			}
			if !headingAnchors(readText(t, path))[anchor] {
				t.Errorf("%s links to %s, but %s has no heading #%s", page, target, path, anchor)
			}
		}
	}
	if checked == 0 {
		t.Error("no relative link found: the link pattern is broken")
	}
}

// repositoryFiles lists the files git tracks, or, without git, every file under the
// module's folder but .git.
func repositoryFiles(t *testing.T) []string {
	t.Helper()
	if out, err := exec.Command("git", "ls-files", "-z").Output(); err == nil && len(out) > 0 {
		var names []string
		for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
			if _, err := os.Stat(name); err == nil { // deleted but not yet committed
				names = append(names, filepath.FromSlash(name))
			}
		}
		return names
	}
	var names []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			names = append(names, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

func readText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var (
	fenceRE = regexp.MustCompile("(?ms)^ {0,3}```.*?^ {0,3}```[^\n]*$")
	spanRE  = regexp.MustCompile("`[^`\n]*`")
	// A link or an image: [text](target) or [text](target "title"); the text may run
	// over lines.
	linkRE = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
)

// markdownLinks returns the targets of the links and images of a Markdown text,
// leaving out code blocks and code spans.
func markdownLinks(text string) []string {
	text = fenceRE.ReplaceAllString(text, "")
	text = spanRE.ReplaceAllString(text, "``")
	var out []string
	for _, m := range linkRE.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

func isExternal(target string) bool {
	for _, scheme := range []string{"http:", "https:", "mailto:"} {
		if strings.HasPrefix(target, scheme) {
			return true
		}
	}
	return false
}

// headingAnchors names a Markdown text's headings as GitHub does: lower case, every
// character but letters, digits, spaces, '-' and '_' dropped, spaces made '-', and
// "-1", "-2"... added to a name already taken.
func headingAnchors(text string) map[string]bool {
	text = fenceRE.ReplaceAllString(text, "")
	seen := map[string]int{}
	anchors := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, "#")
		if len(trimmed) == len(line) || len(line)-len(trimmed) > 6 || !strings.HasPrefix(trimmed, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(trimmed)) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		name := b.String()
		if n := seen[name]; n > 0 {
			seen[name] = n + 1
			name += "-" + strconv.Itoa(n)
		} else {
			seen[name] = 1
		}
		anchors[name] = true
	}
	return anchors
}
