//! Button clicks: accept, decline, cancel, the pie choice, resign, rematch and export.

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::commands::{signup_buttons, signup_text};
use super::messages::{ai_game_text, challenge_buttons, challenge_pings, challenge_text, pings};
use super::post::{analysed_answer, export_file, gif_of};
use super::{Data, Error, UserError, explain, player_of};
use crate::game::Move;
use crate::i18n::Lang;
use crate::service::{AiTerms, Asker, MoveOutcome, Player, ServiceError};
use crate::tr;

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
        let (message, expected) = explain(&error, clicker_lang(component));
        let message = super::messages::fit_message(&message);
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

/// The language of the one who clicked, for the answers only they see.
fn clicker_lang(component: &serenity::ComponentInteraction) -> Lang {
    Lang::of_locale_or_english(Some(&component.locale))
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
    let guild = component.guild_id.map(|g| g.get() as i64);
    let asker = Asker {
        player: player.id,
        guild,
    };
    if let (Some(guild), Some(locale)) = (guild, &component.guild_locale) {
        service.note_guild_locale(guild, locale).await?;
    }
    let lang = clicker_lang(component);
    let server = service.guild_language(guild).await?;
    let parts: Vec<&str> = component.data.custom_id.split(':').collect();
    let stale = || UserError(tr!(lang, "button-stale")).into();
    let Some((&verb, rest)) = parts.split_first() else {
        return Err(stale());
    };
    let Some((id, version)) = parse_ids(rest) else {
        return Err(stale());
    };
    match verb {
        "accept" => {
            let message = Some(component.message.id.get() as i64);
            let game = service.accept_on(id, &player, guild, message).await?;
            let update = serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(tr!(
                        server,
                        "challenge-accepted",
                        name = &player.name,
                        id = game.id,
                        white = &game.white.name,
                        red = &game.red.name
                    ))
                    .components(Vec::new()),
            );
            // Saved: the thread and the first board follow from the delivery worker.
            if let Err(error) = component.create_response(ctx, update).await {
                warn!("could not update the accepted challenge #{id}: {error}");
            }
        }
        "decline" | "cancel" => {
            let closed = if verb == "decline" {
                service.decline(id, &player).await?
            } else {
                service.cancel(id, &player).await?
            };
            let update = serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(tr!(
                        server,
                        "challenge-closed",
                        challenger = &closed.challenger.name,
                        status = closed.status.to_string(),
                        name = &player.name
                    ))
                    .components(Vec::new()),
            );
            component.create_response(ctx, update).await?;
        }
        "tjoin" | "tleave" => {
            let view = if verb == "tjoin" {
                service.join_tournament(id, &player, guild).await?
            } else {
                service.leave_tournament(id, &player, guild).await?
            };
            let update = serenity::CreateInteractionResponse::UpdateMessage(
                serenity::CreateInteractionResponseMessage::new()
                    .content(signup_text(server, &view))
                    .components(signup_buttons(server, &view)),
            );
            component.create_response(ctx, update).await?;
        }
        "keep" => {
            service.check_pie_choice(id, player.id, version).await?;
            reply_ephemeral(ctx, component, &tr!(lang, "pie-kept")).await;
        }
        "rematch" => {
            if let Some(terms) = service.ai_rematch(id, &player).await? {
                return rematch_the_bot(ctx, data, component, &player, terms).await;
            }
            let challenge = service.rematch(id, &player).await?;
            // Threads cannot hold threads: the rematch is offered where the game started.
            let Some(channel) = challenge
                .venue
                .channel_id
                .map(|c| serenity::ChannelId::new(c as u64))
            else {
                return Err(UserError(tr!(lang, "rematch-no-channel")).into());
            };
            if challenge.message_id.is_none() {
                let message = serenity::CreateMessage::new()
                    .content(challenge_text(server, &challenge))
                    .allowed_mentions(pings(&challenge_pings(&challenge)))
                    .components(challenge_buttons(server, &challenge));
                let posted = channel.send_message(ctx, message).await?;
                service
                    .set_challenge_message(challenge.id, posted.id.get() as i64)
                    .await?;
            }
            reply_ephemeral(
                ctx,
                component,
                &tr!(
                    lang,
                    "rematch-offered",
                    channel = format!("<#{channel}>"),
                    id = challenge.id
                ),
            )
            .await;
        }
        "replay" => {
            service.check_reach(id, asker).await?;
            // For the one who clicked: drawing takes a moment, so the answer is deferred.
            component.defer_ephemeral(ctx).await?;
            let (content, file) = gif_of(service, lang, &service.game(id).await?).await?;
            let followup = serenity::CreateInteractionResponseFollowup::new()
                .content(content)
                .add_file(file)
                .ephemeral(true);
            component.create_followup(ctx, followup).await?;
        }
        "analyse" => {
            let channel = component.channel_id.get() as i64;
            component.defer_ephemeral(ctx).await?;
            let game = service.game_for(id, asker).await?;
            let analysed = service.analyse_game(&game, Some(channel)).await?;
            let (content, chart) = analysed_answer(lang, &game, analysed).await?;
            let mut followup = serenity::CreateInteractionResponseFollowup::new().content(content);
            if let Some(chart) = chart {
                followup = followup.add_file(chart);
            }
            component
                .create_followup(ctx, followup.ephemeral(true))
                .await?;
        }
        "export" => {
            service.check_reach(id, asker).await?;
            let (content, file) = export_file(lang, service, id).await?;
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
            let (mv, version) = if verb == "swap" {
                (Move::Swap, version)
            } else {
                (Move::Resign(None), None)
            };
            if let MoveOutcome::LostOnTime(view) = service.play(id, player.id, mv, version).await? {
                return Err(ServiceError::TimeRanOut(view.id).into());
            }
            // Saved: the new board follows from the delivery worker.
            let ack = serenity::CreateInteractionResponse::Acknowledge;
            if let Err(error) = component.create_response(ctx, ack).await {
                warn!("could not acknowledge the {verb} in game #{id}: {error}");
            }
        }
        _ => return Err(stale()),
    }
    Ok(())
}

/// A rematch against the bot starts at once, announced where the game was played.
async fn rematch_the_bot(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    player: &Player,
    terms: AiTerms,
) -> Result<(), Error> {
    let lang = clicker_lang(component);
    let Some(channel) = terms.venue.channel_id else {
        return Err(UserError(tr!(lang, "rematch-no-channel")).into());
    };
    let channel = serenity::ChannelId::new(channel as u64);
    let server = data.service.guild_language(terms.venue.guild_id).await?;
    let text = ai_game_text(server, player, &data.bot, &terms);
    let posted = channel
        .send_message(ctx, serenity::CreateMessage::new().content(text))
        .await?;
    let game = data
        .service
        .start_ai_game(player, &data.bot, terms, Some(posted.id.get() as i64))
        .await?;
    reply_ephemeral(
        ctx,
        component,
        &tr!(
            lang,
            "rematch-started",
            id = game.id,
            channel = format!("<#{channel}>")
        ),
    )
    .await;
    Ok(())
}
