//! The game service: the one place that combines the rules engine with the store (and the
//! pictures, the AI and tournaments). Every front end (the Discord bot, the local terminal mode,
//! the command line) calls it with typed values — who acts, ids, and a `Move` the front end
//! parsed once from the player's text — and gets plain views or typed errors whose messages a
//! player understands. Front ends never reach the store or the renderer themselves.
//!
//! One file per use case, each an `impl Service` block: `challenges` (offer, answer, rematch),
//! `play` (games, moves, aborts), `opponent` (the bot as a player), `deadlines` (the
//! correspondence clock), `vacations`, `digests` (reminders by direct message, the daily
//! digest), `announcements` (what saved actions owe Discord), `standings` and `ratings`
//! (ratings, leaderboards, stats), `tournaments`, `languages`, `export` (records and pictures),
//! `replays` (animated GIFs of games), `analysis` (the AI's look back at a finished game) and
//! `backup`. `saving` is the one path of every change to a game and what it owes the players.
//! The learning wing (lessons, puzzles, the daily puzzle, hints) is the folder `learning`.

mod actor;
mod analysis;
mod announcements;
mod backup;
mod challenges;
mod clock;
mod correspondence_clock;
mod deadlines;
mod digests;
mod export;
mod languages;
mod learning;
mod levels;
mod machine_players;
mod move_log;
mod opponent;
mod play;
mod ratings;
mod replays;
mod saving;
mod standings;
mod telemetry;
mod tournament_views;
mod tournaments;
mod vacations;
mod views;
mod watchers;
mod web_doors;

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;

pub use crate::ai::Level;
pub use crate::i18n::Lang;
pub use crate::store::Copied;
pub use crate::store::Owed;
pub use crate::store::{TournamentId, TournamentStatus};
pub use crate::tournament::Format;
pub use actor::Actor;
pub use analysis::{
    ANALYSIS_PLAYOUTS, Analysed, AnalysisView, MOMENTS, TurningPoint, analyse_moves,
};
pub use announcements::{Announcement, DueAnnouncement};
pub use backup::{BackupError, backup};
pub use challenges::{LONGEST_MOVE_TIME, SHORTEST_MOVE_TIME};
pub use clock::{Clock, ManualClock, OffsetClock, SystemClock};
pub use deadlines::Tick;
pub use digests::{DIGEST_HOUR, Notify, time_zone, time_zones_like};
pub use export::picture;
// The learning wing's face is its own (`learning/mod.rs`): a feature added there is seen here.
pub use learning::*;
pub use machine_players::{default_player, machine_actor, machine_bot, machine_player};
pub use move_log::{DamagedLog, LoggedMove, Sent};
pub use opponent::{AiRecord, AiTerms, Opener};
pub use replays::{FINAL_HOLD, MOVE_DELAY, replay_gif};
pub use standings::{LEADERBOARD_PAGE, Leaderboard, RatingPoint, RatingView, Stats};
pub use telemetry::{
    AI_REPLY_WAIT_SECONDS, AI_SEARCH_SECONDS, GAME_WRITE_SECONDS, Load, describe_metrics,
};
pub use tournament_views::{Entrant, StandingLine, TournamentView};
pub use tournaments::{MOST_SWISS_ROUNDS, TournamentTerms};
pub use vacations::{MOST_VACATION_DAYS, VacationStatus};
pub use views::{
    AbortOutcome, ChallengeOptions, ChallengeView, Ending, GameResult, GameView, MoveOutcome,
    MoveReport, PlayedMove, Player, Venue, move_time_words,
};
pub use web_doors::{
    LINK_LIFETIME, LoginLink, LoginOffer, SESSION_LIFETIME, SessionHolder, WebSession,
};

pub use crate::ids::PuzzleId;
pub use crate::store::{
    ChallengeId, ChallengeStatus, ChannelId, GameId, GuildId, MessageId, Millis, OutboxId, PlayerId,
};

use crate::game::IllegalMove;
use crate::store::{GameRow, GameWrite, MoveRow, Store, StoreError};
use crate::tr;
use move_log::{Position, replay_log};

/// Why the service refused a request. Its words, for the player who asked, are in the
/// `.ftl` files only ([`ServiceError::words`]); it displays in English, but for a failure of the
/// service itself, which displays its cause for the logs.
#[derive(Debug)]
pub enum ServiceError {
    UnknownGame(GameId),
    UnknownChallenge(ChallengeId),
    NotYourGame(GameId),
    NotYourTurn(String),
    GameOver(GameId),
    PositionChanged,
    Illegal(IllegalMove),
    /// What was typed (abbreviated), which is no move at all.
    NotAMove(String),
    SelfChallenge,
    MoveTimeOutOfRange,
    OwnChallenge,
    NotForYou(String),
    NotYourChallenge(String),
    OpenChallengeDecline,
    ChallengeExpired,
    ChallengeClosed(ChallengeStatus),
    NoGameHere,
    TimeRanOut(GameId),
    TooLateToAbort,
    NotYourAbort(GameId),
    NotYourRematch(GameId),
    NotOver(GameId),
    NoServer,
    WhichGame(String),
    UnknownTournament(TournamentId),
    TournamentName,
    SwissRounds(u32),
    SignupClosed(TournamentId),
    AlreadyEntered(TournamentId),
    NotEntered(TournamentId),
    NotOrganiser(TournamentId),
    TooFewEntrants(TournamentId),
    TournamentOver(TournamentId),
    ManagersCreateTournaments,
    AbortedAnalysis(GameId),
    TournamentGameAbort(GameId),
    VacationsOff,
    /// Away already, until then.
    AlreadyAway(Millis),
    /// Days asked for outside 1 to those left.
    VacationDays(i64),
    NotAway,
    /// A server's allowance above the most.
    VacationAllowance(i64),
    /// A time zone name that is none (abbreviated).
    UnknownTimeZone(String),
    /// A digest without a time zone.
    DigestNeedsZone,
    DigestHour,
    /// A hint asked for in a rated game.
    HintRated(GameId),
    /// A hint asked for in a game between people.
    HintBetweenPeople(GameId),
    /// A hint's search failed (a fault of the service, logged).
    HintFailed,
    /// A puzzle that is none, or another server's.
    UnknownPuzzle(PuzzleId),
    /// An answer to a puzzle that is none of its choices (the choices, listed).
    NotAChoice(String),
    /// A lesson number there is no lesson of.
    UnknownLesson(i64),
    /// An answer to a lesson when none waits (never started, or all done).
    NoLesson,
    /// An answer to a lesson the player is no longer at (it was answered already).
    LessonAnswered(usize),
    /// A choice given where the lesson waits for a move.
    LessonWantsMove,
    /// A move given where the lesson waits for a choice.
    LessonWantsChoice,
    /// A server setting only its managers may change.
    ManagersOnly,
    /// A login link that is none (mistyped, or revoked).
    LinkUnknown,
    /// A login link already spent.
    LinkUsed,
    /// A login link older than its 15 minutes.
    LinkExpired,
    /// A game page address that is none.
    UnknownPage,
    /// A private server's game page, to someone not logged in as one of its players.
    PagePrivate,
    /// A move or resignation from a page whose viewer does not play in the game.
    WatchersCannotMove,
    Damaged(DamagedLog),
    Store(StoreError),
}

impl std::fmt::Display for ServiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServiceError::Damaged(damaged) => damaged.fmt(f),
            ServiceError::Store(store) => store.fmt(f),
            refusal => f.write_str(&refusal.words(Lang::En)),
        }
    }
}

impl std::error::Error for ServiceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ServiceError::Illegal(illegal) => Some(illegal),
            ServiceError::Damaged(damaged) => Some(damaged),
            ServiceError::Store(store) => Some(store),
            _ => None,
        }
    }
}

impl From<IllegalMove> for ServiceError {
    fn from(illegal: IllegalMove) -> ServiceError {
        ServiceError::Illegal(illegal)
    }
}

impl From<DamagedLog> for ServiceError {
    fn from(damaged: DamagedLog) -> ServiceError {
        ServiceError::Damaged(damaged)
    }
}

impl From<StoreError> for ServiceError {
    fn from(store: StoreError) -> ServiceError {
        ServiceError::Store(store)
    }
}

impl ServiceError {
    /// Whether the error is the player's to fix (shown to them), not a fault of the service.
    pub fn is_user_error(&self) -> bool {
        !matches!(self, ServiceError::Damaged(_) | ServiceError::Store(_))
    }

    /// The error in `lang`, for the player who asked (a failure of the store says only that
    /// nothing was changed).
    pub fn words(&self, lang: Lang) -> String {
        use ServiceError as E;
        match self {
            E::UnknownGame(id) => tr!(lang, "error-unknown-game", id = *id),
            E::UnknownChallenge(id) => tr!(lang, "error-unknown-challenge", id = *id),
            E::NotYourGame(id) => tr!(lang, "error-not-your-game", id = *id),
            E::NotYourTurn(name) => tr!(lang, "error-not-your-turn", name = name),
            E::GameOver(id) => tr!(lang, "error-game-over", id = *id),
            E::PositionChanged => tr!(lang, "error-position-changed"),
            E::Illegal(illegal) => crate::i18n::illegal_move(lang, illegal),
            E::NotAMove(text) => tr!(lang, "error-not-a-move", text = text),
            E::SelfChallenge => tr!(lang, "error-self-challenge"),
            E::MoveTimeOutOfRange => tr!(lang, "error-move-time-out-of-range"),
            E::OwnChallenge => tr!(lang, "error-own-challenge"),
            E::NotForYou(name) => tr!(lang, "error-not-for-you", name = name),
            E::NotYourChallenge(name) => tr!(lang, "error-not-your-challenge", name = name),
            E::OpenChallengeDecline => tr!(lang, "error-open-challenge-decline"),
            E::ChallengeExpired => tr!(lang, "error-challenge-expired"),
            E::ChallengeClosed(status) => {
                tr!(lang, "error-challenge-closed", status = status.to_string())
            }
            E::NoGameHere => tr!(lang, "error-no-game-here"),
            E::TimeRanOut(id) => tr!(lang, "error-time-ran-out", id = *id),
            E::TooLateToAbort => tr!(lang, "error-too-late-to-abort"),
            E::NotYourAbort(id) => tr!(lang, "error-not-your-abort", id = *id),
            E::NotYourRematch(id) => tr!(lang, "error-not-your-rematch", id = *id),
            E::NotOver(id) => tr!(lang, "error-not-over", id = *id),
            E::NoServer => tr!(lang, "error-no-server"),
            E::WhichGame(games) => tr!(lang, "error-which-game", games = games),
            E::UnknownTournament(id) => tr!(lang, "error-unknown-tournament", id = *id),
            E::TournamentName => tr!(lang, "error-tournament-name"),
            E::SwissRounds(most) => tr!(lang, "error-swiss-rounds", most = *most),
            E::SignupClosed(id) => tr!(lang, "error-signup-closed", id = *id),
            E::AlreadyEntered(id) => tr!(lang, "error-already-entered", id = *id),
            E::NotEntered(id) => tr!(lang, "error-not-entered", id = *id),
            E::NotOrganiser(id) => tr!(lang, "error-not-organiser", id = *id),
            E::TooFewEntrants(id) => tr!(lang, "error-too-few-entrants", id = *id),
            E::TournamentOver(id) => tr!(lang, "error-tournament-over", id = *id),
            E::ManagersCreateTournaments => tr!(lang, "error-managers-create-tournaments"),
            E::TournamentGameAbort(id) => tr!(lang, "error-tournament-game-abort", id = *id),
            E::AbortedAnalysis(id) => tr!(lang, "error-aborted-analysis", id = *id),
            E::VacationsOff => tr!(lang, "error-vacations-off"),
            E::AlreadyAway(until) => tr!(lang, "error-already-away", until = utc(*until)),
            E::VacationDays(left) => tr!(lang, "error-vacation-days", left = *left),
            E::NotAway => tr!(lang, "error-not-away"),
            E::VacationAllowance(most) => tr!(lang, "error-vacation-allowance", most = *most),
            E::UnknownTimeZone(name) => tr!(lang, "error-unknown-time-zone", name = name),
            E::DigestNeedsZone => tr!(lang, "error-digest-needs-zone"),
            E::DigestHour => tr!(lang, "error-digest-hour"),
            E::HintRated(id) => tr!(lang, "error-hint-rated", id = *id),
            E::HintBetweenPeople(id) => tr!(lang, "error-hint-between-people", id = *id),
            E::HintFailed => tr!(lang, "error-hint-failed"),
            E::UnknownPuzzle(id) => tr!(lang, "error-unknown-puzzle", id = *id),
            E::NotAChoice(choices) => tr!(lang, "error-not-a-choice", choices = choices),
            E::UnknownLesson(number) => tr!(
                lang,
                "error-unknown-lesson",
                number = *number,
                total = LESSONS
            ),
            E::NoLesson => tr!(lang, "error-no-lesson"),
            E::LessonAnswered(number) => tr!(lang, "error-lesson-answered", number = *number),
            E::LessonWantsMove => tr!(lang, "error-lesson-wants-move"),
            E::LessonWantsChoice => tr!(lang, "error-lesson-wants-choice"),
            E::ManagersOnly => tr!(lang, "error-managers-only"),
            E::LinkUnknown => tr!(lang, "error-link-unknown"),
            E::LinkUsed => tr!(lang, "error-link-used"),
            E::LinkExpired => tr!(lang, "error-link-expired"),
            E::UnknownPage => tr!(lang, "error-unknown-page"),
            E::PagePrivate => tr!(lang, "error-page-private"),
            E::WatchersCannotMove => tr!(lang, "error-watchers-cannot-move"),
            E::Damaged(damaged) => tr!(
                lang,
                "error-damaged",
                id = damaged.game,
                reason = &damaged.reason
            ),
            E::Store(_) => tr!(lang, "error-store"),
        }
    }
}

pub type Result<T, E = ServiceError> = std::result::Result<T, E>;

/// A moment as every front end can show it: `2026-12-01 14:05 UTC`.
pub fn utc(at: Millis) -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(at) * 1_000_000)
        .ok()
        .and_then(|moment| moment.format(format).ok())
        .unwrap_or_default()
}

/// How many games' positions stay replayed in memory: enough for every game being played at
/// once on a busy server, small enough (a few kilobytes each) never to matter.
const POSITIONS_CACHED: usize = 1024;

pub struct Service {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Replayed positions by game, with the version they were replayed at: autocomplete and
    /// moves look a position up instead of replaying the log on every keystroke.
    positions: Mutex<LruCache<GameId, (i64, Arc<Position>)>>,
    /// Woken when a write recorded something owed to Discord (see `announcements`).
    outbox: tokio::sync::Notify,
    /// Woken when the AI may be to move somewhere (see `opponent`).
    ai_turn: tokio::sync::Notify,
    /// Each watched game's latest saved version, for the front ends that show it live.
    watchers: watchers::GameWatchers,
    /// One permit per core: the AI's searches at one time.
    thinking: Arc<tokio::sync::Semaphore>,
    /// A cap on the AI's search, in playouts a move (and a position of an analysis), instead
    /// of its levels' time.
    ai_playouts: Option<u64>,
    /// The longest the AI's reply should wait, its search included (see `opponent`).
    ai_reply_bound: std::time::Duration,
    /// Woken when an analysis is asked for (see `analysis`).
    analysis_wanted: tokio::sync::Notify,
    /// Positions evaluated for analyses since the start.
    positions_analysed: std::sync::atomic::AtomicU64,
    /// Whether puzzles are made from every finished game (see `puzzle_making`).
    puzzle_making: bool,
    seen_locales: languages::SeenLocales,
}

impl Service {
    fn new(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service {
            store,
            clock,
            positions: Mutex::new(LruCache::new(
                NonZeroUsize::new(POSITIONS_CACHED).expect("the cache holds some games"),
            )),
            outbox: tokio::sync::Notify::new(),
            ai_turn: tokio::sync::Notify::new(),
            watchers: Default::default(),
            thinking: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
            )),
            ai_playouts: None,
            ai_reply_bound: opponent::AI_REPLY_BOUND,
            analysis_wanted: tokio::sync::Notify::new(),
            positions_analysed: Default::default(),
            puzzle_making: false,
            seen_locales: Default::default(),
        }
    }

    /// Makes the AI search a fixed number of playouts a move instead of its levels' time: for
    /// slow machines, and for tests that must not depend on the machine's speed.
    pub fn set_ai_playouts(&mut self, playouts: Option<u64>) {
        self.ai_playouts = playouts;
    }

    /// Sets the longest an AI's reply should wait when many games wait for it: under a queue
    /// the levels think less (down to their floors) to keep within it.
    pub fn set_ai_reply_bound(&mut self, bound: std::time::Duration) {
        self.ai_reply_bound = bound;
    }

    /// Opens the database at `url` with the system clock.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open(url: &str) -> Result<Service> {
        Service::open_with_clock(url, Arc::new(SystemClock)).await
    }

    /// Opens (creating and migrating when needed) the database at `url` with another clock.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open_with_clock(url: &str, clock: Arc<dyn Clock>) -> Result<Service> {
        Ok(Service::new(Store::open(url).await?, clock))
    }

    /// Closes the database (checkpointing its write-ahead log).
    pub async fn close(&self) {
        self.store.close().await;
    }

    pub fn now(&self) -> Millis {
        self.clock.now()
    }

    async fn player(&self, id: PlayerId) -> Result<Player> {
        let row = self.store.player(id).await?;
        Ok(row.map_or_else(
            || Player::new(id, format!("player {id}")),
            |r| Player::new(r.id, r.name),
        ))
    }

    /// Player `id`, if they have ever acted here.
    ///
    /// # Errors
    /// Database failures.
    pub async fn known_player(&self, id: PlayerId) -> Result<Option<Player>> {
        let row = self.store.player(id).await?;
        Ok(row.map(|r| Player::new(r.id, r.name)))
    }

    /// Up to `limit` of the players Discord does not know (the terminal's), but for `except`
    /// (the terminal's bot), the one who acted last first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn players_off_discord(&self, except: PlayerId, limit: u32) -> Result<Vec<Player>> {
        let rows = self.store.players_off_discord(except, limit).await?;
        Ok(rows
            .into_iter()
            .map(|r| Player::new(r.id, r.name))
            .collect())
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

    /// The replayed position of a stored game at its version, if it is in the cache.
    fn cached_position(&self, row: &GameRow) -> Option<Arc<Position>> {
        let mut cache = self.positions.lock().unwrap_or_else(|e| e.into_inner());
        match cache.get(&row.id) {
            Some((version, position)) if *version == row.version => Some(position.clone()),
            _ => None,
        }
    }

    /// The position of the game being written: from the cache when it holds this version, else
    /// replayed from the log read under the lock.
    async fn position_for_write(&self, write: &mut GameWrite<'_>) -> Result<Arc<Position>> {
        match self.cached_position(&write.game) {
            Some(position) => Ok(position),
            None => {
                let moves = write.moves().await?;
                self.replay(&write.game, &moves)
            }
        }
    }

    /// Replays a stored game's log and remembers the position for its version.
    fn replay(&self, row: &GameRow, moves: &[MoveRow]) -> Result<Arc<Position>> {
        let position = Arc::new(replay_log(row, moves)?);
        self.remember(row, position.clone());
        Ok(position)
    }

    fn remember(&self, row: &GameRow, position: Arc<Position>) {
        let mut cache = self.positions.lock().unwrap_or_else(|e| e.into_inner());
        cache.put(row.id, (row.version, position));
    }

    /// The view of a stored game.
    async fn view(&self, row: GameRow) -> Result<GameView> {
        // As it stands now: a vacation whose days are used no longer stops its clock.
        let row = vacations::as_of(row, self.now());
        let position = self.position(&row).await?;
        Ok(GameView::new(row, &position))
    }

    /// The position and log of a stored game's row: from the cache when it holds this
    /// version, else replayed (each stored move parsed once, here).
    async fn position(&self, row: &GameRow) -> Result<Arc<Position>> {
        match self.cached_position(row) {
            Some(position) => Ok(position),
            // The log as the row counts it: a move saved since the row was read (by this
            // process or another) is not a damaged log, only a later version.
            None => self.replay(row, &self.store.moves_up_to(row.id, row.plies).await?),
        }
    }

    async fn views(&self, rows: Vec<GameRow>) -> Result<Vec<GameView>> {
        let mut views = Vec::with_capacity(rows.len());
        for row in rows {
            views.push(self.view(row).await?);
        }
        Ok(views)
    }
}
