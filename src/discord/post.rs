//! Posting a game to Discord: where its boards go (its thread, else its channel, with a fallback
//! when Discord refuses the thread), the board picture, the replay, the analysis and the export file.

use crate::discord::ids;
use poise::serenity_prelude as serenity;
use tracing::warn;

use super::Error;
use super::messages::{board_pings, fit_message};
use super::open_board::{WebBoard, board_buttons};
use super::outgoing;
use crate::i18n::Lang;
use crate::service::{Analysed, AnalysisView, GameId, GameView, Service};
use crate::tr;

/// Where a game's boards go: its thread, or the channel it was started in.
pub fn game_channel(game: &GameView) -> Option<serenity::ChannelId> {
    game.thread_id.or(game.venue.channel_id).map(ids::channel)
}

/// Posts the board with `content` where the game is played. `nonce` makes Discord drop a repeat
/// of the same post made within a few minutes (a delivery retried after a lost answer is not
/// shown twice).
pub async fn deliver_board(
    ctx: &serenity::Context,
    service: &Service,
    web: Option<&WebBoard>,
    lang: Lang,
    game: &GameView,
    content: &str,
    nonce: &str,
) -> Result<(), Error> {
    let channel = game_channel(game).ok_or_else(|| anyhow::anyhow!("game has no channel"))?;
    let png = game.png(lang).await?;
    let message = |content: &str| {
        outgoing::message_once(&board_pings(game), nonce)
            .content(fit_message(content))
            .add_file(serenity::CreateAttachment::bytes(png.clone(), "board.png"))
            .components(board_buttons(lang, game, web))
    };
    match channel.send_message(ctx, message(content)).await {
        Ok(_) => Ok(()),
        // The thread is archived, gone or closed to the bot: play on in the channel the game
        // started in, and say so this once.
        Err(error) if refused(&error) => {
            let Some(fallback) = game
                .venue
                .channel_id
                .map(ids::channel)
                .filter(|c| *c != channel)
            else {
                return Err(error.into());
            };
            warn!("posting to the thread of game #{} failed: {error}", game.id);
            let note = format!("{content}\n{}", tr!(lang, "thread-refused"));
            // Recorded first: from now on the game is played in the channel, even if this
            // post has to be retried.
            service.set_thread(game.id, None).await?;
            fallback.send_message(ctx, message(&note)).await?;
            Ok(())
        }
        Err(error) => Err(error.into()),
    }
}

/// Whether Discord refused a message for good (unknown channel, no access, no permission, an
/// archived thread), as opposed to a passing failure.
pub fn refused(error: &serenity::Error) -> bool {
    const REFUSALS: [isize; 4] = [10003, 50001, 50013, 50083];
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if REFUSALS.contains(&response.error.code)
    )
}

/// Whether Discord refused a direct message because the player closed them ("Cannot send
/// messages to this user": they allow none from server members, blocked the bot, or share no
/// server with it). The player's choice, not a fault: the message is set aside, never retried.
/// Unknown Channel and Missing Access are refusals of any post already ([`refused`]); Unknown
/// User is not counted here, as Discord documents no such answer to a direct message.
pub fn dm_closed(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.error.code == 50007
    )
}

/// The words and the file of a game's replay (drawn in the AI's queue, off the async threads).
pub async fn gif_of(
    service: &Service,
    lang: Lang,
    game: &GameView,
) -> Result<(String, serenity::CreateAttachment), Error> {
    let id = game.id;
    let text = tr!(
        lang,
        "replay-posted",
        id = id,
        white = &game.white.name,
        red = &game.red.name
    );
    let gif = service.replay_gif(game, lang).await?;
    let file = serenity::CreateAttachment::bytes(gif, format!("ponte-game-{id}.gif"));
    Ok((text, file))
}

/// The words and the chart of a game's analysis, the chart drawn off the async threads.
pub async fn analysis_post(
    lang: Lang,
    game: &GameView,
    analysis: &AnalysisView,
) -> Result<(String, serenity::CreateAttachment), Error> {
    let text = fit_message(&analysis.summary(lang));
    let (game, analysis) = (game.clone(), analysis.clone());
    let id = game.id;
    let title = AnalysisView::title(lang, &game);
    let png = tokio::task::spawn_blocking(move || analysis.chart(lang, &title)).await?;
    let file = serenity::CreateAttachment::bytes(png, format!("ponte-analysis-{id}.png"));
    Ok((text, file))
}

/// The answer to asking for the analysis of `game`: the analysis with its chart when it is
/// ready, else word that it started or is under way.
pub async fn analysed_answer(
    lang: Lang,
    game: &GameView,
    analysed: Analysed,
) -> Result<(String, Option<serenity::CreateAttachment>), Error> {
    let id = game.id;
    Ok(match analysed {
        Analysed::Ready(analysis) => {
            let (text, chart) = analysis_post(lang, game, &analysis).await?;
            (text, Some(chart))
        }
        Analysed::Started { positions } => (
            tr!(lang, "analysis-started", id = id, positions = positions),
            None,
        ),
        Analysed::Running => (tr!(lang, "analysis-running", id = id), None),
    })
}

/// The words and the file of an export.
pub async fn export_file(
    lang: Lang,
    service: &Service,
    game: GameId,
) -> Result<(String, serenity::CreateAttachment), Error> {
    let text = service.export(game).await?;
    let file =
        serenity::CreateAttachment::bytes(text.into_bytes(), format!("ponte-game-{game}.txt"));
    Ok((tr!(lang, "export-record", id = game), file))
}
