//! `/tournament`: create (a sign-up message with Join and Leave buttons), start, standings
//! (with the crosstable picture), pairings, withdraw, cancel.

use crate::discord::ids::Stored;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::challenge::{BoardSize, MoveTime, SupplyChoice, options_of};
use super::{Context, Data, Error, actor, server_lang, tell_author, user_lang};
use crate::discord::button_id::ButtonId;
use crate::discord::messages::{button, fit_message};
use crate::discord::outgoing::{self, NOBODY};
use crate::discord::player_of;
use crate::discord::tournament_posts::{pairings_text, signup_text, standings_text};
use crate::i18n::Lang;
use crate::service::{
    Format, MOST_SWISS_ROUNDS, ServiceError, TournamentId, TournamentStatus, TournamentTerms,
    TournamentView, Venue,
};
use crate::tr;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "round robin"]
    RoundRobin,
    #[name = "double round robin"]
    DoubleRoundRobin,
    #[name = "Swiss"]
    Swiss,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SignupChoice {
    #[name = "until started by hand"]
    ByHand,
    #[name = "1 day"]
    OneDay,
    #[name = "3 days"]
    ThreeDays,
    #[name = "7 days"]
    SevenDays,
}

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![tournament()]
}

/// Server tournaments
#[poise::command(
    slash_command,
    guild_only,
    subcommands("create", "start", "standings", "pairings", "withdraw", "cancel"),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Whether the author may manage this server.
/// Open sign-up for a tournament
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn create(
    ctx: Context<'_>,
    name: String,
    format: FormatChoice,
    rounds: Option<u32>,
    size: Option<BoardSize>,
    supply: Option<SupplyChoice>,
    time: Option<MoveTime>,
    rated: Option<bool>,
    signup: Option<SignupChoice>,
    vacations: Option<bool>,
) -> Result<(), Error> {
    let format = match format {
        FormatChoice::RoundRobin => Format::RoundRobin { double: false },
        FormatChoice::DoubleRoundRobin => Format::RoundRobin { double: true },
        FormatChoice::Swiss => Format::Swiss {
            rounds: rounds.unwrap_or(5).min(MOST_SWISS_ROUNDS),
        },
    };
    let hours = match signup.unwrap_or(SignupChoice::ByHand) {
        SignupChoice::ByHand => None,
        SignupChoice::OneDay => Some(24),
        SignupChoice::ThreeDays => Some(72),
        SignupChoice::SevenDays => Some(168),
    };
    let service = &ctx.data().service;
    let signup_deadline = hours.map(|h: u64| {
        service.now() + i64::try_from(Duration::from_secs(h * 3600).as_millis()).unwrap_or(0)
    });
    let terms = TournamentTerms {
        name,
        format,
        options: options_of(size, supply, time, rated.unwrap_or(true))?,
        signup_deadline,
        pause_for_vacations: vacations.unwrap_or(false),
    };
    let venue = Venue {
        guild_id: ctx.guild_id().map(|g| g.stored()),
        channel_id: Some(ctx.channel_id().stored()),
    };
    let view = service.create_tournament(&actor(ctx), venue, terms).await?;
    let lang = server_lang(ctx).await?;
    let reply = poise::CreateReply::default()
        .content(signup_text(lang, &view))
        .components(signup_buttons(lang, &view));
    let sent = ctx.send(reply).await?;
    let message = sent.message().await?.id.stored();
    service.set_signup_message(view.id, message).await?;
    Ok(())
}

pub fn signup_buttons(lang: Lang, view: &TournamentView) -> Vec<serenity::CreateActionRow> {
    if view.status != TournamentStatus::Signup {
        return Vec::new();
    }
    let id = view.id;
    vec![serenity::CreateActionRow::Buttons(vec![
        button(
            ButtonId::JoinTournament(id),
            tr!(lang, "button-join"),
            serenity::ButtonStyle::Success,
        ),
        button(
            ButtonId::LeaveTournament(id),
            tr!(lang, "button-leave"),
            serenity::ButtonStyle::Secondary,
        ),
    ])]
}

/// Close sign-up and start round 1 (organiser or managers)
#[poise::command(slash_command, guild_only)]
pub async fn start(
    ctx: Context<'_>,
    #[autocomplete = "tournaments"] tournament: i64,
) -> Result<(), Error> {
    let service = &ctx.data().service;
    let id = checked(ctx, tournament).await?;
    let view = service.start_tournament(id, Some(&actor(ctx))).await?;
    // The pairings follow in the channel from the delivery worker, saved with the start.
    tell_author(
        ctx,
        &tr!(user_lang(ctx), "tournament-start-saved", id = view.id),
    )
    .await
}

/// The standings and the crosstable
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Context<'_>,
    #[autocomplete = "tournaments"] tournament: i64,
) -> Result<(), Error> {
    let id = checked(ctx, tournament).await?;
    let view = ctx.data().service.tournament(id).await?;
    let lang = server_lang(ctx).await?;
    let text = standings_text(lang, &view);
    let png = tokio::task::spawn_blocking(move || view.crosstable_png(lang)).await?;
    ctx.send(
        poise::CreateReply::default()
            .content(fit_message(&text))
            .attachment(serenity::CreateAttachment::bytes(png, "crosstable.png")),
    )
    .await?;
    Ok(())
}

/// A round's games
#[poise::command(slash_command, guild_only)]
pub async fn pairings(
    ctx: Context<'_>,
    #[autocomplete = "tournaments"] tournament: i64,
    round: Option<u32>,
) -> Result<(), Error> {
    let id = checked(ctx, tournament).await?;
    let view = ctx.data().service.tournament(id).await?;
    let round = round.unwrap_or(view.current_round.max(1));
    let lang = user_lang(ctx);
    tell_author(ctx, &pairings_text(lang, &view, round)).await
}

/// Withdraw from a tournament (organisers: remove a player); remaining games are forfeited
#[poise::command(slash_command, guild_only)]
pub async fn withdraw(
    ctx: Context<'_>,
    #[autocomplete = "tournaments"] tournament: i64,
    player: Option<serenity::User>,
) -> Result<(), Error> {
    // Forfeiting or aborting many games may take longer than Discord waits for an answer; the
    // answer is private, so a refusal reaches its author alone, and the withdrawal is posted
    // in the channel apart.
    ctx.defer_ephemeral().await?;
    let id = checked(ctx, tournament).await?;
    let who = player_of(player.as_ref().unwrap_or(ctx.author()));
    let view = ctx.data().service.withdraw(id, &who, &actor(ctx)).await?;
    let lang = server_lang(ctx).await?;
    let text = tr!(
        lang,
        "tournament-withdrawn",
        name = &who.name,
        id = view.id,
        tournament = &view.name
    );
    // Saved is saved: a lost post must not read as a failed withdrawal.
    let public = outgoing::message(NOBODY).content(fit_message(&text));
    if let Err(error) = ctx.channel_id().send_message(ctx, public).await {
        tracing::warn!("could not post the withdrawal from tournament #{id}: {error}");
    }
    tell_author(ctx, &text).await
}

/// Call a tournament off (organiser or managers); unfinished games are aborted
#[poise::command(slash_command, guild_only)]
pub async fn cancel(
    ctx: Context<'_>,
    #[autocomplete = "tournaments"] tournament: i64,
) -> Result<(), Error> {
    // Aborting many games may take longer than Discord waits for an answer; the answer is
    // private, so a refusal reaches its author alone.
    ctx.defer_ephemeral().await?;
    let id = checked(ctx, tournament).await?;
    let view = ctx
        .data()
        .service
        .cancel_tournament(id, &actor(ctx))
        .await?;
    // Everyone is told through the delivery worker, saved with the cancellation.
    tell_author(
        ctx,
        &tr!(user_lang(ctx), "tournament-cancel-saved", id = view.id),
    )
    .await
}

/// A tournament of this server (another's is "no tournament #id").
async fn checked(ctx: Context<'_>, number: i64) -> Result<TournamentId, Error> {
    let Ok(id) = TournamentId::try_from(number) else {
        let text = tr!(user_lang(ctx), "error-unknown-tournament", id = number);
        return Err(crate::discord::UserError(text).into());
    };
    let view = ctx.data().service.tournament(id).await?;
    if view.venue.guild_id != ctx.guild_id().map(|g| g.stored()) {
        return Err(ServiceError::UnknownTournament(id).into());
    }
    Ok(id)
}

/// This server's tournaments that are not over, as choices.
async fn tournaments(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let open = match ctx.guild_id() {
        Some(guild) => ctx
            .data()
            .service
            .open_tournaments(guild.stored())
            .await
            .unwrap_or_default(),
        None => Vec::new(),
    };
    let typed = partial.trim().trim_start_matches('#').to_lowercase();
    let choices = open
        .iter()
        .filter(|(id, name)| {
            id.to_string().starts_with(&typed) || name.to_lowercase().contains(&typed)
        })
        .take(25)
        .map(|(id, name)| {
            let label: String = format!("#{id} {name}").chars().take(100).collect();
            serenity::AutocompleteChoice::new(label, id.get())
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::Move;
    use crate::service::{
        Actor, ChallengeOptions, ManualClock, Player, PlayerId, Service, TournamentView, Venue,
    };

    /// A tournament of four with its first game over: a round robin's six games, or a Swiss's
    /// first round.
    async fn one_result_in(format: Format) -> (tempfile::TempDir, TournamentView) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        let clock = Arc::new(ManualClock::new(1_700_000_000_000));
        let service = Service::open_with_clock(&url, clock).await.unwrap();
        let venue = Venue {
            guild_id: Some(7.into()),
            channel_id: Some(70.into()),
        };
        let players: Vec<Player> = (1..=4)
            .map(|i| Player::new(PlayerId::new(i), format!("p{i}")))
            .collect();
        let terms = TournamentTerms {
            name: "Club".into(),
            format,
            options: ChallengeOptions::default(),
            signup_deadline: None,
            pause_for_vacations: false,
        };
        let by = Actor::manager(players[0].clone(), 7.into());
        let t = service.create_tournament(&by, venue, terms).await.unwrap();
        for p in &players {
            let entrant = Actor::member(p.clone(), Some(7.into()));
            service.join_tournament(t.id, &entrant).await.unwrap();
        }
        let t = service.start_tournament(t.id, Some(&by)).await.unwrap();
        let first = &t.games[0].1;
        let resigned = service.play(first.id, first.white.id, Move::Resign(None), None);
        resigned.await.unwrap();
        let view = service.tournament(t.id).await.unwrap();
        (dir, view)
    }

    #[tokio::test]
    async fn the_standings_say_how_far_the_tournament_is() {
        let (_dir, round_robin) = one_result_in(Format::RoundRobin { double: false }).await;
        let text = standings_text(Lang::En, &round_robin);
        assert!(
            text.starts_with("**Club**, standings after 1 of 6 games:"),
            "{text}"
        );
        let (_dir, swiss) = one_result_in(Format::Swiss { rounds: 3 }).await;
        let text = standings_text(Lang::En, &swiss);
        assert!(
            text.starts_with("**Club**, standings during round 1 of 3:"),
            "{text}"
        );
    }
}
