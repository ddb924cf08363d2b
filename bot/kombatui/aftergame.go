package kombatui

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
)

// postAfterGame posts, under a finished game's final board, a chart of the game and a
// few sentences on its turning points. It is best-effort: a failure is only logged,
// since the board and the stored record are what matter, and the post's nonce, one per
// game, keeps a retried final screen from posting it twice.
func postAfterGame(tr ui.Transport, t *host.Table, g *game.Game) {
	rep, err := afterGameReply(tr, t, g)
	if err == nil {
		err = tr.PostOnce(t.Row.Place, rep, ui.AfterGameNonce(t.Row.ID))
	}
	if err != nil {
		tr.Logger().Warn("post after-game report", "game", t.Row.ID, "err", err)
	}
}

// afterGameReply words a finished game from its report: for the person in a solitaire
// game, neutral otherwise; the chart is attached as kombat-game-ID-chart.png.
func afterGameReply(tr ui.Transport, t *host.Table, g *game.Game) (view.Reply, error) {
	// The game gathered its report as it played: replaying a long record here would
	// hold the table (and a shutdown) for seconds.
	report := g.Report()
	viewer := 0
	if t.Row.Mode == game.ModeSolitaire {
		viewer = t.Humans()[0]
	}
	names := kombathost.Names(t)
	chart, err := tr.Renderer().Chart(report, names)
	if err != nil {
		return view.Reply{}, err
	}
	content := ui.AfterGameTitle + "\n" + strings.Join(report.Sentences(names, viewer), "\n")
	return view.Reply{Content: view.Fit(content), Files: []view.File{{Name: fmt.Sprintf("kombat-game-%d-chart.png", t.Row.ID), MIME: "image/png", Data: chart}}}, nil
}
