//! Last good replies (the trial idea `replies`; "last good reply with forgetting", Baier and
//! Drake 2010, which paid in Go and Havannah): the search remembers, for each player and each
//! move of the opponent, the reply that player last made to it in a playout they won, and a
//! later playout plays that reply again when it is legal and follows the advice, instead of
//! the advice's random move. A reply in a playout that its player lost is forgotten. So the
//! playouts learn, within one search, the local answers that win: the tile that blocks an
//! island, the bridge that saves a connection.
//!
//! A move is known by one cell: a placement by its second tile (the one the advice puts
//! beside the first), a bridge by its first end, each in its own half of the table; passes
//! and the swap have no replies.

use fastrand::Rng;

use super::policy::{Style, clean};
use crate::game::{Bitboard, Color, Game, Move};

/// Cells a board may have (16×16): one half of the table.
const CELLS: usize = 256;

/// Each player's last good reply to each opponent's move.
pub struct Replies {
    replies: [Vec<Option<Move>>; 2],
    /// The moves of the current playout, with their movers.
    played: Vec<(Color, Move)>,
}

impl Default for Replies {
    fn default() -> Replies {
        Replies {
            replies: [vec![None; 2 * CELLS], vec![None; 2 * CELLS]],
            played: Vec::new(),
        }
    }
}

/// Where a move's reply is kept, if it can have one.
fn key(mv: Move) -> Option<usize> {
    match mv {
        Move::Place(_, second) => Some(usize::from(second.index())),
        Move::Bridge(first, _) => Some(CELLS + usize::from(first.index())),
        _ => None,
    }
}

impl Replies {
    /// Plays `game` to its end with `style`'s advice, a remembered reply first wherever there
    /// is one that fits, then learns from the result. Returns the moves made.
    pub fn play_out(&mut self, style: Style, game: &mut Game, rng: &mut Rng) -> u64 {
        self.played.clear();
        let mut previous = game.last_move();
        while let Some(color) = game.to_move() {
            let remembered = previous.and_then(|mv| self.reply(game, color, mv));
            let Some(mv) = remembered.or_else(|| style.sensible_move(game, rng)) else {
                break;
            };
            game.apply(mv);
            self.played.push((color, mv));
            previous = Some(mv);
        }
        if let Some(winner) = game.outcome().and_then(|outcome| outcome.winner()) {
            self.learn(winner);
        }
        self.played.len() as u64
    }

    /// `color`'s remembered reply to `previous`, if it is legal now and burns no land.
    fn reply(&self, game: &Game, color: Color, previous: Move) -> Option<Move> {
        let reply = self.replies[color.index()][key(previous)?]?;
        let fits = match reply {
            Move::Place(a, b) => {
                let own = game.board().tiles(color);
                clean(own, a) && clean(own | Bitboard::single(a), b)
            }
            _ => true,
        };
        (fits && game.is_legal(reply)).then_some(reply)
    }

    /// The winner's replies in this playout remembered, the loser's forgotten.
    fn learn(&mut self, winner: Color) {
        for pair in self.played.windows(2) {
            let [(before, previous), (color, reply)] = [pair[0], pair[1]];
            let Some(key) = key(previous).filter(|_| before != color) else {
                continue;
            };
            let slot = &mut self.replies[color.index()][key];
            if color == winner {
                *slot = Some(reply);
            } else if *slot == Some(reply) {
                *slot = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    /// A winner's reply is remembered and played again where it fits; the loser's is
    /// forgotten; a reply that no longer fits is not played.
    #[test]
    fn a_winning_reply_is_remembered_and_a_losing_one_forgotten() {
        let mut replies = Replies::default();
        let game = Game::new(Variant::boxed(8).unwrap());
        let (red, white) = (Color::Red, Color::White);
        replies.played = vec![(red, mv("c3 c4")), (white, mv("f6 f7"))];
        replies.learn(white);
        assert_eq!(replies.reply(&game, white, mv("a1 c4")), Some(mv("f6 f7")));
        assert_eq!(
            replies.reply(&game, red, mv("a1 c4")),
            None,
            "Red's table is apart"
        );
        assert_eq!(
            replies.reply(&game, white, mv("c3 d3")),
            None,
            "another key"
        );
        // White loses with the same reply: forgotten.
        replies.learn(red);
        assert_eq!(replies.reply(&game, white, mv("a1 c4")), None);
        // Remembered again, but f6 taken by Red: not legal, so not played.
        replies.learn(white);
        let mut taken = game;
        taken.apply(mv("b1 b2"));
        taken.apply(mv("f6 a8"));
        assert_eq!(replies.reply(&taken, white, mv("a1 c4")), None);
    }

    /// A reply that would burn land (a tile diagonally against an own group it does not
    /// join) is not played, though legal.
    #[test]
    fn a_reply_that_burns_land_is_not_played() {
        let mut replies = Replies::default();
        let mut game = Game::new(Variant::boxed(8).unwrap());
        game.apply(mv("c3 h8"));
        game.apply(mv("a8 b8"));
        // White, to move, has c3: d4 lies diagonally against it.
        replies.played = vec![(Color::Red, mv("a8 b8")), (Color::White, mv("d4 f1"))];
        replies.learn(Color::White);
        assert!(game.is_legal(mv("d4 f1")));
        assert_eq!(replies.reply(&game, Color::White, mv("a8 b8")), None);
        // Where it burns nothing, the same kind of reply is played.
        replies.played = vec![(Color::Red, mv("a8 b8")), (Color::White, mv("e6 f1"))];
        replies.learn(Color::White);
        assert_eq!(
            replies.reply(&game, Color::White, mv("a8 b8")),
            Some(mv("e6 f1"))
        );
    }

    /// Playouts with replies end every game with legal moves, and learn some replies.
    #[test]
    fn playouts_with_replies_are_legal_and_learn() {
        let mut rng = Rng::with_seed(31);
        let mut replies = Replies::default();
        for size in [6, 8, 12] {
            for _ in 0..30 {
                let mut game = Game::new(Variant::boxed(size).unwrap());
                // `Game::apply` checks each move against the rules in debug builds.
                let moves = replies.play_out(Style::ADVICE, &mut game, &mut rng);
                assert!(game.is_over());
                assert_eq!(moves, replies.played.len() as u64);
            }
        }
        let known = replies.replies.iter().flatten().flatten().count();
        assert!(known > 0, "a winner's replies are remembered");
    }
}
