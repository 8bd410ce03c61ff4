//! `/challenge`: offering a game, with its options as Discord choices.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::{Context, Error};
use crate::discord::messages::{challenge_buttons, challenge_pings, challenge_text, pings};
use crate::discord::{UserError, player_of};
use crate::game::Variant;
use crate::service::{ChallengeOptions, Venue};

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardSize {
    #[name = "12×12 (default)"]
    Twelve,
    #[name = "10×10 (the original board)"]
    Ten,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SupplyChoice {
    #[name = "the box (default)"]
    Box,
    #[name = "unlimited"]
    Unlimited,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum MoveTime {
    #[name = "no limit"]
    None,
    #[name = "1 hour"]
    OneHour,
    #[name = "1 day"]
    OneDay,
    #[name = "3 days (default)"]
    ThreeDays,
    #[name = "7 days"]
    SevenDays,
}

impl MoveTime {
    fn duration(self) -> Option<Duration> {
        let hours = match self {
            MoveTime::None => return None,
            MoveTime::OneHour => 1,
            MoveTime::OneDay => 24,
            MoveTime::ThreeDays => 72,
            MoveTime::SevenDays => 168,
        };
        Some(Duration::from_secs(hours * 3600))
    }
}

/// Challenge a player, or anyone, to a game of Ponte del Diavolo
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play (leave empty for an open challenge)"] opponent: Option<
        serenity::User,
    >,
    #[description = "Board size"] size: Option<BoardSize>,
    #[description = "Tiles and bridges: the box, or unlimited"] supply: Option<SupplyChoice>,
    #[description = "Time per move"] time: Option<MoveTime>,
    #[description = "Whether the game counts for the server's ratings (default: yes)"]
    rated: Option<bool>,
) -> Result<(), Error> {
    if opponent.as_ref().is_some_and(|o| o.bot) {
        return Err(UserError("bots cannot play; challenge a person".into()).into());
    }
    let size = match size.unwrap_or(BoardSize::Twelve) {
        BoardSize::Twelve => 12,
        BoardSize::Ten => 10,
    };
    let variant = match supply.unwrap_or(SupplyChoice::Box) {
        SupplyChoice::Box => Variant::boxed(size)?,
        SupplyChoice::Unlimited => Variant::unlimited(size)?,
    };
    let options = ChallengeOptions {
        variant,
        move_time: time.unwrap_or(MoveTime::ThreeDays).duration(),
        rated: rated.unwrap_or(true),
    };
    let venue = Venue {
        guild_id: ctx.guild_id().map(|g| g.get() as i64),
        channel_id: Some(ctx.channel_id().get() as i64),
    };
    let service = &ctx.data().service;
    let challenger = player_of(ctx.author());
    let opponent = opponent.as_ref().map(player_of);
    let made = service
        .challenge(&challenger, opponent.as_ref(), options, venue)
        .await?;
    let reply = poise::CreateReply::default()
        .content(challenge_text(&made))
        .allowed_mentions(pings(&challenge_pings(&made)))
        .components(challenge_buttons(&made));
    let sent = ctx.send(reply).await?;
    let message = sent.message().await?;
    service
        .set_challenge_message(made.id, message.id.get() as i64)
        .await?;
    Ok(())
}
