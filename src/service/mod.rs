//! The game service: the one place that combines the rules engine with the store. Every front end
//! (the Discord bot, the local terminal mode) calls it with player ids and move text and gets
//! plain results or typed errors whose messages a player understands.

mod clock;
pub mod ratings;
mod views;

use std::sync::Arc;
use std::time::Duration;

pub use clock::{Clock, ManualClock, OffsetClock, SystemClock};
pub use views::{
    ChallengeOptions, ChallengeStatus, ChallengeView, DamagedLog, Ending, GameResult, GameView,
    LoggedMove, MoveReport, PlayedMove, Player, Venue, move_time_words,
};

use crate::game::{BadMove, Color, Game, IllegalMove, Move, Outcome};
use crate::store::{
    ChallengeId, ChallengeRow, GameId, GameRow, GameUpdate, GameWrite, MoveRow, NamedRating,
    NewChallenge, NewMove, PlayerId, RatingPoint, Store, StoreError,
};
use views::{replay_log, stored_variant};

/// How long a challenge waits for an answer.
pub const CHALLENGE_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// Why the service refused a request. The messages are for the player who asked.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("there is no game #{0}")]
    UnknownGame(GameId),
    #[error("there is no challenge #{0}")]
    UnknownChallenge(ChallengeId),
    #[error("you are not playing in game #{0}")]
    NotYourGame(GameId),
    #[error("it is not your turn: {0} is to move")]
    NotYourTurn(String),
    #[error("game #{0} is over")]
    GameOver(GameId),
    #[error("the position changed before your move arrived: look at the new board and try again")]
    PositionChanged,
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    #[error("{0}")]
    NotAMove(String),
    #[error("you cannot challenge yourself")]
    SelfChallenge,
    #[error("you cannot accept your own challenge")]
    OwnChallenge,
    #[error("this challenge is for {0}")]
    NotForYou(String),
    #[error("only {0} can cancel this challenge")]
    NotYourChallenge(String),
    #[error("an open challenge cannot be declined; just leave it, it expires by itself")]
    OpenChallengeDecline,
    #[error("this challenge has expired")]
    ChallengeExpired,
    #[error("this challenge was already {0}")]
    ChallengeClosed(&'static str),
    #[error("there is no game of yours here")]
    NoGameHere,
    #[error("the time for this move ran out: game #{0} is lost on time")]
    TimeRanOut(GameId),
    #[error("a game can only be aborted before Red's first move; after that, resign")]
    TooLateToAbort,
    #[error("only the players, or a member who can manage this server, can abort game #{0}")]
    NotYourAbort(GameId),
    #[error("rematches are for the two players of game #{0}")]
    NotYourRematch(GameId),
    #[error("game #{0} is not over yet")]
    NotOver(GameId),
    #[error("leaderboards belong to a server")]
    NoServer,
    #[error("you have several games here: say which one ({0})")]
    WhichGame(String),
    #[error(transparent)]
    Damaged(#[from] DamagedLog),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ServiceError {
    /// Whether the error is the player's to fix (shown to them), not a fault of the service.
    pub fn is_user_error(&self) -> bool {
        !matches!(self, ServiceError::Damaged(_) | ServiceError::Store(_))
    }
}

pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
}

impl Service {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service { store, clock }
    }

    /// Opens the database at `url` with the system clock.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Service> {
        Service::open_with_clock(url, Arc::new(SystemClock)).await
    }

    /// Opens the database at `url` with another clock.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open_with_clock(url: &str, clock: Arc<dyn Clock>) -> Result<Service> {
        Ok(Service::new(Store::open(url).await?, clock))
    }

    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    async fn player(&self, id: PlayerId) -> Result<Player> {
        let row = self.store.player(id).await?;
        Ok(row.map_or_else(
            || Player::new(id, format!("player {id}")),
            |r| Player::new(r.id, r.name),
        ))
    }

    // ---- challenges ---------------------------------------------------------------------------

    /// `challenger` challenges `opponent`, or anyone when `opponent` is `None`.
    ///
    /// # Errors
    /// [`ServiceError::SelfChallenge`]; database failures.
    pub async fn challenge(
        &self,
        challenger: &Player,
        opponent: Option<&Player>,
        options: ChallengeOptions,
        venue: Venue,
    ) -> Result<ChallengeView> {
        if opponent.is_some_and(|o| o.id == challenger.id) {
            return Err(ServiceError::SelfChallenge);
        }
        self.offer(challenger, opponent, options, venue, None).await
    }

    /// Records a challenge (`opener`: who will open, when not the challenger).
    async fn offer(
        &self,
        challenger: &Player,
        opponent: Option<&Player>,
        options: ChallengeOptions,
        venue: Venue,
        opener: Option<PlayerId>,
    ) -> Result<ChallengeView> {
        let now = self.now();
        for player in std::iter::once(challenger).chain(opponent) {
            self.store
                .upsert_player(player.id, &player.name, now)
                .await?;
        }
        let id = self
            .store
            .insert_challenge(&NewChallenge {
                challenger_id: challenger.id,
                challenged_id: opponent.map(|o| o.id),
                variant: stored_variant(options.variant),
                move_seconds: options.move_time.map(|t| t.as_secs().max(1) as i64),
                rated: options.rated,
                guild_id: venue.guild_id,
                channel_id: venue.channel_id,
                created_at: now,
                expires_at: now + CHALLENGE_LIFETIME.as_millis() as i64,
                opener_id: opener,
            })
            .await?;
        self.challenge_view(id).await
    }

    /// # Errors
    /// [`ServiceError::UnknownChallenge`]; database failures.
    pub async fn challenge_view(&self, id: ChallengeId) -> Result<ChallengeView> {
        let row = self.challenge_row(id).await?;
        self.view_challenge(row).await
    }

    async fn challenge_row(&self, id: ChallengeId) -> Result<ChallengeRow> {
        self.store
            .challenge(id)
            .await?
            .ok_or(ServiceError::UnknownChallenge(id))
    }

    async fn view_challenge(&self, row: ChallengeRow) -> Result<ChallengeView> {
        let challenger = self.player(row.challenger_id).await?;
        let opponent = match row.challenged_id {
            Some(id) => Some(self.player(id).await?),
            None => None,
        };
        Ok(ChallengeView::new(row, challenger, opponent))
    }

    /// Why `row` cannot be answered any more, if it cannot.
    fn closed(&self, row: &ChallengeRow) -> Option<ServiceError> {
        let status = ChallengeStatus::parse(&row.status);
        match status {
            ChallengeStatus::Open if row.expires_at <= self.now() => {
                Some(ServiceError::ChallengeExpired)
            }
            ChallengeStatus::Open => None,
            ChallengeStatus::Expired => Some(ServiceError::ChallengeExpired),
            other => Some(ServiceError::ChallengeClosed(other.word())),
        }
    }

    /// Remembers the message that shows a challenge.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_challenge_message(&self, id: ChallengeId, message_id: i64) -> Result<()> {
        Ok(self.store.set_challenge_message(id, message_id).await?)
    }

    /// `player` accepts the challenge; the game starts with the challenger to open.
    ///
    /// # Errors
    /// Unknown, expired or closed challenges, a challenge for someone else or one's own.
    pub async fn accept(&self, id: ChallengeId, player: &Player) -> Result<GameView> {
        let row = self.challenge_row(id).await?;
        if let Some(error) = self.closed(&row) {
            return Err(error);
        }
        if row.challenger_id == player.id {
            return Err(ServiceError::OwnChallenge);
        }
        if let Some(challenged) = row.challenged_id.filter(|c| *c != player.id) {
            return Err(ServiceError::NotForYou(self.player(challenged).await?.name));
        }
        let now = self.now();
        self.store
            .upsert_player(player.id, &player.name, now)
            .await?;
        match self.store.accept_challenge(&row, player.id, now).await? {
            Some(game) => self.game(game).await,
            // Someone else answered first, or it expired meanwhile.
            None => {
                let row = self.challenge_row(id).await?;
                Err(self
                    .closed(&row)
                    .unwrap_or(ServiceError::ChallengeClosed("answered")))
            }
        }
    }

    /// The challenged player declines.
    ///
    /// # Errors
    /// Unknown or closed challenges; anyone but the challenged player.
    pub async fn decline(&self, id: ChallengeId, player: &Player) -> Result<ChallengeView> {
        let row = self.challenge_row(id).await?;
        match row.challenged_id {
            None => return Err(ServiceError::OpenChallengeDecline),
            Some(challenged) if challenged != player.id => {
                return Err(ServiceError::NotForYou(self.player(challenged).await?.name));
            }
            Some(_) => {}
        }
        self.close_challenge(row, "declined").await
    }

    /// The challenger withdraws the challenge.
    ///
    /// # Errors
    /// Unknown or closed challenges; anyone but the challenger.
    pub async fn cancel(&self, id: ChallengeId, player: &Player) -> Result<ChallengeView> {
        let row = self.challenge_row(id).await?;
        if row.challenger_id != player.id {
            let challenger = self.player(row.challenger_id).await?;
            return Err(ServiceError::NotYourChallenge(challenger.name));
        }
        self.close_challenge(row, "cancelled").await
    }

    async fn close_challenge(&self, row: ChallengeRow, status: &str) -> Result<ChallengeView> {
        if let Some(error) = self.closed(&row) {
            return Err(error);
        }
        if !self
            .store
            .close_challenge(row.id, status, self.now())
            .await?
        {
            let row = self.challenge_row(row.id).await?;
            return Err(self
                .closed(&row)
                .unwrap_or(ServiceError::ChallengeClosed("answered")));
        }
        self.challenge_view(row.id).await
    }

    /// Marks the challenges whose time ran out as expired and returns them.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expire_challenges(&self) -> Result<Vec<ChallengeView>> {
        let mut expired = Vec::new();
        for row in self.store.expire_challenges(self.now()).await? {
            expired.push(self.view_challenge(row).await?);
        }
        Ok(expired)
    }

    /// The open challenges a player made or received.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_challenges(&self, player: PlayerId) -> Result<Vec<ChallengeView>> {
        let mut open = Vec::new();
        for row in self.store.open_challenges_of(player).await? {
            if self.closed(&row).is_none() {
                open.push(self.view_challenge(row).await?);
            }
        }
        Ok(open)
    }

    // ---- games --------------------------------------------------------------------------------

    /// # Errors
    /// [`ServiceError::UnknownGame`]; a damaged log; database failures.
    pub async fn game(&self, id: GameId) -> Result<GameView> {
        let row = self
            .store
            .game(id)
            .await?
            .ok_or(ServiceError::UnknownGame(id))?;
        let moves = self.store.moves(id).await?;
        self.view_game(row, moves).await
    }

    async fn view_game(&self, row: GameRow, moves: Vec<MoveRow>) -> Result<GameView> {
        let white = self.player(row.white_id).await?;
        let red = self.player(row.red_id).await?;
        Ok(GameView::new(row, moves, white, red)?)
    }

    /// The game a command typed in `channel` by `player` is about: the game of that thread, or
    /// the player's only active game shown in that channel.
    ///
    /// # Errors
    /// [`ServiceError::NoGameHere`], [`ServiceError::WhichGame`] when several match.
    pub async fn game_here(&self, channel: i64, player: PlayerId) -> Result<GameView> {
        // The player's own active games shown here come first: a new game started in an old
        // game's thread must not be shadowed by it.
        let mine: Vec<GameRow> = self
            .store
            .active_games_in(channel)
            .await?
            .into_iter()
            .filter(|g| g.white_id == player || g.red_id == player)
            .collect();
        match mine.as_slice() {
            [one] => return self.game(one.id).await,
            [] => {}
            many => {
                return Err(ServiceError::WhichGame(
                    many.iter()
                        .map(|g| format!("#{}", g.id))
                        .collect::<Vec<_>>()
                        .join(", "),
                ));
            }
        }
        // Else the game this thread belongs to, over or not, whoever asks (`/board`, `/export`).
        match self.store.game_in_thread(channel).await? {
            Some(row) => self.game(row.id).await,
            None => Err(ServiceError::NoGameHere),
        }
    }

    /// A player's active games, oldest first.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn active_games(&self, player: PlayerId) -> Result<Vec<GameView>> {
        let mut games = Vec::new();
        for row in self.store.active_games_of(player).await? {
            let moves = self.store.moves(row.id).await?;
            games.push(self.view_game(row, moves).await?);
        }
        Ok(games)
    }

    /// Records the thread a game is played in (`None`: in its channel).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_thread(&self, game: GameId, thread: Option<i64>) -> Result<()> {
        Ok(self.store.set_thread(game, thread).await?)
    }

    /// A value a front end keeps between starts (e.g. what it registered with Discord).
    ///
    /// # Errors
    /// Database failures.
    pub async fn setting(&self, key: &str) -> Result<Option<String>> {
        Ok(self.store.setting(key).await?)
    }

    /// # Errors
    /// Database failures.
    pub async fn set_setting(&self, key: &str, value: &str) -> Result<()> {
        Ok(self.store.set_setting(key, value).await?)
    }

    /// The game's record in the notation `ponte replay` reads.
    ///
    /// # Errors
    /// As [`Service::game`].
    pub async fn record(&self, game: GameId) -> Result<String> {
        Ok(self.game(game).await?.record().to_string())
    }

    /// `player` plays `text` (`c3 e5`, `c3-e4`, `swap`, `pass`, `resign`) in game `id`.
    ///
    /// A resignation is accepted at any time and always for the player's own colour. After the
    /// move, a player who can neither place two tiles nor bridge passes automatically (the
    /// report says so). `expected_version`, when given, is the version the player saw (a
    /// button's): if the game moved on since, nothing is played.
    ///
    /// # Errors
    /// Unknown game, not a participant, not their turn, game over, a stale version, text that is
    /// not a move, an illegal move (with the engine's reason); nothing is written then.
    pub async fn play(
        &self,
        id: GameId,
        player: PlayerId,
        text: &str,
        expected_version: Option<i64>,
    ) -> Result<MoveReport> {
        let parsed = text.parse::<Move>();
        let write = self
            .store
            .write_game(id)
            .await?
            .ok_or(ServiceError::UnknownGame(id))?;
        let row = write.game.clone();
        if expected_version.is_some_and(|v| v != row.version) {
            return Err(ServiceError::PositionChanged);
        }
        if row.status != "active" {
            return Err(ServiceError::GameOver(id));
        }
        let players = [row.white_id, row.red_id];
        let Some(mover) = Color::BOTH
            .into_iter()
            .find(|c| players[c.index()] == player)
        else {
            return Err(ServiceError::NotYourGame(id));
        };
        // Past the deadline the game is lost on time, whoever tries to move or resign.
        let now = self.now();
        if row.deadline_at.is_some_and(|d| d <= now) {
            finish_on_time(write, now).await?;
            return Err(ServiceError::TimeRanOut(id));
        }
        let mut game = replay_log(&row, &write.moves)?;
        let mv = match parsed {
            Ok(Move::Resign(_)) => Move::Resign(Some(mover)),
            Ok(mv) => mv,
            Err(BadMove::OffEveryBoard(cell)) => {
                return Err(IllegalMove::OffBoard {
                    cell,
                    size: row.size as u8,
                }
                .into());
            }
            Err(not_a_move) => return Err(ServiceError::NotAMove(not_a_move.to_string())),
        };
        let to_move = game.to_move().ok_or(ServiceError::GameOver(id))?;
        if !matches!(mv, Move::Resign(_)) && to_move != mover {
            let name = self.player(players[to_move.index()]).await?.name;
            return Err(ServiceError::NotYourTurn(name));
        }
        game.play(mv)?;

        let mut new_moves = vec![(player, mover, mv, false)];
        let mut players = players;
        if mv == Move::Swap {
            players.swap(0, 1);
        }
        // A player with no move at all passes; that may end the game or leave the other stuck.
        while game.must_pass() {
            let color = game.to_move().ok_or(ServiceError::GameOver(id))?;
            game.play(Move::Pass)?;
            new_moves.push((players[color.index()], color, Move::Pass, true));
        }

        let update = game_update(&game, players, row.move_seconds, now, row.rated);
        let mut write = write;
        if let Some(outcome) = game.outcome() {
            rate(&mut write, players, outcome.winner(), now).await?;
        }
        let log: Vec<NewMove> = new_moves
            .iter()
            .map(|&(player_id, _, mv, forced)| NewMove {
                player_id,
                notation: mv.to_string(),
                forced,
            })
            .collect();
        let mut moves = write.moves.clone();
        let saved = match write.commit(&log, &update, now).await {
            Ok(saved) => saved,
            Err(StoreError::Conflict) => return Err(ServiceError::PositionChanged),
            Err(other) => return Err(other.into()),
        };
        moves.extend(log.iter().enumerate().map(|(i, new)| MoveRow {
            ply: row.plies + 1 + i as i64,
            player_id: new.player_id,
            notation: new.notation.clone(),
            forced: new.forced,
            played_at: now,
        }));
        let view = self.view_game(saved, moves).await?;
        let played = new_moves
            .into_iter()
            .map(|(player_id, color, mv, forced)| PlayedMove {
                player: if view.white.id == player_id {
                    view.white.clone()
                } else {
                    view.red.clone()
                },
                color,
                mv,
                forced,
            })
            .collect();
        Ok(MoveReport { played, game: view })
    }
}

impl Service {
    /// Ends every game whose player to move ran out of time (a loss on time, rated like any
    /// other result) and returns them, for the announcements. Safe to run at any moment, after a
    /// restart too: a game already decided is left alone.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn resolve_timeouts(&self) -> Result<Vec<GameView>> {
        let now = self.now();
        let mut ended = Vec::new();
        for id in self.store.overdue_games(now).await? {
            // One damaged game must not stop the others.
            match self.time_out(id, now).await {
                Ok(true) => match self.game(id).await {
                    Ok(view) => ended.push(view),
                    Err(error) => {
                        tracing::warn!("game #{id} timed out but cannot be read: {error}")
                    }
                },
                Ok(false) => {}
                Err(error) => tracing::warn!("could not end game #{id} on time: {error}"),
            }
        }
        Ok(ended)
    }

    /// Ends game `id` on time if its deadline has passed; returns whether it did.
    async fn time_out(&self, id: GameId, now: i64) -> Result<bool> {
        let Some(write) = self.store.write_game(id).await? else {
            return Ok(false);
        };
        finish_on_time(write, now).await
    }

    /// The games whose player to move has a quarter of the time left, each reminded once per
    /// move, with whether that player asked for a direct message.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn take_reminders(&self) -> Result<Vec<(GameView, bool)>> {
        let mut due = Vec::new();
        for row in self.store.take_due_reminders(self.now()).await? {
            let dm = match row.to_move_id {
                Some(player) => self.store.wants_dm(player).await?,
                None => false,
            };
            match self.game(row.id).await {
                Ok(view) => due.push((view, dm)),
                Err(error) => tracing::warn!("no reminder for game #{}: {error}", row.id),
            }
        }
        Ok(due)
    }

    /// Everything the clock decides now: losses on time, reminders, expired challenges. Front
    /// ends call it regularly and turn the results into messages; each part runs even when
    /// another fails.
    pub async fn tick(&self) -> Tick {
        let log = |what: &str, error: ServiceError| {
            tracing::warn!("{what} failed: {error}");
        };
        Tick {
            timeouts: self.resolve_timeouts().await.unwrap_or_else(|e| {
                log("resolving timeouts", e);
                Vec::new()
            }),
            reminders: self.take_reminders().await.unwrap_or_else(|e| {
                log("taking reminders", e);
                Vec::new()
            }),
            expired: self.expire_challenges().await.unwrap_or_else(|e| {
                log("expiring challenges", e);
                Vec::new()
            }),
        }
    }

    /// Calls a game off without a result and unrated: by either player before Red's first move
    /// (the game's second move, placement or swap), or at any time by a member who manages the
    /// game's server (`manager_of`).
    ///
    /// # Errors
    /// Unknown or finished games; too late; someone else's game.
    pub async fn abort(
        &self,
        id: GameId,
        player: PlayerId,
        manager_of: Option<i64>,
    ) -> Result<GameView> {
        let write = self
            .store
            .write_game(id)
            .await?
            .ok_or(ServiceError::UnknownGame(id))?;
        let row = write.game.clone();
        if row.status != "active" {
            return Err(ServiceError::GameOver(id));
        }
        let now = self.now();
        if row.deadline_at.is_some_and(|d| d <= now) {
            finish_on_time(write, now).await?;
            return Err(ServiceError::TimeRanOut(id));
        }
        let manager = manager_of.is_some() && manager_of == row.guild_id;
        let participant = player == row.white_id || player == row.red_id;
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
        let update = GameUpdate {
            white_id: row.white_id,
            red_id: row.red_id,
            status: "aborted",
            winner: None,
            end_reason: Some("abort"),
            to_move_id: None,
            deadline_at: None,
            rated: false,
        };
        match write.commit(&[], &update, now).await {
            Ok(_) => self.game(id).await,
            Err(StoreError::Conflict) => Err(ServiceError::PositionChanged),
            Err(other) => Err(other.into()),
        }
    }

    /// Turns reminder direct messages on or off.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_notify(&self, player: &Player, on: bool) -> Result<()> {
        self.store
            .upsert_player(player.id, &player.name, self.now())
            .await?;
        Ok(self.store.set_notify(player.id, on).await?)
    }

    /// A finished game's rematch: the same variant and channel, offered to the other player,
    /// with the loser (after a draw, the player who did not open) opening again.
    ///
    /// # Errors
    /// Unknown or unfinished games; someone who did not play.
    pub async fn rematch(&self, id: GameId, player: &Player) -> Result<ChallengeView> {
        let game = self.game(id).await?;
        let Some(result) = game.result else {
            return Err(ServiceError::NotOver(id));
        };
        let Some(mine) = game.color_of(player.id) else {
            return Err(ServiceError::NotYourRematch(id));
        };
        let opponent = game.player(mine.other()).clone();
        let opener = match result.winner {
            Some(winner) => game.player(winner.other()).id,
            None if game.opener == game.white.id || game.opener == game.red.id => {
                if game.opener == player.id {
                    opponent.id
                } else {
                    player.id
                }
            }
            None => player.id,
        };
        // A rematch already offered between these two (by either) is the one to answer.
        for open in self.store.open_challenges_of(player.id).await? {
            let pair = [open.challenger_id, open.challenged_id.unwrap_or_default()];
            if pair.contains(&opponent.id)
                && open.opener_id == Some(opener)
                && self.closed(&open).is_none()
            {
                return self.view_challenge(open).await;
            }
        }
        let options = ChallengeOptions {
            variant: game.game.variant(),
            move_time: game.move_time,
            rated: game.rated,
        };
        self.offer(player, Some(&opponent), options, game.venue, Some(opener))
            .await
    }

    /// A server's leaderboard page (10 a page, settled ratings first) and the viewer's own line.
    ///
    /// # Errors
    /// Database failures.
    pub async fn leaderboard(
        &self,
        guild: i64,
        page: usize,
        viewer: PlayerId,
    ) -> Result<Leaderboard> {
        let ranked = ratings::rank(self.store.ratings_in(guild).await?);
        let pages = ranked.len().div_ceil(LEADERBOARD_PAGE).max(1);
        let page = page.clamp(1, pages);
        let lines: Vec<(usize, NamedRating)> = ranked
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect();
        let viewer_line = lines
            .iter()
            .find(|(_, r)| r.rating.player_id == viewer)
            .cloned();
        let rows = lines
            .into_iter()
            .skip((page - 1) * LEADERBOARD_PAGE)
            .take(LEADERBOARD_PAGE)
            .collect();
        Ok(Leaderboard {
            rows,
            page,
            pages,
            viewer: viewer_line,
        })
    }

    /// A player's standing in a server: rating and rank, record, streak, recent games, history.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn stats(&self, guild: i64, player: PlayerId) -> Result<Stats> {
        let board = self.leaderboard(guild, 1, player).await?;
        let mut recent = Vec::new();
        for row in self.store.finished_games_of(guild, player, 10).await? {
            let moves = self.store.moves(row.id).await?;
            recent.push(self.view_game(row, moves).await?);
        }
        let outcome = |g: &GameView| match (g.result.and_then(|r| r.winner), g.color_of(player)) {
            (None, _) => 'D',
            (Some(w), Some(me)) if w == me => 'W',
            _ => 'L',
        };
        let streak = match recent.first().map(outcome) {
            Some(kind) => (
                kind,
                recent.iter().take_while(|g| outcome(g) == kind).count(),
            ),
            None => ('-', 0),
        };
        Ok(Stats {
            player: self.player(player).await?,
            standing: board.viewer,
            streak,
            recent,
            history: self.store.rating_history(guild, player).await?,
        })
    }

    /// Checks that `player` may make the pie choice of game `id` as seen at `version` (the
    /// "Keep Red" button changes nothing: the player then places two red tiles).
    ///
    /// # Errors
    /// Unknown or finished games, not their turn, or the choice already made.
    pub async fn check_pie_choice(
        &self,
        id: GameId,
        player: PlayerId,
        version: Option<i64>,
    ) -> Result<GameView> {
        let game = self.game(id).await?;
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

    /// The game's record with header comments (players, date, variant, result), as `/export`
    /// attaches it; `ponte replay` reads it back.
    ///
    /// # Errors
    /// As [`Service::game`].
    pub async fn export(&self, id: GameId) -> Result<String> {
        let game = self.game(id).await?;
        let mut text = format!(
            "# Ponte del Diavolo, game #{}\n# White: {}\n# Red: {}\n# Started: {}\n",
            game.id,
            game.white.name,
            game.red.name,
            iso_date(game.created_at)
        );
        let variant = game.game.variant();
        let size = variant.size();
        let time = move_time_words(game.move_time);
        text.push_str(&format!(
            "# Variant: {size}×{size}, {} tiles each, {} bridges, {time}, {}\n",
            variant.tiles(),
            variant.bridges(),
            if game.rated { "rated" } else { "unrated" }
        ));
        let result = match game.result {
            None => "in progress".to_string(),
            Some(r) => {
                let who = match r.winner {
                    Some(color) => format!("{} ({color}) wins", game.player(color).name),
                    None => "no winner".to_string(),
                };
                let how = match r.ending {
                    Ending::Score(tiebreak) => format!("decided by {}", tiebreak.name()),
                    Ending::Resignation => "by resignation".to_string(),
                    Ending::Timeout => "on time".to_string(),
                    Ending::Aborted => "aborted".to_string(),
                };
                let [w, r] = Color::BOTH.map(|c| game.game.score(c).points);
                format!("{who}, {how} (points {w}–{r})")
            }
        };
        text.push_str(&format!("# Result: {result}\n"));
        text.push_str(&game.record().to_string());
        Ok(text)
    }
}

/// What the clock decided at one tick.
#[derive(Debug, Default)]
pub struct Tick {
    /// Games just lost on time.
    pub timeouts: Vec<GameView>,
    /// Games whose player to move should be reminded, and whether by direct message too.
    pub reminders: Vec<(GameView, bool)>,
    /// Challenges that just expired.
    pub expired: Vec<ChallengeView>,
}

/// Players per leaderboard page.
pub const LEADERBOARD_PAGE: usize = 10;

/// A page of a server's ranking.
#[derive(Clone, Debug)]
pub struct Leaderboard {
    /// (rank, rating) for this page.
    pub rows: Vec<(usize, NamedRating)>,
    pub page: usize,
    pub pages: usize,
    /// The viewer's rank and rating, wherever they stand.
    pub viewer: Option<(usize, NamedRating)>,
}

/// A player's standing in a server.
#[derive(Clone, Debug)]
pub struct Stats {
    pub player: Player,
    pub standing: Option<(usize, NamedRating)>,
    /// 'W', 'L' or 'D' and how many in a row, newest first.
    pub streak: (char, usize),
    /// Finished games, newest first.
    pub recent: Vec<GameView>,
    pub history: Vec<RatingPoint>,
}

/// `2026-11-22` for a time in Unix milliseconds.
fn iso_date(millis: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(millis.div_euclid(1000))
        .map_or_else(|_| "unknown".to_string(), |t| t.date().to_string())
}

/// The game row's fields after a move: who is who, whose turn, the result, the next deadline.
fn game_update(
    game: &Game,
    players: [PlayerId; 2],
    move_seconds: Option<i64>,
    now: i64,
    rated: bool,
) -> GameUpdate {
    let (status, winner, end_reason) = match game.outcome() {
        None => ("active", None, None),
        Some(outcome) => {
            let winner = match outcome.winner() {
                Some(color) => color.name(),
                None => "draw",
            };
            let reason = match outcome {
                Outcome::Score { .. } => "score",
                Outcome::Resignation { .. } => "resign",
            };
            ("finished", Some(winner), Some(reason))
        }
    };
    let to_move = game.to_move();
    GameUpdate {
        white_id: players[0],
        red_id: players[1],
        status,
        winner,
        end_reason,
        to_move_id: to_move.map(|c| players[c.index()]),
        deadline_at: to_move.and(move_seconds).map(|s| now + s * 1000),
        rated,
    }
}

/// Ends a game whose deadline has passed as a loss for the player to move, in its write
/// transaction; returns whether it did (a game already over, or not yet due, is left alone).
async fn finish_on_time(mut write: GameWrite<'_>, now: i64) -> Result<bool> {
    let row = write.game.clone();
    if row.status != "active" || row.deadline_at.is_none_or(|d| d > now) {
        return Ok(false);
    }
    let game = replay_log(&row, &write.moves)?;
    let Some(late) = game.to_move() else {
        return Ok(false);
    };
    let winner = late.other();
    let players = [row.white_id, row.red_id];
    rate(&mut write, players, Some(winner), now).await?;
    let update = GameUpdate {
        white_id: row.white_id,
        red_id: row.red_id,
        status: "finished",
        winner: Some(winner.name()),
        end_reason: Some("timeout"),
        to_move_id: None,
        deadline_at: None,
        rated: row.rated,
    };
    match write.commit(&[], &update, now).await {
        Ok(_) => Ok(true),
        Err(StoreError::Conflict) => Ok(false),
        Err(other) => Err(other.into()),
    }
}

/// Applies a finished rated game to both players' server ratings, inside the game's write:
/// exactly once, whatever races.
async fn rate(
    write: &mut GameWrite<'_>,
    players: [PlayerId; 2],
    winner: Option<Color>,
    now: i64,
) -> Result<(), StoreError> {
    let row = &write.game;
    let Some(guild) = row.guild_id.filter(|_| row.rated && !row.rating_applied) else {
        return Ok(());
    };
    let before = write.ratings(guild, players).await?;
    let after = ratings::after_game(guild, players, before, winner, now);
    write.save_ratings(&after).await
}
