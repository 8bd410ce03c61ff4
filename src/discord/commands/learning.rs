//! The learning wing's commands, each answering its player alone with a [`PrivateBoard`]:
//!
//! - `/learn`: the lessons, in a server or a direct message: the lesson's board, its
//!   explanation and task, and buttons for a choice. A move is answered with `/place`,
//!   `/bridge` or `/pass` outside any game (see `play`), or, everywhere and in direct messages
//!   (where those commands are not offered), with `/learn move:`; the same in every language.
//!   After the last lesson: a game against the bot at easy, or starting again.
//! - `/puzzle`: the position as a picture, what to find, and one button per choice (answered
//!   in `buttons`). In a server, its own games' puzzles first, then the built-in set; in a
//!   direct message, the built-in set.
//! - `/hint`: in a game against the bot, the move it would play for the author, on a board.
//!
//! A new learning command joins them here and in [`commands`].

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, actor, autocomplete, game_id, tell_author, user_lang};
use crate::discord::UserError;
use crate::discord::button_id::ButtonId;
use crate::discord::messages::button;
use crate::discord::private_board::PrivateBoard;
use crate::game::Move;
use crate::i18n::Lang;
use crate::service::{Answered, Learning, LessonAnswer, LessonView, PuzzleView};
use crate::tr;

/// The learning commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![hint(), puzzle(), learn()]
}

/// Learn Ponte del Diavolo by playing: eight short lessons, privately
///
/// Deferred first, privately: the board takes a moment to draw.
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 8]
    lesson: Option<i64>,
    #[rename = "move"] answer: Option<String>,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    let who = actor(ctx);
    let shown = match (answer, lesson) {
        (Some(text), _) => {
            let mv = text
                .parse::<Move>()
                .map_err(|_| UserError(tr!(lang, "error-not-a-move", text = text.trim())))?;
            let answered = service
                .answer_lesson(&who, None, LessonAnswer::Move(mv))
                .await?;
            answered_shown(answered, lang).await?
        }
        (None, Some(number)) => {
            let view = service.start_lesson(&who, number).await?;
            learning_shown(Learning::At(Box::new(view)), lang).await?
        }
        (None, None) => learning_shown(service.learning(&who).await?, lang).await?,
    };
    ctx.send(shown.reply()).await?;
    Ok(())
}

/// A move given to the author's lesson through `/place`, `/bridge` or `/pass` where they have
/// no game: the answer first says so, for a player who meant a game played elsewhere.
pub async fn answer_move(ctx: Context<'_>, mv: Move) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx);
    let answered = ctx
        .data()
        .service
        .answer_lesson(&actor(ctx), None, LessonAnswer::Move(mv))
        .await?;
    let (Answered::Right { number, .. } | Answered::Wrong { number, .. }) = answered;
    let mut shown = answered_shown(answered, lang).await?;
    let answered_here = tr!(lang, "lesson-move-answered", number = number);
    shown.text = format!("{answered_here}\n{}", shown.text);
    ctx.send(shown.reply()).await?;
    Ok(())
}

/// Where the learner is: the lesson, or the end with its two buttons.
pub async fn learning_shown(learning: Learning, lang: Lang) -> Result<PrivateBoard, Error> {
    let Learning::At(view) = learning else {
        let buttons = vec![serenity::CreateActionRow::Buttons(vec![
            button(
                ButtonId::LessonBot,
                tr!(lang, "button-lesson-bot"),
                serenity::ButtonStyle::Success,
            ),
            button(
                ButtonId::LessonAgain,
                tr!(lang, "button-lesson-again"),
                serenity::ButtonStyle::Secondary,
            ),
        ])];
        let finished = tr!(lang, "lesson-finished", total = crate::service::LESSONS);
        return Ok(PrivateBoard::text(finished).with_buttons(buttons));
    };
    let how = match view.lesson.wants_move() {
        true => tr!(lang, "lesson-how-move"),
        false => tr!(lang, "lesson-how-choice"),
    };
    let text = format!("{}\n{how}", view.text(lang));
    let buttons = lesson_buttons(&view, lang);
    let board = PrivateBoard::drawn(text, "lesson.png", move || view.png(lang)).await?;
    Ok(board.with_buttons(buttons))
}

/// An answer: why it is not right, or that it is with the board after it and the next lesson.
pub async fn answered_shown(answered: Answered, lang: Lang) -> Result<PrivateBoard, Error> {
    let said = answered.text(lang);
    let Answered::Right { next, .. } = &answered else {
        return Ok(PrivateBoard::text(said));
    };
    let next = learning_shown(next.clone(), lang).await?;
    let after = tokio::task::spawn_blocking(move || answered.png(lang)).await?;
    let mut pictures: Vec<_> = after.map(|png| (png, "answer.png")).into_iter().collect();
    pictures.extend(next.pictures);
    Ok(PrivateBoard {
        text: format!("{said}\n\n{}", next.text),
        pictures,
        buttons: next.buttons,
    })
}

/// One button per choice of a choice lesson (none for a move).
fn lesson_buttons(view: &LessonView, lang: Lang) -> Vec<serenity::CreateActionRow> {
    let Ok(lesson) = u8::try_from(view.number) else {
        return Vec::new();
    };
    let buttons: Vec<_> = (0u8..)
        .zip(view.choices(lang))
        .map(|(choice, label)| {
            let id = ButtonId::LessonAnswer { lesson, choice };
            button(id, label, serenity::ButtonStyle::Primary)
        })
        .collect();
    match buttons.is_empty() {
        true => Vec::new(),
        false => vec![serenity::CreateActionRow::Buttons(buttons)],
    }
}

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
    ctx.send(shown_puzzle(view, lang).await?.reply()).await?;
    Ok(())
}

/// A puzzle as shown: its words, its picture (drawn off the async threads) and its buttons.
///
/// # Errors
/// When drawing panics.
pub async fn shown_puzzle(view: PuzzleView, lang: Lang) -> Result<PrivateBoard, Error> {
    let (text, buttons) = (view.text(lang), puzzle_buttons(&view));
    let board = PrivateBoard::drawn(text, "puzzle.png", move || view.png(lang)).await?;
    Ok(board.with_buttons(buttons))
}

/// One button per choice, labelled with the move in the record's notation.
fn puzzle_buttons(view: &PuzzleView) -> Vec<serenity::CreateActionRow> {
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
