//! Looking back at a game: White's chances in every position as the AI's search sees them,
//! and the moves that cost their player the most. Pure and deterministic like the search: the
//! same game, budget and seeds give the same analysis.

use super::{Budget, Level, choose};
pub use crate::game::same_move;
use crate::game::{Color, Game, Move, Variant};

/// A swing smaller than this (in chance of winning) is the search's noise, not a mistake.
pub const LEAST_SWING: f64 = 0.05;

/// The AI's view of one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// White's chance of winning, from 0 to 1 (a draw counts half).
    pub white_chance: f64,
    /// The move the AI would play here; `None` once the game is over.
    pub preferred: Option<Move>,
}

/// The view of `game`'s position after `playouts` playouts of the levels' search; exact once
/// the game is over.
pub fn evaluate(game: &Game, playouts: u64, seed: u64) -> Evaluation {
    let budget = Budget {
        playouts: Some(playouts),
        ..Budget::default()
    };
    match (game.to_move(), choose(game, Level::Hard, budget, seed)) {
        (Some(mover), Some(decision)) => Evaluation {
            white_chance: match mover {
                Color::White => decision.chance,
                Color::Red => 1.0 - decision.chance,
            },
            preferred: Some(decision.best),
        },
        _ => Evaluation {
            white_chance: match game.outcome().and_then(|o| o.winner()) {
                Some(Color::White) => 1.0,
                Some(Color::Red) => 0.0,
                None => 0.5,
            },
            preferred: None,
        },
    }
}

/// How many moves on either side of a position the tempo bias is measured over.
const TEMPO_WINDOW: usize = 8;

/// The evaluations with the search's bias towards the side to move taken out.
///
/// A search is optimistic for the side to move: it picks that side's moves with care while
/// the replies deep in its tree and in its playouts are nearly random, so White's chance
/// reads higher whenever White is to move and lower whenever Red is (by 5 to 20 points, more
/// in the middle game). Left in, every move would look like a loss for its player. The bias
/// is measured where it is: the median, over the neighbouring moves, of how much the chances
/// swing towards the side to move; a median, so that a real blunder among them does not
/// count. Half of it is taken from the side to move's chance in each position. Finished
/// positions are exact and stay as they are.
pub fn without_tempo(
    variant: Variant,
    moves: &[Move],
    evaluations: &[Evaluation],
) -> Vec<Evaluation> {
    let mut game = Game::new(variant);
    // +1 where White is to move, -1 where Red is, 0 once the game is over.
    let mut sides = Vec::with_capacity(evaluations.len());
    for index in 0..evaluations.len() {
        sides.push(match game.to_move() {
            Some(Color::White) => 1.0,
            Some(Color::Red) => -1.0,
            None => 0.0,
        });
        if let Some(&mv) = moves.get(index)
            && game.play(mv).is_err()
        {
            break;
        }
    }
    // The swing towards the side to move from each position to the next, where both are
    // searched and the sides differ.
    let swings: Vec<Option<f64>> = (0..evaluations.len().saturating_sub(1))
        .map(|i| {
            let (side, next) = (sides.get(i)?, sides.get(i + 1)?);
            (side * next < 0.0)
                .then(|| side * (evaluations[i].white_chance - evaluations[i + 1].white_chance))
        })
        .collect();
    evaluations
        .iter()
        .enumerate()
        .map(|(i, evaluation)| {
            let side = sides.get(i).copied().unwrap_or(0.0);
            if side == 0.0 {
                return *evaluation;
            }
            let window = i.saturating_sub(TEMPO_WINDOW)..(i + TEMPO_WINDOW).min(swings.len());
            let mut near: Vec<f64> = swings[window].iter().flatten().copied().collect();
            near.sort_by(f64::total_cmp);
            let bias = near.get(near.len() / 2).map_or(0.0, |m| (m / 2.0).max(0.0));
            Evaluation {
                white_chance: (evaluation.white_chance - side * bias).clamp(0.0, 1.0),
                ..*evaluation
            }
        })
        .collect()
}

/// A move that changed the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moment {
    /// The move's number (1 for the first).
    pub number: u32,
    /// The colour it was played for.
    pub mover: Color,
    pub played: Move,
    /// White's chances before and after it.
    pub before: f64,
    pub after: f64,
    /// What the AI would have played instead.
    pub preferred: Move,
}

/// The (at most `count`) moves that cost their player the most, in the order they were played:
/// `evaluations[i]` is the view of the position after `i` of `moves`. Only choices count: not
/// the swap (it changes players, not chances), a resignation, a pass that was forced, or the
/// move the AI preferred itself; nor a loss under [`LEAST_SWING`].
pub fn turning_points(
    variant: Variant,
    moves: &[Move],
    evaluations: &[Evaluation],
    count: usize,
) -> Vec<Moment> {
    let mut game = Game::new(variant);
    let mut losses = Vec::new();
    for (index, (&played, pair)) in moves.iter().zip(evaluations.windows(2)).enumerate() {
        let (Some(mover), Some(preferred)) = (game.to_move(), pair[0].preferred) else {
            break;
        };
        let forced = game.must_pass();
        if game.play(played).is_err() {
            break;
        }
        let (before, after) = (pair[0].white_chance, pair[1].white_chance);
        let loss = match mover {
            Color::White => before - after,
            Color::Red => after - before,
        };
        let choice = !forced && !matches!(played, Move::Swap | Move::Resign(_));
        if choice && !same_move(played, preferred) && loss >= LEAST_SWING {
            let number = index as u32 + 1;
            losses.push((
                loss,
                Moment {
                    number,
                    mover,
                    played,
                    before,
                    after,
                    preferred,
                },
            ));
        }
    }
    losses.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.number.cmp(&b.1.number)));
    let mut moments: Vec<Moment> = losses
        .into_iter()
        .take(count)
        .map(|(_, moment)| moment)
        .collect();
    moments.sort_by_key(|m| m.number);
    moments
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(text: &[&str]) -> Vec<Move> {
        text.iter().map(|m| m.parse().unwrap()).collect()
    }

    fn at(white_chance: f64, preferred: &str) -> Evaluation {
        Evaluation {
            white_chance,
            preferred: Some(preferred.parse().unwrap()),
        }
    }

    #[test]
    fn the_moves_that_cost_their_player_most_in_the_order_played() {
        let variant = Variant::boxed(10).unwrap();
        let played = moves(&["c3 d5", "h8 j10", "a1 a3", "f6 g8", "b7 b9"]);
        let evaluations = [
            at(0.5, "c3 d5"),  // White plays what the AI would: no moment
            at(0.55, "h8 a1"), // Red loses 0.15
            at(0.7, "a1 a3"),  // White plays the AI's move (in the other order)
            at(0.75, "j1 j3"), // Red loses 0.03: noise
            at(0.78, "e1 e3"), // White loses 0.48
            at(0.3, "e1 e3"),
        ];
        let moments = turning_points(variant, &played, &evaluations, 3);
        let numbers: Vec<u32> = moments.iter().map(|m| m.number).collect();
        assert_eq!(numbers, [2, 5]);
        assert_eq!(moments[1].played, played[4]);
        assert_eq!((moments[1].before, moments[1].after), (0.78, 0.3));
        assert_eq!(moments[1].preferred, "e1 e3".parse().unwrap());
        // Only the biggest when fewer are asked for.
        let one = turning_points(variant, &played, &evaluations, 1);
        assert_eq!(one.iter().map(|m| m.number).collect::<Vec<_>>(), [5]);
    }

    #[test]
    fn a_bridge_or_a_placement_written_the_other_way_round_is_the_same_move() {
        let same = |a: &str, b: &str| same_move(a.parse().unwrap(), b.parse().unwrap());
        assert!(same("e5-c3", "c3-e5"));
        assert!(same("d4 c3", "c3 d4"));
        assert!(!same("c3-e5", "c3-e4"));
        assert!(!same("c3 d4", "c3 d5"));
    }

    #[test]
    fn a_finished_position_is_judged_exactly_and_a_search_repeats_itself() {
        let mut game = Game::new(Variant::boxed(10).unwrap());
        game.play("c3 d5".parse().unwrap()).unwrap();
        let first = evaluate(&game, 200, 7);
        assert_eq!(first, evaluate(&game, 200, 7));
        assert!((0.0..=1.0).contains(&first.white_chance));
        assert!(first.preferred.is_some_and(|mv| game.is_legal(mv)));
        game.play(Move::Resign(None)).unwrap();
        assert_eq!(
            evaluate(&game, 200, 7),
            Evaluation {
                white_chance: 1.0,
                preferred: None
            }
        );
    }
}
