//! After a game: its analysis. The AI evaluates every position of a finished game with a
//! fixed budget, giving White's chances move by move (drawn as a chart) and the moves that
//! cost their player the most, with what the AI preferred. Each position's search waits for a
//! free core in the AI's queue like a move of the bot, so an analysis never holds up a game
//! for longer than one position's search; a restart resumes the analyses left unfinished. The
//! result is stored: asking again answers at once, and asking while it is computed waits for
//! the same computation. One that fails is tried again later, each wait twice the one before,
//! and after a few failures (at once when the game's log cannot be replayed) it is given up and
//! the waiting channels are told. An attempt cut off by the process ending (a stop, a kill) is
//! no failure: the worker takes it back when it starts again.

use crate::ids::ChannelId;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::{Actor, Ending, GameId, GameView, Result, Service, ServiceError};
use crate::ai::analysis::{Evaluation, Moment, evaluate, turning_points, without_tempo};
use crate::game::{Move, Variant};
use crate::i18n::{Lang, move_words, with_color};
use crate::render::{caption_name, chances_plot_png};
use crate::store::{AnalysisPosition, AnalysisRequest, AnalysisRow, Owed, PendingAnalysis};
use crate::tr;

/// Playouts a position: about a third of a second of one core, so a game of 80 moves takes
/// half a minute (`docs/ai.md` gives the figures).
pub const ANALYSIS_PLAYOUTS: u64 = 4_000;
/// How many of the moves that changed the game most are named.
pub const MOMENTS: usize = 3;
/// How often the worker looks for analyses it was not told about (or due to be tried again).
const RESCAN: Duration = Duration::from_secs(60);
/// The wait after an analysis's first failure; each later one waits twice as long.
const FIRST_ANALYSIS_RETRY: Duration = Duration::from_secs(60);
/// Attempts after which an analysis is given up: the last starts a quarter of an hour after
/// the first, long enough for a full disk or a locked database to be seen to.
pub const ANALYSIS_ATTEMPTS: i64 = 5;

/// A finished game's analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisView {
    /// The game analysed; `None` for the moves of a record (`ponte analyse`), no stored game.
    pub game: Option<GameId>,
    /// The search's budget for each position.
    pub playouts: u64,
    /// White's chance of winning after each number of moves (the start first).
    pub chances: Vec<f64>,
    /// The moves that changed the game most, in the order played.
    pub moments: Vec<TurningPoint>,
}

/// A move that changed the game, and who played it.
#[derive(Clone, Debug, PartialEq)]
pub struct TurningPoint {
    pub moment: Moment,
    /// The player's name, where the game has players (a record's analysis has none).
    pub player: Option<String>,
}

/// What asking for an analysis gives.
#[derive(Clone, Debug, PartialEq)]
pub enum Analysed {
    /// It was done before.
    Ready(AnalysisView),
    /// The AI has started on it; the asking channel is told when it is done.
    Started { positions: u32 },
    /// The AI was already at work on it; the asking channel is told too.
    Running,
}

impl Service {
    /// Asks for the analysis of game `id` for `asker`, who is told in `channel` when it is done
    /// (unless it is ready now).
    ///
    /// # Errors
    /// [`ServiceError::UnknownGame`] out of reach, [`ServiceError::NotOver`] for a game still
    /// played, [`ServiceError::AbortedAnalysis`] for an aborted one; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn analyse(
        &self,
        id: GameId,
        asker: &Actor,
        channel: Option<ChannelId>,
    ) -> Result<Analysed> {
        let game = self.game_for(id, asker).await?;
        self.analyse_game(&game, channel).await
    }

    /// As [`Service::analyse`] for a game already read for its asker (e.g. by
    /// [`Service::game_to_review`]).
    ///
    /// # Errors
    /// [`ServiceError::NotOver`], [`ServiceError::AbortedAnalysis`]; database failures.
    #[tracing::instrument(skip_all, fields(game = %game.id, ?channel))]
    pub async fn analyse_game(
        &self,
        game: &GameView,
        channel: Option<ChannelId>,
    ) -> Result<Analysed> {
        let id = game.id;
        match game.result {
            None => return Err(ServiceError::NotOver(id)),
            Some(result) if result.ending == Ending::Aborted => {
                return Err(ServiceError::AbortedAnalysis(id));
            }
            Some(_) => {}
        }
        // Made before: read without queueing behind the writers.
        if let Some(analysis) = self.analysis_of(game).await? {
            return Ok(Analysed::Ready(analysis));
        }
        let playouts = self.analysis_playouts();
        let request = self
            .store
            .request_analysis(id, playouts as i64, channel, self.now())
            .await?;
        Ok(match request {
            AnalysisRequest::Done(row) => Analysed::Ready(analysis_view(game, &row)),
            AnalysisRequest::Queued => {
                self.analysis_wanted.notify_one();
                Analysed::Started {
                    positions: game.game.plies() + 1,
                }
            }
            AnalysisRequest::Running => Analysed::Running,
        })
    }

    /// The finished analysis of `game`, if there is one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn analysis_of(&self, game: &GameView) -> Result<Option<AnalysisView>> {
        Ok(self
            .store
            .analysis(game.id)
            .await?
            .filter(|row| row.finished)
            .map(|row| analysis_view(game, &row)))
    }

    /// The analysis of game `id` for `asker`, computed here and now when it was not before:
    /// for front ends without the worker (`ponte local`). While it is computed, `progress` is
    /// told the positions evaluated and the positions in all after each one.
    ///
    /// # Errors
    /// As [`Service::analyse`]; a damaged log.
    #[tracing::instrument(skip(self, progress))]
    pub async fn analysis_now(
        &self,
        id: GameId,
        asker: &Actor,
        progress: impl Fn(usize, usize),
    ) -> Result<AnalysisView> {
        if let Analysed::Ready(analysis) = self.analyse(id, asker, None).await? {
            return Ok(analysis);
        }
        let playouts = self
            .store
            .analysis(id)
            .await?
            .map_or(self.analysis_playouts(), |row| {
                u64::try_from(row.playouts).unwrap_or(ANALYSIS_PLAYOUTS)
            });
        self.compute_analysis(id, playouts, progress).await?;
        match self.analyse(id, asker, None).await? {
            Analysed::Ready(analysis) => Ok(analysis),
            _ => Err(ServiceError::UnknownGame(id)),
        }
    }

    /// How many positions the AI has evaluated for analyses since the start (each analysis
    /// is computed once, however often it is asked for).
    pub fn positions_analysed(&self) -> u64 {
        self.positions_analysed.load(Ordering::Relaxed)
    }

    fn analysis_playouts(&self) -> u64 {
        self.ai_playouts.unwrap_or(ANALYSIS_PLAYOUTS)
    }

    /// Computes and saves the analysis of game `id`, one position after another, each on a
    /// free core, telling `progress` the positions evaluated and the positions in all after
    /// each; the waiting channels are owed its post.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    #[tracing::instrument(skip(self, progress))]
    pub async fn compute_analysis(
        &self,
        id: GameId,
        playouts: u64,
        progress: impl Fn(usize, usize),
    ) -> Result<()> {
        // The view's log was replayed when it was read: every move in it is legal.
        let game = self.game(id).await?;
        let moves = game.moves.iter().map(|m| m.mv);
        let all = super::move_log::positions(game.game.variant(), moves);
        let total = all.len();
        let mut positions = Vec::with_capacity(total);
        for (ply, position) in all.into_iter().enumerate() {
            let permit = self.free_core().await;
            let seed = (id.get() as u64) << 16 | ply as u64;
            let evaluation = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                evaluate(&position, playouts, seed)
            })
            .await
            .map_err(|error| {
                ServiceError::Damaged(super::DamagedLog {
                    game: id,
                    reason: format!("the analysis's search failed: {error}"),
                })
            })?;
            self.positions_analysed.fetch_add(1, Ordering::Relaxed);
            positions.push(AnalysisPosition {
                ply: ply as i64,
                white_chance: evaluation.white_chance,
                preferred: evaluation.preferred.map(|mv| mv.to_string()),
            });
            progress(positions.len(), total);
        }
        // A game lost on time ends where the rules did not end it: its last position is the
        // result, not a search's guess.
        if let (Some(result), Some(last)) = (game.result, positions.last_mut())
            && !game.game.is_over()
        {
            last.white_chance = match result.winner {
                Some(crate::game::Color::White) => 1.0,
                Some(crate::game::Color::Red) => 0.0,
                None => 0.5,
            };
            last.preferred = None;
        }
        let owed_to = |channel| Owed::Analysis { game: id, channel };
        self.store
            .save_analysis(id, &positions, owed_to, self.now())
            .await?;
        self.outbox_changed();
        Ok(())
    }

    /// Computes the analyses due now, one after another, those asked for first. Each attempt
    /// is counted as it starts, so that one that fails is tried again later, not at once, even
    /// when the database refuses to record its failure; after [`ANALYSIS_ATTEMPTS`] attempts,
    /// or at once for a log that no longer replays, the analysis is given up and its waiting
    /// channels told. (An attempt the process ending cut off is taken back by
    /// [`Service::take_back_cut_off_analyses`].)
    ///
    /// # Errors
    /// Database failures in finding the analyses or starting an attempt.
    pub async fn analyse_due(&self) -> Result<()> {
        for PendingAnalysis {
            game_id,
            playouts,
            attempts,
        } in self.store.pending_analyses(self.now()).await?
        {
            if attempts >= ANALYSIS_ATTEMPTS {
                // The last attempt failed without a word: the database refused to record its
                // failure (one cut off by the process ending was taken back at the start).
                let error = format!("no result after {attempts} attempts");
                self.analysis_failed(game_id, &error, true).await;
                continue;
            }
            let wait = FIRST_ANALYSIS_RETRY * 2u32.pow(attempts as u32);
            let now = self.now();
            let retry_at = now + wait.as_millis() as i64;
            let started = self.store.start_analysis_attempt(game_id, retry_at, now);
            if !started.await? {
                continue;
            }
            let playouts = u64::try_from(playouts).unwrap_or(ANALYSIS_PLAYOUTS);
            let Err(error) = self.compute_analysis(game_id, playouts, |_, _| {}).await else {
                continue;
            };
            // A database that refused may accept later; a log that does not replay (or a
            // search that failed: it is seeded, it would fail again) never will.
            let lasting = !matches!(error, ServiceError::Store(_));
            let give_up = lasting || attempts + 1 >= ANALYSIS_ATTEMPTS;
            self.analysis_failed(game_id, &error.to_string(), give_up)
                .await;
        }
        Ok(())
    }

    /// Records a failed attempt at the analysis of `game`, given up or to be tried again. A
    /// record that fails is only logged: the attempt was counted when it started.
    async fn analysis_failed(&self, game: GameId, error: &str, give_up: bool) {
        if give_up {
            tracing::error!("gave up analysing game #{game}: {error}");
        } else {
            tracing::warn!("could not analyse game #{game} (to be tried again): {error}");
        }
        match self
            .store
            .analysis_failed(game, error, give_up, failed_to(game), self.now())
            .await
        {
            Ok(()) if give_up => self.outbox_changed(),
            Ok(()) => {}
            Err(failure) => tracing::warn!("cannot record the failure: {failure}"),
        }
    }

    /// Takes back the attempts at analyses that a process ending cut off (a stop, a kill, a
    /// crash): they are not failures, so they do not count towards giving up, and their
    /// analyses are due at once. For the worker's start, before its first attempt; how many
    /// were taken back.
    ///
    /// # Errors
    /// Database failures.
    pub async fn take_back_cut_off_analyses(&self) -> Result<u64> {
        let taken = self.store.take_back_cut_off_attempts().await?;
        if taken > 0 {
            tracing::info!("{taken} analyses cut off by the last stop are resumed");
        }
        Ok(taken)
    }

    /// Computes the analyses asked for, one at a time, for ever: those left unfinished by a
    /// restart first (an attempt the stop cut off taken back, not counted); after each round,
    /// the puzzles of the games analysed are cut (`puzzle_making`). Spawn it once per process.
    pub async fn run_analyses(self: Arc<Self>) {
        self.log_puzzle_making().await;
        // Until they are taken back, the cut-off attempts wait their turn and count.
        if let Err(error) = self.take_back_cut_off_analyses().await {
            tracing::warn!("cannot resume the analyses cut off by the last stop: {error}");
        }
        loop {
            let wanted = self.analysis_wanted.notified();
            if let Err(error) = self.analyse_due().await {
                tracing::warn!("cannot make the analyses asked for: {error}");
            }
            if let Err(error) = self.cut_puzzles_due().await {
                tracing::warn!("cannot cut the puzzles of the games analysed: {error}");
            }
            tokio::select! {
                () = wanted => {}
                () = tokio::time::sleep(RESCAN) => {}
            }
        }
    }
}

/// The evaluations a stored analysis keeps, position by position (as the search gave them,
/// the tempo bias not yet taken out).
pub(super) fn evaluations(row: &AnalysisRow) -> Vec<Evaluation> {
    row.positions
        .iter()
        .map(|p| Evaluation {
            white_chance: p.white_chance,
            preferred: p.preferred.as_deref().and_then(|m| m.parse().ok()),
        })
        .collect()
}

/// The view of a stored analysis of `game`.
fn analysis_view(game: &GameView, row: &AnalysisRow) -> AnalysisView {
    let evaluations = evaluations(row);
    let moves: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
    let variant = game.game.variant();
    let evaluations = without_tempo(variant, &moves, &evaluations);
    // The log says who played each move (before a swap, White was the other player).
    let player = |moment: &Moment| {
        let logged = game.moves.get(moment.number.checked_sub(1)? as usize)?;
        [&game.white, &game.red]
            .into_iter()
            .find(|p| p.id == logged.player_id)
            .map(|p| p.name.clone())
    };
    AnalysisView {
        game: Some(game.id),
        playouts: u64::try_from(row.playouts).unwrap_or_default(),
        chances: evaluations.iter().map(|e| e.white_chance).collect(),
        moments: turning_points(variant, &moves, &evaluations, MOMENTS)
            .into_iter()
            .map(|moment| TurningPoint {
                player: player(&moment),
                moment,
            })
            .collect(),
    }
}

/// The analysis of `moves` played in `variant` (e.g. a record's) with `playouts` a position,
/// the positions searched on every core at once; after each, `progress` is told the positions
/// evaluated and the positions in all (from the thread that evaluated it, one at a time, the
/// count rising by one each time). The moves must be legal: the analysis stops before the
/// first that is not.
pub fn analyse_moves(
    variant: Variant,
    moves: &[Move],
    playouts: u64,
    progress: impl Fn(usize, usize) + Sync,
) -> AnalysisView {
    let positions = super::move_log::positions(variant, moves.iter().copied());
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let run = positions.len().div_ceil(cores);
    let total = positions.len();
    let done = Mutex::new(0);
    let evaluated = || {
        let mut done = done.lock().unwrap_or_else(PoisonError::into_inner);
        *done += 1;
        progress(*done, total);
    };
    let evaluations: Vec<Evaluation> = std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks(run)
            .enumerate()
            .map(|(chunk, games)| {
                let evaluated = &evaluated;
                scope.spawn(move || {
                    games
                        .iter()
                        .enumerate()
                        .map(|(i, game)| {
                            let evaluation = evaluate(game, playouts, (chunk * run + i) as u64);
                            evaluated();
                            evaluation
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a search does not panic"))
            .collect()
    });
    let moves = &moves[..positions.len() - 1];
    let evaluations = without_tempo(variant, moves, &evaluations);
    AnalysisView {
        game: None,
        playouts,
        chances: evaluations.iter().map(|e| e.white_chance).collect(),
        moments: turning_points(variant, moves, &evaluations, MOMENTS)
            .into_iter()
            .map(|moment| TurningPoint {
                moment,
                player: None,
            })
            .collect(),
    }
}

/// A chance as a whole percentage.
fn percent(chance: f64) -> u32 {
    (chance * 100.0).round() as u32
}

impl AnalysisView {
    /// The moments in words, one line each, naming who played the move (the colour alone
    /// for a record): "Move 23, alice (red) played c3 d4: White's chances rose from 36% to 69%;
    /// the AI preferred e5-f7."
    pub fn summary(&self, lang: Lang) -> String {
        if self.moments.is_empty() {
            return tr!(
                lang,
                "analysis-steady",
                points = percent(crate::ai::analysis::LEAST_SWING)
            );
        }
        let lines: Vec<String> = self
            .moments
            .iter()
            .map(|TurningPoint { moment: m, player }| {
                let who = match player {
                    Some(name) => with_color(lang, name, m.mover),
                    None => tr!(lang, "analysis-color", color = m.mover.to_string()),
                };
                tr!(
                    lang,
                    "analysis-moment",
                    number = m.number,
                    who = who,
                    played = move_words(lang, m.played),
                    fell = crate::i18n::yes_no(m.after < m.before),
                    before = percent(m.before),
                    after = percent(m.after),
                    preferred = move_words(lang, m.preferred)
                )
            })
            .collect();
        format!("{}\n{}", tr!(lang, "analysis-heading"), lines.join("\n"))
    }

    /// The chart of White's chances (PNG bytes) titled `title`, the moments marked. Takes a
    /// few milliseconds: call it off the async threads.
    pub fn chart(&self, lang: Lang, title: &str) -> Vec<u8> {
        let caption = tr!(lang, "analysis-caption", playouts = self.playouts);
        let marks: Vec<u32> = self.moments.iter().map(|m| m.moment.number).collect();
        chances_plot_png(title, &caption, &self.chances, &marks)
    }

    /// A chart's title for a stored game: its number, then who is White and who Red (as the
    /// game ended: after a swap, the player who took White).
    pub fn title(lang: Lang, game: &GameView) -> String {
        tr!(
            lang,
            "analysis-title",
            id = game.id,
            white = caption_name(&game.white.name),
            red = caption_name(&game.red.name)
        )
    }
}

/// What a given-up analysis owes each channel that asked for it.
fn failed_to(game: GameId) -> impl Fn(ChannelId) -> Owed {
    move |channel| Owed::AnalysisFailed { game, channel }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// `ponte analyse`'s searches run on every core; its progress still counts up by one
    /// position at a time to all of them.
    /// A turning point names its player with their colour, or the colour alone for a record.
    #[test]
    fn a_turning_point_names_who_played_it() {
        let moment = Moment {
            number: 26,
            mover: crate::game::Color::Red,
            played: "b5 d9".parse().unwrap(),
            before: 0.40,
            after: 0.71,
            preferred: "c3 d4".parse().unwrap(),
        };
        let view = |player: Option<&str>| AnalysisView {
            game: Some(GameId::new(1)),
            playouts: 8,
            chances: vec![0.5; 30],
            moments: vec![TurningPoint {
                moment,
                player: player.map(String::from),
            }],
        };
        let line = |lang, player| {
            view(player)
                .summary(lang)
                .lines()
                .nth(1)
                .unwrap()
                .to_string()
        };
        assert_eq!(
            line(Lang::En, Some("bob")),
            "Move 26, bob (red) played b5 d9: White's chances rose from 40% to 71%; the AI \
             preferred c3 d4."
        );
        assert_eq!(
            line(Lang::En, None),
            "Move 26, Red played b5 d9: White's chances rose from 40% to 71%; the AI preferred \
             c3 d4."
        );
        assert!(line(Lang::De, None).starts_with("Zug 26, Rot spielte b5 d9:"));
        assert!(line(Lang::Fr, Some("bob")).starts_with("Coup 26, bob (rouge) a joué b5 d9 :"));
    }

    #[test]
    fn a_records_analysis_tells_its_progress_once_a_position() {
        let variant = Variant::unlimited(6).unwrap();
        let mut game = Game::new(variant);
        let mut rng = fastrand::Rng::with_seed(3);
        let moves: Vec<Move> = (0..9)
            .map(|_| {
                let mv = crate::game::playout::random_move(&game, &mut rng).unwrap();
                game.play(mv).unwrap();
                mv
            })
            .collect();
        let told = Mutex::new(Vec::new());
        let analysis = analyse_moves(variant, &moves, 8, |done, total| {
            told.lock().unwrap().push((done, total));
        });
        assert_eq!(analysis.chances.len(), 10);
        let expected: Vec<_> = (1..=10).map(|done| (done, 10)).collect();
        assert_eq!(told.into_inner().unwrap(), expected);
    }
}
