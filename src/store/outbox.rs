//! The outbox: what saved changes owe the players on Discord. The service decides, for every
//! change it saves, the items it owes ([`Owed`]); the store writes them in the change's own
//! transaction, so an acknowledged change always has them, and reads them back as the same
//! values. A delivered item is deleted; one Discord refused for good is kept, set aside. One
//! game's (or tournament's, or player's) items go out in order: only the oldest undelivered
//! item of each queue is ever due.

use sqlx::{Sqlite, SqliteConnection};

use super::{
    AnnouncementKind, GameId, Millis, OutboxId, PlayerId, Store, StoreError, TournamentId,
};

/// Something a saved change owes the players. Only the service decides which items a change
/// owes; the schema's checks make a row that is not one of these unwritable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// A new game: its thread, opened on message `anchor` when there is one, and first board.
    Started { game: GameId, anchor: Option<i64> },
    /// The board after plies `first..=last` were saved (a move and the passes it forced):
    /// whose turn it is, or the result.
    Moved { game: GameId, first: i64, last: i64 },
    /// The game ended without a move (lost on time, or aborted) after `ply` plies.
    Ended { game: GameId, ply: i64 },
    /// A quarter of the time is left for the move after `ply` plies.
    Reminder { game: GameId, ply: i64, by: Reach },
    /// A tournament's round started (a round robin's first stands for all of them).
    Round {
        tournament: TournamentId,
        round: u32,
    },
    /// A tournament game ended: the standings as they then are.
    Standings { tournament: TournamentId },
    /// The tournament ended (or was cancelled).
    Finished { tournament: TournamentId },
    /// A game's analysis is made: posted in `channel`, which asked for it.
    Analysis { game: GameId, channel: i64 },
    /// A game's analysis was given up: said in `channel`, which asked for it.
    AnalysisFailed { game: GameId, channel: i64 },
    /// A player's daily digest: the games where it is their turn when it is sent.
    Digest { player: PlayerId },
}

/// Where a reminder goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// In the game's thread (or channel).
    Thread,
    /// By direct message to the player to move.
    DirectMessage,
}

/// An undelivered item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutboxItem {
    pub id: OutboxId,
    pub owed: Owed,
    /// Failed deliveries so far.
    pub attempts: i64,
}

/// An item as its typed columns hold it; each kind uses its own columns only (migration 0014).
#[derive(sqlx::FromRow)]
struct OutboxRow {
    id: OutboxId,
    kind: AnnouncementKind,
    #[sqlx(flatten)]
    columns: Columns,
    attempts: i64,
}

/// The columns of an item, as a row holds them.
#[derive(Default, sqlx::FromRow)]
struct Columns {
    game_id: Option<GameId>,
    tournament_id: Option<TournamentId>,
    first_ply: Option<i64>,
    ply: Option<i64>,
    round: Option<i64>,
    anchor_message_id: Option<i64>,
    channel_id: Option<i64>,
    player_id: Option<PlayerId>,
}

impl Owed {
    fn kind(self) -> AnnouncementKind {
        use AnnouncementKind as K;
        match self {
            Owed::Started { .. } => K::Started,
            Owed::Moved { .. } => K::Moved,
            Owed::Ended { .. } => K::Ended,
            Owed::Reminder {
                by: Reach::Thread, ..
            } => K::Reminder,
            Owed::Reminder {
                by: Reach::DirectMessage,
                ..
            } => K::ReminderDm,
            Owed::Round { .. } => K::Round,
            Owed::Standings { .. } => K::Standings,
            Owed::Finished { .. } => K::Finished,
            Owed::Analysis { .. } => K::Analysis,
            Owed::AnalysisFailed { .. } => K::AnalysisFailed,
            Owed::Digest { .. } => K::Digest,
        }
    }

    fn columns(self) -> Columns {
        let of_game = |game| Columns {
            game_id: Some(game),
            ..Columns::default()
        };
        let of_tournament = |tournament| Columns {
            tournament_id: Some(tournament),
            ..Columns::default()
        };
        match self {
            Owed::Started { game, anchor } => Columns {
                anchor_message_id: anchor,
                ..of_game(game)
            },
            Owed::Moved { game, first, last } => Columns {
                first_ply: Some(first),
                ply: Some(last),
                ..of_game(game)
            },
            Owed::Ended { game, ply } | Owed::Reminder { game, ply, .. } => Columns {
                ply: Some(ply),
                ..of_game(game)
            },
            Owed::Round { tournament, round } => Columns {
                round: Some(i64::from(round)),
                ..of_tournament(tournament)
            },
            Owed::Standings { tournament } | Owed::Finished { tournament } => {
                of_tournament(tournament)
            }
            Owed::Analysis { game, channel } | Owed::AnalysisFailed { game, channel } => Columns {
                channel_id: Some(channel),
                ..of_game(game)
            },
            Owed::Digest { player } => Columns {
                player_id: Some(player),
                ..Columns::default()
            },
        }
    }
}

impl TryFrom<OutboxRow> for OutboxItem {
    type Error = StoreError;

    /// The item a row holds; a row the schema's checks should have refused is
    /// [`StoreError::Impossible`].
    fn try_from(row: OutboxRow) -> Result<OutboxItem, StoreError> {
        use AnnouncementKind as K;
        let impossible = || StoreError::Impossible(format!("outbox item {}", row.id));
        let game = row.columns.game_id.ok_or_else(impossible);
        let tournament = row.columns.tournament_id.ok_or_else(impossible);
        let ply = row.columns.ply.ok_or_else(impossible);
        let channel = row.columns.channel_id.ok_or_else(impossible);
        let owed = match row.kind {
            K::Started => Owed::Started {
                game: game?,
                anchor: row.columns.anchor_message_id,
            },
            K::Moved => Owed::Moved {
                game: game?,
                first: row.columns.first_ply.ok_or_else(impossible)?,
                last: ply?,
            },
            K::Ended => Owed::Ended {
                game: game?,
                ply: ply?,
            },
            K::Reminder | K::ReminderDm => Owed::Reminder {
                game: game?,
                ply: ply?,
                by: if row.kind == K::Reminder {
                    Reach::Thread
                } else {
                    Reach::DirectMessage
                },
            },
            K::Round => Owed::Round {
                tournament: tournament?,
                round: row
                    .columns
                    .round
                    .and_then(|r| u32::try_from(r).ok())
                    .ok_or_else(impossible)?,
            },
            K::Standings => Owed::Standings {
                tournament: tournament?,
            },
            K::Finished => Owed::Finished {
                tournament: tournament?,
            },
            K::Analysis => Owed::Analysis {
                game: game?,
                channel: channel?,
            },
            K::AnalysisFailed => Owed::AnalysisFailed {
                game: game?,
                channel: channel?,
            },
            K::Digest => Owed::Digest {
                player: row.columns.player_id.ok_or_else(impossible)?,
            },
        };
        Ok(OutboxItem {
            id: row.id,
            owed,
            attempts: row.attempts,
        })
    }
}

/// The oldest undelivered, not abandoned item of each queue: a game's posts, a game's reminders
/// by direct message, a tournament's posts, a player's digests. A direct message waits on
/// nobody's post and holds none back: a player who closed them, or a failure of that one
/// conversation, never delays the game's boards.
const HEADS: &str = "SELECT MIN(id) FROM outbox WHERE abandoned_at IS NULL
     GROUP BY game_id, tournament_id, player_id, kind = 'reminder_dm'";

/// Saves `owed` in the caller's transaction (the change that owes them).
pub(super) async fn insert_owed(
    conn: &mut SqliteConnection,
    owed: &[Owed],
    now: Millis,
) -> Result<(), StoreError> {
    for &item in owed {
        let c = item.columns();
        sqlx::query::<Sqlite>(
            "INSERT INTO outbox (kind, game_id, tournament_id, first_ply, ply, round,
                                 anchor_message_id, channel_id, player_id, next_attempt_at,
                                 created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(item.kind())
        .bind(c.game_id)
        .bind(c.tournament_id)
        .bind(c.first_ply)
        .bind(c.ply)
        .bind(c.round)
        .bind(c.anchor_message_id)
        .bind(c.channel_id)
        .bind(c.player_id)
        .bind(now)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

impl Store {
    /// The items due at `now`: the oldest undelivered item of each game and tournament whose
    /// next attempt has come, oldest first, at most `limit`. A row the schema should have
    /// refused comes as an error in its place, for the caller to set aside.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn due_announcements(
        &self,
        now: Millis,
        limit: i64,
    ) -> Result<Vec<Result<OutboxItem, (OutboxId, StoreError)>>, StoreError> {
        let rows: Vec<OutboxRow> = sqlx::query_as(&format!(
            "SELECT id, kind, game_id, tournament_id, first_ply, ply, round, anchor_message_id,
                    channel_id, player_id, attempts
             FROM outbox
             WHERE id IN ({HEADS}) AND next_attempt_at <= ? ORDER BY id LIMIT ?"
        ))
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let id = row.id;
                OutboxItem::try_from(row).map_err(|error| (id, error))
            })
            .collect())
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
    pub async fn set_announcement_anchor(
        &self,
        id: OutboxId,
        message: i64,
    ) -> Result<(), StoreError> {
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
    pub async fn announcement_delivered(&self, id: OutboxId) -> Result<(), StoreError> {
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
        id: OutboxId,
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
        id: OutboxId,
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
    use crate::store::StoredFormat;
    use crate::store::test_support::{
        NOW, due, new_tournament, number, owe, start, store_with_players,
    };

    fn moved(game: GameId, ply: i64) -> Owed {
        Owed::Moved {
            game,
            first: ply,
            last: ply,
        }
    }

    fn started(game: GameId) -> Owed {
        Owed::Started { game, anchor: None }
    }

    fn owed(items: &[OutboxItem]) -> Vec<Owed> {
        items.iter().map(|item| item.owed).collect()
    }

    /// Every item reads back as it was owed, whatever its columns.
    #[tokio::test]
    async fn every_kind_of_item_reads_back_as_it_was_owed() {
        let (_dir, store) = store_with_players().await;
        let round_robin = new_tournament(StoredFormat::RoundRobin);
        let tournament = store.create_tournament(&round_robin).await.unwrap();
        let mut items = Vec::new();
        for (opener, other) in [(1, 2), (2, 3), (3, 1), (1, 3), (2, 1), (3, 2), (1, 2)] {
            items.push(start(&store, opener, other).await);
        }
        let all = [
            Owed::Digest {
                player: PlayerId(2),
            },
            Owed::Digest {
                player: PlayerId(3),
            },
            Owed::Started {
                game: items[0],
                anchor: Some(42),
            },
            Owed::Moved {
                game: items[1],
                first: 3,
                last: 5,
            },
            Owed::Ended {
                game: items[2],
                ply: 7,
            },
            Owed::Reminder {
                game: items[3],
                ply: 2,
                by: Reach::Thread,
            },
            Owed::Reminder {
                game: items[4],
                ply: 2,
                by: Reach::DirectMessage,
            },
            Owed::Analysis {
                game: items[5],
                channel: 70,
            },
            Owed::AnalysisFailed {
                game: items[6],
                channel: 71,
            },
            Owed::Round {
                tournament,
                round: 2,
            },
        ];
        owe(&store, &all).await;
        assert_eq!(owed(&due(&store, NOW, 20).await), all);
        // A tournament's items go out one at a time, in order, like a game's.
        owe(&store, &[Owed::Standings { tournament }]).await;
        owe(&store, &[Owed::Finished { tournament }]).await;
        for next in [
            Owed::Standings { tournament },
            Owed::Finished { tournament },
        ] {
            let head = due(&store, NOW, 20).await.pop().unwrap();
            store.announcement_delivered(head.id).await.unwrap();
            assert_eq!(due(&store, NOW, 20).await.pop().unwrap().owed, next);
        }
    }

    /// The schema refuses a row no item could be: a round number in a game's item, an analysis
    /// without its channel, a move item about no moves, a digest without its player or with a
    /// game.
    #[tokio::test]
    async fn a_row_no_item_could_be_is_refused() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        for values in [
            "'moved', ?, 1, 1, 3",
            "'moved', ?, 2, 1, NULL",
            "'analysis', ?, NULL, NULL, NULL",
            "'round', ?, NULL, NULL, 1",
            "'started', ?, NULL, 0, NULL",
            // A digest names a player, and nothing of a game.
            "'digest', ?, NULL, NULL, NULL",
            "'digest', NULL, NULL, NULL, NULL",
        ] {
            let sql = format!(
                "INSERT INTO outbox (kind, game_id, first_ply, ply, round, next_attempt_at,
                                     created_at) VALUES ({values}, 0, 0)"
            );
            let refused = sqlx::query(&sql).bind(game).execute(&store.pool).await;
            assert!(refused.is_err(), "{values}");
        }
        assert_eq!(number(&store, "SELECT COUNT(*) FROM outbox").await, 0);
    }

    /// A tournament game's thread opens on a message the delivery posts itself: recorded, a
    /// later attempt finds it.
    #[tokio::test]
    async fn an_anchor_posted_by_the_delivery_is_kept_with_the_item() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        owe(&store, &[started(game)]).await;
        let item = due(&store, NOW, 10).await[0];
        assert_eq!(item.owed, started(game));
        store.set_announcement_anchor(item.id, 4242).await.unwrap();
        let anchored = Owed::Started {
            game,
            anchor: Some(4242),
        };
        assert_eq!(due(&store, NOW, 10).await[0].owed, anchored);
    }

    #[tokio::test]
    async fn only_the_oldest_item_of_each_game_is_due_and_delivery_moves_on() {
        let (_dir, store) = store_with_players().await;
        let (one, two) = (start(&store, 1, 2).await, start(&store, 2, 3).await);
        owe(&store, &[moved(one, 1), moved(one, 2), started(two)]).await;
        let first = due(&store, NOW, 10).await;
        assert_eq!(owed(&first), [moved(one, 1), started(two)]);
        assert_eq!(due(&store, NOW, 1).await.len(), 1);
        assert_eq!(due(&store, NOW - 1, 10).await, []);

        store.announcement_delivered(first[0].id).await.unwrap();
        assert_eq!(
            owed(&due(&store, NOW, 10).await),
            [moved(one, 2), started(two)]
        );
    }

    #[tokio::test]
    async fn a_failed_item_waits_and_holds_back_its_games_later_items() {
        let (_dir, store) = store_with_players().await;
        let (one, two) = (start(&store, 1, 2).await, start(&store, 2, 3).await);
        let ended = Owed::Ended { game: one, ply: 1 };
        let reminder = Owed::Reminder {
            game: two,
            ply: 0,
            by: Reach::Thread,
        };
        owe(&store, &[moved(one, 1), ended, reminder]).await;
        let first = due(&store, NOW, 10).await[0];
        store
            .announcement_failed(first.id, NOW + 500, "HTTP 500")
            .await
            .unwrap();
        assert_eq!(owed(&due(&store, NOW, 10).await), [reminder]);
        assert_eq!(store.next_announcement_at().await.unwrap(), Some(NOW));
        let again = due(&store, NOW + 500, 10).await;
        assert_eq!((again[0].id, again[0].attempts), (first.id, 1));

        // Given up: the game's next item goes ahead, and the given-up one is kept.
        store
            .announcement_abandoned(first.id, NOW, "Unknown Channel")
            .await
            .unwrap();
        assert_eq!(owed(&due(&store, NOW, 10).await), [ended, reminder]);
        let kept = format!("SELECT COUNT(*) FROM outbox WHERE id = {}", first.id);
        assert_eq!(number(&store, &kept).await, 1);
    }

    /// A reminder by direct message is a queue of its own: while it fails (the player closed
    /// their direct messages, or that conversation is down) the game's boards go ahead, and
    /// the game's next reminder by direct message waits behind it.
    #[tokio::test]
    async fn a_failing_direct_message_holds_back_none_of_its_games_posts() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        let dm = |ply| Owed::Reminder {
            game,
            ply,
            by: Reach::DirectMessage,
        };
        owe(&store, &[dm(0), moved(game, 1), dm(1)]).await;
        let first = due(&store, NOW, 10).await;
        assert_eq!(owed(&first), [dm(0), moved(game, 1)]);
        store
            .announcement_failed(first[0].id, NOW + 500, "HTTP 500")
            .await
            .unwrap();
        assert_eq!(owed(&due(&store, NOW, 10).await), [moved(game, 1)]);
        store
            .announcement_abandoned(first[0].id, NOW, "Cannot send messages to this user")
            .await
            .unwrap();
        assert_eq!(owed(&due(&store, NOW, 10).await), [moved(game, 1), dm(1)]);
    }

    /// A digest Discord refused (the player closed their direct messages) is set aside for
    /// good: never due again, and the player's next digest goes.
    #[tokio::test]
    async fn a_refused_digest_gives_way_to_the_players_next() {
        let (_dir, store) = store_with_players().await;
        let digest = |player| Owed::Digest {
            player: PlayerId(player),
        };
        owe(&store, &[digest(2), digest(3), digest(2)]).await;
        let first = due(&store, NOW, 10).await;
        assert_eq!(owed(&first), [digest(2), digest(3)]);
        store
            .announcement_abandoned(first[0].id, NOW, "Cannot send messages to this user")
            .await
            .unwrap();
        let next = due(&store, NOW + 86_400_000, 10).await;
        assert_eq!(owed(&next), [digest(3), digest(2)]);
        assert!(next.iter().all(|item| item.id != first[0].id));
    }

    #[tokio::test]
    async fn nothing_waiting_means_no_next_time() {
        let (_dir, store) = store_with_players().await;
        assert_eq!(store.next_announcement_at().await.unwrap(), None);
        let game = start(&store, 1, 2).await;
        owe(&store, &[moved(game, 1)]).await;
        let item = due(&store, NOW, 1).await[0];
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
