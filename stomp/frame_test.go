package stomp

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParse_ASession(t *testing.T) {
	msg := "CONNECT\naccept-version:1.1,1.2\nhost:localhost\nheart-beat:10000,10000\n\n\x00\n" +
		"\r\n" + // a heart-beat between frames
		"SUBSCRIBE\nid:sub-0\ndestination:/user/queue/player\n\n\x00" +
		"SEND\ndestination:/websocket/game\ncontent-type:application/json\ncontent-length:2\n\n{}\x00"
	fs, err := Parse([]byte(msg), DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	want := []*Frame{
		{Command: Connect, Headers: []Header{{"accept-version", "1.1,1.2"}, {"host", "localhost"}, {"heart-beat", "10000,10000"}}},
		{Command: Subscribe, Headers: []Header{{"id", "sub-0"}, {"destination", "/user/queue/player"}}},
		{Command: Send, Headers: []Header{{"destination", "/websocket/game"}, {"content-type", "application/json"}, {"content-length", "2"}}, Body: []byte("{}")},
	}
	if !reflect.DeepEqual(fs, want) {
		t.Errorf("got %+v\nwant %+v", fs, want)
	}
}

func TestParse_Escapes(t *testing.T) {
	fs, err := Parse([]byte("SEND\na\\cb:x\\ny\\rz\\\\\n\n\x00"), DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if h := fs[0].Headers[0]; h.Name != "a:b" || h.Value != "x\ny\rz\\" {
		t.Errorf("header %q", h)
	}
	// CONNECT's headers are raw: a backslash is a backslash, a second colon part of the value.
	fs, err = Parse([]byte("CONNECT\nlogin:a\\tb:c\n\n\x00"), DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if h := fs[0].Headers[0]; h.Name != "login" || h.Value != `a\tb:c` {
		t.Errorf("CONNECT header %q", h)
	}
	if v, _ := fs[0].Get("login"); v != `a\tb:c` {
		t.Errorf("Get: %q", v)
	}
}

func TestParse_RepeatedHeaderFirstWins(t *testing.T) {
	fs, err := Parse([]byte("SEND\nfoo:1\nfoo:2\n\n\x00"), DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := fs[0].Get("foo"); !ok || v != "1" {
		t.Errorf("Get(foo) = %q, %v", v, ok)
	}
}

func TestParse_ContentLengthAllowsNUL(t *testing.T) {
	fs, err := Parse([]byte("SEND\ncontent-length:3\n\na\x00b\x00"), DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if string(fs[0].Body) != "a\x00b" {
		t.Errorf("body %q", fs[0].Body)
	}
}

func TestParse_Errors(t *testing.T) {
	lim := Limits{Frame: 64, Headers: 2, HeaderLen: 20, Body: 8}
	for _, c := range []struct {
		in   string
		sent error
		msg  string
	}{
		{"FOO\n\n\x00", ErrSyntax, `stomp: malformed frame: unknown command "FOO"`},
		{"GET / HTTP/1.1\r\nHost: x\r\n\r\n", ErrSyntax, `stomp: malformed frame: unknown command "GET / HTTP/1.1"`},
		{"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", ErrSyntax, "stomp: malformed frame: incomplete frame: no end of line after the command"},
		{"SEND\n\nabc", ErrSyntax, "stomp: malformed frame: incomplete frame: no NUL ends it"},
		{"SEND\na:b", ErrSyntax, "stomp: malformed frame: incomplete frame: the headers have no end"},
		{"SEND\nab\n\n\x00", ErrSyntax, `stomp: malformed frame: header "ab" has no colon`},
		{"SEND\n:b\n\n\x00", ErrSyntax, "stomp: malformed frame: a header with an empty name"},
		{"SEND\na:\\t\n\n\x00", ErrSyntax, `stomp: malformed frame: undefined escape \t in a header`},
		{"SEND\na:b\\\n\n\x00", ErrSyntax, "stomp: malformed frame: a header ends with a lone backslash"},
		{"SEND\na:b\rc\n\n\x00", ErrSyntax, "stomp: malformed frame: a carriage return inside a line"},
		{"SUBSCRIBE\n\nx\x00", ErrSyntax, "stomp: malformed frame: a SUBSCRIBE frame may not have a body"},
		{"SEND\ncontent-length:x\n\n\x00", ErrSyntax, `stomp: malformed frame: content-length "x" is not a whole number of bytes`},
		{"SEND\ncontent-length:-1\n\n\x00", ErrSyntax, `stomp: malformed frame: content-length "-1" is not a whole number of bytes`},
		{"SEND\ncontent-length:+1\n\na\x00", ErrSyntax, `stomp: malformed frame: content-length "+1" is not a whole number of bytes`},
		{"SEND\ncontent-length:2\n\nabc\x00", ErrSyntax, "stomp: malformed frame: the body is longer than its content-length 2 (no NUL after it)"},
		{"SEND\ncontent-length:5\n\nab\x00", ErrSyntax, "stomp: malformed frame: incomplete frame: content-length is 5 but 2 bytes follow the headers"},
		// Each bound, one over it (the next test pins each at exactly the bound).
		{"SEND\na:1234567890123456789\n\n\x00", ErrLimit, "stomp: frame too large: a header line is over 20 bytes"},
		{"SEND\na:1\nb:2\nc:3\n\n\x00", ErrLimit, "stomp: frame too large: more than 2 headers"},
		{"SEND\n\n123456789\x00", ErrLimit, "stomp: frame too large: the body is over 8 bytes"},
		{"SEND\ncontent-length:9\n\n123456789\x00", ErrLimit, "stomp: frame too large: the body is 9 bytes, over 8"},
	} {
		_, err := Parse([]byte(c.in), lim)
		if !errors.Is(err, c.sent) || err.Error() != c.msg {
			t.Errorf("Parse(%q):\n got %v\nwant %s", c.in, err, c.msg)
		}
	}
}

// TestParse_LimitsFromBothSides: a frame exactly at each bound is accepted, one byte
// or header over it refused.
func TestParse_LimitsFromBothSides(t *testing.T) {
	lim := Limits{Frame: 40, Headers: 2, HeaderLen: 16, Body: 8}
	ok := []string{
		"SEND\na:12345678901234\n\n\x00",         // a header line of 16 bytes
		"SEND\na:12345678901234\r\n\r\n\x00",     // the same, ended by CRLF
		"SEND\na:1\nb:2\n\n\x00",                 // 2 headers
		"SEND\n\n12345678\x00",                   // a body of 8 bytes
		"SEND\ncontent-length:8\n\n12345678\x00", // the same, with its length
	}
	for _, in := range ok {
		if _, err := Parse([]byte(in), lim); err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
	}
	// The frame bound: 40 bytes accepted, 41 refused.
	frame := func(body int) string { return "SEND\naaaaaaaa:\nbbbbbbbb:\n\n" + strings.Repeat("x", body) + "\x00" }
	if n := len(frame(8)); n != 35 {
		t.Fatalf("the fixture is %d bytes", n)
	}
	lim.Frame = 35
	if _, err := Parse([]byte(frame(8)), lim); err != nil {
		t.Errorf("a frame of exactly %d bytes: %v", lim.Frame, err)
	}
	lim.Frame = 34
	if _, err := Parse([]byte(frame(8)), lim); !errors.Is(err, ErrLimit) || err.Error() != "stomp: frame too large: the frame is over 34 bytes" {
		t.Errorf("a frame of 35 bytes with the bound at 34: %v", err)
	}
}

func TestParse_HeartBeatsOnly(t *testing.T) {
	fs, err := Parse([]byte("\n\r\n\n"), DefaultLimits())
	if err != nil || len(fs) != 0 {
		t.Errorf("heart-beats: %v, %v", fs, err)
	}
}

func TestAppend_RoundTrip(t *testing.T) {
	f := &Frame{Command: Message, Headers: []Header{
		{"subscription", "sub:0"}, {"message-id", "1"}, {"destination", "/user/queue/player"},
		{"x", "a\nb\rc\\d"}, {"content-type", "application/json"}, {"content-length", "3"},
	}, Body: []byte("{\x00}")}
	wire := f.Append(nil)
	if !strings.Contains(string(wire), "subscription:sub\\c0\n") {
		t.Errorf("the colon is not escaped: %q", wire)
	}
	fs, err := Parse(wire, DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fs, []*Frame{f}) {
		t.Errorf("round trip:\n got %+v\nwant %+v", fs[0], f)
	}
	c := &Frame{Command: Connected, Headers: []Header{{"version", "1.2"}, {"heart-beat", "0,0"}, {"user-name", `a\b`}}}
	if got := string(c.Append(nil)); got != "CONNECTED\nversion:1.2\nheart-beat:0,0\nuser-name:a\\b\n\n\x00" {
		t.Errorf("CONNECTED is escaped: %q", got)
	}
}

// FuzzParse: Parse never panics, and what it accepts writes back (Append) to bytes
// that parse to the same frames.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"CONNECT\naccept-version:1.2\nhost:x\n\n\x00",
		"SUBSCRIBE\nid:0\ndestination:/user/queue/player\n\n\x00\n",
		"SEND\ndestination:/websocket/game\ncontent-length:5\n\nab\x00cd\x00",
		"SEND\na\\cb:\\n\\r\\\\\n\n{}\x00\r\n",
		"\n\nDISCONNECT\nreceipt:77\n\n\x00",
		"STOMP\nlogin:a:b\\\n\n\x00",
	} {
		f.Add([]byte(s))
	}
	lim := Limits{Frame: 512, Headers: 8, HeaderLen: 64, Body: 256}
	f.Fuzz(func(t *testing.T, data []byte) {
		fs, err := Parse(data, lim)
		if err != nil {
			return
		}
		var wire []byte
		for _, fr := range fs {
			wire = fr.Append(wire)
		}
		again, err := Parse(wire, Limits{Frame: 4096, Headers: 8, HeaderLen: 512, Body: 256})
		if err != nil {
			t.Fatalf("%q parsed, but its rewrite %q does not: %v", data, wire, err)
		}
		if !reflect.DeepEqual(fs, again) {
			t.Fatalf("%q: round trip changed the frames:\n%+v\n%+v", data, fs, again)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	msg := []byte("SEND\ndestination:/websocket/game\ncontent-type:application/json\ncontent-length:68\n\n" +
		`{"gameId":12,"messageType":"SELECT_MOVE","messageText":"attack 1"}  ` + "\x00")
	lim := DefaultLimits()
	b.ReportAllocs()
	b.SetBytes(int64(len(msg)))
	for b.Loop() {
		if _, err := Parse(msg, lim); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppend(b *testing.B) {
	f := &Frame{Command: Message, Headers: []Header{
		{"destination", "/user/queue/player"}, {"content-type", "application/json"},
		{"subscription", "sub-0"}, {"message-id", "17"}, {"content-length", "48"},
	}, Body: []byte(`{"gamePhase":"ROUND","serverMessage":{"ok":true}}`)}
	buf := make([]byte, 0, 512)
	b.ReportAllocs()
	for b.Loop() {
		buf = f.Append(buf[:0])
	}
}
