package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/render"
	"github.com/kombat-game/kombat/store"
)

// Tournaments: a member who may manage the server opens one; entrants register 1 to
// host.MaxEntryKinds of their saved strategies (copied at registration, so later
// edits do not change an entry); the bot plays host's round robin in the background,
// storing the state after every game, and tells the channel as it goes.

// loadTourney reads a stored tournament and its state.
func (b *Bot) loadTourney(id int64) (*store.Tournament, *host.Tournament, error) {
	row, err := b.db.GetTournament(b.wctx, id)
	if err != nil {
		return nil, nil, err
	}
	var st host.Tournament
	if err := json.Unmarshal(row.State, &st); err != nil {
		return nil, nil, fmt.Errorf("bot: tournament %d has an unreadable state: %w", id, err)
	}
	return row, &st, nil
}

// saveTourney stores a tournament's state.
func (b *Bot) saveTourney(row *store.Tournament, st *host.Tournament) error {
	raw, err := json.Marshal(st)
	if err != nil {
		return err
	}
	row.State = raw
	return b.db.SaveTournament(b.wctx, row)
}

// canManage reports whether the member who sent an interaction may manage the server.
func canManage(r *request) bool {
	m := r.i.Member
	return m != nil && (m.Permissions&discordgo.PermissionManageGuild != 0 || m.Permissions&discordgo.PermissionAdministrator != 0)
}

// tournamentCommand is /kombat tournament [seeds] [config]: opens registration here.
func (b *Bot) tournamentCommand(r *request, o options) reply {
	if !canManage(r) {
		return private("Only members who may manage this server can organise a tournament.")
	}
	cfg, bad := b.configOption(r, o)
	if bad != nil {
		return *bad
	}
	st := &host.Tournament{Seeds: int(min(max(o.int("seeds", host.DefaultSeeds), 1), 5)), Config: cfg.String(), Seed: newSeed()}
	raw, _ := json.Marshal(st)
	row := &store.Tournament{Guild: r.i.GuildID, Channel: r.i.ChannelID, Owner: r.user.ID, State: raw}
	if _, err := b.db.CreateTournament(b.wctx, row); err != nil {
		return b.internal(r, "create tournament", err)
	}
	rep := tourneyView(row, st, "")
	m, err := b.sess.ChannelMessageSendComplex(r.i.ChannelID, rep.message())
	if err != nil {
		return b.internal(r, "post tournament", err)
	}
	b.tmu.Lock()
	defer b.tmu.Unlock()
	row.MessageID = m.ID
	if err := b.saveTourney(row, st); err != nil {
		return b.internal(r, "save tournament", err)
	}
	return private("Tournament #%d is open for entries. Press **Start** when everyone is in.", row.ID)
}

// tourneyView is the tournament's message: its entrants, progress and controls.
func tourneyView(t *store.Tournament, st *host.Tournament, progress string) reply {
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 **KOMBAT tournament #%d** · organised by <@%s> · round robin, %d %s per pairing and seat\n",
		t.ID, t.Owner, st.Seeds, plural(st.Seeds, "game", "games"))
	switch t.Status {
	case store.TournamentOpen:
		fmt.Fprintf(&sb, "Registration is open: press **Enter** and choose 1 to %d of your saved strategies (`/kombat strategy save`). Your minions will be those kinds; the bot plays them for you.\n", host.MaxEntryKinds)
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
	fmt.Fprintf(&sb, "Entrants (%d of %d):", len(st.Entrants), host.MaxEntrants)
	if len(st.Entrants) == 0 {
		sb.WriteString(" nobody yet")
	}
	for _, e := range st.Entrants {
		fmt.Fprintf(&sb, "\n• <@%s> — %s", e.User, kindNames(e.Kinds))
	}
	rep := reply{content: fitContent(sb.String())}
	if t.Status == store.TournamentOpen {
		id := func(a string) customID { return customID{Action: a, Game: t.ID} }
		rep.components = []discordgo.MessageComponent{row(
			button("Enter", discordgo.PrimaryButton, id("tenter")),
			button("Leave", discordgo.SecondaryButton, id("tleave")),
			button("Start", discordgo.SuccessButton, id("tstart")),
			button("Cancel", discordgo.DangerButton, id("tcancel")),
		)}
	}
	return rep
}

// kindNames lists kinds with their defense.
func kindNames(ks []game.KindSpec) string {
	var out []string
	for _, k := range ks {
		out = append(out, fmt.Sprintf("%s (defense %d)", k.Name, k.Defense))
	}
	return strings.Join(out, ", ")
}

// tourneyAction locks tournaments and loads one that must still be open.
func (b *Bot) tourneyAction(r *request, id int64, do func(row *store.Tournament, st *host.Tournament) reply) reply {
	b.tmu.Lock()
	defer b.tmu.Unlock()
	row, st, err := b.loadTourney(id)
	if errors.Is(err, store.ErrNotFound) {
		return private("This tournament no longer exists.")
	}
	if err != nil {
		return b.internal(r, "load tournament", err)
	}
	if row.Status != store.TournamentOpen {
		return private("Tournament #%d is %s; registration is closed.", row.ID, row.Status)
	}
	return do(row, st)
}

// tourneyEnter offers the presser's saved strategies for their entry.
func (b *Bot) tourneyEnter(r *request, id customID) reply {
	list, err := b.db.ListStrategies(b.wctx, r.user.ID)
	if err != nil {
		return b.internal(r, "list strategies", err)
	}
	if len(list) == 0 {
		return private("You have no saved strategies yet: save one with `/kombat strategy save name`, then press **Enter** again.")
	}
	var opts []discordgo.SelectMenuOption
	for _, s := range list[:min(len(list), 25)] {
		opts = append(opts, discordgo.SelectMenuOption{Label: s.Name, Value: s.Name, Description: fmt.Sprintf("v%d · defense %d", s.Version, s.Defense)})
	}
	most := min(host.MaxEntryKinds, len(opts))
	one := 1
	return reply{ephemeral: true, content: fmt.Sprintf("Choose 1 to %d of your strategies: they are copied into your entry now.", most),
		components: []discordgo.MessageComponent{row(discordgo.SelectMenu{CustomID: customID{Action: "tkinds", Game: id.Game}.encode(),
			Placeholder: "Your kinds for this tournament…", MinValues: &one, MaxValues: most, Options: opts})}}
}

// tourneyKinds registers (or replaces) the presser's entry with the chosen strategies.
func (b *Bot) tourneyKinds(r *request, id customID, names []string) reply {
	var kinds []game.KindSpec
	for _, n := range names {
		s, err := b.db.GetStrategy(b.wctx, r.user.ID, n, 0)
		if errors.Is(err, store.ErrNotFound) {
			return private("%s", userError(err))
		}
		if err != nil {
			return b.internal(r, "load strategy", err)
		}
		kinds = append(kinds, game.KindSpec{Name: host.KindName(s.Name), Defense: s.Defense, Strategy: s.Source})
	}
	if len(kinds) == 0 || len(kinds) > host.MaxEntryKinds {
		return private("Choose 1 to %d strategies.", host.MaxEntryKinds)
	}
	if _, err := game.New(b.lang, game.Setup{Config: game.DefaultConfig(), Mode: game.ModeAuto, Kinds: kinds}); err != nil {
		return private("Those strategies cannot play: %v.", err)
	}
	return b.tourneyAction(r, id.Game, func(row *store.Tournament, st *host.Tournament) reply {
		e := host.Entrant{User: r.user.ID, Name: displayName(r.user), Kinds: kinds}
		replaced := false
		for i := range st.Entrants {
			if st.Entrants[i].User == r.user.ID {
				st.Entrants[i], replaced = e, true
			}
		}
		if !replaced {
			if len(st.Entrants) >= host.MaxEntrants {
				return private("The tournament is full (%d entrants).", host.MaxEntrants)
			}
			st.Entrants = append(st.Entrants, e)
		}
		if err := b.saveTourney(row, st); err != nil {
			return b.internal(r, "save entry", err)
		}
		b.refreshTourney(row, st, "")
		return reply{update: true, content: fmt.Sprintf("You are in tournament #%d with %s.", row.ID, kindNames(kinds))}
	})
}

// refreshTourney redraws the tournament's message.
func (b *Bot) refreshTourney(row *store.Tournament, st *host.Tournament, progress string) {
	if row.MessageID == "" {
		return
	}
	if _, err := b.sess.ChannelMessageEditComplex(tourneyView(row, st, progress).messageEdit(row.Channel, row.MessageID)); err != nil {
		b.log.Error("update tournament message", "tournament", row.ID, "err", err)
	}
}

func (b *Bot) tourneyLeave(r *request, id customID) reply {
	return b.tourneyAction(r, id.Game, func(row *store.Tournament, st *host.Tournament) reply {
		for i, e := range st.Entrants {
			if e.User == r.user.ID {
				st.Entrants = append(st.Entrants[:i:i], st.Entrants[i+1:]...)
				if err := b.saveTourney(row, st); err != nil {
					return b.internal(r, "leave tournament", err)
				}
				rep := tourneyView(row, st, "")
				rep.update = true
				return rep
			}
		}
		return private("You are not entered in this tournament.")
	})
}

func (b *Bot) tourneyCancel(r *request, id customID) reply {
	return b.tourneyAction(r, id.Game, func(row *store.Tournament, st *host.Tournament) reply {
		if r.user.ID != row.Owner && !canManage(r) {
			return private("Only <@%s>, who organised it, or a server manager can cancel this tournament.", row.Owner)
		}
		row.Status = store.TournamentCancelled
		if err := b.saveTourney(row, st); err != nil {
			return b.internal(r, "cancel tournament", err)
		}
		rep := tourneyView(row, st, "")
		rep.update = true
		return rep
	})
}

// tourneyStart closes registration, makes the schedule and starts playing.
func (b *Bot) tourneyStart(r *request, id customID) reply {
	return b.tourneyAction(r, id.Game, func(row *store.Tournament, st *host.Tournament) reply {
		if r.user.ID != row.Owner && !canManage(r) {
			return private("Only <@%s>, who organised it, or a server manager can start this tournament.", row.Owner)
		}
		if len(st.Entrants) < 2 {
			return private("A tournament needs at least 2 entrants; it has %d.", len(st.Entrants))
		}
		st.Games = host.Schedule(len(st.Entrants), st.Seeds, st.Seed)
		row.Status = store.TournamentRunning
		if err := b.saveTourney(row, st); err != nil {
			return b.internal(r, "start tournament", err)
		}
		b.runTourney(row.ID)
		rep := tourneyView(row, st, progressLine(st))
		rep.update = true
		return rep
	})
}

// progressLine says how far the games have got.
func progressLine(st *host.Tournament) string {
	done, total := st.Progress()
	return fmt.Sprintf("Games played: %d of %d.", done, total)
}

// runTourney plays a running tournament's remaining games in the background: one at a
// time, each result stored before the next, the message updated as it goes.
func (b *Bot) runTourney(id int64) {
	if !b.begin() {
		return
	}
	go func() {
		defer b.work.Done()
		for {
			select {
			case <-b.ctx.Done():
				return
			case <-time.After(b.opt.AutoStep / 10):
			}
			b.tmu.Lock()
			row, st, err := b.loadTourney(id)
			b.tmu.Unlock()
			if err != nil || row.Status != store.TournamentRunning {
				if err != nil {
					b.log.Error("load tournament", "tournament", id, "err", err)
				}
				return
			}
			next := st.Next()
			if next < 0 {
				b.finishTourney(row, st)
				return
			}
			played, err := st.Play(b.lang, st.Games[next], b.halt)
			if errors.Is(err, game.ErrStopped) {
				b.log.Info("tournament game interrupted by shutdown; it is played again after the restart", "tournament", id, "game", next)
				return
			}
			if err != nil {
				b.log.Error("tournament game", "tournament", id, "game", next, "err", err)
				return
			}
			b.tmu.Lock()
			row, st, err = b.loadTourney(id)
			if err == nil && row.Status == store.TournamentRunning {
				st.Games[next] = played
				err = b.saveTourney(row, st)
			}
			b.tmu.Unlock()
			if err != nil {
				b.log.Error("save tournament game", "tournament", id, "err", err)
				return
			}
			b.postPairings(row, st)
			b.refreshTourney(row, st, progressLine(st))
		}
	}()
}

// postPairings posts the result of each pairing whose games are all played, in
// schedule order, once each.
func (b *Bot) postPairings(row *store.Tournament, st *host.Tournament) {
	for {
		sc, ok := st.Pairing(st.Posted)
		if !ok {
			return
		}
		ex, ey := st.Entrants[sc.X], st.Entrants[sc.Y]
		text := fmt.Sprintf("Tournament #%d · <@%s> %d – %d <@%s>", row.ID, ex.User, sc.WinsX, sc.WinsY, ey.User)
		if sc.Ties > 0 {
			text += fmt.Sprintf(" (%d %s)", sc.Ties, plural(sc.Ties, "tie", "ties"))
		}
		// Stored before it is posted: after a crash in between a result is missing
		// rather than posted twice, and the standings still count it.
		b.tmu.Lock()
		fresh, cur, err := b.loadTourney(row.ID)
		if err == nil && cur.Posted == st.Posted {
			cur.Posted++
			err = b.saveTourney(fresh, cur)
		} else if err == nil {
			err = errors.New("posted meanwhile")
		}
		b.tmu.Unlock()
		if err != nil {
			return
		}
		st.Posted++
		if _, err := b.sess.ChannelMessageSendComplex(row.Channel, &discordgo.MessageSend{Content: text,
			AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
			b.log.Error("post pairing", "tournament", row.ID, "err", err)
		}
	}
}

// standings is host's standings as the picture draws them.
func standings(st *host.Tournament) []render.Standing {
	var rows []render.Standing
	for _, r := range st.Standings() {
		rows = append(rows, render.Standing{Name: r.Name, Kinds: strings.Join(r.Kinds, ", "),
			Played: r.Played, Won: r.Won, Lost: r.Lost, Tied: r.Tied, Points: r.Points})
	}
	return rows
}

// finishTourney posts the standings and closes the tournament.
func (b *Bot) finishTourney(row *store.Tournament, st *host.Tournament) {
	rows := standings(st)
	png, err := b.render.Standings(fmt.Sprintf("KOMBAT tournament #%d — final standings", row.ID), rows)
	if err != nil {
		b.log.Error("draw standings", "tournament", row.ID, "err", err)
		return
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "🏆 **Tournament #%d is over.** Winner: **%s** with %s points.\n", row.ID, rows[0].Name, strconv.FormatFloat(rows[0].Points, 'f', -1, 64))
	for i, s := range rows {
		fmt.Fprintf(&sb, "%d. %s — %s points (%d–%d–%d)\n", i+1, s.Name, strconv.FormatFloat(s.Points, 'f', -1, 64), s.Won, s.Lost, s.Tied)
	}
	b.tmu.Lock()
	defer b.tmu.Unlock()
	fresh, cur, err := b.loadTourney(row.ID)
	if err != nil || fresh.Status != store.TournamentRunning {
		return
	}
	fresh.Status = store.TournamentOver
	if err := b.saveTourney(fresh, cur); err != nil {
		b.log.Error("finish tournament", "tournament", row.ID, "err", err)
		return
	}
	if _, err := b.sess.ChannelMessageSendComplex(row.Channel, reply{content: fitContent(sb.String()),
		files: []file{{"standings.png", "image/png", png}}}.message()); err != nil {
		b.log.Error("post standings", "tournament", row.ID, "err", err)
	}
	b.refreshTourney(fresh, cur, progressLine(cur))
}

// resumeTourneys restarts the runs of tournaments that were playing when the bot
// stopped (of this process's shard).
func (b *Bot) resumeTourneys() {
	ts, err := b.db.ActiveTournaments(b.wctx)
	if err != nil {
		b.log.Error("load tournaments", "err", err)
		return
	}
	for _, t := range ts {
		if t.Status == store.TournamentRunning && b.mine(t.Guild) {
			b.runTourney(t.ID)
		}
	}
}
