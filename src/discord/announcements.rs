//! What the players are owed, as the delivery worker posts it: [`post`] matches every kind of
//! [`Announcement`] (a new kind is a compile error here until it is delivered) and hands it to
//! its own function; this file holds the words of a game's items, and `tournament_posts` a
//! tournament's.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::Error;
use super::button_id::ButtonId;
use super::ids::{self, Stored};
use super::messages::{
    board_pings, board_text, button, fit_message, mention, move_text, result_text,
};
use super::open_board::{WebBoard, page_address};
use super::outgoing::{self, NOBODY};
use super::post::{analysis_post, deliver_board, game_channel, refused};
use super::tournament_posts::{post_finished, post_round, post_standings};
use crate::i18n::{Lang, color_name};
use crate::service::{
    AnalysisView, Announcement, ChannelId, DailyPuzzle, DueAnnouncement, GameId, GameView,
    MessageId, OutboxId, PlayerId, PuzzleId, Service, TournamentId,
};
use crate::tr;

/// The nonce of an item's post (its id is never reused): its other posts add a suffix.
pub fn nonce(item: OutboxId) -> String {
    format!("ponte-{item}")
}

/// Posts `item`, each kind by its own function.
pub async fn post(
    ctx: &serenity::Context,
    service: &Service,
    web: Option<&WebBoard>,
    item: &DueAnnouncement,
) -> Result<(), Error> {
    let nonce = &nonce(item.id);
    // Posts read by the whole server are in its language, the reminder by direct message too
    // (the player's own locale is known only when they act).
    let lang = service
        .guild_language(item.announcement.venue().guild_id)
        .await?;
    match &item.announcement {
        Announcement::Started { game, anchor } => {
            post_started(ctx, service, web, item.id, lang, game, *anchor).await
        }
        Announcement::Moved(report) => {
            let text = move_text(lang, report);
            deliver_board(ctx, service, web, lang, &report.game, &text, nonce).await
        }
        Announcement::Ended(game) => {
            let text = ended_text(lang, game);
            deliver_board(ctx, service, web, lang, game, &text, nonce).await
        }
        Announcement::Reminder(game) => say(ctx, reminder(lang, game), nonce).await,
        Announcement::ReminderDm(game) => {
            let page = page_address(service, web, game.id).await?;
            say(ctx, reminder_dm(lang, game, page.as_deref()), nonce).await
        }
        Announcement::Round { tournament, round } => {
            post_round(ctx, lang, tournament, *round, nonce).await
        }
        Announcement::Standings(tournament) => {
            post_standings(ctx, service, lang, tournament, false, nonce).await
        }
        Announcement::Finished(tournament) => {
            post_finished(ctx, service, lang, tournament, nonce).await
        }
        Announcement::Analysis {
            game,
            analysis,
            channel,
        } => post_analysis(ctx, lang, game, analysis, *channel, nonce).await,
        Announcement::AnalysisFailed { game, channel, .. } => {
            say(ctx, analysis_failed(lang, *game, *channel), nonce).await
        }
        Announcement::Digest {
            player,
            lang,
            games,
        } => {
            let mut pages = Vec::with_capacity(games.len());
            for game in games {
                pages.push(page_address(service, web, game.id).await?);
            }
            say(ctx, digest(*lang, *player, games, &pages), nonce).await
        }
        Announcement::SlowReply { game, seconds } => {
            say(ctx, slow_reply(lang, game, *seconds), nonce).await
        }
        Announcement::DailyPuzzle(daily) => post_daily_puzzle(ctx, lang, daily, nonce).await,
    }
}

/// What the delivery posts for an item that is words alone: to whom, and what.
#[derive(Debug, PartialEq, Eq)]
pub enum Said {
    /// Nothing is owed any more (no game waits for the player, the game moved on).
    Nothing,
    /// A post in `channel` (a game's thread, or the channel that asked), pinging `pings`.
    InChannel {
        channel: serenity::ChannelId,
        pings: Vec<PlayerId>,
        text: String,
    },
    /// A direct message to `player`.
    Direct { player: PlayerId, text: String },
}

/// Posts words alone, once: the nonce makes Discord drop a delivery repeated soon after its
/// post went through (a lost answer, or a stop before the outbox marked it); Discord remembers
/// nonces for a few minutes only. A direct message refused (the player closed them) is set
/// aside by the worker, holding back none of the game's posts; another failure is tried again.
pub async fn say(ctx: &serenity::Context, said: Said, nonce: &str) -> Result<(), Error> {
    match said {
        Said::Nothing => {}
        Said::InChannel {
            channel,
            pings,
            text,
        } => {
            let message = outgoing::message_once(&pings, nonce).content(fit_message(&text));
            channel.send_message(ctx, message).await?;
        }
        Said::Direct { player, text } => {
            // A player of the terminal has no direct messages: nothing is sent.
            let Some(user) = ids::user(player) else {
                return Ok(());
            };
            let message = outgoing::message_once(NOBODY, nonce).content(fit_message(&text));
            user.direct_message(ctx, message).await?;
        }
    }
    Ok(())
}

/// A reminder in the game's thread, while the game still waits for that move.
fn reminder(lang: Lang, game: &GameView) -> Said {
    match (reminder_text(lang, game), game_channel(game)) {
        (Some(text), Some(channel)) => Said::InChannel {
            channel,
            pings: board_pings(game),
            text,
        },
        _ => Said::Nothing,
    }
}

/// The reminder by direct message to the player to move.
fn reminder_dm(lang: Lang, game: &GameView, page: Option<&str>) -> Said {
    match reminder_dm_text(lang, game, page) {
        Some((player, text)) => Said::Direct { player, text },
        None => Said::Nothing,
    }
}

/// A player's digest, in their language; nothing when no game waits for them.
fn digest(lang: Lang, player: PlayerId, games: &[GameView], pages: &[Option<String>]) -> Said {
    if games.is_empty() {
        return Said::Nothing;
    }
    Said::Direct {
        player,
        text: digest_text(lang, player, games, pages),
    }
}

/// Word to the channel that asked that the analysis of `game` was given up.
fn analysis_failed(lang: Lang, game: GameId, channel: ChannelId) -> Said {
    Said::InChannel {
        channel: ids::channel(channel),
        pings: Vec::new(),
        text: analysis_failed_text(lang, game),
    }
}

/// Word in the game's thread that the AI's reply may take up to `seconds`.
fn slow_reply(lang: Lang, game: &GameView, seconds: i64) -> Said {
    match game_channel(game) {
        Some(channel) => Said::InChannel {
            channel,
            pings: Vec::new(),
            text: slow_reply_text(lang, game.id, seconds),
        },
        None => Said::Nothing,
    }
}

/// A game's analysis, with its chart, in the channel that asked for it.
async fn post_analysis(
    ctx: &serenity::Context,
    lang: Lang,
    game: &GameView,
    analysis: &AnalysisView,
    channel: ChannelId,
    nonce: &str,
) -> Result<(), Error> {
    let (content, chart) = analysis_post(lang, game, analysis).await?;
    let message = outgoing::message_once(NOBODY, nonce)
        .content(content)
        .add_file(chart);
    ids::channel(channel).send_message(ctx, message).await?;
    Ok(())
}

/// A server's daily puzzle: its picture, what to find, and the button that opens it.
async fn post_daily_puzzle(
    ctx: &serenity::Context,
    lang: Lang,
    daily: &DailyPuzzle,
    nonce: &str,
) -> Result<(), Error> {
    let text = daily_puzzle_text(lang, daily);
    let button = daily_puzzle_button(lang, daily.view.id);
    let view = daily.view.clone();
    let png = tokio::task::spawn_blocking(move || view.png(lang)).await?;
    let message = outgoing::message_once(NOBODY, nonce)
        .content(text)
        .add_file(serenity::CreateAttachment::bytes(png, "puzzle.png"))
        .components(button);
    ids::channel(daily.channel)
        .send_message(ctx, message)
        .await?;
    Ok(())
}

/// A new game: its thread opened (on the challenge message, or for a tournament game on a
/// post of its own), and its first board there.
async fn post_started(
    ctx: &serenity::Context,
    service: &Service,
    web: Option<&WebBoard>,
    item: OutboxId,
    lang: Lang,
    game: &GameView,
    anchor: Option<MessageId>,
) -> Result<(), Error> {
    let anchor = match anchor {
        Some(anchor) => Some(anchor),
        None => tournament_anchor(ctx, service, item, lang, game).await?,
    };
    let (game, in_channel) = open_thread(ctx, service, game, anchor).await?;
    let text = started_text(lang, &game, in_channel);
    deliver_board(ctx, service, web, lang, &game, &text, &nonce(item)).await
}

/// A tournament game has no challenge message to open its thread on: the bot posts one in the
/// tournament's channel ("round 2: alice – bob") and records it with the announcement, so a
/// later attempt opens the thread on the same message (a quick retry is dropped by its nonce).
async fn tournament_anchor(
    ctx: &serenity::Context,
    service: &Service,
    item: OutboxId,
    lang: Lang,
    game: &GameView,
) -> Result<Option<MessageId>, Error> {
    let (Some((tournament, round)), None, Some(channel)) =
        (game.tournament, game.thread_id, game.venue.channel_id)
    else {
        return Ok(None);
    };
    let text = anchor_text(lang, game, tournament, round);
    let message = outgoing::message_once(NOBODY, &format!("{}-anchor", nonce(item))).content(text);
    let posted = ids::channel(channel).send_message(ctx, message).await?;
    let anchor = posted.id.stored();
    service.set_announcement_anchor(item, anchor).await?;
    Ok(Some(anchor))
}

/// Opens a new game's thread on its challenge message, once: a thread opened by an attempt
/// whose answer was lost is found again (a thread started from a message has the message's
/// id). When Discord refuses threads, the game is played in the channel (the flag says so, for
/// a note to the players).
async fn open_thread(
    ctx: &serenity::Context,
    service: &Service,
    game: &GameView,
    anchor: Option<MessageId>,
) -> Result<(GameView, bool), Error> {
    let (Some(anchor), Some(channel), None) = (anchor, game.venue.channel_id, game.thread_id)
    else {
        return Ok((game.clone(), game.thread_id.is_none()));
    };
    // Thread names stay in the notation everyone shares: "#12: alice – bob".
    let name: String = format!("#{}: {} – {}", game.id, game.white.name, game.red.name)
        .chars()
        .take(100)
        .collect();
    let channel = ids::channel(channel);
    let opened = channel
        .create_thread_from_message(
            ctx,
            ids::message(anchor),
            serenity::CreateThread::new(name)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await;
    let thread = match opened {
        Ok(thread) => thread.id.stored(),
        Err(error) if thread_exists(&error) => ids::thread_of(anchor),
        Err(error) if refused(&error) => {
            warn!("could not open a thread for game #{}: {error}", game.id);
            return Ok((game.clone(), true));
        }
        Err(error) => return Err(error.into()),
    };
    service.set_thread(game.id, Some(thread)).await?;
    let mut game = game.clone();
    game.thread_id = Some(thread);
    Ok((game, false))
}

/// "A thread has already been created for this message."
fn thread_exists(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.error.code == 160004
    )
}

/// A digest: the games where it is `player`'s turn, each with the opponent, the move to
/// play, the time left, a link to its thread and, when the web board is served, its page
/// (`pages`, game by game).
fn digest_text(
    lang: Lang,
    player: PlayerId,
    games: &[GameView],
    pages: &[Option<String>],
) -> String {
    let mut text = tr!(lang, "digest-header", count = games.len());
    for (at, game) in games.iter().enumerate() {
        let opponent = if game.white.id == player {
            &game.red
        } else {
            &game.white
        };
        let mut line = tr!(
            lang,
            "digest-line",
            id = game.id,
            opponent = &opponent.name,
            number = game.game.plies() + 1
        );
        if let Some(at) = game.deadline_at {
            let left = tr!(lang, "games-deadline", at = format!("<t:{}:R>", at / 1000));
            line = format!("{line} · {left}");
        }
        if let (Some(guild), Some(channel)) = (game.venue.guild_id, game_channel(game)) {
            line = format!("{line} · https://discord.com/channels/{guild}/{channel}");
        }
        if let Some(Some(page)) = pages.get(at) {
            // In angle brackets: Discord shows no preview of the page.
            line = format!("{line} · <{page}>");
        }
        text = format!("{text}\n{line}");
    }
    text
}

/// The reminder, while the game still waits for that move.
fn reminder_text(lang: Lang, game: &GameView) -> Option<String> {
    let (color, player) = game.to_move()?;
    let deadline = game.deadline_at? / 1000;
    Some(tr!(
        lang,
        "reminder",
        who = mention(player.id, &player.name),
        id = game.id,
        color = color_name(lang, color),
        at = format!("<t:{deadline}:R>")
    ))
}

/// A new game's first post: its board, with a tournament game's players and round, and a note
/// when the game is played in the channel because no thread could be opened.
fn started_text(lang: Lang, game: &GameView, in_channel: bool) -> String {
    let mut text = board_text(lang, game);
    if let Some((tournament, round)) = game.tournament {
        let players = tr!(
            lang,
            "tournament-game-start",
            white = mention(game.white.id, &game.white.name),
            red = mention(game.red.id, &game.red.name),
            round = round,
            id = tournament
        );
        text = format!("{text}\n{players}");
    }
    if in_channel {
        text = format!("{text}\n{}", tr!(lang, "thread-not-opened"));
    }
    text
}

/// A game that ended without a move: its number and how it ended.
fn ended_text(lang: Lang, game: &GameView) -> String {
    tr!(
        lang,
        "labelled",
        label = tr!(lang, "game-number", id = game.id),
        text = result_text(lang, game)
    )
}

/// The reminder by direct message, and whom it goes to: the player to move (a player of the
/// terminal, with no Discord account, gets none), with the game's page when the web board is
/// served.
fn reminder_dm_text(lang: Lang, game: &GameView, page: Option<&str>) -> Option<(PlayerId, String)> {
    let (_, player) = game.to_move().filter(|(_, p)| p.id.snowflake().is_some())?;
    let deadline = game.deadline_at.unwrap_or_default() / 1000;
    let mut text = tr!(
        lang,
        "reminder-dm",
        id = game.id,
        at = format!("<t:{deadline}:R>")
    );
    if let Some(page) = page {
        let page = tr!(lang, "open-board-page", address = format!("<{page}>"));
        text = format!("{text}\n{page}");
    }
    Some((player.id, text))
}

/// The post a tournament game's thread opens on ("round 2: alice – bob").
fn anchor_text(lang: Lang, game: &GameView, tournament: TournamentId, round: u32) -> String {
    tr!(
        lang,
        "tournament-game-anchor",
        tournament = tournament,
        round = round,
        id = game.id,
        white = &game.white.name,
        red = &game.red.name
    )
}

/// A game's analysis was given up.
fn analysis_failed_text(lang: Lang, game: GameId) -> String {
    tr!(lang, "analysis-failed", id = game)
}

/// Many games wait for the bot: its reply in game `game` may take up to `seconds`.
fn slow_reply_text(lang: Lang, game: GameId, seconds: i64) -> String {
    tr!(lang, "slow-reply", id = game, seconds = seconds)
}

/// A daily puzzle's post: what to find, and how many solved the server's one before.
fn daily_puzzle_text(lang: Lang, daily: &DailyPuzzle) -> String {
    let mut text = format!("{}\n{}", tr!(lang, "daily-puzzle"), daily.view.text(lang));
    if let Some(before) = daily.before {
        let solved = tr!(
            lang,
            "daily-puzzle-solvers",
            count = before.solvers,
            id = before.puzzle_id
        );
        text = format!("{text}\n{solved}");
    }
    text
}

/// The daily puzzle's Solve button, which opens it privately for whoever clicks.
fn daily_puzzle_button(lang: Lang, puzzle: PuzzleId) -> Vec<serenity::CreateActionRow> {
    let solve = button(
        ButtonId::SolvePuzzle(puzzle),
        tr!(lang, "button-solve"),
        serenity::ButtonStyle::Success,
    );
    vec![serenity::CreateActionRow::Buttons(vec![solve])]
}
