//! What saved actions owe the players on Discord: the board after a move with the mention of
//! the player to move, a new game's thread and first board, a loss on time or an abort, a
//! reminder. Each is recorded in the transaction of the action (see `store::outbox`), so it
//! outlives a crash or a Discord outage; a front end's delivery worker takes the due ones,
//! posts them and reports back here, and failed deliveries are retried with backoff.

use crate::ids::{ChannelId, MessageId};
use std::time::Duration;

use super::move_log::{DamagedLog, Position};
use super::{
    AnalysisView, DailyPuzzle, GameId, GameView, Lang, MoveReport, PlayerId, Result, Service,
    ServiceError, TournamentView, Venue,
};
use crate::game::Move;
use crate::store::{ClockTimes, GameRow, GameStatus, OutboxId, Owed, StoreError};

/// Something the players are owed, with what its delivery shows loaded: one variant for each
/// kind of [`Owed`], so a front end's delivery that matches on it is told by the compiler of
/// every new kind.
#[derive(Clone, Debug)]
pub enum Announcement {
    /// A new game: its thread, opened on message `anchor` when there is one, and first board.
    Started {
        game: GameView,
        anchor: Option<MessageId>,
    },
    /// The moves a move item reports, and the game after them: whose turn, or the result.
    Moved(MoveReport),
    /// A game that ended without a move, as it ended.
    Ended(GameView),
    /// A game as it stood when its reminder was owed, said in its thread.
    Reminder(GameView),
    /// The same reminder, by direct message to the player to move.
    ReminderDm(GameView),
    /// A tournament as it is now, whose round `round` started.
    Round {
        tournament: TournamentView,
        round: u32,
    },
    /// A tournament as it is now, after one of its games ended.
    Standings(TournamentView),
    /// A tournament that ended (or was cancelled).
    Finished(TournamentView),
    /// A game and its analysis, posted in `channel`, which asked for it.
    Analysis {
        game: GameView,
        analysis: AnalysisView,
        channel: ChannelId,
    },
    /// A game's analysis was given up: said in `channel`, which asked for it. Only where the
    /// game is played is loaded (its log may be what failed).
    AnalysisFailed {
        game: GameId,
        channel: ChannelId,
        venue: Venue,
    },
    /// A player's digest: their language and the games where it is their turn now.
    Digest {
        player: PlayerId,
        lang: Lang,
        games: Vec<GameView>,
    },
    /// Many games wait for the AI: its reply in this game may take up to `seconds`.
    SlowReply { game: GameView, seconds: i64 },
    /// A server's daily puzzle.
    DailyPuzzle(Box<DailyPuzzle>),
}

impl Announcement {
    /// Where it is posted: its game's or tournament's server and channel.
    pub fn venue(&self) -> Venue {
        match self {
            Announcement::Started { game, .. }
            | Announcement::Ended(game)
            | Announcement::Reminder(game)
            | Announcement::ReminderDm(game)
            | Announcement::SlowReply { game, .. }
            | Announcement::Analysis { game, .. } => game.venue,
            Announcement::Moved(report) => report.game.venue,
            Announcement::AnalysisFailed { venue, .. } => *venue,
            Announcement::Round { tournament, .. }
            | Announcement::Standings(tournament)
            | Announcement::Finished(tournament) => tournament.venue,
            Announcement::Digest { .. } => Venue::default(),
            Announcement::DailyPuzzle(daily) => Venue {
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
    /// The item as it was owed.
    pub owed: Owed,
    pub announcement: Announcement,
}

impl DueAnnouncement {
    /// Its kind, as the outbox stores it and the metrics name it.
    pub fn kind(&self) -> &'static str {
        self.owed.kind()
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
                    let announcement = self.announcement(item.owed).await;
                    (item.id, announcement.map(|a| (item, a)))
                }
                Err((id, impossible)) => (id, Err(impossible.into())),
            };
            match made {
                Ok((item, announcement)) => due.push(DueAnnouncement {
                    id,
                    attempts: u32::try_from(item.attempts).unwrap_or(u32::MAX),
                    owed: item.owed,
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

    /// What the delivery of `owed` shows, loaded from the game or tournament as it is now (a
    /// board as it stood when the item was owed).
    async fn announcement(&self, owed: Owed) -> Result<Announcement> {
        Ok(match owed {
            Owed::Started { game, anchor } => Announcement::Started {
                game: self.game_at(game, 0).await?,
                anchor,
            },
            Owed::Moved { game, first, last } => {
                Announcement::Moved(MoveReport::of(self.game_at(game, last).await?, first))
            }
            Owed::Ended { game, ply } => Announcement::Ended(self.game_at(game, ply).await?),
            Owed::Reminder { game, ply } => Announcement::Reminder(self.game_at(game, ply).await?),
            Owed::ReminderDm { game, ply } => {
                Announcement::ReminderDm(self.game_at(game, ply).await?)
            }
            Owed::Round { tournament, round } => Announcement::Round {
                tournament: self.tournament(tournament).await?,
                round,
            },
            Owed::Standings { tournament } => {
                Announcement::Standings(self.tournament(tournament).await?)
            }
            Owed::Finished { tournament } => {
                Announcement::Finished(self.tournament(tournament).await?)
            }
            Owed::Analysis { game, channel } => {
                let game = self.game(game).await?;
                let analysis = self
                    .analysis_of(&game)
                    .await?
                    .ok_or(ServiceError::UnknownGame(game.id))?;
                Announcement::Analysis {
                    game,
                    analysis,
                    channel,
                }
            }
            Owed::AnalysisFailed { game, channel } => {
                // From the game's row alone: its log may be what failed.
                let row = self.row(game).await?;
                let venue = Venue {
                    guild_id: row.guild_id,
                    channel_id: row.channel_id,
                };
                Announcement::AnalysisFailed {
                    game,
                    channel,
                    venue,
                }
            }
            Owed::Digest { player } => Announcement::Digest {
                player,
                lang: self.dm_language(player).await?,
                games: self.games_waiting_for(player).await?,
            },
            Owed::SlowReply { game, ply, seconds } => Announcement::SlowReply {
                game: self.game_at(game, ply).await?,
                seconds,
            },
            Owed::DailyPuzzle { puzzle, channel } => {
                Announcement::DailyPuzzle(Box::new(self.daily_puzzle(puzzle, channel).await?))
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
        let now = self.position(&row).await?;
        let shown = &now.moves[..usize::try_from(plies).unwrap_or(0).min(now.moves.len())];
        let swapped_later = plies < 2 && now.moves.get(1).is_some_and(|m| m.mv == Move::Swap);
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
        let position = Position::replayed(earlier.variant, shown)
            .map_err(|reason| DamagedLog { game: id, reason })?;
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
