//! The outbox: what saved actions owe the players on Discord. Items are written in the
//! transaction of the action that owes them (a move, an acceptance, an ending, a reminder), so
//! an acknowledged action always has its announcement; a delivered item is deleted. One game's
//! items go out in order: only the oldest undelivered item of each game is ever due.

use sqlx::{Sqlite, SqliteConnection};

use super::{AnnouncementKind, GameId, Millis, Store, StoreError};

/// An undelivered item.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxRow {
    pub id: i64,
    /// The game the item is about, or (`None`) its tournament's.
    pub game_id: Option<GameId>,
    pub tournament_id: Option<i64>,
    pub kind: AnnouncementKind,
    /// The first ply a move announcement reports (for other kinds, equal to `ply`).
    pub first_ply: i64,
    /// The game's ply count the item is about.
    pub ply: i64,
    /// The challenge message a new game's thread is opened on.
    pub anchor_message_id: Option<i64>,
    /// Where an analysis is posted: the channel that asked for it.
    pub channel_id: Option<i64>,
    /// Failed deliveries so far.
    pub attempts: i64,
}

/// The oldest undelivered, not abandoned item of each game.
const HEADS: &str =
    "SELECT MIN(id) FROM outbox WHERE abandoned_at IS NULL GROUP BY game_id, tournament_id";

/// Records an item in the caller's transaction.
pub(super) async fn insert_announcement(
    conn: &mut SqliteConnection,
    game: GameId,
    kind: AnnouncementKind,
    plies: (i64, i64),
    anchor_message_id: Option<i64>,
    now: Millis,
) -> Result<(), StoreError> {
    sqlx::query::<Sqlite>(
        "INSERT INTO outbox (game_id, kind, first_ply, ply, anchor_message_id, next_attempt_at,
                             created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(game)
    .bind(kind)
    .bind(plies.0)
    .bind(plies.1)
    .bind(anchor_message_id)
    .bind(now)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records an item to be posted in `channel` (an analysis) in the caller's transaction.
pub(super) async fn insert_channel_announcement(
    conn: &mut SqliteConnection,
    game: GameId,
    kind: AnnouncementKind,
    ply: i64,
    channel: i64,
    now: Millis,
) -> Result<(), StoreError> {
    sqlx::query::<Sqlite>(
        "INSERT INTO outbox (game_id, kind, first_ply, ply, channel_id, next_attempt_at,
                             created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(game)
    .bind(kind)
    .bind(ply)
    .bind(ply)
    .bind(channel)
    .bind(now)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a tournament's item (about `round`) in the caller's transaction.
pub(super) async fn insert_tournament_announcement(
    conn: &mut SqliteConnection,
    tournament: i64,
    kind: AnnouncementKind,
    round: i64,
    now: Millis,
) -> Result<(), StoreError> {
    sqlx::query::<Sqlite>(
        "INSERT INTO outbox (tournament_id, kind, first_ply, ply, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(tournament)
    .bind(kind)
    .bind(round)
    .bind(round)
    .bind(now)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

impl Store {
    /// The items due at `now`: the oldest undelivered item of each game whose next attempt has
    /// come, oldest first, at most `limit`.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn due_announcements(
        &self,
        now: Millis,
        limit: i64,
    ) -> Result<Vec<OutboxRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT id, game_id, tournament_id, kind, first_ply, ply, anchor_message_id, channel_id,
                    attempts
             FROM outbox
             WHERE id IN ({HEADS}) AND next_attempt_at <= ? ORDER BY id LIMIT ?"
        ))
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// When the next item falls due, if any is waiting.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn next_announcement_at(&self) -> Result<Option<Millis>, StoreError> {
        Ok(sqlx::query_scalar(&format!(
            "SELECT MIN(next_attempt_at) FROM outbox WHERE id IN ({HEADS})"
        ))
        .fetch_one(&self.pool)
        .await?)
    }

    /// Records the message a new game's thread opens on (posted by the delivery itself).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_announcement_anchor(&self, id: i64, message: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE outbox SET anchor_message_id = ? WHERE id = ?")
            .bind(message)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Forgets a delivered item.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn announcement_delivered(&self, id: i64) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM outbox WHERE id = ?")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Counts a failed delivery and sets the next attempt.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn announcement_failed(
        &self,
        id: i64,
        next_attempt_at: Millis,
        error: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?
             WHERE id = ?",
        )
        .bind(next_attempt_at)
        .bind(error)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Gives up an item Discord refused for good; it stays for the record and the game's later
    /// items go ahead.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn announcement_abandoned(
        &self,
        id: i64,
        now: Millis,
        error: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE outbox SET abandoned_at = ?, last_error = ? WHERE id = ?")
            .bind(now)
            .bind(error)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::games::tests::{NOW, start, store_with_players};

    async fn add(store: &Store, game: GameId, kind: AnnouncementKind, ply: i64) {
        let mut conn = store.pool.acquire().await.unwrap();
        insert_announcement(&mut conn, game, kind, (ply, ply), None, NOW)
            .await
            .unwrap();
    }

    fn ids(rows: &[OutboxRow]) -> Vec<(GameId, i64)> {
        rows.iter()
            .map(|r| (r.game_id.unwrap_or_default(), r.ply))
            .collect()
    }

    /// A tournament game's thread opens on a message the delivery posts itself: recorded, a
    /// later attempt finds it.
    #[tokio::test]
    async fn an_anchor_posted_by_the_delivery_is_kept_with_the_item() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        add(&store, game, AnnouncementKind::Started, 0).await;
        let due = store.due_announcements(NOW, 10).await.unwrap();
        assert_eq!(due[0].anchor_message_id, None);
        store
            .set_announcement_anchor(due[0].id, 4242)
            .await
            .unwrap();
        let due = store.due_announcements(NOW, 10).await.unwrap();
        assert_eq!(due[0].anchor_message_id, Some(4242));
    }

    #[tokio::test]
    async fn only_the_oldest_item_of_each_game_is_due_and_delivery_moves_on() {
        let (_dir, store) = store_with_players().await;
        let (one, two) = (start(&store, 1, 2).await, start(&store, 2, 3).await);
        add(&store, one, AnnouncementKind::Moved, 1).await;
        add(&store, one, AnnouncementKind::Moved, 2).await;
        add(&store, two, AnnouncementKind::Started, 0).await;
        let due = store.due_announcements(NOW, 10).await.unwrap();
        assert_eq!(ids(&due), [(one, 1), (two, 0)]);
        assert_eq!(store.due_announcements(NOW, 1).await.unwrap().len(), 1);
        assert_eq!(store.due_announcements(NOW - 1, 10).await.unwrap(), []);

        store.announcement_delivered(due[0].id).await.unwrap();
        let due = store.due_announcements(NOW, 10).await.unwrap();
        assert_eq!(ids(&due), [(one, 2), (two, 0)]);
        assert_eq!(due[0].kind, AnnouncementKind::Moved);
        assert_eq!(due[1].kind, AnnouncementKind::Started);
    }

    #[tokio::test]
    async fn a_failed_item_waits_and_holds_back_its_games_later_items() {
        let (_dir, store) = store_with_players().await;
        let (one, two) = (start(&store, 1, 2).await, start(&store, 2, 3).await);
        add(&store, one, AnnouncementKind::Moved, 1).await;
        add(&store, one, AnnouncementKind::Ended, 1).await;
        add(&store, two, AnnouncementKind::Reminder, 0).await;
        let first = store.due_announcements(NOW, 10).await.unwrap()[0].clone();
        store
            .announcement_failed(first.id, NOW + 500, "HTTP 500")
            .await
            .unwrap();
        assert_eq!(
            ids(&store.due_announcements(NOW, 10).await.unwrap()),
            [(two, 0)]
        );
        assert_eq!(store.next_announcement_at().await.unwrap(), Some(NOW));
        let again = store.due_announcements(NOW + 500, 10).await.unwrap();
        assert_eq!((again[0].id, again[0].attempts), (first.id, 1));

        // Given up: the game's next item goes ahead, and the given-up one is kept.
        store
            .announcement_abandoned(first.id, NOW, "Unknown Channel")
            .await
            .unwrap();
        let due = store.due_announcements(NOW, 10).await.unwrap();
        assert_eq!(
            due.iter().map(|r| r.kind).collect::<Vec<_>>(),
            [AnnouncementKind::Ended, AnnouncementKind::Reminder]
        );
        let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE id = ?")
            .bind(first.id)
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_eq!(kept, 1);
    }

    #[tokio::test]
    async fn nothing_waiting_means_no_next_time() {
        let (_dir, store) = store_with_players().await;
        assert_eq!(store.next_announcement_at().await.unwrap(), None);
        let game = start(&store, 1, 2).await;
        add(&store, game, AnnouncementKind::Moved, 1).await;
        let item = store.due_announcements(NOW, 1).await.unwrap()[0].clone();
        store
            .announcement_failed(item.id, NOW + 9_000, "timeout")
            .await
            .unwrap();
        assert_eq!(
            store.next_announcement_at().await.unwrap(),
            Some(NOW + 9_000)
        );
        store.announcement_delivered(item.id).await.unwrap();
        assert_eq!(store.next_announcement_at().await.unwrap(), None);
    }
}
