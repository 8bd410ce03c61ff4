//! Standings: `/leaderboard`, `/stats`, and `/notify`: reminders by direct message, a daily
//! digest, or nothing.

use crate::discord::ids::Stored;
use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, actor, author_id, autocomplete, server_lang, user_lang};
use crate::discord::messages::level_name;
use crate::discord::player_of;
use crate::game::Color;
use crate::i18n::{Lang, yes_no};
use crate::service::{DIGEST_HOUR, Notify, RatingView, ServiceError, time_zone};
use crate::tr;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum NotifyChoice {
    /// A direct message with each reminder.
    #[name = "on"]
    On,
    /// No direct messages.
    #[name = "off"]
    Off,
    /// One direct message a day listing the games waiting.
    #[name = "daily digest"]
    Digest,
}

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![notify(), leaderboard(), stats()]
}

/// How you hear of your games by direct message: reminders, a daily digest, or nothing
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    reminders: NotifyChoice,
    #[min = 0]
    #[max = 23]
    hour: Option<u32>,
    #[autocomplete = "autocomplete::time_zone"] zone: Option<String>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let notify = match reminders {
        NotifyChoice::On => Notify::Reminders,
        NotifyChoice::Off => Notify::Nothing,
        NotifyChoice::Digest => {
            let zone = zone.ok_or(ServiceError::DigestNeedsZone)?;
            Notify::Digest {
                hour: hour.unwrap_or(DIGEST_HOUR),
                zone: time_zone(&zone)?,
            }
        }
    };
    let service = &ctx.data().service;
    service.notify_by(&actor(ctx), notify, lang).await?;
    let text = match notify {
        Notify::Reminders => tr!(lang, "notify-on"),
        Notify::Nothing => tr!(lang, "notify-off"),
        Notify::Digest { hour, zone } => tr!(
            lang,
            "notify-digest",
            hour = format!("{hour}:00"),
            zone = zone.name()
        ),
    };
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

fn rating_words(lang: Lang, row: &RatingView) -> String {
    tr!(
        lang,
        "rating-line",
        rating = format!("{:.0}", row.rating),
        deviation = format!("{:.0}", row.deviation),
        provisional = yes_no(row.provisional),
        wins = row.wins,
        losses = row.losses,
        draws = row.draws,
        games = row.games()
    )
}

/// This server's ratings
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Context<'_>, #[min = 1] page: Option<u32>) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?;
    let me = author_id(ctx);
    let lang = server_lang(ctx).await?;
    let board = ctx
        .data()
        .service
        .leaderboard(guild.stored(), page.unwrap_or(1) as usize, me)
        .await?;
    if board.rows.is_empty() {
        ctx.send(poise::CreateReply::default().content(tr!(lang, "leaderboard-empty")))
            .await?;
        return Ok(());
    }
    let mut text = tr!(
        lang,
        "leaderboard-title",
        page = board.page,
        pages = board.pages
    );
    text.push('\n');
    for (rank, row) in &board.rows {
        text.push_str(&format!(
            "{rank}. {} — {}\n",
            row.player.name,
            rating_words(lang, row)
        ));
    }
    match &board.viewer {
        Some((rank, row)) if !board.rows.iter().any(|(r, _)| r == rank) => {
            let line = format!("{rank}. {} — {}", row.player.name, rating_words(lang, row));
            text.push_str(&format!("…\n{}", tr!(lang, "leaderboard-you", line = line)));
        }
        None => text.push_str(&tr!(lang, "leaderboard-you-unrated")),
        _ => {}
    }
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}

/// A player's rating, record, streak, recent games and rating over time
#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?;
    let user = player.as_ref().unwrap_or(ctx.author());
    let id = user.id.stored();
    let mut stats = ctx.data().service.stats(guild.stored(), id).await?;
    // The name Discord shows now, even for someone who never played here.
    stats.player = player_of(user);
    let lang = server_lang(ctx).await?;
    let name = stats.player.name.clone();
    let mut text = format!("**{name}**\n");
    match &stats.standing {
        Some((rank, row)) => {
            let rating = rating_words(lang, row);
            text.push_str(&tr!(lang, "stats-rank", rank = *rank, rating = rating));
        }
        None => text.push_str(&tr!(lang, "stats-unrated")),
    }
    text.push('\n');
    if stats.streak.1 > 0 {
        let kind = match stats.streak.0 {
            'W' => "win",
            'L' => "loss",
            _ => "draw",
        };
        text.push_str(&tr!(lang, "stats-streak", kind = kind, n = stats.streak.1));
        text.push('\n');
    }
    for game in stats.recent.iter().take(5) {
        let mine = game.color_of(id).unwrap_or(Color::White);
        let opponent = &game.player(mine.other()).name;
        let outcome = match game.result.and_then(|r| r.winner) {
            None => "draw",
            Some(w) if w == mine => "won",
            Some(_) => "lost",
        };
        text.push_str(&tr!(
            lang,
            "stats-game",
            id = game.id,
            opponent = opponent,
            outcome = outcome,
            rated = yes_no(game.rated)
        ));
        text.push('\n');
    }
    if !stats.against_ai.is_empty() {
        let records: Vec<String> = stats
            .against_ai
            .iter()
            .map(|r| {
                format!(
                    "{}: {}–{}–{}",
                    level_name(lang, r.level),
                    r.wins,
                    r.losses,
                    r.draws
                )
            })
            .collect();
        text.push_str(&tr!(
            lang,
            "stats-against-ai",
            records = records.join(" · ")
        ));
        text.push('\n');
    }
    let mut reply = poise::CreateReply::default().content(text);
    // A plot only when there is a rating to draw.
    if !stats.history.is_empty() {
        let png = tokio::task::spawn_blocking(move || stats.rating_plot_png(lang)).await?;
        reply = reply.attachment(serenity::CreateAttachment::bytes(png, "rating.png"));
    }
    ctx.send(reply).await?;
    Ok(())
}
