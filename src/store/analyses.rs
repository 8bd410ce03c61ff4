//! Analyses of finished games: asked for once, computed by the AI's worker, kept for good.
//! Whoever asks while one is being computed waits for it; each waiting channel gets the
//! result through the outbox, written in the transaction that saves the analysis. One that
//! fails is tried again later, and once given up every waiting channel is told so the same way.
//! An attempt is counted as it starts and marked running until it ends; one still marked when
//! the worker starts was cut off by the process ending, and is taken back uncounted.

use crate::ids::ChannelId;
use sqlx::{Sqlite, SqliteConnection};

use super::outbox::{Owed, insert_owed};
use super::{GameId, Millis, Store, StoreError};

/// One position's evaluation as stored.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct AnalysisPosition {
    pub ply: i64,
    pub white_chance: f64,
    pub preferred: Option<String>,
}

/// A stored analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisRow {
    pub game_id: GameId,
    pub playouts: i64,
    /// Empty while the AI is at work.
    pub positions: Vec<AnalysisPosition>,
    pub finished: bool,
}

/// An analysis the AI is to compute now.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PendingAnalysis {
    pub game_id: GameId,
    pub playouts: i64,
    /// Failed attempts so far.
    pub attempts: i64,
}

/// What asking for an analysis found.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisRequest {
    /// Done before: here it is.
    Done(AnalysisRow),
    /// Newly asked for: the AI's worker is to compute it.
    Queued,
    /// Already being computed; the channel now waits for it too.
    Running,
}

impl Store {
    /// Asks for the analysis of `game` with `playouts` a position, `channel` to be told when it
    /// is done; one transaction, so two requests at once start one computation. An analysis
    /// given up after failing starts afresh.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn request_analysis(
        &self,
        game: GameId,
        playouts: i64,
        channel: Option<ChannelId>,
        now: Millis,
    ) -> Result<AnalysisRequest, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let state: Option<(Option<Millis>, Option<Millis>)> =
            sqlx::query_as("SELECT finished_at, failed_at FROM analyses WHERE game_id = ?")
                .bind(game)
                .fetch_optional(&mut *tx)
                .await?;
        let request = match state {
            Some((Some(_), _)) => {
                tx.commit().await?;
                return Ok(AnalysisRequest::Done(
                    self.analysis(game).await?.ok_or(sqlx::Error::RowNotFound)?,
                ));
            }
            Some((None, None)) => AnalysisRequest::Running,
            Some((None, Some(_))) => {
                sqlx::query::<Sqlite>(
                    "UPDATE analyses SET playouts = ?, requested_at = ?, attempts = 0,
                         next_attempt_at = NULL, last_error = NULL, failed_at = NULL,
                         attempt_started_at = NULL
                     WHERE game_id = ?",
                )
                .bind(playouts)
                .bind(now)
                .bind(game)
                .execute(&mut *tx)
                .await?;
                AnalysisRequest::Queued
            }
            None => {
                sqlx::query::<Sqlite>(
                    "INSERT INTO analyses (game_id, playouts, requested_at) VALUES (?, ?, ?)",
                )
                .bind(game)
                .bind(playouts)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                AnalysisRequest::Queued
            }
        };
        if let Some(channel) = channel {
            sqlx::query::<Sqlite>(
                "INSERT OR IGNORE INTO analysis_waiters (game_id, channel_id) VALUES (?, ?)",
            )
            .bind(game)
            .bind(channel)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(request)
    }

    /// The analysis of `game`, if one was asked for.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn analysis(&self, game: GameId) -> Result<Option<AnalysisRow>, StoreError> {
        let head: Option<(i64, Option<Millis>)> =
            sqlx::query_as("SELECT playouts, finished_at FROM analyses WHERE game_id = ?")
                .bind(game)
                .fetch_optional(&self.pool)
                .await?;
        let Some((playouts, finished_at)) = head else {
            return Ok(None);
        };
        let positions = sqlx::query_as::<_, AnalysisPosition>(
            "SELECT ply, white_chance, preferred FROM analysis_positions
             WHERE game_id = ? ORDER BY ply",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        Ok(Some(AnalysisRow {
            game_id: game,
            playouts,
            positions,
            finished: finished_at.is_some(),
        }))
    }

    /// The analyses the AI is to compute by `now` (not made, not given up, not waiting to be
    /// tried again), the longest waiting first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn pending_analyses(&self, now: Millis) -> Result<Vec<PendingAnalysis>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT game_id, playouts, attempts FROM analyses
             WHERE finished_at IS NULL AND failed_at IS NULL
               AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
             ORDER BY requested_at, game_id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Starts an attempt at the analysis of `game` at `now`: counts it, marks it running, and
    /// makes the analysis due again at `retry_at` should the attempt not end it (a failure
    /// whose record the database refused). `false` when it was made or given up meanwhile.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn start_analysis_attempt(
        &self,
        game: GameId,
        retry_at: Millis,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let _writer = self.writer.lock().await;
        let started = sqlx::query(
            "UPDATE analyses SET attempts = attempts + 1, next_attempt_at = ?,
                 attempt_started_at = ?
             WHERE game_id = ? AND finished_at IS NULL AND failed_at IS NULL",
        )
        .bind(retry_at)
        .bind(now)
        .bind(game)
        .execute(&self.pool)
        .await?;
        Ok(started.rows_affected() == 1)
    }

    /// Takes back the attempts still marked running, which the process that made them did not
    /// live to end (a stop, a kill): each is no longer counted and its analysis is due at once.
    /// For the worker's start, before it makes any attempt; how many were taken back.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn take_back_cut_off_attempts(&self) -> Result<u64, StoreError> {
        let _writer = self.writer.lock().await;
        let taken = sqlx::query(
            "UPDATE analyses SET attempts = MAX(attempts - 1, 0), attempt_started_at = NULL,
                 next_attempt_at = NULL
             WHERE attempt_started_at IS NOT NULL AND finished_at IS NULL AND failed_at IS NULL",
        )
        .execute(&self.pool)
        .await?;
        Ok(taken.rows_affected())
    }

    /// Records why an attempt at the analysis of `game` failed; with `give_up`, the analysis
    /// is given up and every waiting channel owed what `owed_to` says, in one transaction. An analysis
    /// made or given up meanwhile is left as it is.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn analysis_failed(
        &self,
        game: GameId,
        error: &str,
        give_up: bool,
        owed_to: impl Fn(ChannelId) -> Owed,
        now: Millis,
    ) -> Result<(), StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let updated = sqlx::query(
            "UPDATE analyses SET last_error = ?, failed_at = CASE WHEN ? THEN ? END,
                 attempt_started_at = NULL
             WHERE game_id = ? AND finished_at IS NULL AND failed_at IS NULL",
        )
        .bind(error)
        .bind(give_up)
        .bind(now)
        .bind(game)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 1 && give_up {
            tell_waiting_channels(&mut tx, game, owed_to, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Saves a computed analysis and owes every waiting channel what `owed_to` says, in one
    /// transaction.
    /// An analysis saved already is left as it is.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn save_analysis(
        &self,
        game: GameId,
        positions: &[AnalysisPosition],
        owed_to: impl Fn(ChannelId) -> Owed,
        now: Millis,
    ) -> Result<(), StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let updated = sqlx::query(
            "UPDATE analyses SET finished_at = ?, attempt_started_at = NULL
             WHERE game_id = ? AND finished_at IS NULL",
        )
        .bind(now)
        .bind(game)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Ok(());
        }
        for position in positions {
            sqlx::query::<Sqlite>(
                "INSERT INTO analysis_positions (game_id, ply, white_chance, preferred)
                 VALUES (?, ?, ?, ?)",
            )
            .bind(game)
            .bind(position.ply)
            .bind(position.white_chance)
            .bind(&position.preferred)
            .execute(&mut *tx)
            .await?;
        }
        tell_waiting_channels(&mut tx, game, owed_to, now).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Owes every channel waiting for the analysis of `game` what `owed_to` says (the analysis, or
/// that it failed), and stops them waiting.
async fn tell_waiting_channels(
    conn: &mut SqliteConnection,
    game: GameId,
    owed_to: impl Fn(ChannelId) -> Owed,
    now: Millis,
) -> Result<(), StoreError> {
    let waiting: Vec<ChannelId> =
        sqlx::query_scalar("DELETE FROM analysis_waiters WHERE game_id = ? RETURNING channel_id")
            .bind(game)
            .fetch_all(&mut *conn)
            .await?;
    let owed: Vec<Owed> = waiting.into_iter().map(owed_to).collect();
    insert_owed(conn, &owed, now).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{NOW, due, start, store_with_players};

    /// The outbox items (each about `game`), oldest first, taken as delivered.
    async fn owed(store: &Store, game: GameId) -> Vec<Owed> {
        let mut owed = Vec::new();
        loop {
            let due = due(store, i64::MAX, 100).await;
            let Some(item) = due.first() else {
                return owed;
            };
            let about = match item.owed {
                Owed::Analysis { game, .. } | Owed::AnalysisFailed { game, .. } => game,
                other => panic!("not an analysis's item: {other:?}"),
            };
            assert_eq!(about, game);
            owed.push(item.owed);
            store.announcement_delivered(item.id).await.unwrap();
        }
    }

    fn made(game: GameId) -> impl Fn(ChannelId) -> Owed {
        move |channel| Owed::Analysis { game, channel }
    }

    fn failed(game: GameId) -> impl Fn(ChannelId) -> Owed {
        move |channel| Owed::AnalysisFailed { game, channel }
    }

    fn pending(game: GameId, attempts: i64) -> Vec<PendingAnalysis> {
        vec![PendingAnalysis {
            game_id: game,
            playouts: 100,
            attempts,
        }]
    }

    #[tokio::test]
    async fn an_analysis_is_due_until_an_attempt_starts_then_again_at_its_retry() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        let asked = store.request_analysis(game, 100, Some(9.into()), NOW).await;
        assert_eq!(asked.unwrap(), AnalysisRequest::Queued);
        assert_eq!(store.pending_analyses(NOW).await.unwrap(), pending(game, 0));

        assert!(
            store
                .start_analysis_attempt(game, NOW + 60_000, NOW)
                .await
                .unwrap()
        );
        assert_eq!(store.pending_analyses(NOW + 59_999).await.unwrap(), []);
        let due = store.pending_analyses(NOW + 60_000).await.unwrap();
        assert_eq!(due, pending(game, 1));
        let again = store.request_analysis(game, 100, Some(9.into()), NOW).await;
        assert_eq!(again.unwrap(), AnalysisRequest::Running);

        // A failure to be tried again owes nobody anything yet.
        store
            .analysis_failed(game, "full", false, failed(game), NOW)
            .await
            .unwrap();
        let due = store.pending_analyses(NOW + 60_000).await.unwrap();
        assert_eq!(due, pending(game, 1));
        assert_eq!(owed(&store, game).await, []);
    }

    /// An attempt whose failure was recorded counts after a restart; one still running when
    /// its process ended does not, and its analysis is due at once.
    #[tokio::test]
    async fn only_an_attempt_cut_off_by_its_process_ending_is_taken_back() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        store.request_analysis(game, 100, None, NOW).await.unwrap();
        let attempt = store.start_analysis_attempt(game, NOW + 60_000, NOW);
        assert!(attempt.await.unwrap());
        store
            .analysis_failed(game, "full", false, failed(game), NOW)
            .await
            .unwrap();
        assert_eq!(store.take_back_cut_off_attempts().await.unwrap(), 0);
        assert_eq!(store.pending_analyses(NOW).await.unwrap(), []);

        let attempt = store.start_analysis_attempt(game, NOW + 120_000, NOW + 60_000);
        assert!(attempt.await.unwrap());
        assert_eq!(store.take_back_cut_off_attempts().await.unwrap(), 1);
        assert_eq!(store.pending_analyses(NOW).await.unwrap(), pending(game, 1));
        assert_eq!(store.take_back_cut_off_attempts().await.unwrap(), 0, "once");
    }

    #[tokio::test]
    async fn a_given_up_analysis_tells_its_channels_once_and_starts_afresh_when_asked() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        for channel in [9, 10].map(ChannelId::from) {
            store
                .request_analysis(game, 100, Some(channel), NOW)
                .await
                .unwrap();
        }
        store
            .analysis_failed(game, "damaged", true, failed(game), NOW)
            .await
            .unwrap();
        let told = [failed(game)(9.into()), failed(game)(10.into())];
        assert_eq!(owed(&store, game).await, told);
        assert_eq!(store.pending_analyses(i64::MAX).await.unwrap(), []);
        assert!(!store.start_analysis_attempt(game, NOW, NOW).await.unwrap());
        store
            .analysis_failed(game, "again", true, failed(game), NOW)
            .await
            .unwrap();
        assert_eq!(owed(&store, game).await, [], "told once");

        let asked = store
            .request_analysis(game, 100, Some(11.into()), NOW + 1)
            .await;
        assert_eq!(asked.unwrap(), AnalysisRequest::Queued);
        assert_eq!(
            store.pending_analyses(NOW + 1).await.unwrap(),
            pending(game, 0)
        );
        let position = AnalysisPosition {
            ply: 0,
            white_chance: 0.5,
            preferred: Some("c3 d4".into()),
        };
        store
            .save_analysis(game, &[position], made(game), NOW + 2)
            .await
            .unwrap();
        // A failure recorded late leaves the analysis made.
        store
            .analysis_failed(game, "late", true, failed(game), NOW + 3)
            .await
            .unwrap();
        assert!(store.analysis(game).await.unwrap().unwrap().finished);
        assert_eq!(owed(&store, game).await, [made(game)(11.into())]);
    }
}
