package discordtest

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits, as the fake enforces them.
const (
	maxContent       = 2000
	maxCustomID      = 100
	maxRows          = 5
	maxButtonsPerRow = 5
	maxSelectOptions = 25
	maxOptionText    = 100
	maxPlaceholder   = 150
	maxButtonLabel   = 80
	maxEmbeds        = 10
	maxEmbedTotal    = 6000
	maxAttachments   = 10
	maxModalTitle    = 45
	maxInputLabel    = 45
	maxInputValue    = 4000
	maxInputHolder   = 100
)

// checkMessage returns why Discord would refuse a message, or "".
func checkMessage(m *Message, creating bool) string {
	if n := utf8.RuneCountInString(m.Content); n > maxContent {
		return fmt.Sprintf("Invalid Form Body: content: Must be %d or fewer in length (got %d)", maxContent, n)
	}
	if creating && m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && len(m.Attachments) == 0 {
		return "Cannot send an empty message"
	}
	if len(m.Attachments) > maxAttachments {
		return fmt.Sprintf("Invalid Form Body: attachments: Must be %d or fewer in length", maxAttachments)
	}
	if msg := checkEmbeds(m.Embeds); msg != "" {
		return msg
	}
	return checkComponents(m.Components)
}

func checkEmbeds(embeds []*discordgo.MessageEmbed) string {
	if len(embeds) > maxEmbeds {
		return fmt.Sprintf("Invalid Form Body: embeds: Must be %d or fewer in length", maxEmbeds)
	}
	total := 0
	for i, e := range embeds {
		n := func(s string) int { return utf8.RuneCountInString(s) }
		switch {
		case n(e.Title) > 256:
			return fmt.Sprintf("Invalid Form Body: embeds.%d.title: Must be 256 or fewer in length", i)
		case n(e.Description) > 4096:
			return fmt.Sprintf("Invalid Form Body: embeds.%d.description: Must be 4096 or fewer in length", i)
		case len(e.Fields) > 25:
			return fmt.Sprintf("Invalid Form Body: embeds.%d.fields: Must be 25 or fewer in length", i)
		}
		total += n(e.Title) + n(e.Description)
		for j, f := range e.Fields {
			if n(f.Name) > 256 || n(f.Value) > 1024 || f.Name == "" || f.Value == "" {
				return fmt.Sprintf("Invalid Form Body: embeds.%d.fields.%d: name 1-256, value 1-1024 characters", i, j)
			}
			total += n(f.Name) + n(f.Value)
		}
		if e.Footer != nil {
			total += n(e.Footer.Text)
		}
	}
	if total > maxEmbedTotal {
		return fmt.Sprintf("Invalid Form Body: embeds: total text over %d characters", maxEmbedTotal)
	}
	return ""
}

func checkComponents(rows []discordgo.MessageComponent) string {
	if len(rows) > maxRows {
		return fmt.Sprintf("Invalid Form Body: components: Must be %d or fewer in length (got %d)", maxRows, len(rows))
	}
	ids := map[string]bool{}
	for i, row := range rows {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			return fmt.Sprintf("Invalid Form Body: components.%d: top-level components must be action rows", i)
		}
		buttons, selects := 0, 0
		for j, c := range r.Components {
			where := fmt.Sprintf("components.%d.components.%d", i, j)
			var id string
			switch c := c.(type) {
			case *discordgo.Button:
				buttons++
				id = c.CustomID
				if utf8.RuneCountInString(c.Label) > maxButtonLabel {
					return fmt.Sprintf("Invalid Form Body: %s.label: Must be %d or fewer in length", where, maxButtonLabel)
				}
				if c.Style == discordgo.LinkButton {
					id = ""
				} else if c.CustomID == "" {
					return fmt.Sprintf("Invalid Form Body: %s.custom_id: a button needs a custom id", where)
				}
				if c.Label == "" && c.Emoji == nil {
					return fmt.Sprintf("Invalid Form Body: %s: a button needs a label or an emoji", where)
				}
			case *discordgo.SelectMenu:
				selects++
				id = c.CustomID
				if n := len(c.Options); c.MenuType == 0 || c.MenuType == discordgo.StringSelectMenu {
					if n < 1 || n > maxSelectOptions {
						return fmt.Sprintf("Invalid Form Body: %s.options: Must be between 1 and %d in length (got %d)", where, maxSelectOptions, n)
					}
				}
				if utf8.RuneCountInString(c.Placeholder) > maxPlaceholder {
					return fmt.Sprintf("Invalid Form Body: %s.placeholder: Must be %d or fewer in length", where, maxPlaceholder)
				}
				values := map[string]bool{}
				for k, o := range c.Options {
					if l := utf8.RuneCountInString(o.Label); l < 1 || l > maxOptionText || utf8.RuneCountInString(o.Value) > maxOptionText || o.Value == "" ||
						utf8.RuneCountInString(o.Description) > maxOptionText {
						return fmt.Sprintf("Invalid Form Body: %s.options.%d: label and value 1-100 characters, description up to 100", where, k)
					}
					if values[o.Value] {
						return fmt.Sprintf("Invalid Form Body: %s.options.%d.value: duplicate value %q", where, k, o.Value)
					}
					values[o.Value] = true
				}
			case *discordgo.TextInput:
				return fmt.Sprintf("Invalid Form Body: %s: text inputs belong in modals", where)
			default:
				return fmt.Sprintf("Invalid Form Body: %s: unknown component", where)
			}
			if utf8.RuneCountInString(id) > maxCustomID {
				return fmt.Sprintf("Invalid Form Body: %s.custom_id: Must be %d or fewer in length", where, maxCustomID)
			}
			if id != "" {
				if ids[id] {
					return fmt.Sprintf("Invalid Form Body: %s.custom_id: Component custom id cannot be duplicated (%q)", where, id)
				}
				ids[id] = true
			}
		}
		switch {
		case buttons+selects == 0:
			return fmt.Sprintf("Invalid Form Body: components.%d.components: Must be between 1 and 5 in length", i)
		case buttons > maxButtonsPerRow:
			return fmt.Sprintf("Invalid Form Body: components.%d.components: Must be %d or fewer in length", i, maxButtonsPerRow)
		case selects > 0 && buttons+selects > 1:
			return fmt.Sprintf("Invalid Form Body: components.%d: a select menu must be alone in its row", i)
		}
	}
	return ""
}

// checkModal returns why Discord would refuse a modal, or "".
func checkModal(m *Modal, rows []discordgo.MessageComponent) string {
	if n := utf8.RuneCountInString(m.Title); n < 1 || n > maxModalTitle {
		return fmt.Sprintf("Invalid Form Body: data.title: Must be between 1 and %d in length (got %d)", maxModalTitle, n)
	}
	if m.CustomID == "" || utf8.RuneCountInString(m.CustomID) > maxCustomID {
		return "Invalid Form Body: data.custom_id: 1 to 100 characters"
	}
	if len(rows) < 1 || len(rows) > maxRows {
		return "Invalid Form Body: data.components: Must be between 1 and 5 in length"
	}
	for i, row := range rows {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok || len(r.Components) != 1 {
			return fmt.Sprintf("Invalid Form Body: data.components.%d: one text input per row", i)
		}
		in, ok := r.Components[0].(*discordgo.TextInput)
		if !ok {
			return fmt.Sprintf("Invalid Form Body: data.components.%d: only text inputs in modals", i)
		}
		switch {
		case in.CustomID == "" || utf8.RuneCountInString(in.CustomID) > maxCustomID:
			return fmt.Sprintf("Invalid Form Body: data.components.%d.custom_id: 1 to 100 characters", i)
		case utf8.RuneCountInString(in.Label) < 1 || utf8.RuneCountInString(in.Label) > maxInputLabel:
			return fmt.Sprintf("Invalid Form Body: data.components.%d.label: Must be between 1 and %d in length", i, maxInputLabel)
		case utf8.RuneCountInString(in.Value) > maxInputValue || in.MaxLength > maxInputValue:
			return fmt.Sprintf("Invalid Form Body: data.components.%d.value: Must be %d or fewer in length", i, maxInputValue)
		case utf8.RuneCountInString(in.Placeholder) > maxInputHolder:
			return fmt.Sprintf("Invalid Form Body: data.components.%d.placeholder: Must be %d or fewer in length", i, maxInputHolder)
		case in.MaxLength > 0 && utf8.RuneCountInString(in.Value) > in.MaxLength:
			return fmt.Sprintf("Invalid Form Body: data.components.%d.value: longer than its max_length", i)
		}
		m.Inputs = append(m.Inputs, in)
	}
	return ""
}

// commandNameOK is Discord's rule for slash command and option names, the pattern
// ^[-_\p{Ll}\p{N}]{1,32}$ checked by hand: compiling that regular expression at each
// of the many names every bot start registers took a tenth of the bot package's tests'
// time under the race detector.
func commandNameOK(s string) bool {
	n := 0
	for _, r := range s {
		if n++; n > 32 || r != '-' && r != '_' && !unicode.Is(unicode.Ll, r) && !unicode.IsNumber(r) {
			return false
		}
	}
	return n > 0
}

// checkCommand returns why Discord would refuse a command definition, or "".
func checkCommand(c *discordgo.ApplicationCommand) string {
	if c.Type == discordgo.MessageApplicationCommand || c.Type == discordgo.UserApplicationCommand {
		if n := utf8.RuneCountInString(c.Name); n < 1 || n > 32 {
			return fmt.Sprintf("name %q: 1 to 32 characters", c.Name)
		}
		return ""
	}
	if !commandNameOK(c.Name) {
		return fmt.Sprintf("name %q is not a valid command name", c.Name)
	}
	if n := utf8.RuneCountInString(c.Description); n < 1 || n > 100 {
		return fmt.Sprintf("command %s: description must be 1 to 100 characters", c.Name)
	}
	return checkOptions(c.Name, c.Options)
}

func checkOptions(where string, opts []*discordgo.ApplicationCommandOption) string {
	if len(opts) > 25 {
		return where + ": more than 25 options"
	}
	optional := false
	for _, o := range opts {
		if !commandNameOK(o.Name) {
			return fmt.Sprintf("%s: option name %q is not valid", where, o.Name)
		}
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			return fmt.Sprintf("%s %s: description must be 1 to 100 characters", where, o.Name)
		}
		if o.Required && optional {
			return fmt.Sprintf("%s %s: required options must come before optional ones", where, o.Name)
		}
		optional = optional || !o.Required
		if msg := checkOptions(where+" "+o.Name, o.Options); msg != "" {
			return msg
		}
	}
	return ""
}
