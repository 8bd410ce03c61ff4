//! The service's measurements for the operator's `/metrics` (served by `discord::health`):
//! moves saved, the time a change to a game takes to save, the AI's searches; and the work
//! waiting in the database, read at each scrape. Without an exporter installed (tests,
//! `ponte local`) recording does nothing.

use std::time::Duration;

use metrics::{Unit, describe_counter, describe_gauge, describe_histogram, gauge};

use super::{Result, Service};

pub const MOVES_SAVED: &str = "ponte_moves_saved_total";
pub const GAME_WRITE_SECONDS: &str = "ponte_game_write_seconds";
pub const AI_SEARCH_SECONDS: &str = "ponte_ai_search_seconds";
pub const AI_REPLY_WAIT_SECONDS: &str = "ponte_ai_reply_wait_seconds";
pub const HINTS_GIVEN: &str = "ponte_hints_given_total";
pub const PUZZLES_ANSWERED: &str = "ponte_puzzles_answered_total";
const GAMES_ACTIVE: &str = "ponte_games_active";
const OUTBOX_WAITING: &str = "ponte_outbox_waiting";
const OUTBOX_OLDEST_SECONDS: &str = "ponte_outbox_oldest_seconds";
const OUTBOX_ABANDONED: &str = "ponte_outbox_abandoned";
const AI_TURNS_WAITING: &str = "ponte_ai_turns_waiting";
const ANALYSES_WAITING: &str = "ponte_analyses_waiting";

/// Gives the service's metrics their help texts (once, when the exporter is installed).
pub fn describe_metrics() {
    describe_counter!(
        MOVES_SAVED,
        Unit::Count,
        "Moves saved, by players and the AI (a placement, a bridge, a pass, the swap each one)"
    );
    describe_histogram!(
        GAME_WRITE_SECONDS,
        Unit::Seconds,
        "Time to save a change to a game (moves, an ending) with what it owes the players, \
         from the transaction's start to its synced commit"
    );
    describe_histogram!(
        AI_SEARCH_SECONDS,
        Unit::Seconds,
        "Time the AI thought about one move, by level, or `hint` for a hint (waiting for a \
         free core not counted)"
    );
    describe_counter!(
        HINTS_GIVEN,
        Unit::Count,
        "Hints given to players in games against the bot"
    );
    describe_counter!(
        PUZZLES_ANSWERED,
        Unit::Count,
        "Puzzles answered for the first time (each rated once)"
    );
    describe_histogram!(
        AI_REPLY_WAIT_SECONDS,
        Unit::Seconds,
        "Time from the AI's turn beginning (the other side's move saved) to its reply saved: \
         the queue for a core and the search"
    );
    describe_gauge!(GAMES_ACTIVE, Unit::Count, "Games going on");
    describe_gauge!(
        OUTBOX_WAITING,
        Unit::Count,
        "Posts owed to the players (boards, results, reminders...) not yet made"
    );
    describe_gauge!(
        OUTBOX_OLDEST_SECONDS,
        Unit::Seconds,
        "Age of the oldest post waiting (0 when none waits)"
    );
    describe_gauge!(
        OUTBOX_ABANDONED,
        Unit::Count,
        "Posts Discord refused for good (missing access, say), kept for the record"
    );
    describe_gauge!(
        AI_TURNS_WAITING,
        Unit::Count,
        "Games where the AI is to move: its queue, the search in hand included"
    );
    describe_gauge!(
        ANALYSES_WAITING,
        Unit::Count,
        "Analyses asked for and not yet made"
    );
}

/// The work waiting in the database at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Load {
    pub games_active: u64,
    pub outbox_waiting: u64,
    /// How long the oldest post waiting has waited.
    pub outbox_oldest: Option<Duration>,
    pub outbox_abandoned: u64,
    pub ai_turns_waiting: u64,
    pub analyses_waiting: u64,
}

impl Load {
    /// Sets the gauges to these figures.
    pub fn record(&self) {
        gauge!(GAMES_ACTIVE).set(self.games_active as f64);
        gauge!(OUTBOX_WAITING).set(self.outbox_waiting as f64);
        let oldest = self.outbox_oldest.unwrap_or_default();
        gauge!(OUTBOX_OLDEST_SECONDS).set(oldest.as_secs_f64());
        gauge!(OUTBOX_ABANDONED).set(self.outbox_abandoned as f64);
        gauge!(AI_TURNS_WAITING).set(self.ai_turns_waiting as f64);
        gauge!(ANALYSES_WAITING).set(self.analyses_waiting as f64);
    }
}

impl Service {
    /// The work waiting now. An answer also says the database answers.
    ///
    /// # Errors
    /// Database failures.
    pub async fn load(&self) -> Result<Load> {
        let load = self.store.load().await?;
        let count = |n: i64| u64::try_from(n).unwrap_or_default();
        let now = self.now();
        Ok(Load {
            games_active: count(load.games_active),
            outbox_waiting: count(load.outbox_waiting),
            outbox_oldest: load
                .outbox_oldest_at
                .map(|at| Duration::from_millis(count(now - at))),
            outbox_abandoned: count(load.outbox_abandoned),
            ai_turns_waiting: count(load.ai_turns),
            analyses_waiting: count(load.analyses_waiting),
        })
    }
}
