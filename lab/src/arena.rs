//! `ponte-lab arena`: matches between two AI players, to measure strength. Colours and the opener
//! alternate game by game; games run on every core; the result is the score with its 95%
//! interval, the Elo difference it implies, and each side's time per move. With a sequential
//! test (`--sprt`), a match stops as soon as its games decide between two Elo differences.
//!
//! Longer than 500 lines because the contenders' names and budgets, the match loop, the
//! sequential test and the match records are one tool's parts, read together when a match is
//! set up; none is used elsewhere.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use ponte::ai::rave::Ideas;
use ponte::ai::{Budget, Level};
use ponte::matches::{
    COMMIT, END_LINE, GAME_LINE, GAMES_LINE, MATCH_LINE, SavedGame, is_match, read_games,
};

use crate::players::{self, Player};
use crate::{boardspace, reference, smartbot};
use ponte::game::{Color, Game, Move, Record, RecordedMove, Variant};

/// A player of the arena with its budget per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contender {
    pub player: Player,
    pub think: Option<Duration>,
    pub playouts: Option<u64>,
    /// Cores it searches on at once (`:cores=2`, the levels and trials only).
    pub cores: usize,
}

impl Contender {
    fn budget(&self) -> Budget {
        match self.playouts {
            Some(playouts) => Budget {
                playouts: Some(playouts),
                ..Budget::default()
            },
            None => self.player.budget(self.think),
        }
    }
}

impl std::fmt::Display for Contender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.player {
            Player::Level(level) => write!(f, "{level}")?,
            Player::HardReference => f.write_str(reference::NAME)?,
            Player::Boardspace { moves } if moves == boardspace::MOVES => {
                f.write_str("boardspace")?;
            }
            Player::Boardspace { moves } => write!(f, "boardspace:moves={moves}")?,
            Player::UctSmartbot { random_moves } if random_moves == smartbot::RANDOM_MOVES => {
                f.write_str("uct-smartbot")?;
            }
            Player::UctSmartbot { random_moves } => write!(f, "uct-smartbot:moves={random_moves}")?,
            Player::Without { rave: false, .. } => write!(f, "hard-without-rave")?,
            Player::Without { .. } => write!(f, "hard-without-advice")?,
            Player::Trial { ideas } => write!(f, "trial-{ideas}")?,
            Player::Advice => f.write_str("advice")?,
        }
        if let Some(think) = self.think {
            write!(f, ":think={}ms", think.as_millis())?;
        }
        if let Some(playouts) = self.playouts {
            write!(f, ":playouts={playouts}")?;
        }
        if self.cores > 1 {
            write!(f, ":cores={}", self.cores)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Contender {
    type Err = String;

    /// A level (`easy`, `medium`, `hard`), `hard-2026-11` (today's `hard`, frozen),
    /// `boardspace` (Boardspace's Dumbot rebuilt) or `uct-smartbot` (`baseline` is still
    /// accepted for it), the levels' player with one idea taken out (`hard-without-rave`,
    /// `hard-without-advice`); with a budget: `hard:think=500ms`, `medium:playouts=2000`,
    /// `hard-2026-11:think=500ms`, and for the two robots, whose budgets are counted in moves,
    /// `boardspace:moves=100000` (a step's search) and `uct-smartbot:moves=200000`.
    fn from_str(text: &str) -> Result<Contender, String> {
        let mut options = text.split(':');
        let name = options.next().unwrap_or_default();
        let mut contender = Contender {
            player: match name {
                "uct-smartbot" | "baseline" => Player::UctSmartbot {
                    random_moves: smartbot::RANDOM_MOVES,
                },
                "boardspace" => Player::Boardspace {
                    moves: boardspace::MOVES,
                },
                reference::NAME => Player::HardReference,
                "advice" => Player::Advice,
                "hard-without-rave" => Player::Without {
                    rave: false,
                    advice: true,
                },
                "hard-without-advice" => Player::Without {
                    rave: true,
                    advice: false,
                },
                trial if trial.starts_with("trial-") => Player::Trial {
                    ideas: Ideas::parse(&trial["trial-".len()..]).ok_or_else(|| {
                        format!(
                            "\"{trial}\" names an unknown idea: trial- with any of {}, \
                             constants NAME=VALUE ({}), the playouts' bridge odds b=N \
                             ({}) and odds of a new sandbank s=N ({}) joined by +",
                            Ideas::NAMES.join(", "),
                            Ideas::TUNABLE.join(", "),
                            Ideas::BRIDGE_ODDS.map(|o| o.to_string()).join(", "),
                            Ideas::START_ODDS.map(|o| o.to_string()).join(", ")
                        )
                    })?,
                },
                level => Player::Level(level.parse::<Level>().map_err(|_| {
                    format!(
                        "\"{level}\" is not a player: easy, medium, hard, {}, boardspace, \
                         uct-smartbot, advice, hard-without-rave, hard-without-advice or \
                         trial-IDEAS ({})",
                        reference::NAME,
                        Ideas::NAMES.join("+")
                    )
                })?),
            },
            think: None,
            playouts: None,
            cores: 1,
        };
        for option in options {
            contender.take_option(name, option)?;
        }
        Ok(contender)
    }
}

impl Contender {
    /// Reads one option after the player's name: its budget, or its cores.
    fn take_option(&mut self, name: &str, option: &str) -> Result<(), String> {
        let contender = self;
        let in_moves = matches!(
            contender.player,
            Player::Boardspace { .. } | Player::UctSmartbot { .. }
        );
        let searches = contender.player != Player::Advice;
        let bad = || {
            if !searches {
                format!("\"{option}\": {name} does not search, so it takes no budget")
            } else if in_moves {
                format!("\"{option}\" is not a budget for {name}: moves=N")
            } else {
                format!("\"{option}\" is not a budget: think=500ms, playouts=N or cores=N")
            }
        };
        let (key, value) = option.split_once('=').ok_or_else(bad)?;
        // A budget of nothing is no budget: at least one move, millisecond or playout.
        let amount = |text: &str| match text.parse::<u64>() {
            Ok(0) | Err(_) => Err(bad()),
            Ok(n) => Ok(n),
        };
        match (key, &mut contender.player) {
            ("moves", Player::UctSmartbot { random_moves }) => *random_moves = amount(value)?,
            ("moves", Player::Boardspace { moves }) => *moves = amount(value)?,
            (_, Player::UctSmartbot { .. } | Player::Boardspace { .. } | Player::Advice)
            | ("moves", _) => {
                return Err(bad());
            }
            ("think", _) => {
                let ms = amount(value.trim_end_matches("ms"))?;
                contender.think = Some(Duration::from_millis(ms));
            }
            ("playouts", _) => contender.playouts = Some(amount(value)?),
            ("cores", Player::Level(_) | Player::Trial { .. }) => {
                contender.cores = usize::try_from(amount(value)?)
                    .ok()
                    .filter(|cores| *cores <= 16)
                    .ok_or_else(bad)?;
            }
            _ => return Err(bad()),
        }
        Ok(())
    }
}

/// One side's account of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Side {
    pub moves: u32,
    pub thinking: Duration,
    pub longest: Duration,
}

/// A match's result, from the first player's side.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    pub sides: [Side; 2],
    /// The sequential test's decision, with the games it was made after, if it made one.
    pub decided: Option<(Hypothesis, u32)>,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first player's score (a draw is half a win), with its 95% interval: Wilson's
    /// score interval, which unlike the normal approximation does not shrink to nothing at a
    /// score of 0 or 100% (and stays within them).
    pub fn score(&self) -> (f64, f64, f64) {
        const Z: f64 = 1.96;
        let n = f64::from(self.games().max(1));
        let p = (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n;
        let shrink = 1.0 + Z * Z / n;
        let centre = (p + Z * Z / (2.0 * n)) / shrink;
        let half = Z / shrink * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt();
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// The Elo difference a score implies (clamped short of ±infinity).
    pub fn elo(score: f64) -> f64 {
        let p = score.clamp(0.001, 0.999);
        -400.0 * (1.0 / p - 1.0).log10()
    }

    /// The score an Elo difference implies: the inverse of [`Tally::elo`].
    pub fn expected_score(elo: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf(-elo / 400.0))
    }
}

/// A sequential test of the first player's strength: Wald's SPRT between "the first player is
/// `elo0` stronger" (H0) and "`elo1` stronger" (H1), with error rates of 5% each way. Each game
/// is a Bernoulli trial at the score the hypothesis implies (a draw, rare in this game, counts
/// as half a win and half a loss), so the log-likelihood ratio after W wins and L losses is
/// W·ln(p1/p0) + L·ln((1−p1)/(1−p0)); the match stops once it leaves the bounds
/// ln(β/(1−α)) and ln((1−β)/α). Stopping a fixed-length match early by eye, on an interval
/// that looks decided, finds gains that are not there more often than its 95% says; this
/// test's error rates hold however early it stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
}

/// What a sequential test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// H0: the first player is `elo0` stronger (the test prefers it to `elo1`; a player
    /// between the two may be accepted either way).
    Null,
    /// H1: the first player is `elo1` stronger (the test prefers it to `elo0`).
    Alternative,
}

impl Sprt {
    /// The chance of accepting H1 when H0 holds, and of accepting H0 when H1 holds.
    const ERROR: f64 = 0.05;

    /// The log-likelihood ratio of H1 against H0 after the games of `tally`.
    pub fn llr(self, tally: &Tally) -> f64 {
        let p0 = Tally::expected_score(self.elo0);
        let p1 = Tally::expected_score(self.elo1);
        let half_draws = f64::from(tally.draws) / 2.0;
        let wins = f64::from(tally.wins) + half_draws;
        let losses = f64::from(tally.losses) + half_draws;
        wins * (p1 / p0).ln() + losses * ((1.0 - p1) / (1.0 - p0)).ln()
    }

    /// The bounds the log-likelihood ratio must leave for a decision: below the first, H0 is
    /// accepted; above the second, H1.
    pub fn bounds() -> (f64, f64) {
        let (alpha, beta) = (Sprt::ERROR, Sprt::ERROR);
        ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
    }

    /// The hypothesis the games of `tally` accept, if they decide yet.
    pub fn verdict(self, tally: &Tally) -> Option<Hypothesis> {
        let (lower, upper) = Sprt::bounds();
        let llr = self.llr(tally);
        if llr <= lower {
            Some(Hypothesis::Null)
        } else if llr >= upper {
            Some(Hypothesis::Alternative)
        } else {
            None
        }
    }
}

impl std::str::FromStr for Sprt {
    type Err = String;

    /// Two Elo differences, the smaller first: `0,70`.
    fn from_str(text: &str) -> Result<Sprt, String> {
        let wrong = || format!("\"{text}\" is not two Elo differences, the smaller first: 0,70");
        let (elo0, elo1) = text.split_once(',').ok_or_else(wrong)?;
        let read = |elo: &str| elo.trim().parse::<f64>().ok().filter(|e| e.abs() < 1000.0);
        match (read(elo0), read(elo1)) {
            (Some(elo0), Some(elo1)) if elo0 < elo1 => Ok(Sprt { elo0, elo1 }),
            _ => Err(wrong()),
        }
    }
}

/// The match's settings.
pub struct Match {
    pub players: [Contender; 2],
    pub games: u32,
    pub variant: Variant,
    pub seed: u64,
    /// The match's record file: a header saying what ran where, then each game as it ends.
    pub records: Option<PathBuf>,
    pub threads: usize,
    /// A sequential test that stops the match once it decides (`games` is then the most the
    /// match may play).
    pub sprt: Option<Sprt>,
    /// The command that runs the match, as its record file's header says it.
    pub command: String,
}

/// Plays the match, calling `progress` after each game with the tally so far. With a record
/// file, every game is appended to it as it ends, and the games of this same match already
/// saved there are counted instead of played again: a long match can stop and go on later.
/// With a sequential test, no game is started once it has decided; the games under way then
/// are finished and counted. Games are tested in the order they end, which with several
/// threads is not quite their order (a long game ends later); a resumed match tests the saved
/// games in their order.
///
/// # Errors
/// The record file cannot be read or started, or holds something else than this match's
/// games: nothing is played and nothing written.
pub fn play(settings: &Match, progress: impl Fn(&Tally) + Sync) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let (file, saved) = match &settings.records {
        Some(path) => {
            let (file, saved) = RecordFile::open(settings, path)?;
            (Some(file), saved)
        }
        None => (None, BTreeMap::new()),
    };
    let mut to_play: Vec<usize> = Vec::new();
    for index in 0..settings.games as usize {
        match saved.get(&index) {
            Some(game) => {
                // Saved games are counted in their order, so that a resumed match finds the
                // test's decision where that order first made it, whatever the games that
                // were still under way then added.
                tally.add(game);
                tally.decide(settings.sprt);
            }
            None => to_play.push(index),
        }
    }
    if let Some(file) = &file
        && !to_play.is_empty()
        && tally.decided.is_none()
        && let Err(error) = file.start(settings)
    {
        return Err(format!(
            "could not write to {}: {error}",
            file.path.display()
        ));
    }
    if tally.games() > 0 {
        progress(&tally);
    }
    let next = AtomicUsize::new(0);
    let tally = Mutex::new(tally);
    let lock = || {
        tally
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    std::thread::scope(|scope| {
        for _ in 0..settings.threads.max(1) {
            scope.spawn(|| {
                while lock().decided.is_none()
                    && let Some(&index) = to_play.get(next.fetch_add(1, Ordering::SeqCst))
                {
                    let (game, record) = play_game(settings, index);
                    if let Some(file) = &file
                        && let Err(error) = file.append(&game, &record)
                    {
                        eprintln!(
                            "could not save game {} in {}: {error}",
                            index + 1,
                            file.path.display()
                        );
                    }
                    let mut tally = lock();
                    tally.add(&game);
                    tally.decide(settings.sprt);
                    progress(&tally);
                }
            });
        }
    });
    Ok(tally
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner))
}

/// One game of a match: its number, its winner (0 or 1, the players' order) and each side's
/// time.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Played {
    index: usize,
    winner: Option<usize>,
    sides: [Side; 2],
}

impl Tally {
    fn add(&mut self, game: &Played) {
        match game.winner {
            Some(0) => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        for (total, side) in self.sides.iter_mut().zip(game.sides) {
            total.moves += side.moves;
            total.thinking += side.thinking;
            total.longest = total.longest.max(side.longest);
        }
    }

    /// Notes the test's decision the first time the games make one.
    fn decide(&mut self, sprt: Option<Sprt>) {
        if self.decided.is_none()
            && let Some(verdict) = sprt.and_then(|test| test.verdict(self))
        {
            self.decided = Some((verdict, self.games()));
        }
    }
}

/// What identifies a match in its record file, whose first line it is: the players, the board
/// and the seed.
fn match_line(settings: &Match) -> String {
    format!(
        "{MATCH_LINE}{} against {}, {}×{} with {}, seed {}",
        settings.players[0],
        settings.players[1],
        settings.variant.size(),
        settings.variant.size(),
        settings.variant.supply_words(),
        settings.seed
    )
}

/// The machine a match runs on: its processor, its cores and its load when the match starts
/// (Linux's `/proc/cpuinfo` and `/proc/loadavg`; "unknown" elsewhere).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Machine {
    pub cpu: Option<String>,
    pub cores: Option<usize>,
    /// The load averages over 1, 5 and 15 minutes, as the system says them.
    pub load: Option<String>,
}

impl Machine {
    /// This machine, now.
    pub fn here() -> Machine {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        Machine {
            cpu: read("/proc/cpuinfo").and_then(|info| {
                info.lines()
                    .filter_map(|line| line.split_once(':'))
                    .find(|(key, _)| key.trim() == "model name")
                    .map(|(_, model)| model.trim().to_owned())
            }),
            cores: std::thread::available_parallelism()
                .ok()
                .map(std::num::NonZero::get),
            load: read("/proc/loadavg").map(|load| {
                load.split_whitespace()
                    .take(3)
                    .collect::<Vec<_>>()
                    .join(" ")
            }),
        }
    }
}

impl std::fmt::Display for Machine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unknown = || "unknown".to_owned();
        write!(
            f,
            "{}, {} cores, load at start: {}",
            self.cpu.clone().unwrap_or_else(unknown),
            self.cores.map_or_else(unknown, |n| n.to_string()),
            self.load.clone().unwrap_or_else(unknown)
        )
    }
}

/// What runs the games from now on, with the machine as it is now.
fn run_lines(settings: &Match) -> String {
    format!(
        "# threads: {}\n# command: {}\n# commit: {COMMIT}\n# machine: {}\n",
        settings.threads.max(1),
        settings.command,
        Machine::here()
    )
}

/// Now, to the minute: `2026-12-01 14:05 UTC`.
fn now() -> String {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    time::OffsetDateTime::now_utc()
        .format(format)
        .unwrap_or_default()
}

/// A match's record file: its header (the match, the games asked for, then what ran where),
/// then one block a game, appended as it ends:
///
/// ```text
/// # result: game 3 winner 1 sides 31 2040511 90210 / 30 1995400 88710
/// size 12
/// e10 i11
/// ...
/// # end of game 3
/// ```
///
/// The result line says the winner (0 the first player, 1 the second, or `draw`) and each
/// side's moves, time thinking and longest move in microseconds. A block is written in one
/// piece after a blank line, and read only with its end line: a game cut short by a crash is
/// not read as a whole one, and the next game starts on a line of its own. A match that goes
/// on later says so in a `# resumed:` block of its own before its next games.
struct RecordFile {
    path: PathBuf,
    file: Mutex<std::fs::File>,
    /// Whether the file held this match already.
    resumed: bool,
}

impl RecordFile {
    /// Opens a match's record file, starting it if there is none yet, with the games already
    /// saved in it by their index.
    fn open(
        settings: &Match,
        path: &Path,
    ) -> Result<(RecordFile, BTreeMap<usize, Played>), String> {
        if path.is_dir() {
            return Err(format!(
                "{} is a folder: a match is kept in one file, such as docs/matches/NAME.txt",
                path.display()
            ));
        }
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(error) => return Err(format!("cannot read {}: {error}", path.display())),
        };
        let mut saved = BTreeMap::new();
        if !text.is_empty() {
            if !is_match(&text) {
                return Err(format!(
                    "{} is not a match's record file (it does not start with \"{MATCH_LINE}…\" \
                     and \"{GAMES_LINE}…\")",
                    path.display()
                ));
            }
            let first = text.lines().next().unwrap_or_default();
            if first != match_line(settings) {
                return Err(format!(
                    "{} holds another match ({}), not {}",
                    path.display(),
                    &first[MATCH_LINE.len()..],
                    &match_line(settings)[MATCH_LINE.len()..]
                ));
            }
            for game in read_games(&text) {
                if let Some(played) = counted(&game) {
                    saved.entry(played.index).or_insert(played);
                }
            }
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| format!("cannot write to {}: {error}", path.display()))?;
        let file = RecordFile {
            path: path.to_owned(),
            file: Mutex::new(file),
            resumed: !text.is_empty(),
        };
        Ok((file, saved))
    }

    /// Says what runs the games from now on: the header of a new file, or the note of a
    /// match going on.
    fn start(&self, settings: &Match) -> std::io::Result<()> {
        let text = if self.resumed {
            format!("\n# resumed: {}\n{GAMES_LINE}{}\n", now(), settings.games)
        } else {
            format!(
                "{}\n{GAMES_LINE}{}\n# date: {}\n",
                match_line(settings),
                settings.games,
                now()
            )
        };
        let text = text + &run_lines(settings);
        self.write(&text)
    }

    /// Appends a game's block in one piece.
    fn append(&self, game: &Played, record: &Record) -> std::io::Result<()> {
        let winner = game.winner.map_or("draw".to_owned(), |w| w.to_string());
        let side = |s: &Side| {
            format!(
                "{} {} {}",
                s.moves,
                s.thinking.as_micros(),
                s.longest.as_micros()
            )
        };
        let number = game.index + 1;
        self.write(&format!(
            "\n{GAME_LINE}{number} winner {winner} sides {} / {}\n{record}{END_LINE}{number}\n",
            side(&game.sides[0]),
            side(&game.sides[1]),
        ))
    }

    fn write(&self, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        file.write_all(text.as_bytes())?;
        file.sync_data()
    }
}

/// The game as the match counts it, if its result and record read.
fn counted(saved: &SavedGame) -> Option<Played> {
    saved.record.parse::<Record>().ok()?;
    let words: Vec<&str> = saved.result.split_whitespace().collect();
    let ["winner", winner, "sides", a @ .., "/", b0, b1, b2] = words.as_slice() else {
        return None;
    };
    let side = |words: &[&str]| -> Option<Side> {
        let [moves, thinking, longest] = words else {
            return None;
        };
        Some(Side {
            moves: moves.parse().ok()?,
            thinking: Duration::from_micros(thinking.parse().ok()?),
            longest: Duration::from_micros(longest.parse().ok()?),
        })
    };
    Some(Played {
        index: saved.number.checked_sub(1)?,
        winner: match *winner {
            "draw" => None,
            w => Some(w.parse::<usize>().ok().filter(|w| *w < 2)?),
        },
        sides: [side(a)?, side(&[b0, b1, b2])?],
    })
}

/// Game `index`: the first player opens in even games.
fn play_game(settings: &Match, index: usize) -> (Played, Record) {
    let mut game = Game::new(settings.variant);
    // Who plays White and Red now (the swap exchanges them).
    let mut controls = if index.is_multiple_of(2) {
        [0, 1]
    } else {
        [1, 0]
    };
    let mut sides = [Side::default(); 2];
    let mut moves = Vec::new();
    while let Some(color) = game.to_move() {
        let who = controls[color.index()];
        let contender = settings.players[who];
        let seed = settings
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(index as u64 * 1009 + u64::from(game.plies()));
        let started = Instant::now();
        let mv = players::choose_on(
            &game,
            contender.player,
            contender.budget(),
            seed,
            contender.cores,
        )
        .expect("a game that goes on has a move")
        .best;
        let took = started.elapsed();
        sides[who].moves += 1;
        sides[who].thinking += took;
        sides[who].longest = sides[who].longest.max(took);
        game.play(mv).expect("the AI plays legal moves");
        moves.push(RecordedMove {
            line: moves.len() + 1,
            mv: Ok(mv),
            text: mv.to_string(),
        });
        if mv == Move::Swap {
            controls.swap(0, 1);
        }
    }
    let winner = game
        .outcome()
        .and_then(ponte::game::Outcome::winner)
        .map(|c: Color| controls[c.index()]);
    let record = Record {
        variant: settings.variant,
        moves,
    };
    (
        Played {
            index,
            winner,
            sides,
        },
        record,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ponte::matches::game_text;

    #[test]
    fn players_are_read_with_their_budgets() {
        let hard: Contender = "hard:think=500ms".parse().unwrap();
        assert_eq!(hard.player, Player::Level(Level::Hard));
        assert_eq!(hard.think, Some(Duration::from_millis(500)));
        let smartbot: Contender = "uct-smartbot:moves=200000".parse().unwrap();
        assert_eq!(
            smartbot.player,
            Player::UctSmartbot {
                random_moves: 200_000
            }
        );
        // The old name still reads, and is written under the new one.
        let baseline: Contender = "baseline".parse().unwrap();
        assert_eq!(baseline.to_string(), "uct-smartbot");
        let boardspace: Contender = "boardspace".parse().unwrap();
        assert_eq!(
            boardspace.player,
            Player::Boardspace {
                moves: boardspace::MOVES
            }
        );
        assert_eq!(
            "hard-2026-11".parse::<Contender>().unwrap().player,
            Player::HardReference
        );
        for name in [
            "hard",
            "hard-without-rave:playouts=100",
            "hard-without-advice",
            "hard-2026-11",
            "hard-2026-11:think=500ms",
            "hard-2026-11:playouts=3000",
            "boardspace",
            "boardspace:moves=100000",
            "uct-smartbot",
            "uct-smartbot:moves=200000",
            "trial-swap+bias",
            "trial-swap+c=0.1+k=1000:think=250ms",
            "trial-swap+bias+w=0.05",
            "trial-swap+partner+b=8:think=250ms",
            "trial-swap+grave+r=50:think=250ms",
            "hard:cores=2",
            "medium:think=250ms:cores=2",
            "advice",
        ] {
            let contender: Contender = name.parse().unwrap();
            assert_eq!(contender.to_string(), name, "read back as written");
        }
        for wrong in [
            "hard:moves=5",
            "boardspace:think=500ms",
            "boardspace:playouts=10",
            "uct-smartbot:think=1ms",
            "boardspace:moves=many",
            "advice:think=500ms",
            "advice:playouts=10",
            "expert",
            // A budget of nothing.
            "hard:playouts=0",
            "medium:think=0ms",
            "boardspace:moves=0",
            "uct-smartbot:moves=0",
            "trial-swap+x=1",
            "trial-swap+c=much",
            "trial-swap+k=-1",
            "trial-swap+b=5",
            "boardspace:cores=2",
            "hard-2026-11:cores=2",
            "hard:cores=0",
            "hard:cores=x",
        ] {
            assert!(wrong.parse::<Contender>().is_err(), "{wrong}");
        }
    }

    #[test]
    fn the_interval_is_wilsons() {
        let percent = |wins, losses, draws| {
            let tally = Tally {
                wins,
                losses,
                draws,
                ..Tally::default()
            };
            let (p, low, high) = tally.score();
            [p, low, high].map(|x| (x * 1000.0).round() / 10.0)
        };
        assert_eq!(percent(100, 0, 0), [100.0, 96.3, 100.0]);
        assert_eq!(percent(79, 21, 0), [79.0, 70.0, 85.8]);
        assert_eq!(percent(0, 20, 0), [0.0, 0.0, 16.1]);
        assert_eq!(percent(9, 9, 2), [50.0, 29.9, 70.1]);
    }

    #[test]
    fn a_small_match_adds_up() {
        let weak: Contender = "easy:playouts=2".parse().unwrap();
        let settings = Match {
            players: [weak, weak],
            games: 4,
            variant: Variant::unlimited(6).unwrap(),
            seed: 1,
            records: None,
            threads: 2,
            sprt: None,
            command: "ponte-lab arena".to_owned(),
        };
        let tally = play(&settings, |_| {}).unwrap();
        assert_eq!(tally.games(), 4);
        assert!(tally.sides.iter().all(|s| s.moves > 0));
        let (p, low, high) = tally.score();
        assert!(low <= p && p <= high);
        assert_eq!(Tally::elo(0.5), 0.0);
        assert!(Tally::elo(0.75) > 190.0 && Tally::elo(0.75) < 192.0);
    }

    #[test]
    fn the_sequential_test_weighs_wins_and_losses_by_the_two_hypotheses() {
        let test: Sprt = "0,70".parse().unwrap();
        assert_eq!(
            test,
            Sprt {
                elo0: 0.0,
                elo1: 70.0
            }
        );
        // 70 Elo is a score of 0.5994; 10 wins, 5 losses and 2 draws are 11 and 6 trials:
        // 11·ln(0.5994/0.5) + 6·ln(0.4006/0.5), worked out by hand.
        let tally = |wins, losses, draws| Tally {
            wins,
            losses,
            draws,
            ..Tally::default()
        };
        assert!((test.llr(&tally(10, 5, 2)) - 0.66465).abs() < 1e-4);
        let (lower, upper) = Sprt::bounds();
        assert!((lower + 2.94444).abs() < 1e-4 && (upper - 2.94444).abs() < 1e-4);
        assert_eq!(test.verdict(&tally(10, 5, 2)), None);
        // Each win is worth 0.181, each loss −0.222: 17 wins decide for H1, 14 losses for H0.
        assert_eq!(test.verdict(&tally(16, 0, 0)), None);
        assert_eq!(
            test.verdict(&tally(17, 0, 0)),
            Some(Hypothesis::Alternative)
        );
        assert_eq!(test.verdict(&tally(0, 13, 0)), None);
        assert_eq!(test.verdict(&tally(0, 14, 0)), Some(Hypothesis::Null));
        assert!((Tally::expected_score(Tally::elo(0.7)) - 0.7).abs() < 1e-9);
        for wrong in ["70,0", "0", "0,x", "5,5", "0,5000"] {
            assert!(wrong.parse::<Sprt>().is_err(), "{wrong}");
        }
    }

    #[test]
    fn a_sequential_match_stops_once_it_decides() {
        let strong: Contender = "medium:playouts=60".parse().unwrap();
        let weak: Contender = "easy:playouts=1".parse().unwrap();
        let mut settings = Match {
            players: [strong, weak],
            games: 100,
            variant: Variant::unlimited(6).unwrap(),
            seed: 3,
            records: None,
            threads: 1,
            sprt: Some("0,100".parse().unwrap()),
            command: "ponte-lab arena".to_owned(),
        };
        let tally = play(&settings, |_| {}).unwrap();
        assert_eq!(
            tally.decided,
            Some((Hypothesis::Alternative, tally.games()))
        );
        assert!(tally.games() < 30, "{tally:?}");
        settings.players = [weak, strong];
        let tally = play(&settings, |_| {}).unwrap();
        assert_eq!(tally.decided, Some((Hypothesis::Null, tally.games())));
        assert!(tally.games() < 30, "{tally:?}");

        // On two threads with records: the game under way when the test decides is finished
        // and saved, and the match started again plays nothing more and finds the decision
        // where the saved games' order made it.
        let dir = tempfile::tempdir().unwrap();
        settings.players = [strong, weak];
        settings.records = Some(dir.path().join("match.txt"));
        settings.threads = 2;
        let first = play(&settings, |_| {}).unwrap();
        let Some((Hypothesis::Alternative, decided_after)) = first.decided else {
            panic!("{first:?}");
        };
        assert!(first.games() >= decided_after && first.games() <= decided_after + 1);
        let played = Mutex::new(0);
        let again = play(&settings, |_| *played.lock().unwrap() += 1).unwrap();
        assert_eq!(
            *played.lock().unwrap(),
            1,
            "one report of the saved games, none played"
        );
        assert_eq!(again.games(), first.games());
        assert_eq!(
            again.decided,
            Some((Hypothesis::Alternative, decided_after))
        );
    }

    #[test]
    fn boardspace_and_the_reference_play_a_small_match() {
        let settings = Match {
            players: [
                "boardspace:moves=300".parse().unwrap(),
                "hard-2026-11:playouts=20".parse().unwrap(),
            ],
            games: 2,
            variant: Variant::boxed(10).unwrap(),
            seed: 2,
            records: None,
            threads: 1,
            sprt: None,
            command: "ponte-lab arena".to_owned(),
        };
        let tally = play(&settings, |_| {}).unwrap();
        assert_eq!(tally.games(), 2);
        assert!(tally.sides.iter().all(|s| s.moves > 0));
    }

    /// The games saved in a match's record file, by their index.
    fn saved(path: &Path) -> Vec<Played> {
        let text = std::fs::read_to_string(path).unwrap();
        read_games(&text).iter().filter_map(counted).collect()
    }

    #[test]
    fn a_match_with_records_goes_on_from_the_games_already_saved() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("match.txt");
        let weak: Contender = "easy:playouts=2".parse().unwrap();
        let mut settings = Match {
            players: [weak, "medium:playouts=3".parse().unwrap()],
            games: 3,
            variant: Variant::unlimited(6).unwrap(),
            seed: 4,
            records: Some(path.clone()),
            threads: 1,
            sprt: None,
            command: "ponte-lab arena".to_owned(),
        };
        let first = play(&settings, |_| {}).unwrap();
        assert_eq!(first.games(), 3);
        let games = saved(&path);
        assert_eq!(games.iter().map(|g| g.index).collect::<Vec<_>>(), [0, 1, 2]);

        // Five games: the three saved are counted as they were, two are played.
        settings.games = 5;
        let played = Mutex::new(Vec::new());
        let all = play(&settings, |t| played.lock().unwrap().push(t.games())).unwrap();
        assert_eq!(played.into_inner().unwrap(), vec![3, 4, 5]);
        assert_eq!(all.games(), 5);
        let games = saved(&path);
        assert_eq!(games.len(), 5);
        let later: u32 = games[3..].iter().map(|g| g.sides[0].moves).sum();
        assert_eq!(all.sides[0].moves, first.sides[0].moves + later);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.matches("\n# resumed: ").count(), 1, "{text}");
        assert!(text.contains("\n# resumed: 20"), "{text}");

        // Another match's records are not this match's games: nothing is played or written.
        settings.seed = 5;
        let error = play(&settings, |_| panic!("nothing is played")).unwrap_err();
        assert!(error.contains("holds another match"), "{error}");
        assert!(error.ends_with(", seed 4), not easy:playouts=2 against medium:playouts=3, 6×6 with unlimited supply, seed 5"), "{error}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        // Nor is a folder, or a file that is no match's record.
        settings.records = Some(dir.path().to_owned());
        let error = play(&settings, |_| panic!("nothing is played")).unwrap_err();
        assert!(error.contains("is a folder"), "{error}");
        let other = dir.path().join("notes.txt");
        std::fs::write(&other, "size 6\na1 b1\n").unwrap();
        settings.records = Some(other.clone());
        let error = play(&settings, |_| panic!("nothing is played")).unwrap_err();
        assert!(error.contains("is not a match's record file"), "{error}");
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "size 6\na1 b1\n");
    }

    #[test]
    fn a_match_file_has_its_header_and_every_game_as_played() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("match.txt");
        let settings = Match {
            players: [
                "easy:playouts=2".parse().unwrap(),
                "medium:playouts=3".parse().unwrap(),
            ],
            games: 4,
            variant: Variant::boxed(6).unwrap(),
            seed: 7,
            records: Some(path.clone()),
            threads: 2,
            sprt: None,
            command: "ponte-lab arena easy:playouts=2 medium:playouts=3 --games 4 --size 6"
                .to_owned(),
        };
        let tally = play(&settings, |_| {}).unwrap();
        assert_eq!(tally.games(), 4);
        let text = std::fs::read_to_string(&path).unwrap();
        let header: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
        let machine = Machine::here();
        assert_eq!(
            header,
            [
                "# arena: easy:playouts=2 against medium:playouts=3, 6×6 with unlimited supply, seed 7".to_owned(),
                "# games: 4".to_owned(),
                header[2].to_owned(),
                "# threads: 2".to_owned(),
                format!("# command: {}", settings.command),
                format!("# commit: {COMMIT}"),
                header[6].to_owned(),
            ]
        );
        assert!(
            header[2].starts_with("# date: 20") && header[2].ends_with(" UTC"),
            "{}",
            header[2]
        );
        let load = header[6].rsplit_once("load at start: ").unwrap().1;
        assert_eq!(
            header[6],
            format!(
                "# machine: {}",
                Machine {
                    load: Some(load.to_owned()),
                    ..machine.clone()
                }
            )
        );
        if cfg!(target_os = "linux") {
            assert!(
                machine.cpu.is_some() && machine.load.is_some(),
                "{machine:?}"
            );
            assert_eq!(load.split(' ').count(), 3, "{load}");
        }
        assert!(!COMMIT.is_empty());

        // Every game reads back as the game played, move for move, in any order the threads
        // ended them; each replays on its own as a record.
        let mut games = read_games(&text);
        games.sort_by_key(|g| g.number);
        assert_eq!(
            games.iter().map(|g| g.number).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        let mut sides = [Side::default(); 2];
        for game in &games {
            let (played, record) = play_game(&settings, game.number - 1);
            assert_eq!(counted(game).unwrap().winner, played.winner);
            assert_eq!(game.record, record.to_string());
            let alone = game_text(&text, game.number).unwrap();
            assert_eq!(alone.trim_start_matches('\n'), record.to_string());
            let lines_before = alone.len() - alone.trim_start_matches('\n').len();
            assert_eq!(text.lines().nth(lines_before), Some("size 6"));
            let replay = alone.parse::<Record>().unwrap().replay();
            assert!(replay.error.is_none() && replay.game.is_over());
            for (total, side) in sides.iter_mut().zip(counted(game).unwrap().sides) {
                total.moves += side.moves;
            }
        }
        assert_eq!(sides.map(|s| s.moves), tally.sides.map(|s| s.moves));
        assert!(
            game_text(&text, 5)
                .unwrap_err()
                .contains("holds 4 whole games")
        );
    }

    #[test]
    fn a_game_cut_short_is_not_read_and_is_played_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("match.txt");
        let settings = Match {
            players: ["easy:playouts=2".parse().unwrap(); 2],
            games: 3,
            variant: Variant::boxed(6).unwrap(),
            seed: 8,
            records: Some(path.clone()),
            threads: 1,
            sprt: None,
            command: "ponte-lab arena".to_owned(),
        };
        play(&settings, |_| {}).unwrap();
        let whole = std::fs::read_to_string(&path).unwrap();
        // Cut in the last game's record, in its end line, and in its result line.
        let last = whole.rfind("\n# result: game 3 ").unwrap();
        for cut in [
            whole.rfind("size 6").unwrap() + 9,
            whole.len() - 3,
            last + 12,
        ] {
            std::fs::write(&path, &whole[..cut]).unwrap();
            assert_eq!(saved(&path).len(), 2, "cut at {cut}");
            let tally = play(&settings, |_| {}).unwrap();
            assert_eq!(tally.games(), 3);
            let text = std::fs::read_to_string(&path).unwrap();
            let games = read_games(&text);
            assert_eq!(
                games.iter().map(|g| g.number).collect::<Vec<_>>(),
                [1, 2, 3]
            );
            let before = &read_games(&whole)[2];
            assert_eq!(games[2].record, before.record);
            assert_eq!(
                counted(&games[2]).unwrap().winner,
                counted(before).unwrap().winner
            );
        }
    }
}
