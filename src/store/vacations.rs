//! Vacations (the `vacations` table) and the clocks of the games they may stop. A vacation
//! starts or ends in one transaction with the clocks of the player's games in that server where
//! they are to move, each set as the service decided (which of them a vacation stops, and when
//! one is over, are the service's rules: the store reads the rows). A game whose clock stands
//! still has no deadline meanwhile, so the clock's queries pass it by.

use crate::ids::GuildId;
use sqlx::{Sqlite, SqliteConnection, Transaction};
use tokio::sync::MutexGuard;

use super::clock::{BindClock, ClockTimes, SET_CLOCK};
use super::{GameId, Millis, PlayerId, Store, StoreError, TournamentId};

/// A day, the unit of vacations.
pub const DAY: Millis = 86_400_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct VacationRow {
    pub player_id: PlayerId,
    /// `None`: away from the games outside any server (the terminal's).
    pub guild_id: Option<GuildId>,
    pub started_at: Millis,
    pub until_at: Millis,
    pub ended_at: Option<Millis>,
    pub year: i64,
}

const SELECT_VACATION: &str =
    "SELECT player_id, guild_id, started_at, until_at, ended_at, year FROM vacations";

impl Store {
    /// `player`'s vacation in `guild`, if they are away.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn vacation(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
    ) -> Result<Option<VacationRow>, StoreError> {
        Ok(current(&mut *self.pool.acquire().await?, player, guild).await?)
    }

    /// The vacations `player` took (or takes, for one going on) in `guild` counted in
    /// calendar `year`.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn vacations_in_year(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
        year: i64,
    ) -> Result<Vec<VacationRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "{SELECT_VACATION} WHERE player_id = ? AND guild_id IS ? AND year = ? ORDER BY started_at"
        ))
        .bind(player)
        .bind(guild)
        .bind(year)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The vacation days a player has per calendar year in `guild`, as its managers set them
    /// (`None`: never set).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn vacation_allowance(
        &self,
        guild: Option<GuildId>,
    ) -> Result<Option<i64>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT vacation_days FROM guild_settings WHERE guild_id = ?")
                .bind(guild)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_vacation_allowance(
        &self,
        guild: GuildId,
        days: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, vacation_days) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET vacation_days = excluded.vacation_days",
        )
        .bind(guild)
        .bind(days)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Opens the one write transaction of `player`'s vacations in `guild`, under SQLite's
    /// write lock: their open vacation as it is now. Dropping it without
    /// [`VacationWrite::commit`] changes nothing.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn write_vacation(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
    ) -> Result<VacationWrite<'_>, StoreError> {
        let guard = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let open = current(&mut tx, player, guild).await?;
        Ok(VacationWrite {
            _guard: guard,
            tx,
            player,
            guild,
            open,
        })
    }

    /// The vacations going on (their days used or not), the first to end first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn open_vacations(&self) -> Result<Vec<VacationRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "{SELECT_VACATION} WHERE ended_at IS NULL ORDER BY until_at"
        ))
        .fetch_all(&self.pool)
        .await?)
    }
}

/// A player's vacations in a server read for writing: starting or ending one and the clocks of
/// the games it stops, all or nothing.
pub struct VacationWrite<'a> {
    _guard: MutexGuard<'a, ()>,
    tx: Transaction<'static, Sqlite>,
    player: PlayerId,
    guild: Option<GuildId>,
    /// Their vacation going on (its days used or not), as the writes so far left it.
    pub open: Option<VacationRow>,
}

/// The clock of a game a vacation may stop, read for writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GameClock {
    pub id: GameId,
    pub version: i64,
    pub move_seconds: Option<i64>,
    #[sqlx(flatten)]
    pub clock: ClockTimes,
    /// Whether the game's tournament stops for vacations (`None`: not a tournament game).
    pub tournament_pauses: Option<bool>,
}

/// A player's vacation going on (its days used or not) where a game is played, with what the
/// game's tournament says of vacations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Absence {
    #[sqlx(flatten)]
    pub vacation: VacationRow,
    /// Whether the game's tournament stops for vacations (`None`: not a tournament game).
    pub tournament_pauses: Option<bool>,
}

impl VacationWrite<'_> {
    /// Starts a vacation at `now`, to end by itself at `until`, counted in `year`.
    ///
    /// # Errors
    /// On a database failure (a vacation going on is one: end it first).
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn start(&mut self, now: Millis, until: Millis, year: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO vacations (player_id, guild_id, started_at, until_at, year)
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(self.player)
        .bind(self.guild)
        .bind(now)
        .bind(until)
        .bind(year)
        .execute(&mut *self.tx)
        .await?;
        self.open = current(&mut self.tx, self.player, self.guild).await?;
        Ok(())
    }

    /// Ends the vacation going on at `at`; none going on, nothing.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn end(&mut self, at: Millis) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE vacations SET ended_at = ?3
             WHERE player_id = ?1 AND guild_id IS ?2 AND ended_at IS NULL",
        )
        .bind(self.player)
        .bind(self.guild)
        .bind(at)
        .execute(&mut *self.tx)
        .await?;
        self.open = None;
        Ok(())
    }

    /// The clocks of this player's games in this server going on where they are to move,
    /// each with what its tournament (if any) says of vacations.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn game_clocks(&mut self) -> Result<Vec<GameClock>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT g.id, g.version, g.move_seconds, g.deadline_at, g.remind_at, g.paused_until,
                 g.paused_deadline_in, g.paused_remind_in, t.vacations_pause AS tournament_pauses
             FROM games g LEFT JOIN tournaments t ON t.id = g.tournament_id
             WHERE g.status = 'active' AND g.guild_id IS ?2 AND g.to_move_id = ?1
             ORDER BY g.id",
        )
        .bind(self.player)
        .bind(self.guild)
        .fetch_all(&mut *self.tx)
        .await?)
    }

    /// Saves `game`'s clock as `clock`, a change of the game like any other: its version
    /// moves on.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game changed since it was read; database failures.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_clock(
        &mut self,
        game: &GameClock,
        clock: ClockTimes,
        now: Millis,
    ) -> Result<(), StoreError> {
        let changed = sqlx::query(&format!(
            "UPDATE games SET {SET_CLOCK}, version = version + 1, updated_at = ?
             WHERE id = ? AND version = ?"
        ))
        .bind_clock(clock)
        .bind(now)
        .bind(game.id)
        .bind(game.version)
        .execute(&mut *self.tx)
        .await?;
        if changed.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        Ok(())
    }

    /// Saves everything written through it.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn commit(self) -> Result<(), StoreError> {
        self.tx.commit().await?;
        Ok(())
    }
}

async fn current(
    conn: &mut SqliteConnection,
    player: PlayerId,
    guild: Option<GuildId>,
) -> Result<Option<VacationRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT_VACATION} WHERE player_id = ? AND guild_id IS ? AND ended_at IS NULL"
    ))
    .bind(player)
    .bind(guild)
    .fetch_optional(conn)
    .await
}

/// `player`'s vacation going on (its days used or not) in `guild`, with whether `tournament`
/// (if any) stops for vacations: what a game there started or moved on asks of its player to
/// move.
#[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
pub(super) async fn absence(
    conn: &mut SqliteConnection,
    player: PlayerId,
    guild: Option<GuildId>,
    tournament: Option<TournamentId>,
) -> Result<Option<Absence>, sqlx::Error> {
    sqlx::query_as(
        "SELECT player_id, guild_id, started_at, until_at, ended_at, year,
             (SELECT vacations_pause FROM tournaments WHERE id = ?3) AS tournament_pauses
         FROM vacations WHERE player_id = ?1 AND guild_id IS ?2 AND ended_at IS NULL",
    )
    .bind(player)
    .bind(guild)
    .bind(tournament)
    .fetch_optional(conn)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::*;
    use crate::store::{EndReason, NewGame, NewTournament, Origin, StoredFormat, Winner};

    /// A game of `opener` (to move) and `other` in a tournament that stops for vacations
    /// (`pause`) or keeps going.
    async fn tournament_game(store: &Store, opener: i64, other: i64, pause: bool) -> GameId {
        let tournament = NewTournament {
            vacations_pause: pause,
            ..new_tournament(StoredFormat::RoundRobin)
        };
        let league = store.create_tournament(&tournament).await.unwrap();
        let id = start(store, opener, other).await;
        sqlx::query("UPDATE games SET tournament_id = ? WHERE id = ?")
            .bind(league)
            .bind(id)
            .execute(&store.pool)
            .await
            .unwrap();
        id
    }

    #[tokio::test]
    async fn a_vacation_and_the_clocks_it_stops_are_written_together_as_decided() {
        let (_dir, store) = store_with_players().await;
        let alice = PlayerId::new(1);
        let mine = start(&store, 1, 2).await;
        start(&store, 2, 1).await;
        let elsewhere = NewGame {
            guild_id: Some(OTHER_GUILD),
            ..new_game(1, 3)
        };
        insert(&store, &elsewhere).await;
        let ended = start(&store, 1, 3).await;
        let won = won(1, 3, Winner::White, EndReason::Resign);
        commit(&store, ended, &[], &won, NOW + 1).await;
        let going_league = tournament_game(&store, 1, 2, false).await;
        let paused_league = tournament_game(&store, 1, 3, true).await;

        // Dropped without a commit: nothing is written.
        let mut write = store.write_vacation(alice, Some(GUILD)).await.unwrap();
        assert_eq!(write.open, None);
        write.start(NOW, NOW + DAY, 2023).await.unwrap();
        assert_eq!(write.open.map(|v| v.until_at), Some(NOW + DAY));
        drop(write);
        assert_eq!(store.vacation(alice, Some(GUILD)).await.unwrap(), None);

        let mut write = store.write_vacation(alice, Some(GUILD)).await.unwrap();
        write.start(NOW, NOW + DAY, 2023).await.unwrap();
        let clocks = write.game_clocks().await.unwrap();
        let read: Vec<(GameId, Option<bool>)> =
            clocks.iter().map(|c| (c.id, c.tournament_pauses)).collect();
        assert_eq!(
            read,
            [
                (mine, None),
                (going_league, Some(false)),
                (paused_league, Some(true))
            ],
            "theirs to move, in this server, going on, with what their tournament says"
        );
        assert_eq!(clocks[0].clock, running(Some(DEADLINE), Some(REMIND)));
        let paused = ClockTimes {
            paused_until: Some(NOW + DAY),
            paused_deadline_in: Some(5),
            ..ClockTimes::default()
        };
        write.set_clock(&clocks[0], paused, NOW + 2).await.unwrap();
        assert!(
            matches!(
                write.set_clock(&clocks[0], paused, NOW + 2).await,
                Err(StoreError::Conflict)
            ),
            "a clock read before a change is stale"
        );
        write.commit().await.unwrap();
        let row = store.game(mine).await.unwrap().unwrap();
        assert_eq!(
            (row.clock, row.version, row.updated_at),
            (paused, 1, NOW + 2)
        );
        let other = store.game(going_league).await.unwrap().unwrap();
        assert_eq!(other.version, 0, "left as the service left it");

        let open = store.open_vacations().await.unwrap();
        let until: Vec<Millis> = open.iter().map(|v| v.until_at).collect();
        assert_eq!(until, [NOW + DAY]);
        let mut write = store.write_vacation(alice, Some(GUILD)).await.unwrap();
        write.end(NOW + 10).await.unwrap();
        assert_eq!(write.open, None);
        write.commit().await.unwrap();
        assert_eq!(store.vacation(alice, Some(GUILD)).await.unwrap(), None);
        let taken = store
            .vacations_in_year(alice, Some(GUILD), 2023)
            .await
            .unwrap();
        let ends: Vec<Option<Millis>> = taken.iter().map(|v| v.ended_at).collect();
        assert_eq!(ends, [Some(NOW + 10)]);
        assert_eq!(
            store
                .vacations_in_year(alice, Some(GUILD), 2024)
                .await
                .unwrap(),
            []
        );
    }

    /// A clock that says what the service was given of an absence: its end, and what the
    /// game's tournament says of vacations (1: no tournament, 2: keeps going, 3: stops).
    fn told(absence: &Absence) -> ClockTimes {
        ClockTimes {
            paused_until: Some(absence.vacation.until_at),
            paused_deadline_in: Some(match absence.tournament_pauses {
                None => 1,
                Some(false) => 2,
                Some(true) => 3,
            }),
            ..ClockTimes::default()
        }
    }

    #[tokio::test]
    async fn a_new_game_for_a_player_away_starts_with_the_clock_given_for_that() {
        let (_dir, store) = store_with_players().await;
        let mut write = store
            .write_vacation(PlayerId::new(1), Some(GUILD))
            .await
            .unwrap();
        write.start(NOW - DAY, NOW + DAY, 2023).await.unwrap();
        write.commit().await.unwrap();
        let if_away = |_: &NewGame, absence: &Absence| told(absence);
        let started = |game: NewGame| {
            let store = &store;
            async move {
                let started = store.start_game(&game, owing_nothing, &if_away).await;
                let id = started.unwrap().unwrap();
                store.game(id).await.unwrap().unwrap().clock
            }
        };
        let away = |until, pauses| ClockTimes {
            paused_until: Some(until),
            paused_deadline_in: Some(pauses),
            ..ClockTimes::default()
        };
        assert_eq!(started(new_game(1, 2)).await, away(NOW + DAY, 1));
        let used_by_then = NewGame {
            created_at: NOW + DAY,
            ..new_game(1, 2)
        };
        assert_eq!(
            started(used_by_then).await,
            away(NOW + DAY, 1),
            "whether its days are used is the service's to say"
        );
        assert_eq!(
            started(new_game(2, 1)).await,
            new_game(2, 1).clock,
            "not away"
        );
        let elsewhere = NewGame {
            guild_id: Some(OTHER_GUILD),
            ..new_game(1, 2)
        };
        assert_eq!(started(elsewhere.clone()).await, elsewhere.clock);
        for (pause, told) in [(false, 2), (true, 3)] {
            let tournament = NewTournament {
                vacations_pause: pause,
                ..new_tournament(StoredFormat::RoundRobin)
            };
            let tournament = store.create_tournament(&tournament).await.unwrap();
            let paired = NewGame {
                origin: Some(Origin::Pairing {
                    tournament,
                    round: 1,
                }),
                ..new_game(1, 2)
            };
            assert_eq!(started(paired).await, away(NOW + DAY, told));
        }
    }

    #[tokio::test]
    async fn a_game_written_reads_its_player_s_absence_with_its_tournament_s_word() {
        let (_dir, store) = store_with_players().await;
        let mut write = store
            .write_vacation(PlayerId::new(1), Some(GUILD))
            .await
            .unwrap();
        write.start(NOW, NOW + DAY, 2023).await.unwrap();
        write.commit().await.unwrap();
        let plain = start(&store, 2, 1).await;
        let going = tournament_game(&store, 2, 1, false).await;
        let paused = tournament_game(&store, 2, 1, true).await;
        let elsewhere = NewGame {
            guild_id: Some(OTHER_GUILD),
            ..new_game(2, 1)
        };
        let elsewhere = insert(&store, &elsewhere).await;
        let read = |game: GameId, player: i64| {
            let store = &store;
            async move {
                let mut write = store.write_game(game).await.unwrap().unwrap();
                let absence = write.absence(PlayerId::new(player)).await.unwrap();
                absence.map(|absence| told(&absence))
            }
        };
        let away = |pauses| ClockTimes {
            paused_until: Some(NOW + DAY),
            paused_deadline_in: Some(pauses),
            ..ClockTimes::default()
        };
        assert_eq!(read(plain, 1).await, Some(away(1)));
        assert_eq!(read(going, 1).await, Some(away(2)));
        assert_eq!(read(paused, 1).await, Some(away(3)));
        assert_eq!(read(plain, 2).await, None, "not away");
        assert_eq!(read(elsewhere, 1).await, None, "away from another server");
    }

    #[tokio::test]
    async fn a_vacation_outside_any_server_stops_only_the_games_outside_any_server() {
        let (_dir, store) = store_with_players().await;
        let alice = PlayerId::new(1);
        let in_server = start(&store, 1, 2).await;
        let terminal = NewGame {
            guild_id: None,
            channel_id: None,
            ..new_game(1, 3)
        };
        let outside = insert(&store, &terminal).await;

        let mut write = store.write_vacation(alice, None).await.unwrap();
        write.start(NOW, NOW + DAY, 2023).await.unwrap();
        let ids: Vec<GameId> = write
            .game_clocks()
            .await
            .unwrap()
            .iter()
            .map(|c| c.id)
            .collect();
        assert_eq!(ids, [outside]);
        write.commit().await.unwrap();
        let away = store.vacation(alice, None).await.unwrap().unwrap();
        assert_eq!(away.guild_id, None);
        assert_eq!(store.vacation(alice, Some(GUILD)).await.unwrap(), None);
        let stored: Option<i64> = sqlx::query_scalar("SELECT guild_id FROM vacations")
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert_eq!(stored, None, "no number stands for no server");

        // One in a server beside it; a second outside any server is refused.
        let mut write = store.write_vacation(alice, Some(GUILD)).await.unwrap();
        write.start(NOW, NOW + DAY, 2023).await.unwrap();
        let ids: Vec<GameId> = write
            .game_clocks()
            .await
            .unwrap()
            .iter()
            .map(|c| c.id)
            .collect();
        assert_eq!(ids, [in_server]);
        write.commit().await.unwrap();
        let mut write = store.write_vacation(alice, None).await.unwrap();
        assert!(write.start(NOW + 1, NOW + DAY, 2023).await.is_err());
    }

    #[tokio::test]
    async fn the_upgrade_gives_the_vacations_outside_any_server_no_server() {
        use crate::store::test_support::pool_before;

        let (_dir, _, pool) = pool_before(24).await;
        sqlx::query("INSERT INTO players (id, name, created_at, updated_at) VALUES (1, 'a', 0, 0)")
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO vacations (player_id, guild_id, started_at, until_at, year)
             VALUES (1, 0, 0, 10, 2026), (1, 7, 0, 10, 2026)",
        )
        .execute(&pool)
        .await
        .unwrap();
        sqlx::migrate!().run(&pool).await.unwrap();
        let servers: Vec<Option<i64>> =
            sqlx::query_scalar("SELECT guild_id FROM vacations ORDER BY id")
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(servers, [None, Some(7)]);
    }
}
