//! The outbox: what saved changes owe the players on Discord. The service decides, for every
//! change it saves, the items it owes ([`Owed`]); the store writes them in the change's own
//! transaction, so an acknowledged change always has them, and reads them back as the same
//! values. A delivered item is deleted; one Discord refused for good is kept, set aside. One
//! game's (or tournament's, or player's) items go out in order: only the oldest undelivered
//! item of each queue is ever due.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ids::{ChannelId, MessageId};
use sqlx::{Sqlite, SqliteConnection};

use super::{GameId, Millis, OutboxId, PlayerId, PuzzleId, Store, StoreError, TournamentId};

/// Something a saved change owes the players. Only the service decides which items a change
/// owes. Each kind is spelled here once: a row is its kind's name (the variant's, in snake
/// case) and the columns its fields are named after (`#[serde(rename)]`); it is read back
/// through the same names and written again to check it, so a row that is not exactly one of
/// these is refused where it is read, and a new kind needs no change of the schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Owed {
    /// A new game: its thread, opened on message `anchor` when there is one, and first board.
    Started {
        #[serde(rename = "game_id")]
        game: GameId,
        #[serde(rename = "anchor_message_id")]
        anchor: Option<MessageId>,
    },
    /// The board after plies `first..=last` were saved (a move and the passes it forced):
    /// whose turn it is, or the result.
    Moved {
        #[serde(rename = "game_id")]
        game: GameId,
        #[serde(rename = "first_ply")]
        first: i64,
        #[serde(rename = "ply")]
        last: i64,
    },
    /// The game ended without a move (lost on time, or aborted) after `ply` plies.
    Ended {
        #[serde(rename = "game_id")]
        game: GameId,
        ply: i64,
    },
    /// A quarter of the time is left for the move after `ply` plies: said in the game's thread.
    Reminder {
        #[serde(rename = "game_id")]
        game: GameId,
        ply: i64,
    },
    /// The same reminder by direct message to the player to move.
    ReminderDm {
        #[serde(rename = "game_id")]
        game: GameId,
        ply: i64,
    },
    /// A tournament's round started (a round robin's first stands for all of them).
    Round {
        #[serde(rename = "tournament_id")]
        tournament: TournamentId,
        round: u32,
    },
    /// A tournament game ended: the standings as they then are.
    Standings {
        #[serde(rename = "tournament_id")]
        tournament: TournamentId,
    },
    /// The tournament ended (or was cancelled).
    Finished {
        #[serde(rename = "tournament_id")]
        tournament: TournamentId,
    },
    /// A game's analysis is made: posted in `channel`, which asked for it.
    Analysis {
        #[serde(rename = "game_id")]
        game: GameId,
        #[serde(rename = "channel_id")]
        channel: ChannelId,
    },
    /// A game's analysis was given up: said in `channel`, which asked for it.
    AnalysisFailed {
        #[serde(rename = "game_id")]
        game: GameId,
        #[serde(rename = "channel_id")]
        channel: ChannelId,
    },
    /// A player's daily digest: the games where it is their turn when it is sent.
    Digest {
        #[serde(rename = "player_id")]
        player: PlayerId,
    },
    /// Many games wait for the AI: its reply after `ply` plies may take up to `seconds`.
    SlowReply {
        #[serde(rename = "game_id")]
        game: GameId,
        ply: i64,
        seconds: i64,
    },
    /// A server's daily puzzle, posted in `channel` with a button that opens it privately.
    DailyPuzzle {
        #[serde(rename = "puzzle_id")]
        puzzle: PuzzleId,
        #[serde(rename = "channel_id")]
        channel: ChannelId,
    },
}

/// An undelivered item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutboxItem {
    pub id: OutboxId,
    pub owed: Owed,
    /// Failed deliveries so far.
    pub attempts: i64,
}

/// An item as its typed columns hold it; each kind uses its own columns only.
#[derive(sqlx::FromRow)]
struct OutboxRow {
    id: OutboxId,
    kind: String,
    #[sqlx(flatten)]
    columns: Columns,
    attempts: i64,
}

/// The columns of an item, as a row holds them; by these names an item's fields are written.
#[derive(Debug, Default, PartialEq, Eq, sqlx::FromRow, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Columns {
    game_id: Option<GameId>,
    tournament_id: Option<TournamentId>,
    first_ply: Option<i64>,
    ply: Option<i64>,
    round: Option<i64>,
    anchor_message_id: Option<MessageId>,
    channel_id: Option<ChannelId>,
    player_id: Option<PlayerId>,
    seconds: Option<i64>,
    puzzle_id: Option<PuzzleId>,
}

impl Owed {
    /// Its kind, as the outbox stores it and the metrics name it: the serde tag (the variant's
    /// name in snake case), which the round-trip test checks for every kind.
    pub fn kind(self) -> &'static str {
        match self {
            Owed::Started { .. } => "started",
            Owed::Moved { .. } => "moved",
            Owed::Ended { .. } => "ended",
            Owed::Reminder { .. } => "reminder",
            Owed::ReminderDm { .. } => "reminder_dm",
            Owed::Round { .. } => "round",
            Owed::Standings { .. } => "standings",
            Owed::Finished { .. } => "finished",
            Owed::Analysis { .. } => "analysis",
            Owed::AnalysisFailed { .. } => "analysis_failed",
            Owed::Digest { .. } => "digest",
            Owed::SlowReply { .. } => "slow_reply",
            Owed::DailyPuzzle { .. } => "daily_puzzle",
        }
    }

    /// Whether it is a message to one player (a digest, a reminder by direct message): it
    /// speaks of their games as they stand, so it is posted after everything owed before it;
    /// and it is a queue of its own, so a player who closed their direct messages holds back
    /// nobody's posts.
    pub fn is_direct_message(self) -> bool {
        match self {
            Owed::Digest { .. } | Owed::ReminderDm { .. } => true,
            Owed::Started { .. }
            | Owed::Moved { .. }
            | Owed::Ended { .. }
            | Owed::Reminder { .. }
            | Owed::Round { .. }
            | Owed::Standings { .. }
            | Owed::Finished { .. }
            | Owed::Analysis { .. }
            | Owed::AnalysisFailed { .. }
            | Owed::SlowReply { .. }
            | Owed::DailyPuzzle { .. } => false,
        }
    }

    /// Whether its numbers can be those of an item: moves reported from the first ply on, a
    /// round from 1, an analysis for a channel.
    fn is_sound(self) -> bool {
        match self {
            Owed::Moved { first, last, .. } => first >= 1 && last >= first,
            Owed::Ended { ply, .. } | Owed::Reminder { ply, .. } | Owed::ReminderDm { ply, .. } => {
                ply >= 0
            }
            Owed::Round { round, .. } => round >= 1,
            Owed::SlowReply { ply, seconds, .. } => ply >= 0 && seconds > 0,
            Owed::Analysis { channel, .. }
            | Owed::AnalysisFailed { channel, .. }
            | Owed::DailyPuzzle { channel, .. } => channel.snowflake() != 0,
            Owed::Started { .. }
            | Owed::Standings { .. }
            | Owed::Finished { .. }
            | Owed::Digest { .. } => true,
        }
    }

    /// Its kind's name and its columns, as a row holds them. An error only if a field is named
    /// after no column, which the round-trip test over every kind rules out.
    fn row(self) -> Result<(String, Columns), serde_json::Error> {
        let Value::Object(mut fields) = serde_json::to_value(self)? else {
            unreachable!("an enum with a tag is written as an object")
        };
        let Some(Value::String(kind)) = fields.remove("kind") else {
            unreachable!("the tag is the variant's name")
        };
        Ok((kind, serde_json::from_value(Value::Object(fields))?))
    }

    /// The item of kind `kind` with the values of `columns`, if it is one.
    fn of_row(kind: &str, columns: &Columns) -> Option<Owed> {
        let Ok(Value::Object(all)) = serde_json::to_value(columns) else {
            return None;
        };
        let mut fields: Map<String, Value> =
            all.into_iter().filter(|(_, v)| !v.is_null()).collect();
        fields.insert("kind".to_owned(), Value::String(kind.to_owned()));
        serde_json::from_value(Value::Object(fields)).ok()
    }
}

impl TryFrom<OutboxRow> for OutboxItem {
    type Error = StoreError;

    /// The item a row holds. A row that is not exactly an item (a kind this version does not
    /// know, a column its kind lacks or does not use, a number no item has) is
    /// [`StoreError::Impossible`].
    fn try_from(row: OutboxRow) -> Result<OutboxItem, StoreError> {
        let owed = Owed::of_row(&row.kind, &row.columns)
            // The round trip: the item written again is the row, and nothing else.
            .filter(|owed| {
                owed.is_sound()
                    && owed
                        .row()
                        .is_ok_and(|(kind, columns)| kind == row.kind && columns == row.columns)
            })
            .ok_or_else(|| StoreError::Impossible(format!("outbox item {}", row.id)))?;
        Ok(OutboxItem {
            id: row.id,
            owed,
            attempts: row.attempts,
        })
    }
}

/// The oldest undelivered, not abandoned item of each queue: a game's posts, a game's direct
/// messages, a tournament's posts, a player's digests, a daily puzzle's post. A direct message
/// (`direct`, written from [`Owed::is_direct_message`]) waits on nobody's post and holds none
/// back: a player who closed them, or a failure of that one conversation, never delays the
/// game's boards; nor does one server's daily puzzle another's.
const HEADS: &str = "SELECT MIN(id) FROM outbox WHERE abandoned_at IS NULL
     GROUP BY game_id, tournament_id, player_id, direct, puzzle_id,
              CASE WHEN puzzle_id IS NOT NULL THEN channel_id END";

/// Saves `owed` in the caller's transaction (the change that owes them).
#[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
pub(super) async fn insert_owed(
    conn: &mut SqliteConnection,
    owed: &[Owed],
    now: Millis,
) -> Result<(), StoreError> {
    for &item in owed {
        let (kind, c) = item
            .row()
            .map_err(|error| StoreError::Impossible(format!("{item:?}: {error}")))?;
        sqlx::query::<Sqlite>(
            "INSERT INTO outbox (kind, game_id, tournament_id, first_ply, ply, round,
                                 anchor_message_id, channel_id, player_id, seconds, puzzle_id,
                                 direct, next_attempt_at, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(kind)
        .bind(c.game_id)
        .bind(c.tournament_id)
        .bind(c.first_ply)
        .bind(c.ply)
        .bind(c.round)
        .bind(c.anchor_message_id)
        .bind(c.channel_id)
        .bind(c.player_id)
        .bind(c.seconds)
        .bind(c.puzzle_id)
        .bind(item.is_direct_message())
        .bind(now)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// An item due, or the id of a row that is no item with the reason.
pub type DueItem = Result<OutboxItem, (OutboxId, StoreError)>;

impl Store {
    /// The items due at `now`: the oldest undelivered item of each game and tournament whose
    /// next attempt has come, oldest first, at most `limit`. A row that is no item comes as an
    /// error in its place, for the caller to set aside.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn due_announcements(
        &self,
        now: Millis,
        limit: i64,
    ) -> Result<Vec<DueItem>, StoreError> {
        let rows: Vec<OutboxRow> = sqlx::query_as(&format!(
            "SELECT id, kind, game_id, tournament_id, first_ply, ply, round, anchor_message_id,
                    channel_id, player_id, seconds, puzzle_id, attempts
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_announcement_anchor(
        &self,
        id: OutboxId,
        message: MessageId,
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
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
        NOW, due, new_tournament, number, owe, pool_before, start, store_with_players,
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

    /// One item of every kind.
    fn every_kind() -> Vec<Owed> {
        let (game, tournament) = (GameId::new(1), TournamentId::new(1));
        vec![
            started(game),
            moved(game, 1),
            Owed::Ended { game, ply: 2 },
            Owed::Reminder { game, ply: 2 },
            Owed::ReminderDm { game, ply: 2 },
            Owed::Round {
                tournament,
                round: 1,
            },
            Owed::Standings { tournament },
            Owed::Finished { tournament },
            Owed::Analysis {
                game,
                channel: 70.into(),
            },
            Owed::AnalysisFailed {
                game,
                channel: 70.into(),
            },
            Owed::Digest {
                player: PlayerId::new(2),
            },
            Owed::SlowReply {
                game,
                ply: 2,
                seconds: 30,
            },
            Owed::DailyPuzzle {
                puzzle: PuzzleId::new(1),
                channel: 70.into(),
            },
        ]
    }

    /// Its place in [`every_kind`]: a new kind fails to compile here until it is listed.
    fn listed(owed: Owed) -> usize {
        match owed {
            Owed::Started { .. } => 0,
            Owed::Moved { .. } => 1,
            Owed::Ended { .. } => 2,
            Owed::Reminder { .. } => 3,
            Owed::ReminderDm { .. } => 4,
            Owed::Round { .. } => 5,
            Owed::Standings { .. } => 6,
            Owed::Finished { .. } => 7,
            Owed::Analysis { .. } => 8,
            Owed::AnalysisFailed { .. } => 9,
            Owed::Digest { .. } => 10,
            Owed::SlowReply { .. } => 11,
            Owed::DailyPuzzle { .. } => 12,
        }
    }

    /// Every kind's name is its serde tag, the name its rows hold, and reads back as itself.
    #[test]
    fn every_kind_is_named_by_its_tag_and_round_trips() {
        let all = every_kind();
        let places: Vec<usize> = all.iter().map(|&owed| listed(owed)).collect();
        assert_eq!(places, (0..all.len()).collect::<Vec<_>>());
        for owed in all {
            let (tag, columns) = owed.row().unwrap();
            assert_eq!(owed.kind(), tag);
            assert_eq!(Owed::of_row(owed.kind(), &columns), Some(owed));
            assert!(owed.is_sound(), "{owed:?}");
        }
    }

    /// The hosts' guide lists the values of the deliveries metric's `kind` label: every kind.
    #[test]
    fn every_kind_is_named_in_the_hosts_guide() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/hosting.md");
        let guide = std::fs::read_to_string(path).unwrap();
        let line = guide
            .lines()
            .find(|line| line.contains("ponte_deliveries_total"))
            .expect("docs/hosting.md names the deliveries metric");
        for owed in every_kind() {
            let kind = owed.kind();
            assert!(
                line.contains(&format!("`{kind}`")),
                "{kind} in docs/hosting.md"
            );
        }
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
                player: PlayerId::new(2),
            },
            Owed::Digest {
                player: PlayerId::new(3),
            },
            Owed::Started {
                game: items[0],
                anchor: Some(42.into()),
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
            },
            Owed::ReminderDm {
                game: items[4],
                ply: 2,
            },
            Owed::Analysis {
                game: items[5],
                channel: 70.into(),
            },
            Owed::AnalysisFailed {
                game: items[6],
                channel: 71.into(),
            },
            Owed::Round {
                tournament,
                round: 2,
            },
        ];
        owe(&store, &all).await;
        let slow = Owed::SlowReply {
            game: items[0],
            ply: 3,
            seconds: 30,
        };
        owe(&store, &[slow]).await;
        assert_eq!(owed(&due(&store, NOW, 20).await), all);
        let started = due(&store, NOW, 20).await[2].id;
        store.announcement_delivered(started).await.unwrap();
        let last = *due(&store, NOW, 20).await.last().unwrap();
        assert_eq!(last.owed, slow);
        store.announcement_delivered(last.id).await.unwrap();
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

    /// A row that is no item (a round number in a game's item, an analysis without its
    /// channel, a move item about no moves, a digest without its player or with a game, a kind
    /// this version does not know) reads back as an error in its place, for the service to set
    /// aside; the items behind it go ahead.
    #[tokio::test]
    async fn a_row_that_is_no_item_reads_back_as_an_error() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        for values in [
            "'moved', ?, 1, 1, 3",
            "'moved', ?, 2, 1, NULL",
            "'moved', ?, 0, 0, NULL",
            "'analysis', ?, NULL, NULL, NULL",
            "'round', ?, NULL, NULL, 1",
            "'started', ?, NULL, 0, NULL",
            "'ended', ?, NULL, -1, NULL",
            // A digest names a player, and nothing of a game.
            "'digest', ?, NULL, NULL, NULL",
            "'weekly_summary', ?, NULL, NULL, NULL",
            // A slow reply names its seconds.
            "'slow_reply', ?, NULL, 2, NULL",
        ] {
            let sql = format!(
                "INSERT INTO outbox (kind, game_id, first_ply, ply, round, next_attempt_at,
                                     created_at) VALUES ({values}, 0, 0)"
            );
            sqlx::query(&sql)
                .bind(game)
                .execute(&store.pool)
                .await
                .unwrap();
            let due = store.due_announcements(NOW, 10).await.unwrap();
            let [Err((id, StoreError::Impossible(_)))] = due.as_slice() else {
                panic!("{values} read back as {due:?}");
            };
            store
                .announcement_abandoned(*id, NOW, "unreadable")
                .await
                .unwrap();
        }
        owe(&store, &[moved(game, 1)]).await;
        assert_eq!(owed(&due(&store, NOW, 10).await), [moved(game, 1)]);
    }

    /// A database of the version whose schema listed the kinds (migrations up to 0017), with
    /// items of every kind waiting, upgrades with every item kept: each reads back as it was
    /// owed, under its id, and new items are numbered after them (ids are delivery nonces).
    #[tokio::test]
    async fn waiting_items_of_every_kind_survive_the_upgrade() {
        let (_dir, url, pool) = pool_before(18).await;
        // Players, games and a tournament as that version's schema holds them.
        let setup = [
            "INSERT INTO players (id, name, created_at, updated_at)
             VALUES (1, 'alice', 0, 0), (2, 'bob', 0, 0)",
            "INSERT INTO games (id, opener_id, other_id, white_id, red_id, size, created_at,
                               updated_at)
             VALUES (1, 1, 2, 1, 2, 12, 0, 0), (2, 1, 2, 1, 2, 12, 0, 0),
                    (3, 1, 2, 1, 2, 12, 0, 0), (4, 1, 2, 1, 2, 12, 0, 0),
                    (5, 1, 2, 1, 2, 12, 0, 0), (6, 1, 2, 1, 2, 12, 0, 0),
                    (7, 1, 2, 1, 2, 12, 0, 0)",
            "INSERT INTO tournaments (id, guild_id, channel_id, name, format, size, rated,
                                     organiser_id, created_at, updated_at)
             VALUES (1, 7, 70, 'cup', 'round_robin', 12, 1, 1, 0, 0)",
        ];
        for sql in setup {
            sqlx::query(sql).execute(&pool).await.unwrap();
        }
        let games: Vec<i64> = (1..=7).collect();
        let (tournament, t) = (TournamentId::new(1), 1);
        let [g0, g1, g2, g3, g4, g5, g6] = games[..] else {
            unreachable!()
        };
        // As that version wrote them: (kind, game, tournament, first ply, ply, round, anchor,
        // channel, player).
        let rows = [
            format!("'started', {g0}, NULL, NULL, NULL, NULL, 42, NULL, NULL"),
            format!("'moved', {g1}, NULL, 3, 5, NULL, NULL, NULL, NULL"),
            format!("'ended', {g2}, NULL, NULL, 7, NULL, NULL, NULL, NULL"),
            format!("'reminder', {g3}, NULL, NULL, 2, NULL, NULL, NULL, NULL"),
            format!("'reminder_dm', {g3}, NULL, NULL, 2, NULL, NULL, NULL, NULL"),
            format!("'analysis', {g4}, NULL, NULL, NULL, NULL, NULL, 70, NULL"),
            format!("'analysis_failed', {g5}, NULL, NULL, NULL, NULL, NULL, 71, NULL"),
            format!("'round', NULL, {t}, NULL, NULL, 2, NULL, NULL, NULL"),
            format!("'standings', NULL, {t}, NULL, NULL, NULL, NULL, NULL, NULL"),
            format!("'finished', NULL, {t}, NULL, NULL, NULL, NULL, NULL, NULL"),
            "'digest', NULL, NULL, NULL, NULL, NULL, NULL, NULL, 2".to_string(),
            format!("'started', {g6}, NULL, NULL, NULL, NULL, NULL, NULL, NULL"),
        ];
        for values in &rows {
            sqlx::query(&format!(
                "INSERT INTO outbox (kind, game_id, tournament_id, first_ply, ply, round,
                                     anchor_message_id, channel_id, player_id, next_attempt_at,
                                     created_at) VALUES ({values}, {NOW}, {NOW})"
            ))
            .execute(&pool)
            .await
            .unwrap();
        }
        pool.close().await;

        let store = Store::open(&url).await.unwrap();
        let game = |i: usize| GameId::new(games[i]);
        let expected = [
            Owed::Started {
                game: game(0),
                anchor: Some(42.into()),
            },
            Owed::Moved {
                game: game(1),
                first: 3,
                last: 5,
            },
            Owed::Ended {
                game: game(2),
                ply: 7,
            },
            Owed::Reminder {
                game: game(3),
                ply: 2,
            },
            Owed::ReminderDm {
                game: game(3),
                ply: 2,
            },
            Owed::Analysis {
                game: game(4),
                channel: 70.into(),
            },
            Owed::AnalysisFailed {
                game: game(5),
                channel: 71.into(),
            },
            Owed::Round {
                tournament,
                round: 2,
            },
            Owed::Standings { tournament },
            Owed::Finished { tournament },
            Owed::Digest {
                player: PlayerId::new(2),
            },
            started(game(6)),
        ];
        // Delivered queue by queue, as the worker takes them: every item, none twice.
        let mut delivered = Vec::new();
        loop {
            let heads = due(&store, NOW, 50).await;
            if heads.is_empty() {
                break;
            }
            for item in heads {
                store.announcement_delivered(item.id).await.unwrap();
                delivered.push((item.id, item.owed));
            }
        }
        delivered.sort_by_key(|(id, _)| *id);
        let ids: Vec<i64> = delivered.iter().map(|(id, _)| id.get()).collect();
        assert_eq!(ids, (1..=12).collect::<Vec<_>>());
        let items: Vec<Owed> = delivered.into_iter().map(|(_, owed)| owed).collect();
        assert_eq!(items, expected);
        owe(&store, &[moved(game(1), 6)]).await;
        assert_eq!(due(&store, NOW, 10).await[0].id.get(), 13);
    }

    /// Direct messages waiting from before the outbox recorded which items are direct keep
    /// their own queue: a game's reminder by direct message and its board are both due.
    #[tokio::test]
    async fn waiting_direct_messages_keep_their_own_queue_after_the_upgrade() {
        let (_dir, url, pool) = pool_before(33).await;
        let setup = [
            "INSERT INTO players (id, name, created_at, updated_at)
             VALUES (1, 'alice', 0, 0), (2, 'bob', 0, 0)",
            "INSERT INTO games (id, opener_id, other_id, white_id, red_id, created_at, updated_at)
             VALUES (1, 1, 2, 1, 2, 0, 0)",
            "INSERT INTO outbox (kind, game_id, player_id, first_ply, ply, next_attempt_at,
                                 created_at)
             VALUES ('reminder_dm', 1, NULL, NULL, 0, 0, 0), ('moved', 1, NULL, 1, 1, 0, 0),
                    ('digest', NULL, 2, NULL, NULL, 0, 0)",
        ];
        for sql in setup {
            sqlx::query(sql).execute(&pool).await.unwrap();
        }
        pool.close().await;
        let store = Store::open(&url).await.unwrap();
        let game = GameId::new(1);
        let digest = Owed::Digest {
            player: PlayerId::new(2),
        };
        let dm = Owed::ReminderDm { game, ply: 0 };
        assert_eq!(
            owed(&due(&store, NOW, 10).await),
            [dm, moved(game, 1), digest]
        );
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
        store
            .set_announcement_anchor(item.id, 4242.into())
            .await
            .unwrap();
        let anchored = Owed::Started {
            game,
            anchor: Some(4242.into()),
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
        let reminder = Owed::Reminder { game: two, ply: 0 };
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
        let dm = |ply| Owed::ReminderDm { game, ply };
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
            player: PlayerId::new(player),
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
