//! An error's words for the player who caused it: the one global `on_error` of the commands,
//! and [`explain`] for the buttons' answers.

use tracing::warn;

use super::{Data, Error, ended, health, messages, user_lang};
use crate::i18n::Lang;
use crate::service::ServiceError;
use crate::tr;

/// A mistake of the player's that the bot itself spots (the service spots the rest), in the
/// player's words already.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UserError(pub String);

/// The words a player sees for an error in `lang`, and whether it is their mistake (else it is
/// logged).
pub fn explain(error: &Error, lang: Lang) -> (String, bool) {
    if let Some(service) = error.downcast_ref::<ServiceError>() {
        // A damaged game is said as it is (the players should know), and logged for the
        // operator; a store failure says only that nothing was changed.
        return (capitalise(&service.words(lang)), service.is_user_error());
    }
    if let Some(user) = error.downcast_ref::<UserError>() {
        return (capitalise(&user.0), true);
    }
    (tr!(lang, "error-unexpected"), false)
}

/// The first letter in upper case, unless the text starts with a cell ("c3 is already
/// taken"): cells are written in lower case everywhere.
fn capitalise(text: &str) -> String {
    let starts_with_cell = text.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    if starts_with_cell {
        return text.to_string();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

pub(super) async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let (message, expected) = explain(&error, user_lang(ctx));
            let outcome = match expected {
                true => health::Outcome::Refused,
                false => health::Outcome::Failed,
            };
            ended(ctx, outcome).await;
            if !expected {
                warn!(command = %ctx.command().name, "command failed: {error:#}");
            }
            let reply = poise::CreateReply::default()
                .content(messages::fit_message(&message))
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                warn!("could not send an error reply: {e}");
            }
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            ended(ctx, health::Outcome::Refused).await;
            let lang = user_lang(ctx);
            let text = match input {
                Some(input) => {
                    let mut shown: String = input.chars().take(32).collect();
                    if input.chars().count() > 32 {
                        shown.push('…');
                    }
                    tr!(
                        lang,
                        "argument-unreadable",
                        input = shown,
                        error = error.to_string()
                    )
                }
                None => tr!(lang, "argument-missing", error = error.to_string()),
            };
            let text = messages::fit_message(&text);
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            ended(ctx, health::Outcome::Refused).await;
            let reply = poise::CreateReply::default()
                .content(tr!(user_lang(ctx), "guild-only"))
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        poise::FrameworkError::MissingUserPermissions { ctx, .. } => {
            ended(ctx, health::Outcome::Refused).await;
            let reply = poise::CreateReply::default()
                .content(tr!(user_lang(ctx), "managers-only"))
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                warn!("error while handling an error: {e}");
            }
        }
    }
}
