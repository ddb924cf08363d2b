package bot

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/kombat-game/kombat/store"
)

// apiTransport sends discordgo's REST calls, which always target Discord's API root
// (DefaultAPIBase), to another base URL: a REST proxy, or the fake Discord in tests.
// The gateway address follows, since discordgo asks the API for it. The rule:
// DefaultAPIBase()+X goes to base+X.
type apiTransport struct {
	base *url.URL
	next http.RoundTripper
}

// newAPITransport returns next unchanged when base is Discord's own API.
func newAPITransport(base string, next http.RoundTripper) (http.RoundTripper, error) {
	if next == nil {
		next = http.DefaultTransport
	}
	if strings.TrimRight(base, "/") == DefaultAPIBase() {
		return next, nil
	}
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil {
		// Not err: url.Parse's error quotes the whole URL, password and all.
		return nil, fmt.Errorf("%s is not a URL", store.Redact(base))
	}
	return &apiTransport{base: u, next: next}, nil
}

// RoundTrip rewrites DefaultAPIBase()+X to base+X.
func (t *apiTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	def, _ := url.Parse(DefaultAPIBase())
	if r.URL.Host != def.Host || !strings.HasPrefix(r.URL.Path, def.Path) {
		return t.next.RoundTrip(r)
	}
	r = r.Clone(r.Context())
	rest := strings.TrimPrefix(r.URL.Path, def.Path)
	r.URL.Scheme, r.URL.Host = t.base.Scheme, t.base.Host
	r.URL.Path = t.base.Path + rest
	r.URL.RawPath = ""
	r.Host = t.base.Host
	return t.next.RoundTrip(r)
}
