//! `/learn`: the lessons, privately to the learner, in a server or a direct message: the
//! lesson's board, its explanation and task, and buttons for a choice. A move is answered with
//! `/place`, `/bridge` or `/pass` outside any game (see `play`), or, everywhere and in direct
//! messages (where those commands are not offered), with `/learn move:`; the same in every
//! language. After the last lesson: a game against the bot at easy, or starting again.

use poise::serenity_prelude as serenity;

use super::{Context, Error, actor, user_lang};
use crate::discord::UserError;
use crate::discord::button_id::ButtonId;
use crate::discord::messages::button;
use crate::discord::private_board::PrivateBoard;
use crate::game::Move;
use crate::i18n::Lang;
use crate::service::{Answered, Learning, LessonAnswer, LessonView};
use crate::tr;

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
    let buttons = choice_buttons(&view, lang);
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
fn choice_buttons(view: &LessonView, lang: Lang) -> Vec<serenity::CreateActionRow> {
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
