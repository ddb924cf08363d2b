package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/kombat-game/kombat/bot/ui"
	"github.com/kombat-game/kombat/bot/view"
	"github.com/kombat-game/kombat/game"
	"github.com/kombat-game/kombat/host"
	"github.com/kombat-game/kombat/host/kombathost"
	"github.com/kombat-game/kombat/interp"
	"github.com/kombat-game/kombat/render"
)

// How long a challenge and a setup stay open.
const (
	challengeLife = 10 * time.Minute
	setupLife     = 30 * time.Minute
)

// challenge is /kombat challenge opponent [config] [timeout].
func (b *Bot) challenge(r *request, o options) view.Reply {
	opp := o.User("opponent")
	var oppID string
	if opp != nil {
		oppID = opp.ID
	}
	if err := b.kombat.MayChallenge(r.i.GuildID, r.i.ChannelID, r.user.ID, oppID, opp != nil && opp.Bot); err != nil {
		return view.Refusal(err)
	}
	cfg, bad := b.configOption(r, o)
	if bad != nil {
		return *bad
	}
	t, err := b.kombat.OpenChallenge(b.where(r, o, cfg), kombathost.Seated{User: r.user.ID, Name: ui.DisplayName(r.user)}, kombathost.Seated{User: opp.ID, Name: ui.DisplayName(opp)})
	if err != nil {
		return b.refusedOr(r, "create game", err)
	}
	defer t.Unlock()
	expires := b.clock.Now().Add(challengeLife)
	rep := view.Reply{
		Content: fmt.Sprintf("<@%s>, <@%s> challenges you to a game of **KOMBAT**! %s\nThis challenge expires <t:%d:R>.",
			opp.ID, r.user.ID, view.RulesLine(cfg, t.Row.TurnTimeout), expires.Unix()),
		Components: []discordgo.MessageComponent{view.Row(
			view.Button("Accept", discordgo.SuccessButton, view.CustomID{Action: "accept", Game: t.Row.ID}),
			view.Button("Decline", discordgo.SecondaryButton, view.CustomID{Action: "decline", Game: t.Row.ID}),
		)},
		Mentions: []string{opp.ID},
	}
	b.host.Arm(t, host.ChallengeExpiry, expires) // stored before anyone sees the challenge
	if err := r.send(rep); err != nil {
		return b.internal(r, "send challenge", err)
	}
	if m, err := b.sess.InteractionResponse(r.i); err == nil {
		t.Row.Shown = m.ID
		b.host.SaveMeta(t)
	}
	return view.Reply{}
}

// where is the place and rules of a new game asked for in this channel.
func (b *Bot) where(r *request, o options, cfg game.Config) kombathost.Where {
	return kombathost.Where{Scope: r.i.GuildID, Place: r.i.ChannelID, Config: cfg, TurnTimeout: timeoutOption(o)}
}

// startSetup is /kombat solo and /kombat auto: a game with the bot in one or both seats.
func (b *Bot) startSetup(r *request, o options, mode game.Mode) view.Reply {
	var players []string
	if mode != game.ModeAuto {
		players = []string{r.user.ID}
	}
	if err := host.Busy(b.host.Active(), r.i.GuildID, r.i.ChannelID, r.user.ID, players...); err != nil {
		return view.Refusal(err)
	}
	cfg, bad := b.configOption(r, o)
	if bad != nil {
		return *bad
	}
	what, seat := "the built-in bot plays itself", 1
	if mode == game.ModeSolitaire {
		what = "you against the built-in bot"
	}
	if o.Str("seat") == "second" {
		seat = 2
	}
	levels := [2]string{o.Str("player1"), o.Str("player2")}
	if mode == game.ModeSolitaire {
		levels = [2]string{}
		levels[2-seat] = o.Str("level") // the bot's seat
	}
	t, err := b.kombat.OpenSetup(b.where(r, o, cfg), mode, kombathost.Seated{User: r.user.ID, Name: ui.DisplayName(r.user)}, seat, levels)
	if err != nil {
		return b.refusedOr(r, "create game", err)
	}
	defer t.Unlock()
	if err := r.send(view.Reply{Content: fmt.Sprintf("<@%s> starts a game of **KOMBAT**: %s. %s", r.user.ID, what, view.RulesLine(cfg, t.Row.TurnTimeout))}); err != nil {
		return b.internal(r, "announce game", err)
	}
	if m, err := b.sess.InteractionResponse(r.i); err == nil {
		b.moveToThread(t, m.ID, fmt.Sprintf("KOMBAT: %s", what))
	}
	if err := b.postSetup(t); err != nil {
		b.log.Error("post setup", "game", t.Row.ID, "err", err)
	}
	return view.Reply{}
}

// moveToThread gives the game its own thread from a message, when the bot may create
// one; otherwise the game stays in the channel.
func (b *Bot) moveToThread(t *host.Table, messageID, name string) {
	if len([]rune(name)) > 100 {
		name = string([]rune(name)[:100])
	}
	th, err := b.sess.MessageThreadStartComplex(t.Row.Place, messageID, &discordgo.ThreadStart{Name: name, AutoArchiveDuration: 1440})
	if err != nil {
		b.log.Info("no thread; playing in the channel", "game", t.Row.ID, "err", err)
		return
	}
	if err := b.host.Move(t, th.ID, t.Row.Place); err != nil {
		b.log.Error("save thread", "game", t.Row.ID, "err", err)
	}
}

// postSetup posts the setup message in the game's channel and starts the setup clock.
func (b *Bot) postSetup(t *host.Table) error {
	m, err := b.sess.ChannelMessageSendComplex(t.Row.Place, view.Setup(t).Message())
	if err != nil {
		return err
	}
	t.Row.Shown = m.ID
	b.host.Arm(t, host.SetupExpiry, b.clock.Now().Add(setupLife))
	return b.host.SaveMeta(t)
}

// lockTable finds and locks a game for a component, or explains why it cannot.
func (b *Bot) lockTable(id int64) (*host.Table, *view.Reply) {
	t, err := b.host.Lock(id)
	if err != nil {
		rep := view.Refusal(err)
		return nil, &rep
	}
	return t, nil
}

func (b *Bot) accept(r *request, id view.CustomID) view.Reply {
	return b.onTable(id.Game, func(t *host.Table) view.Reply {
		if err := host.Accept(t.Row, r.user.ID, b.host.Active()); err != nil {
			return view.Refusal(err)
		}
		if err := r.deferReply(true, false); err != nil {
			return b.internal(r, "defer accept", err)
		}
		if err := b.kombat.Accept(t, r.user.ID, ui.DisplayName(r.user)); err != nil {
			return b.refusedOr(r, "accept challenge", err)
		}
		b.moveToThread(t, t.Row.Shown, fmt.Sprintf("KOMBAT: %s vs %s", kombathost.LobbyOf(t).Names[0], kombathost.LobbyOf(t).Names[1]))
		where := "below"
		if t.Row.Origin != "" {
			where = fmt.Sprintf("in <#%s>", t.Row.Place)
		}
		if err := b.postSetup(t); err != nil {
			return b.internal(r, "post setup", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> accepted <@%s>'s challenge! Agree on the minion kinds %s.", t.Row.Players[1], t.Row.Players[0], where)}
	})
}

func (b *Bot) decline(r *request, id view.CustomID) view.Reply {
	return b.onTable(id.Game, func(t *host.Table) view.Reply {
		withdrawn, err := b.kombat.DeclineChallenge(t, r.user.ID)
		if err != nil {
			return b.refusedOr(r, "decline", err)
		}
		if withdrawn {
			return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> withdrew the challenge.", r.user.ID)}
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> declined the challenge.", r.user.ID)}
	})
}

// setupTable locks a game being set up for a player's change of its kinds; host
// refuses a bystander, or a game whose kinds are agreed.
func (b *Bot) setupTable(r *request, gameID int64) (*host.Table, *view.Reply) {
	t, err := b.kombat.LockSetup(gameID, r.user.ID, kombathost.ChangeKinds)
	if err != nil {
		rep := view.Refusal(err)
		return nil, &rep
	}
	return t, nil
}

// onTable answers with do on a game locked for a component, or with why it cannot be.
func (b *Bot) onTable(id int64, do func(t *host.Table) view.Reply) view.Reply {
	t, bad := b.lockTable(id)
	if bad != nil {
		return *bad
	}
	defer t.Unlock()
	return do(t)
}

// onSetup answers with do on a game being set up, locked for a player's action (host
// refuses a bystander, or a game whose kinds are agreed), or with the refusal.
func (b *Bot) onSetup(r *request, id int64, what kombathost.SetupAction, do func(t *host.Table) view.Reply) view.Reply {
	t, err := b.kombat.LockSetup(id, r.user.ID, what)
	if err != nil {
		return view.Refusal(err)
	}
	defer t.Unlock()
	return do(t)
}

// refusedOr is the private reply that tells a player what host refused, or, for any
// other error, the internal-error reply (logged as what).
func (b *Bot) refusedOr(r *request, what string, err error) view.Reply {
	var no *host.Refusal
	if errors.As(err, &no) {
		return view.Private("%s", view.RefusalText(no))
	}
	return b.internal(r, what, err)
}

// kindForm is the form for adding (index -1) or editing a kind, filled with p.
func (b *Bot) kindForm(t *host.Table, index int, p kombathost.Proposal) view.Reply {
	if n := utf8.RuneCountInString(p.Strategy); n > view.MaxInputValue {
		// Discord refuses a modal whose pre-filled text is longer ("This interaction
		// failed"); cutting the strategy would lose the player's code.
		how := "Fix the file and propose it again with `/kombat kind add`."
		if index >= 0 {
			how = fmt.Sprintf("To change it, edit the file, press **Remove** on **%s**, and propose it again with `/kombat kind add`.", p.Name)
		}
		return view.Private("This strategy is %d characters long, and a Discord form holds at most %d. %s", n, view.MaxInputValue, how)
	}
	title := "Add a minion kind"
	arg := "new"
	if index >= 0 {
		title = "Edit " + p.Name
		arg = strconv.Itoa(index)
	}
	if len([]rune(title)) > 45 {
		title = string([]rune(title)[:45])
	}
	return view.Reply{Modal: &view.Form{ID: view.CustomID{Action: "kindform", Game: t.Row.ID, Args: []string{arg}}.Encode(), Title: title, Inputs: []discordgo.TextInput{
		view.TextInput("name", "Name (letters, digits, spaces, - or _)", discordgo.TextInputShort, p.Name, true, 20),
		view.TextInput("defense", "Defense factor (0 or more)", discordgo.TextInputShort, strconv.FormatInt(p.Defense, 10), true, 19),
		view.TextInput("strategy", "Strategy (code fences are fine)", discordgo.TextInputParagraph, p.Strategy, true, view.MaxInputValue),
	}}}
}

func (b *Bot) openKindForm(r *request, gameID int64, index int) view.Reply {
	return b.onSetup(r, gameID, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		if err := kombathost.LobbyOf(t).CanAdd(); err != nil {
			return view.Refusal(err)
		}
		return b.kindForm(t, index, kombathost.Proposal{})
	})
}

func (b *Bot) editKind(r *request, id view.CustomID, value string) view.Reply {
	return b.onSetup(r, id.Game, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		i := kombathost.KindIndex(value)
		k, err := kombathost.LobbyOf(t).Kind(i)
		if err != nil {
			return view.Refusal(err)
		}
		return b.kindForm(t, i, k)
	})
}

func (b *Bot) removeKind(r *request, id view.CustomID, value string) view.Reply {
	return b.onSetup(r, id.Game, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		if err := b.kombat.RemoveKind(t, kombathost.KindIndex(value)); err != nil {
			return b.refusedOr(r, "remove kind", err)
		}
		rep := view.Setup(t)
		rep.Update = true
		return rep
	})
}

// submitKind validates a kind form: a mistake is shown only to its author, with an
// "Edit again" button that gives back everything they typed.
func (b *Bot) submitKind(r *request, id view.CustomID, v map[string]string) view.Reply {
	p := kombathost.Proposal{Name: strings.TrimSpace(v["name"]), Strategy: v["strategy"], By: r.user.ID}
	return b.proposeKind(r, id.Game, id.Arg(0), strings.TrimSpace(v["defense"]), p)
}

// proposeKind adds (index "new") or replaces a kind after checking it.
func (b *Bot) proposeKind(r *request, gameID int64, index, defense string, p kombathost.Proposal) view.Reply {
	return b.onSetup(r, gameID, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		edit := kombathost.KindIndex(index)
		stored, kept, err := b.kombat.ProposeKind(t, edit, defense, p)
		if kept {
			problem, _ := view.Refused(err, fmt.Sprintf("The strategy of **%s** does not compile:\n", p.Name), view.ContentLimit-200)
			return view.Reply{Content: view.Fit(problem + "\nNothing you typed is lost: press **Edit again**."), Ephemeral: true,
				Components: []discordgo.MessageComponent{view.Row(view.Button("Edit again", discordgo.PrimaryButton, view.CustomID{Action: "redo", Game: gameID, Args: []string{index}}))}}
		}
		if err != nil {
			return b.refusedOr(r, "propose kind", err)
		}
		rep := view.Setup(t)
		warn := b.kindWarnings(stored.Name, stored.Strategy)
		if r.i.Message != nil && r.i.Message.ID == t.Row.Shown {
			rep.Update = true
			if warn == "" {
				return rep
			}
			// The setup message is the answer; the warnings go to their author alone.
			if err := r.send(rep); err != nil {
				return b.internal(r, "update setup message", err)
			}
			if _, err := b.sess.FollowupMessageCreate(r.i, true, &discordgo.WebhookParams{Content: strings.TrimSpace(warn), Flags: discordgo.MessageFlagsEphemeral}); err != nil {
				b.log.Error("kind warnings", "game", gameID, "err", err)
			}
			return view.Reply{}
		}
		if _, err := b.editMessage(rep.MessageEdit(t.Row.Place, t.Row.Shown)); err != nil {
			b.log.Error("update setup message", "game", gameID, "err", err)
		}
		verb := "Added"
		if edit >= 0 {
			verb = "Updated"
		}
		return view.Private("%s **%s** (defense %d). Everyone's Ready was cleared.%s", verb, stored.Name, stored.Defense, warn)
	})
}

// kindWarnings is what a player should know of an accepted kind's strategy (a name
// never assigned, a branch never taken...), "\n" and the report, or "" when all is well.
func (b *Bot) kindWarnings(name, strategy string) string {
	prog, err := host.CheckStrategy(b.lang, name, strategy)
	if err != nil || len(prog.Warnings()) == 0 {
		return ""
	}
	w := prog.Warnings()
	return view.Fit(fmt.Sprintf("\n**%s** plays as written, but has %d %s:\n%s", name, len(w), render.Plural(len(w), "warning", "warnings"),
		view.FencedReport(name, strategy, w, 0, view.ContentLimit-200)))
}

// redo reopens a kind form with the text of the last attempt.
func (b *Bot) redo(r *request, id view.CustomID) view.Reply {
	d, err := b.kombat.KindDraft(id.Game, r.user.ID, kombathost.KindIndex(id.Arg(0)))
	if err != nil {
		return b.refusedOr(r, "load draft", err)
	}
	return b.onSetup(r, id.Game, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		rep := b.kindForm(t, -1, kombathost.Proposal{Name: d.Name, Strategy: d.Strategy})
		if rep.Modal == nil {
			return rep // too long for a form: the reply says what to do instead
		}
		rep.Modal.ID = view.CustomID{Action: "kindform", Game: id.Game, Args: []string{id.Arg(0)}}.Encode()
		rep.Modal.Inputs[1].Value = d.Defense
		return rep
	})
}

// kindAdd is /kombat kind add name defense file.
func (b *Bot) kindAdd(r *request, o options) view.Reply {
	t := b.host.InPlace(r.i.ChannelID)
	if t == nil {
		return view.Private("No game is being set up in this channel.")
	}
	if rep, ok := b.here(t); ok {
		return rep
	}
	a := o.Attachment("file")
	if a == nil {
		return view.Private("Attach the strategy as a text file.")
	}
	text, err := b.fetch(b.ctx, a, interp.MaxSourceBytes*4)
	if err != nil {
		return view.Private("Could not read your file: %v.", err)
	}
	return b.proposeKind(r, t.Row.ID, "new", strconv.FormatInt(o.Int("defense", 0), 10), kombathost.Proposal{Name: strings.TrimSpace(o.Str("name")), Strategy: text, By: r.user.ID})
}

// toggleReady marks a player ready (or not); when every human is ready on the same
// kinds, the game starts with the free spawns.
func (b *Bot) toggleReady(r *request, id view.CustomID) view.Reply {
	return b.onSetup(r, id.Game, kombathost.SayReady, func(t *host.Table) view.Reply {
		started, err := b.kombat.ToggleReady(t, r.user.ID, func() error {
			if err := r.deferReply(true, false); err != nil {
				return err
			}
			b.followStart(r, t) // answered: an auto game's screens may follow it up
			return nil
		})
		if err != nil {
			return b.refusedOr(r, "ready", err)
		}
		if started {
			return view.Agreed(t)
		}
		rep := view.Setup(t)
		rep.Update = true
		return rep
	})
}

// cancelSetup abandons a game still being set up.
func (b *Bot) cancelSetup(r *request, id view.CustomID) view.Reply {
	return b.onTable(id.Game, func(t *host.Table) view.Reply {
		if err := b.kombat.CancelSetup(t, r.user.ID); err != nil {
			return b.refusedOr(r, "cancel setup", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> cancelled the game.", r.user.ID)}
	})
}

// freeSpawnKind answers a player's choice of kind for the free spawn with the hexes.
func (b *Bot) freeSpawnKind(r *request, id view.CustomID, value string) view.Reply {
	return b.onTable(id.Game, func(t *host.Table) view.Reply {
		name, opts, err := b.kombat.SpawnChoice(t, r.user.ID, kombathost.KindIndex(value))
		if err != nil {
			return b.refusedOr(r, "free spawn kind", err)
		}
		var hexes []discordgo.SelectMenuOption
		for _, h := range opts {
			hexes = append(hexes, discordgo.SelectMenuOption{Label: h.String(), Value: kombathost.HexValue(h)})
		}
		return view.Reply{Ephemeral: true, Content: fmt.Sprintf("Where should your free **%s** stand?", name),
			Components: []discordgo.MessageComponent{view.Row(discordgo.SelectMenu{CustomID: view.CustomID{Action: "fshex", Game: t.Row.ID, Args: []string{value}}.Encode(),
				Placeholder: "Choose a hex of your start area", Options: hexes})}}
	})
}

// freeSpawnHex makes a player's free spawn.
func (b *Bot) freeSpawnHex(r *request, id view.CustomID, value string) view.Reply {
	return b.onTable(id.Game, func(t *host.Table) view.Reply {
		k := kombathost.KindIndex(id.Arg(0))
		h, ok := parseHex(value)
		if !ok {
			return view.Private("That is not a hex of the board.")
		}
		name, err := b.kombat.SpawnKind(t, k)
		if err != nil {
			return b.refusedOr(r, "free spawn kind", err)
		}
		done := view.Reply{Update: true, Content: fmt.Sprintf("Your free **%s** stands at %v.", name, h)}
		// The confirmation goes first: when this was the last free spawn, host shows the
		// first board (and the bot's turn) before returning.
		spawns := t.Row.Shown // the free spawns' message, until the first board replaces it
		began, err := b.kombat.FreeSpawn(t, r.user.ID, k, h)
		if err != nil {
			return b.refusedOr(r, "commit free spawn", err)
		}
		if began {
			b.editMessage(view.Reply{Content: "Free spawns made. The game begins!"}.MessageEdit(t.Row.Place, spawns))
		}
		return done
	})
}

func parseHex(s string) (game.Hex, bool) { return kombathost.ParseHex(s) }
