//! The daily puzzle: a server's managers choose a channel (`/settings puzzle-channel`), and
//! once a day at [`DAILY_PUZZLE_HOUR`] o'clock UTC a puzzle of the server's own games (else of
//! the built-in set) is posted there, each once, with a button that opens it privately for
//! whoever clicks; the next day's post says how many solved the one before. The bot knows no
//! server's time zone (Discord does not say), and noon UTC falls in the day for most players:
//! the afternoon in Europe and Africa, the morning in the Americas, the evening in Asia. The
//! post is owed through the outbox in the transaction that records it and plans the next, so a
//! day owes one, whatever restarts or fails.

use super::puzzle_choice::daily_owed;
use super::puzzles::{PuzzleView, start_rating};
use crate::ids::{GuildId, PuzzleId};
use crate::service::digests::next_digest_at;
use crate::service::{Actor, ChannelId, Millis, Result, Service, ServiceError};
use crate::store::EarlierDaily;

/// The hour (UTC) of the daily puzzle.
pub const DAILY_PUZZLE_HOUR: u32 = 12;

/// A daily puzzle as posted: where, the puzzle, and the server's one before it with its
/// solvers.
#[derive(Clone, Debug)]
pub struct DailyPuzzle {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub view: PuzzleView,
    pub before: Option<EarlierDaily>,
}

/// The first [`DAILY_PUZZLE_HOUR`] o'clock UTC after `now`.
pub fn next_daily_puzzle_at(now: Millis) -> Millis {
    next_digest_at(now, DAILY_PUZZLE_HOUR, chrono_tz::UTC, None)
}

impl Service {
    /// Sets the channel of the daily puzzle of `by`'s server (`None`: no daily puzzle) and
    /// gives when the next comes.
    ///
    /// # Errors
    /// [`ServiceError::NoServer`] outside a server; [`ServiceError::ManagersOnly`] to a
    /// member who does not manage it; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn set_puzzle_channel(
        &self,
        by: &Actor,
        channel: Option<ChannelId>,
    ) -> Result<Option<Millis>> {
        let guild = by.managed_guild()?;
        let next = channel.map(|_| next_daily_puzzle_at(self.now()));
        self.store.set_puzzle_channel(guild, channel, next).await?;
        Ok(next)
    }

    /// Owes the daily puzzles due now, each once, as `puzzle_choice` chooses them (see the
    /// module's text).
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::service) async fn take_daily_puzzles(&self) -> Result<usize> {
        let now = self.now();
        let owed = self
            .store
            .take_due_daily_puzzles(now, next_daily_puzzle_at(now), daily_owed)
            .await?;
        if !owed.is_empty() {
            self.outbox_changed();
        }
        Ok(owed.len())
    }

    /// The daily puzzle `puzzle` owed in `channel`, for its post.
    ///
    /// # Errors
    /// [`ServiceError::UnknownPuzzle`] for one never owed there; database failures.
    pub(in crate::service) async fn daily_puzzle(
        &self,
        puzzle: PuzzleId,
        channel: ChannelId,
    ) -> Result<DailyPuzzle> {
        let unknown = || ServiceError::UnknownPuzzle(puzzle);
        let guild = self
            .store
            .daily_puzzle_server(puzzle, channel)
            .await?
            .ok_or_else(unknown)?;
        let served = self
            .store
            .served_puzzle(puzzle)
            .await?
            .ok_or_else(unknown)?;
        let before = self.store.daily_puzzle_before(guild, puzzle).await?;
        Ok(DailyPuzzle {
            guild,
            channel,
            view: PuzzleView {
                id: served.id,
                puzzle: served.puzzle,
                guild: served.guild_id,
                rating: served.rating.rating,
                player_rating: start_rating(),
                answered: None,
            },
            before,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::service::{ManualClock, Player, PlayerId};

    #[tokio::test]
    async fn only_a_servers_managers_set_its_puzzle_channel() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        let clock = Arc::new(ManualClock::new(NOVEMBER_23_0630_UTC));
        let service = Service::open_with_clock(&url, clock).await.unwrap();
        let alice = Player::new(PlayerId::new(1), "alice");
        let guild = GuildId::from_snowflake(7);
        let channel = Some(ChannelId::from_snowflake(70));
        let member = Actor::member(alice.clone(), Some(guild));
        assert!(matches!(
            service.set_puzzle_channel(&member, channel).await,
            Err(ServiceError::ManagersOnly)
        ));
        let nowhere = Actor::member(alice.clone(), None);
        assert!(matches!(
            service.set_puzzle_channel(&nowhere, channel).await,
            Err(ServiceError::NoServer)
        ));
        assert_eq!(service.take_daily_puzzles().await.unwrap(), 0);
        let manager = Actor::manager(alice, guild);
        let next = service.set_puzzle_channel(&manager, channel).await.unwrap();
        assert_eq!(next, Some(next_daily_puzzle_at(NOVEMBER_23_0630_UTC)));
        assert_eq!(
            service.set_puzzle_channel(&manager, None).await.unwrap(),
            None
        );
    }

    /// 2026-11-23 06:30 UTC.
    const NOVEMBER_23_0630_UTC: Millis = 1_795_415_400_000;

    #[test]
    fn the_daily_puzzle_comes_at_noon_utc_the_next_time_it_comes() {
        let noon = NOVEMBER_23_0630_UTC + 5 * 3_600_000 + 1_800_000;
        assert_eq!(next_daily_puzzle_at(NOVEMBER_23_0630_UTC), noon);
        assert_eq!(next_daily_puzzle_at(noon), noon + 86_400_000, "not twice");
        assert_eq!(next_daily_puzzle_at(noon - 1), noon);
        assert_eq!(next_daily_puzzle_at(noon + 1), noon + 86_400_000);
    }
}
