//! The delivery worker: posts what saved actions owe the players (boards with the mention of
//! the player to move, new games' threads, results, reminders), in order per game, several
//! games' at once. A failure
//! is retried with backoff by the service's bookkeeping, so a Discord outage delays
//! announcements but loses none; what was pending when the bot stopped goes out when it starts.
//! A refusal for good (a channel gone or closed to the bot, a player's closed direct messages)
//! is counted, logged once and set aside, and the items behind it go ahead.
//! Each post carries the item's id as Discord's nonce, so a post retried after its answer was
//! lost is not shown twice. One worker runs per process.

use crate::discord::ids::{self, Stored};
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::futures::StreamExt;
use tracing::{info, warn};

use super::Error;
use super::announcements::{
    Said, anchor_text, cancelled_text, daily_puzzle_button, daily_puzzle_text, ended_text,
    round_text, said, started_text,
};
use super::commands::{signup_text, standings_text};
use super::health::{self, Outcome};
use super::messages::{fit_message, move_text};
use super::outgoing::{self, NOBODY};
use super::post::{analysis_post, deliver_board, dm_closed, refused};
use crate::i18n::Lang;
use crate::service::{
    Announcement, DueAnnouncement, Format, GameView, MessageId, OutboxId, Owed, PlayerId, Service,
    Subject, TournamentStatus, TournamentView,
};

/// The nonce of an item's post (its id is never reused): its other posts add a suffix.
fn nonce(item: OutboxId) -> String {
    format!("ponte-{item}")
}

/// Posts made at once. The outbox hands out one item per game (and per tournament, per
/// player's direct messages) at a time, so posts made together never overtake one another
/// within a game; together they pay the round trip to Discord once, not once each (one at a
/// time, a 50 ms round trip allowed about 17 boards a second). Discord's rate limits are
/// waited out by serenity whatever the number.
const AT_ONCE: usize = 8;

/// The due items (oldest first) in groups delivered one after another, each group's items at
/// once. A player's own messages (the digest, a reminder by direct message) speak of their
/// games as they stand, so each waits for everything owed before it and goes alone.
fn in_turn(due: Vec<DueAnnouncement>) -> Vec<Vec<DueAnnouncement>> {
    let mut groups = Vec::new();
    let mut together = Vec::new();
    for item in due {
        if item.announcement.owed.is_direct_message() {
            if !together.is_empty() {
                groups.push(std::mem::take(&mut together));
            }
            groups.push(vec![item]);
        } else {
            together.push(item);
        }
    }
    if !together.is_empty() {
        groups.push(together);
    }
    groups
}

/// How long the worker sleeps with nothing due (a write wakes it at once).
const IDLE: Duration = Duration::from_secs(60);

pub async fn run(
    ctx: serenity::Context,
    service: Arc<Service>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        if *stop.borrow() {
            return;
        }
        // Created before looking, so a write recorded meanwhile wakes the wait below.
        let recorded = service.announcements_recorded();
        match service.due_announcements().await {
            Ok(due) => {
                for group in in_turn(due) {
                    // Stopping: the posts in hand are finished, the rest wait in the outbox.
                    serenity::futures::stream::iter(group)
                        .for_each_concurrent(AT_ONCE, |item| {
                            let stopping = *stop.borrow();
                            let (ctx, service) = (&ctx, &service);
                            async move {
                                if !stopping {
                                    let posted = post(ctx, service, &item).await;
                                    record(service, &item, posted).await;
                                }
                            }
                        })
                        .await;
                    if *stop.borrow() {
                        return;
                    }
                }
            }
            Err(error) => warn!("could not read the announcements due: {error}"),
        }
        let wait = match service.next_announcement_in().await {
            Ok(next) => next.unwrap_or(IDLE).min(IDLE),
            Err(error) => {
                warn!("could not read when announcements are due: {error}");
                IDLE
            }
        };
        if wait.is_zero() {
            continue;
        }
        tokio::select! {
            () = recorded => {}
            () = tokio::time::sleep(wait) => {}
            _ = stop.changed() => {}
        }
    }
}

/// Records how the post of `item` went: delivered (forgotten), refused for good (set aside,
/// counted and logged), or failed for now (tried again after a backoff).
async fn record(service: &Service, item: &DueAnnouncement, outcome: Result<(), Error>) {
    let kind = item.kind();
    let kind = kind.as_str();
    let bookkept = match outcome {
        Ok(()) => {
            health::delivery(kind, Outcome::Ok);
            service.announced(item.id).await
        }
        Err(error) => match error.downcast_ref::<serenity::Error>() {
            Some(discord) if dm_closed(discord) => {
                health::delivery(kind, Outcome::Refused);
                info!("direct messages closed: {kind} {} set aside", item.id);
                service
                    .announcement_refused(item.id, &error.to_string())
                    .await
            }
            Some(discord) if refused(discord) => {
                health::delivery(kind, Outcome::Refused);
                warn!("Discord refused announcement {}: {error}", item.id);
                service
                    .announcement_refused(item.id, &error.to_string())
                    .await
            }
            _ => {
                health::delivery(kind, Outcome::Failed);
                // Rate limits are waited out by serenity itself; this is an outage or a
                // server error.
                warn!(
                    "announcement {} failed (attempt {}), will retry: {error}",
                    item.id,
                    item.attempts + 1
                );
                service.announcement_failed(item, &error.to_string()).await
            }
        },
    };
    if let Err(error) = bookkept {
        warn!(
            "could not record the delivery of announcement {}: {error}",
            item.id
        );
    }
}

/// Posts `item`: words alone as [`said`] says them, the rest (boards, a new game's thread,
/// an analysis's chart, a tournament's messages) here.
async fn post(
    ctx: &serenity::Context,
    service: &Service,
    item: &DueAnnouncement,
) -> Result<(), Error> {
    let nonce = nonce(item.id);
    // Posts read by the whole server are in its language, the reminder by direct message too
    // (the player's own locale is known only when they act).
    let lang = service
        .guild_language(item.announcement.venue().guild_id)
        .await?;
    if let Some(said) = said(lang, &item.announcement) {
        return say(ctx, said, &nonce).await;
    }
    let Announcement { owed, subject } = &item.announcement;
    match (*owed, subject) {
        (Owed::Started { anchor, .. }, Subject::Game(game)) => {
            let anchor = match anchor {
                Some(anchor) => Some(anchor),
                None => tournament_anchor(ctx, service, item.id, lang, game).await?,
            };
            let (game, in_channel) = open_thread(ctx, service, game, anchor).await?;
            let text = started_text(lang, &game, in_channel);
            deliver_board(ctx, service, lang, &game, &text, &nonce).await
        }
        (Owed::Moved { .. }, Subject::Moves(report)) => {
            let text = move_text(lang, report);
            deliver_board(ctx, service, lang, &report.game, &text, &nonce).await
        }
        (Owed::Ended { .. }, Subject::Game(game)) => {
            let text = ended_text(lang, game);
            deliver_board(ctx, service, lang, game, &text, &nonce).await
        }
        (Owed::Analysis { channel, .. }, Subject::Analysis { game, analysis }) => {
            let (content, chart) = analysis_post(lang, game, analysis).await?;
            let message = outgoing::message_once(NOBODY, &nonce)
                .content(content)
                .add_file(chart);
            ids::channel(channel).send_message(ctx, message).await?;
            Ok(())
        }
        (Owed::DailyPuzzle { channel, .. }, Subject::DailyPuzzle(daily)) => {
            let text = daily_puzzle_text(lang, daily);
            let button = daily_puzzle_button(lang, daily.view.id);
            let view = daily.view.clone();
            let png = tokio::task::spawn_blocking(move || view.png(lang)).await?;
            let message = outgoing::message_once(NOBODY, &nonce)
                .content(text)
                .add_file(serenity::CreateAttachment::bytes(png, "puzzle.png"))
                .components(button);
            ids::channel(channel).send_message(ctx, message).await?;
            Ok(())
        }
        (Owed::Round { round, .. }, Subject::Tournament(tournament)) => {
            post_round(ctx, lang, tournament, round, &nonce).await
        }
        (Owed::Standings { .. }, Subject::Tournament(tournament)) => {
            post_standings(ctx, service, lang, tournament, false, &nonce).await
        }
        (Owed::Finished { .. }, Subject::Tournament(tournament))
            if tournament.status == TournamentStatus::Cancelled =>
        {
            post_cancelled(ctx, lang, tournament, &nonce).await
        }
        (Owed::Finished { .. }, Subject::Tournament(tournament)) => {
            post_standings(ctx, service, lang, tournament, true, &nonce).await
        }
        // The service loads each item's own subject (`Owed::about`): never reached.
        (owed, _) => anyhow::bail!("{owed:?} came with another item's subject"),
    }
}

/// Posts words alone, once: the nonce makes Discord drop a delivery repeated soon after its
/// post went through (a lost answer, or a stop before the outbox marked it); Discord remembers
/// nonces for a few minutes only. A direct message refused (the player closed them) is set
/// aside by [`record`], holding back none of the game's posts; another failure is tried again.
async fn say(ctx: &serenity::Context, said: Said, nonce: &str) -> Result<(), Error> {
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

/// A round's pairings in the tournament's channel, its players mentioned; with round 1, the
/// sign-up message is closed (its buttons removed, its text saying so).
async fn post_round(
    ctx: &serenity::Context,
    lang: Lang,
    tournament: &TournamentView,
    round: u32,
    nonce: &str,
) -> Result<(), Error> {
    let Some(channel) = tournament.venue.channel_id else {
        return Ok(());
    };
    let channel = ids::channel(channel);
    if round == 1 {
        close_signup(ctx, lang, tournament, channel).await;
    }
    // A round robin starts all its rounds at once: each round's pairings, a message each.
    let rounds = match tournament.format {
        Format::RoundRobin { .. } if round == 1 => 1..=tournament.rounds(),
        _ => round..=round,
    };
    for shown in rounds {
        let players: Vec<PlayerId> = tournament
            .pairings(shown)
            .0
            .iter()
            .flat_map(|g| [g.white.id, g.red.id])
            .collect();
        let text = round_text(lang, tournament, shown);
        // One nonce a message: a retry of the item posts none of them twice.
        let message = outgoing::message_once(&players, &format!("{nonce}-{shown}"))
            .content(fit_message(&text));
        channel.send_message(ctx, message).await?;
    }
    Ok(())
}

/// The sign-up message shows the tournament's state and loses its buttons. A message deleted
/// by a moderator is no reason to hold the announcement back: only logged.
async fn close_signup(
    ctx: &serenity::Context,
    lang: Lang,
    tournament: &TournamentView,
    channel: serenity::ChannelId,
) {
    let Some(signup) = tournament.signup_message_id else {
        return;
    };
    let edit = outgoing::edit(NOBODY)
        .content(signup_text(lang, tournament))
        .components(Vec::new());
    if let Err(error) = channel.edit_message(ctx, ids::message(signup), edit).await {
        warn!(
            "could not close the sign-up of tournament #{}: {error}",
            tournament.id
        );
    }
}

/// A cancelled tournament: its sign-up message closed (no buttons), and a post saying so.
async fn post_cancelled(
    ctx: &serenity::Context,
    lang: Lang,
    tournament: &TournamentView,
    nonce: &str,
) -> Result<(), Error> {
    let Some(channel) = tournament.venue.channel_id else {
        return Ok(());
    };
    let channel = ids::channel(channel);
    close_signup(ctx, lang, tournament, channel).await;
    let text = cancelled_text(lang, tournament);
    let message = outgoing::message_once(NOBODY, nonce).content(text);
    channel.send_message(ctx, message).await?;
    Ok(())
}

/// The standings with the crosstable: the tournament's standings message edited in place, or
/// (the first time, or when it is gone) posted and remembered; with `finished` (the
/// tournament's last item), the final standings with the winner, as a new post. A standings
/// item delivered after the end only edits the running message: the winner is announced once.
async fn post_standings(
    ctx: &serenity::Context,
    service: &Service,
    lang: Lang,
    tournament: &TournamentView,
    finished: bool,
    nonce: &str,
) -> Result<(), Error> {
    let Some(channel) = tournament.venue.channel_id else {
        return Ok(());
    };
    let channel = ids::channel(channel);
    let text = fit_message(&standings_text(lang, tournament));
    let view = tournament.clone();
    let png = tokio::task::spawn_blocking(move || view.crosstable_png(lang)).await?;
    let picture = || serenity::CreateAttachment::bytes(png.clone(), "crosstable.png");
    if !finished && let Some(message) = tournament.standings_message_id {
        let edit = outgoing::edit(NOBODY)
            .content(text.clone())
            .attachments(serenity::EditAttachments::new().add(picture()));
        let edited = channel.edit_message(ctx, ids::message(message), edit).await;
        match edited {
            Ok(_) => return Ok(()),
            // Deleted, or out of reach: a new one is posted below.
            Err(error) if refused(&error) || unknown_message(&error) => {}
            Err(error) => return Err(error.into()),
        }
    }
    let winner = (finished && tournament.status == TournamentStatus::Finished)
        .then(|| tournament.standings().first().map(|l| l.player.id))
        .flatten();
    let winner: Vec<PlayerId> = winner.into_iter().collect();
    let message = outgoing::message_once(&winner, nonce)
        .content(text)
        .add_file(picture());
    let posted = channel.send_message(ctx, message).await?;
    if !finished {
        service
            .set_standings_message(tournament.id, posted.id.stored())
            .await?;
    }
    Ok(())
}

/// "Unknown Message": the message to edit is gone.
fn unknown_message(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.error.code == 10008
    )
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
