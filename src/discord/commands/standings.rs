//! Standings: `/leaderboard`, `/stats`, and `/notify` for reminders by direct message.

use poise::serenity_prelude as serenity;

use super::{Context, Error, author_id};
use crate::discord::player_of;
use crate::game::Color;
use crate::service::{RatingView, ServiceError};

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OnOff {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Get a direct message when time is running out in one of your games
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "Direct-message reminders on or off"] reminders: OnOff,
) -> Result<(), Error> {
    let on = matches!(reminders, OnOff::On);
    ctx.data()
        .service
        .set_notify(&player_of(ctx.author()), on)
        .await?;
    let text = if on {
        "I will send you a direct message when a quarter of your time for a move is left."
    } else {
        "No more direct messages; reminders still appear in the game's thread."
    };
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

fn rating_words(row: &RatingView) -> String {
    let games = row.games();
    let provisional = if row.provisional {
        " (provisional)"
    } else {
        ""
    };
    format!(
        "{:.0} ± {:.0}{provisional} · {}–{}–{} in {games} game{}",
        row.rating,
        row.deviation,
        row.wins,
        row.losses,
        row.draws,
        if games == 1 { "" } else { "s" }
    )
}

/// This server's ratings
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Page (10 players a page)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?;
    let me = author_id(ctx);
    let board = ctx
        .data()
        .service
        .leaderboard(guild.get() as i64, page.unwrap_or(1) as usize, me)
        .await?;
    if board.rows.is_empty() {
        ctx.send(
            poise::CreateReply::default()
                .content("No rated games in this server yet. `/challenge` someone!"),
        )
        .await?;
        return Ok(());
    }
    let mut text = format!(
        "**Leaderboard** (page {} of {}; W–L–D; provisional ratings are listed after settled ones)\n",
        board.page, board.pages
    );
    for (rank, row) in &board.rows {
        text.push_str(&format!(
            "{rank}. {} — {}\n",
            row.player.name,
            rating_words(row)
        ));
    }
    match &board.viewer {
        Some((rank, row)) if !board.rows.iter().any(|(r, _)| r == rank) => {
            text.push_str(&format!(
                "…\nYou: {rank}. {} — {}",
                row.player.name,
                rating_words(row)
            ));
        }
        None => text.push_str("You have no rated game here yet."),
        _ => {}
    }
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}

/// A player's rating, record, streak, recent games and rating over time
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?;
    let user = player.as_ref().unwrap_or(ctx.author());
    let id = user.id.get() as i64;
    let mut stats = ctx.data().service.stats(guild.get() as i64, id).await?;
    // The name Discord shows now, even for someone who never played here.
    stats.player = player_of(user);
    let name = stats.player.name.clone();
    let mut text = format!("**{name}**\n");
    match &stats.standing {
        Some((rank, row)) => text.push_str(&format!("Rank {rank} · {}\n", rating_words(row))),
        None => text.push_str("No rated game in this server yet.\n"),
    }
    if stats.streak.1 > 0 {
        let kind = match stats.streak.0 {
            'W' => "win",
            'L' => "loss",
            _ => "draw",
        };
        let plural = if stats.streak.1 == 1 {
            ""
        } else if kind == "loss" {
            "es"
        } else {
            "s"
        };
        text.push_str(&format!(
            "Current streak: {} {kind}{plural}\n",
            stats.streak.1
        ));
    }
    for game in stats.recent.iter().take(5) {
        let mine = game.color_of(id).unwrap_or(Color::White);
        let opponent = &game.player(mine.other()).name;
        let outcome = match game.result.and_then(|r| r.winner) {
            None => "draw",
            Some(w) if w == mine => "won",
            Some(_) => "lost",
        };
        let unrated = if game.rated { "" } else { " (unrated)" };
        text.push_str(&format!("#{} vs {opponent}: {outcome}{unrated}\n", game.id));
    }
    if !stats.against_ai.is_empty() {
        let records: Vec<String> = stats
            .against_ai
            .iter()
            .map(|r| format!("{}: {}–{}–{}", r.level, r.wins, r.losses, r.draws))
            .collect();
        text.push_str(&format!(
            "Against me (won–lost–drawn, unrated): {}\n",
            records.join(" · ")
        ));
    }
    let mut reply = poise::CreateReply::default().content(text);
    // A plot only when there is a rating to draw.
    if !stats.history.is_empty() {
        let png = tokio::task::spawn_blocking(move || stats.rating_plot_png()).await?;
        reply = reply.attachment(serenity::CreateAttachment::bytes(png, "rating.png"));
    }
    ctx.send(reply).await?;
    Ok(())
}
