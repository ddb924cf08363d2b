// Package view builds the Discord messages the bot sends, as values: what every game's
// Discord UI shares (a Reply with its text, components, files or form, the custom ids
// of buttons, selects and forms, a host's refusals worded for Discord, a program's
// diagnostics in a code block, durations, the library's save form, a player's history
// and ladders). Each game's own views live in its UI package (bot/kombatui,
// bot/upbeatui, bot/aibgui), which passes what is its own in as plain values, so this
// package imports no game's rules or adapter. Views never touch a session, so every
// screen is a plain function of what is stored, testable without Discord; package bot
// sends them.
package view
