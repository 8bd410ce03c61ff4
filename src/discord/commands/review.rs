//! After a game: `/replay` (an animated GIF of the game) and `/analyse` (the AI's look back at
//! a finished game: a chart of White's chances and the moves that changed the game most).

use super::{Context, Data, Error, actor, autocomplete, named_game, server_lang};
use crate::discord::ids::Stored;
use crate::discord::post::{analysed_answer, gif_of};

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![replay(), analyse()]
}

/// An animated replay of a game
#[poise::command(slash_command, guild_only)]
pub async fn replay(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::finished_game"] game: Option<i64>,
) -> Result<(), Error> {
    let channel = ctx.channel_id().stored();
    let game = ctx
        .data()
        .service
        .game_to_review(named_game(ctx, game)?, &actor(ctx), channel)
        .await?;
    let lang = server_lang(ctx).await?;
    // Drawing every position takes a moment and Discord waits three seconds at most; deferred
    // only now, so that a wrong game is still answered to its author alone.
    ctx.defer().await?;
    let (content, file) = gif_of(&ctx.data().service, lang, &game).await?;
    ctx.send(
        poise::CreateReply::default()
            .content(content)
            .attachment(file),
    )
    .await?;
    Ok(())
}

/// Where a finished game was won and lost, as the AI sees it
#[poise::command(slash_command, guild_only)]
pub async fn analyse(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::finished_game"] game: Option<i64>,
) -> Result<(), Error> {
    // Not deferred: asking reads the store, and a stored analysis's chart takes milliseconds.
    let service = &ctx.data().service;
    let channel = ctx.channel_id().stored();
    let game = service
        .game_to_review(named_game(ctx, game)?, &actor(ctx), channel)
        .await?;
    let lang = server_lang(ctx).await?;
    let analysed = service.analyse_game(&game, Some(channel)).await?;
    let (content, chart) = analysed_answer(lang, &game, analysed).await?;
    let mut reply = poise::CreateReply::default().content(content);
    if let Some(chart) = chart {
        reply = reply.attachment(chart);
    }
    ctx.send(reply).await?;
    Ok(())
}
