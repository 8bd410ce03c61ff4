//! `/vacation start days:N`, `/vacation end`, `/vacation status`: a player away from this
//! server's games for whole days (see `service::vacations`). The answers go to the player
//! alone; their opponents see "away until …" on the game's board and in `/games`.

use super::{Context, Data, Error, actor, tell_author, user_lang};
use crate::service::{Actor, ServiceError, VacationStatus};
use crate::tr;

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![vacation()]
}

/// Time away from this server's games: your clocks stand still
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "end", "status"),
    subcommand_required
)]
pub async fn vacation(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Go on vacation for whole days: your clocks stand still, no reminders
#[poise::command(slash_command, guild_only)]
pub async fn start(ctx: Context<'_>, #[min = 1] days: i64) -> Result<(), Error> {
    let service = &ctx.data().service;
    let status = service.start_vacation(&in_server(ctx)?, days).await?;
    let until = status.away_until.unwrap_or_default() / 1000;
    let text = tr!(
        user_lang(ctx),
        "vacation-started",
        until = format!("<t:{until}:f>"),
        left = status.days_left
    );
    tell_author(ctx, &text).await
}

/// Come back from vacation early: your clocks run again, the days not begun return
#[poise::command(slash_command, guild_only)]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let status = service.end_vacation(&in_server(ctx)?).await?;
    let text = tr!(user_lang(ctx), "vacation-ended", left = status.days_left);
    tell_author(ctx, &text).await
}

/// Whether you are away, and the vacation days you have left this year
#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let status = service.vacation_status(&in_server(ctx)?).await?;
    tell_author(ctx, &status_text(ctx, status)).await
}

/// Who acts, from a server: vacations are taken in one.
fn in_server(ctx: Context<'_>) -> Result<Actor, Error> {
    let by = actor(ctx);
    if by.guild.is_none() {
        return Err(ServiceError::NoServer.into());
    }
    Ok(by)
}

fn status_text(ctx: Context<'_>, status: VacationStatus) -> String {
    let lang = user_lang(ctx);
    match status.away_until {
        _ if status.allowance == 0 => tr!(lang, "error-vacations-off"),
        Some(until) => tr!(
            lang,
            "vacation-status-away",
            until = format!("<t:{}:f>", until / 1000),
            left = status.days_left,
            allowance = status.allowance
        ),
        None => tr!(
            lang,
            "vacation-status",
            left = status.days_left,
            allowance = status.allowance
        ),
    }
}
