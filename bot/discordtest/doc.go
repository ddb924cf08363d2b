// Package discordtest is a fake Discord for tests: REST and a gateway on 127.0.0.1
// that a real discordgo.Session connects to. It keeps guilds, channels, threads and
// messages (with their attachments' bytes), dispatches interactions from scripted users
// to the right shard, and rejects what Discord would reject: over-long content, too many
// components, a second response to an interaction, a first response after 3 seconds.
// It honours Create Message's nonce and enforce_nonce, and misbehaves on demand: a
// route can fail (FailNext, FailAfterEffect), stall (Stall) or answer 429 (RateLimit),
// and the bot as a whole can meet Discord's global rate limit (SetGlobalLimit).
//
// A bot reaches it by sending every REST call for discordgo.EndpointAPI+X (for
// example https://discord.com/api/v9/X) to APIBase()+"/X" (DISCORD_API_BASE);
// discordgo then asks it for the gateway's address.
//
// discordtest imports nothing of this module, so it models Discord as Discord
// behaves, not as the bot expects it to.
package discordtest
