//! `/puzzle`: a puzzle for the author, privately: the position as a picture, what to find,
//! and one button per choice (answered in `buttons`). In a server, its own games' puzzles
//! first, then the built-in set; in a direct message, the built-in set.

use poise::serenity_prelude as serenity;

use super::{Context, Error, actor, tell_author, user_lang};
use crate::discord::button_id::ButtonId;
use crate::discord::messages::button;
use crate::discord::private_board::PrivateBoard;
use crate::i18n::Lang;
use crate::service::PuzzleView;
use crate::tr;

/// A position from this server's games: find the move that keeps the advantage
///
/// Deferred first, privately: the picture takes a moment to draw.
#[poise::command(slash_command)]
pub async fn puzzle(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx);
    let Some(view) = ctx.data().service.next_puzzle(&actor(ctx)).await? else {
        return tell_author(ctx, &tr!(lang, "puzzle-none")).await;
    };
    ctx.send(shown(view, lang).await?.reply()).await?;
    Ok(())
}

/// A puzzle as shown: its words, its picture (drawn off the async threads) and its buttons.
///
/// # Errors
/// When drawing panics.
pub async fn shown(view: PuzzleView, lang: Lang) -> Result<PrivateBoard, Error> {
    let (text, buttons) = (view.text(lang), choice_buttons(&view));
    let board = PrivateBoard::drawn(text, "puzzle.png", move || view.png(lang)).await?;
    Ok(board.with_buttons(buttons))
}

/// One button per choice, labelled with the move in the record's notation.
pub fn choice_buttons(view: &PuzzleView) -> Vec<serenity::CreateActionRow> {
    let buttons = (0u8..)
        .zip(view.choices())
        .map(|(choice, mv)| {
            let id = ButtonId::PuzzleAnswer {
                puzzle: view.id,
                choice,
            };
            button(id, mv.to_string(), serenity::ButtonStyle::Primary)
        })
        .collect();
    vec![serenity::CreateActionRow::Buttons(buttons)]
}
