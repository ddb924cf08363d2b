package host

import (
	"crypto/rand"
	"encoding/binary"
)

// NewSeed draws a game's seed, for every game's adapter: everything random in a game
// follows from it.
func NewSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// BotSeed is the seed of seat p's bot in a game seeded with seed, for every game's
// adapter: fixed, so that a restarted host seats the same bots and plays on as the old
// one would have (stored games replay).
func BotSeed(seed uint64, p int) uint64 { return seed ^ uint64(p)*0x9e3779b97f4a7c15 }
