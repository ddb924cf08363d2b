// Package pace keeps a bot's Discord REST calls inside Discord's global rate limit
// (about 50 requests a second, interaction answers not counted). Its Scheduler is an
// http.RoundTripper: a token bucket whose waiting requests are served by the priority
// their context carries, so that answering a player goes first, then the screens of
// games people play, and auto games and tournaments slow down instead of exceeding
// the budget. It knows Discord's URL shapes and nothing of the bot.
package pace
