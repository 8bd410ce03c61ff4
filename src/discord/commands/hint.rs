//! `/hint`: in a game against the bot, the move it would play for the author, privately, on a
//! board.

use super::{Context, Error, actor, autocomplete, game_id, user_lang};
use crate::discord::private_board::PrivateBoard;

/// Against the bot: the move it would play for you, and why (hints are counted)
///
/// Deferred first, privately: the search takes up to two seconds. The service refuses it,
/// with its reason and nothing counted, in rated games, between people, out of turn, to
/// someone not playing and after the end.
#[poise::command(slash_command, guild_only)]
pub async fn hint(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    let id = game_id(ctx, game).await?;
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx);
    let hint = ctx.data().service.hint(id, &actor(ctx)).await?;
    let board = PrivateBoard::drawn(hint.text(lang), "hint.png", move || hint.png(lang)).await?;
    ctx.send(board.reply()).await?;
    Ok(())
}
