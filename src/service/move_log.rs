//! A game's move log: the moves as front ends show them, when one was sent, and the position
//! rebuilt from the stored log by the engine (checked, not trusted).

use crate::game::{Color, Game, Move, Variant};
use crate::store::{GameId, GameRow, Millis, MoveRow, PlayerId};

/// A move of the log as front ends show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedMove {
    pub ply: u32,
    pub player_id: PlayerId,
    /// The colour the move was played for, as the position stood before it (Red swaps).
    pub color: Color,
    pub mv: Move,
    /// A pass the service made for a player who had no move.
    pub forced: bool,
    pub played_at: Millis,
}

/// When a move was sent, on the front end's clock (Discord's: an interaction's id tells when it
/// was created), and when the service received it.
#[derive(Clone, Copy, Debug)]
pub struct Sent {
    pub at: Millis,
    pub received: std::time::Instant,
}

/// The longest way from Discord to the bot counted when a move's saving is dated.
const WAY_HERE_AT_MOST: Millis = 1000;

impl Sent {
    /// When the move is saved, on the sender's clock, never before the moment it really is:
    /// when it was sent, plus the way here (this machine's clock is kept in time as Discord's
    /// is) or at least the time it spent here, rounded up to the next whole millisecond (the
    /// commit that follows takes a moment more).
    pub fn saved_at(&self) -> Millis {
        let here = self.received.elapsed().as_micros().div_ceil(1000);
        let here = i64::try_from(here).unwrap_or(i64::MAX / 2);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 2));
        // A clock far ahead of Discord's must not make every reply look blind: the way here is
        // counted up to a second.
        let since_sent = now
            .saturating_sub(self.at)
            .min(here.saturating_add(WAY_HERE_AT_MOST));
        self.at
            .saturating_add(here.max(since_sent))
            .saturating_add(1)
    }
}

/// A game's position and log, rebuilt from its stored moves; shared by the views of one version.
#[derive(Clone, Debug)]
pub(super) struct Position {
    pub game: Game,
    pub moves: Vec<LoggedMove>,
}

impl Position {
    /// The position after `moves`, a prefix of a log already replayed (so parsed and checked
    /// once): an earlier moment of a game.
    ///
    /// # Errors
    /// Why a move is illegal, which only a log changed under the cache could make it.
    pub fn replayed(variant: Variant, moves: &[LoggedMove]) -> Result<Position, String> {
        let mut game = Game::new(variant);
        for logged in moves {
            game.play(logged.mv)
                .map_err(|e| format!("move {}, `{}`, is illegal: {e}", logged.ply, logged.mv))?;
        }
        Ok(Position {
            game,
            moves: moves.to_vec(),
        })
    }

    /// The position `game` after `moves` were played from this one (the service checked them).
    pub fn extended(&self, game: Game, moves: &[LoggedMove]) -> Position {
        let mut logged = self.moves.clone();
        logged.extend_from_slice(moves);
        Position {
            game,
            moves: logged,
        }
    }
}

/// The move log did not replay: the database holds a game the engine rejects.
#[derive(Debug, thiserror::Error)]
#[error("game #{game} is damaged (its saved moves: {reason}), so nothing more can be saved in it")]
pub struct DamagedLog {
    pub game: GameId,
    pub reason: String,
}

/// Every position of `moves` played in `variant` (e.g. a record's), the start first; the
/// moves must be legal: the positions stop before the first that is not.
pub(super) fn positions(variant: Variant, moves: impl IntoIterator<Item = Move>) -> Vec<Game> {
    let mut positions = vec![Game::new(variant)];
    for mv in moves {
        let mut next = positions[positions.len() - 1].clone();
        if next.play(mv).is_err() {
            break;
        }
        positions.push(next);
    }
    positions
}

/// Replays a stored log with the engine.
pub(super) fn replay_log(row: &GameRow, moves: &[MoveRow]) -> Result<Position, DamagedLog> {
    let mut game = Game::new(row.variant);
    let mut logged = Vec::with_capacity(moves.len());
    for (expected, stored) in (1..).zip(moves) {
        let damaged = |reason: String| DamagedLog {
            game: row.id,
            reason,
        };
        // The log is checked, not trusted: a lost row must not shift every later move.
        if stored.ply != expected {
            return Err(damaged(format!("move {expected} is missing from the log")));
        }
        let mv: Move = stored.notation.parse().map_err(|e| {
            damaged(format!(
                "move {expected}, `{}`, is not a move: {e}",
                stored.notation
            ))
        })?;
        let color = match mv {
            Move::Resign(Some(color)) => color,
            _ => game.to_move().unwrap_or(Color::White),
        };
        game.play(mv)
            .map_err(|e| damaged(format!("move {expected}, `{mv}`, is illegal: {e}")))?;
        logged.push(LoggedMove {
            ply: stored.ply as u32,
            player_id: stored.player_id,
            color,
            mv,
            forced: stored.forced,
            played_at: stored.played_at,
        });
    }
    if moves.len() as i64 != row.plies {
        return Err(DamagedLog {
            game: row.id,
            reason: format!(
                "the log holds {} of the {} moves the game counts",
                moves.len(),
                row.plies
            ),
        });
    }
    Ok(Position {
        game,
        moves: logged,
    })
}
