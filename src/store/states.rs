//! The states a game or a challenge is in, as the schema spells them. Reading a value the schema
//! does not allow is an error, never a guess.

use std::fmt;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum GameStatus {
    Active,
    /// Decided: by the score, a resignation or the clock.
    Finished,
    /// Called off without a result.
    Aborted,
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum EndReason {
    Score,
    Resign,
    Timeout,
    Abort,
}

/// The stored result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum Winner {
    White,
    Red,
    Draw,
}

/// The strength of the AI in a game against it, as stored. An unknown stored value is an error
/// when read, never a game without the AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum StoredLevel {
    Easy,
    Medium,
    Hard,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl fmt::Display for ChallengeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        })
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Debug;

    use super::*;
    use crate::ids::PlayerId;
    use crate::store::test_support::{
        CHANNEL, NOW, commit, going_on, new_challenge, start, store_with_players,
    };
    use crate::store::{GameUpdate, Store, StoreError};

    /// Runs `sql` (one `?`: the row's id) past the schema's CHECK constraints, as a bad hand edit
    /// or another program could, after checking that the schema alone refuses it.
    async fn write_unchecked(store: &Store, sql: &str, id: i64) {
        let mut conn = store.pool.acquire().await.unwrap();
        let checked = sqlx::query(sql).bind(id).execute(&mut *conn).await;
        let refused = checked.expect_err("the schema refuses the value");
        assert!(
            refused.to_string().contains("CHECK constraint failed"),
            "{refused}"
        );
        sqlx::query("PRAGMA ignore_check_constraints = ON")
            .execute(&mut *conn)
            .await
            .unwrap();
        let done = sqlx::query(sql).bind(id).execute(&mut *conn).await.unwrap();
        assert_eq!(done.rows_affected(), 1);
        sqlx::query("PRAGMA ignore_check_constraints = OFF")
            .execute(&mut *conn)
            .await
            .unwrap();
    }

    #[track_caller]
    fn assert_decode_error<T: Debug>(read: &Result<T, StoreError>) {
        assert!(
            matches!(
                read,
                Err(StoreError::Database(sqlx::Error::ColumnDecode { .. }))
            ),
            "{read:?}"
        );
    }

    /// The text a state column holds, as SQLite has it.
    async fn stored(store: &Store, table: &str, column: &str, id: i64) -> String {
        sqlx::query_scalar(&format!("SELECT {column} FROM {table} WHERE id = ?"))
            .bind(id)
            .fetch_one(&store.pool)
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn an_unknown_game_status_is_an_error_when_read() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;
        store.set_thread(id, Some(900.into())).await.unwrap();
        write_unchecked(
            &store,
            "UPDATE games SET status = 'paused' WHERE id = ?",
            id.get(),
        )
        .await;
        assert_decode_error(&store.game(id).await);
        assert_decode_error(&store.game_in_thread(900.into()).await);
        assert_decode_error(&store.write_game(id).await.map(|w| w.map(|w| w.game)));
    }

    #[tokio::test]
    async fn an_unknown_winner_is_an_error_when_read() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;
        write_unchecked(
            &store,
            "UPDATE games SET winner = 'nobody' WHERE id = ?",
            id.get(),
        )
        .await;
        assert_decode_error(&store.game(id).await);
        assert_decode_error(&store.active_games_of(PlayerId::new(1)).await);
        assert_decode_error(&store.active_games_in(CHANNEL).await);
    }

    #[tokio::test]
    async fn an_unknown_end_reason_is_an_error_when_read() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;
        write_unchecked(
            &store,
            "UPDATE games SET end_reason = 'boredom' WHERE id = ?",
            id.get(),
        )
        .await;
        assert_decode_error(&store.game(id).await);
        assert_decode_error(&store.active_games_of(PlayerId::new(2)).await);
    }

    #[tokio::test]
    async fn an_unknown_challenge_status_is_an_error_when_read() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        write_unchecked(
            &store,
            "UPDATE challenges SET status = 'maybe' WHERE id = ?",
            id.get(),
        )
        .await;
        assert_decode_error(&store.challenge(id).await);
    }

    #[tokio::test]
    async fn every_game_state_is_stored_as_the_schema_spells_it() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;
        let statuses = [
            (GameStatus::Active, "active"),
            (GameStatus::Finished, "finished"),
            (GameStatus::Aborted, "aborted"),
        ];
        let winners = [
            (Winner::White, "white"),
            (Winner::Red, "red"),
            (Winner::Draw, "draw"),
        ];
        let reasons = [
            (EndReason::Score, "score"),
            (EndReason::Resign, "resign"),
            (EndReason::Timeout, "timeout"),
            (EndReason::Abort, "abort"),
        ];
        let mut now = NOW;
        for (status, spelled) in statuses {
            let update = GameUpdate {
                status,
                ..going_on(1, 2, 2, None)
            };
            now += 1;
            commit(&store, id, &[], &update, now).await;
            assert_eq!(store.game(id).await.unwrap().unwrap().status, status);
            assert_eq!(stored(&store, "games", "status", id.get()).await, spelled);
        }
        for (winner, spelled) in winners {
            let update = GameUpdate {
                winner: Some(winner),
                ..going_on(1, 2, 2, None)
            };
            now += 1;
            commit(&store, id, &[], &update, now).await;
            assert_eq!(store.game(id).await.unwrap().unwrap().winner, Some(winner));
            assert_eq!(stored(&store, "games", "winner", id.get()).await, spelled);
        }
        for (reason, spelled) in reasons {
            let update = GameUpdate {
                end_reason: Some(reason),
                ..going_on(1, 2, 2, None)
            };
            now += 1;
            commit(&store, id, &[], &update, now).await;
            assert_eq!(
                store.game(id).await.unwrap().unwrap().end_reason,
                Some(reason)
            );
            assert_eq!(
                stored(&store, "games", "end_reason", id.get()).await,
                spelled
            );
        }
    }

    #[tokio::test]
    async fn every_challenge_status_is_stored_and_shown_as_the_schema_spells_it() {
        let (_dir, store) = store_with_players().await;
        let statuses = [
            (ChallengeStatus::Open, "open"),
            (ChallengeStatus::Accepted, "accepted"),
            (ChallengeStatus::Declined, "declined"),
            (ChallengeStatus::Cancelled, "cancelled"),
            (ChallengeStatus::Expired, "expired"),
        ];
        for (status, spelled) in statuses {
            let id = store
                .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
                .await
                .unwrap();
            if status != ChallengeStatus::Open {
                assert!(store.close_challenge(id, status, NOW + 1).await.unwrap());
            }
            assert_eq!(store.challenge(id).await.unwrap().unwrap().status, status);
            assert_eq!(
                stored(&store, "challenges", "status", id.get()).await,
                spelled
            );
            assert_eq!(status.to_string(), spelled);
        }
    }
}
