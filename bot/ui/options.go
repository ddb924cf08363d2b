package ui

import "github.com/bwmarrin/discordgo"

// Options gives a subcommand's options by name, with the interaction's resolved users
// and attachments.
type Options struct {
	byName   map[string]*discordgo.ApplicationCommandInteractionDataOption
	resolved *discordgo.ApplicationCommandInteractionDataResolved
}

// NewOptions indexes opts by name.
func NewOptions(opts []*discordgo.ApplicationCommandInteractionDataOption, res *discordgo.ApplicationCommandInteractionDataResolved) Options {
	o := Options{byName: map[string]*discordgo.ApplicationCommandInteractionDataOption{}, resolved: res}
	for _, opt := range opts {
		o.byName[opt.Name] = opt
	}
	return o
}

// Str is a string option, or "".
func (o Options) Str(name string) string {
	if v := o.byName[name]; v != nil {
		if s, ok := v.Value.(string); ok {
			return s
		}
	}
	return ""
}

// Int is an integer option, or def.
func (o Options) Int(name string, def int64) int64 {
	if v := o.byName[name]; v != nil {
		if f, ok := v.Value.(float64); ok {
			return int64(f)
		}
	}
	return def
}

// User is a user option, resolved, or nil.
func (o Options) User(name string) *discordgo.User {
	id := o.Str(name)
	if id == "" || o.resolved == nil {
		return nil
	}
	return o.resolved.Users[id]
}

// Attachment is an attachment option, resolved, or nil.
func (o Options) Attachment(name string) *discordgo.MessageAttachment {
	id := o.Str(name)
	if id == "" || o.resolved == nil {
		return nil
	}
	return o.resolved.Attachments[id]
}

// WithFile acknowledges by a when the command carries an attachment option named
// opt (downloaded before the answer), and at once otherwise (the answer is a form).
func WithFile(opt string, a Ack) func(in Input) Ack {
	return func(in Input) Ack {
		if in.Opts.Str(opt) != "" {
			return a
		}
		return AckNow
	}
}

// SaveAck acknowledges a library's command group (strategy save, list, show,
// delete): saving from a file downloads and writes, so it is acknowledged privately
// first; the other subcommands read (or open a form, or ask for a confirmation) and
// answer at once.
func SaveAck(in Input) Ack {
	if len(in.Sub.Options) > 0 && in.Sub.Options[0].Name == "save" {
		return WithFile("file", AckPrivate)(Input{Opts: NewOptions(in.Sub.Options[0].Options, in.Data.Resolved)})
	}
	return AckNow
}
