//! `/challenge`: offering a game, with its options as Discord choices.

use crate::discord::ids::Stored;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::{Context, Data, Error, actor, server_lang, user_lang};
use crate::tr;

use crate::discord::messages::{
    ai_game_text, away_text, challenge_buttons, challenge_pings, challenge_text,
};
use crate::discord::outgoing;
use crate::discord::{UserError, player_of};
use crate::game::Variant;
use crate::service::{Actor, AiTerms, ChallengeOptions, Level, Opener, Venue};

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardSize {
    #[name = "12×12 (default)"]
    Twelve,
    #[name = "10×10 (the smaller board)"]
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

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "easy"]
    Easy,
    #[name = "medium"]
    Medium,
    #[name = "hard"]
    Hard,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FirstChoice {
    #[name = "me"]
    Me,
    #[name = "bot"]
    Bot,
}

/// The game options chosen (the defaults: 12×12, the box, 3 days a move).
pub fn options_of(
    size: Option<BoardSize>,
    supply: Option<SupplyChoice>,
    time: Option<MoveTime>,
    rated: bool,
) -> Result<ChallengeOptions, Error> {
    let size = match size.unwrap_or(BoardSize::Twelve) {
        BoardSize::Twelve => 12,
        BoardSize::Ten => 10,
    };
    let variant = match supply.unwrap_or(SupplyChoice::Box) {
        SupplyChoice::Box => Variant::boxed(size)?,
        SupplyChoice::Unlimited => Variant::unlimited(size)?,
    };
    Ok(ChallengeOptions {
        variant,
        move_time: time.unwrap_or(MoveTime::ThreeDays).duration(),
        rated,
    })
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

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![challenge()]
}

/// Challenge a player, anyone, or the bot itself to a game of Ponte del Diavolo
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    size: Option<BoardSize>,
    supply: Option<SupplyChoice>,
    time: Option<MoveTime>,
    rated: Option<bool>,
    level: Option<LevelChoice>,
    first: Option<FirstChoice>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let against_bot = opponent
        .as_ref()
        .is_some_and(|o| o.id.stored() == ctx.data().bot.id);
    if opponent.as_ref().is_some_and(|o| o.bot) && !against_bot {
        return Err(UserError(tr!(lang, "challenge-other-bot")).into());
    }
    if !against_bot && (level.is_some() || first.is_some()) {
        return Err(UserError(tr!(lang, "challenge-bot-options")).into());
    }
    if against_bot && rated == Some(true) {
        return Err(UserError(tr!(lang, "challenge-bot-rated")).into());
    }
    let options = options_of(size, supply, time, rated.unwrap_or(!against_bot))?;
    let venue = Venue {
        guild_id: ctx.guild_id().map(|g| g.stored()),
        channel_id: Some(ctx.channel_id().stored()),
    };
    let challenger = actor(ctx);
    if against_bot {
        let level = match level.unwrap_or(LevelChoice::Medium) {
            LevelChoice::Easy => Level::Easy,
            LevelChoice::Medium => Level::Medium,
            LevelChoice::Hard => Level::Hard,
        };
        let opener = match first.unwrap_or(FirstChoice::Me) {
            FirstChoice::Me => Opener::Human,
            FirstChoice::Bot => Opener::Ai,
        };
        let terms = AiTerms {
            level,
            options,
            venue,
            opener,
        };
        return play_the_bot(ctx, &challenger, terms).await;
    }
    let service = &ctx.data().service;
    let opponent = opponent.as_ref().map(player_of);
    let made = service
        .challenge(&challenger, opponent.as_ref(), options, venue)
        .await?;
    let server = server_lang(ctx).await?;
    let mut text = challenge_text(server, &made);
    // Said with the challenge, so the challenger knows why an answer may take a while.
    if let (Some(opponent), Some(guild)) = (&opponent, venue.guild_id)
        && let Some(until) = service.away_until(opponent.id, Some(guild)).await?
    {
        text = format!("{text}\n{}", away_text(server, &opponent.name, until));
    }
    let reply = outgoing::reply(&challenge_pings(&made))
        .content(text)
        .components(challenge_buttons(server, &made));
    let sent = ctx.send(reply).await?;
    let message = sent.message().await?;
    service
        .set_challenge_message(made.id, message.id.stored())
        .await?;
    Ok(())
}

/// A game against the bot starts at once: the reply announces it, and the game's thread opens
/// on the reply (through the delivery worker, like every game's).
async fn play_the_bot(ctx: Context<'_>, human: &Actor, terms: AiTerms) -> Result<(), Error> {
    let data = ctx.data();
    let text = ai_game_text(server_lang(ctx).await?, &human.player, &data.bot, &terms);
    let sent = ctx
        .send(poise::CreateReply::default().content(text))
        .await?;
    let anchor = sent.message().await?.id.stored();
    let started = data
        .service
        .start_ai_game(human, &data.bot, terms, Some(anchor))
        .await;
    if let Err(error) = started {
        let lang = server_lang(ctx).await?;
        let (explained, _) = crate::discord::explain(&error.into(), lang);
        let note = tr!(lang, "ai-game-not-started", reason = explained);
        sent.edit(ctx, poise::CreateReply::default().content(note))
            .await?;
    }
    Ok(())
}
