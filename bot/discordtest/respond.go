package discordtest

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
)

// tokenLife is how long an interaction token works for edits and follow-ups.
const tokenLife = 15 * time.Minute

// callback is the initial response to an interaction; the caller holds mu.
func (s *Server) callback(w http.ResponseWriter, route, id, token string, b body) {
	in := s.interactions[id]
	if in == nil || in.Token != token {
		s.refuse(w, route, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if in.response != nil {
		s.refuse(w, route, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	if time.Since(in.created) > s.ResponseDeadline {
		s.refuse(w, route, http.StatusNotFound, 10062, "Unknown interaction (answered after "+time.Since(in.created).Round(time.Millisecond).String()+")")
		return
	}
	var resp struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(b.raw, &resp); err != nil {
		s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	dataBody := body{raw: resp.Data, files: b.files}
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			// A "thinking..." message, empty until edited.
			var flags struct {
				Flags discordgo.MessageFlags `json:"flags"`
			}
			json.Unmarshal(resp.Data, &flags)
			m := &Message{ID: s.snowflake(), ChannelID: in.ChannelID, AuthorID: s.app.ID, seq: s.nextID,
				Ephemeral: flags.Flags&discordgo.MessageFlagsEphemeral != 0, EphemeralTo: in.User.ID}
			s.addMessage(m)
			in.originalID = m.ID
		} else {
			m := s.createMessage(nil, route, in.ChannelID, s.app.ID, dataBody, false, in.User.ID, nonce{})
			if m == nil {
				writeJSON(w, http.StatusBadRequest, apiError{Code: 50035, Message: "Invalid Form Body"})
				return
			}
			in.originalID = m.ID
		}
	case discordgo.InteractionResponseUpdateMessage, discordgo.InteractionResponseDeferredMessageUpdate:
		if in.Message == nil {
			s.refuse(w, route, http.StatusBadRequest, 40060, "only component interactions can update their message")
			return
		}
		m := s.messages[in.Message.ID]
		if m == nil || m.Deleted {
			s.refuse(w, route, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		in.originalID, in.ackEdits = m.ID, m.Edits
		if resp.Type == discordgo.InteractionResponseUpdateMessage {
			msg, err := s.applyEdit(m, dataBody)
			if err != nil || msg != "" {
				if err != nil {
					msg = err.Error()
				}
				s.refuse(w, route, http.StatusBadRequest, 50035, msg)
				return
			}
		}
	case discordgo.InteractionResponseModal:
		if in.Type == discordgo.InteractionModalSubmit {
			s.refuse(w, route, http.StatusBadRequest, 50035, "a modal cannot answer a modal submission")
			return
		}
		var data discordgo.Message // components decode through discordgo's message rules
		var head struct {
			CustomID string `json:"custom_id"`
			Title    string `json:"title"`
		}
		json.Unmarshal(resp.Data, &head)
		if err := json.Unmarshal(resp.Data, &data); err != nil {
			s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return
		}
		modal := &Modal{CustomID: head.CustomID, Title: head.Title}
		if msg := checkModal(modal, data.Components); msg != "" {
			s.refuse(w, route, http.StatusBadRequest, 50035, msg)
			return
		}
		in.response, in.answered = &Response{Type: resp.Type, Modal: modal}, time.Now()
		w.WriteHeader(http.StatusNoContent)
		return
	default:
		s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: unknown response type")
		return
	}
	in.response, in.answered = &Response{Type: resp.Type}, time.Now()
	w.WriteHeader(http.StatusNoContent)
}

// webhook serves the interaction webhook: editing the original response and
// follow-ups; the caller holds mu.
func (s *Server) webhook(w http.ResponseWriter, r *http.Request, route, token string, rest []string, b body) {
	in := s.interactions[token]
	if in == nil {
		s.refuse(w, route, http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	if time.Since(in.created) > tokenLife {
		s.refuse(w, route, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
		return
	}
	if in.response == nil {
		s.refuse(w, route, http.StatusBadRequest, 10062, "Unknown interaction: answer it before editing or following up")
		return
	}
	target := ""
	switch {
	case len(rest) == 0 && r.Method == http.MethodPost:
		m := s.createMessage(w, route, in.ChannelID, s.app.ID, b, false, in.User.ID, nonce{})
		if m != nil {
			m.WebhookID = s.app.ID
			in.followups = append(in.followups, m.ID)
		}
		return
	case len(rest) == 2 && rest[0] == "messages" && rest[1] == "@original":
		target = in.originalID
	case len(rest) == 2 && rest[0] == "messages":
		for _, id := range in.followups {
			if id == rest[1] {
				target = id
			}
		}
	}
	m := s.messages[target]
	if m == nil || m.Deleted {
		writeJSON(w, http.StatusNotFound, apiError{Code: 10008, Message: "Unknown Message"})
		return
	}
	switch r.Method {
	case http.MethodGet:
		writeJSON(w, http.StatusOK, m.wire(s))
	case http.MethodDelete:
		m.Deleted = true
		w.WriteHeader(http.StatusNoContent)
	case http.MethodPatch:
		msg, err := s.applyEdit(m, b)
		if err != nil {
			s.refuse(w, route, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return
		}
		if msg != "" {
			s.refuse(w, route, http.StatusBadRequest, codeFor(msg), msg)
			return
		}
		writeJSON(w, http.StatusOK, m.wire(s))
	default:
		s.unknown = append(s.unknown, route)
		writeJSON(w, http.StatusNotFound, apiError{Message: "404: Not Found"})
	}
}
