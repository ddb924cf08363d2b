package kombatui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// Tournaments: a member who may manage the server opens one; entrants register 1 to
// host.MaxEntryKinds of their saved strategies (copied at registration, so later
// edits do not change an entry); host plays the round robin in the background
// (kombathost.Kombat.RunTourney; kombathost.Tourneys stores the state after every game and decides
// who may do what) and tourneyFront tells the channel as it goes.

// canManage reports whether the member who sent an interaction may manage the server.
func canManage(r ui.Request) bool {
	m := r.Member()
	return m != nil && (m.Permissions&discordgo.PermissionManageGuild != 0 || m.Permissions&discordgo.PermissionAdministrator != 0)
}

// tournamentCommand is /kombat tournament [seeds] [config]: opens registration here.
func (k *kombat) tournamentCommand(r ui.Request, o ui.Options) view.Reply {
	if !canManage(r) {
		return view.Private("Only members who may manage this server can organise a tournament.")
	}
	cfg, bad := configOption(r, o)
	if bad != nil {
		return *bad
	}
	row, st, err := k.tourney(r).Open(r.Context(), r.Guild(), r.Channel(), r.User().ID, int(o.Int("seeds", kombathost.DefaultSeeds)), cfg, host.NewSeed())
	if err != nil {
		return r.Internal("create tournament", err)
	}
	rep := Tourney(row, st, "")
	m, err := r.Post(r.Channel(), rep.Message())
	if err != nil {
		return r.Internal("post tournament", err)
	}
	if _, _, err := k.tourney(r).SetMessage(r.Context(), row.ID, m.ID); err != nil {
		return r.Internal("save tournament", err)
	}
	return view.Private("Tournament #%d is open for entries. Press **Start** when everyone is in.", row.ID)
}

// tourneyEnter offers the presser's saved strategies for their entry.
func (k *kombat) tourneyEnter(r ui.Request, id view.CustomID) view.Reply {
	list, err := kombathost.Library().Shelf(r.DB()).List(r.Context(), r.User().ID)
	if err != nil {
		return r.Internal("list strategies", err)
	}
	if len(list) == 0 {
		return view.Private("You have no saved strategies yet: save one with `/kombat strategy save name`, then press **Enter** again.")
	}
	var opts []discordgo.SelectMenuOption
	for _, s := range list[:min(len(list), 25)] {
		opts = append(opts, discordgo.SelectMenuOption{Label: s.Name, Value: s.Name, Description: fmt.Sprintf("v%d · defense %d", s.Version, s.Defense)})
	}
	most := min(kombathost.MaxEntryKinds, len(opts))
	one := 1
	return view.Reply{Ephemeral: true, Content: fmt.Sprintf("Choose 1 to %d of your strategies: they are copied into your entry now.", most),
		Components: []discordgo.MessageComponent{view.Row(discordgo.SelectMenu{CustomID: view.CustomID{Action: "tkinds", Game: id.Game}.Encode(),
			Placeholder: "Your kinds for this tournament…", MinValues: &one, MaxValues: most, Options: opts})}}
}

// tourneyKinds registers (or replaces) the presser's entry with the chosen strategies.
func (k *kombat) tourneyKinds(r ui.Request, id view.CustomID, names []string) view.Reply {
	var kinds []game.KindSpec
	for _, n := range names {
		s, err := kombathost.Library().Shelf(r.DB()).Get(r.Context(), r.User().ID, n, 0)
		if errors.Is(err, store.ErrNotFound) {
			return view.Private("%s", userError(err))
		}
		if err != nil {
			return r.Internal("load strategy", err)
		}
		kinds = append(kinds, game.KindSpec{Name: kombathost.KindName(s.Name), Defense: s.Defense, Strategy: s.Source})
	}
	row, st, err := k.tourney(r).Enter(r.Context(), id.Game, r.User().ID, ui.DisplayName(r.User()), kinds)
	if err != nil {
		return r.Refused("save entry", err)
	}
	refreshTourney(r, row, st, "")
	return view.Reply{Update: true, Content: fmt.Sprintf("You are in tournament #%d with %s.", row.ID, KindNames(kinds))}
}

// refreshTourney redraws the tournament's message.
func refreshTourney(tr ui.Transport, row *store.Tournament, st *kombathost.Tournament, progress string) {
	if row.MessageID == "" {
		return
	}
	if _, err := tr.Edit(Tourney(row, st, progress).MessageEdit(row.Channel, row.MessageID)); err != nil {
		tr.Logger().Error("update tournament message", "tournament", row.ID, "err", err)
	}
}

// tourneyLeave takes the presser's entry out.
func (k *kombat) tourneyLeave(r ui.Request, id view.CustomID) view.Reply {
	row, st, err := k.tourney(r).Leave(r.Context(), id.Game, r.User().ID)
	if err != nil {
		return r.Refused("leave tournament", err)
	}
	return TourneyUpdate(row, st, "")
}

// tourneyCancel cancels the tournament, for its organiser or a server manager.
func (k *kombat) tourneyCancel(r ui.Request, id view.CustomID) view.Reply {
	row, st, err := k.tourney(r).Cancel(r.Context(), id.Game, r.User().ID, canManage(r))
	if err != nil {
		return r.Refused("cancel tournament", err)
	}
	return TourneyUpdate(row, st, "")
}

// tourneyStart closes registration, makes the schedule and starts playing.
func (k *kombat) tourneyStart(r ui.Request, id view.CustomID) view.Reply {
	row, st, err := k.tourney(r).Start(r.Context(), id.Game, r.User().ID, canManage(r))
	if err != nil {
		return r.Refused("start tournament", err)
	}
	kom(r).RunTourney(k.tourney(r), tourneyFront{r, k}, row.ID)
	return TourneyUpdate(row, st, ProgressLine(st))
}

// tourneyFront tells a tournament's channel how its run (kombathost.Kombat.RunTourney)
// goes.
type tourneyFront struct {
	r ui.Transport
	k *kombat
}

// Progress redraws the tournament's message with the games played.
func (f tourneyFront) Progress(row *store.Tournament, st *kombathost.Tournament) {
	refreshTourney(f.r, row, st, ProgressLine(st))
}

// Announce posts a pairing's result, mentioning nobody.
func (f tourneyFront) Announce(row *store.Tournament, a kombathost.Announcement) {
	sc := a.Score
	text := fmt.Sprintf("Tournament #%d · <@%s> %d – %d <@%s>", row.ID, a.X.User, sc.WinsX, sc.WinsY, a.Y.User)
	if sc.Ties > 0 {
		text += fmt.Sprintf(" (%d %s)", sc.Ties, render.Plural(sc.Ties, "tie", "ties"))
	}
	if _, err := f.r.Post(row.Channel, &discordgo.MessageSend{Content: text,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
		f.r.Logger().Error("post pairing", "tournament", row.ID, "err", err)
	}
}

// Final posts the final standings, in words and as a picture (words only when it
// cannot be drawn), and redraws the tournament's message.
func (f tourneyFront) Final(row *store.Tournament, st *kombathost.Tournament, final []kombathost.Standing) {
	r := f.r
	rows := Standings(final)
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 **Tournament #%d is over.** Winner: **%s** with %s points.\n", row.ID, rows[0].Name, strconv.FormatFloat(rows[0].Points, 'f', -1, 64))
	for i, s := range rows {
		fmt.Fprintf(&sb, "%d. %s — %s points (%d–%d–%d)\n", i+1, s.Name, strconv.FormatFloat(s.Points, 'f', -1, 64), s.Won, s.Lost, s.Tied)
	}
	rep := view.Reply{Content: view.Fit(sb.String())}
	if png, err := r.Renderer().Standings(fmt.Sprintf("KOMBAT tournament #%d — final standings", row.ID), rows); err != nil {
		r.Logger().Error("draw standings", "tournament", row.ID, "err", err)
	} else {
		rep.Files = []view.File{{Name: "standings.png", MIME: "image/png", Data: png}}
	}
	if _, err := r.Post(row.Channel, rep.Message()); err != nil {
		r.Logger().Error("post standings", "tournament", row.ID, "err", err)
	}
	refreshTourney(r, row, st, ProgressLine(st))
}
