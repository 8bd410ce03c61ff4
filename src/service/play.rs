//! Playing: finding a game, moves (with the passes the rules force), resignations and aborts.
//! A move is checked and saved under the game's write lock, on the position read once there.

use crate::ids::ChannelId;
use std::sync::Arc;

use super::correspondence_clock::CorrespondenceClock;
use super::saving::Ending;
use super::vacations::{as_of, clock_of, stop_clock_if_away};
use super::{
    AbortOutcome, Actor, GameId, GameView, LoggedMove, Millis, MoveOutcome, MoveReport, PlayerId,
    Result, Sent, Service, ServiceError,
};
use crate::game::{BadMove, Color, Game, IllegalMove, Move, Outcome};
use crate::store::{
    ClockTimes, EndReason, GameChange, GameRow, GameStatus, GameUpdate, GameWrite, NewMove,
    StoreError,
};

impl Service {
    /// # Errors
    /// [`ServiceError::UnknownGame`]; a damaged log; database failures.
    pub async fn game(&self, id: GameId) -> Result<GameView> {
        let row = self.row(id).await?;
        self.view(row).await
    }

    /// Game `id`'s stored row.
    ///
    /// # Errors
    /// [`ServiceError::UnknownGame`]; database failures.
    pub(super) async fn row(&self, id: GameId) -> Result<GameRow> {
        self.store
            .game(id)
            .await?
            .ok_or(ServiceError::UnknownGame(id))
    }

    /// Game `id` as `asker` may see it: from the server it belongs to, or by one of its players
    /// in direct messages. Any other game is "no game #id" (ids are sequential, so saying more
    /// would let every server read every other's games).
    ///
    /// # Errors
    /// [`ServiceError::UnknownGame`]; database failures.
    pub async fn game_for(&self, id: GameId, asker: &Actor) -> Result<GameView> {
        let row = self.reachable_row(id, asker).await?;
        self.view(row).await
    }

    /// Checks that `asker` may reach game `id` (see [`Service::game_for`]) without replaying it.
    ///
    /// # Errors
    /// [`ServiceError::UnknownGame`]; database failures.
    pub async fn check_reach(&self, id: GameId, asker: &Actor) -> Result<()> {
        self.reachable_row(id, asker).await.map(drop)
    }

    async fn reachable_row(&self, id: GameId, asker: &Actor) -> Result<GameRow> {
        let row = self.store.game(id).await?;
        let reachable = |row: &GameRow| asker.reaches(row);
        row.filter(reachable).ok_or(ServiceError::UnknownGame(id))
    }

    /// The game a command typed in `channel` by `player` is about: the player's only active
    /// game shown in that channel, else the game of that thread. Reads no move log.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::WhichGame`] when several match.
    pub async fn game_id_here(&self, channel: ChannelId, player: PlayerId) -> Result<GameId> {
        Ok(self.row_here(channel, player).await?.id)
    }

    /// The view of [`Service::game_id_here`]'s game.
    ///
    /// # Errors
    /// As [`Service::game_id_here`]; a damaged log.
    #[tracing::instrument(skip(self))]
    pub async fn game_here(&self, channel: ChannelId, player: PlayerId) -> Result<GameView> {
        let row = self.row_here(channel, player).await?;
        self.view(row).await
    }

    async fn row_here(&self, channel: ChannelId, player: PlayerId) -> Result<GameRow> {
        // The player's own active games shown here come first: a new game started in an old
        // game's thread must not be shadowed by it.
        let mut mine: Vec<GameRow> = self
            .store
            .active_games_in(channel)
            .await?
            .into_iter()
            .filter(|g| g.white_id == player || g.red_id == player)
            .collect();
        match mine.len() {
            1 => return Ok(mine.remove(0)),
            0 => {}
            _ => {
                return Err(ServiceError::WhichGame(
                    mine.iter()
                        .map(|g| format!("#{}", g.id))
                        .collect::<Vec<_>>()
                        .join(", "),
                ));
            }
        }
        // Else the game this thread belongs to, over or not, whoever asks (`/board`, `/export`).
        self.store
            .game_in_thread(channel)
            .await?
            .ok_or(ServiceError::NoGameHere)
    }

    /// A player's active games, oldest first.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn active_games(&self, player: PlayerId) -> Result<Vec<GameView>> {
        self.views(self.store.active_games_of(player).await?).await
    }

    /// The active games played outside Discord (the terminal's), oldest first.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn active_games_off_discord(&self) -> Result<Vec<GameView>> {
        self.views(self.store.active_games_off_discord().await?)
            .await
    }

    /// Records the thread a game is played in (`None`: in its channel).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_thread(&self, game: GameId, thread: Option<ChannelId>) -> Result<()> {
        Ok(self.store.set_thread(game, thread).await?)
    }

    /// `player` plays `mv` in game `id` (a front end parses the player's text once, and answers
    /// a parse failure with [`Service::unparsed`]).
    ///
    /// A resignation is accepted at any time and always for the player's own colour. After the
    /// move, a player who can neither place two tiles nor bridge passes automatically (the
    /// report says so). `expected_version`, when given, is the version the player saw (a
    /// button's): if the game moved on since, nothing is played. Past the deadline nothing is
    /// played either: the game is lost on time ([`MoveOutcome::LostOnTime`]).
    ///
    /// # Errors
    /// Unknown game, not a participant, not their turn, game over, a stale version, an illegal
    /// move (with the engine's reason); nothing is written then.
    #[tracing::instrument(skip(self))]
    pub async fn play(
        &self,
        id: GameId,
        player: PlayerId,
        mv: Move,
        expected_version: Option<i64>,
    ) -> Result<MoveOutcome> {
        self.play_sent(id, player, mv, expected_version, None).await
    }

    /// [`Service::play`], for a move `sent` at a known time on the front end's clock (Discord's).
    /// A move sent before the game's last move was saved, by a player whose turn it was not
    /// then, was made against a position its sender never saw: it is refused as
    /// [`ServiceError::PositionChanged`] (a resignation is not).
    ///
    /// # Errors
    /// As [`Service::play`].
    #[tracing::instrument(skip(self))]
    pub async fn play_sent(
        &self,
        id: GameId,
        player: PlayerId,
        mv: Move,
        expected_version: Option<i64>,
        sent: Option<Sent>,
    ) -> Result<MoveOutcome> {
        let fresh = |row: &GameRow| match expected_version {
            Some(version) if version != row.version => Err(ServiceError::PositionChanged),
            _ => Ok(()),
        };
        let seated = |row: &GameRow| mover_in(row, player);
        let write = self.store.write_game(id).await?;
        let (mut write, mover, now) = match self.guard_active(id, write, fresh, seated).await? {
            Opened::Open {
                write,
                checked,
                now,
            } => (write, checked, now),
            Opened::LostOnTime(view) => return Ok(MoveOutcome::LostOnTime(view)),
        };
        let row = write.game.clone();
        // A player resigns for their own colour, whatever the move said.
        let mv = match mv {
            Move::Resign(_) => Move::Resign(Some(mover)),
            mv => mv,
        };
        let position = self.position_for_write(&mut write).await?;
        let blind = sent.is_some_and(|sent| sent_blind(sent, &row, &position.moves, player));
        if blind && !matches!(mv, Move::Resign(_)) {
            return Err(ServiceError::PositionChanged);
        }
        let mut game = position.game.clone();
        let to_move = game.to_move().ok_or(ServiceError::GameOver(id))?;
        if !matches!(mv, Move::Resign(_)) && to_move != mover {
            let names = [&row.white_name, &row.red_name];
            return Err(ServiceError::NotYourTurn(names[to_move.index()].clone()));
        }
        game.play(mv)?;
        let first = row.plies + 1;
        let played = MoveMade {
            first,
            player,
            color: mover,
            mv,
            at: now,
        };
        let (new_moves, players) = with_forced_passes(&mut game, &row, played)?;

        let mut update = game_update(&game, players, &row, now);
        stop_clock_if_away(&mut write, &mut update, now).await?;
        if let Some(sent) = sent {
            write.seen_at(sent.saved_at());
        }
        let change = GameChange {
            moves: new_moves.iter().map(NewMove::from).collect(),
            update,
        };
        let position = Arc::new(position.extended(game, &new_moves));
        let view = match self.save_game_change(write, change, position, now).await {
            Ok(view) => view,
            Err(StoreError::Conflict) => return Err(ServiceError::PositionChanged),
            Err(other) => return Err(other.into()),
        };
        Ok(MoveOutcome::Played(MoveReport::of(view, first)))
    }

    /// What a front end answers for a player's text that is not a move of game `id`: a cell
    /// beyond every board is named as off this game's board, as the engine names one off it.
    pub async fn unparsed(&self, id: GameId, bad: BadMove) -> ServiceError {
        match bad {
            BadMove::NotAMove(text) => ServiceError::NotAMove(text),
            BadMove::OffEveryBoard(cell) => match self.row(id).await {
                Ok(row) => IllegalMove::OffBoard {
                    cell,
                    size: row.variant.size(),
                }
                .into(),
                Err(error) => error,
            },
        }
    }

    /// Calls a game off without a result and unrated: by either player before Red's first move
    /// (the game's second move, placement or swap), or at any time by a member who manages the
    /// game's server. Past the deadline the game is lost on time instead.
    ///
    /// # Errors
    /// Unknown or finished games; too late; someone else's game.
    #[tracing::instrument(skip(self))]
    pub async fn abort(&self, id: GameId, actor: &Actor) -> Result<AbortOutcome> {
        // A tournament game is not called off by its players (the pairing would be lost):
        // they resign or withdraw; the server's managers still may.
        let by_players = |row: &GameRow| match row.tournament_id {
            Some(_) if !actor.manages(row.guild_id) => Err(ServiceError::TournamentGameAbort(id)),
            _ => Ok(()),
        };
        let write = self.store.write_game(id).await?;
        let (mut write, now) = match self.guard_active(id, write, by_players, |_| Ok(())).await? {
            Opened::Open { write, now, .. } => (write, now),
            Opened::LostOnTime(view) => return Ok(AbortOutcome::LostOnTime(view)),
        };
        let row = write.game.clone();
        let manager = actor.manages(row.guild_id);
        let participant = actor.id() == row.white_id || actor.id() == row.red_id;
        if !manager {
            if !participant {
                return Err(ServiceError::NotYourAbort(id));
            }
            // Red's first move is the second move of the game: two red tiles, or the swap
            // (which is Red's choice too). After it both players have committed.
            if row.plies >= 2 {
                return Err(ServiceError::TooLateToAbort);
            }
        }
        let position = self.position_for_write(&mut write).await?;
        let change = GameChange {
            moves: Vec::new(),
            update: Ending::Aborted.update([row.white_id, row.red_id], row.rated),
        };
        match self.save_game_change(write, change, position, now).await {
            Ok(view) => Ok(AbortOutcome::Aborted(view)),
            Err(StoreError::Conflict) => Err(ServiceError::PositionChanged),
            Err(other) => Err(other.into()),
        }
    }

    /// Checks that `player` may make the pie choice of game `id` as seen at `version` (the
    /// "Keep Red" button changes nothing: the player then places two red tiles).
    ///
    /// # Errors
    /// Unknown or finished games, not their turn, or the choice already made.
    #[tracing::instrument(skip(self))]
    pub async fn check_pie_choice(
        &self,
        id: GameId,
        player: PlayerId,
        version: Option<i64>,
    ) -> Result<GameView> {
        let game = self.game(id).await?;
        if game.color_of(player).is_none() {
            return Err(ServiceError::NotYourGame(id));
        }
        let Some((_, to_move)) = game.to_move() else {
            return Err(ServiceError::GameOver(id));
        };
        if to_move.id != player {
            return Err(ServiceError::NotYourTurn(to_move.name.clone()));
        }
        if version != Some(game.version) || !game.awaiting_pie_choice() {
            return Err(ServiceError::PositionChanged);
        }
        Ok(game)
    }

    /// The one guard of a player's action on game `id`, given its write as just opened
    /// (`None`: no such game), on the game as it stands now (see [`as_of`]): `first` checks
    /// the action before anything else, a game over refuses it, then `checked` checks it
    /// against the active game, and its value is kept. Past the deadline the game is lost on
    /// time instead, whoever acts.
    ///
    /// # Errors
    /// [`ServiceError::UnknownGame`], [`ServiceError::GameOver`], the checks' own errors;
    /// database failures.
    async fn guard_active<'a, T>(
        &'a self,
        id: GameId,
        write: Option<GameWrite<'a>>,
        first: impl FnOnce(&GameRow) -> Result<()>,
        checked: impl FnOnce(&GameRow) -> Result<T>,
    ) -> Result<Opened<'a, T>> {
        let mut write = write.ok_or(ServiceError::UnknownGame(id))?;
        // A vacation whose days are used stops no clock.
        write.game = as_of(write.game, self.now());
        first(&write.game)?;
        if write.game.status != GameStatus::Active {
            return Err(ServiceError::GameOver(id));
        }
        let checked = checked(&write.game)?;
        let now = self.now();
        if clock_of(&write.game).out_of_time(now) {
            return self.lost_on_time(write, now).await.map(Opened::LostOnTime);
        }
        Ok(Opened::Open {
            write,
            checked,
            now,
        })
    }

    /// Ends an overdue game on time for a player who tried to act in it.
    async fn lost_on_time(&self, write: GameWrite<'_>, now: i64) -> Result<GameView> {
        let id = write.game.id;
        match self.end_on_time(write, now).await? {
            Some(view) => Ok(view),
            // Decided meanwhile by another writer: show it as it now stands.
            None => self.game(id).await,
        }
    }
}

/// The fields of the game of `row` after a move: who is who, whose turn, the result, the next
/// clock (none when the AI is to move: its moves are never on the clock, only the human's).
fn game_update(game: &Game, players: [PlayerId; 2], row: &GameRow, now: i64) -> GameUpdate {
    if let Some(outcome) = game.outcome() {
        let reason = match outcome {
            Outcome::Score { .. } => EndReason::Score,
            Outcome::Resignation { .. } => EndReason::Resign,
        };
        let winner = outcome.winner();
        return Ending::Decided { winner, reason }.update(players, row.rated);
    }
    let to_move_id = game.to_move().map(|c| players[c.index()]);
    let clock = CorrespondenceClock::new(row.move_seconds);
    let clock = match to_move_id {
        Some(id) if Some(id) == row.ai_player_id => ClockTimes::default(),
        Some(_) => clock.start(now).times(),
        None => clock.stop().times(),
    };
    GameUpdate {
        white_id: players[0],
        red_id: players[1],
        status: GameStatus::Active,
        winner: None,
        end_reason: None,
        to_move_id,
        clock,
        rated: row.rated,
    }
}

/// A game's write opened for a player's action, or the loss on time the action found.
// The open write is the larger by far and the common case; the value lives for one call.
#[allow(clippy::large_enum_variant)]
enum Opened<'a, T> {
    /// Open, with what the action's check gave and the time it was made at.
    Open {
        write: GameWrite<'a>,
        checked: T,
        now: Millis,
    },
    LostOnTime(GameView),
}

/// The colour `player` plays in the game of `row`.
fn mover_in(row: &GameRow, player: PlayerId) -> Result<Color> {
    Color::BOTH
        .into_iter()
        .find(|c| [row.white_id, row.red_id][c.index()] == player)
        .ok_or(ServiceError::NotYourGame(row.id))
}

/// Whether a move `sent` by `player` was made against a position its sender never saw: sent
/// before the last move (of `moves`, the game's log) was saved, in the same millisecond counts
/// as before, and that move was the other player's.
fn sent_blind(sent: Sent, row: &GameRow, moves: &[LoggedMove], player: PlayerId) -> bool {
    let Some(seen) = row.last_move_seen_at else {
        return false;
    };
    let last_mover = moves.iter().rev().find(|m| !m.forced);
    sent.at <= seen && last_mover.is_some_and(|m| m.player_id != player)
}

/// A player's move as it was played, before the passes it forces.
#[derive(Clone, Copy)]
struct MoveMade {
    /// Its ply.
    first: i64,
    player: PlayerId,
    color: Color,
    mv: Move,
    at: Millis,
}

/// The move `played` (already played on `game`) and the passes it forces, as logged, with the
/// players of White and Red after it (a swap exchanges them). A player with no move at all
/// passes; that may end the game or leave the other stuck.
fn with_forced_passes(
    game: &mut Game,
    row: &GameRow,
    played: MoveMade,
) -> Result<(Vec<LoggedMove>, [PlayerId; 2])> {
    let logged = |ply: i64, player_id, color, mv, forced| LoggedMove {
        ply: u32::try_from(ply).unwrap_or(u32::MAX),
        player_id,
        color,
        mv,
        forced,
        played_at: played.at,
    };
    let mut players = [row.white_id, row.red_id];
    let mut moves = vec![logged(
        played.first,
        played.player,
        played.color,
        played.mv,
        false,
    )];
    if played.mv == Move::Swap {
        players.swap(0, 1);
    }
    while game.must_pass() {
        let color = game.to_move().ok_or(ServiceError::GameOver(row.id))?;
        game.play(Move::Pass)?;
        let ply = played.first + moves.len() as i64;
        moves.push(logged(ply, players[color.index()], color, Move::Pass, true));
    }
    Ok((moves, players))
}

impl From<&LoggedMove> for NewMove {
    fn from(m: &LoggedMove) -> NewMove {
        NewMove {
            player_id: m.player_id,
            notation: m.mv.to_string(),
            forced: m.forced,
        }
    }
}
