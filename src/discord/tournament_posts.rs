//! The delivery of a tournament's posts: a round's pairings (closing the sign-up with the
//! first), the standings with the crosstable, the end or the cancellation; and their words,
//! with those of the sign-up message that the command posts and the delivery closes.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::Error;
use super::ids::{self, Stored};
use super::messages::{fit_message, mention};
use super::outgoing::{self, NOBODY};
use super::post::refused;
use crate::i18n::{Lang, variant_words, yes_no};
use crate::service::{
    Format, PlayerId, Service, TournamentStatus, TournamentView, move_time_words,
};
use crate::tr;

/// The end of a tournament: its cancellation, or the final standings with the winner.
pub async fn post_finished(
    ctx: &serenity::Context,
    service: &Service,
    lang: Lang,
    tournament: &TournamentView,
    nonce: &str,
) -> Result<(), Error> {
    if tournament.status == TournamentStatus::Cancelled {
        post_cancelled(ctx, lang, tournament, nonce).await
    } else {
        post_standings(ctx, service, lang, tournament, true, nonce).await
    }
}

/// A round's pairings in the tournament's channel, its players mentioned; with round 1, the
/// sign-up message is closed (its buttons removed, its text saying so).
pub async fn post_round(
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
pub async fn post_standings(
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

/// A round's pairings; the first round's also say the tournament started.
fn round_text(lang: Lang, tournament: &TournamentView, round: u32) -> String {
    let text = pairings_text(lang, tournament, round);
    if round != 1 {
        return text;
    }
    let started = tr!(
        lang,
        "tournament-started",
        id = tournament.id,
        name = &tournament.name
    );
    format!("{started}\n{text}")
}

/// A cancelled tournament's post.
fn cancelled_text(lang: Lang, tournament: &TournamentView) -> String {
    tr!(
        lang,
        "tournament-cancelled-post",
        id = tournament.id,
        name = &tournament.name
    )
}

/// A round's games (with mentions) and its bye.
pub fn pairings_text(lang: Lang, view: &TournamentView, round: u32) -> String {
    let (games, bye) = view.pairings(round);
    let mut text = tr!(
        lang,
        "tournament-round",
        round = round,
        rounds = view.rounds()
    );
    for game in games {
        let opener = if game.white.id == game.opener {
            &game.white
        } else {
            &game.red
        };
        let other = if opener.id == game.white.id {
            &game.red
        } else {
            &game.white
        };
        let _ = write!(
            text,
            "\n{}",
            tr!(
                lang,
                "tournament-pairing",
                id = game.id,
                opener = mention(opener.id, &opener.name),
                other = mention(other.id, &other.name)
            )
        );
    }
    if let Some(bye) = bye
        && let Some(entrant) = view.entrants.iter().find(|e| e.player.id == bye)
    {
        let _ = write!(
            text,
            "\n{}",
            tr!(
                lang,
                "tournament-bye",
                name = &entrant.player.name,
                swiss = yes_no(matches!(view.format, Format::Swiss { .. }))
            )
        );
    }
    text
}

/// The standings in words: rank, name, points, the deciding tiebreaks.
pub fn standings_text(lang: Lang, view: &TournamentView) -> String {
    // What is true now: a round robin plays all its games at once, so its progress is the
    // games played; a Swiss is in a round, or after it once its last game has ended.
    let played = view.games.iter().filter(|(_, g)| g.is_over()).count();
    let stage = match view.format {
        Format::RoundRobin { .. } => "games",
        Format::Swiss { .. } if view.round_complete() => "after",
        Format::Swiss { .. } => "during",
    };
    let mut text = tr!(
        lang,
        "tournament-standings",
        name = &view.name,
        stage = stage,
        round = view.current_round,
        rounds = view.rounds(),
        played = played,
        games = view.games.len()
    );
    let standings = view.standings();
    for line in &standings {
        let _ = write!(
            text,
            "\n{}",
            tr!(
                lang,
                "tournament-standing",
                rank = line.rank,
                name = &line.player.name,
                points = format!("{}", line.standing.points),
                withdrawn = yes_no(line.withdrawn)
            )
        );
    }
    if view.status == TournamentStatus::Finished
        && let Some(winner) = standings.first()
    {
        let _ = write!(
            text,
            "\n{}",
            tr!(lang, "tournament-winner", name = &winner.player.name)
        );
    }
    text
}

/// The format in words: "Swiss, 5 rounds", "double round robin".
fn format_words(lang: Lang, format: Format) -> String {
    match format {
        Format::RoundRobin { double } => tr!(
            lang,
            "tournament-format-round-robin",
            double = yes_no(double)
        ),
        Format::Swiss { rounds } => tr!(lang, "tournament-format-swiss", rounds = rounds),
    }
}

/// The sign-up message: the terms, who has joined, and how to join.
pub fn signup_text(lang: Lang, view: &TournamentView) -> String {
    let mut text = tr!(
        lang,
        "tournament-signup",
        id = view.id,
        name = &view.name,
        format = format_words(lang, view.format),
        terms = format!(
            "{}, {}",
            variant_words(lang, view.options.variant),
            move_time_words(lang, view.options.move_time)
        ),
        rated = yes_no(view.options.rated)
    );
    text.push('\n');
    text.push_str(&match (view.status, view.signup_deadline_at) {
        (TournamentStatus::Signup, Some(at)) => tr!(
            lang,
            "tournament-signup-until",
            at = format!("<t:{}:R>", at / 1000)
        ),
        (TournamentStatus::Signup, None) => tr!(lang, "tournament-signup-by-hand"),
        (TournamentStatus::Cancelled, _) => tr!(lang, "tournament-cancelled"),
        _ => tr!(lang, "tournament-signup-closed"),
    });
    text.push('\n');
    let names: Vec<&str> = view
        .entrants
        .iter()
        .map(|e| e.player.name.as_str())
        .collect();
    text.push_str(&tr!(
        lang,
        "tournament-entrants",
        count = names.len(),
        names = names.join(", ")
    ));
    fit_message(&text)
}
