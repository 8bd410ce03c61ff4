//! Tournaments (`tournaments`, `tournament_entrants`, `tournament_byes`, and the tournament
//! columns of `games`): sign-up, entrants, and rounds started in one transaction each.

use super::game_start::{ClockIfAway, NewGame, Origin, OwedByStart, insert_new_game};
use super::outbox::{Owed, insert_owed};
use super::{GameId, Millis, PlayerId, Store, StoreError, TournamentId, Variant};
use crate::ids::{ChannelId, GuildId, MessageId};
use sqlx::{Sqlite, Transaction};

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "lowercase")]
pub enum TournamentStatus {
    Signup,
    Running,
    Finished,
    Cancelled,
}

/// How a tournament is played, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::Type)]
#[sqlx(rename_all = "snake_case")]
pub enum StoredFormat {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
}

/// A new tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTournament {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub name: String,
    pub format: StoredFormat,
    pub swiss_rounds: Option<i64>,
    pub variant: Variant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub organiser_id: PlayerId,
    pub signup_deadline_at: Option<Millis>,
    /// Whether its games stand still while a player is away on vacation.
    pub vacations_pause: bool,
    pub created_at: Millis,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentRow {
    pub id: TournamentId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub name: String,
    pub format: StoredFormat,
    pub swiss_rounds: Option<i64>,
    pub variant: Variant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub organiser_id: PlayerId,
    pub status: TournamentStatus,
    pub signup_deadline_at: Option<Millis>,
    pub current_round: i64,
    pub signup_message_id: Option<MessageId>,
    pub standings_message_id: Option<MessageId>,
    pub created_at: Millis,
}

/// An entrant, with the name players know them by.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EntrantRow {
    pub player_id: PlayerId,
    pub name: String,
    /// 1 for the first seed; `None` before the start.
    pub seed: Option<i64>,
    /// The round after which they withdrew; `None` while still in.
    pub withdrawn_after: Option<i64>,
}

/// A tournament game: its round and game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TournamentGameRow {
    pub round: i64,
    pub game_id: GameId,
}

/// A round to start: its games (each announced, its thread opened by the delivery worker) and
/// its bye or sit-out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRound {
    pub round: i64,
    pub games: Vec<NewGame>,
    pub bye: Option<PlayerId>,
}

const SELECT_TOURNAMENT: &str = "SELECT id, guild_id, channel_id, name, format, swiss_rounds, \
     variant, move_seconds, rated, organiser_id, status, signup_deadline_at, current_round, \
     signup_message_id, standings_message_id, created_at FROM tournaments";

impl Store {
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn create_tournament(&self, t: &NewTournament) -> Result<TournamentId, StoreError> {
        Ok(sqlx::query_scalar(
            "INSERT INTO tournaments (guild_id, channel_id, name, format, swiss_rounds, variant,
                 move_seconds, rated, organiser_id, signup_deadline_at, vacations_pause,
                 created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             RETURNING id",
        )
        .bind(t.guild_id)
        .bind(t.channel_id)
        .bind(&t.name)
        .bind(t.format)
        .bind(t.swiss_rounds)
        .bind(t.variant)
        .bind(t.move_seconds)
        .bind(t.rated)
        .bind(t.organiser_id)
        .bind(t.signup_deadline_at)
        .bind(t.vacations_pause)
        .bind(t.created_at)
        .bind(t.created_at)
        .fetch_all(&self.pool)
        .await?
        .pop()
        .ok_or(sqlx::Error::RowNotFound)?)
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn tournament(&self, id: TournamentId) -> Result<Option<TournamentRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, TournamentRow>(&format!("{SELECT_TOURNAMENT} WHERE id = ?"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// A server's tournaments that are not over, oldest first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn open_tournaments(&self, guild: GuildId) -> Result<Vec<TournamentRow>, StoreError> {
        Ok(sqlx::query_as::<_, TournamentRow>(&format!(
            "{SELECT_TOURNAMENT} WHERE guild_id = ? AND status IN ('signup', 'running') ORDER BY id"
        ))
        .bind(guild)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Tournaments in sign-up whose deadline has come.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn signups_due(&self, now: Millis) -> Result<Vec<TournamentRow>, StoreError> {
        Ok(sqlx::query_as::<_, TournamentRow>(&format!(
            "{SELECT_TOURNAMENT} WHERE status = 'signup' AND signup_deadline_at <= ? ORDER BY id"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Running tournaments (for resuming their rounds after a restart).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn running_tournaments(&self) -> Result<Vec<TournamentId>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT id FROM tournaments WHERE status = 'running' ORDER BY id")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Adds `player` while sign-up is open; `false` when they had already joined or sign-up is
    /// closed.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn join_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let added = sqlx::query(
            "INSERT INTO tournament_entrants (tournament_id, player_id, joined_at)
             SELECT id, ?, ? FROM tournaments WHERE id = ? AND status = 'signup'
             ON CONFLICT DO NOTHING",
        )
        .bind(player)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(added.rows_affected() == 1)
    }

    /// Removes `player` while sign-up is open; `false` when they were not in it or sign-up is
    /// closed.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn leave_tournament(
        &self,
        id: TournamentId,
        player: PlayerId,
    ) -> Result<bool, StoreError> {
        let removed = sqlx::query(
            "DELETE FROM tournament_entrants WHERE tournament_id = ? AND player_id = ?
             AND (SELECT status FROM tournaments WHERE id = tournament_id) = 'signup'",
        )
        .bind(id)
        .bind(player)
        .execute(&self.pool)
        .await?;
        Ok(removed.rows_affected() == 1)
    }

    /// The entrants, by seed once there are seeds, else in the order they joined.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn entrants(&self, id: TournamentId) -> Result<Vec<EntrantRow>, StoreError> {
        Ok(sqlx::query_as::<_, EntrantRow>(
            "SELECT e.player_id, p.name, e.seed, e.withdrawn_after
             FROM tournament_entrants e JOIN players p ON p.id = e.player_id
             WHERE e.tournament_id = ?
             ORDER BY e.seed IS NULL, e.seed, e.joined_at, e.player_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Starts `rounds` (all of a round robin's, or a Swiss's next one) after round `after`, in
    /// one transaction: what `owed` says the start owes, each game as
    /// [`Store::start_game`] starts one (linked to its round, with what `owed_by_game` says it
    /// owes and the clock `if_away` gives it), the byes, the seeds when given (the first
    /// start), and the tournament's round and status. Returns the new games, or `None` when
    /// the tournament had already moved past round `after` (another writer started them).
    /// A first start whose `seeds` are not exactly the entrants is a [`StoreError::Conflict`].
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    // The inputs of one transaction, each used once; a struct would only rename them.
    #[allow(clippy::too_many_arguments)]
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn start_rounds(
        &self,
        id: TournamentId,
        after: i64,
        seeds: &[(PlayerId, i64)],
        rounds: &[NewRound],
        owed: &[Owed],
        owed_by_game: impl OwedByStart,
        if_away: impl ClockIfAway,
        now: Millis,
    ) -> Result<Option<Vec<GameId>>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let last = rounds.last().map_or(after, |r| r.round);
        let moved = sqlx::query(
            "UPDATE tournaments SET current_round = ?, status = 'running', updated_at = ?
             WHERE id = ? AND current_round = ? AND status IN ('signup', 'running')",
        )
        .bind(last)
        .bind(now)
        .bind(id)
        .bind(after)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() == 0 {
            return Ok(None);
        }
        seed(&mut tx, id, seeds).await?;
        insert_owed(&mut tx, owed, now).await?;
        let mut started = Vec::new();
        for round in rounds {
            started.extend(insert_round(&mut tx, id, round, &owed_by_game, &if_away).await?);
        }
        tx.commit().await?;
        Ok(Some(started))
    }

    /// The tournament's games, by round.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn tournament_games(
        &self,
        id: TournamentId,
    ) -> Result<Vec<TournamentGameRow>, StoreError> {
        Ok(sqlx::query_as::<_, TournamentGameRow>(
            "SELECT tournament_round AS round, id AS game_id FROM games
             WHERE tournament_id = ? ORDER BY tournament_round, id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// How many of the tournament's games are still going.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn tournament_games_going(&self, id: TournamentId) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE tournament_id = ? AND status = 'active'",
        )
        .bind(id)
        .fetch_one(&self.pool)
        .await?)
    }

    /// The byes and sit-outs: (round, player).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn tournament_byes(
        &self,
        id: TournamentId,
    ) -> Result<Vec<(i64, PlayerId)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT round, player_id FROM tournament_byes WHERE tournament_id = ? ORDER BY round",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The tournament a game belongs to, if any.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn tournament_of(&self, game: GameId) -> Result<Option<TournamentId>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT tournament_id FROM games WHERE id = ?")
                .bind(game)
                .fetch_optional(&self.pool)
                .await?
                .flatten(),
        )
    }

    /// Marks `player` withdrawn after round `after`; `false` when they were not in it or had
    /// already withdrawn.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn withdraw_entrant(
        &self,
        id: TournamentId,
        player: PlayerId,
        after: i64,
    ) -> Result<bool, StoreError> {
        let marked = sqlx::query(
            "UPDATE tournament_entrants SET withdrawn_after = ?
             WHERE tournament_id = ? AND player_id = ? AND withdrawn_after IS NULL",
        )
        .bind(after)
        .bind(id)
        .bind(player)
        .execute(&self.pool)
        .await?;
        Ok(marked.rows_affected() == 1)
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_signup_message(
        &self,
        id: TournamentId,
        message: MessageId,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET signup_message_id = ? WHERE id = ?")
            .bind(message)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_standings_message(
        &self,
        id: TournamentId,
        message: MessageId,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE tournaments SET standings_message_id = ? WHERE id = ?")
            .bind(message)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends a running or signing-up tournament as `status` (finished or cancelled); `false`
    /// when it was already over. What `owed` says the end owes is saved in the same transaction.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn end_tournament(
        &self,
        id: TournamentId,
        status: TournamentStatus,
        owed: &[Owed],
        now: Millis,
    ) -> Result<bool, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let ended = sqlx::query(
            "UPDATE tournaments SET status = ?, updated_at = ?
             WHERE id = ? AND status IN ('signup', 'running')",
        )
        .bind(status)
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if ended.rows_affected() == 0 {
            return Ok(false);
        }
        insert_owed(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Writes the `seeds` of tournament `id` (none: not its first start) in the caller's
/// transaction. The seeds were made from the entrants as the caller read them: someone who
/// joined or left since (a click at the moment sign-up closes) is a [`StoreError::Conflict`],
/// and the caller starts over.
async fn seed(
    tx: &mut Transaction<'static, Sqlite>,
    id: TournamentId,
    seeds: &[(PlayerId, i64)],
) -> Result<(), StoreError> {
    if seeds.is_empty() {
        return Ok(());
    }
    let mut entrants: Vec<PlayerId> =
        sqlx::query_scalar("SELECT player_id FROM tournament_entrants WHERE tournament_id = ?")
            .bind(id)
            .fetch_all(&mut **tx)
            .await?;
    let mut seeded: Vec<PlayerId> = seeds.iter().map(|(p, _)| *p).collect();
    entrants.sort_unstable();
    seeded.sort_unstable();
    if entrants != seeded {
        return Err(StoreError::Conflict);
    }
    for (player, seed) in seeds {
        sqlx::query(
            "UPDATE tournament_entrants SET seed = ? WHERE tournament_id = ? AND player_id = ?",
        )
        .bind(seed)
        .bind(id)
        .bind(player)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Starts `round`'s games of tournament `id` (each as [`Store::start_game`] starts one,
/// linked to the round) and records its bye, in the caller's transaction; the new games.
async fn insert_round(
    tx: &mut Transaction<'static, Sqlite>,
    id: TournamentId,
    round: &NewRound,
    owed_by_game: &impl OwedByStart,
    if_away: &impl ClockIfAway,
) -> Result<Vec<GameId>, StoreError> {
    let pairing = Some(Origin::Pairing {
        tournament: id,
        round: round.round,
    });
    let mut started = Vec::new();
    for game in &round.games {
        let game = NewGame {
            origin: pairing,
            ..game.clone()
        };
        started.extend(insert_new_game(tx, &game, owed_by_game, if_away).await?);
    }
    if let Some(player) = round.bye {
        sqlx::query(
            "INSERT INTO tournament_byes (tournament_id, round, player_id) VALUES (?, ?, ?)",
        )
        .bind(id)
        .bind(round.round)
        .bind(player)
        .execute(&mut **tx)
        .await?;
    }
    Ok(started)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::ClockTimes;
    use crate::store::test_support::{
        CHANNEL, GUILD, NOW, VARIANT, due, kept_if_away, new_tournament, owing_nothing,
        owing_start, store_with_players,
    };

    fn game(opener: i64, other: i64) -> NewGame {
        NewGame {
            opener_id: PlayerId::new(opener),
            other_id: PlayerId::new(other),
            variant: VARIANT,
            move_seconds: Some(86_400),
            rated: true,
            guild_id: Some(GUILD),
            channel_id: Some(CHANNEL),
            clock: ClockTimes::default(),
            created_at: NOW,
            origin: None,
            anchor: None,
        }
    }

    #[tokio::test]
    async fn sign_up_is_open_until_the_start() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .create_tournament(&new_tournament(StoredFormat::Swiss))
            .await
            .unwrap();
        assert!(
            store
                .join_tournament(id, PlayerId::new(2), NOW)
                .await
                .unwrap()
        );
        assert!(
            !store
                .join_tournament(id, PlayerId::new(2), NOW)
                .await
                .unwrap(),
            "twice"
        );
        assert!(
            store
                .join_tournament(id, PlayerId::new(3), NOW + 1)
                .await
                .unwrap()
        );
        assert!(
            store
                .join_tournament(id, PlayerId::new(1), NOW + 2)
                .await
                .unwrap()
        );
        assert!(store.leave_tournament(id, PlayerId::new(1)).await.unwrap());
        assert!(!store.leave_tournament(id, PlayerId::new(1)).await.unwrap());
        let names: Vec<String> = store
            .entrants(id)
            .await
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["bob", "carol"]);
        assert_eq!(store.signups_due(NOW + 999).await.unwrap().len(), 0);
        assert_eq!(store.signups_due(NOW + 1000).await.unwrap()[0].id, id);

        let round = NewRound {
            round: 1,
            games: vec![game(3, 2)],
            bye: None,
        };
        let owed = [Owed::Round {
            tournament: id,
            round: 1,
        }];
        let started = store
            .start_rounds(
                id,
                0,
                &[(PlayerId::new(3), 1), (PlayerId::new(2), 2)],
                &[round],
                &owed,
                owing_start,
                kept_if_away,
                NOW + 5,
            )
            .await
            .unwrap()
            .expect("round 1 starts");
        assert_eq!(started.len(), 1);
        // Saved with the start: what the service said it owes.
        let saved: Vec<Owed> = due(&store, NOW + 5, 10)
            .await
            .iter()
            .map(|d| d.owed)
            .collect();
        let started_game = Owed::Started {
            game: started[0],
            anchor: None,
        };
        assert_eq!(saved, [owed[0], started_game]);
        // Sign-up is closed: nobody joins or leaves now.
        assert!(
            !store
                .join_tournament(id, PlayerId::new(1), NOW + 6)
                .await
                .unwrap()
        );
        assert!(!store.leave_tournament(id, PlayerId::new(2)).await.unwrap());
        let row = store.tournament(id).await.unwrap().unwrap();
        assert_eq!(row.status, TournamentStatus::Running);
        assert_eq!(row.current_round, 1);
        let seeded: Vec<(PlayerId, Option<i64>)> = store
            .entrants(id)
            .await
            .unwrap()
            .into_iter()
            .map(|e| (e.player_id, e.seed))
            .collect();
        assert_eq!(
            seeded,
            [(PlayerId::new(3), Some(1)), (PlayerId::new(2), Some(2))]
        );
        assert_eq!(store.tournament_of(started[0]).await.unwrap(), Some(id));
        assert_eq!(
            store.tournament_games(id).await.unwrap(),
            [TournamentGameRow {
                round: 1,
                game_id: started[0]
            }]
        );
    }

    /// A start whose seeds miss someone who joined meanwhile writes nothing and says so.
    #[tokio::test]
    async fn a_start_with_stale_entrants_is_a_conflict() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .create_tournament(&new_tournament(StoredFormat::Swiss))
            .await
            .unwrap();
        for player in [1, 2].map(PlayerId::new) {
            store.join_tournament(id, player, NOW).await.unwrap();
        }
        // Seeds made from {1, 2}; then 3 joins before the start is written.
        store
            .join_tournament(id, PlayerId::new(3), NOW + 1)
            .await
            .unwrap();
        let round = NewRound {
            round: 1,
            games: vec![game(1, 2)],
            bye: None,
        };
        let stale = store
            .start_rounds(
                id,
                0,
                &[(PlayerId::new(1), 1), (PlayerId::new(2), 2)],
                &[round],
                &[],
                owing_nothing,
                kept_if_away,
                NOW + 2,
            )
            .await;
        assert!(matches!(stale, Err(StoreError::Conflict)), "{stale:?}");
        let row = store.tournament(id).await.unwrap().unwrap();
        assert_eq!(
            (row.status, row.current_round),
            (TournamentStatus::Signup, 0)
        );
        assert!(store.tournament_games(id).await.unwrap().is_empty());
    }

    /// Two writers that both saw round 1 finished start round 2 once.
    #[tokio::test]
    async fn a_round_starts_once() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .create_tournament(&new_tournament(StoredFormat::Swiss))
            .await
            .unwrap();
        for player in [1, 2, 3].map(PlayerId::new) {
            store.join_tournament(id, player, NOW).await.unwrap();
        }
        let round = |n: i64, bye: PlayerId| NewRound {
            round: n,
            games: vec![game(1, 2)],
            bye: Some(bye),
        };
        store
            .start_rounds(
                id,
                0,
                &[],
                &[round(1, PlayerId::new(3))],
                &[],
                owing_nothing,
                kept_if_away,
                NOW,
            )
            .await
            .unwrap()
            .unwrap();
        let (one, other) = ([round(2, PlayerId::new(2))], [round(2, PlayerId::new(1))]);
        let (first, second) = tokio::join!(
            store.start_rounds(id, 1, &[], &one, &[], owing_nothing, kept_if_away, NOW + 1),
            store.start_rounds(
                id,
                1,
                &[],
                &other,
                &[],
                owing_nothing,
                kept_if_away,
                NOW + 1
            ),
        );
        let started = [first.unwrap(), second.unwrap()];
        assert_eq!(started.iter().filter(|s| s.is_some()).count(), 1);
        assert_eq!(store.tournament_games(id).await.unwrap().len(), 2);
        assert_eq!(store.tournament_byes(id).await.unwrap().len(), 2);
        assert!(
            store
                .withdraw_entrant(id, PlayerId::new(3), 2)
                .await
                .unwrap()
        );
        assert!(
            !store
                .withdraw_entrant(id, PlayerId::new(3), 2)
                .await
                .unwrap()
        );
        assert!(
            store
                .end_tournament(id, TournamentStatus::Finished, &[], NOW + 2)
                .await
                .unwrap()
        );
        assert!(
            !store
                .end_tournament(id, TournamentStatus::Cancelled, &[], NOW + 3)
                .await
                .unwrap()
        );
    }
}
