// Package match is the vocabulary every hosted game shares, whatever its rules: how a
// match's seats are filled (Mode) and how it ended (Result, with a Reason). It sits
// below the rules packages, so that the store and the host can speak of any game's
// matches without importing that game's rules; each game names its own ways to end
// as Reason values beside the few the host itself decides (resign, forfeit).
package match
