//! The correspondence clock: at every tick, games past their deadline are lost on time and
//! reminders fall due (both saved with their announcements, which `outbox` delivers), and
//! expired challenges lose their buttons. Everything is read from the database, so a restart
//! loses nothing and resolves at once what fell due while the bot was away.

use crate::discord::ids;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::Error;
use super::outgoing::{self, NOBODY};
use crate::service::Service;
use crate::tr;

pub async fn run(ctx: serenity::Context, service: Arc<Service>, every: Duration) {
    loop {
        if let Err(error) = tick(&ctx, &service).await {
            warn!("scheduler tick failed: {error:#}");
        }
        tokio::time::sleep(every).await;
    }
}

async fn tick(ctx: &serenity::Context, service: &Service) -> Result<(), Error> {
    // Losses on time and reminders are saved with what they owe the players: the delivery
    // worker posts them.
    let tick = service.tick().await;
    for challenge in tick.expired {
        let (Some(channel), Some(message)) = (challenge.venue.channel_id, challenge.message_id)
        else {
            continue;
        };
        let lang = service.guild_language(challenge.venue.guild_id).await?;
        let edit = outgoing::edit(NOBODY)
            .content(tr!(
                lang,
                "challenge-expired",
                challenger = &challenge.challenger.name
            ))
            .components(Vec::new());
        let channel = ids::channel(channel);
        if let Err(error) = channel.edit_message(ctx, ids::message(message), edit).await {
            warn!(
                "could not mark challenge #{} expired: {error}",
                challenge.id
            );
        }
    }
    Ok(())
}
