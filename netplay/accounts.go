package netplay

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"github.com/kombat-game/kombat/store"
)

// The bounds of a username and a password, in bytes.
const (
	maxName     = 32
	minPassword = 8
	maxPassword = 128
)

// argon2id's cost, as OWASP recommends for it: 19 MiB, two passes, one lane. The
// parameters are stored in each hash, so raising them later leaves old hashes valid.
const (
	argonTime   = 2
	argonMemory = 19 * 1024 // KiB
	argonLanes  = 1
	argonKeyLen = 32
	saltLen     = 16
)

// register serves POST /public/register: a new account, answered with its first token.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	name, password, ok := s.credentials(w, r)
	if !ok {
		return
	}
	if why := checkName(name); why != "" {
		http.Error(w, why, http.StatusBadRequest)
		return
	}
	if n := len(password); n < minPassword || n > maxPassword {
		http.Error(w, fmt.Sprintf("the password is %d bytes; it must have %d to %d", n, minPassword, maxPassword), http.StatusBadRequest)
		return
	}
	hash, ok := s.hash(w, r, password, nil)
	if !ok {
		return
	}
	acc, err := s.cfg.DB.CreateAccount(r.Context(), name, hash)
	if errors.Is(err, store.ErrDuplicate) {
		http.Error(w, fmt.Sprintf("the username %q is taken: pick another, or log in at POST /public/login", name), http.StatusConflict)
		return
	}
	if err != nil {
		s.internal(w, "register", err)
		return
	}
	s.issue(w, r, acc)
}

// login serves POST /public/login: a new token for an account's username and password.
func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	name, password, ok := s.credentials(w, r)
	if !ok {
		return
	}
	acc, err := s.cfg.DB.AccountByName(r.Context(), name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.internal(w, "login", err)
		return
	}
	// An unknown name costs a hash too, so that the time taken tells no one which
	// names exist.
	stored := acc.Password
	if err != nil {
		stored = "$argon2id$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	}
	salt, want, params, perr := parseHash(stored)
	if perr != nil {
		s.internal(w, "login", fmt.Errorf("the hash of %q: %w", name, perr))
		return
	}
	got, ok := s.hash(w, r, password, &hashInput{salt: salt, params: params})
	if !ok {
		return
	}
	_, gotKey, _, _ := parseHash(got)
	if err != nil || subtle.ConstantTimeCompare(gotKey, want) != 1 {
		http.Error(w, "wrong username or password", http.StatusUnauthorized)
		return
	}
	s.issue(w, r, acc)
}

// issue makes, stores and answers a token for acc: the token alone, as text, which is
// what the spec's server answers (section 5: it "will respond with your unique bearer
// authentication token").
func (s *Server) issue(w http.ResponseWriter, r *http.Request, acc store.Account) {
	var b [32]byte
	rand.Read(b[:])
	token := base64.RawURLEncoding.EncodeToString(b[:])
	if err := s.cfg.DB.AddToken(r.Context(), acc.ID, token, s.now().Add(s.lim.TokenTTL)); err != nil {
		s.internal(w, "issue a token", err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	io.WriteString(w, token)
}

// credentials reads username and password from a POST's JSON body or form (body or
// query string, as Spring's request parameters are), answering what is wrong if it
// cannot.
func (s *Server) credentials(w http.ResponseWriter, r *http.Request) (name, password string, ok bool) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, fmt.Sprintf("%s %s: use POST with username and password", r.Method, r.URL.Path), http.StatusMethodNotAllowed)
		return "", "", false
	}
	if !s.public.allow(clientIP(r)) {
		tooMany(w, s.lim.Public, "account requests")
		return "", "", false
	}
	r.Body = http.MaxBytesReader(w, r.Body, int64(s.lim.Body))
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var err error
	if mt == "application/json" {
		var body struct {
			Username *string `json:"username"`
			Password *string `json:"password"`
		}
		if err = json.NewDecoder(r.Body).Decode(&body); err == nil && body.Username != nil && body.Password != nil {
			return *body.Username, *body.Password, true
		}
	} else if err = r.ParseForm(); err == nil && r.Form.Has("username") && r.Form.Has("password") {
		return r.Form.Get("username"), r.Form.Get("password"), true
	}
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		http.Error(w, fmt.Sprintf("the request body is over %d bytes", s.lim.Body), http.StatusRequestEntityTooLarge)
	case err != nil && mt == "application/json":
		http.Error(w, fmt.Sprintf(`malformed JSON body (%v): send {"username": "...", "password": "..."}`, err), http.StatusBadRequest)
	case err != nil:
		http.Error(w, fmt.Sprintf("malformed form (%v): send username=...&password=...", err), http.StatusBadRequest)
	default:
		http.Error(w, "username and password are both required (a form, or JSON with Content-Type: application/json)", http.StatusBadRequest)
	}
	return "", "", false
}

// checkName says what is wrong with a username, or "": 1 to 32 letters, digits, and
// . _ - (names end up in logs and on screens).
func checkName(name string) string {
	if name == "" || len(name) > maxName {
		return fmt.Sprintf("the username is %d bytes; it must have 1 to %d", len(name), maxName)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-') {
			if !utf8.ValidRune(r) || r == utf8.RuneError {
				return "the username is not valid UTF-8"
			}
			return fmt.Sprintf("the username may hold only letters a-z, digits and . _ -, not %q", r)
		}
	}
	return ""
}

// hashInput is an existing hash's salt and parameters, to hash a password the same way.
type hashInput struct {
	salt   []byte
	params [3]uint32 // memory (KiB), time, lanes
}

// hash computes a password's argon2id hash in PHC form, with a new salt (in nil) or
// in's; at most Limits.Hashes run at once, since each takes 19 MiB. It answers 503 if
// the request ends while waiting its turn.
func (s *Server) hash(w http.ResponseWriter, r *http.Request, password string, in *hashInput) (string, bool) {
	select {
	case s.hashes <- struct{}{}:
	case <-r.Context().Done():
		http.Error(w, "the server is busy; try again", http.StatusServiceUnavailable)
		return "", false
	}
	defer func() { <-s.hashes }()
	if in == nil {
		salt := make([]byte, saltLen)
		rand.Read(salt)
		in = &hashInput{salt: salt, params: [3]uint32{argonMemory, argonTime, argonLanes}}
	}
	key := argon2.IDKey([]byte(password), in.salt, in.params[1], in.params[0], uint8(in.params[2]), argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, in.params[0], in.params[1], in.params[2],
		enc.EncodeToString(in.salt), enc.EncodeToString(key)), true
}

// parseHash reads a PHC argon2id hash: its salt, key and parameters (memory, time,
// lanes), each bounded so that a damaged row cannot make a login allocate gigabytes.
func parseHash(h string) (salt, key []byte, params [3]uint32, err error) {
	parts := strings.Split(h, "$")
	if len(parts) != 6 || parts[1] != "argon2id" || parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return nil, nil, params, errors.New("not an argon2id hash of this version")
	}
	kvs := strings.Split(parts[3], ",")
	if len(kvs) != 3 {
		return nil, nil, params, fmt.Errorf("parameters %q are not m,t,p", parts[3])
	}
	for i, kv := range kvs {
		k, v, _ := strings.Cut(kv, "=")
		n, perr := strconv.ParseUint(v, 10, 32)
		if k != "mtp"[i:i+1] || perr != nil || n == 0 {
			return nil, nil, params, fmt.Errorf("bad parameter %q", kv)
		}
		params[i] = uint32(n)
	}
	if params[0] > 256*1024 || params[1] > 16 || params[2] > math.MaxUint8 {
		return nil, nil, params, errors.New("parameters beyond the bounds")
	}
	enc := base64.RawStdEncoding
	if salt, err = enc.DecodeString(parts[4]); err != nil {
		return nil, nil, params, err
	}
	if key, err = enc.DecodeString(parts[5]); err != nil {
		return nil, nil, params, err
	}
	return salt, key, params, nil
}

// tooMany answers 429 for a client over rate r, saying when to come back.
func tooMany(w http.ResponseWriter, r Rate, what string) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(r.Every.Seconds()))))
	http.Error(w, fmt.Sprintf("too many %s from your address: at most %d at once, then one every %v", what, r.Burst, r.Every), http.StatusTooManyRequests)
}

// internal logs err and answers 500 with nothing of it.
func (s *Server) internal(w http.ResponseWriter, what string, err error) {
	s.log.Error("netplay: "+what, "err", err)
	http.Error(w, "internal error; try again later", http.StatusInternalServerError)
}
