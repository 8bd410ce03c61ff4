//! The one write of a new game: the game row (its players, terms and clock, stopped from the
//! start when its opener is away), what its start marks besides (the challenge accepted, the
//! AI's side, the tournament pairing) and what it owes the players, in one transaction.

use sqlx::{Sqlite, Transaction};

use super::clock::{BindClock, ClockTimes};
use super::outbox::{Owed, insert_owed};
use super::vacations::{Absence, absence};
use super::{
    ChallengeId, ChannelId, GameId, GuildId, MessageId, Millis, PlayerId, Store, StoreError,
    StoredLevel, TournamentId, Variant,
};

/// A game to start, as the service decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Places White's first tiles; White until a swap.
    pub opener_id: PlayerId,
    pub other_id: PlayerId,
    pub variant: Variant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<GuildId>,
    pub channel_id: Option<ChannelId>,
    /// Its clock as the service started it, the opener's first move due (the start saves the
    /// clock the service gives it instead when the opener is away).
    pub clock: ClockTimes,
    pub created_at: Millis,
    /// What its start marks besides (`None`: a game on its own).
    pub origin: Option<Origin>,
    /// The message its thread opens on, when the service knows it (the one clicked or posted
    /// for it); else its challenge's.
    pub anchor: Option<MessageId>,
}

/// What a new game's start marks besides the game, in the same transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// An open challenge accepted: it must still be open and unexpired at the game's creation,
    /// and is marked accepted and linked to the game; the game's thread opens on its recorded
    /// message unless the game names another.
    Challenge(ChallengeId),
    /// A game against the AI: which player it is, at which level.
    Ai(AiSide),
    /// A tournament's pairing in `round`.
    Pairing {
        tournament: TournamentId,
        round: i64,
    },
}

/// Which player of a new game is the AI, at which level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSide {
    pub player_id: PlayerId,
    pub level: StoredLevel,
}

/// What a new game owes the players, as the service decides it: given the game, its id and
/// the message its challenge was shown on (if any).
pub trait OwedByStart: Fn(&NewGame, GameId, Option<MessageId>) -> Vec<Owed> {}
impl<F: Fn(&NewGame, GameId, Option<MessageId>) -> Vec<Owed>> OwedByStart for F {}

/// The clock a new game starts with when its opener, the player to move, has a vacation going
/// on (its days used or not) where it is played, as the service decides it.
pub trait ClockIfAway: Fn(&NewGame, &Absence) -> ClockTimes {}
impl<F: Fn(&NewGame, &Absence) -> ClockTimes> ClockIfAway for F {}

impl Store {
    /// Starts `game` with what `owed` says it owes and the clock `if_away` gives it when its
    /// opener has a vacation going on there, in one transaction. `None` when its challenge was no longer open
    /// (someone else answered first, it expired or was closed).
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn start_game(
        &self,
        game: &NewGame,
        owed: impl OwedByStart,
        if_away: impl ClockIfAway,
    ) -> Result<Option<GameId>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let id = insert_new_game(&mut tx, game, &owed, &if_away).await?;
        if id.is_some() {
            tx.commit().await?;
        }
        Ok(id)
    }
}

/// [`Store::start_game`] inside a caller's transaction (a tournament's rounds start several).
#[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
pub(super) async fn insert_new_game(
    tx: &mut Transaction<'static, Sqlite>,
    game: &NewGame,
    owed: &impl OwedByStart,
    if_away: &impl ClockIfAway,
) -> Result<Option<GameId>, StoreError> {
    if let Some(Origin::Challenge(challenge)) = game.origin {
        let taken = sqlx::query(
            "UPDATE challenges SET status = 'accepted', updated_at = ?1
             WHERE id = ?2 AND status = 'open' AND expires_at > ?1",
        )
        .bind(game.created_at)
        .bind(challenge)
        .execute(&mut **tx)
        .await?;
        if taken.rows_affected() == 0 {
            return Ok(None);
        }
    }
    let tournament = match game.origin {
        Some(Origin::Pairing { tournament, .. }) => Some(tournament),
        _ => None,
    };
    let away = absence(tx, game.opener_id, game.guild_id, tournament).await?;
    let clock = away.map_or(game.clock, |away| if_away(game, &away));
    let id = insert_game(tx, game, clock).await?;
    let recorded: Option<MessageId> = match game.origin {
        Some(Origin::Challenge(challenge)) => sqlx::query_scalar(
            "UPDATE challenges SET game_id = ? WHERE id = ? RETURNING message_id",
        )
        .bind(id)
        .bind(challenge)
        .fetch_all(&mut **tx)
        .await?
        .pop()
        .ok_or(sqlx::Error::RowNotFound)?,
        _ => None,
    };
    insert_owed(tx, &owed(game, id, recorded), game.created_at).await?;
    Ok(Some(id))
}

/// Starts a game inside a caller's transaction with `clock` (with the AI's side or the
/// tournament pairing its origin names); returns its id.
#[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
pub(super) async fn insert_game(
    tx: &mut Transaction<'static, Sqlite>,
    game: &NewGame,
    clock: ClockTimes,
) -> Result<GameId, StoreError> {
    let (ai, tournament) = match game.origin {
        Some(Origin::Ai(side)) => (Some(side), None),
        Some(Origin::Pairing { tournament, round }) => (None, Some((tournament, round))),
        Some(Origin::Challenge(_)) | None => (None, None),
    };
    Ok(sqlx::query_scalar(
        "INSERT INTO games (opener_id, other_id, white_id, red_id, variant, move_seconds,
             rated, guild_id, channel_id, to_move_id, deadline_at, remind_at, paused_until,
             paused_deadline_in, paused_remind_in, created_at, updated_at, ai_player_id,
             ai_level, tournament_id, tournament_round)
         VALUES (?1, ?2, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?1, ?8, ?9, ?10, ?11, ?12, ?13, ?13, ?14,
             ?15, ?16, ?17)
         RETURNING id",
    )
    .bind(game.opener_id)
    .bind(game.other_id)
    .bind(game.variant)
    .bind(game.move_seconds)
    .bind(game.rated)
    .bind(game.guild_id)
    .bind(game.channel_id)
    .bind_clock(clock)
    .bind(game.created_at)
    .bind(ai.map(|side| side.player_id))
    .bind(ai.map(|side| side.level))
    .bind(tournament.map(|(id, _)| id))
    .bind(tournament.map(|(_, round)| round))
    .fetch_all(&mut **tx)
    .await?
    .pop()
    .ok_or(sqlx::Error::RowNotFound)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{
        NOW, due, kept_if_away, new_challenge, new_game, new_tournament, number, owing_start,
        store_with_players,
    };
    use crate::store::{ChallengeStatus, NewRound, StoredFormat};

    #[tokio::test]
    async fn a_game_its_challenge_and_what_it_owes_are_saved_together() {
        let (_dir, store) = store_with_players().await;
        let challenge = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        store
            .set_challenge_message(challenge, 55.into())
            .await
            .unwrap();
        let game = NewGame {
            origin: Some(Origin::Challenge(challenge)),
            ..new_game(2, 1)
        };
        let id = store
            .start_game(&game, owing_start, kept_if_away)
            .await
            .unwrap()
            .expect("an open challenge starts its game");
        let row = store.challenge(challenge).await.unwrap().unwrap();
        assert_eq!(
            (row.status, row.game_id),
            (ChallengeStatus::Accepted, Some(id))
        );
        let owed: Vec<Owed> = due(&store, NOW + 1, 10)
            .await
            .iter()
            .map(|d| d.owed)
            .collect();
        assert_eq!(
            owed,
            [Owed::Started {
                game: id,
                anchor: Some(55.into())
            }],
            "the thread opens on the challenge's message"
        );
    }

    #[tokio::test]
    async fn a_failure_in_the_middle_of_a_start_saves_nothing() {
        let (_dir, store) = store_with_players().await;
        let challenge = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        // The challenge is taken, then the game refers to a player who does not exist.
        let game = NewGame {
            origin: Some(Origin::Challenge(challenge)),
            ..new_game(1, 999)
        };
        assert!(
            store
                .start_game(&game, owing_start, kept_if_away)
                .await
                .is_err()
        );
        let row = store.challenge(challenge).await.unwrap().unwrap();
        assert_eq!((row.status, row.game_id), (ChallengeStatus::Open, None));
        assert_eq!(number(&store, "SELECT COUNT(*) FROM games").await, 0);
        assert_eq!(number(&store, "SELECT COUNT(*) FROM outbox").await, 0);

        // A round whose second pairing fails leaves the tournament, the first game and every
        // item owed unsaved.
        let tournament = store
            .create_tournament(&new_tournament(StoredFormat::RoundRobin))
            .await
            .unwrap();
        let pairing = |opener: i64, other: i64| NewGame {
            origin: Some(Origin::Pairing {
                tournament,
                round: 1,
            }),
            ..new_game(opener, other)
        };
        let round = NewRound {
            round: 1,
            games: vec![pairing(1, 2), pairing(3, 999)],
            bye: None,
        };
        let round_owed = [Owed::Round {
            tournament,
            round: 1,
        }];
        let started = store
            .start_rounds(
                tournament,
                0,
                &[],
                &[round],
                &round_owed,
                owing_start,
                kept_if_away,
                NOW,
            )
            .await;
        assert!(started.is_err());
        assert_eq!(number(&store, "SELECT COUNT(*) FROM games").await, 0);
        assert_eq!(number(&store, "SELECT COUNT(*) FROM outbox").await, 0);
        let row = store.tournament(tournament).await.unwrap().unwrap();
        assert_eq!(row.current_round, 0);
    }

    #[tokio::test]
    async fn a_pairing_and_an_ai_side_are_marked_on_their_game() {
        let (_dir, store) = store_with_players().await;
        let tournament = store
            .create_tournament(&new_tournament(StoredFormat::RoundRobin))
            .await
            .unwrap();
        let paired = NewGame {
            origin: Some(Origin::Pairing {
                tournament,
                round: 2,
            }),
            ..new_game(1, 2)
        };
        let id = store
            .start_game(&paired, owing_start, kept_if_away)
            .await
            .unwrap()
            .unwrap();
        let row = store.game(id).await.unwrap().unwrap();
        assert_eq!(
            (row.tournament_id, row.tournament_round),
            (Some(tournament), Some(2))
        );
        let side = AiSide {
            player_id: PlayerId::new(2),
            level: StoredLevel::Medium,
        };
        let against_ai = NewGame {
            origin: Some(Origin::Ai(side)),
            ..new_game(2, 1)
        };
        let id = store
            .start_game(&against_ai, owing_start, kept_if_away)
            .await
            .unwrap()
            .unwrap();
        let row = store.game(id).await.unwrap().unwrap();
        assert_eq!(
            (row.ai_player_id, row.ai_level, row.tournament_id),
            (Some(PlayerId::new(2)), Some(StoredLevel::Medium), None)
        );
    }
}
