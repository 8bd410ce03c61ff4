//! What the service hands to front ends: games, challenges and moves as plain values, and the
//! words for how a game ended that every front end (and the picture) uses.

use crate::ids::{ChannelId, GuildId, MessageId};
use std::time::Duration;

use crate::ai::Level;
use crate::game::{Color, Game, Move, Outcome, Record, RecordedMove, Tiebreak, Variant};
use crate::i18n::{Lang, move_words, with_color};
use crate::render::{Picture, caption_name, render_png};
use crate::store::{
    ChallengeId, ChallengeRow, ChallengeStatus, GameId, GameRow, GameStatus, Millis, PlayerId,
    TournamentId, Winner,
};
use crate::tr;

use super::move_log::{LoggedMove, Position};

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
    pub guild_id: Option<GuildId>,
    pub channel_id: Option<ChannelId>,
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

/// "no time limit", "1 day per move", "3 days per move", "1 hour per move", "90 minutes per
/// move" (in `lang`).
pub fn move_time_words(lang: Lang, move_time: Option<Duration>) -> String {
    let Some(t) = move_time else {
        return tr!(lang, "move-time-none");
    };
    let seconds = t.as_secs();
    if seconds.is_multiple_of(86_400) {
        tr!(lang, "move-time-days", n = seconds / 86_400)
    } else if seconds.is_multiple_of(3600) {
        tr!(lang, "move-time-hours", n = seconds / 3600)
    } else {
        tr!(lang, "move-time-minutes", n = (seconds / 60).max(1))
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
    pub message_id: Option<MessageId>,
    pub status: ChallengeStatus,
    pub game_id: Option<GameId>,
    pub expires_at: Millis,
    /// Who will open the game: the challenger, or in a rematch the loser.
    pub opener: PlayerId,
}

fn move_time(seconds: Option<i64>) -> Option<Duration> {
    seconds.map(|s| Duration::from_secs(s as u64))
}

impl ChallengeView {
    pub(super) fn new(row: &ChallengeRow, challenger: Player, opponent: Option<Player>) -> Self {
        ChallengeView {
            id: row.id,
            challenger,
            opponent,
            options: ChallengeOptions {
                variant: row.variant,
                move_time: move_time(row.move_seconds),
                rated: row.rated,
            },
            venue: Venue {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
            },
            message_id: row.message_id,
            status: row.status,
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

impl GameResult {
    /// The result the rules themselves decided, if they did.
    pub fn of_outcome(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Score { winner, decided_by } => GameResult {
                winner,
                ending: Ending::Score(decided_by),
            },
            Outcome::Resignation { winner } => GameResult {
                winner: Some(winner),
                ending: Ending::Resignation,
            },
        }
    }

    /// How the game ended, in the one sentence every front end and the picture use: "alice
    /// (white) wins on points (12–9)". `name` names the player of a colour (a mention on
    /// Discord, a shortened name in the picture); the colour follows in brackets.
    pub fn describe(&self, lang: Lang, game: &Game, name: impl Fn(Color) -> String) -> String {
        let side = |color: Color| with_color(lang, &name(color), color);
        let score = |color: Color| game.score(color);
        match (self.ending, self.winner) {
            (Ending::Aborted, _) => tr!(lang, "result-aborted"),
            (Ending::Resignation, Some(winner)) => {
                tr!(lang, "result-resignation", winner = side(winner))
            }
            (Ending::Timeout, Some(winner)) => tr!(
                lang,
                "result-timeout",
                winner = side(winner),
                loser = side(winner.other())
            ),
            (Ending::Score(tiebreak), Some(winner)) => {
                let (ours, theirs) = (score(winner), score(winner.other()));
                let winner = side(winner);
                match tiebreak {
                    Tiebreak::Islands => tr!(
                        lang,
                        "result-islands",
                        winner = winner,
                        points = ours.points,
                        ours = ours.islands,
                        theirs = theirs.islands
                    ),
                    Tiebreak::Bridges => tr!(
                        lang,
                        "result-bridges",
                        winner = winner,
                        ours = ours.bridges,
                        theirs = theirs.bridges
                    ),
                    Tiebreak::Points | Tiebreak::Draw => tr!(
                        lang,
                        "result-points",
                        winner = winner,
                        ours = ours.points,
                        theirs = theirs.points
                    ),
                }
            }
            (_, None) => {
                let [white, red] = Color::BOTH.map(score);
                tr!(lang, "result-draw", white = white.points, red = red.points)
            }
        }
    }
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
    /// The player to move is on vacation until then: their clock stands still (and
    /// `deadline_at` is `None`).
    pub away_until: Option<Millis>,
    pub rated: bool,
    pub venue: Venue,
    pub thread_id: Option<ChannelId>,
    /// Bumped by every write: a button made for one version is stale at the next.
    pub version: i64,
    pub created_at: Millis,
    pub updated_at: Millis,
    /// In a game against the AI: the player who is the AI, and its level.
    pub ai: Option<(PlayerId, Level)>,
    /// In a tournament: which, and the round.
    pub tournament: Option<(TournamentId, u32)>,
    /// The hints the player was given (in a game against the AI).
    pub hints: u32,
}

impl GameView {
    /// The view of a stored game whose log replays to `position`.
    pub(super) fn new(row: GameRow, position: &Position) -> GameView {
        let game = position.game.clone();
        let result = match (game.outcome(), row.status) {
            (Some(outcome), _) => Some(GameResult::of_outcome(outcome)),
            (None, GameStatus::Active) => None,
            (None, GameStatus::Aborted) => Some(GameResult {
                winner: None,
                ending: Ending::Aborted,
            }),
            // The rules did not end it, so the clock did.
            (None, GameStatus::Finished) => Some(GameResult {
                winner: match row.winner {
                    Some(Winner::White) => Some(Color::White),
                    Some(Winner::Red) => Some(Color::Red),
                    Some(Winner::Draw) | None => None,
                },
                ending: Ending::Timeout,
            }),
        };
        GameView {
            id: row.id,
            white: Player::new(row.white_id, row.white_name),
            red: Player::new(row.red_id, row.red_name),
            opener: row.opener_id,
            game,
            moves: position.moves.clone(),
            result,
            move_time: move_time(row.move_seconds),
            deadline_at: row.clock.deadline_at,
            away_until: row.clock.paused_until,
            rated: row.rated,
            venue: Venue {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
            },
            thread_id: row.thread_id,
            version: row.version,
            created_at: row.created_at,
            updated_at: row.updated_at,
            ai: row
                .ai_player_id
                .zip(row.ai_level.map(super::levels::level_of)),
            tournament: row
                .tournament_id
                .zip(row.tournament_round.map(|r| r as u32)),
            hints: u32::try_from(row.hints).unwrap_or_default(),
        }
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

    /// How the game ended ([`GameResult::describe`]), naming players with `name`; `None` while
    /// it goes on.
    pub fn result_words(&self, lang: Lang, name: impl Fn(&Player) -> String) -> Option<String> {
        let result = self.result?;
        Some(result.describe(lang, &self.game, |color| name(self.player(color))))
    }

    /// How play came to its end in a game the score decided: White passed and Red's move
    /// after it was the last turn, or Red passed first (which ends the game at once); `None`
    /// for every other ending.
    pub fn end_of_play_words(&self, lang: Lang) -> Option<String> {
        if !matches!(self.result?.ending, Ending::Score(_)) {
            return None;
        }
        let name = |color: Color| with_color(lang, &self.player(color).name, color);
        let mut moves = self.moves.iter().rev();
        let last = moves.next()?;
        let after_pass = moves
            .next()
            .is_some_and(|before| before.color == Color::White && before.mv == Move::Pass);
        Some(if after_pass {
            tr!(
                lang,
                "result-end-last-turn",
                white = name(Color::White),
                red = name(Color::Red),
                move = move_words(lang, last.mv)
            )
        } else {
            tr!(lang, "result-end-red-passed", red = name(Color::Red))
        })
    }

    /// The board picture (PNG bytes) with this game's caption in `lang`, drawn off the async
    /// threads (it takes a few milliseconds).
    ///
    /// # Errors
    /// Only when drawing panicked.
    pub async fn png(&self, lang: Lang) -> Result<Vec<u8>, tokio::task::JoinError> {
        let ending = self.result_words(lang, |p| caption_name(&p.name));
        let title = tr!(lang, "caption-title", id = self.id);
        let game = self.game.clone();
        let (white, red) = (self.white.name.clone(), self.red.name.clone());
        tokio::task::spawn_blocking(move || {
            render_png(&Picture {
                game: &game,
                white: &white,
                red: &red,
                title: &title,
                ending: ending.as_deref(),
                lang,
            })
        })
        .await
    }

    /// The position after the first `n` moves (an earlier moment, for stepping back through
    /// the game); `None` past the last move.
    ///
    /// # Errors
    /// Why a move of the log is illegal, which only a log changed under the cache could make it.
    pub fn position_after(&self, n: usize) -> Result<Option<Game>, String> {
        let Some(moves) = self.moves.get(..n) else {
            return Ok(None);
        };
        Ok(Some(Position::replayed(self.game.variant(), moves)?.game))
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

impl MoveReport {
    /// The report of the plies from `first` on of `game`'s log, each with the colour it was
    /// played for as the log recorded it: the same whether it is made as the move is saved or
    /// later for a delivery.
    pub(super) fn of(game: GameView, first: i64) -> MoveReport {
        let played = game
            .moves
            .iter()
            .filter(|m| i64::from(m.ply) >= first)
            .map(|m| PlayedMove {
                player: if game.white.id == m.player_id {
                    game.white.clone()
                } else {
                    game.red.clone()
                },
                color: m.color,
                mv: m.mv,
                forced: m.forced,
            })
            .collect();
        MoveReport { played, game }
    }
}

/// What became of a submitted move.
#[derive(Clone, Debug)]
pub enum MoveOutcome {
    Played(MoveReport),
    /// The time for the move had run out: the game is now lost on time (and saved so), and
    /// nothing was played.
    LostOnTime(GameView),
}

/// What became of an abort.
#[derive(Clone, Debug)]
pub enum AbortOutcome {
    Aborted(GameView),
    /// The time for the move had run out first: the game is lost on time instead.
    LostOnTime(GameView),
}

impl From<Option<Color>> for Winner {
    /// The stored winner of a decided game: a colour, or a draw.
    fn from(winner: Option<Color>) -> Winner {
        match winner {
            Some(Color::White) => Winner::White,
            Some(Color::Red) => Winner::Red,
            None => Winner::Draw,
        }
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    #[test]
    fn times_per_move_are_said_in_words() {
        let words = |s| move_time_words(Lang::En, Some(Duration::from_secs(s)));
        assert_eq!(move_time_words(Lang::En, None), "no time limit");
        assert_eq!(words(3600), "1 hour per move");
        assert_eq!(words(7200), "2 hours per move");
        assert_eq!(words(86_400), "1 day per move");
        assert_eq!(words(3 * 86_400), "3 days per move");
        assert_eq!(words(60), "1 minute per move");
        assert_eq!(words(5400), "90 minutes per move");
        let german = |s| move_time_words(Lang::De, Some(Duration::from_secs(s)));
        assert_eq!(german(86_400), "1 Tag pro Zug");
        assert_eq!(german(3 * 86_400), "3 Tage pro Zug");
        assert_eq!(
            move_time_words(Lang::Fr, Some(Duration::from_secs(3600))),
            "1 heure par coup"
        );
    }
}
