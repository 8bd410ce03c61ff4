//! The slash commands, one file per group. Each turns its options into a service call and the
//! result into a reply; errors go to the one `on_error`, which answers ephemerally. What Discord
//! shows of a command (its description, its options' descriptions, and the German and French
//! names) comes from the `cmd-…` messages of `assets/locales` (see `localize`).

mod autocomplete;
mod challenge;
mod info;
mod learning;
mod play;
mod review;
mod settings;
mod standings;
mod tournament;
mod vacation;
mod web;

use crate::discord::ids::Stored;
use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, user_lang};
use crate::i18n::Lang;
use crate::service::{Actor, GameId, GameView, PlayerId};

pub use learning::{answered_shown, learning_shown, shown_puzzle};
pub use tournament::signup_buttons;

/// Every slash command, group by group (each group's file lists its own).
pub fn all() -> Vec<poise::Command<Data, Error>> {
    [
        challenge::commands(),
        play::commands(),
        info::commands(),
        review::commands(),
        standings::commands(),
        settings::commands(),
        tournament::commands(),
        vacation::commands(),
        learning::commands(),
        web::commands(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The language of a post the whole server sees: the server's (see `Service::guild_language`).
async fn server_lang(ctx: Context<'_>) -> Result<Lang, Error> {
    let guild = ctx.guild_id().map(|g| g.stored());
    Ok(ctx.data().service.guild_language(guild).await?)
}

/// Answers only the author, the text cut to fit one message.
async fn tell_author(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    let reply = poise::CreateReply::default()
        .content(crate::discord::messages::fit_message(text))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// The author's id as the service knows players.
fn author_id(ctx: Context<'_>) -> PlayerId {
    ctx.author().id.stored()
}

/// Who acts, from where, with which rights: a game named by its number is reached only from its
/// own server (or by its players in direct messages), and a member who manages the server (as
/// the interaction tells) may do more there.
fn actor(ctx: Context<'_>) -> Actor {
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    crate::discord::actor_of(ctx.author(), ctx.guild_id(), member)
}

/// The game a command names by number: a number no game can have (Discord lets any integer
/// be typed) is answered as a game not found.
fn named_game(ctx: Context<'_>, game: Option<i64>) -> Result<Option<GameId>, Error> {
    let checked = |number: i64| GameId::try_from(number).map_err(|_| number);
    game.map(checked).transpose().map_err(|number| {
        let text = crate::tr!(user_lang(ctx), "error-unknown-game", id = number);
        crate::discord::UserError(text).into()
    })
}

/// The game a command is about: the one named, or the author's game in this thread or channel.
/// Reads no move log.
async fn game_id(ctx: Context<'_>, game: Option<i64>) -> Result<GameId, Error> {
    Ok(match named_game(ctx, game)? {
        Some(id) => {
            ctx.data().service.check_reach(id, &actor(ctx)).await?;
            id
        }
        None => {
            ctx.data()
                .service
                .game_id_here(ctx.channel_id().stored(), author_id(ctx))
                .await?
        }
    })
}

/// The view of the game a command is about (see [`game_id`]).
async fn the_game(ctx: Context<'_>, game: Option<i64>) -> Result<GameView, Error> {
    let service = &ctx.data().service;
    Ok(match named_game(ctx, game)? {
        Some(id) => service.game_for(id, &actor(ctx)).await?,
        None => {
            service
                .game_here(ctx.channel_id().stored(), author_id(ctx))
                .await?
        }
    })
}

/// The value typed so far for another option of the command being autocompleted.
fn option_value(ctx: Context<'_>, name: &str) -> Option<String> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    app.interaction
        .data
        .options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match &o.value {
            serenity::CommandDataOptionValue::String(s) => Some(s.clone()),
            serenity::CommandDataOptionValue::Integer(i) => Some(i.to_string()),
            serenity::CommandDataOptionValue::Autocomplete { value, .. } => Some(value.clone()),
            _ => None,
        })
}
