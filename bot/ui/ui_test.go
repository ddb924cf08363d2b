package ui

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestOptionsAndAcks: options read by name and type (a missing or mistyped one is
// its default), and the acknowledgements that depend on them.
func TestOptionsAndAcks(t *testing.T) {
	res := &discordgo.ApplicationCommandInteractionDataResolved{
		Users:       map[string]*discordgo.User{"7": {ID: "7", Username: "ann"}},
		Attachments: map[string]*discordgo.MessageAttachment{"9": {ID: "9", Filename: "s.txt"}},
	}
	opt := func(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: v}
	}
	o := NewOptions([]*discordgo.ApplicationCommandInteractionDataOption{
		opt("level", "hard"), opt("n", 3.0), opt("who", "7"), opt("file", "9"), opt("bad", true),
	}, res)
	if o.Str("level") != "hard" || o.Str("bad") != "" || o.Str("none") != "" {
		t.Errorf("Str: %q %q %q", o.Str("level"), o.Str("bad"), o.Str("none"))
	}
	if o.Int("n", 1) != 3 || o.Int("level", 5) != 5 || o.Int("none", 2) != 2 {
		t.Errorf("Int: %d %d %d", o.Int("n", 1), o.Int("level", 5), o.Int("none", 2))
	}
	if u := o.User("who"); u == nil || u.Username != "ann" || o.User("level") != nil {
		t.Errorf("User: %v", u)
	}
	if a := o.Attachment("file"); a == nil || a.Filename != "s.txt" || NewOptions(nil, nil).Attachment("file") != nil {
		t.Errorf("Attachment: %v", a)
	}
	for _, tc := range []struct {
		name string
		sub  *discordgo.ApplicationCommandInteractionDataOption
		want Ack
	}{
		{"save with a file", &discordgo.ApplicationCommandInteractionDataOption{Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "save", Options: []*discordgo.ApplicationCommandInteractionDataOption{opt("file", "9")}}}}, AckPrivate},
		{"save opening a form", &discordgo.ApplicationCommandInteractionDataOption{Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "save"}}}, AckNow},
		{"list", &discordgo.ApplicationCommandInteractionDataOption{Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "list"}}}, AckNow},
	} {
		if got := SaveAck(Input{Sub: tc.sub}); got != tc.want {
			t.Errorf("SaveAck, %s: %v, want %v", tc.name, got, tc.want)
		}
	}
	if WithFile("file", AckPublic)(Input{Opts: o}) != AckPublic || WithFile("file", AckPublic)(Input{}) != AckNow {
		t.Error("WithFile")
	}
	if (Input{Values: []string{"a", "b"}}).Value() != "a" || (Input{}).Value() != "" {
		t.Error("Value")
	}
}

// TestWordsAndNames: the names boards give, the nonces screens carry, and a trace too
// long for a message attached as a file.
func TestWordsAndNames(t *testing.T) {
	for _, tc := range []struct {
		u    discordgo.User
		want string
	}{{discordgo.User{GlobalName: "Ann", Username: "ann"}, "Ann"}, {discordgo.User{Username: "ann"}, "ann"}, {discordgo.User{}, "Player"}} {
		if got := DisplayName(&tc.u); got != tc.want {
			t.Errorf("DisplayName(%+v) = %q, want %q", tc.u, got, tc.want)
		}
	}
	if n := ScreenNonce(1<<40, 12345); len(n) > 25 || n == ScreenNonce(1<<40, 12346) || n == AfterGameNonce(1<<40) {
		t.Errorf("nonces: %q %q", n, AfterGameNonce(1<<40))
	}
	short := WhyReply("a ``` b", "Why", "why.txt")
	if !short.Ephemeral || strings.Contains(strings.TrimPrefix(strings.TrimSuffix(short.Content, "```"), "```"), "```") {
		t.Errorf("short trace: %q", short.Content)
	}
	long := WhyReply(strings.Repeat("line\n", 1000), "Why", "why.txt")
	if !long.Ephemeral || len(long.Files) != 1 || long.Files[0].Name != "why.txt" || !strings.Contains(long.Content, "1000 lines") {
		t.Errorf("long trace: %q, %d files", long.Content, len(long.Files))
	}
}
