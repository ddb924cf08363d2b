package kombatui

import (
	"fmt"
	"strings"

	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/host/kombathost"

	"github.com/bwmarrin/discordgo"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// Tourney is the tournament's message: its entrants, progress and controls.
func Tourney(t *store.Tournament, st *kombathost.Tournament, progress string) view.Reply {
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 **KOMBAT tournament #%d** · organised by <@%s> · round robin, %d %s per pairing and seat\n",
		t.ID, t.Owner, st.Seeds, render.Plural(st.Seeds, "game", "games"))
	switch t.Status {
	case store.TournamentOpen:
		fmt.Fprintf(&sb, "Registration is open: press **Enter** and choose 1 to %d of your saved strategies (`/kombat strategy save`). Your minions will be those kinds; the bot plays them for you.\n", kombathost.MaxEntryKinds)
	case store.TournamentRunning:
		sb.WriteString("**Running.** ")
	case store.TournamentOver:
		sb.WriteString("**Finished.** ")
	case store.TournamentCancelled:
		sb.WriteString("**Cancelled.** ")
	}
	if progress != "" {
		sb.WriteString(progress + "\n")
	}
	fmt.Fprintf(&sb, "Entrants (%d of %d):", len(st.Entrants), kombathost.MaxEntrants)
	if len(st.Entrants) == 0 {
		sb.WriteString(" nobody yet")
	}
	for _, e := range st.Entrants {
		fmt.Fprintf(&sb, "\n• <@%s> — %s", e.User, KindNames(e.Kinds))
	}
	rep := view.Reply{Content: view.Fit(sb.String())}
	if t.Status == store.TournamentOpen {
		id := func(a string) view.CustomID { return view.CustomID{Action: a, Game: t.ID} }
		rep.Components = []discordgo.MessageComponent{view.Row(
			view.Button("Enter", discordgo.PrimaryButton, id("tenter")),
			view.Button("Leave", discordgo.SecondaryButton, id("tleave")),
			view.Button("Start", discordgo.SuccessButton, id("tstart")),
			view.Button("Cancel", discordgo.DangerButton, id("tcancel")),
		)}
	}
	return rep
}

// KindNames lists kinds with their defense.
func KindNames(ks []game.KindSpec) string {
	var out []string
	for _, k := range ks {
		out = append(out, fmt.Sprintf("%s (defense %d)", k.Name, k.Defense))
	}
	return strings.Join(out, ", ")
}

// TourneyUpdate is the tournament's message as the answer to a press on it.
func TourneyUpdate(row *store.Tournament, st *kombathost.Tournament, progress string) view.Reply {
	rep := Tourney(row, st, progress)
	rep.Update = true
	return rep
}

// ProgressLine says how far the games have got.
func ProgressLine(st *kombathost.Tournament) string {
	done, total := st.Progress()
	return fmt.Sprintf("Games played: %d of %d.", done, total)
}

// Standings is host's Standings as the picture draws them.
func Standings(st []kombathost.Standing) []render.Standing {
	var rows []render.Standing
	for _, r := range st {
		rows = append(rows, render.Standing{Name: r.Name, Kinds: strings.Join(r.Kinds, ", "),
			Played: r.Played, Won: r.Won, Lost: r.Lost, Tied: r.Tied, Points: r.Points})
	}
	return rows
}
