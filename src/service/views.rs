//! What the service hands to front ends: games, challenges and moves as plain values.

use std::time::Duration;

use crate::game::{Color, Game, Move, Outcome, Record, RecordedMove, Supply, Tiebreak, Variant};
use crate::render::{Picture, render_png};
use crate::store::{
    ChallengeId, ChallengeRow, GameId, GameRow, Millis, MoveRow, PlayerId, StoredVariant,
};

/// A player as the front ends name them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
}

impl Player {
    pub fn new(id: PlayerId, name: impl Into<String>) -> Player {
        Player {
            id,
            name: name.into(),
        }
    }
}

/// Where a challenge was made or a game is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Venue {
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
}

/// What a challenge offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeOptions {
    pub variant: Variant,
    /// Time per move; `None` for no limit.
    pub move_time: Option<Duration>,
    pub rated: bool,
}

impl Default for ChallengeOptions {
    fn default() -> ChallengeOptions {
        ChallengeOptions {
            variant: Variant::default(),
            move_time: None,
            rated: true,
        }
    }
}

/// "no time limit", "1 day per move", "3 days per move", "1 hour(s) per move".
pub fn move_time_words(move_time: Option<Duration>) -> String {
    match move_time {
        None => "no time limit".to_string(),
        Some(t) if t.as_secs() % 86_400 == 0 => {
            let days = t.as_secs() / 86_400;
            format!("{days} day{} per move", if days == 1 { "" } else { "s" })
        }
        Some(t) => format!("{} hour(s) per move", (t.as_secs() / 3600).max(1)),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl ChallengeStatus {
    pub(super) fn parse(text: &str) -> ChallengeStatus {
        match text {
            "accepted" => ChallengeStatus::Accepted,
            "declined" => ChallengeStatus::Declined,
            "cancelled" => ChallengeStatus::Cancelled,
            "expired" => ChallengeStatus::Expired,
            _ => ChallengeStatus::Open,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeView {
    pub id: ChallengeId,
    pub challenger: Player,
    /// `None` for an open challenge.
    pub opponent: Option<Player>,
    pub options: ChallengeOptions,
    pub venue: Venue,
    pub message_id: Option<i64>,
    pub status: ChallengeStatus,
    pub game_id: Option<GameId>,
    pub expires_at: Millis,
    /// Who will open the game: the challenger, or in a rematch the loser.
    pub opener: PlayerId,
}

pub(super) fn variant_of(stored: StoredVariant) -> Variant {
    let supply = |n: Option<i64>| n.map_or(Supply::Unlimited, |n| Supply::Limited(n as u16));
    // The schema keeps sizes within 6..=16.
    Variant::new(
        stored.size as u8,
        supply(stored.tiles),
        supply(stored.bridges),
    )
    .unwrap_or_default()
}

pub(super) fn stored_variant(variant: Variant) -> StoredVariant {
    let limit = |s: Supply| match s {
        Supply::Limited(n) => Some(i64::from(n)),
        Supply::Unlimited => None,
    };
    StoredVariant {
        size: i64::from(variant.size()),
        tiles: limit(variant.tiles()),
        bridges: limit(variant.bridges()),
    }
}

impl ChallengeView {
    pub(super) fn new(row: ChallengeRow, challenger: Player, opponent: Option<Player>) -> Self {
        ChallengeView {
            id: row.id,
            challenger,
            opponent,
            options: ChallengeOptions {
                variant: variant_of(StoredVariant {
                    size: row.size,
                    tiles: row.tiles,
                    bridges: row.bridges,
                }),
                move_time: row.move_seconds.map(|s| Duration::from_secs(s as u64)),
                rated: row.rated,
            },
            venue: Venue {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
            },
            message_id: row.message_id,
            status: ChallengeStatus::parse(&row.status),
            game_id: row.game_id,
            expires_at: row.expires_at,
            opener: row.opener_id.unwrap_or(row.challenger_id),
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played out and scored; the tiebreak that decided.
    Score(Tiebreak),
    Resignation,
    /// The player to move ran out of time.
    Timeout,
    /// Called off before it was decided; no winner.
    Aborted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// `None` for a draw or an aborted game.
    pub winner: Option<Color>,
    pub ending: Ending,
}

/// A move of the log as front ends show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedMove {
    pub ply: u32,
    pub player_id: PlayerId,
    pub mv: Move,
    /// A pass the service made for a player who had no move.
    pub forced: bool,
    pub played_at: Millis,
}

/// A game: its players, its position rebuilt from the move log, and its state.
#[derive(Clone, Debug)]
pub struct GameView {
    pub id: GameId,
    pub white: Player,
    pub red: Player,
    /// The player who placed White's first tiles.
    pub opener: PlayerId,
    pub game: Game,
    pub moves: Vec<LoggedMove>,
    /// `None` while the game goes on.
    pub result: Option<GameResult>,
    pub move_time: Option<Duration>,
    pub deadline_at: Option<Millis>,
    pub rated: bool,
    pub venue: Venue,
    pub thread_id: Option<i64>,
    /// Bumped by every write: a button made for one version is stale at the next.
    pub version: i64,
    pub created_at: Millis,
    pub updated_at: Millis,
}

/// The move log did not replay: the database holds a game the engine rejects.
#[derive(Debug, thiserror::Error)]
#[error("game #{game} is damaged: move {ply} ({notation}) does not replay: {reason}")]
pub struct DamagedLog {
    pub game: GameId,
    pub ply: i64,
    pub notation: String,
    pub reason: String,
}

/// Replays a stored log with the engine.
pub(super) fn replay_log(row: &GameRow, moves: &[MoveRow]) -> Result<Game, DamagedLog> {
    let mut game = Game::new(variant_of(StoredVariant {
        size: row.size,
        tiles: row.tiles,
        bridges: row.bridges,
    }));
    for logged in moves {
        let damaged = |reason: String| DamagedLog {
            game: row.id,
            ply: logged.ply,
            notation: logged.notation.clone(),
            reason,
        };
        let mv: Move = logged
            .notation
            .parse()
            .map_err(|e| damaged(format!("{e}")))?;
        game.play(mv).map_err(|e| damaged(e.to_string()))?;
    }
    Ok(game)
}

impl GameView {
    pub(super) fn new(
        row: GameRow,
        moves: Vec<MoveRow>,
        white: Player,
        red: Player,
    ) -> Result<GameView, DamagedLog> {
        let game = replay_log(&row, &moves)?;
        let result = match (row.status.as_str(), game.outcome()) {
            (_, Some(Outcome::Score { winner, decided_by })) => Some(GameResult {
                winner,
                ending: Ending::Score(decided_by),
            }),
            (_, Some(Outcome::Resignation { winner })) => Some(GameResult {
                winner: Some(winner),
                ending: Ending::Resignation,
            }),
            ("aborted", None) => Some(GameResult {
                winner: None,
                ending: Ending::Aborted,
            }),
            ("finished", None) => Some(GameResult {
                winner: match row.winner.as_deref() {
                    Some("white") => Some(Color::White),
                    Some("red") => Some(Color::Red),
                    _ => None,
                },
                ending: Ending::Timeout,
            }),
            _ => None,
        };
        let moves = moves
            .into_iter()
            .filter_map(|m| {
                Some(LoggedMove {
                    ply: m.ply as u32,
                    player_id: m.player_id,
                    mv: m.notation.parse().ok()?,
                    forced: m.forced,
                    played_at: m.played_at,
                })
            })
            .collect();
        Ok(GameView {
            id: row.id,
            white,
            red,
            opener: row.opener_id,
            game,
            moves,
            result,
            move_time: row.move_seconds.map(|s| Duration::from_secs(s as u64)),
            deadline_at: row.deadline_at,
            rated: row.rated,
            venue: Venue {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
            },
            thread_id: row.thread_id,
            version: row.version,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    pub fn player(&self, color: Color) -> &Player {
        match color {
            Color::White => &self.white,
            Color::Red => &self.red,
        }
    }

    pub fn color_of(&self, player: PlayerId) -> Option<Color> {
        if self.white.id == player {
            Some(Color::White)
        } else if self.red.id == player {
            Some(Color::Red)
        } else {
            None
        }
    }

    /// The colour and player to move, while the game goes on.
    pub fn to_move(&self) -> Option<(Color, &Player)> {
        if self.is_over() {
            return None;
        }
        let color = self.game.to_move()?;
        Some((color, self.player(color)))
    }

    /// Whether the second player is choosing: swap to White, or keep Red and place.
    pub fn awaiting_pie_choice(&self) -> bool {
        !self.is_over() && self.game.plies() == 1 && self.game.is_legal(Move::Swap)
    }

    /// The board picture (PNG bytes) with this game's caption. Takes a few milliseconds: call it
    /// off the async threads (`spawn_blocking`).
    pub fn png(&self) -> Vec<u8> {
        let ending = self.result.and_then(|result| match result.ending {
            Ending::Timeout => result.winner.map(|winner| {
                format!(
                    "{} ({}) ran out of time: {} ({winner}) wins",
                    self.player(winner.other()).name,
                    winner.other(),
                    self.player(winner).name
                )
            }),
            Ending::Aborted => Some("The game was aborted: no result".to_string()),
            _ => None,
        });
        render_png(&Picture {
            game: &self.game,
            white: &self.white.name,
            red: &self.red.name,
            title: &format!("Game #{}", self.id),
            ending: ending.as_deref(),
        })
    }

    /// The game record in the notation `ponte replay` reads.
    pub fn record(&self) -> Record {
        Record {
            variant: self.game.variant(),
            moves: self
                .moves
                .iter()
                .map(|m| RecordedMove {
                    line: m.ply as usize,
                    mv: Ok(m.mv),
                    text: m.mv.to_string(),
                })
                .collect(),
        }
    }
}

/// One move a submission led to: the player's own, then any pass the service made for a player
/// who had no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub player: Player,
    pub color: Color,
    pub mv: Move,
    pub forced: bool,
}

/// What a submitted move did.
#[derive(Clone, Debug)]
pub struct MoveReport {
    pub played: Vec<PlayedMove>,
    /// The game after the move.
    pub game: GameView,
}
