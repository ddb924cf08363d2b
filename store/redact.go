package store

import (
	"net/url"
	"regexp"
	"strings"
)

// Masked is what Redact writes in place of a credential: the same mark as
// url.URL.Redacted, so that a masked URL looks alike whichever printed it.
const Masked = "xxxxx"

// hiddenURL stands for everything after the scheme of a URL that does not parse.
const hiddenURL = "(unparsable URL, not shown: it may hold a password)"

// Redact returns s with every credential in it replaced by Masked, for anything a
// person or a log collector may read: logs, errors, health answers, command output.
// s is a URL (KOMBAT_DB's postgres://..., DISCORD_API_BASE), a PostgreSQL key=value
// connection string, or a message holding them. Passwords reach kombat in several
// forms (user-info, ?password= and ?sslpassword=, key=value, tokens in a query), and
// one function that knows them all spares every place that prints one from knowing
// them. What it keeps (scheme, user, host, port, path, the other parameters) is what
// an operator needs to tell which server a message is about.
//
// A URL that does not parse has no reliable boundaries between its parts, so only its
// scheme is kept. A user-info without a password keeps its user in a PostgreSQL URL,
// where it is the role to log in as, but not in any other, where a lone user-info is
// how tokens are passed (https://TOKEN@host).
func Redact(s string) string {
	if urlScheme(s) != "" {
		return redactURL(s)
	}
	var b strings.Builder
	last := 0
	for _, loc := range urlsInText().FindAllStringIndex(s, -1) {
		// Punctuation that ends a URL ends the sentence around it, as in "open URL: ...".
		end := loc[0] + len(strings.TrimRight(s[loc[0]:loc[1]], ".,:;!)]"))
		b.WriteString(redactWords(s[last:loc[0]]))
		b.WriteString(redactURL(s[loc[0]:end]))
		last = end
	}
	b.WriteString(redactWords(s[last:]))
	return b.String()
}

// urlScheme is the scheme s starts with when s starts as a URL with an authority
// ("scheme://"), or "".
func urlScheme(s string) string {
	scheme, _, ok := strings.Cut(s, "://")
	if !ok || scheme == "" || !isLetter(scheme[0]) {
		return ""
	}
	for i := 1; i < len(scheme); i++ {
		if c := scheme[i]; !isLetter(c) && (c < '0' || c > '9') && c != '+' && c != '-' && c != '.' {
			return ""
		}
	}
	return scheme
}

// isLetter reports whether c is an ASCII letter, the first character of a scheme.
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// urlsInText finds the URLs inside a message: a scheme and "://" up to a space or a
// quote (pgx quotes a connection string in backquotes).
func urlsInText() *regexp.Regexp {
	return regexp.MustCompile("[A-Za-z][A-Za-z0-9+.-]*://[^\\s\"'`<>]+")
}

// redactURL is Redact for s, a URL with a scheme: the password of its user-info, the
// values of its query parameters that name a secret (secretKey), and its fragment are
// masked, and so is a key=value naming a secret before the query (in the host or the
// path: a mistyped URL such as postgres://password=x, which still parses).
func redactURL(s string) string {
	scheme := urlScheme(s)
	u, err := url.Parse(s)
	if err != nil {
		return scheme + "://" + hiddenURL
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), Masked)
		} else if !isPostgresURL(s) {
			u.User = url.User(Masked)
		}
	}
	u.RawQuery = redactQuery(u.RawQuery)
	if u.Fragment != "" || u.RawFragment != "" {
		u.Fragment, u.RawFragment = Masked, ""
	}
	out := u.String()
	end := len(out)
	if i := strings.IndexAny(out, "?#"); i >= 0 {
		end = i
	}
	kv := regexp.MustCompile(`(?i)([a-z0-9_.-]*(?:` + strings.Join(secretWords(), "|") + `)[a-z0-9_.-]*=)[^/?#&;@]*`)
	return kv.ReplaceAllString(out[:end], "${1}"+Masked) + out[end:]
}

// redactQuery masks the values of the parameters of a URL's raw query whose names
// (percent-decoded, so that pass%77ord counts) name a secret, keeping their order and
// the rest as written. Both & and ; separate parameters here: some servers take ;,
// and a value after one must not pass for part of a harmless parameter.
func redactQuery(q string) string {
	var b strings.Builder
	for q != "" {
		part, sep := q, ""
		if i := strings.IndexAny(q, "&;"); i >= 0 {
			part, sep, q = q[:i], q[i:i+1], q[i+1:]
		} else {
			q = ""
		}
		if k, _, ok := strings.Cut(part, "="); ok {
			name, err := url.QueryUnescape(k)
			if err != nil {
				name = k
			}
			if secretKey(name) {
				part = k + "=" + Masked
			}
		}
		b.WriteString(part + sep)
	}
	return b.String()
}

// secretWords are the parts of a parameter's name that mark its value as a secret:
// libpq's password, sslpassword and passfile (where the password is kept), and the
// tokens, keys and signatures of HTTP APIs and proxies. A harmless parameter caught
// by them (sslkey, a file's path) costs only a detail of a message.
func secretWords() []string {
	return []string{"pass", "pwd", "secret", "token", "key", "auth", "credential", "sig"}
}

// secretKey reports whether a parameter named name holds a secret.
func secretKey(name string) bool {
	name = strings.ToLower(name)
	for _, w := range secretWords() {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// redactWords is Redact for text with no URL in it: a key=value connection string
// (libpq's format: a value quoted in '...' with \ escapes, or up to a space) or a
// message. The value of every key that names a secret is masked, to the end of the
// text when its quote is never closed; so is the password of a user:password@host
// written without a scheme, and the lone user-info of a scheme-relative URL
// (//TOKEN@host), which is a token as it is in https://TOKEN@host.
func redactWords(s string) string {
	words := strings.Join(secretWords(), "|")
	kv := regexp.MustCompile(`(?i)([a-z0-9_.-]*(?:` + words + `)[a-z0-9_.-]*)(\s*=\s*)('(?:[^'\\]|\\.)*'?|"(?:[^"\\]|\\.)*"?|(?:[^\s\\` + "`" + `]|\\.)*)`)
	s = kv.ReplaceAllString(s, "${1}${2}"+Masked)
	token := regexp.MustCompile("//[^\\s:/@'\"`=]+@")
	s = token.ReplaceAllString(s, "//"+Masked+"@")
	userinfo := regexp.MustCompile("([^\\s:/@'\"`=]+):[^\\s@]+@")
	return userinfo.ReplaceAllString(s, "${1}:"+Masked+"@")
}

// redactedError is err with its message passed through Redact, for the PostgreSQL
// driver's errors, which may quote the connection string and mask only the passwords
// they recognize; errors.Is and errors.As still see err.
type redactedError struct{ err error }

// Error is err's message with its credentials masked.
func (e redactedError) Error() string { return Redact(e.err.Error()) }

// Unwrap is err, for errors.Is and errors.As.
func (e redactedError) Unwrap() error { return e.err }
