//! Analyses of finished games: asked for once, computed by the AI's worker, kept for good.
//! Whoever asks while one is being computed waits for it; each waiting channel gets the
//! result through the outbox, written in the transaction that saves the analysis.

use sqlx::Sqlite;

use super::outbox::insert_channel_announcement;
use super::{AnnouncementKind, GameId, Millis, Store, StoreError};

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
    /// is done; one transaction, so two requests at once start one computation.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    pub async fn request_analysis(
        &self,
        game: GameId,
        playouts: i64,
        channel: Option<i64>,
        now: Millis,
    ) -> Result<AnalysisRequest, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let finished: Option<Option<Millis>> =
            sqlx::query_scalar("SELECT finished_at FROM analyses WHERE game_id = ?")
                .bind(game)
                .fetch_optional(&mut *tx)
                .await?;
        let request = match finished {
            Some(Some(_)) => {
                tx.commit().await?;
                return Ok(AnalysisRequest::Done(
                    self.analysis(game).await?.ok_or(sqlx::Error::RowNotFound)?,
                ));
            }
            Some(None) => AnalysisRequest::Running,
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

    /// The analyses the AI has still to compute, the longest waiting first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn pending_analyses(&self) -> Result<Vec<(GameId, i64)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT game_id, playouts FROM analyses WHERE finished_at IS NULL
             ORDER BY requested_at, game_id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Saves a computed analysis and owes every waiting channel its post, in one transaction.
    /// An analysis saved already is left as it is.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    pub async fn save_analysis(
        &self,
        game: GameId,
        plies: i64,
        positions: &[AnalysisPosition],
        now: Millis,
    ) -> Result<(), StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let updated = sqlx::query(
            "UPDATE analyses SET finished_at = ? WHERE game_id = ? AND finished_at IS NULL",
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
        let waiting: Vec<i64> = sqlx::query_scalar(
            "DELETE FROM analysis_waiters WHERE game_id = ? RETURNING channel_id",
        )
        .bind(game)
        .fetch_all(&mut *tx)
        .await?;
        for channel in waiting {
            let kind = AnnouncementKind::Analysis;
            insert_channel_announcement(&mut tx, game, kind, plies, channel, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
