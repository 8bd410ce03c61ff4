//! Every message the bot sends is started here, naming the players it may ping: posts, edits,
//! answers to clicks, follow-ups and direct messages. Discord turns any `<@…>`, `<@&…>` or
//! `@everyone` in a message's text into a ping unless the message lists what may ping, and
//! names that players and managers choose (a tournament, a display name) can spell one. Each
//! builder here lists exactly the players given, never a role or @everyone, so a name that
//! looks like a mention pings nobody. Clippy refuses these messages made anywhere else
//! (`clippy.toml`). Replies through poise ping nobody unless they say whom: the framework's
//! `allowed_mentions` (see `framework` in this module's parent) fills in every reply that
//! names none, poise's own error replies included.

#![allow(clippy::disallowed_methods)]

use poise::serenity_prelude as serenity;

use super::ids;
use crate::service::PlayerId;

/// For a message that pings nobody.
pub const NOBODY: &[PlayerId] = &[];

/// What a message may ping: exactly these players (local players, with negative ids, never),
/// no role, not @everyone, no user a name spells out.
pub fn pings(players: &[PlayerId]) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new().users(players.iter().filter_map(|id| ids::user(*id)))
}

/// A new post in a channel or thread, or a direct message, that may ping `pinged`.
pub fn message(pinged: &[PlayerId]) -> serenity::CreateMessage {
    serenity::CreateMessage::new().allowed_mentions(pings(pinged))
}

/// A post made once, that may ping `pinged`: Discord drops a repeat of it with the same
/// `nonce` made within a few minutes, so a delivery retried after its answer was lost is not
/// shown twice.
pub fn message_once(pinged: &[PlayerId], nonce: &str) -> serenity::CreateMessage {
    message(pinged)
        .nonce(serenity::Nonce::String(nonce.to_string()))
        .enforce_nonce(true)
}

/// An edit of one of the bot's posts, which may ping `pinged`.
pub fn edit(pinged: &[PlayerId]) -> serenity::EditMessage {
    serenity::EditMessage::new().allowed_mentions(pings(pinged))
}

/// The answer to an interaction (a new message, or the clicked message updated), which may
/// ping `pinged`.
pub fn response(pinged: &[PlayerId]) -> serenity::CreateInteractionResponseMessage {
    serenity::CreateInteractionResponseMessage::new().allowed_mentions(pings(pinged))
}

/// A reply through poise that pings `pinged` (a reply built without this pings nobody: the
/// framework's default).
pub fn reply(pinged: &[PlayerId]) -> poise::CreateReply {
    poise::CreateReply::default().allowed_mentions(pings(pinged))
}

/// A follow-up to an interaction already answered, which may ping `pinged`.
pub fn followup(pinged: &[PlayerId]) -> serenity::CreateInteractionResponseFollowup {
    serenity::CreateInteractionResponseFollowup::new().allowed_mentions(pings(pinged))
}

/// New words for an interaction's first answer (the "thinking…" of a deferral, say), which may
/// ping `pinged`.
pub fn edit_response(pinged: &[PlayerId]) -> serenity::EditInteractionResponse {
    serenity::EditInteractionResponse::new().allowed_mentions(pings(pinged))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn allowed(message: impl serde::Serialize) -> Value {
        serde_json::to_value(message).unwrap()["allowed_mentions"].clone()
    }

    /// Every kind of message lists the players it pings, and nothing Discord would parse.
    #[test]
    fn every_message_lists_exactly_whom_it_pings() {
        let nobody = json!({"parse": [], "users": [], "roles": []});
        assert_eq!(allowed(message(NOBODY)), nobody);
        assert_eq!(allowed(edit(NOBODY)), nobody);
        assert_eq!(allowed(response(NOBODY)), nobody);
        assert_eq!(allowed(followup(NOBODY)), nobody);
        assert_eq!(allowed(edit_response(NOBODY)), nobody);
        let players = [PlayerId::new(42), PlayerId::new(-3), PlayerId::new(7)];
        let two = json!({"parse": [], "users": ["42", "7"], "roles": []});
        assert_eq!(allowed(message(&players)), two);
        assert_eq!(allowed(edit(&players)), two);
        assert_eq!(allowed(response(&players)), two);
        assert_eq!(allowed(followup(&players)), two);
        assert_eq!(allowed(edit_response(&players)), two);
    }
}
