package kombatui

import (
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
func challenge(r ui.Request, o ui.Options) view.Reply {
	opp := o.User("opponent")
	var oppID string
	if opp != nil {
		oppID = opp.ID
	}
	if err := kom(r).MayChallenge(r.Guild(), r.Channel(), r.User().ID, oppID, opp != nil && opp.Bot); err != nil {
		return view.Refusal(err)
	}
	cfg, bad := configOption(r, o)
	if bad != nil {
		return *bad
	}
	t, err := kom(r).OpenChallenge(where(r, o, cfg), kombathost.Seated{User: r.User().ID, Name: ui.DisplayName(r.User())}, kombathost.Seated{User: opp.ID, Name: ui.DisplayName(opp)})
	if err != nil {
		return r.Refused("create game", err)
	}
	defer t.Unlock()
	expires := r.Host().Now().Add(challengeLife)
	rep := view.Reply{
		Content: fmt.Sprintf("<@%s>, <@%s> challenges you to a game of **KOMBAT**! %s\nThis challenge expires <t:%d:R>.",
			opp.ID, r.User().ID, RulesLine(cfg, t.Row.TurnTimeout), expires.Unix()),
		Components: []discordgo.MessageComponent{view.Row(
			view.Button("Accept", discordgo.SuccessButton, view.CustomID{Action: "accept", Game: t.Row.ID}),
			view.Button("Decline", discordgo.SecondaryButton, view.CustomID{Action: "decline", Game: t.Row.ID}),
		)},
		Mentions: []string{opp.ID},
	}
	r.Host().Arm(t, host.ChallengeExpiry, expires) // stored before anyone sees the challenge
	if err := r.Send(rep); err != nil {
		return r.Internal("send challenge", err)
	}
	if m, err := r.Answer(); err == nil {
		t.Row.Shown = m.ID
		r.Host().SaveMeta(t)
	}
	return view.Reply{}
}

// where is the place and rules of a new game asked for in this channel.
func where(r ui.Request, o ui.Options, cfg game.Config) kombathost.Where {
	return kombathost.Where{Scope: r.Guild(), Place: r.Channel(), Config: cfg, TurnTimeout: timeoutOption(o)}
}

// startSetup is /kombat solo and /kombat auto: a game with the bot in one or both seats.
func startSetup(r ui.Request, o ui.Options, mode game.Mode) view.Reply {
	var players []string
	if mode != game.ModeAuto {
		players = []string{r.User().ID}
	}
	if err := host.Busy(r.Host().Active(), r.Guild(), r.Channel(), r.User().ID, players...); err != nil {
		return view.Refusal(err)
	}
	cfg, bad := configOption(r, o)
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
	t, err := kom(r).OpenSetup(where(r, o, cfg), mode, kombathost.Seated{User: r.User().ID, Name: ui.DisplayName(r.User())}, seat, levels)
	if err != nil {
		return r.Refused("create game", err)
	}
	defer t.Unlock()
	if err := r.Send(view.Reply{Content: fmt.Sprintf("<@%s> starts a game of **KOMBAT**: %s. %s", r.User().ID, what, RulesLine(cfg, t.Row.TurnTimeout))}); err != nil {
		return r.Internal("announce game", err)
	}
	if m, err := r.Answer(); err == nil {
		r.MoveToThread(t, m.ID, fmt.Sprintf("KOMBAT: %s", what))
	}
	if err := postSetup(r, t); err != nil {
		r.Logger().Error("post setup", "game", t.Row.ID, "err", err)
	}
	return view.Reply{}
}

// postSetup posts the setup message in the game's channel and starts the setup clock.
func postSetup(tr ui.Transport, t *host.Table) error {
	m, err := tr.Post(t.Row.Place, Setup(t).Message())
	if err != nil {
		return err
	}
	t.Row.Shown = m.ID
	tr.Host().Arm(t, host.SetupExpiry, tr.Host().Now().Add(setupLife))
	return tr.Host().SaveMeta(t)
}

func accept(r ui.Request, id view.CustomID) view.Reply {
	return r.OnTable(id.Game, func(t *host.Table) view.Reply {
		if err := host.Accept(t.Row, r.User().ID, r.Host().Active()); err != nil {
			return view.Refusal(err)
		}
		if err := r.Defer(true, false); err != nil {
			return r.Internal("defer accept", err)
		}
		if err := kom(r).Accept(t, r.User().ID, ui.DisplayName(r.User())); err != nil {
			return r.Refused("accept challenge", err)
		}
		r.MoveToThread(t, t.Row.Shown, fmt.Sprintf("KOMBAT: %s vs %s", kombathost.LobbyOf(t).Names[0], kombathost.LobbyOf(t).Names[1]))
		where := "below"
		if t.Row.Origin != "" {
			where = fmt.Sprintf("in <#%s>", t.Row.Place)
		}
		if err := postSetup(r, t); err != nil {
			return r.Internal("post setup", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> accepted <@%s>'s challenge! Agree on the minion kinds %s.", t.Row.Player(2), t.Row.Player(1), where)}
	})
}

func decline(r ui.Request, id view.CustomID) view.Reply {
	return r.OnTable(id.Game, func(t *host.Table) view.Reply {
		withdrawn, err := kom(r).DeclineChallenge(t, r.User().ID)
		if err != nil {
			return r.Refused("decline", err)
		}
		if withdrawn {
			return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> withdrew the challenge.", r.User().ID)}
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> declined the challenge.", r.User().ID)}
	})
}

// setupTable locks a game being set up for a player's change of its kinds; host
// refuses a bystander, or a game whose kinds are agreed.
func setupTable(r ui.Request, gameID int64) (*host.Table, *view.Reply) {
	t, err := kom(r).LockSetup(gameID, r.User().ID, kombathost.ChangeKinds)
	if err != nil {
		rep := view.Refusal(err)
		return nil, &rep
	}
	return t, nil
}

// onSetup answers with do on a game being set up, locked for a player's action (host
// refuses a bystander, or a game whose kinds are agreed), or with the refusal.
func onSetup(r ui.Request, id int64, what kombathost.SetupAction, do func(t *host.Table) view.Reply) view.Reply {
	t, err := kom(r).LockSetup(id, r.User().ID, what)
	if err != nil {
		return view.Refusal(err)
	}
	defer t.Unlock()
	return do(t)
}

// kindForm is the form for adding (index -1) or editing a kind, filled with p.
func kindForm(tr ui.Transport, t *host.Table, index int, p kombathost.Proposal) view.Reply {
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

func openKindForm(r ui.Request, gameID int64, index int) view.Reply {
	return onSetup(r, gameID, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		if err := kombathost.LobbyOf(t).CanAdd(); err != nil {
			return view.Refusal(err)
		}
		return kindForm(r, t, index, kombathost.Proposal{})
	})
}

func editKind(r ui.Request, id view.CustomID, value string) view.Reply {
	return onSetup(r, id.Game, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		i := kombathost.KindIndex(value)
		k, err := kombathost.LobbyOf(t).Kind(i)
		if err != nil {
			return view.Refusal(err)
		}
		return kindForm(r, t, i, k)
	})
}

func removeKind(r ui.Request, id view.CustomID, value string) view.Reply {
	return onSetup(r, id.Game, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		if err := kom(r).RemoveKind(t, kombathost.KindIndex(value)); err != nil {
			return r.Refused("remove kind", err)
		}
		rep := Setup(t)
		rep.Update = true
		return rep
	})
}

// submitKind validates a kind form: a mistake is shown only to its author, with an
// "Edit again" button that gives back everything they typed.
func submitKind(r ui.Request, id view.CustomID, v map[string]string) view.Reply {
	p := kombathost.Proposal{Name: strings.TrimSpace(v["name"]), Strategy: v["strategy"], By: r.User().ID}
	return proposeKind(r, id.Game, id.Arg(0), strings.TrimSpace(v["defense"]), p)
}

// proposeKind adds (index "new") or replaces a kind after checking it.
func proposeKind(r ui.Request, gameID int64, index, defense string, p kombathost.Proposal) view.Reply {
	return onSetup(r, gameID, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		edit := kombathost.KindIndex(index)
		stored, kept, err := kom(r).ProposeKind(t, edit, defense, p)
		if kept {
			problem, _ := view.Refused(err, fmt.Sprintf("The strategy of **%s** does not compile:\n", p.Name), view.ContentLimit-200)
			return view.Reply{Content: view.Fit(problem + "\nNothing you typed is lost: press **Edit again**."), Ephemeral: true,
				Components: []discordgo.MessageComponent{view.Row(view.Button("Edit again", discordgo.PrimaryButton, view.CustomID{Action: "redo", Game: gameID, Args: []string{index}}))}}
		}
		if err != nil {
			return r.Refused("propose kind", err)
		}
		rep := Setup(t)
		warn := kindWarnings(r, stored.Name, stored.Strategy)
		if r.Message() != nil && r.Message().ID == t.Row.Shown {
			rep.Update = true
			if warn == "" {
				return rep
			}
			// The setup message is the answer; the warnings go to their author alone.
			if err := r.Send(rep); err != nil {
				return r.Internal("update setup message", err)
			}
			if err := r.Whisper(strings.TrimSpace(warn)); err != nil {
				r.Logger().Error("kind warnings", "game", gameID, "err", err)
			}
			return view.Reply{}
		}
		if _, err := r.Edit(rep.MessageEdit(t.Row.Place, t.Row.Shown)); err != nil {
			r.Logger().Error("update setup message", "game", gameID, "err", err)
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
func kindWarnings(tr ui.Transport, name, strategy string) string {
	prog, err := host.CheckStrategy(kom(tr).Lang(), name, strategy)
	if err != nil || len(prog.Warnings()) == 0 {
		return ""
	}
	w := prog.Warnings()
	return view.Fit(fmt.Sprintf("\n**%s** plays as written, but has %d %s:\n%s", name, len(w), render.Plural(len(w), "warning", "warnings"),
		view.FencedReport(name, strategy, w, 0, view.ContentLimit-200)))
}

// redo reopens a kind form with the text of the last attempt.
func redo(r ui.Request, id view.CustomID) view.Reply {
	d, err := kom(r).KindDraft(id.Game, r.User().ID, kombathost.KindIndex(id.Arg(0)))
	if err != nil {
		return r.Refused("load draft", err)
	}
	return onSetup(r, id.Game, kombathost.ChangeKinds, func(t *host.Table) view.Reply {
		rep := kindForm(r, t, -1, kombathost.Proposal{Name: d.Name, Strategy: d.Strategy})
		if rep.Modal == nil {
			return rep // too long for a form: the reply says what to do instead
		}
		rep.Modal.ID = view.CustomID{Action: "kindform", Game: id.Game, Args: []string{id.Arg(0)}}.Encode()
		rep.Modal.Inputs[1].Value = d.Defense
		return rep
	})
}

// kindAdd is /kombat kind add name defense file.
func kindAdd(r ui.Request, o ui.Options) view.Reply {
	t := r.Host().InPlace(r.Channel())
	if t == nil {
		return view.Private("No game is being set up in this channel.")
	}
	if rep, ok := here(r, t); ok {
		return rep
	}
	a := o.Attachment("file")
	if a == nil {
		return view.Private("Attach the strategy as a text file.")
	}
	text, err := r.Fetch(a, interp.MaxSourceBytes*4)
	if err != nil {
		return view.Private("Could not read your file: %v.", err)
	}
	return proposeKind(r, t.Row.ID, "new", strconv.FormatInt(o.Int("defense", 0), 10), kombathost.Proposal{Name: strings.TrimSpace(o.Str("name")), Strategy: text, By: r.User().ID})
}

// toggleReady marks a player ready (or not); when every human is ready on the same
// kinds, the game starts with the free spawns.
func toggleReady(r ui.Request, id view.CustomID) view.Reply {
	return onSetup(r, id.Game, kombathost.SayReady, func(t *host.Table) view.Reply {
		started, err := kom(r).ToggleReady(t, r.User().ID, func() error {
			if err := r.Defer(true, false); err != nil {
				return err
			}
			if t.Row.Mode == game.ModeAuto {
				r.FollowScreens(t) // answered: an auto game's screens may follow it up
			}
			return nil
		})
		if err != nil {
			return r.Refused("ready", err)
		}
		if started {
			return Agreed(t)
		}
		rep := Setup(t)
		rep.Update = true
		return rep
	})
}

// cancelSetup abandons a game still being set up.
func cancelSetup(r ui.Request, id view.CustomID) view.Reply {
	return r.OnTable(id.Game, func(t *host.Table) view.Reply {
		if err := kom(r).CancelSetup(t, r.User().ID); err != nil {
			return r.Refused("cancel setup", err)
		}
		return view.Reply{Update: true, Content: fmt.Sprintf("<@%s> cancelled the game.", r.User().ID)}
	})
}

// freeSpawnKind answers a player's choice of kind for the free spawn with the hexes.
func freeSpawnKind(r ui.Request, id view.CustomID, value string) view.Reply {
	return r.OnTable(id.Game, func(t *host.Table) view.Reply {
		name, opts, err := kom(r).SpawnChoice(t, r.User().ID, kombathost.KindIndex(value))
		if err != nil {
			return r.Refused("free spawn kind", err)
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
func freeSpawnHex(r ui.Request, id view.CustomID, value string) view.Reply {
	return r.OnTable(id.Game, func(t *host.Table) view.Reply {
		k := kombathost.KindIndex(id.Arg(0))
		h, ok := parseHex(value)
		if !ok {
			return view.Private("That is not a hex of the board.")
		}
		name, err := kom(r).SpawnKind(t, k)
		if err != nil {
			return r.Refused("free spawn kind", err)
		}
		done := view.Reply{Update: true, Content: fmt.Sprintf("Your free **%s** stands at %v.", name, h)}
		// The confirmation goes first: when this was the last free spawn, host shows the
		// first board (and the bot's turn) before returning.
		spawns := t.Row.Shown // the free spawns' message, until the first board replaces it
		began, err := kom(r).FreeSpawn(t, r.User().ID, k, h)
		if err != nil {
			return r.Refused("commit free spawn", err)
		}
		if began {
			r.Edit(view.Reply{Content: "Free spawns made. The game begins!"}.MessageEdit(t.Row.Place, spawns))
		}
		return done
	})
}

func parseHex(s string) (game.Hex, bool) { return kombathost.ParseHex(s) }
