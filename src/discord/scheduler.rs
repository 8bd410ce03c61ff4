//! The correspondence clock: at every tick, losses on time are announced with the final board,
//! reminders go to the player to move (and by direct message to those who asked), and expired
//! challenges lose their buttons. Everything is read from the database, so a restart loses
//! nothing and resolves at once what fell due while the bot was away.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::Error;
use super::messages::{mention, pings};
use super::post::{announce_end, game_channel};
use crate::service::Service;

pub async fn run(ctx: serenity::Context, service: Arc<Service>, every: Duration) {
    loop {
        if let Err(error) = tick(&ctx, &service).await {
            warn!("scheduler tick failed: {error:#}");
        }
        tokio::time::sleep(every).await;
    }
}

async fn tick(ctx: &serenity::Context, service: &Service) -> Result<(), Error> {
    let tick = service.tick().await;
    for game in &tick.timeouts {
        announce_end(ctx, service, game).await;
    }
    for (game, dm) in tick.reminders {
        let Some((color, player)) = game.to_move() else {
            continue;
        };
        let deadline = game.deadline_at.unwrap_or_default() / 1000;
        let text = format!(
            "⏰ {}, a quarter of your time is left in game #{} ({color} to move): it runs out <t:{deadline}:R>.",
            mention(player.id, &player.name),
            game.id
        );
        if let Some(channel) = game_channel(&game) {
            let message = serenity::CreateMessage::new()
                .content(&text)
                .allowed_mentions(pings());
            if let Err(error) = channel.send_message(ctx, message).await {
                warn!("could not post the reminder of game #{}: {error}", game.id);
            }
        }
        if dm && player.id > 0 {
            let user = serenity::UserId::new(player.id as u64);
            let message = serenity::CreateMessage::new().content(format!(
                "Your move in game #{} of Ponte del Diavolo: time runs out <t:{deadline}:R>.",
                game.id
            ));
            // Closed direct messages are the player's choice: the thread reminder stands.
            if let Err(error) = user.direct_message(ctx, message).await {
                warn!("could not DM a reminder for game #{}: {error}", game.id);
            }
        }
    }
    for challenge in tick.expired {
        let (Some(channel), Some(message)) = (challenge.venue.channel_id, challenge.message_id)
        else {
            continue;
        };
        let edit = serenity::EditMessage::new()
            .content(format!(
                "The challenge of {} has expired.",
                challenge.challenger.name
            ))
            .components(Vec::new());
        let channel = serenity::ChannelId::new(channel as u64);
        if let Err(error) = channel
            .edit_message(ctx, serenity::MessageId::new(message as u64), edit)
            .await
        {
            warn!(
                "could not mark challenge #{} expired: {error}",
                challenge.id
            );
        }
    }
    Ok(())
}
