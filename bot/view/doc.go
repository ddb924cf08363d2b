// Package view builds the Discord messages the bot sends, as values: a Reply (text,
// components, files or a form), the custom ids of buttons, selects and forms, and the
// views of a game's table, setup, tournament, library and records. Views read host's
// and game's values and never touch a session, so every screen is a plain function
// of what is stored, testable without Discord; package bot sends them.
package view
