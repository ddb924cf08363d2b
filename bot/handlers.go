package bot

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// options gives a subcommand's options by name (ui.Options).
type options = ui.Options

// fetch downloads an attachment a player gave, refusing big files.
func (b *Bot) fetch(ctx context.Context, a *discordgo.MessageAttachment, limit int) (string, error) {
	if a.Size > limit {
		return "", fmt.Errorf("%s is %d bytes; the limit is %d", a.Filename, a.Size, limit)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.URL, nil)
	if err != nil {
		return "", err
	}
	resp, err := b.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("could not download %s: %w", a.Filename, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("could not download %s: %s", a.Filename, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
	if err != nil {
		return "", err
	}
	if len(data) > limit {
		return "", fmt.Errorf("%s is larger than %d bytes", a.Filename, limit)
	}
	if strings.ContainsRune(string(data), 0) {
		return "", fmt.Errorf("%s is not a text file", a.Filename)
	}
	return string(data), nil
}

// checkIn reports the errors and warnings of a program in lang (a KOMBAT strategy or
// an UPBEAT plan) privately.
func (b *Bot) checkIn(r *request, lang *interp.Language, name, text string) view.Reply {
	prog, err := host.CheckStrategy(lang, name, text)
	if err != nil {
		if msg, ok := view.Refused(err, "", view.ContentLimit-60); ok {
			return view.Private("%s", msg)
		}
		return b.internal(r, "check strategy", err)
	}
	if w := prog.Warnings(); len(w) > 0 {
		return view.Private("No errors. %d %s:\n%s", len(w), render.Plural(len(w), "warning", "warnings"), view.FencedReport(name, text, w, 0, view.ContentLimit-40))
	}
	return view.Private("No errors, no warnings: `%s` is ready to play.", name)
}
