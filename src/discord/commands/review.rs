//! After a game: `/replay` (an animated GIF of the game) and, from the same buttons under a
//! finished game's last board, its replay for the one who clicks.

use super::{Context, Error, asker, autocomplete, server_lang};
use crate::discord::post::gif_of;

/// An animated replay of a game
#[poise::command(slash_command, guild_only)]
pub async fn replay(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::finished_game"] game: Option<i64>,
) -> Result<(), Error> {
    // Drawing every position takes a moment: Discord waits three seconds at most.
    ctx.defer().await?;
    let channel = ctx.channel_id().get() as i64;
    let game = ctx
        .data()
        .service
        .game_to_review(game, asker(ctx), channel)
        .await?;
    let lang = server_lang(ctx).await?;
    let (content, file) = gif_of(lang, &game).await?;
    ctx.send(
        poise::CreateReply::default()
            .content(content)
            .attachment(file),
    )
    .await?;
    Ok(())
}
