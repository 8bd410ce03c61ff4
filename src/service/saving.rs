//! The one path of a saved change to a game, and the one start of a game: what each owes the
//! players is decided here, saved with it in one transaction, and what follows (waking the
//! delivery worker and the AI, remembering the position, moving a tournament on) is done once.

use std::sync::Arc;

use super::correspondence_clock::CorrespondenceClock;
use super::move_log::Position;
use super::ratings::rate;
use super::vacations::new_clock_if_away;
use super::{GameId, GameView, MessageId, Millis, PlayerId, Service, Venue, telemetry};
use crate::game::{Color, Variant};
use crate::store::{
    ClockTimes, EndReason, GameChange, GameRow, GameStatus, GameUpdate, GameWrite, NewGame,
    NewRound, Origin, Owed, StoreError, TournamentId, Winner,
};

/// A game about to start, as a use case found it: who plays, on what terms, where, and what
/// its start marks besides (the challenge accepted, the AI's side, the pairing).
#[derive(Clone, Copy, Debug)]
pub(super) struct GameTerms {
    /// Places White's first tiles.
    pub opener: PlayerId,
    pub other: PlayerId,
    pub variant: Variant,
    pub move_seconds: Option<i64>,
    /// Whether the offer was rated.
    pub rated: bool,
    pub venue: Venue,
    pub origin: Origin,
    /// The message its thread opens on, when known (clicked or posted for it).
    pub anchor: Option<MessageId>,
}

/// A new game as its start decides it: rated as offered, except against the AI (whose games
/// count for no one's rating); its clock running from `now` for the opener, except when the
/// AI opens (its moves are never on the clock).
pub(super) fn new_game(terms: GameTerms, now: Millis) -> NewGame {
    let against_ai = match terms.origin {
        Origin::Ai(side) => Some(side.player_id),
        Origin::Challenge(_) | Origin::Pairing { .. } => None,
    };
    let clock = CorrespondenceClock::new(terms.move_seconds);
    let clock = if against_ai == Some(terms.opener) {
        clock
    } else {
        clock.start(now)
    };
    NewGame {
        opener_id: terms.opener,
        other_id: terms.other,
        variant: terms.variant,
        move_seconds: terms.move_seconds,
        rated: terms.rated && against_ai.is_none(),
        guild_id: terms.venue.guild_id,
        channel_id: terms.venue.channel_id,
        clock: clock.times(),
        created_at: now,
        origin: Some(terms.origin),
        anchor: terms.anchor,
    }
}

/// How a game ends.
#[derive(Clone, Copy, Debug)]
pub(super) enum Ending {
    /// With a result: `winner` (`None`: a draw) by `reason`.
    Decided {
        winner: Option<Color>,
        reason: EndReason,
    },
    /// Called off: no result, and unrated.
    Aborted,
}

impl Ending {
    /// The state of a game `rated` or not that ends so, White and Red played by `players`:
    /// no one to move and no clock.
    pub(super) fn update(self, players: [PlayerId; 2], rated: bool) -> GameUpdate {
        let (status, winner, reason, rated) = match self {
            Ending::Decided { winner, reason } => (
                GameStatus::Finished,
                Some(Winner::from(winner)),
                reason,
                rated,
            ),
            Ending::Aborted => (GameStatus::Aborted, None, EndReason::Abort, false),
        };
        GameUpdate {
            white_id: players[0],
            red_id: players[1],
            status,
            winner,
            end_reason: Some(reason),
            to_move_id: None,
            clock: ClockTimes::default(),
            rated,
        }
    }
}

/// What a new game owes the players: where it is shown, its thread (on the message named for
/// it, else on its challenge's `recorded` one) with its first board, which names who moves.
fn owed_by_start(game: &NewGame, id: GameId, recorded: Option<MessageId>) -> Vec<Owed> {
    let shown = game.channel_id.is_some();
    let anchor = game.anchor.or(recorded);
    shown
        .then_some(Owed::Started { game: id, anchor })
        .into_iter()
        .collect()
}

impl Service {
    /// Game `game`'s versions saved from now on (moves, the AI's too, resignations, losses on
    /// time), as they are saved: the receiver holds the latest (-1 until the first).
    pub fn watch_game(&self, game: GameId) -> tokio::sync::watch::Receiver<i64> {
        self.watchers.watch(game)
    }

    /// Saves `change` to the game being written, leading to `position`, with what it owes the
    /// players and, when it decides a rated game, the players' new ratings; then wakes whoever
    /// the change concerns and, when it ended the game, moves its tournament on. Moves,
    /// resignations, aborts and losses on time all come through here.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game changed since it was read; database failures.
    pub(super) async fn save_game_change(
        &self,
        mut write: GameWrite<'_>,
        change: GameChange,
        position: Arc<Position>,
        now: Millis,
    ) -> Result<GameView, StoreError> {
        if let Some(winner) = decided(&write.game, &change) {
            let update = &change.update;
            rate(&mut write, [update.white_id, update.red_id], winner, now).await?;
        }
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
        self.watchers.saved(view.id, view.version);
        if view.is_over() {
            self.after_game_ended(view.id).await;
            self.make_puzzles_of(&view).await;
        }
        Ok(view)
    }

    /// Starts `game` with what it owes the players, its clock stopped from the start when its
    /// opener is away, in one transaction; then wakes the delivery worker and, against the
    /// AI, the AI. `None` when its challenge was no longer open.
    ///
    /// # Errors
    /// Database failures; nothing is saved then.
    pub(super) async fn start_game(&self, game: &NewGame) -> Result<Option<GameId>, StoreError> {
        let started = self
            .store
            .start_game(game, owed_by_start, new_clock_if_away)
            .await?;
        if started.is_some() {
            self.outbox_changed();
            if matches!(game.origin, Some(Origin::Ai(_))) {
                self.ai_turn.notify_one();
            }
        }
        Ok(started)
    }

    /// Starts a tournament's `rounds` after round `after` (seeding it when `seeds` are given)
    /// with what the start owes (`owed`) and each game as [`Service::start_game`] starts one,
    /// in one transaction; `false` when another caller started them first.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the entrants changed since `seeds` were made; database
    /// failures.
    pub(super) async fn start_rounds_saved(
        &self,
        tournament: TournamentId,
        after: u32,
        seeds: &[(PlayerId, i64)],
        rounds: &[NewRound],
        owed: &[Owed],
        now: Millis,
    ) -> Result<bool, StoreError> {
        let started = self
            .store
            .start_rounds(
                tournament,
                i64::from(after),
                seeds,
                rounds,
                owed,
                owed_by_start,
                new_clock_if_away,
                now,
            )
            .await?;
        if started.is_some() {
            self.outbox_changed();
        }
        Ok(started.is_some())
    }
}

/// The winner (`None`: a draw) of the game of `before` when `change` decides it.
fn decided(before: &GameRow, change: &GameChange) -> Option<Option<Color>> {
    let update = &change.update;
    if before.status != GameStatus::Active || update.status != GameStatus::Finished {
        return None;
    }
    match update.winner {
        Some(Winner::White) => Some(Some(Color::White)),
        Some(Winner::Red) => Some(Some(Color::Red)),
        Some(Winner::Draw) | None => Some(None),
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
    use crate::ids::{ChallengeId, ChannelId, GameId, PlayerId, TournamentId};
    use crate::store::{AiSide, ClockTimes, EndReason, GameUpdate, NewMove, StoredLevel, Winner};

    const NOW: Millis = 1_000_000;

    fn terms(origin: Origin, opener: i64, channel: Option<ChannelId>) -> GameTerms {
        GameTerms {
            opener: PlayerId::new(opener),
            other: PlayerId::new(3 - opener),
            variant: crate::game::Variant::DEFAULT,
            move_seconds: Some(86_400),
            rated: true,
            venue: Venue {
                guild_id: Some(7.into()),
                channel_id: channel,
            },
            origin,
            anchor: None,
        }
    }

    #[tokio::test]
    async fn every_saved_move_is_announced_with_its_game_and_version_and_a_refused_one_is_not() {
        use crate::game::{Cell, Move};
        use crate::service::{Actor, ChallengeOptions, Player, ServiceError};
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        let service = Service::open(&url).await.unwrap();
        let (alice, bob) = (
            Player::new(PlayerId::new(1), "alice"),
            Player::new(PlayerId::new(2), "bob"),
        );
        let options = ChallengeOptions::default();
        let challenge = service
            .challenge(
                &Actor::member(alice, None),
                Some(&bob),
                options,
                Venue::default(),
            )
            .await
            .unwrap();
        let game = service
            .accept(challenge.id, &Actor::member(bob, None))
            .await
            .unwrap();
        let mut changes = service.watch_game(game.id);
        let opener = game.opener;
        let cell = |name: &str| name.parse::<Cell>().unwrap();
        let first = Move::Place(cell("c3"), cell("d4"));
        let played = service
            .play(game.id, opener, first, Some(game.version))
            .await;
        let Ok(crate::service::MoveOutcome::Played(report)) = played else {
            panic!("not played: {played:?}");
        };
        let version = report.game.version;
        assert!(changes.has_changed().unwrap());
        assert_eq!(*changes.borrow_and_update(), version);
        let stale = service
            .play(game.id, opener, first, Some(game.version))
            .await;
        assert!(
            matches!(stale, Err(ServiceError::PositionChanged)),
            "{stale:?}"
        );
        assert!(
            !changes.has_changed().unwrap(),
            "nothing saved, nothing announced"
        );
    }

    #[test]
    fn a_new_game_is_rated_and_timed_as_offered_except_for_the_ai() {
        let accepted = new_game(
            terms(Origin::Challenge(ChallengeId::new(4)), 1, Some(70.into())),
            NOW,
        );
        assert!(accepted.rated);
        let day = 86_400_000;
        assert_eq!(
            accepted.clock.deadline_at,
            Some(NOW + day),
            "the opener's clock runs"
        );
        let side = AiSide {
            player_id: PlayerId::new(2),
            level: StoredLevel::Hard,
        };
        let human_opens = new_game(terms(Origin::Ai(side), 1, Some(70.into())), NOW);
        assert!(!human_opens.rated, "a game against the AI is never rated");
        assert_eq!(human_opens.clock.deadline_at, Some(NOW + day));
        let ai_opens = new_game(terms(Origin::Ai(side), 2, Some(70.into())), NOW);
        assert_eq!(
            ai_opens.clock,
            ClockTimes::default(),
            "the AI is never on the clock"
        );
        let paired = Origin::Pairing {
            tournament: TournamentId::new(9),
            round: 2,
        };
        let unrated = GameTerms {
            rated: false,
            ..terms(paired, 2, Some(70.into()))
        };
        let game = new_game(unrated, NOW);
        assert!(!game.rated);
        assert_eq!(game.origin, Some(paired));
        assert_eq!(
            (game.opener_id, game.other_id),
            (PlayerId::new(2), PlayerId::new(1))
        );
    }

    #[test]
    fn a_new_game_owes_its_thread_and_first_board_where_it_is_shown() {
        let started = |anchor| Owed::Started {
            game: GameId::new(5),
            anchor,
        };
        let challenge = terms(Origin::Challenge(ChallengeId::new(4)), 1, Some(70.into()));
        let game = new_game(challenge, NOW);
        assert_eq!(
            owed_by_start(&game, GameId::new(5), Some(55.into())),
            [started(Some(55.into()))]
        );
        assert_eq!(owed_by_start(&game, GameId::new(5), None), [started(None)]);
        let clicked = new_game(
            GameTerms {
                anchor: Some(66.into()),
                ..challenge
            },
            NOW,
        );
        assert_eq!(
            owed_by_start(&clicked, GameId::new(5), Some(55.into())),
            [started(Some(66.into()))],
            "the message clicked comes first"
        );
        let in_terminal = new_game(terms(Origin::Challenge(ChallengeId::new(4)), 1, None), NOW);
        assert_eq!(owed_by_start(&in_terminal, GameId::new(5), None), []);
    }

    fn row(channel: Option<ChannelId>, tournament: Option<i64>) -> GameRow {
        let tournament = tournament.map(TournamentId::new);
        GameRow {
            id: GameId::new(5),
            opener_id: PlayerId::new(1),
            other_id: PlayerId::new(2),
            white_id: PlayerId::new(1),
            red_id: PlayerId::new(2),
            white_name: "alice".into(),
            red_name: "bob".into(),
            variant: crate::game::Variant::unlimited(12).unwrap(),
            move_seconds: None,
            rated: true,
            status: GameStatus::Active,
            winner: None,
            end_reason: None,
            guild_id: Some(7.into()),
            channel_id: channel,
            thread_id: None,
            plies: 10,
            to_move_id: Some(PlayerId::new(1)),
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
            hints: 0,
        }
    }

    fn change(moves: usize, status: GameStatus) -> GameChange {
        let mv = NewMove {
            player_id: PlayerId::new(1),
            notation: "pass".into(),
            forced: true,
        };
        GameChange {
            moves: vec![mv; moves],
            update: GameUpdate {
                white_id: PlayerId::new(1),
                red_id: PlayerId::new(2),
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
    fn an_ended_game_has_no_one_to_move_no_clock_and_a_result_or_none() {
        let players = [PlayerId::new(2), PlayerId::new(1)];
        let on_time = Ending::Decided {
            winner: Some(Color::Red),
            reason: EndReason::Timeout,
        }
        .update(players, true);
        assert_eq!(
            on_time,
            GameUpdate {
                white_id: PlayerId::new(2),
                red_id: PlayerId::new(1),
                status: GameStatus::Finished,
                winner: Some(Winner::Red),
                end_reason: Some(EndReason::Timeout),
                to_move_id: None,
                clock: ClockTimes::default(),
                rated: true,
            }
        );
        let drawn = Ending::Decided {
            winner: None,
            reason: EndReason::Score,
        }
        .update(players, false);
        assert_eq!((drawn.winner, drawn.rated), (Some(Winner::Draw), false));
        let aborted = Ending::Aborted.update(players, true);
        assert_eq!(aborted.status, GameStatus::Aborted);
        assert_eq!(aborted.winner, None, "an abort has no result");
        assert_eq!(aborted.end_reason, Some(EndReason::Abort));
        assert!(!aborted.rated, "an abort counts for no rating");
    }

    #[test]
    fn only_a_change_that_decides_an_active_game_is_rated() {
        let active = row(Some(70.into()), None);
        assert_eq!(decided(&active, &change(1, GameStatus::Active)), None);
        assert_eq!(decided(&active, &change(0, GameStatus::Aborted)), None);
        assert_eq!(
            decided(&active, &change(1, GameStatus::Finished)),
            Some(Some(Color::White))
        );
        let over = GameRow {
            status: GameStatus::Finished,
            ..active
        };
        assert_eq!(decided(&over, &change(0, GameStatus::Finished)), None);
    }

    #[test]
    fn moves_owe_the_board_covering_every_ply_they_append() {
        let owed = owed_by(&row(Some(70.into()), None), &change(2, GameStatus::Active));
        let moved = Owed::Moved {
            game: GameId::new(5),
            first: 11,
            last: 12,
        };
        assert_eq!(owed, [moved]);
    }

    #[test]
    fn an_end_without_a_move_owes_the_end_and_a_tournament_its_standings() {
        let ended = Owed::Ended {
            game: GameId::new(5),
            ply: 10,
        };
        let standings = Owed::Standings {
            tournament: TournamentId::new(9),
        };
        let aborted = change(0, GameStatus::Aborted);
        assert_eq!(owed_by(&row(Some(70.into()), None), &aborted), [ended]);
        assert_eq!(
            owed_by(&row(Some(70.into()), Some(9)), &aborted),
            [ended, standings]
        );
        // A last move that ends the game: its board (which shows the result), then standings.
        let last = owed_by(
            &row(Some(70.into()), Some(9)),
            &change(1, GameStatus::Finished),
        );
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
            tournament: TournamentId::new(9),
        };
        let in_tournament = row(None, Some(9));
        assert_eq!(
            owed_by(&in_tournament, &change(0, GameStatus::Finished)),
            [standings]
        );
        // A game over already (another writer ended it) owes no second standings.
        let over = GameRow {
            status: GameStatus::Finished,
            ..row(Some(70.into()), Some(9))
        };
        assert_eq!(owed_by(&over, &change(0, GameStatus::Finished)), []);
    }
}
