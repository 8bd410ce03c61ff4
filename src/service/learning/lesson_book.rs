//! The lessons of `/learn` (and `learn` in the terminal): eight short lessons, in order, each
//! one idea of the rules on a small board, with one task. Pure data and checking: each
//! position is played by legal moves from the start, and the engine decides every answer — a
//! move is judged by the engine's own refusal ([`IllegalMove`]) or by what it did on the board,
//! a choice by a fact the engine computes (is this move legal, how many points, who won).
//!
//! The words are in the `.ftl` files under `lesson-<key>-…`; nothing here is language.

use crate::game::{Color, Game, IllegalMove, Move, Supply, Tiebreak, Variant};

/// How many lessons there are.
pub const LESSONS: usize = 8;

/// A lesson: its position, and what the learner is asked to do there.
#[derive(Debug)]
pub struct Lesson {
    /// Its words' key: `lesson-<key>-title`, `-text`, `-task`, `-right`.
    pub key: &'static str,
    size: u8,
    /// Limited tiles per player, else unlimited (bridges are unlimited in every lesson).
    tiles: Option<u16>,
    /// The moves from the start that make its position.
    moves: &'static [&'static str],
    pub task: Task,
}

/// What a lesson asks.
#[derive(Debug)]
pub enum Task {
    /// A move to play, judged by the engine; `example` is one right answer (shown after two
    /// wrong tries).
    Move { goal: Goal, example: &'static str },
    /// A choice among buttons: the right one is the one whose fact the engine finds true.
    Choice(&'static [Fact]),
}

/// What a move task's move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Place two tiles.
    Place,
    /// Place two tiles that complete an island.
    Island,
    /// Build a bridge that joins two islands (the score grows).
    JoinIslands,
    /// Pass.
    Pass,
}

/// A choice's claim about the lesson's position, true or false as the engine finds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// This move is illegal for the side to move.
    Illegal(&'static str),
    /// This move is legal for the side to move.
    Legal(&'static str),
    /// White has this many points.
    WhitePoints(u32),
    /// The game ended with this winner (`None`: a draw), decided by this.
    Won(Option<Color>, Tiebreak),
}

/// An answer given to a lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Move(Move),
    /// The choice's index, from 0.
    Choice(usize),
}

/// Why an answer is not the right one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Miss {
    /// The engine refused the move.
    Illegal(IllegalMove),
    /// The move is legal but does not do what was asked.
    Goal(Goal),
    /// A move given to a choice task, or a choice to a move task.
    WrongKind,
    /// A choice the lesson does not have.
    NoSuchChoice,
    /// The choice's fact is false: the choice, and (for a move fact) the engine's verdict.
    Choice {
        fact: Fact,
        verdict: Option<IllegalMove>,
    },
}

/// A right answer: the position after it (for a move), and what the engine said of the move
/// chosen (for a choice of the illegal move, its refusal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Right {
    pub after: Option<Game>,
    pub refusal: Option<IllegalMove>,
}

/// The lessons, in order.
pub static ALL: [Lesson; LESSONS] = [
    Lesson {
        key: "placing",
        size: 6,
        tiles: None,
        moves: &[],
        task: Task::Move {
            goal: Goal::Place,
            example: "c3 d4",
        },
    },
    Lesson {
        key: "islands",
        size: 6,
        tiles: None,
        moves: &["a1 b1", "a6 b6", "a2 b2", "f1 f2", "e4 e5", "c6 d6"],
        task: Task::Move {
            goal: Goal::Island,
            example: "e3 e6",
        },
    },
    Lesson {
        key: "distance",
        size: 6,
        tiles: None,
        moves: &["b2 c2", "e6 f6", "b3 c3", "f1 f2"],
        task: Task::Choice(&[
            Fact::Illegal("e2 e3"),
            Fact::Illegal("d4 f4"),
            Fact::Illegal("a5 b5"),
        ]),
    },
    Lesson {
        key: "bridges",
        size: 8,
        tiles: None,
        moves: &[
            "a1 b1", "g8 h8", "a2 b2", "g6 h6", "d1 e1", "g4 h4", "d2 e2", "a8 b8", "b4 d4",
            "g2 h2",
        ],
        task: Task::Move {
            goal: Goal::JoinIslands,
            example: "b1-d1",
        },
    },
    Lesson {
        key: "pie",
        size: 6,
        tiles: None,
        moves: &["c3 d4"],
        task: Task::Choice(&[
            Fact::Legal("pass"),
            Fact::Legal("swap"),
            Fact::Legal("c3-e4"),
        ]),
    },
    Lesson {
        key: "passing",
        size: 6,
        tiles: Some(5),
        moves: &["a1 b1", "f1 f2", "e5 e6", "a5 a6"],
        task: Task::Move {
            goal: Goal::Pass,
            example: "pass",
        },
    },
    Lesson {
        key: "scoring",
        size: 8,
        tiles: None,
        moves: &[
            "a1 b1", "g1 h1", "a2 b2", "g2 h2", "d1 e1", "g7 h7", "d2 e2", "g8 h8", "a7 b7",
            "d5 e5", "a8 b8", "d6 e6", "b1-d1",
        ],
        task: Task::Choice(&[
            Fact::WhitePoints(3),
            Fact::WhitePoints(4),
            Fact::WhitePoints(6),
        ]),
    },
    Lesson {
        key: "tiebreaks",
        size: 8,
        tiles: Some(12),
        moves: &[
            "a1 b1", "g1 h1", "a2 b2", "g2 h2", "d1 e1", "g4 h4", "d2 e2", "g5 h5", "a4 b4",
            "d7 e7", "a5 b5", "g7 h7", "pass", "g2-g4",
        ],
        task: Task::Choice(&[
            Fact::Won(Some(Color::Red), Tiebreak::Bridges),
            Fact::Won(Some(Color::White), Tiebreak::Islands),
            Fact::Won(None, Tiebreak::Draw),
        ]),
    },
];

/// Lesson `number` (from 1), if there is one.
pub fn lesson(number: usize) -> Option<&'static Lesson> {
    number.checked_sub(1).and_then(|index| ALL.get(index))
}

impl Lesson {
    /// The lesson's position, played from the start.
    ///
    /// # Panics
    /// When a move of the lesson is not legal there (a fault the lessons' tests catch).
    pub fn position(&self) -> Game {
        let tiles = self.tiles.map_or(Supply::Unlimited, Supply::Limited);
        let variant = Variant::new(self.size, tiles, Supply::Unlimited).expect("a lesson's size");
        let mut game = Game::new(variant);
        for text in self.moves {
            let mv = text.parse().expect("a lesson's move");
            game.play(mv).expect("a lesson's moves are legal");
        }
        game
    }

    /// Whether the lesson waits for a move (not a choice).
    pub fn wants_move(&self) -> bool {
        matches!(self.task, Task::Move { .. })
    }

    /// The choices, when the task is one.
    pub fn choices(&self) -> &'static [Fact] {
        match self.task {
            Task::Choice(facts) => facts,
            Task::Move { .. } => &[],
        }
    }

    /// The right answer as the learner would give it: the example move, or the true choice.
    pub fn solution(&self) -> Answer {
        match self.task {
            Task::Move { example, .. } => Answer::Move(example.parse().expect("a lesson's move")),
            Task::Choice(facts) => {
                let position = self.position();
                let index = facts.iter().position(|fact| holds(&position, *fact).0);
                Answer::Choice(index.unwrap_or_default())
            }
        }
    }

    /// Judges `answer` in the lesson's position.
    ///
    /// # Errors
    /// Why the answer is not right.
    pub fn judge(&self, answer: Answer) -> Result<Right, Miss> {
        let position = self.position();
        match (&self.task, answer) {
            (Task::Move { goal, .. }, Answer::Move(mv)) => {
                let mut after = position.clone();
                after.play(mv).map_err(Miss::Illegal)?;
                if !reaches(&position, &after, mv, *goal) {
                    return Err(Miss::Goal(*goal));
                }
                Ok(Right {
                    after: Some(after),
                    refusal: None,
                })
            }
            (Task::Choice(facts), Answer::Choice(index)) => {
                let fact = *facts.get(index).ok_or(Miss::NoSuchChoice)?;
                match holds(&position, fact) {
                    (true, refusal) => Ok(Right {
                        after: None,
                        refusal,
                    }),
                    (false, verdict) => Err(Miss::Choice { fact, verdict }),
                }
            }
            _ => Err(Miss::WrongKind),
        }
    }
}

/// Whether `mv`, which took `before` to `after`, does what `goal` asks.
fn reaches(before: &Game, after: &Game, mv: Move, goal: Goal) -> bool {
    let Some(color) = before.to_move() else {
        return false;
    };
    match goal {
        Goal::Place => matches!(mv, Move::Place(..)),
        Goal::Island => {
            let islands = |game: &Game| game.board().islands(color).len();
            matches!(mv, Move::Place(..)) && islands(after) > islands(before)
        }
        Goal::JoinIslands => {
            matches!(mv, Move::Bridge(..)) && after.score(color).points > before.score(color).points
        }
        Goal::Pass => mv == Move::Pass,
    }
}

/// Whether `fact` holds in `position`, with the engine's refusal of the move it names, if any.
pub fn holds(position: &Game, fact: Fact) -> (bool, Option<IllegalMove>) {
    let verdict = |text: &str| {
        text.parse::<Move>()
            .ok()
            .and_then(|mv| position.check(mv).err())
    };
    match fact {
        Fact::Illegal(text) => {
            let refusal = verdict(text);
            (refusal.is_some(), refusal)
        }
        Fact::Legal(text) => {
            let refusal = verdict(text);
            (refusal.is_none(), refusal)
        }
        Fact::WhitePoints(points) => (position.score(Color::White).points == points, None),
        Fact::Won(winner, decided_by) => {
            let outcome = position.outcome();
            let won = outcome == Some(crate::game::Outcome::Score { winner, decided_by });
            (won, None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, CellList};

    fn cell(text: &str) -> Cell {
        text.parse().unwrap()
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    fn judge(number: usize, answer: Answer) -> Result<Right, Miss> {
        lesson(number).unwrap().judge(answer)
    }

    #[test]
    fn every_lesson_is_a_real_game_with_one_right_answer_and_its_solution_accepted() {
        assert_eq!(lesson(0).map(|l| l.key), None);
        assert_eq!(lesson(LESSONS + 1).map(|l| l.key), None);
        for number in 1..=LESSONS {
            let lesson = lesson(number).unwrap();
            let position = lesson.position();
            assert!((6..=8).contains(&position.board().size()), "{}", lesson.key);
            let solution = lesson.solution();
            assert!(
                lesson.judge(solution).is_ok(),
                "{}: {solution:?}",
                lesson.key
            );
            let truths = lesson
                .choices()
                .iter()
                .filter(|fact| holds(&position, **fact).0)
                .count();
            match lesson.task {
                Task::Choice(facts) => {
                    assert!((2..=4).contains(&facts.len()), "{}", lesson.key);
                    assert_eq!(truths, 1, "{}: exactly one choice is right", lesson.key);
                    for index in 0..facts.len() {
                        let judged = lesson.judge(Answer::Choice(index));
                        assert_eq!(judged.is_ok(), solution == Answer::Choice(index));
                    }
                    assert_eq!(
                        lesson.judge(Answer::Choice(facts.len())),
                        Err(Miss::NoSuchChoice)
                    );
                    assert_eq!(lesson.judge(Answer::Move(mv("pass"))), Err(Miss::WrongKind));
                }
                Task::Move { .. } => {
                    assert_eq!(lesson.judge(Answer::Choice(0)), Err(Miss::WrongKind));
                }
            }
        }
    }

    #[test]
    fn placing_two_tiles_any_two_empty_cells_and_never_one_cell_twice() {
        let right = judge(1, Answer::Move(mv("a1 f6"))).unwrap();
        assert_eq!(right.after.unwrap().board().tiles(Color::White).len(), 2);
        assert_eq!(
            judge(1, Answer::Move(mv("c3 c3"))),
            Err(Miss::Illegal(IllegalMove::SameCell(cell("c3"))))
        );
        assert_eq!(
            judge(1, Answer::Move(mv("c3 g7"))),
            Err(Miss::Illegal(IllegalMove::OffBoard {
                cell: "g7".into(),
                size: 6
            }))
        );
    }

    #[test]
    fn islands_are_four_tiles_and_a_fifth_never_joins() {
        let position = lesson(2).unwrap().position();
        assert_eq!(position.to_move(), Some(Color::White));
        assert_eq!(position.board().islands(Color::White).len(), 4);
        let right = judge(2, Answer::Move(mv("d4 d5"))).unwrap();
        assert_eq!(right.after.unwrap().board().islands(Color::White).len(), 8);
        // A fifth tile beside the island a1–b2.
        assert_eq!(
            judge(2, Answer::Move(mv("c1 e6"))),
            Err(Miss::Illegal(IllegalMove::GroupTooLarge {
                cell: cell("c1"),
                size: 5
            }))
        );
        // Legal, but no island.
        assert_eq!(
            judge(2, Answer::Move(mv("c4 c5"))),
            Err(Miss::Goal(Goal::Island))
        );
    }

    #[test]
    fn the_distance_rule_refuses_a_tile_diagonal_to_an_island_of_its_colour() {
        let right = judge(3, Answer::Choice(1)).unwrap();
        let island = CellList(["b2", "c2", "b3", "c3"].map(cell).to_vec());
        let Some(IllegalMove::IslandTouchesDiagonally { island: got, tile }) = right.refusal else {
            panic!("{right:?}");
        };
        assert_eq!(tile, cell("d4"));
        let mut got = got.0;
        got.sort_by_key(|c| (c.row(), c.col()));
        assert_eq!(got, island.0);
        for wrong in [0, 2] {
            assert!(matches!(
                judge(3, Answer::Choice(wrong)),
                Err(Miss::Choice { verdict: None, .. })
            ));
        }
        // Red is not constrained by White's island.
        let mut red = lesson(3).unwrap().position();
        red.play(mv("e2 e3")).unwrap();
        assert_eq!(red.check(mv("d4 d5")), Ok(()));
    }

    #[test]
    fn a_bridge_joining_two_islands_scores_and_one_to_a_sandbank_does_not() {
        let position = lesson(4).unwrap().position();
        assert_eq!(position.score(Color::White).points, 2);
        for right in ["b1-d1", "b2-d2", "b1-d2", "b2-d1"] {
            let after = judge(4, Answer::Move(mv(right))).unwrap().after.unwrap();
            assert_eq!(after.score(Color::White).points, 3, "{right}");
        }
        assert_eq!(
            judge(4, Answer::Move(mv("b2-b4"))),
            Err(Miss::Goal(Goal::JoinIslands))
        );
        assert_eq!(
            judge(4, Answer::Move(mv("b1-e1"))),
            Err(Miss::Illegal(IllegalMove::NotABridge {
                a: cell("b1"),
                b: cell("e1")
            }))
        );
        // One bridge per tile, and no crossing.
        let mut game = position;
        game.play(mv("b1-d2")).unwrap();
        game.play(mv("g2-g4")).unwrap();
        assert!(matches!(
            game.check(mv("b1-d1")),
            Err(IllegalMove::AlreadyBridged { .. })
        ));
        assert!(matches!(
            game.check(mv("b2-d1")),
            Err(IllegalMove::Crossing { .. })
        ));
    }

    #[test]
    fn the_pie_rule_lets_red_swap_only_now() {
        let position = lesson(5).unwrap().position();
        assert_eq!(position.to_move(), Some(Color::Red));
        assert!(judge(5, Answer::Choice(1)).is_ok());
        assert!(matches!(
            judge(5, Answer::Choice(0)),
            Err(Miss::Choice {
                verdict: Some(IllegalMove::MayNotPass { .. }),
                ..
            })
        ));
        assert!(matches!(
            judge(5, Answer::Choice(2)),
            Err(Miss::Choice {
                verdict: Some(IllegalMove::NotYourTile { .. }),
                ..
            })
        ));
        let mut later = position;
        later.play(mv("a1 a2")).unwrap();
        assert_eq!(later.check(Move::Swap), Err(IllegalMove::SwapNotNow));
    }

    #[test]
    fn passing_with_one_tile_left_gives_red_exactly_one_more_turn() {
        let position = lesson(6).unwrap().position();
        assert_eq!(position.tiles_left(Color::White), Some(1));
        assert_eq!(
            judge(6, Answer::Move(mv("c3 d4"))),
            Err(Miss::Illegal(IllegalMove::NotEnoughTiles { left: 1 }))
        );
        let after = judge(6, Answer::Move(Move::Pass)).unwrap().after.unwrap();
        assert!(after.is_last_turn());
        assert_eq!(after.to_move(), Some(Color::Red));
        let mut ended = after;
        ended.play(Move::Pass).unwrap();
        assert!(ended.is_over(), "Red's last turn ends the game");
    }

    #[test]
    fn scoring_counts_joined_islands_by_the_table() {
        let position = lesson(7).unwrap().position();
        let white = position.score(Color::White);
        assert_eq!((white.points, white.islands), (4, 3));
        assert!(judge(7, Answer::Choice(1)).is_ok());
        assert!(judge(7, Answer::Choice(0)).is_err());
        assert!(judge(7, Answer::Choice(2)).is_err());
        assert_eq!(position.score(Color::Red).points, 3);
    }

    #[test]
    fn tiebreaks_more_islands_before_more_bridges() {
        let position = lesson(8).unwrap().position();
        assert!(position.is_over());
        let [white, red] = Color::BOTH.map(|c| position.score(c));
        assert_eq!((white.points, white.islands, white.bridges), (3, 3, 0));
        assert_eq!((red.points, red.islands, red.bridges), (3, 2, 1));
        assert!(judge(8, Answer::Choice(1)).is_ok());
        assert!(judge(8, Answer::Choice(0)).is_err());
        assert!(judge(8, Answer::Choice(2)).is_err());
    }
}
