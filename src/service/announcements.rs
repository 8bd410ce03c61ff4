//! What saved actions owe the players on Discord: the board after a move with the mention of
//! the player to move, a new game's thread and first board, a loss on time or an abort, a
//! reminder. Each is recorded in the transaction of the action (see `store::outbox`), so it
//! outlives a crash or a Discord outage; a front end's delivery worker takes the due ones,
//! posts them and reports back here, and failed deliveries are retried with backoff.

use crate::ids::MessageId;
use std::time::Duration;

use super::views::replay_log;
use super::{
    AnalysisView, DailyPuzzle, GameId, GameView, Lang, MoveReport, Result, Service, ServiceError,
    TournamentView, Venue,
};
use crate::game::Move;
use crate::store::{About, ClockTimes, GameRow, GameStatus, OutboxId, Owed, StoreError};

/// Something the players are owed, with what it is about loaded: the item says which kind
/// it is (each kind is spelled once, in [`Owed`]), the subject what the delivery shows.
#[derive(Clone, Debug)]
pub struct Announcement {
    pub owed: Owed,
    pub subject: Subject,
}

/// What an item is about, loaded for its delivery (see [`About`]).
#[derive(Clone, Debug)]
pub enum Subject {
    /// A game as it stood when the item was owed.
    Game(GameView),
    /// The moves a move item reports, and the game after them: whose turn, or the result.
    Moves(MoveReport),
    /// A game and its analysis.
    Analysis {
        game: GameView,
        analysis: AnalysisView,
    },
    /// Where a game is played, and nothing more (its log may be what failed).
    Venue(Venue),
    /// A tournament as it is now.
    Tournament(TournamentView),
    /// A player's language and the games where it is their turn now.
    Player { lang: Lang, games: Vec<GameView> },
    /// A server's daily puzzle.
    DailyPuzzle(Box<DailyPuzzle>),
}

impl Announcement {
    /// Where it is posted: its game's or tournament's server and channel.
    pub fn venue(&self) -> Venue {
        match &self.subject {
            Subject::Game(game) | Subject::Analysis { game, .. } => game.venue,
            Subject::Moves(report) => report.game.venue,
            Subject::Venue(venue) => *venue,
            Subject::Tournament(tournament) => tournament.venue,
            Subject::Player { .. } => Venue::default(),
            Subject::DailyPuzzle(daily) => Venue {
                guild_id: Some(daily.guild),
                channel_id: Some(daily.channel),
            },
        }
    }
}

/// An announcement due for delivery.
#[derive(Clone, Debug)]
pub struct DueAnnouncement {
    /// Unique and stable across attempts: a delivery key (e.g. Discord's message nonce).
    pub id: OutboxId,
    /// Failed deliveries so far.
    pub attempts: u32,
    pub announcement: Announcement,
}

impl DueAnnouncement {
    /// Its kind, as the outbox stores it and the metrics name it.
    pub fn kind(&self) -> String {
        self.announcement.owed.kind()
    }
}

/// The first retry comes after a quarter of a second, then the wait doubles up to five
/// minutes: a hiccup costs the players a moment, a long outage at most five minutes after it
/// ends.
const FIRST_RETRY: Duration = Duration::from_millis(250);
const LAST_RETRY: Duration = Duration::from_secs(300);
/// How many items one call hands out.
const BATCH: i64 = 50;

/// The wait before the next attempt after `attempts` failures.
fn retry_delay(attempts: u32) -> Duration {
    FIRST_RETRY
        .saturating_mul(2u32.saturating_pow(attempts.min(16)))
        .min(LAST_RETRY)
}

impl Service {
    /// The announcements due now, oldest first; one game's come one at a time, in order. An
    /// item whose game can no longer be read (a damaged log) is set aside, logged.
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn due_announcements(&self) -> Result<Vec<DueAnnouncement>> {
        let now = self.now();
        let mut due = Vec::new();
        for item in self.store.due_announcements(now, BATCH).await? {
            let (id, made) = match item {
                Ok(item) => {
                    let subject = self.subject(item.owed.about()).await;
                    let announcement = subject.map(|subject| Announcement {
                        owed: item.owed,
                        subject,
                    });
                    (item.id, announcement.map(|a| (item.attempts, a)))
                }
                Err((id, impossible)) => (id, Err(impossible.into())),
            };
            match made {
                Ok((attempts, announcement)) => due.push(DueAnnouncement {
                    id,
                    attempts: u32::try_from(attempts).unwrap_or(u32::MAX),
                    announcement,
                }),
                Err(
                    error @ (ServiceError::Damaged(_)
                    | ServiceError::UnknownGame(_)
                    | ServiceError::UnknownTournament(_)
                    | ServiceError::Store(StoreError::Impossible(_))),
                ) => {
                    tracing::warn!("cannot make announcement {id}: {error}");
                    let reason = error.to_string();
                    self.store.announcement_abandoned(id, now, &reason).await?;
                }
                Err(other) => return Err(other),
            }
        }
        Ok(due)
    }

    /// When the next announcement falls due (`None`: nothing is waiting).
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_announcement_in(&self) -> Result<Option<Duration>> {
        let at = self.store.next_announcement_at().await?;
        Ok(at.map(|at| Duration::from_millis(u64::try_from(at - self.now()).unwrap_or(0))))
    }

    /// Waits until a write records a new announcement (or one was recorded since the last
    /// wait).
    pub async fn announcements_recorded(&self) {
        self.outbox.notified().await;
    }

    /// The announcement was delivered: it is forgotten.
    ///
    /// # Errors
    /// Database failures.
    pub async fn announced(&self, id: OutboxId) -> Result<()> {
        Ok(self.store.announcement_delivered(id).await?)
    }

    /// A delivery failed for now: it is retried after a backoff.
    ///
    /// # Errors
    /// Database failures.
    pub async fn announcement_failed(&self, due: &DueAnnouncement, error: &str) -> Result<()> {
        let delay = retry_delay(due.attempts);
        let at = self.now() + i64::try_from(delay.as_millis()).unwrap_or(i64::MAX / 2);
        Ok(self.store.announcement_failed(due.id, at, error).await?)
    }

    /// Discord refused the delivery for good (the channel is gone, the bot may not post
    /// there): the item is kept for the record and the game's next items go ahead.
    ///
    /// # Errors
    /// Database failures.
    pub async fn announcement_refused(&self, id: OutboxId, error: &str) -> Result<()> {
        Ok(self
            .store
            .announcement_abandoned(id, self.now(), error)
            .await?)
    }

    /// Records the message a new game's thread is to open on, for the announcement's later
    /// attempts.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_announcement_anchor(&self, id: OutboxId, message: MessageId) -> Result<()> {
        Ok(self.store.set_announcement_anchor(id, message).await?)
    }

    /// Wakes the delivery worker: a write just recorded an announcement.
    pub(super) fn outbox_changed(&self) {
        self.outbox.notify_one();
    }

    /// What an item is about, loaded from the game or tournament as it is now (a board as it
    /// stood when the item was owed).
    async fn subject(&self, about: About) -> Result<Subject> {
        Ok(match about {
            About::Game { game, ply } => Subject::Game(self.game_at(game, ply).await?),
            About::Moves { game, first, last } => {
                Subject::Moves(MoveReport::of(self.game_at(game, last).await?, first))
            }
            About::Analysis(game) => {
                let game = self.game(game).await?;
                let analysis = self
                    .analysis_of(&game)
                    .await?
                    .ok_or(ServiceError::UnknownGame(game.id))?;
                Subject::Analysis { game, analysis }
            }
            About::Venue(game) => {
                // From the game's row alone: its log may be what failed.
                let row = self.row(game).await?;
                Subject::Venue(Venue {
                    guild_id: row.guild_id,
                    channel_id: row.channel_id,
                })
            }
            About::Tournament(tournament) => {
                Subject::Tournament(self.tournament(tournament).await?)
            }
            About::Player(player) => Subject::Player {
                lang: self.dm_language(player).await?,
                games: self.games_waiting_for(player).await?,
            },
            About::DailyPuzzle { puzzle, channel } => {
                Subject::DailyPuzzle(Box::new(self.daily_puzzle(puzzle, channel).await?))
            }
        })
    }

    /// Game `id` as it stood after `plies` plies: an announcement that waited (Discord was
    /// down) shows the board it was made for, not a later one, and no clock or result that came
    /// after it.
    async fn game_at(&self, id: GameId, plies: i64) -> Result<GameView> {
        let row = self
            .store
            .game(id)
            .await?
            .ok_or(ServiceError::UnknownGame(id))?;
        if plies >= row.plies {
            return self.view(row).await;
        }
        let moves = self.store.moves(row.id).await?;
        let swapped_later = plies < 2
            && moves
                .get(1)
                .is_some_and(|m| m.notation.parse() == Ok(Move::Swap));
        let mut earlier = GameRow {
            plies,
            status: GameStatus::Active,
            winner: None,
            end_reason: None,
            clock: ClockTimes {
                deadline_at: None,
                remind_at: None,
                ..row.clock
            },
            ..row
        };
        if swapped_later {
            std::mem::swap(&mut earlier.white_id, &mut earlier.red_id);
            std::mem::swap(&mut earlier.white_name, &mut earlier.red_name);
        }
        let shown = usize::try_from(plies).unwrap_or(0).min(moves.len());
        let position = replay_log(&earlier, &moves[..shown])?;
        Ok(GameView::new(earlier, &position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_from_a_quarter_second_to_five_minutes() {
        let waits: Vec<u128> = (0..4).map(|n| retry_delay(n).as_millis()).collect();
        assert_eq!(waits, [250, 500, 1000, 2000]);
        assert_eq!(retry_delay(30), LAST_RETRY);
        assert_eq!(retry_delay(u32::MAX), LAST_RETRY);
    }
}
