package netplay

import (
	"net"
	"sync"
	"time"
)

// Rate is a token bucket's setting: Burst requests at once, then one every Every.
type Rate struct {
	Burst int
	Every time.Duration
}

// bucket is a token bucket. It is not safe for concurrent use: a connection's bucket
// is only touched by its read loop, and ipLimiter locks around its own.
type bucket struct {
	tokens float64
	last   time.Time
}

// take spends a token if one is left at now, refilling first; a new bucket is full.
func (b *bucket) take(now time.Time, r Rate) bool {
	b.refill(now, r)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// refill adds the tokens earned since the last call, up to Burst.
func (b *bucket) refill(now time.Time, r Rate) {
	if b.last.IsZero() {
		b.tokens, b.last = float64(r.Burst), now
		return
	}
	if r.Every > 0 {
		b.tokens += float64(now.Sub(b.last)) / float64(r.Every)
	}
	b.tokens = min(b.tokens, float64(r.Burst))
	b.last = now
}

// full reports whether the bucket would be full at now: such a bucket is no different
// from a new one, so ipLimiter may forget it.
func (b *bucket) full(now time.Time, r Rate) bool {
	b.refill(now, r)
	return b.tokens >= float64(r.Burst)
}

// ipLimiter keeps a token bucket per client address, at most max of them: when the
// table is full it forgets the buckets that have refilled, and refuses newcomers if
// none has (a flood from that many addresses is an attack, and memory stays bounded).
type ipLimiter struct {
	rate Rate
	max  int
	now  func() time.Time

	mu sync.Mutex
	by map[string]*bucket
}

// newIPLimiter makes an ipLimiter of at most max addresses.
func newIPLimiter(r Rate, max int, now func() time.Time) *ipLimiter {
	return &ipLimiter{rate: r, max: max, now: now, by: map[string]*bucket{}}
}

// allow spends one of ip's tokens, reporting whether there was one.
func (l *ipLimiter) allow(ip string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.by[ip]
	if b == nil {
		if len(l.by) >= l.max {
			for k, o := range l.by {
				if o.full(now, l.rate) {
					delete(l.by, k)
				}
			}
			if len(l.by) >= l.max {
				return false
			}
		}
		b = &bucket{}
		l.by[ip] = b
	}
	return b.take(now, l.rate)
}

// limitListener accepts at most n connections open at once, and perAddr from one
// address: past n, Accept waits for one to close, and the kernel's backlog holds the
// newcomers; past perAddr, the newcomer is closed at once. Each connection costs a
// file descriptor and a goroutine before it has sent a byte, so a crowd of idle ones
// must not take the process's last descriptor, nor one address all the slots.
type limitListener struct {
	net.Listener
	slots   chan struct{}
	done    chan struct{} // closed by Close, to end a waiting Accept
	once    sync.Once
	perAddr int

	mu     sync.Mutex
	byAddr map[string]int // open connections by remote address
}

// newLimitListener bounds ln to n open connections, perAddr from one address.
func newLimitListener(ln net.Listener, n, perAddr int) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), done: make(chan struct{}), perAddr: perAddr, byAddr: map[string]int{}}
}

// Accept waits for a free slot, then for a connection from an address under its bound.
func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			return nil, err
		}
		addr, _, _ := net.SplitHostPort(c.RemoteAddr().String())
		l.mu.Lock()
		over := l.byAddr[addr] >= l.perAddr
		if !over {
			l.byAddr[addr]++
		}
		l.mu.Unlock()
		if over {
			c.Close()
			continue
		}
		return &slotConn{Conn: c, free: func() { l.free(addr) }}, nil
	}
}

// free gives back a closed connection's slot.
func (l *limitListener) free(addr string) {
	l.mu.Lock()
	if l.byAddr[addr]--; l.byAddr[addr] == 0 {
		delete(l.byAddr, addr)
	}
	l.mu.Unlock()
	<-l.slots
}

// Close closes the listener, ending an Accept that waits for a slot.
func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// slotConn frees its listener's slot when it is closed, once.
type slotConn struct {
	net.Conn
	once sync.Once
	free func()
}

// Close closes the connection and frees its slot.
func (c *slotConn) Close() error {
	c.once.Do(c.free)
	return c.Conn.Close()
}
