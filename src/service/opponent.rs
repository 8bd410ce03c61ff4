//! The bot as an opponent: games against the AI start at once, and whenever the AI is to move
//! it searches off the async threads (at most one search per core, the others waiting in
//! order) and plays through the same path as a person's move: checked, saved in one
//! transaction, announced. Its turns are found in the store, so a restart resumes them.
//!
//! The wait for a reply is bounded: the worker takes the turns waiting in passes, and when a
//! pass holds more turns than the cores can answer at the levels' own time within half the
//! bound ([`AI_REPLY_BOUND`]), each of its searches thinks only its even share of that half,
//! so that the pass ends within half the bound and a turn arriving meanwhile (answered in
//! the next pass) within the whole. No level
//! thinks less than its floor, so the bound holds while no more than `bound × cores /
//! (2 × floor)` turns wait at once (120 `hard` turns on 2 cores, 8 replies a second).
//! When a pass makes its games wait longer than usual (its searches think less, or it would
//! last over 10 s at the levels' own time), each game shown in a channel is told once per wait
//! that the reply may take up to the bound.

use crate::ids::{GuildId, MessageId};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::challenges::checked_move_seconds;
use super::levels::{level_of, stored_level};
use super::saving::{GameTerms, new_game};
use super::{
    Actor, ChallengeOptions, GameId, GameView, MoveOutcome, Player, Result, Service, ServiceError,
    Venue,
};
use crate::ai::{self, Budget, Level};
use crate::game::Variant;
use crate::store::{AiSide, Origin, Owed, StoredLevel};

/// How often the worker looks for turns it was not told about (a missed wake-up, a failure).
const RESCAN: Duration = Duration::from_secs(30);

/// The longest a reply of the AI waits, queue and search together, while the queue is within
/// what the levels' floors allow (`PONTE_AI_REPLY_SECONDS` sets another).
pub const AI_REPLY_BOUND: Duration = Duration::from_secs(30);

/// The least `medium` thinks a move however long the queue (a fifth of its own time).
pub const MEDIUM_FLOOR: Duration = Duration::from_millis(100);

/// The least `hard` thinks a move however long the queue (an eighth of its own time on one
/// core). `easy` always makes its fixed playouts, a few milliseconds.
pub const HARD_FLOOR: Duration = Duration::from_millis(250);

/// How long a search at `level` may think in a pass of `queue` turns on `cores` cores, so
/// that the pass ends within half of `bound`; `None` when the level's own time fits (or the
/// level thinks in playouts).
fn queued_think(level: Level, queue: usize, cores: usize, bound: Duration) -> Option<Duration> {
    let (own, floor) = own_time(level)?;
    let share = (bound / 2).mul_f64(cores as f64 / queue.max(1) as f64);
    (share < own).then(|| share.max(floor))
}

/// A level's own time for a move and its floor; `None` for a level that thinks in playouts.
fn own_time(level: Level) -> Option<(Duration, Duration)> {
    match level {
        Level::Easy => None,
        Level::Medium => Some((Duration::from_millis(500), MEDIUM_FLOOR)),
        Level::Hard => Some((Duration::from_millis(1950), HARD_FLOOR)),
    }
}

/// A pass that would last longer than this at the levels' own time keeps its games waiting
/// longer than usual.
const SLOW_PASS: Duration = Duration::from_secs(10);

/// Whether a pass of turns at `levels` on `cores` cores makes its games wait longer than
/// usual: its searches think less than their levels' own time, or at that time it would last
/// over [`SLOW_PASS`].
fn slow_pass(levels: &[Level], cores: usize, bound: Duration) -> bool {
    let queue = levels.len();
    let thinks_less = levels
        .iter()
        .any(|&level| queued_think(level, queue, cores, bound).is_some());
    let own: Duration = levels
        .iter()
        .filter_map(|&level| own_time(level).map(|(own, _)| own))
        .sum();
    thinks_less || own.mul_f64(1.0 / cores.max(1) as f64) > SLOW_PASS
}

/// Who opens a game against the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opener {
    Human,
    Ai,
}

/// How a game against the AI is played.
#[derive(Clone, Copy, Debug)]
pub struct AiTerms {
    pub level: Level,
    pub options: ChallengeOptions,
    pub venue: Venue,
    pub opener: Opener,
}

/// The board of a newcomer's first game: the size of the lessons' largest position, small
/// enough for a first game to end within one sitting.
const FIRST_GAME_SIZE: u8 = 8;

impl AiTerms {
    /// A newcomer's first game, offered at the end of the lessons: 8×8 with unlimited supply,
    /// against `easy`, unrated and without a time limit, the newcomer opening, where `venue`
    /// says.
    pub fn first_game(venue: Venue) -> AiTerms {
        let variant = Variant::unlimited(FIRST_GAME_SIZE).expect("8 is a board size");
        AiTerms {
            level: Level::Easy,
            options: ChallengeOptions {
                variant,
                move_time: None,
                rated: false,
            },
            venue,
            opener: Opener::Human,
        }
    }
}

/// A player's results against one level of the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiRecord {
    pub level: Level,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Service {
    /// Starts a game of the one who acts (`human`) against the AI (playing as `ai`, the bot's
    /// own user) on `terms`. Games against the AI are never rated. In a channel, the game's thread opens on
    /// message `anchor`.
    ///
    /// # Errors
    /// [`ServiceError::SelfChallenge`] when `human` is the AI, a time per move out of range;
    /// database failures.
    #[tracing::instrument(skip(self))]
    pub async fn start_ai_game(
        &self,
        human: &Actor,
        ai: &Player,
        terms: AiTerms,
        anchor: Option<MessageId>,
    ) -> Result<GameView> {
        let human = &human.player;
        let AiTerms {
            level,
            options,
            venue,
            opener,
        } = terms;
        if human.id == ai.id {
            return Err(ServiceError::SelfChallenge);
        }
        let move_seconds = checked_move_seconds(options.move_time)?;
        let now = self.now();
        for player in [human, ai] {
            self.store
                .upsert_player(player.id, &player.name, now)
                .await?;
        }
        let (opener, other) = match opener {
            Opener::Human => (human.id, ai.id),
            Opener::Ai => (ai.id, human.id),
        };
        let side = AiSide {
            player_id: ai.id,
            level: stored_level(level),
        };
        let terms = GameTerms {
            opener,
            other,
            variant: options.variant,
            move_seconds,
            rated: options.rated,
            venue,
            origin: Origin::Ai(side),
            anchor,
        };
        // Only a challenge can be gone by the time its game starts: never `None` here.
        let Some(id) = self.start_game(&new_game(terms, now)).await? else {
            return Err(crate::store::StoreError::Conflict.into());
        };
        self.game(id).await
    }

    /// The terms of a rematch of game `id` against the AI: the same level, board, supply, time
    /// and place, with the loser opening (after a draw, whoever did not open). `None` when the
    /// game was not against the AI.
    ///
    /// # Errors
    /// Unknown or unfinished games; someone who did not play.
    #[tracing::instrument(skip(self))]
    pub async fn ai_rematch(&self, id: GameId, by: &Actor) -> Result<Option<AiTerms>> {
        let player = &by.player;
        let game = self.game(id).await?;
        let Some((ai_id, level)) = game.ai else {
            return Ok(None);
        };
        let Some(result) = game.result else {
            return Err(ServiceError::NotOver(id));
        };
        let Some(mine) = game.color_of(player.id).filter(|_| player.id != ai_id) else {
            return Err(ServiceError::NotYourRematch(id));
        };
        let human_opens = match result.winner {
            Some(winner) => winner != mine,
            None => game.opener != player.id,
        };
        Ok(Some(AiTerms {
            level,
            options: ChallengeOptions {
                variant: game.game.variant(),
                move_time: game.move_time,
                rated: false,
            },
            venue: game.venue,
            opener: if human_opens {
                Opener::Human
            } else {
                Opener::Ai
            },
        }))
    }

    /// The longest the AI at `level` thinks about a move when no other search waits for a
    /// core; `None` when it thinks for a number of playouts, not for a time (`easy`, a few
    /// milliseconds; every level under `PONTE_AI_PLAYOUTS`).
    pub fn ai_think_time(&self, level: Level) -> Option<Duration> {
        if self.ai_playouts.is_some() {
            return None;
        }
        own_time(level).map(|(own, _)| own)
    }

    /// The games in which the AI is to move, the longest waiting first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn ai_turns(&self) -> Result<Vec<GameId>> {
        Ok(self.store.ai_turns().await?)
    }

    /// Lets the AI move in game `id` if it is to move there: it thinks within its level's
    /// budget (waiting for a free core first), then plays like a person would. `None` when it
    /// is not the AI's turn (any more).
    ///
    /// # Errors
    /// Database failures; a damaged log.
    #[tracing::instrument(skip(self))]
    pub async fn play_ai_turn(&self, id: GameId) -> Result<Option<MoveOutcome>> {
        let permit = self.free_core().await;
        self.play_ai_turn_on(id, permit, 1).await
    }

    /// Waits for a core free for a search; the waits are served in order.
    pub(super) async fn free_core(&self) -> tokio::sync::OwnedSemaphorePermit {
        self.thinking
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed")
    }

    /// [`Service::play_ai_turn`] with a core already reserved for it, in a pass of `queue`
    /// turns.
    async fn play_ai_turn_on(
        &self,
        id: GameId,
        permit: tokio::sync::OwnedSemaphorePermit,
        queue: usize,
    ) -> Result<Option<MoveOutcome>> {
        let view = self.game(id).await?;
        let Some((ai_id, level)) = view.ai else {
            return Ok(None);
        };
        if view.to_move().is_none_or(|(_, player)| player.id != ai_id) {
            return Ok(None);
        }
        let (game, playouts) = (view.game.clone(), self.ai_playouts);
        // Same game, same number of moves: same seed, so a budget in playouts repeats itself.
        let seed = (id.get() as u64) << 16 | u64::from(game.plies());
        // `hard` thinks on a second core too when no other search needs it: twice the
        // playouts in the same time. The other levels keep to one (they are meant to be weaker).
        let second_core = (level == ai::Level::Hard && playouts.is_none())
            .then(|| self.thinking.clone().try_acquire_owned().ok())
            .flatten();
        let cores = 1 + usize::from(second_core.is_some());
        let all_cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        let think = queued_think(level, queue, all_cores, self.ai_reply_bound);
        if let Some(think) = think {
            tracing::debug!(
                "{queue} AI turns wait: game #{id} thinks {} ms",
                think.as_millis()
            );
        }
        let searching = move || {
            // The budget starts once a core is free: waiting in the queue costs no thinking.
            let budget = match playouts {
                Some(playouts) => Budget {
                    playouts: Some(playouts),
                    ..Budget::default()
                },
                None => level.budget(think),
            };
            ai::choose_on(&game, level, budget, seed, cores)
        };
        let thought = search(searching, (permit, second_core), level.name())
            .await
            .map(|decision| decision.map(|d| d.best));
        let mv = match thought {
            Ok(Some(mv)) => mv,
            Ok(None) => return Ok(None),
            Err(error) => {
                tracing::error!("the AI's search failed in game #{id}: {error}");
                return Ok(None);
            }
        };
        match self.play(id, ai_id, mv, Some(view.version)).await {
            Ok(outcome) => {
                let waited = (self.now() - view.updated_at).max(0) as f64 / 1e3;
                metrics::histogram!(super::telemetry::AI_REPLY_WAIT_SECONDS).record(waited);
                Ok(Some(outcome))
            }
            // The human moved meanwhile (resigned, say): this search is moot.
            Err(ServiceError::PositionChanged | ServiceError::GameOver(_)) => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// Plays the AI's turns as they come, for ever: those waiting at start-up first. Spawn it
    /// once per process.
    pub async fn run_ai(self: Arc<Self>) {
        let busy: Arc<Mutex<HashSet<GameId>>> = Arc::default();
        loop {
            match self.store.ai_turn_levels().await {
                Ok(turns) => {
                    let count = turns.len();
                    let turns = self.notice_slow_pass(turns).await;
                    for id in turns {
                        if !busy.lock().unwrap_or_else(|e| e.into_inner()).insert(id) {
                            continue;
                        }
                        // Cores are taken here, one turn after another, so the turns
                        // are thought about in the order they have waited.
                        let permit = self.free_core().await;
                        let (service, busy) = (self.clone(), busy.clone());
                        tokio::spawn(async move {
                            let played = service.play_ai_turn_on(id, permit, count).await;
                            busy.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
                            match played {
                                // The AI may be to move again (the human had to pass).
                                Ok(Some(_)) => service.ai_turn.notify_one(),
                                Ok(None) => {}
                                // Tried again at the next look, not at once: a damaged game
                                // must not keep a core busy.
                                Err(error) => {
                                    tracing::warn!("the AI could not move in game #{id}: {error}");
                                }
                            }
                        });
                    }
                }
                Err(error) => tracing::warn!("cannot look for the AI's turns: {error}"),
            }
            tokio::select! {
                () = self.ai_turn.notified() => {}
                () = tokio::time::sleep(RESCAN) => {}
            }
        }
    }

    /// When the pass of `turns` makes its games wait longer than usual, each waiting game shown
    /// in a channel is told so, once per wait (see [`Store::owe_slow_replies`]). The pass's
    /// games, in order.
    ///
    /// [`Store::owe_slow_replies`]: crate::store::Store::owe_slow_replies
    async fn notice_slow_pass(&self, turns: Vec<(GameId, StoredLevel)>) -> Vec<GameId> {
        let levels: Vec<Level> = turns.iter().map(|&(_, level)| level_of(level)).collect();
        let games: Vec<GameId> = turns.into_iter().map(|(game, _)| game).collect();
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
        if !slow_pass(&levels, cores, self.ai_reply_bound) {
            return games;
        }
        let seconds =
            i64::try_from(self.ai_reply_bound.as_secs_f64().ceil() as u64).unwrap_or(i64::MAX);
        let owed = |game, ply| Owed::SlowReply { game, ply, seconds };
        match self.store.owe_slow_replies(&games, owed, self.now()).await {
            Ok(noticed) if !noticed.is_empty() => {
                tracing::info!(
                    "{} AI turns wait: {} games told",
                    games.len(),
                    noticed.len()
                );
                self.outbox_changed();
            }
            Ok(_) => {}
            Err(error) => tracing::warn!("cannot tell the games waiting for the AI: {error}"),
        }
        games
    }

    /// `player`'s results against each level of the AI in a server.
    pub(super) async fn ai_records(
        &self,
        guild: GuildId,
        player: crate::store::PlayerId,
    ) -> Result<Vec<AiRecord>> {
        let rows = self.store.ai_records(guild, player).await?;
        Ok(rows
            .into_iter()
            .map(|row| AiRecord {
                level: level_of(row.level),
                wins: u32::try_from(row.wins).unwrap_or_default(),
                losses: u32::try_from(row.losses).unwrap_or_default(),
                draws: u32::try_from(row.draws).unwrap_or_default(),
            })
            .collect())
    }
}

/// Runs one search of the AI off the async threads, as every search runs: `think` on the
/// cores that `permits` hold (freed when it ends), its time recorded under `label` (a level,
/// or `hint`).
///
/// # Errors
/// When the search's task failed (panicked).
pub(super) async fn search<T: Send + 'static>(
    think: impl FnOnce() -> Option<T> + Send + 'static,
    permits: impl Send + 'static,
    label: &'static str,
) -> std::result::Result<Option<T>, tokio::task::JoinError> {
    tokio::task::spawn_blocking(move || {
        let _permits = permits;
        let started = std::time::Instant::now();
        let found = think();
        metrics::histogram!(super::telemetry::AI_SEARCH_SECONDS, "level" => label)
            .record(started.elapsed());
        found
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pass is slow when its searches think less than their own time, or when at that time
    /// it would last over 10 s; `easy`, which thinks in playouts, never makes one slow.
    #[test]
    fn a_pass_is_slow_when_its_searches_think_less_or_it_lasts_over_ten_seconds() {
        let bound = AI_REPLY_BOUND;
        assert!(!slow_pass(&[Level::Hard; 2], 2, bound));
        assert!(!slow_pass(&[Level::Easy; 500], 2, bound));
        // 11 hard turns on 2 cores fit half of 30 s at their own time, but last 10.7 s; 10
        // last 9.75 s.
        assert!(queued_think(Level::Hard, 11, 2, bound).is_none());
        assert!(slow_pass(&[Level::Hard; 11], 2, bound));
        assert!(!slow_pass(&[Level::Hard; 10], 2, bound));
        // Under a short bound, 4 hard turns already think less.
        assert!(slow_pass(&[Level::Hard; 4], 2, Duration::from_secs(5)));
    }
}
