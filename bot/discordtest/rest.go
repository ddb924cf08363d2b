package discordtest

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// apiError is Discord's JSON error body.
type apiError struct {
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Errors  map[string]any `json:"errors,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// refuse answers an error and records it as a failure of the bot.
func (s *Server) refuse(w http.ResponseWriter, route string, status, code int, msg string) {
	s.failures = append(s.failures, Failure{Route: route, Code: code, Msg: msg})
	writeJSON(w, status, apiError{Code: code, Message: msg})
}

// routePattern turns /channels/123/messages into "POST /channels/{id}/messages", and
// names interaction and webhook tokens {token}.
func routePattern(method string, parts []string) string {
	out := append([]string(nil), parts...)
	for i, p := range out {
		switch {
		case i == 1 && (parts[0] == "interactions" || parts[0] == "webhooks"):
			out[i] = "{id}"
		case i == 2 && (parts[0] == "interactions" || parts[0] == "webhooks"):
			out[i] = "{token}"
		case p != "" && p[0] >= '0' && p[0] <= '9':
			out[i] = "{id}"
		}
	}
	return method + " /" + strings.Join(out, "/")
}

// body is a request's JSON payload and its uploaded files.
type body struct {
	raw   []byte
	files []*Attachment
}

func readBody(r *http.Request) (body, error) {
	var b body
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "multipart/form-data" {
		raw, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
		b.raw = raw
		return b, err
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		data, err := io.ReadAll(io.LimitReader(p, 32<<20))
		if err != nil {
			return b, err
		}
		if p.FormName() == "payload_json" {
			b.raw = data
		} else if strings.HasPrefix(p.FormName(), "files[") {
			b.files = append(b.files, &Attachment{Filename: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	}
}

func (s *Server) serveREST(w http.ResponseWriter, r *http.Request) {
	// /api/vN/...: any API version, the path after it.
	path := strings.TrimPrefix(r.URL.Path, "/api/")
	if v, rest, ok := strings.Cut(path, "/"); ok && strings.HasPrefix(v, "v") {
		path = rest
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	route := routePattern(r.Method, parts)
	b, err := readBody(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.changed.Broadcast()
	s.routes[route]++
	if s.globalRefuse(w, parts) {
		return
	}
	if err != nil {
		s.refuse(w, route, http.StatusBadRequest, 50109, "the request body is not valid: "+err.Error())
		return
	}
	if l := s.limits[route]; l != nil {
		if l.remaining > 0 {
			l.remaining--
			l.hits++
			secs := l.retryAfter.Seconds()
			w.Header().Set("Retry-After", fmt.Sprintf("%.3f", secs))
			w.Header().Set("X-RateLimit-Limit", "5")
			w.Header().Set("X-RateLimit-Remaining", "0")
			w.Header().Set("X-RateLimit-Reset-After", fmt.Sprintf("%.3f", secs))
			w.Header().Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(time.Now().Add(l.retryAfter).UnixMilli())/1000))
			w.Header().Set("X-RateLimit-Bucket", route)
			writeJSON(w, http.StatusTooManyRequests, map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": false})
			return
		}
		if l.hits > 0 {
			l.retried++
		}
	}
	stall, fail := s.takeFaults(route)
	if stall > 0 {
		s.changed.Broadcast() // waiters may be watching for the stall to begin
		s.mu.Unlock()
		open := s.stall(stall)
		s.mu.Lock()
		if !open {
			writeJSON(w, http.StatusServiceUnavailable, apiError{Message: "503: Service Unavailable"})
			return
		}
	}
	if fail == nil {
		s.handle(w, r, route, parts, b)
		return
	}
	if fail.afterEffect {
		s.handle(httptest.NewRecorder(), r, route, parts, b) // the answer that gets lost
	}
	status, answer, _ := faultAnswer(route, fail.status) // checked when it was queued
	writeJSON(w, status, answer)
}

// handle does what a request asks and answers it; the caller holds mu.
func (s *Server) handle(w http.ResponseWriter, r *http.Request, route string, parts []string, b body) {
	// Interactions and webhooks authenticate with their token, GET /gateway needs
	// nothing; everything else needs the bot token.
	if parts[0] != "interactions" && parts[0] != "webhooks" && route != "GET /gateway" && r.Header.Get("Authorization") != "Bot "+s.token {
		writeJSON(w, http.StatusUnauthorized, apiError{Code: 0, Message: "401: Unauthorized"})
		return
	}
	at := func(i int) string {
		if i < len(parts) {
			return parts[i]
		}
		return ""
	}
	switch {
	case route == "GET /gateway" || route == "GET /gateway/bot":
		wsURL := "ws" + strings.TrimPrefix(s.http.URL, "http") + "/gateway"
		writeJSON(w, http.StatusOK, map[string]any{"url": wsURL, "shards": 1,
			"session_start_limit": map[string]int{"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})
	case route == "GET /users/@me":
		writeJSON(w, http.StatusOK, s.app.discord())
	case at(0) == "applications" && at(2) == "commands" && r.Method == http.MethodPut:
		s.putCommands(w, route, "", b.raw)
	case at(0) == "applications" && at(2) == "guilds" && at(4) == "commands" && r.Method == http.MethodPut:
		s.putCommands(w, route, at(3), b.raw)
	case at(0) == "applications" && r.Method == http.MethodGet:
		guild := ""
		if at(2) == "guilds" {
			guild = at(3)
		}
		writeJSON(w, http.StatusOK, s.commands[guild])
	case at(0) == "interactions" && at(3) == "callback" && r.Method == http.MethodPost:
		s.callback(w, route, at(1), at(2), b)
	case at(0) == "webhooks":
		s.webhook(w, r, route, at(2), parts[3:], b)
	case at(0) == "channels" && len(parts) == 2 && r.Method == http.MethodGet:
		c := s.channels[at(1)]
		if c == nil {
			writeJSON(w, http.StatusNotFound, apiError{Code: 10003, Message: "Unknown Channel"})
			return
		}
		writeJSON(w, http.StatusOK, s.discordChannel(c))
	case at(0) == "channels" && at(2) == "messages" && len(parts) == 3 && r.Method == http.MethodGet:
		s.listMessages(w, route, at(1), r.URL.Query().Get("limit"))
	case at(0) == "channels" && at(2) == "messages" && len(parts) == 3 && r.Method == http.MethodPost:
		s.postMessage(w, route, at(1), b)
	case at(0) == "channels" && at(2) == "messages" && len(parts) == 4 && r.Method == http.MethodPatch:
		s.editMessage(w, route, at(1), at(3), b)
	case at(0) == "channels" && at(2) == "messages" && len(parts) == 4 && r.Method == http.MethodDelete:
		s.deleteMessage(w, at(1), at(3))
	case at(0) == "channels" && (at(2) == "threads" || at(2) == "messages" && at(4) == "threads") && r.Method == http.MethodPost:
		s.createThread(w, route, at(1), b.raw)
	default:
		s.unknown = append(s.unknown, route)
		writeJSON(w, http.StatusNotFound, apiError{Code: 0, Message: "404: Not Found"})
	}
}

func (s *Server) discordChannel(c *Channel) *discordgo.Channel {
	typ := discordgo.ChannelTypeGuildText
	if c.Thread {
		typ = discordgo.ChannelTypeGuildPublicThread
	}
	return &discordgo.Channel{ID: c.ID, GuildID: c.GuildID, Name: c.Name, ParentID: c.Parent, Type: typ}
}

func (s *Server) putCommands(w http.ResponseWriter, route, guild string, raw []byte) {
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(raw, &cmds); err != nil {
		s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	if len(cmds) > 100 {
		s.refuse(w, route, http.StatusBadRequest, 30032, "Maximum number of application commands reached (100)")
		return
	}
	for _, c := range cmds {
		if msg := checkCommand(c); msg != "" {
			s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: "+msg)
			return
		}
		c.ID, c.ApplicationID, c.GuildID = s.snowflake(), s.app.ID, guild
	}
	s.commands[guild] = cmds
	writeJSON(w, http.StatusOK, cmds)
}

// payload is what message creations, edits and interaction responses carry.
type payload struct {
	discordgo.Message
	Attachments *[]struct {
		ID string `json:"id"`
	} `json:"attachments"`
}

func decodePayload(raw []byte) (*payload, error) {
	p := &payload{}
	if len(raw) == 0 {
		return p, nil
	}
	if err := json.Unmarshal(raw, &p.Message); err != nil {
		return nil, err
	}
	var att struct {
		Attachments *[]struct {
			ID string `json:"id"`
		} `json:"attachments"`
	}
	if err := json.Unmarshal(raw, &att); err != nil {
		return nil, err
	}
	p.Attachments = att.Attachments
	return p, nil
}

// nonce is a Create Message's nonce and enforce_nonce.
type nonce struct {
	text    string          // "" for none
	raw     json.RawMessage // as sent
	enforce bool
}

// maxNonce is the longest nonce Discord accepts, in characters.
const maxNonce = 25

// readNonce reads a Create Message's nonce; the error is why Discord would refuse it,
// as the field and reason of an Invalid Form Body.
func readNonce(raw []byte) (nonce, *fieldError) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return nonce{}, nil // not an object: decodePayload says why
	}
	var n nonce
	if e, ok := fields["enforce_nonce"]; ok && json.Unmarshal(e, &n.enforce) != nil {
		return nonce{}, &fieldError{"enforce_nonce", "BOOLEAN_TYPE_CONVERT", "Must be either true or false."}
	}
	switch v := string(fields["nonce"]); {
	case v == "" || v == "null":
		return n, nil
	case v[0] == '"':
		json.Unmarshal(fields["nonce"], &n.text)
	case isInteger(v):
		n.text = v
	default:
		return nonce{}, &fieldError{"nonce", "BASE_TYPE_BAD_TYPE", "Nonce must be a string or an integer."}
	}
	if utf8.RuneCountInString(n.text) > maxNonce {
		return nonce{}, &fieldError{"nonce", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxNonce)}
	}
	n.raw = fields["nonce"]
	return n, nil
}

// isInteger reports whether a JSON number is an integer: Discord takes those as
// nonces as well as strings, but not fractions.
func isInteger(v string) bool {
	digits := strings.TrimPrefix(v, "-")
	return digits != "" && strings.Trim(digits, "0123456789") == ""
}

// fieldError is one field's entry in an Invalid Form Body.
type fieldError struct {
	field, code, message string
}

// refuseField answers Invalid Form Body for one field, in Discord's shape, and
// records it as a failure of the bot.
func (s *Server) refuseField(w http.ResponseWriter, route string, e *fieldError) {
	s.failures = append(s.failures, Failure{Route: route, Code: 50035, Msg: "Invalid Form Body: " + e.field + ": " + e.message})
	writeJSON(w, http.StatusBadRequest, apiError{Code: 50035, Message: "Invalid Form Body", Errors: map[string]any{
		e.field: map[string]any{"_errors": []map[string]string{{"code": e.code, "message": e.message}}}}})
}

// postMessage is Create Message: with a nonce and enforce_nonce, a retry of a post
// that took effect answers the first message instead of posting again; the caller
// holds mu.
func (s *Server) postMessage(w http.ResponseWriter, route, channelID string, b body) {
	n, bad := readNonce(b.raw)
	if bad != nil {
		s.refuseField(w, route, bad)
		return
	}
	if n.enforce && n.text != "" {
		if m := s.byNonce(channelID, s.app.ID, n.text); m != nil {
			writeJSON(w, http.StatusOK, m.wire(s))
			return
		}
	}
	s.createMessage(w, route, channelID, s.app.ID, b, false, "", n)
}

// listMessages is Get Channel Messages: the channel's newest messages first, at most
// limit (1 to 100, 50 when absent). As on Discord, a listed message carries no nonce
// (only the answer to its post and its gateway event do), and ephemeral messages are
// not listed. The caller holds mu.
func (s *Server) listMessages(w http.ResponseWriter, route, channelID, limit string) {
	if s.channels[channelID] == nil {
		writeJSON(w, http.StatusNotFound, apiError{Code: 10003, Message: "Unknown Channel"})
		return
	}
	n := 50
	if limit != "" {
		v, err := strconv.Atoi(limit)
		if err != nil || v < 1 || v > 100 {
			s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: limit must be from 1 to 100")
			return
		}
		n = v
	}
	ms := s.inChannel[channelID]
	out := []wireMessage{}
	for i := len(ms) - 1; i >= 0 && len(out) < n; i-- {
		if m := ms[i]; !m.Deleted && !m.Ephemeral {
			out = append(out, wireMessage{Message: m.discord(s), Components: m.Components})
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// byNonce finds the oldest live message an author created in a channel with a nonce
// within NonceWindow; the caller holds mu.
func (s *Server) byNonce(channelID, author, text string) *Message {
	var found *Message
	since := s.now().Add(-s.NonceWindow)
	for _, m := range s.messages {
		if m.ChannelID == channelID && m.AuthorID == author && m.Nonce == text && !m.Deleted && m.created.After(since) &&
			(found == nil || m.seq < found.seq) {
			found = m
		}
	}
	return found
}

// createMessage stores a new message from a payload; the caller holds mu.
func (s *Server) createMessage(w http.ResponseWriter, route, channelID, author string, b body, ephemeral bool, to string, n nonce) *Message {
	if s.channels[channelID] == nil {
		if w != nil {
			writeJSON(w, http.StatusNotFound, apiError{Code: 10003, Message: "Unknown Channel"})
		}
		return nil
	}
	p, err := decodePayload(b.raw)
	if err != nil {
		if w != nil {
			s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		}
		return nil
	}
	if p.Flags&discordgo.MessageFlagsEphemeral != 0 {
		ephemeral = true
	}
	m := &Message{ID: s.snowflake(), ChannelID: channelID, AuthorID: author, Content: p.Content, Embeds: p.Embeds,
		Components: p.Components, Ephemeral: ephemeral, Nonce: n.text, nonceRaw: n.raw, created: s.now(), seq: s.nextID}
	if ephemeral {
		m.EphemeralTo = to
	}
	s.attach(m, b.files)
	if msg := checkMessage(m, true); msg != "" {
		if w != nil {
			s.refuse(w, route, http.StatusBadRequest, codeFor(msg), msg)
		} else {
			s.failures = append(s.failures, Failure{Route: route, Code: codeFor(msg), Msg: msg})
		}
		return nil
	}
	s.addMessage(m)
	if w != nil {
		writeJSON(w, http.StatusOK, m.wire(s))
	}
	return m
}

func codeFor(msg string) int {
	if strings.HasPrefix(msg, "Cannot send an empty message") {
		return 50006
	}
	return 50035
}

func (s *Server) attach(m *Message, files []*Attachment) {
	for _, f := range files {
		f.ID = s.snowflake()
		f.URL = fmt.Sprintf("%s/attachments/%s/%s", s.http.URL, f.ID, f.Filename)
		m.Attachments = append(m.Attachments, f)
	}
}

// applyEdit changes a message from a payload as Discord does: fields present replace,
// "attachments" lists the files kept (absent: all kept), new files are added.
func (s *Server) applyEdit(m *Message, b body) (string, error) {
	p, err := decodePayload(b.raw)
	if err != nil {
		return "", err
	}
	var present map[string]json.RawMessage
	if len(b.raw) > 0 {
		json.Unmarshal(b.raw, &present)
	}
	next := m.copy()
	if _, ok := present["content"]; ok {
		next.Content = p.Content
	}
	if _, ok := present["embeds"]; ok {
		next.Embeds = p.Embeds
	}
	if raw, ok := present["components"]; ok {
		next.Components, next.ComponentsSent = p.Components, string(raw)
	}
	if p.Attachments != nil {
		keep := map[string]bool{}
		for _, a := range *p.Attachments {
			keep[a.ID] = true
		}
		var kept []*Attachment
		for _, a := range m.Attachments {
			if keep[a.ID] {
				kept = append(kept, a)
			}
		}
		next.Attachments = kept
	}
	s.attach(next, b.files)
	if msg := checkMessage(next, false); msg != "" {
		return msg, nil
	}
	if sameShown(m, next) {
		s.idleEdits++
	}
	next.Edits++
	*m = *next
	return "", nil
}

// sameShown reports whether two states of a message show the same: the same text,
// embeds, components and files. An edit from one to the other cost a request for
// nothing.
func sameShown(a, b *Message) bool {
	if a.Content != b.Content || len(a.Attachments) != len(b.Attachments) {
		return false
	}
	for i := range a.Attachments {
		if a.Attachments[i].ID != b.Attachments[i].ID {
			return false
		}
	}
	ea, _ := json.Marshal(a.Embeds)
	eb, _ := json.Marshal(b.Embeds)
	ca, _ := json.Marshal(a.Components)
	cb, _ := json.Marshal(b.Components)
	// Absent and empty lists show alike.
	empty := func(j []byte) bool { return string(j) == "null" || string(j) == "[]" }
	return (string(ea) == string(eb) || empty(ea) && empty(eb)) && (string(ca) == string(cb) || empty(ca) && empty(cb))
}

func (s *Server) editMessage(w http.ResponseWriter, route, channelID, id string, b body) {
	m := s.messages[id]
	if m == nil || m.Deleted || m.ChannelID != channelID {
		writeJSON(w, http.StatusNotFound, apiError{Code: 10008, Message: "Unknown Message"})
		return
	}
	if m.AuthorID != s.app.ID {
		s.refuse(w, route, http.StatusForbidden, 50005, "Cannot edit a message authored by another user")
		return
	}
	msg, err := s.applyEdit(m, b)
	if err != nil {
		s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	if msg != "" {
		s.refuse(w, route, http.StatusBadRequest, codeFor(msg), msg)
		return
	}
	writeJSON(w, http.StatusOK, m.wire(s))
}

func (s *Server) deleteMessage(w http.ResponseWriter, channelID, id string) {
	m := s.messages[id]
	if m == nil || m.Deleted || m.ChannelID != channelID {
		writeJSON(w, http.StatusNotFound, apiError{Code: 10008, Message: "Unknown Message"})
		return
	}
	m.Deleted = true
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) createThread(w http.ResponseWriter, route, parentID string, raw []byte) {
	parent := s.channels[parentID]
	if parent == nil {
		writeJSON(w, http.StatusNotFound, apiError{Code: 10003, Message: "Unknown Channel"})
		return
	}
	if parent.NoThreads || parent.Thread {
		writeJSON(w, http.StatusForbidden, apiError{Code: 50013, Message: "Missing Permissions"})
		return
	}
	var req struct {
		Name string `json:"name"`
	}
	json.Unmarshal(raw, &req)
	if n := len([]rune(req.Name)); n < 1 || n > 100 {
		s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: thread name must be 1 to 100 characters")
		return
	}
	c := &Channel{ID: s.snowflake(), GuildID: parent.GuildID, Name: req.Name, Parent: parent.ID, Thread: true}
	s.channels[c.ID] = c
	writeJSON(w, http.StatusCreated, s.discordChannel(c))
}

// AttachmentRoute is the route pattern of attachment downloads, for Stall.
const AttachmentRoute = "GET /attachments"

// serveAttachment serves the bytes of an uploaded or posted attachment.
func (s *Server) serveAttachment(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/attachments/"), "/")
	s.mu.Lock()
	defer s.mu.Unlock()
	// A slow download, like a CDN's on a bad day: Stall(AttachmentRoute, n, d).
	if d, _ := s.takeFaults(AttachmentRoute); d > 0 {
		s.mu.Unlock()
		open := s.stall(d)
		s.mu.Lock()
		if !open {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
	}
	for _, m := range s.messages {
		for _, a := range m.Attachments {
			if a.ID == parts[0] {
				w.Header().Set("Content-Type", a.ContentType)
				w.Write(a.Data)
				return
			}
		}
	}
	for _, a := range s.uploads {
		if a.ID == parts[0] {
			w.Header().Set("Content-Type", a.ContentType)
			w.Write(a.Data)
			return
		}
	}
	http.NotFound(w, r)
}
