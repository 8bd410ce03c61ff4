//! Button clicks (accept, decline, cancel, the pie choice, resign) and posting a game's board to
//! the game's thread, with a fallback to the channel when Discord refuses.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::commands::png_of;
use super::messages::{board_text, game_buttons, move_text};
use super::{Data, Error, UserError, explain, player_of};
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
            .content(super::messages::fit_message(content))
            .allowed_mentions(super::messages::pings())
            .add_file(serenity::CreateAttachment::bytes(png.clone(), "board.png"))
            .components(game_buttons(game))
    };
    match channel.send_message(ctx, message(content)).await {
        Ok(_) => Ok(channel),
        // The thread is archived, gone or closed to the bot: play on in the channel the game
        // started in, and say so this once.
        Err(error) if refused(&error) => {
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
                "{content}\n(I could not post in the game's thread, so the game goes on here.)"
            );
            fallback.send_message(ctx, message(&note)).await?;
            service.set_thread(game.id, None).await?;
            Ok(fallback)
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
        let response = serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(&message)
                .ephemeral(true),
        );
        // When the click was already answered (an update, an acknowledgement), the error
        // follows up instead.
        if component.create_response(ctx, response).await.is_err() {
            let followup = serenity::CreateInteractionResponseFollowup::new()
                .content(message)
                .ephemeral(true);
            if let Err(e) = component.create_followup(ctx, followup).await {
                warn!("could not answer a button: {e}");
            }
        }
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
    let stale = || UserError("this button is no longer valid".to_string()).into();
    let Some((&verb, rest)) = parts.split_first() else {
        return Err(stale());
    };
    let Some((id, version)) = parse_ids(rest) else {
        return Err(stale());
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
            service.check_pie_choice(id, player.id, version).await?;
            reply_ephemeral(
                ctx,
                component,
                "You keep Red: place your two red tiles with `/place`.",
            )
            .await;
        }
        "rematch" => {
            let challenge = service.rematch(id, &player).await?;
            // Threads cannot hold threads: the rematch is offered where the game started.
            let Some(channel) = challenge
                .venue
                .channel_id
                .map(|c| serenity::ChannelId::new(c as u64))
            else {
                return Err(UserError("this game has no channel for a rematch".into()).into());
            };
            if challenge.message_id.is_none() {
                let message = serenity::CreateMessage::new()
                    .content(super::messages::challenge_text(&challenge))
                    .allowed_mentions(super::messages::pings())
                    .components(super::messages::challenge_buttons(&challenge));
                let posted = channel.send_message(ctx, message).await?;
                service
                    .set_challenge_message(challenge.id, posted.id.get() as i64)
                    .await?;
            }
            reply_ephemeral(
                ctx,
                component,
                &format!(
                    "Rematch offered in <#{channel}> (challenge #{}).",
                    challenge.id
                ),
            )
            .await;
        }
        "export" => {
            let (content, file) = super::commands::export_file(service, id).await?;
            let reply = serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(content)
                    .add_file(file)
                    .ephemeral(true),
            );
            component.create_response(ctx, reply).await?;
        }
        "swap" | "resign" => {
            // A resignation is always legal: only the swap is tied to the position it was for.
            let (text, version) = if verb == "swap" {
                ("swap", version)
            } else {
                ("resign", None)
            };
            let report = match service.play(id, player.id, text, version).await {
                Err(crate::service::ServiceError::TimeRanOut(game)) => {
                    announce_end(ctx, service, game).await;
                    return Err(crate::service::ServiceError::TimeRanOut(game).into());
                }
                other => other?,
            };
            // Acknowledge the click, then post the new board where the game is played.
            let ack = serenity::CreateInteractionResponse::Acknowledge;
            component.create_response(ctx, ack).await?;
            deliver_board(ctx, service, &report.game, &move_text(&report)).await?;
        }
        _ => return Err(stale()),
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
            service
                .set_thread(game.id, Some(thread.id.get() as i64))
                .await?;
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

/// Posts the final board of a game that just ended (e.g. on time while a player acted).
pub async fn announce_end(ctx: &serenity::Context, service: &Service, game: crate::store::GameId) {
    match service.game(game).await {
        Ok(view) => {
            let text = format!("Game #{}: {}", view.id, super::messages::result_text(&view));
            if let Err(error) = deliver_board(ctx, service, &view, &text).await {
                warn!("could not announce the end of game #{game}: {error}");
            }
        }
        Err(error) => warn!("could not read game #{game}: {error}"),
    }
}
