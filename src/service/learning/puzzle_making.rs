//! Puzzles from every finished game, made in the background. When a game ends (not aborted),
//! its analysis is asked for with no channel waiting; the analysis worker makes it as it makes
//! those asked for with `/analyse` (a position at a time, each search waiting for a free core
//! like a move of the bot) and then cuts the game's puzzles: its clear mistakes, each judged by
//! a few fixed searches that wait for a free core the same way (`ai::puzzle`). A game's puzzles
//! are kept with its server, all at once and with the mark that the game was cut, so a restart
//! resumes what was left and never cuts a game twice.
//!
//! The cost: the analysis, [`ANALYSIS_PLAYOUTS`](crate::service::ANALYSIS_PLAYOUTS) a position (about
//! half a minute of one core for a game of 80 moves on 12×12), and at most
//! [`MOST_PER_GAME`](crate::ai::puzzle::MOST_PER_GAME) positions judged with up to six searches
//! of [`JUDGE_PLAYOUTS`] each (`docs/ai.md` gives the figures). A host whose cores are too few
//! turns it off (`PONTE_PUZZLES=off`).

use std::time::Instant;

use crate::ai::analysis::evaluate;
use crate::ai::puzzle::{Cut, JUDGE_PLAYOUTS, Puzzle, cuts, distinct_answers};
use crate::game::Move;
use crate::service::{Ending, GameId, GameView, GuildId, Result, Service, ServiceError};
use crate::store::{AnalysisRequest, GameToCut};

/// The built-in puzzles, served in every server after its own games' puzzles (made by
/// `ponte-lab puzzles`).
const BUILT_IN: &str = include_str!("../../../assets/puzzles/built-in.txt");

/// The puzzles once in the built-in set and dropped since (each gave away another of its
/// game's): a database that kept them stops serving them.
const RETIRED: &str = include_str!("../../../assets/puzzles/retired.txt");

/// The built-in puzzles as shipped.
///
/// # Errors
/// The first line or puzzle of the shipped file that does not read or hold together.
pub fn built_in_puzzles() -> std::result::Result<Vec<Puzzle>, String> {
    crate::ai::puzzle::parse_puzzles(BUILT_IN)
}

/// The puzzles dropped from the built-in set.
///
/// # Errors
/// The first line or puzzle of the shipped file that does not read or hold together.
pub fn retired_puzzles() -> std::result::Result<Vec<Puzzle>, String> {
    crate::ai::puzzle::parse_puzzles(RETIRED)
}

impl Service {
    /// Keeps the built-in puzzles in the database (those kept before keep their ratings once
    /// answered) and stops serving those dropped from the set, and logs how many there are;
    /// how many were new.
    ///
    /// # Errors
    /// Database failures. A shipped file that does not read is logged, and nothing kept.
    pub async fn load_built_in_puzzles(&self) -> Result<usize> {
        let (puzzles, retired) = match (built_in_puzzles(), retired_puzzles()) {
            (Ok(puzzles), Ok(retired)) => (puzzles, retired),
            (Err(error), _) | (_, Err(error)) => {
                tracing::error!("the built-in puzzles do not read: {error}");
                return Ok(0);
            }
        };
        let kept = self
            .store
            .insert_built_in_puzzles(&puzzles, &retired, self.now())
            .await?;
        tracing::info!(
            new = kept.new,
            retired = kept.retired,
            "{} built-in puzzles",
            puzzles.len()
        );
        Ok(kept.new)
    }

    /// Whether puzzles are made from every finished game (off unless set: the bot sets it
    /// from its settings).
    pub fn set_puzzle_making(&mut self, on: bool) {
        self.puzzle_making = on;
    }

    /// Whether puzzles are made from every finished game.
    pub fn makes_puzzles(&self) -> bool {
        self.puzzle_making
    }

    /// After `game` ended: asks for its analysis, with no channel waiting, so that its puzzles
    /// are cut once it is made. Not for an aborted game. A failure is only logged: the game
    /// ended all the same, and it is without puzzles.
    pub(in crate::service) async fn make_puzzles_of(&self, game: &GameView) {
        let aborted = game
            .result
            .as_ref()
            .is_some_and(|r| r.ending == Ending::Aborted);
        if !self.puzzle_making || aborted || !game.is_over() {
            return;
        }
        let playouts = self
            .ai_playouts
            .unwrap_or(crate::service::ANALYSIS_PLAYOUTS);
        match self
            .store
            .request_analysis(game.id, playouts as i64, None, self.now())
            .await
        {
            Ok(AnalysisRequest::Queued) => self.analysis_wanted.notify_one(),
            Ok(AnalysisRequest::Running | AnalysisRequest::Done(_)) => {}
            Err(error) => tracing::warn!(
                "cannot ask for the analysis of game #{} for its puzzles: {error}",
                game.id
            ),
        }
    }

    /// Logs, once at the start of the analysis worker, whether puzzles are made and how many
    /// games analysed before wait for theirs.
    pub(in crate::service) async fn log_puzzle_making(&self) {
        if !self.puzzle_making {
            tracing::info!("puzzles: not made from finished games (PONTE_PUZZLES=off)");
            return;
        }
        match self.store.games_to_cut().await {
            Ok(games) => tracing::info!(
                to_cut = games.len(),
                judge_playouts = self.judge_playouts(),
                "puzzles: made from every finished game once it is analysed"
            ),
            Err(error) => tracing::warn!("cannot count the games to cut puzzles from: {error}"),
        }
    }

    fn judge_playouts(&self) -> u64 {
        self.ai_playouts.unwrap_or(JUDGE_PLAYOUTS)
    }

    /// Cuts the puzzles of every game analysed and not yet cut, one game after another. A game
    /// whose log no longer replays (or whose search failed: it is seeded, it would fail again)
    /// is marked cut without puzzles; one the database refused is tried again at the worker's
    /// next round.
    ///
    /// # Errors
    /// Database failures in finding the games to cut.
    pub async fn cut_puzzles_due(&self) -> Result<()> {
        if !self.puzzle_making {
            return Ok(());
        }
        for GameToCut { game_id, guild_id } in self.store.games_to_cut().await? {
            match self.cut_puzzles(game_id, guild_id).await {
                Ok(()) => {}
                Err(ServiceError::Store(error)) => tracing::warn!(
                    "could not cut the puzzles of game #{game_id} (to be tried again): {error}"
                ),
                Err(error) => {
                    tracing::error!("gave up cutting the puzzles of game #{game_id}: {error}");
                    let none = self
                        .store
                        .save_cut_puzzles(game_id, guild_id, &[], self.now())
                        .await;
                    if let Err(failure) = none {
                        tracing::warn!("cannot record the failure: {failure}");
                    }
                }
            }
        }
        Ok(())
    }

    /// Cuts and keeps the puzzles of game `id` of `guild`, whose analysis is made.
    async fn cut_puzzles(&self, id: GameId, guild: Option<GuildId>) -> Result<()> {
        let started = Instant::now();
        let game = self.game(id).await?;
        let Some(analysis) = self.store.analysis(id).await?.filter(|a| a.finished) else {
            return Ok(());
        };
        let evaluations = crate::service::analysis::evaluations(&analysis);
        let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
        let variant = game.game.variant();
        let seed = (id.get() as u64) << 16;
        let mut searches = 0;
        let mut puzzles: Vec<Puzzle> = Vec::new();
        for mut cut in cuts(variant, &moves, &evaluations, self.judge_playouts(), seed) {
            searches += self.judge(&mut cut, id).await?;
            puzzles.extend(cut.puzzle());
        }
        let puzzles = distinct_answers(puzzles);
        let kept = self
            .store
            .save_cut_puzzles(id, guild, &puzzles, self.now())
            .await?;
        tracing::info!(
            game = %id,
            puzzles = puzzles.len(),
            new = kept.len(),
            searches,
            seconds = started.elapsed().as_secs_f64(),
            "cut the puzzles of a finished game"
        );
        Ok(())
    }

    /// Runs `cut`'s searches, each on a free core; how many it ran.
    async fn judge(&self, cut: &mut Cut, game: GameId) -> Result<u32> {
        let mut searches = 0;
        while let Some(position) = cut.next_search() {
            let (playouts, seed) = (cut.playouts(), cut.seed());
            let permit = self.free_core().await;
            let evaluation = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                evaluate(&position, playouts, seed)
            })
            .await
            .map_err(|error| {
                ServiceError::Damaged(crate::service::DamagedLog {
                    game,
                    reason: format!("a puzzle's judging search failed: {error}"),
                })
            })?;
            cut.record(evaluation);
            searches += 1;
        }
        Ok(searches)
    }
}
