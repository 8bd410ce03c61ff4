//! Games and their append-only move log: reads for the front ends' views, and the one write
//! transaction through which every move, ending and rating passes.

use crate::ids::{ChannelId, GuildId};
use sqlx::{Executor, Sqlite};

use super::clock::{BindClock, ClockTimes, SET_CLOCK};
use super::outbox::{Owed, insert_owed};
use super::{
    EndReason, GameId, GameStatus, Millis, PlayerId, Store, StoreError, StoredLevel, TournamentId,
    Variant, Winner,
};

/// A game as stored, with its players' names.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GameRow {
    pub id: GameId,
    pub opener_id: PlayerId,
    pub other_id: PlayerId,
    pub white_id: PlayerId,
    pub red_id: PlayerId,
    pub white_name: String,
    pub red_name: String,
    pub variant: Variant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub status: GameStatus,
    pub winner: Option<Winner>,
    pub end_reason: Option<EndReason>,
    pub guild_id: Option<GuildId>,
    pub channel_id: Option<ChannelId>,
    pub thread_id: Option<ChannelId>,
    pub plies: i64,
    pub to_move_id: Option<PlayerId>,
    #[sqlx(flatten)]
    pub clock: ClockTimes,
    pub rating_applied: bool,
    pub version: i64,
    pub created_at: Millis,
    pub updated_at: Millis,
    /// When the last move was saved, on Discord's clock (moves made there only).
    pub last_move_seen_at: Option<Millis>,
    /// In a game against the AI: the player who is the AI, and its level.
    pub ai_player_id: Option<PlayerId>,
    pub ai_level: Option<StoredLevel>,
    /// In a tournament: which, and the round.
    pub tournament_id: Option<TournamentId>,
    pub tournament_round: Option<i64>,
    /// The hints the player was given (games against the AI only).
    pub hints: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MoveRow {
    pub ply: i64,
    pub player_id: PlayerId,
    pub notation: String,
    pub forced: bool,
    pub played_at: Millis,
}

/// A move to append to a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMove {
    pub player_id: PlayerId,
    pub notation: String,
    pub forced: bool,
}

/// The state of a game after a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameUpdate {
    pub white_id: PlayerId,
    pub red_id: PlayerId,
    pub status: GameStatus,
    pub winner: Option<Winner>,
    pub end_reason: Option<EndReason>,
    pub to_move_id: Option<PlayerId>,
    pub clock: ClockTimes,
    /// Whether the game may count for ratings (an abort makes it unrated).
    pub rated: bool,
}

/// What a commit wrote: the game as it now stands and the moves appended to its log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committed {
    pub game: GameRow,
    pub moves: Vec<MoveRow>,
}

/// A reminder whose time has come: its game as it stands (its clock included), and whether the
/// player to move asked for direct messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DueReminder {
    pub game_id: GameId,
    pub plies: i64,
    pub channel_id: Option<ChannelId>,
    pub wants_dm: bool,
    pub move_seconds: Option<i64>,
    #[sqlx(flatten)]
    pub clock: ClockTimes,
}

/// Every game read selects these columns, with the players' names.
pub(super) const SELECT_GAME: &str = "SELECT g.id, g.opener_id, g.other_id, g.white_id, g.red_id, \
     w.name AS white_name, r.name AS red_name, g.variant, g.move_seconds, \
     g.rated, g.status, g.winner, g.end_reason, g.guild_id, g.channel_id, g.thread_id, g.plies, \
     g.to_move_id, g.deadline_at, g.remind_at, g.rating_applied, g.version, g.created_at, \
     g.updated_at, g.last_move_seen_at, g.ai_player_id, g.ai_level, g.tournament_id, \
     g.tournament_round, g.paused_until, g.paused_deadline_in, g.paused_remind_in, g.hints \
     FROM games g JOIN players w ON w.id = g.white_id \
     JOIN players r ON r.id = g.red_id";

#[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
pub(super) async fn fetch_game<'e>(
    executor: impl Executor<'e, Database = Sqlite>,
    id: GameId,
) -> Result<Option<GameRow>, StoreError> {
    Ok(
        sqlx::query_as::<_, GameRow>(&format!("{SELECT_GAME} WHERE g.id = ?"))
            .bind(id)
            .fetch_optional(executor)
            .await?,
    )
}

#[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
pub(super) async fn fetch_moves<'e>(
    executor: impl Executor<'e, Database = Sqlite>,
    game: GameId,
) -> Result<Vec<MoveRow>, StoreError> {
    Ok(sqlx::query_as::<_, MoveRow>(
        "SELECT ply, player_id, notation, forced, played_at FROM moves
         WHERE game_id = ? ORDER BY ply",
    )
    .bind(game)
    .fetch_all(executor)
    .await?)
}

impl Store {
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, GameRow>(&format!("{SELECT_GAME} WHERE g.id = ?"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// A game's move log in order.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn moves(&self, game: GameId) -> Result<Vec<MoveRow>, StoreError> {
        fetch_moves(&self.pool, game).await
    }

    /// A game's move log in order as it stood at `plies` moves: the moves a game row read
    /// earlier counts, though more may have been saved since (a log only grows).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn moves_up_to(&self, game: GameId, plies: i64) -> Result<Vec<MoveRow>, StoreError> {
        Ok(sqlx::query_as::<_, MoveRow>(
            "SELECT ply, player_id, notation, forced, played_at FROM moves
             WHERE game_id = ? AND ply <= ? ORDER BY ply",
        )
        .bind(game)
        .bind(plies)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Active games shown in a channel: those in the thread with this id, or posted in the
    /// channel itself when they have no thread.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn active_games_in(&self, channel: ChannelId) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.status = 'active'
               AND (g.thread_id = ?1 OR (g.thread_id IS NULL AND g.channel_id = ?1))
             ORDER BY g.id"
        ))
        .bind(channel)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The most recent game (of any status) in a thread, for commands typed there after the end.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn game_in_thread(&self, thread: ChannelId) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.thread_id = ? ORDER BY g.id DESC LIMIT 1"
        ))
        .bind(thread)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// A player's active games, oldest first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn active_games_of(&self, player: PlayerId) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.status = 'active' AND (g.white_id = ?1 OR g.red_id = ?1)
             ORDER BY g.id"
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Active games played outside Discord (in the terminal: no server, no channel), oldest
    /// first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn active_games_off_discord(&self) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.status = 'active'
               AND g.guild_id IS NULL AND g.channel_id IS NULL AND g.thread_id IS NULL
             ORDER BY g.id"
        ))
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's finished games in a server, newest first, at most `limit`; those whose
    /// number starts with `typed` or whose opponent's name contains it (ASCII letters in any
    /// case, as SQLite's LIKE compares), when it is not empty.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn finished_games_of(
        &self,
        guild: GuildId,
        player: PlayerId,
        typed: &str,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let literal = typed
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.guild_id = ?1 AND g.status = 'finished'
               AND (g.white_id = ?2 OR g.red_id = ?2)
               AND (CAST(g.id AS TEXT) LIKE ?3 || '%' ESCAPE '\\'
                    OR CASE WHEN g.white_id = ?2 THEN r.name ELSE w.name END
                       LIKE '%' || ?3 || '%' ESCAPE '\\')
             ORDER BY g.updated_at DESC, g.id DESC LIMIT ?4"
        ))
        .bind(guild)
        .bind(player)
        .bind(literal)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Records the thread a game is played in (`None`: in its channel).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_thread(
        &self,
        game: GameId,
        thread: Option<ChannelId>,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET thread_id = ? WHERE id = ?")
            .bind(thread)
            .bind(game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Takes the reminders whose time has come at `now` that `take` takes: it gives the
    /// game's clock once reminded and what the reminder owes the players (`None`: not due),
    /// saved together. A reminder is taken before it is sent: a failed send loses that
    /// reminder, never doubles it. Taking one leaves the game's version as it is: the
    /// position and the deadline stand, and the board's buttons the player is reminded of
    /// must still work.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn take_due_reminders(
        &self,
        now: Millis,
        take: impl Fn(&DueReminder) -> Option<(ClockTimes, Vec<Owed>)>,
    ) -> Result<Vec<DueReminder>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let candidates: Vec<DueReminder> = sqlx::query_as(
            "SELECT id AS game_id, plies, channel_id, move_seconds,
                 (SELECT notify_dm FROM players WHERE players.id = games.to_move_id) AS wants_dm,
                 deadline_at, remind_at, paused_until, paused_deadline_in, paused_remind_in
             FROM games WHERE status = 'active' AND remind_at <= ? ORDER BY remind_at, id",
        )
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        let mut taken = Vec::new();
        for reminder in candidates {
            let Some((clock, owed)) = take(&reminder) else {
                continue;
            };
            sqlx::query(&format!("UPDATE games SET {SET_CLOCK} WHERE id = ?"))
                .bind_clock(clock)
                .bind(reminder.game_id)
                .execute(&mut *tx)
                .await?;
            insert_owed(&mut tx, &owed, now).await?;
            taken.push(reminder);
        }
        tx.commit().await?;
        Ok(taken)
    }

    /// Active games whose deadline is at or before `now`, the earliest first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn overdue_games(&self, now: Millis) -> Result<Vec<GameId>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'active' AND deadline_at <= ?
             ORDER BY deadline_at",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    //! The games' reads and the write transaction on real SQLite files.

    use std::time::Duration;

    use super::*;
    use crate::store::NewGame;
    use crate::store::test_support::*;

    const NO_GAMES: [GameId; 0] = [];

    /// The games whose reminders are taken at `now`, owing nothing, as the service takes
    /// them: only before the deadline, and cleared once taken.
    async fn reminded(store: &Store, now: Millis) -> Vec<GameId> {
        let take = |due: &DueReminder| {
            let cleared = ClockTimes {
                remind_at: None,
                ..due.clock
            };
            due.clock
                .deadline_at
                .is_some_and(|d| d > now)
                .then(|| (cleared, Vec::new()))
        };
        let due = store.take_due_reminders(now, take).await.unwrap();
        due.iter().map(|reminder| reminder.game_id).collect()
    }

    fn ids(games: &[GameRow]) -> Vec<GameId> {
        games.iter().map(|g| g.id).collect()
    }

    #[tokio::test]
    async fn a_game_outside_any_server_reads_back_with_no_server() {
        let (_dir, store) = store_with_players().await;
        let terminal = NewGame {
            guild_id: None,
            channel_id: None,
            ..new_game(1, 2)
        };
        let id = insert(&store, &terminal).await;
        start(&store, 1, 3).await;
        let row = store.game(id).await.unwrap().unwrap();
        assert_eq!(
            (row.guild_id, row.channel_id, row.thread_id),
            (None, None, None)
        );
        assert_eq!(ids(&store.active_games_off_discord().await.unwrap()), [id]);
        let stored: Option<i64> = sqlx::query_scalar("SELECT guild_id FROM games WHERE id = ?")
            .bind(id)
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_eq!(stored, None, "no number stands for no server");
    }

    #[tokio::test]
    async fn game_reads_every_column_with_the_players_names() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 2, 1).await;
        let row = store.game(id).await.unwrap().unwrap();
        assert_eq!(
            row,
            GameRow {
                id,
                opener_id: PlayerId::new(2),
                other_id: PlayerId::new(1),
                white_id: PlayerId::new(2),
                red_id: PlayerId::new(1),
                white_name: "bob".to_string(),
                red_name: "alice".to_string(),
                variant: VARIANT,
                move_seconds: Some(86_400),
                rated: true,
                status: GameStatus::Active,
                winner: None,
                end_reason: None,
                guild_id: Some(GUILD),
                channel_id: Some(CHANNEL),
                thread_id: None,
                plies: 0,
                to_move_id: Some(PlayerId::new(2)),
                clock: running(Some(DEADLINE), Some(REMIND)),
                rating_applied: false,
                version: 0,
                created_at: NOW,
                updated_at: NOW,
                last_move_seen_at: None,
                ai_player_id: None,
                ai_level: None,
                tournament_id: None,
                tournament_round: None,
                hints: 0,
            }
        );
        assert_eq!(store.game(GameId::new(id.get() + 1)).await.unwrap(), None);
    }

    #[tokio::test]
    async fn moves_are_one_games_log_in_order() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;
        let other = start(&store, 2, 3).await;
        assert_eq!(store.moves(id).await.unwrap(), []);

        let on = going_on(1, 2, 2, Some(DEADLINE));
        commit(&store, id, &new_moves(&[(1, "c3 e5")]), &on, NOW + 1).await;
        commit(&store, other, &new_moves(&[(2, "a1 a2")]), &on, NOW + 2).await;
        let forced = [
            new_moves(&[(2, "d4 f6")]),
            vec![NewMove {
                player_id: PlayerId::new(1),
                notation: "pass".to_string(),
                forced: true,
            }],
        ]
        .concat();
        commit(&store, id, &forced, &on, NOW + 3).await;

        let row = |ply, player_id, notation: &str, forced, played_at| MoveRow {
            ply,
            player_id,
            notation: notation.to_string(),
            forced,
            played_at,
        };
        assert_eq!(
            store.moves(id).await.unwrap(),
            [
                row(1, PlayerId::new(1), "c3 e5", false, NOW + 1),
                row(2, PlayerId::new(2), "d4 f6", false, NOW + 3),
                row(3, PlayerId::new(1), "pass", true, NOW + 3),
            ]
        );
        assert_eq!(
            store.moves(other).await.unwrap(),
            [row(1, PlayerId::new(2), "a1 a2", false, NOW + 2)]
        );
        assert_eq!(store.moves(GameId::new(999)).await.unwrap(), []);
    }

    #[tokio::test]
    async fn active_games_in_a_channel_are_those_without_a_thread_and_those_in_it() {
        let (_dir, store) = store_with_players().await;
        let threaded = start(&store, 1, 2).await;
        store.set_thread(threaded, Some(900.into())).await.unwrap();
        let first = start(&store, 3, 1).await;
        let second = start(&store, 2, 3).await;
        let elsewhere = insert(
            &store,
            &NewGame {
                channel_id: Some(71.into()),
                ..new_game(2, 1)
            },
        )
        .await;
        let ended = start(&store, 1, 3).await;
        commit(
            &store,
            ended,
            &new_moves(&[(3, "resign")]),
            &won(1, 3, Winner::White, EndReason::Resign),
            NOW + 1,
        )
        .await;

        assert_eq!(
            ids(&store.active_games_in(900.into()).await.unwrap()),
            [threaded]
        );
        assert_eq!(
            ids(&store.active_games_in(CHANNEL).await.unwrap()),
            [first, second],
            "neither the game with a thread nor the ended one"
        );
        assert_eq!(
            ids(&store.active_games_in(71.into()).await.unwrap()),
            [elsewhere]
        );
        assert_eq!(store.active_games_in(5.into()).await.unwrap(), []);
    }

    #[tokio::test]
    async fn game_in_thread_is_the_threads_latest_game_even_when_over() {
        let (_dir, store) = store_with_players().await;
        let first = start(&store, 1, 2).await;
        store.set_thread(first, Some(900.into())).await.unwrap();
        commit(
            &store,
            first,
            &new_moves(&[(2, "resign")]),
            &won(1, 2, Winner::White, EndReason::Resign),
            NOW + 1,
        )
        .await;
        assert_eq!(
            store.game_in_thread(900.into()).await.unwrap().unwrap().id,
            first
        );

        let rematch = start(&store, 2, 1).await;
        store.set_thread(rematch, Some(900.into())).await.unwrap();
        let row = store.game_in_thread(900.into()).await.unwrap().unwrap();
        assert_eq!((row.id, row.white_name.as_str()), (rematch, "bob"));

        // A channel is not a thread.
        insert(
            &store,
            &NewGame {
                channel_id: Some(902.into()),
                ..new_game(1, 3)
            },
        )
        .await;
        assert_eq!(store.game_in_thread(902.into()).await.unwrap(), None);
        assert_eq!(store.game_in_thread(901.into()).await.unwrap(), None);
    }

    #[tokio::test]
    async fn active_games_of_a_player_with_either_colour() {
        let (_dir, store) = store_with_players().await;
        let a = start(&store, 1, 2).await;
        let b = start(&store, 3, 1).await;
        let c = start(&store, 2, 3).await;
        let d = start(&store, 1, 3).await;
        commit(
            &store,
            d,
            &[],
            &won(1, 3, Winner::Red, EndReason::Timeout),
            NOW + 1,
        )
        .await;
        // After a swap the opener plays Red.
        commit(
            &store,
            a,
            &new_moves(&[(1, "c3 e5"), (2, "swap")]),
            &going_on(2, 1, 1, Some(DEADLINE)),
            NOW + 2,
        )
        .await;

        assert_eq!(
            ids(&store.active_games_of(PlayerId::new(1)).await.unwrap()),
            [a, b]
        );
        assert_eq!(
            ids(&store.active_games_of(PlayerId::new(2)).await.unwrap()),
            [a, c]
        );
        assert_eq!(
            ids(&store.active_games_of(PlayerId::new(3)).await.unwrap()),
            [b, c]
        );
        assert_eq!(store.active_games_of(PlayerId::new(4)).await.unwrap(), []);
    }

    #[tokio::test]
    async fn finished_games_of_a_player_in_a_server_newest_first() {
        let (_dir, store) = store_with_players().await;
        let end = |white, red, winner| won(white, red, winner, EndReason::Score);
        let g1 = start(&store, 1, 2).await;
        commit(&store, g1, &[], &end(1, 2, Winner::White), NOW + 30).await;
        let g2 = start(&store, 2, 1).await;
        commit(&store, g2, &[], &end(2, 1, Winner::Draw), NOW + 10).await;
        let g3 = start(&store, 1, 3).await;
        commit(&store, g3, &[], &end(1, 3, Winner::Red), NOW + 20).await;
        let other_server = insert(
            &store,
            &NewGame {
                guild_id: Some(8.into()),
                ..new_game(1, 2)
            },
        )
        .await;
        commit(&store, other_server, &[], &end(1, 2, Winner::Red), NOW + 40).await;
        let aborted = start(&store, 1, 2).await;
        let abort = GameUpdate {
            status: GameStatus::Aborted,
            winner: None,
            end_reason: Some(EndReason::Abort),
            rated: false,
            ..end(1, 2, Winner::White)
        };
        commit(&store, aborted, &[], &abort, NOW + 50).await;
        start(&store, 2, 1).await;

        let found = store
            .finished_games_of(GUILD, PlayerId::new(1), "", 10)
            .await
            .unwrap();
        assert_eq!(ids(&found), [g1, g3, g2]);
        assert_eq!(
            (found[1].status, found[1].winner, found[1].end_reason),
            (
                GameStatus::Finished,
                Some(Winner::Red),
                Some(EndReason::Score)
            )
        );
        assert_eq!(
            ids(&store
                .finished_games_of(GUILD, PlayerId::new(1), "", 2)
                .await
                .unwrap()),
            [g1, g3]
        );
        assert_eq!(
            ids(&store
                .finished_games_of(GUILD, PlayerId::new(2), "", 10)
                .await
                .unwrap()),
            [g1, g2]
        );
        assert_eq!(
            ids(&store
                .finished_games_of(8.into(), PlayerId::new(1), "", 10)
                .await
                .unwrap()),
            [other_server]
        );
        assert_eq!(
            store
                .finished_games_of(GUILD, PlayerId::new(4), "", 10)
                .await
                .unwrap(),
            []
        );

        // What was typed: the start of a number, or part of the opponent's name (ASCII in any
        // case); LIKE's wildcards and escape are characters like the others.
        let typed = async |text| {
            ids(&store
                .finished_games_of(GUILD, PlayerId::new(1), text, 10)
                .await
                .unwrap())
        };
        let number = g3.to_string();
        assert_eq!(typed(&number).await, [g3]);
        assert_eq!(typed("AR").await, [g3], "carol");
        assert_eq!(typed("bo").await, [g1, g2]);
        let none: [GameId; 0] = [];
        assert_eq!(typed("alice").await, none, "not one's own name");
        assert_eq!(typed("%").await, none, "a wildcard is a character");
        assert_eq!(typed("_").await, none);
        store
            .upsert_player(PlayerId::new(4), "x\\y_z%", NOW)
            .await
            .unwrap();
        let g4 = start(&store, 1, 4).await;
        commit(&store, g4, &[], &end(1, 4, Winner::White), NOW + 60).await;
        assert_eq!(typed("x\\y_z%").await, [g4]);
        assert_eq!(typed("x_y").await, none, "_ matched \\");
        assert_eq!(typed("y%").await, none, "% matched _z");
    }

    #[tokio::test]
    async fn set_thread_sets_and_clears_one_games_thread() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;
        let other = start(&store, 2, 3).await;
        store.set_thread(id, Some(900.into())).await.unwrap();
        assert_eq!(
            store.game(id).await.unwrap().unwrap().thread_id,
            Some(900.into())
        );
        assert_eq!(store.game(other).await.unwrap().unwrap().thread_id, None);
        store.set_thread(id, None).await.unwrap();
        assert_eq!(store.game(id).await.unwrap().unwrap().thread_id, None);
    }

    #[tokio::test]
    async fn overdue_games_are_active_past_their_deadline_earliest_first() {
        let (_dir, store) = store_with_players().await;
        let at = |deadline: Option<Millis>, opener, other| NewGame {
            clock: running(deadline, None),
            ..new_game(opener, other)
        };
        let late = insert(&store, &at(Some(NOW + 200), 1, 2)).await;
        let early = insert(&store, &at(Some(NOW + 100), 2, 3)).await;
        insert(&store, &at(None, 1, 3)).await;
        let ended = insert(&store, &at(Some(NOW + 50), 3, 2)).await;
        let finished = GameUpdate {
            clock: running(Some(NOW + 50), None),
            ..won(3, 2, Winner::Red, EndReason::Resign)
        };
        commit(&store, ended, &[], &finished, NOW + 1).await;

        assert_eq!(store.overdue_games(NOW + 99).await.unwrap(), NO_GAMES);
        assert_eq!(store.overdue_games(NOW + 100).await.unwrap(), [early]);
        assert_eq!(
            store.overdue_games(NOW + 1_000_000).await.unwrap(),
            [early, late]
        );
    }

    #[tokio::test]
    async fn a_reminder_is_taken_once_when_its_time_has_come_and_as_decided() {
        let (_dir, store) = store_with_players().await;
        let at = |deadline: Millis, remind: Option<Millis>, opener, other| NewGame {
            clock: running(Some(deadline), remind),
            ..new_game(opener, other)
        };
        let due = insert(&store, &at(NOW + 1000, Some(NOW + 750), 1, 2)).await;
        let missed = insert(&store, &at(NOW + 500, Some(NOW + 400), 2, 3)).await;
        let later = insert(&store, &at(NOW + 2000, Some(NOW + 1500), 3, 1)).await;
        insert(&store, &at(NOW + 1000, None, 1, 3)).await;
        let ended = insert(&store, &at(NOW + 1000, Some(NOW + 700), 2, 1)).await;
        let finished = GameUpdate {
            clock: running(Some(NOW + 1000), Some(NOW + 700)),
            ..won(2, 1, Winner::White, EndReason::Resign)
        };
        commit(&store, ended, &[], &finished, NOW + 1).await;

        assert_eq!(
            reminded(&store, NOW + 749).await,
            NO_GAMES,
            "neither a game past its deadline nor an ended one"
        );
        assert_eq!(reminded(&store, NOW + 750).await, [due]);
        let row = store.game(due).await.unwrap().unwrap();
        assert_eq!(
            (row.clock.remind_at, row.clock.deadline_at, row.version),
            (None, Some(NOW + 1000), 0),
            "the reminder is cleared; the deadline, and the buttons of the version, stay"
        );
        assert_eq!(reminded(&store, NOW + 750).await, NO_GAMES);
        assert_eq!(reminded(&store, NOW + 999).await, NO_GAMES);
        assert_eq!(
            reminded(&store, NOW + 2000).await,
            NO_GAMES,
            "not at the deadline itself"
        );
        for (id, remind) in [(missed, NOW + 400), (later, NOW + 1500)] {
            assert_eq!(
                store.game(id).await.unwrap().unwrap().clock.remind_at,
                Some(remind),
                "game #{id} keeps the reminder it was not sent"
            );
        }

        // The next move brings the next reminder.
        commit(
            &store,
            due,
            &new_moves(&[(1, "c3 e5")]),
            &going_on(1, 2, 2, Some(NOW + 5000)),
            NOW + 800,
        )
        .await;
        assert_eq!(reminded(&store, NOW + 4000).await, [due]);
    }

    #[tokio::test]
    async fn write_game_reads_the_game_and_its_log_one_writer_at_a_time() {
        let (_dir, store) = store_with_players().await;
        assert!(store.write_game(GameId::new(999)).await.unwrap().is_none());
        let id = start(&store, 1, 2).await;
        commit(
            &store,
            id,
            &new_moves(&[(1, "c3 e5")]),
            &going_on(1, 2, 2, Some(DEADLINE)),
            NOW + 1,
        )
        .await;

        let mut write = store.write_game(id).await.unwrap().unwrap();
        assert_eq!(write.game, store.game(id).await.unwrap().unwrap());
        assert_eq!(write.moves().await.unwrap(), store.moves(id).await.unwrap());
        assert_eq!(write.moves().await.unwrap().len(), 1);

        let second = tokio::time::timeout(Duration::from_millis(200), store.write_game(id)).await;
        assert!(second.is_err(), "a second writer waits for the first");
        drop(write);
        let second = tokio::time::timeout(Duration::from_secs(10), store.write_game(id))
            .await
            .expect("the lock is free once the first writer is dropped");
        assert_eq!(second.unwrap().unwrap().game.version, 1);
    }

    #[tokio::test]
    async fn commit_appends_numbered_moves_and_applies_the_update() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;

        let first = commit(
            &store,
            id,
            &new_moves(&[(1, "c3 e5")]),
            &going_on(1, 2, 2, Some(NOW + 5000)),
            NOW + 1,
        )
        .await;
        assert_eq!(
            first.moves,
            [MoveRow {
                ply: 1,
                player_id: PlayerId::new(1),
                notation: "c3 e5".to_string(),
                forced: false,
                played_at: NOW + 1,
            }]
        );
        let g = &first.game;
        assert_eq!(
            (
                g.plies,
                g.version,
                g.to_move_id,
                g.clock.deadline_at,
                g.clock.remind_at
            ),
            (
                1,
                1,
                Some(PlayerId::new(2)),
                Some(NOW + 5000),
                Some(NOW + 4000)
            )
        );
        assert_eq!((g.created_at, g.updated_at), (NOW, NOW + 1));
        assert_eq!(first.game, store.game(id).await.unwrap().unwrap());

        // Two moves in one commit are numbered on from the log; a swap changes colours.
        let second = commit(
            &store,
            id,
            &new_moves(&[(2, "swap"), (1, "d4 f6")]),
            &going_on(2, 1, 2, None),
            NOW + 2,
        )
        .await;
        let plies: Vec<i64> = second.moves.iter().map(|m| m.ply).collect();
        assert_eq!(plies, [2, 3]);
        assert_eq!(store.moves(id).await.unwrap()[1..], second.moves[..]);
        let g = &second.game;
        assert_eq!(
            (
                g.white_id,
                g.red_id,
                g.white_name.as_str(),
                g.red_name.as_str()
            ),
            (PlayerId::new(2), PlayerId::new(1), "bob", "alice")
        );
        assert_eq!(
            (g.plies, g.version, g.clock.deadline_at, g.clock.remind_at),
            (3, 2, None, None)
        );

        // An abort without a move: the version moves on, the log does not.
        let abort = GameUpdate {
            white_id: PlayerId::new(2),
            red_id: PlayerId::new(1),
            status: GameStatus::Aborted,
            winner: None,
            end_reason: Some(EndReason::Abort),
            to_move_id: None,
            clock: ClockTimes::default(),
            rated: false,
        };
        let third = commit(&store, id, &[], &abort, NOW + 3).await;
        assert_eq!(third.moves, []);
        let g = &third.game;
        assert_eq!(
            (g.status, g.end_reason, g.rated, g.to_move_id),
            (GameStatus::Aborted, Some(EndReason::Abort), false, None)
        );
        assert_eq!((g.plies, g.version, g.updated_at), (3, 3, NOW + 3));
        assert_eq!(store.moves(id).await.unwrap().len(), 3);
    }

    #[tokio::test]
    async fn a_commit_at_a_stale_version_is_a_conflict_and_writes_nothing() {
        let (_dir, store) = store_with_players().await;
        let id = start(&store, 1, 2).await;
        commit(
            &store,
            id,
            &new_moves(&[(1, "c3 e5")]),
            &going_on(1, 2, 2, Some(NOW + 5000)),
            NOW + 1,
        )
        .await;
        let before = store.game(id).await.unwrap().unwrap();

        // As if read before the last commit: an older version and a shorter log (its next ply
        // is taken, so only the version check first makes this a conflict, not a key error).
        let mut write = store.write_game(id).await.unwrap().unwrap();
        write.game.version -= 1;
        write.game.plies -= 1;
        let refused = write
            .commit(
                &change(
                    new_moves(&[(2, "d4 f6")]),
                    won(1, 2, Winner::Red, EndReason::Score),
                ),
                &[],
                NOW + 2,
            )
            .await;
        assert!(matches!(refused, Err(StoreError::Conflict)), "{refused:?}");
        assert_eq!(store.moves(id).await.unwrap().len(), 1, "no move written");
        assert_eq!(store.game(id).await.unwrap().unwrap(), before);
        assert_eq!(
            number(&store, "SELECT COUNT(*) FROM moves").await,
            1,
            "nothing left behind"
        );
    }
}
