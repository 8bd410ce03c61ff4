//! Moves: `/place`, `/bridge`, `/pass`, `/resign` (confirmed by a button) and `/abort`.

use poise::serenity_prelude as serenity;

use super::{Context, Error, author_id, autocomplete, game_id, the_game};
use crate::discord::messages::{game_buttons, move_text};
use crate::discord::post::{announce_end, deliver_board, game_channel, png_of};
use crate::discord::{UserError, player_of};
use crate::service::{AbortOutcome, MoveOutcome, ServiceError};

/// Plays `text` in the game and shows the result: here if this is the game's channel, else in
/// the game's thread with a short note here.
async fn play(ctx: Context<'_>, game: Option<i64>, text: &str) -> Result<(), Error> {
    let id = game_id(ctx, game).await?;
    let service = &ctx.data().service;
    let report = match service.play(id, author_id(ctx), text, None).await? {
        MoveOutcome::Played(report) => report,
        MoveOutcome::LostOnTime(view) => {
            announce_end(ctx.serenity_context(), service, &view).await;
            return Err(ServiceError::TimeRanOut(view.id).into());
        }
    };
    let content = move_text(&report);
    let view = report.game;
    if game_channel(&view) == Some(ctx.channel_id()) {
        let png = png_of(&view).await?;
        let reply = poise::CreateReply::default()
            .content(crate::discord::messages::fit_message(&content))
            .attachment(serenity::CreateAttachment::bytes(png, "board.png"))
            .components(game_buttons(&view));
        ctx.send(reply).await?;
        return Ok(());
    }
    // Posting elsewhere may take a while: answer within Discord's 3 seconds first.
    ctx.defer_ephemeral().await?;
    let note = match deliver_board(ctx.serenity_context(), service, &view, &content).await {
        Ok(channel) => format!("Played in game #{}: the board is in <#{channel}>.", view.id),
        Err(e) => {
            tracing::warn!("could not post the board of game #{}: {e}", view.id);
            format!(
                "Played in game #{}, but I could not post the board there.",
                view.id
            )
        }
    };
    ctx.send(poise::CreateReply::default().content(note).ephemeral(true))
        .await?;
    Ok(())
}

/// Place two tiles, e.g. c3 d4
#[poise::command(slash_command, guild_only)]
pub async fn place(
    ctx: Context<'_>,
    #[description = "First cell, e.g. c3 (or both cells: c3 d4)"]
    #[autocomplete = "autocomplete::first_cell"]
    first: String,
    #[description = "Second cell, e.g. d4"]
    #[autocomplete = "autocomplete::second_cell"]
    second: Option<String>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let text = match second {
        Some(second) => format!("{} {}", first.trim(), second.trim()),
        None => first.trim().to_string(),
    };
    if text.split_whitespace().count() != 2 || text.contains('-') {
        return Err(UserError(format!(
            "name two cells to place, like `c3 d4` (got \"{text}\"); bridges go with /bridge"
        ))
        .into());
    }
    play(ctx, game, &text).await
}

/// Build a bridge between two of your tiles, e.g. c3 e4
#[poise::command(slash_command, guild_only)]
pub async fn bridge(
    ctx: Context<'_>,
    #[description = "One end: a tile of yours, e.g. c3 (or both: c3-e4)"]
    #[autocomplete = "autocomplete::bridge_from"]
    from: String,
    #[description = "The other end, e.g. e4"]
    #[autocomplete = "autocomplete::bridge_to"]
    to: Option<String>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let text = match to {
        Some(to) => format!("{}-{}", from.trim(), to.trim()),
        None => from.trim().replace(' ', "-"),
    };
    play(ctx, game, &text).await
}

/// Pass: only when you cannot place two tiles
#[poise::command(slash_command, guild_only)]
pub async fn pass(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::game"]
    game: Option<i64>,
) -> Result<(), Error> {
    play(ctx, game, "pass").await
}

/// Resign a game (asks you to confirm)
#[poise::command(slash_command, guild_only)]
pub async fn resign(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    if game.color_of(author_id(ctx)).is_none() {
        return Err(ServiceError::NotYourGame(game.id).into());
    }
    if game.is_over() {
        return Err(ServiceError::GameOver(game.id).into());
    }
    let button = serenity::CreateButton::new(format!("resign:{}", game.id))
        .label(format!("Yes, resign game #{}", game.id))
        .style(serenity::ButtonStyle::Danger);
    let reply = poise::CreateReply::default()
        .content(format!(
            "Do you really want to resign game #{}? Your opponent wins.",
            game.id
        ))
        .components(vec![serenity::CreateActionRow::Buttons(vec![button])])
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Call off a game before Red's first move (managers: any game); no result, unrated
#[poise::command(slash_command, guild_only)]
pub async fn abort(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = game_id(ctx, game).await?;
    ctx.defer_ephemeral().await?;
    let manages = ctx
        .author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild());
    let manager_of = manages
        .then(|| ctx.guild_id().map(|g| g.get() as i64))
        .flatten();
    let player = player_of(ctx.author());
    let service = &ctx.data().service;
    let view = match service.abort(game, player.id, manager_of).await? {
        AbortOutcome::Aborted(view) => view,
        AbortOutcome::LostOnTime(view) => {
            announce_end(ctx.serenity_context(), service, &view).await;
            return Err(ServiceError::TimeRanOut(view.id).into());
        }
    };
    let text = format!(
        "Game #{} ({} vs {}) was aborted by {}: no result, and it does not count for ratings.",
        view.id, view.white.name, view.red.name, player.name
    );
    if let Err(error) = deliver_board(ctx.serenity_context(), service, &view, &text).await {
        tracing::warn!("could not post the aborted game #{}: {error}", view.id);
    }
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}
