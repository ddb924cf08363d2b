// Package stomp reads and writes STOMP 1.2 frames as a Spring server speaks them over a
// WebSocket: each WebSocket message holds whole frames (and, between them, the
// end-of-lines a client sends as heart-beats), never part of one.
//
// The network front (netplay) parses what strangers send, so every bound is enforced
// before anything is kept: the frame's size, the number of headers and the length of
// each, and the body's size, each refused with an error that names the bound. A
// content-length header is honoured (the body may then hold NUL bytes) and checked
// against the body that follows. Header names and values are escaped as 1.2 says
// (\r, \n, \c, \\), except in CONNECT and CONNECTED frames, which 1.2 leaves raw.
//
// stomp imports nothing of ours: it knows frames, not games.
package stomp

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The commands of STOMP 1.2, client frames then server frames.
const (
	Connect     = "CONNECT"
	Stomp       = "STOMP" // CONNECT's other name in 1.2
	Send        = "SEND"
	Subscribe   = "SUBSCRIBE"
	Unsubscribe = "UNSUBSCRIBE"
	Ack         = "ACK"
	Nack        = "NACK"
	Begin       = "BEGIN"
	Commit      = "COMMIT"
	Abort       = "ABORT"
	Disconnect  = "DISCONNECT"
	Connected   = "CONNECTED"
	Message     = "MESSAGE"
	Receipt     = "RECEIPT"
	Error       = "ERROR"
)

// command returns the STOMP 1.2 command b names (one of the constants, so that
// parsing allocates no string for it), or "" when it names none.
func command(b []byte) string {
	for _, c := range [...]string{Send, Message, Subscribe, Connect, Connected, Stomp, Unsubscribe, Ack, Nack,
		Begin, Commit, Abort, Disconnect, Receipt, Error} {
		if string(b) == c {
			return c
		}
	}
	return ""
}

// intern returns the common header names and values as constants, so that parsing a
// usual frame allocates no string for them; others are copied.
func intern(b []byte) string {
	for _, c := range [...]string{"destination", "content-type", "content-length", "id", "receipt", "subscription",
		"message-id", "ack", "accept-version", "host", "heart-beat", "application/json", "/websocket/game", "/user/queue/player"} {
		if string(b) == c {
			return c
		}
	}
	return string(b)
}

// mayHaveBody reports whether 1.2 lets a frame of command c carry a body: only SEND,
// MESSAGE and ERROR may.
func mayHaveBody(c string) bool { return c == Send || c == Message || c == Error }

// escapes reports whether the headers of a frame of command c are escaped: 1.2 leaves
// CONNECT's and CONNECTED's raw, for 1.0 clients and servers reading them.
func escapes(c string) bool { return c != Connect && c != Connected && c != Stomp }

// Sentinel errors Parse wraps, for callers that tell a broken frame from an oversized
// one (both end a connection; the message says which bound or rule).
var (
	// ErrLimit: a frame breaks one of the Limits.
	ErrLimit = errors.New("stomp: frame too large")
	// ErrSyntax: the bytes are not STOMP 1.2 frames.
	ErrSyntax = errors.New("stomp: malformed frame")
)

// Header is one header line, unescaped.
type Header struct {
	Name, Value string
}

// Frame is one STOMP frame. Headers keep the order they came in, repeats included:
// 1.2 says the first of a repeated header is the one that counts (Get).
type Frame struct {
	Command string
	Headers []Header
	Body    []byte
}

// Get returns the value of the first header called name.
func (f *Frame) Get(name string) (string, bool) {
	for _, h := range f.Headers {
		if h.Name == name {
			return h.Value, true
		}
	}
	return "", false
}

// Limits bound what Parse accepts, each in bytes or headers.
type Limits struct {
	Frame     int // a whole frame: command, headers, body and the NUL
	Headers   int // headers in one frame
	HeaderLen int // one header line, as sent (escaped), without its end-of-line
	Body      int // the body
}

// DefaultLimits are the bounds netplay applies to clients: a command of the AIBG spec
// is under a hundred bytes of JSON, and a STOMP client's CONNECT a few hundred.
func DefaultLimits() Limits {
	return Limits{Frame: 16 << 10, Headers: 32, HeaderLen: 1024, Body: 8 << 10}
}

// Parse reads the frames of one WebSocket message: zero or more frames, each ended by
// a NUL, with end-of-lines allowed before and after each (heart-beats). A message
// holding only end-of-lines gives no frame and no error. The first error ends the
// parse; frames read before it are returned with it.
func Parse(data []byte, lim Limits) ([]*Frame, error) {
	var frames []*Frame
	for {
		data = skipEOLs(data)
		if len(data) == 0 {
			return frames, nil
		}
		f, rest, err := parseOne(data, lim)
		if err != nil {
			return frames, err
		}
		frames = append(frames, f)
		data = rest
	}
}

// skipEOLs drops the end-of-lines (\n or \r\n) at the start of data.
func skipEOLs(data []byte) []byte {
	for {
		switch {
		case len(data) > 0 && data[0] == '\n':
			data = data[1:]
		case len(data) > 1 && data[0] == '\r' && data[1] == '\n':
			data = data[2:]
		default:
			return data
		}
	}
}

// syntaxf makes an ErrSyntax error.
func syntaxf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrSyntax, fmt.Sprintf(format, args...))
}

// limitf makes an ErrLimit error.
func limitf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrLimit, fmt.Sprintf(format, args...))
}

// line cuts the line at the start of data (ended by \n or \r\n), without its
// end-of-line; ok is false when no \n comes within max bytes (or at all). A \r
// anywhere but before the \n is refused: 1.2 has no place for a bare one.
func line(data []byte, max int) (l, rest []byte, ok bool, err error) {
	i := bytes.IndexByte(data[:min(len(data), max+2)], '\n')
	if i < 0 {
		return nil, nil, false, nil
	}
	l = data[:i]
	if len(l) > 0 && l[len(l)-1] == '\r' {
		l = l[:len(l)-1]
	}
	if bytes.IndexByte(l, '\r') >= 0 {
		return nil, nil, true, syntaxf("a carriage return inside a line")
	}
	if len(l) > max {
		return nil, nil, false, nil
	}
	return l, data[i+1:], true, nil
}

// parseOne reads the frame at the start of data (which holds no leading end-of-line)
// and returns it with what follows its NUL (and the end-of-lines after it).
func parseOne(data []byte, lim Limits) (*Frame, []byte, error) {
	start := len(data)
	cmd, rest, ok, err := line(data, 16)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		if bytes.IndexByte(data, '\n') < 0 && len(data) <= 16 {
			return nil, nil, syntaxf("incomplete frame: no end of line after the command")
		}
		return nil, nil, syntaxf("unknown command %q", truncate(data, 16))
	}
	f := &Frame{Command: command(cmd), Headers: make([]Header, 0, 6)}
	if f.Command == "" {
		return nil, nil, syntaxf("unknown command %q", truncate(cmd, 16))
	}
	escaped := escapes(f.Command)
	for {
		l, after, ok, err := line(rest, lim.HeaderLen)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			if bytes.IndexByte(rest, '\n') < 0 && len(rest) <= lim.HeaderLen {
				return nil, nil, syntaxf("incomplete frame: the headers have no end")
			}
			return nil, nil, limitf("a header line is over %d bytes", lim.HeaderLen)
		}
		rest = after
		if len(l) == 0 {
			break
		}
		if len(f.Headers) == lim.Headers {
			return nil, nil, limitf("more than %d headers", lim.Headers)
		}
		h, err := parseHeader(l, escaped)
		if err != nil {
			return nil, nil, err
		}
		f.Headers = append(f.Headers, h)
		if start-len(rest) > lim.Frame {
			return nil, nil, limitf("the frame is over %d bytes", lim.Frame)
		}
	}
	head := start - len(rest)
	var body []byte
	if cl, ok := f.Get("content-length"); ok {
		n, err := strconv.Atoi(cl)
		if err != nil || n < 0 || strings.TrimLeft(cl, "0123456789") != "" {
			return nil, nil, syntaxf("content-length %q is not a whole number of bytes", truncate([]byte(cl), 32))
		}
		if n > lim.Body {
			return nil, nil, limitf("the body is %d bytes, over %d", n, lim.Body)
		}
		if head+n+1 > lim.Frame {
			return nil, nil, limitf("the frame is over %d bytes", lim.Frame)
		}
		if len(rest) < n+1 {
			return nil, nil, syntaxf("incomplete frame: content-length is %d but %d bytes follow the headers", n, max(len(rest)-1, 0))
		}
		if rest[n] != 0 {
			return nil, nil, syntaxf("the body is longer than its content-length %d (no NUL after it)", n)
		}
		body, rest = rest[:n], rest[n+1:]
	} else {
		i := bytes.IndexByte(rest[:min(len(rest), lim.Body+1)], 0)
		if i < 0 {
			if len(rest) > lim.Body {
				return nil, nil, limitf("the body is over %d bytes", lim.Body)
			}
			return nil, nil, syntaxf("incomplete frame: no NUL ends it")
		}
		if head+i+1 > lim.Frame {
			return nil, nil, limitf("the frame is over %d bytes", lim.Frame)
		}
		body, rest = rest[:i], rest[i+1:]
	}
	if len(body) > 0 {
		if !mayHaveBody(f.Command) {
			return nil, nil, syntaxf("a %s frame may not have a body", f.Command)
		}
		f.Body = bytes.Clone(body)
	}
	return f, rest, nil
}

// parseHeader reads one header line, name:value, unescaping both when escaped.
func parseHeader(l []byte, escaped bool) (Header, error) {
	name, value, ok := bytes.Cut(l, []byte{':'})
	if !ok {
		return Header{}, syntaxf("header %q has no colon", truncate(l, 32))
	}
	if len(name) == 0 {
		return Header{}, syntaxf("a header with an empty name")
	}
	if !escaped {
		return Header{intern(name), intern(value)}, nil
	}
	n, err := unescape(name)
	if err != nil {
		return Header{}, err
	}
	v, err := unescape(value)
	if err != nil {
		return Header{}, err
	}
	return Header{n, v}, nil
}

// unescape decodes 1.2's header escapes; any other backslash sequence is an error, as
// 1.2 requires.
func unescape(b []byte) (string, error) {
	if bytes.IndexByte(b, '\\') < 0 {
		return intern(b), nil
	}
	var s strings.Builder
	s.Grow(len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' {
			s.WriteByte(c)
			continue
		}
		if i+1 == len(b) {
			return "", syntaxf("a header ends with a lone backslash")
		}
		i++
		switch b[i] {
		case 'r':
			s.WriteByte('\r')
		case 'n':
			s.WriteByte('\n')
		case 'c':
			s.WriteByte(':')
		case '\\':
			s.WriteByte('\\')
		default:
			return "", syntaxf("undefined escape \\%c in a header", b[i])
		}
	}
	return s.String(), nil
}

// truncate returns b as a string of at most n bytes, for error messages.
func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}

// Append appends the frame's wire form to dst: the command, each header (escaped
// unless the command is CONNECT or CONNECTED), a blank line, the body and a NUL. It
// writes the headers it is given, no more: a body holding a NUL needs a
// content-length header, which the caller adds (netplay always does).
func (f *Frame) Append(dst []byte) []byte {
	dst = append(dst, f.Command...)
	dst = append(dst, '\n')
	esc := escapes(f.Command)
	for _, h := range f.Headers {
		dst = appendHeaderText(dst, h.Name, esc)
		dst = append(dst, ':')
		dst = appendHeaderText(dst, h.Value, esc)
		dst = append(dst, '\n')
	}
	dst = append(dst, '\n')
	dst = append(dst, f.Body...)
	return append(dst, 0)
}

// appendHeaderText appends a header's name or value, escaped when esc.
func appendHeaderText(dst []byte, s string, esc bool) []byte {
	if !esc || !strings.ContainsAny(s, "\r\n:\\") {
		return append(dst, s...)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\r':
			dst = append(dst, `\r`...)
		case '\n':
			dst = append(dst, `\n`...)
		case ':':
			dst = append(dst, `\c`...)
		case '\\':
			dst = append(dst, `\\`...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
