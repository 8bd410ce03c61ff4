//! Button clicks: accept, decline, cancel, the pie choice, resign, rematch, replay, analyse,
//! export, and joining or leaving a tournament; what each button is lives in its id
//! ([`ButtonId`]).

use crate::discord::ids::{self, Stored};
use poise::serenity_prelude as serenity;
use tracing::warn;

use super::button_id::ButtonId;
use super::commands::{signup_buttons, signup_text};
use super::health::Outcome;
use super::messages::{ai_game_text, challenge_buttons, challenge_pings, challenge_text};
use super::outgoing::{self, NOBODY};
use super::post::{analysed_answer, export_file, gif_of};
use super::{Data, Error, UserError, actor_of, explain, player_of};
use crate::game::Move;
use crate::i18n::Lang;
use crate::service::{Actor, AiTerms, ChallengeView, GameId, MoveOutcome, Player, ServiceError};
use crate::tr;

async fn reply_ephemeral(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    text: &str,
) {
    let response = serenity::CreateInteractionResponse::Message(
        outgoing::response(NOBODY).content(text).ephemeral(true),
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
) -> Outcome {
    let Err(error) = dispatch(ctx, data, component).await else {
        return Outcome::Ok;
    };
    {
        let (message, expected) = explain(&error, clicker_lang(component));
        let message = super::messages::fit_message(&message);
        if !expected {
            warn!(button = %component.data.custom_id, "button failed: {error:#}");
        }
        let response = serenity::CreateInteractionResponse::Message(
            outgoing::response(NOBODY).content(&message).ephemeral(true),
        );
        // When the click was already answered (an update, an acknowledgement), the error
        // follows up instead.
        if component.create_response(ctx, response).await.is_err() {
            let followup = outgoing::followup(NOBODY).content(message).ephemeral(true);
            if let Err(e) = component.create_followup(ctx, followup).await {
                warn!("could not answer a button: {e}");
            }
        }
        match expected {
            true => Outcome::Refused,
            false => Outcome::Failed,
        }
    }
}

/// The button clicked, as the metrics name it: `button:accept`, `button:swap`... (an id the
/// bot never made is `button:unknown`, so a forged click cannot make up new names).
pub fn kind(component: &serenity::ComponentInteraction) -> String {
    let kind = component
        .data
        .custom_id
        .parse::<ButtonId>()
        .map(|button| button.to_string());
    let kind = kind.as_deref().unwrap_or("unknown");
    format!("button:{}", kind.split(':').next().unwrap_or(kind))
}

/// The language of the one who clicked, for the answers only they see.
fn clicker_lang(component: &serenity::ComponentInteraction) -> Lang {
    Lang::of_locale_or_english(Some(&component.locale))
}

async fn dispatch(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let service = &data.service;
    let asker = actor_of(
        &component.user,
        component.guild_id,
        component.member.as_ref(),
    );
    let (player, guild) = (&asker.player, asker.guild);
    if let (Some(guild), Some(locale)) = (guild, &component.guild_locale) {
        service.note_guild_locale(guild, locale).await?;
    }
    let lang = clicker_lang(component);
    let server = service.guild_language(guild).await?;
    let Ok(button) = component.data.custom_id.parse::<ButtonId>() else {
        return Err(UserError(tr!(lang, "button-stale")).into());
    };
    match button {
        ButtonId::Accept(id) => {
            let message = Some(component.message.id.stored());
            let game = service.accept_on(id, &asker, message).await?;
            let accepted = tr!(
                server,
                "challenge-accepted",
                name = &asker.player.name,
                id = game.id,
                white = &game.white.name,
                red = &game.red.name
            );
            // Saved: the thread and the first board follow from the delivery worker.
            if let Err(error) = update_message(ctx, component, accepted, Vec::new()).await {
                warn!("could not update the accepted challenge #{id}: {error}");
            }
        }
        ButtonId::Decline(id) => {
            let closed = service.decline(id, &asker).await?;
            let text = closed_text(server, player, &closed);
            update_message(ctx, component, text, Vec::new()).await?;
        }
        ButtonId::Cancel(id) => {
            let closed = service.cancel(id, &asker).await?;
            let text = closed_text(server, player, &closed);
            update_message(ctx, component, text, Vec::new()).await?;
        }
        ButtonId::JoinTournament(id) => {
            let view = service.join_tournament(id, &asker).await?;
            let (text, buttons) = (signup_text(server, &view), signup_buttons(server, &view));
            update_message(ctx, component, text, buttons).await?;
        }
        ButtonId::LeaveTournament(id) => {
            let view = service.leave_tournament(id, &asker).await?;
            let (text, buttons) = (signup_text(server, &view), signup_buttons(server, &view));
            update_message(ctx, component, text, buttons).await?;
        }
        ButtonId::Keep { game, version } => {
            service
                .check_pie_choice(game, player.id, Some(version))
                .await?;
            reply_ephemeral(ctx, component, &tr!(lang, "pie-kept")).await;
        }
        ButtonId::Swap { game, version } => {
            play(ctx, data, component, game, Move::Swap, Some(version)).await?;
        }
        // A resignation is always legal: only the swap is tied to the position it was for.
        ButtonId::Resign(game) => {
            play(ctx, data, component, game, Move::Resign(None), None).await?;
        }
        ButtonId::Rematch(id) => {
            if let Some(terms) = service.ai_rematch(id, &asker).await? {
                return rematch_the_bot(ctx, data, component, &asker, terms).await;
            }
            let challenge = service.rematch(id, &asker).await?;
            // Threads cannot hold threads: the rematch is offered where the game started.
            let Some(channel) = challenge.venue.channel_id.map(ids::channel) else {
                return Err(UserError(tr!(lang, "rematch-no-channel")).into());
            };
            if challenge.message_id.is_none() {
                let message = outgoing::message(&challenge_pings(&challenge))
                    .content(challenge_text(server, &challenge))
                    .components(challenge_buttons(server, &challenge));
                let posted = channel.send_message(ctx, message).await?;
                service
                    .set_challenge_message(challenge.id, posted.id.stored())
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
        ButtonId::Replay(id) => {
            service.check_reach(id, &asker).await?;
            // For the one who clicked: drawing takes a moment, so the answer is deferred.
            component.defer_ephemeral(ctx).await?;
            let (content, file) = gif_of(service, lang, &service.game(id).await?).await?;
            let followup = outgoing::followup(NOBODY)
                .content(content)
                .add_file(file)
                .ephemeral(true);
            component.create_followup(ctx, followup).await?;
        }
        ButtonId::Analyse(id) => {
            let channel = component.channel_id.stored();
            component.defer_ephemeral(ctx).await?;
            let game = service.game_for(id, &asker).await?;
            let analysed = service.analyse_game(&game, Some(channel)).await?;
            let (content, chart) = analysed_answer(lang, &game, analysed).await?;
            let mut followup = outgoing::followup(NOBODY).content(content);
            if let Some(chart) = chart {
                followup = followup.add_file(chart);
            }
            component
                .create_followup(ctx, followup.ephemeral(true))
                .await?;
        }
        ButtonId::Export(id) => {
            service.check_reach(id, &asker).await?;
            let (content, file) = export_file(lang, service, id).await?;
            let reply = serenity::CreateInteractionResponse::Message(
                outgoing::response(NOBODY)
                    .content(content)
                    .add_file(file)
                    .ephemeral(true),
            );
            component.create_response(ctx, reply).await?;
        }
    }
    Ok(())
}

/// Replaces the text and the buttons of the message whose button was clicked.
async fn update_message(
    ctx: &serenity::Context,
    component: &serenity::ComponentInteraction,
    content: String,
    components: Vec<serenity::CreateActionRow>,
) -> Result<(), serenity::Error> {
    let update = serenity::CreateInteractionResponse::UpdateMessage(
        outgoing::response(NOBODY)
            .content(content)
            .components(components),
    );
    component.create_response(ctx, update).await
}

/// A challenge's message once declined or cancelled: it says so, and its buttons go.
fn closed_text(server: Lang, player: &Player, closed: &ChallengeView) -> String {
    tr!(
        server,
        "challenge-closed",
        challenger = &closed.challenger.name,
        status = closed.status.to_string(),
        name = &player.name
    )
}

/// The swap or a resignation from a button; the new board follows from the delivery worker.
async fn play(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    game: GameId,
    mv: Move,
    version: Option<i64>,
) -> Result<(), Error> {
    let player = player_of(&component.user);
    if let MoveOutcome::LostOnTime(view) = data.service.play(game, player.id, mv, version).await? {
        return Err(ServiceError::TimeRanOut(view.id).into());
    }
    let ack = serenity::CreateInteractionResponse::Acknowledge;
    if let Err(error) = component.create_response(ctx, ack).await {
        warn!("could not acknowledge the {mv} in game #{game}: {error}");
    }
    Ok(())
}

/// A rematch against the bot starts at once, announced where the game was played.
async fn rematch_the_bot(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    player: &Actor,
    terms: AiTerms,
) -> Result<(), Error> {
    let lang = clicker_lang(component);
    let Some(channel) = terms.venue.channel_id else {
        return Err(UserError(tr!(lang, "rematch-no-channel")).into());
    };
    let channel = ids::channel(channel);
    let server = data.service.guild_language(terms.venue.guild_id).await?;
    let text = ai_game_text(server, &player.player, &data.bot, &terms);
    let posted = channel
        .send_message(ctx, outgoing::message(NOBODY).content(text))
        .await?;
    let game = data
        .service
        .start_ai_game(player, &data.bot, terms, Some(posted.id.stored()))
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
