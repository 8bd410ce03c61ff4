//! Moves: `/place`, `/bridge`, `/swap`, `/pass`, `/resign` (confirmed by a button) and `/abort`.

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, actor, author_id, autocomplete, game_id, the_game, user_lang};
use crate::discord::UserError;
use crate::discord::button_id::ButtonId;
use crate::discord::messages::button;
use crate::discord::post::game_channel;
use crate::game::{BadMove, Move};
use crate::service::{AbortOutcome, GameId, MoveOutcome, Sent, ServiceError};
use crate::tr;

/// Plays the move `parsed` from the player's `text` (parsed once, by the command) in the game.
/// The board, with the mention of the player to move, follows from the delivery worker
/// (`discord::outbox`): saved with the move, it reaches the thread even when Discord fails for
/// a while. The player is told what was saved.
async fn play(
    ctx: Context<'_>,
    game: Option<i64>,
    text: &str,
    parsed: Result<Move, BadMove>,
) -> Result<(), Error> {
    let received = std::time::Instant::now();
    let service = &ctx.data().service;
    let Some(id) = game_or_lesson(ctx, game).await? else {
        let mv =
            parsed.map_err(|_| UserError(tr!(user_lang(ctx), "error-not-a-move", text = text)))?;
        return super::learning::answer_move(ctx, mv).await;
    };
    let mv = match parsed {
        Ok(mv) => mv,
        Err(bad) => return Err(service.unparsed(id, bad).await.into()),
    };
    let sent = Sent {
        at: snowflake_millis(ctx.id()),
        received,
    };
    let outcome = service
        .play_sent(id, author_id(ctx), mv, None, Some(sent))
        .await?;
    let report = match outcome {
        MoveOutcome::Played(report) => report,
        MoveOutcome::LostOnTime(view) => return Err(ServiceError::TimeRanOut(view.id).into()),
    };
    let view = &report.game;
    let ply = view.game.plies() as usize + 1 - report.played.len();
    let lang = user_lang(ctx);
    let note = match game_channel(view) {
        Some(channel) if channel != ctx.channel_id() => tr!(
            lang,
            "move-saved-elsewhere",
            ply = ply,
            id = view.id,
            channel = format!("<#{channel}>")
        ),
        _ => tr!(lang, "move-saved", ply = ply, id = view.id),
    };
    // Saved is saved: a lost reply must not read as a failed move.
    if let Err(error) = ctx
        .send(poise::CreateReply::default().content(note).ephemeral(true))
        .await
    {
        tracing::warn!("could not confirm move {ply} of game #{}: {error}", view.id);
    }
    Ok(())
}

/// The game a move is for, or `None` for the author's lesson. A game always wins: one named,
/// or the author's game in this thread or channel; only where there is none, and the author's
/// lesson waits for a move, does the move answer the lesson.
async fn game_or_lesson(ctx: Context<'_>, game: Option<i64>) -> Result<Option<GameId>, Error> {
    if game.is_some() {
        return Ok(Some(game_id(ctx, game).await?));
    }
    let service = &ctx.data().service;
    match game_id(ctx, None).await {
        Ok(id) => Ok(Some(id)),
        Err(error) => match error.downcast_ref::<ServiceError>() {
            Some(ServiceError::NoGameHere) if service.lesson_wants_move(author_id(ctx)).await? => {
                Ok(None)
            }
            _ => Err(error),
        },
    }
}

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![place(), bridge(), swap(), pass(), resign(), abort()]
}

/// Place two tiles, e.g. c3 d4
#[poise::command(slash_command, guild_only)]
pub async fn place(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::first_cell"] first: String,
    #[autocomplete = "autocomplete::second_cell"] second: Option<String>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    let text = match second {
        Some(second) => format!("{} {}", first.trim(), second.trim()),
        None => first.trim().to_string(),
    };
    match text.parse::<Move>() {
        parsed @ (Ok(Move::Place(..)) | Err(BadMove::OffEveryBoard(_))) => {
            play(ctx, game, &text, parsed).await
        }
        other => Err(UserError(tr!(
            user_lang(ctx),
            "place-takes-two-cells",
            elsewhere = other.as_ref().map_or("none", Move::kind)
        ))
        .into()),
    }
}

/// Build a bridge between two of your tiles, e.g. c3 e4
#[poise::command(slash_command, guild_only)]
pub async fn bridge(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::bridge_from"] from: String,
    #[autocomplete = "autocomplete::bridge_to"] to: Option<String>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    let text = match to {
        Some(to) => format!("{}-{}", from.trim(), to.trim()),
        None => from.trim().replace(' ', "-"),
    };
    match text.parse::<Move>() {
        parsed @ (Ok(Move::Bridge(..)) | Err(BadMove::OffEveryBoard(_))) => {
            play(ctx, game, &text, parsed).await
        }
        other => Err(UserError(tr!(
            user_lang(ctx),
            "bridge-takes-two-cells",
            elsewhere = other.as_ref().map_or("none", Move::kind)
        ))
        .into()),
    }
}

/// When a Discord id was made, in Unix milliseconds (ids are timestamps since 2015).
fn snowflake_millis(id: u64) -> i64 {
    const DISCORD_EPOCH: i64 = 1_420_070_400_000;
    (id >> 22) as i64 + DISCORD_EPOCH
}

/// Swap: take White and its first two tiles (Red's first turn only)
///
/// The pie rule's choice as the Swap button under the board makes it; the service refuses it,
/// with its reason, outside Red's first turn, out of turn, or for someone not playing.
#[poise::command(slash_command, guild_only)]
pub async fn swap(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    play(ctx, game, "swap", Ok(Move::Swap)).await
}

/// Pass: only when you cannot place two tiles
#[poise::command(slash_command, guild_only)]
pub async fn pass(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    play(ctx, game, "pass", Ok(Move::Pass)).await
}

/// Resign a game (asks you to confirm)
#[poise::command(slash_command, guild_only)]
pub async fn resign(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    let lang = user_lang(ctx);
    if game.color_of(author_id(ctx)).is_none() {
        return Err(ServiceError::NotYourGame(game.id).into());
    }
    if game.is_over() {
        return Err(ServiceError::GameOver(game.id).into());
    }
    let confirm = button(
        ButtonId::Resign(game.id),
        tr!(lang, "button-resign", id = game.id),
        serenity::ButtonStyle::Danger,
    );
    let reply = poise::CreateReply::default()
        .content(tr!(lang, "resign-confirm", id = game.id))
        .components(vec![serenity::CreateActionRow::Buttons(vec![confirm])])
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Call off a game before Red's first move (managers: any game); no result, unrated
#[poise::command(slash_command, guild_only)]
pub async fn abort(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    let game = game_id(ctx, game).await?;
    ctx.defer_ephemeral().await?;
    let by = actor(ctx);
    let service = &ctx.data().service;
    let view = match service.abort(game, &by).await? {
        AbortOutcome::Aborted(view) => view,
        AbortOutcome::LostOnTime(view) => return Err(ServiceError::TimeRanOut(view.id).into()),
    };
    let text = tr!(
        user_lang(ctx),
        "game-aborted",
        id = view.id,
        white = &view.white.name,
        red = &view.red.name,
        name = &by.player.name
    );
    if let Err(error) = ctx
        .send(poise::CreateReply::default().content(text).ephemeral(true))
        .await
    {
        tracing::warn!("could not confirm the abort of game #{}: {error}", view.id);
    }
    Ok(())
}
