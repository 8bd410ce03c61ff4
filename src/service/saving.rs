//! The one path of a saved change to a game: what it owes the players is decided here, saved
//! with it in one transaction, and what follows every saved change (waking the delivery
//! worker and the AI, remembering the position, moving a tournament on) is done once.

use std::sync::Arc;

use super::views::Position;
use super::{GameView, Millis, Service, telemetry};
use crate::store::{GameChange, GameRow, GameStatus, GameWrite, Owed, StoreError};

impl Service {
    /// Saves `change` to the game being written, leading to `position`, with what it owes the
    /// players; then wakes whoever the change concerns and, when it ended the game, moves its
    /// tournament on. Moves, resignations, aborts and losses on time all come through here.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game changed since it was read; database failures.
    pub(super) async fn save_game_change(
        &self,
        write: GameWrite<'_>,
        change: GameChange,
        position: Arc<Position>,
        now: Millis,
    ) -> Result<GameView, StoreError> {
        let owed = owed_by(&write.game, &change);
        let started = std::time::Instant::now();
        let saved = write.commit(&change, &owed, now).await?;
        metrics::histogram!(telemetry::GAME_WRITE_SECONDS).record(started.elapsed());
        metrics::counter!(telemetry::MOVES_SAVED).increment(change.moves.len() as u64);
        if !owed.is_empty() {
            self.outbox_changed();
        }
        if saved.game.ai_player_id.is_some() {
            self.ai_turn.notify_one();
        }
        self.remember(&saved.game, position.clone());
        let view = GameView::new(saved.game, &position);
        if view.is_over() {
            self.after_game_ended(view.id).await;
        }
        Ok(view)
    }
}

/// What a change to a game owes the players: where the game is shown, the board after its
/// moves (or, with none, the end it made); and when it ends a tournament game, the standings.
fn owed_by(before: &GameRow, change: &GameChange) -> Vec<Owed> {
    let game = before.id;
    let moves = change.moves.len() as i64;
    let ends = before.status == GameStatus::Active && change.update.status != GameStatus::Active;
    let mut owed = Vec::new();
    if before.channel_id.is_some() {
        if moves > 0 {
            owed.push(Owed::Moved {
                game,
                first: before.plies + 1,
                last: before.plies + moves,
            });
        } else if ends {
            owed.push(Owed::Ended {
                game,
                ply: before.plies,
            });
        }
    }
    if let (Some(tournament), true) = (before.tournament_id, ends) {
        owed.push(Owed::Standings { tournament });
    }
    owed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{GameId, PlayerId, TournamentId};
    use crate::store::{ClockTimes, EndReason, GameUpdate, NewMove, Winner};

    fn row(channel: Option<i64>, tournament: Option<i64>) -> GameRow {
        let tournament = tournament.map(TournamentId);
        GameRow {
            id: GameId(5),
            opener_id: PlayerId(1),
            other_id: PlayerId(2),
            white_id: PlayerId(1),
            red_id: PlayerId(2),
            white_name: "alice".into(),
            red_name: "bob".into(),
            variant: crate::game::Variant::unlimited(12).unwrap(),
            move_seconds: None,
            rated: true,
            status: GameStatus::Active,
            winner: None,
            end_reason: None,
            guild_id: Some(7),
            channel_id: channel,
            thread_id: None,
            plies: 10,
            to_move_id: Some(PlayerId(1)),
            clock: ClockTimes::default(),
            rating_applied: false,
            version: 3,
            created_at: 0,
            updated_at: 0,
            last_move_seen_at: None,
            ai_player_id: None,
            ai_level: None,
            tournament_id: tournament,
            tournament_round: tournament.map(|_| 1),
        }
    }

    fn change(moves: usize, status: GameStatus) -> GameChange {
        let mv = NewMove {
            player_id: PlayerId(1),
            notation: "pass".into(),
            forced: true,
        };
        GameChange {
            moves: vec![mv; moves],
            update: GameUpdate {
                white_id: PlayerId(1),
                red_id: PlayerId(2),
                status,
                winner: (status == GameStatus::Finished).then_some(Winner::White),
                end_reason: (status == GameStatus::Finished).then_some(EndReason::Score),
                to_move_id: None,
                clock: ClockTimes::default(),
                rated: true,
            },
        }
    }

    #[test]
    fn moves_owe_the_board_covering_every_ply_they_append() {
        let owed = owed_by(&row(Some(70), None), &change(2, GameStatus::Active));
        let moved = Owed::Moved {
            game: GameId(5),
            first: 11,
            last: 12,
        };
        assert_eq!(owed, [moved]);
    }

    #[test]
    fn an_end_without_a_move_owes_the_end_and_a_tournament_its_standings() {
        let ended = Owed::Ended {
            game: GameId(5),
            ply: 10,
        };
        let standings = Owed::Standings {
            tournament: TournamentId(9),
        };
        let aborted = change(0, GameStatus::Aborted);
        assert_eq!(owed_by(&row(Some(70), None), &aborted), [ended]);
        assert_eq!(
            owed_by(&row(Some(70), Some(9)), &aborted),
            [ended, standings]
        );
        // A last move that ends the game: its board (which shows the result), then standings.
        let last = owed_by(&row(Some(70), Some(9)), &change(1, GameStatus::Finished));
        assert_eq!(last[1], standings);
        assert!(matches!(
            last[0],
            Owed::Moved {
                first: 11,
                last: 11,
                ..
            }
        ));
    }

    #[test]
    fn a_game_shown_nowhere_owes_nothing_but_its_tournament_standings() {
        let nowhere = row(None, None);
        assert_eq!(owed_by(&nowhere, &change(1, GameStatus::Active)), []);
        assert_eq!(owed_by(&nowhere, &change(0, GameStatus::Finished)), []);
        let standings = Owed::Standings {
            tournament: TournamentId(9),
        };
        let in_tournament = row(None, Some(9));
        assert_eq!(
            owed_by(&in_tournament, &change(0, GameStatus::Finished)),
            [standings]
        );
        // A game over already (another writer ended it) owes no second standings.
        let over = GameRow {
            status: GameStatus::Finished,
            ..row(Some(70), Some(9))
        };
        assert_eq!(owed_by(&over, &change(0, GameStatus::Finished)), []);
    }
}
