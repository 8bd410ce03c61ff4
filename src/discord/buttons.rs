//! Button clicks (accept, decline, cancel, the pie choice, resign) and posting a game's board to
//! the game's thread, with a fallback to the channel when Discord refuses.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::commands::png_of;
use super::messages::{board_text, game_buttons, move_text};
use super::{Data, Error, explain, player_of};
use crate::service::{GameView, Service};

/// Where a game's boards go: its thread, or the channel it was started in.
pub fn game_channel(game: &GameView) -> Option<serenity::ChannelId> {
    game.thread_id
        .or(game.venue.channel_id)
        .filter(|id| *id > 0)
        .map(|id| serenity::ChannelId::new(id as u64))
}

/// Posts the board with `content` where the game is played; returns the channel used.
pub async fn deliver_board(
    ctx: &serenity::Context,
    service: &Service,
    game: &GameView,
    content: &str,
) -> Result<serenity::ChannelId, Error> {
    let channel = game_channel(game).ok_or_else(|| anyhow::anyhow!("game has no channel"))?;
    let png = png_of(game).await?;
    let message = |content: &str| {
        serenity::CreateMessage::new()
            .content(content)
            .add_file(serenity::CreateAttachment::bytes(png.clone(), "board.png"))
            .components(game_buttons(game))
    };
    match channel.send_message(ctx, message(content)).await {
        Ok(_) => Ok(channel),
        // The thread may be archived or gone: fall back to the channel the game started in.
        Err(error) => {
            let Some(fallback) = game
                .venue
                .channel_id
                .map(|id| serenity::ChannelId::new(id as u64))
                .filter(|c| *c != channel)
            else {
                return Err(error.into());
            };
            warn!("posting to the thread of game #{} failed: {error}", game.id);
            let note = format!(
                "{content}\n(I could not post in the game's thread, so the board is here.)"
            );
            fallback.send_message(ctx, message(&note)).await?;
            service.set_thread(game.id, fallback.get() as i64).await?;
            Ok(fallback)
        }
    }
}

async fn reply_ephemeral(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    text: &str,
) {
    let response = serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    );
    if let Err(e) = component.create_response(ctx, response).await {
        warn!("could not answer a button: {e}");
    }
}

/// Handles a button click; every failure is answered to the clicker, ephemerally.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
) {
    if let Err(error) = dispatch(ctx, data, component).await {
        let (message, expected) = explain(&error);
        if !expected {
            warn!(button = %component.data.custom_id, "button failed: {error:#}");
        }
        reply_ephemeral(ctx, component, &message).await;
    }
}

fn parse_ids(parts: &[&str]) -> Option<(i64, Option<i64>)> {
    let id = parts.first()?.parse().ok()?;
    let version = parts.get(1).and_then(|v| v.parse().ok());
    Some((id, version))
}

async fn dispatch(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let service = &data.service;
    let player = player_of(&component.user);
    let parts: Vec<&str> = component.data.custom_id.split(':').collect();
    let Some((&verb, rest)) = parts.split_first() else {
        return Ok(());
    };
    let Some((id, version)) = parse_ids(rest) else {
        return Ok(());
    };
    match verb {
        "accept" => {
            let game = service.accept(id, &player).await?;
            let update = serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(format!(
                        "{} accepted: game #{} — {} (White) vs {} (Red).",
                        player.name, game.id, game.white.name, game.red.name
                    ))
                    .components(Vec::new()),
            );
            component.create_response(ctx, update).await?;
            start_game(ctx, service, component, game).await?;
        }
        "decline" | "cancel" => {
            let closed = if verb == "decline" {
                service.decline(id, &player).await?
            } else {
                service.cancel(id, &player).await?
            };
            let update = serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(format!(
                        "The challenge of {} was {} by {}.",
                        closed.challenger.name,
                        closed.status.word(),
                        player.name
                    ))
                    .components(Vec::new()),
            );
            component.create_response(ctx, update).await?;
        }
        "keep" => {
            let game = service.game(id).await?;
            let Some((_, to_move)) = game.to_move() else {
                return Err(crate::service::ServiceError::GameOver(id).into());
            };
            if to_move.id != player.id {
                return Err(crate::service::ServiceError::NotYourTurn(to_move.name.clone()).into());
            }
            if version != Some(game.version) || !game.awaiting_pie_choice() {
                return Err(crate::service::ServiceError::PositionChanged.into());
            }
            reply_ephemeral(
                ctx,
                component,
                "You keep Red: place your two red tiles with `/place`.",
            )
            .await;
        }
        "rematch" => {
            let challenge = service.rematch(id, &player).await?;
            let reply = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(super::messages::challenge_text(&challenge))
                    .components(super::messages::challenge_buttons(&challenge)),
            );
            component.create_response(ctx, reply).await?;
            if let Ok(message) = component.get_response(ctx).await {
                service
                    .set_challenge_message(challenge.id, message.id.get() as i64)
                    .await?;
            }
        }
        "export" => {
            let text = service.export(id).await?;
            let reply = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(format!("The record of game #{id}."))
                    .add_file(serenity::CreateAttachment::bytes(
                        text.into_bytes(),
                        format!("ponte-game-{id}.txt"),
                    ))
                    .ephemeral(true),
            );
            component.create_response(ctx, reply).await?;
        }
        "swap" | "resign" => {
            let text = if verb == "swap" { "swap" } else { "resign" };
            let report = service.play(id, player.id, text, version).await?;
            // Acknowledge the click, then post the new board where the game is played.
            let ack = serenity::CreateInteractionResponse::Acknowledge;
            component.create_response(ctx, ack).await?;
            deliver_board(ctx, service, &report.game, &move_text(&report)).await?;
        }
        _ => {}
    }
    Ok(())
}

/// Opens the game's thread on the challenge message and posts the first board there (or in
/// the channel, saying so, when Discord refuses the thread).
async fn start_game(
    ctx: &serenity::Context,
    service: &Service,
    component: &serenity::ComponentInteraction,
    game: GameView,
) -> Result<(), Error> {
    let name = format!(
        "Game #{}: {} vs {}",
        game.id, game.white.name, game.red.name
    );
    let name: String = name.chars().take(100).collect();
    let thread = component
        .channel_id
        .create_thread_from_message(
            ctx,
            component.message.id,
            serenity::CreateThread::new(name)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await;
    let mut text = board_text(&game);
    let game = match thread {
        Ok(thread) => {
            service.set_thread(game.id, thread.id.get() as i64).await?;
            service.game(game.id).await?
        }
        Err(error) => {
            warn!("could not open a thread for game #{}: {error}", game.id);
            text.push_str(
                "\n(I could not open a thread for this game, so it is played here in the channel.)",
            );
            game
        }
    };
    deliver_board(ctx, service, &game, &text).await?;
    Ok(())
}
