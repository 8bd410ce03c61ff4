//! Each player's place in the lessons: the lesson they are at, their wrong answers to it, and
//! when they first went through them all. The service decides what an answer is worth; a right
//! answer moves the player on in one statement that only succeeds from the lesson answered,
//! so an answer given twice (two clicks, a retry after a restart) moves them on once.

use super::{Millis, PlayerId, Store, StoreError};

/// A player's place in the lessons.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LessonProgress {
    /// The lesson they are at, from 1 (one past the last once they went through all).
    pub lesson: i64,
    /// Wrong answers given to it.
    pub wrong: i64,
    /// When they first went through all the lessons.
    pub finished_at: Option<Millis>,
}

impl Store {
    /// `player`'s place in the lessons, if they ever started them.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn lesson_progress(
        &self,
        player: PlayerId,
    ) -> Result<Option<LessonProgress>, StoreError> {
        Ok(sqlx::query_as::<_, LessonProgress>(
            "SELECT lesson, wrong, finished_at FROM lesson_progress WHERE player_id = ?",
        )
        .bind(player)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Puts `player` (already recorded) at `lesson`, with no wrong answers: the first start,
    /// a lesson picked, or starting again (whether they finished before is kept).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_lesson(
        &self,
        player: PlayerId,
        lesson: i64,
        now: Millis,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO lesson_progress (player_id, lesson, wrong, updated_at)
             VALUES (?1, ?2, 0, ?3)
             ON CONFLICT (player_id) DO UPDATE
             SET lesson = excluded.lesson, wrong = 0, updated_at = excluded.updated_at",
        )
        .bind(player)
        .bind(lesson)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Moves `player` on from `lesson` to `next`, only if they are still at `lesson`; with
    /// `finished`, records that they went through all the lessons (the first time only).
    /// Returns whether they moved on (false: that answer had already moved them on).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn pass_lesson(
        &self,
        player: PlayerId,
        lesson: i64,
        next: i64,
        finished: bool,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE lesson_progress
             SET lesson = ?3, wrong = 0, updated_at = ?4,
                 finished_at = CASE WHEN ?5 THEN COALESCE(finished_at, ?4) ELSE finished_at END
             WHERE player_id = ?1 AND lesson = ?2",
        )
        .bind(player)
        .bind(lesson)
        .bind(next)
        .bind(now)
        .bind(finished)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Counts a wrong answer of `player` to `lesson`; returns how many they gave to it, or
    /// `None` when they are no longer at that lesson.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn count_wrong_answer(
        &self,
        player: PlayerId,
        lesson: i64,
        now: Millis,
    ) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "UPDATE lesson_progress SET wrong = wrong + 1, updated_at = ?3
             WHERE player_id = ?1 AND lesson = ?2 RETURNING wrong",
        )
        .bind(player)
        .bind(lesson)
        .bind(now)
        .fetch_all(&self.pool)
        .await?
        .pop())
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{NOW, store_with_players};
    use super::*;

    #[tokio::test]
    async fn progress_moves_on_once_per_answer_and_survives_a_restart() {
        let (dir, store) = store_with_players().await;
        let alice = PlayerId::new(1);
        assert_eq!(store.lesson_progress(alice).await.unwrap(), None);
        store.set_lesson(alice, 1, NOW).await.unwrap();
        assert_eq!(
            store.count_wrong_answer(alice, 1, NOW).await.unwrap(),
            Some(1)
        );
        assert_eq!(store.count_wrong_answer(alice, 2, NOW).await.unwrap(), None);
        assert!(store.pass_lesson(alice, 1, 2, false, NOW).await.unwrap());
        assert!(
            !store.pass_lesson(alice, 1, 2, false, NOW).await.unwrap(),
            "the same answer again moves nobody on"
        );
        store.close().await;

        // Reopened: where she stopped, her wrong answers to the lesson passed forgotten.
        let url = format!("sqlite://{}", dir.path().join("store.db").display());
        let store = Store::open(&url).await.unwrap();
        let at = store.lesson_progress(alice).await.unwrap().unwrap();
        assert_eq!((at.lesson, at.wrong, at.finished_at), (2, 0, None));

        assert!(store.pass_lesson(alice, 2, 3, true, NOW + 5).await.unwrap());
        store.set_lesson(alice, 1, NOW + 9).await.unwrap();
        assert!(
            store
                .pass_lesson(alice, 1, 3, true, NOW + 10)
                .await
                .unwrap()
        );
        let again = store.lesson_progress(alice).await.unwrap().unwrap();
        assert_eq!(
            (again.lesson, again.finished_at),
            (3, Some(NOW + 5)),
            "starting again keeps the first finish"
        );
        let bob = store.lesson_progress(PlayerId::new(2)).await.unwrap();
        assert_eq!(bob, None);
    }
}
