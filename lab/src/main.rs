//! `ponte-lab`: the matches that measure the bot's levels against each other and against the
//! yardsticks (`ponte-lab arena`), beside the product's `ponte` binary.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use ponte::game::Variant;
use ponte::progress::Bar;

#[derive(Parser)]
#[command(
    name = "ponte-lab",
    version,
    about = "Matches between the bot's levels and its yardsticks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a match between two AI players and report the score
    Arena(Box<ArenaArgs>),
    /// Make puzzles from the AI's own games (easy against itself), appended to a file
    Puzzles(PuzzlesArgs),
    /// Judge a file's puzzles again with a deeper search and say how often it agrees
    PuzzlesCheck(PuzzlesCheckArgs),
    /// Write into a file the chances its cut judged for each candidate, where a puzzle lacks them
    PuzzlesJudged(PuzzlesJudgedArgs),
}

#[derive(clap::Args)]
struct PuzzlesJudgedArgs {
    #[arg(default_value = "assets/puzzles/built-in.txt")]
    file: PathBuf,
}

#[derive(clap::Args)]
struct PuzzlesArgs {
    /// The file the puzzles are appended to (a position already in it is not added again)
    #[arg(long, default_value = "assets/puzzles/built-in.txt")]
    out: PathBuf,
    #[arg(long, default_value_t = 24)]
    games: u64,
    /// The boards' sizes, taken in turn (the box's supply)
    #[arg(long, value_delimiter = ',', default_value = "12,12,10,12,8")]
    sizes: Vec<u8>,
    /// The first game's seed; game N plays with seed + N
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The judging search's playouts a candidate
    #[arg(long, default_value_t = ponte::ai::puzzle::JUDGE_PLAYOUTS)]
    judge_playouts: u64,
    /// Games made at once (default: one per core)
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(clap::Args)]
struct PuzzlesCheckArgs {
    #[arg(default_value = "assets/puzzles/built-in.txt")]
    file: PathBuf,
    /// The deeper search's playouts as a multiple of each puzzle's own
    #[arg(long, default_value_t = 4)]
    factor: u64,
}

#[derive(clap::Args)]
struct ArenaArgs {
    /// A level (easy, medium, hard), hard-2026-11, boardspace, uct-smartbot or advice (no
    /// search), optionally with a budget: hard:think=500ms, medium:playouts=2000,
    /// boardspace:moves=100000
    first: ponte_lab::arena::Contender,
    second: ponte_lab::arena::Contender,
    #[arg(long, default_value_t = 100)]
    games: u32,
    #[arg(long, default_value_t = 12)]
    size: u8,
    /// box (the game's supply) or unlimited
    #[arg(long, value_enum, default_value_t = Supply::Box)]
    supply: Supply,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep the match in this file (docs/matches/NAME.txt): a header saying what ran where,
    /// then each game's record as it ends. The games of this match already in it are counted,
    /// not played again; `ponte replay --game N FILE` replays one
    #[arg(long)]
    records: Option<PathBuf>,
    /// Games played at once (default: one per core)
    #[arg(long)]
    threads: Option<usize>,
    /// Stop as soon as a sequential test (SPRT, 5% errors) decides between two Elo differences
    /// of the first player, the smaller first: 0,70 (--games is then the most it plays)
    #[arg(long)]
    sprt: Option<ponte_lab::arena::Sprt>,
}

/// The tiles and bridges of an arena's games: the game's own box for the board's size, or no
/// end to either. (The variants have no `///`, which would make clap's help long.)
#[derive(Clone, Copy, ValueEnum)]
enum Supply {
    Box,
    Unlimited,
}

impl Supply {
    fn variant(self, size: u8) -> Result<Variant, ponte::game::BadSize> {
        match self {
            Supply::Box => Variant::boxed(size),
            Supply::Unlimited => Variant::unlimited(size),
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Arena(args) => arena(*args),
        Command::Puzzles(args) => puzzles(&args),
        Command::PuzzlesCheck(args) => puzzles_check(&args),
        Command::PuzzlesJudged(args) => puzzles_judged(&args),
    };
    outcome.unwrap_or_else(|message| {
        // Status 2, as `ponte`'s commands: nothing was made.
        eprintln!("ponte-lab: {message}");
        ExitCode::from(2)
    })
}

/// Longer than 80 lines because it is the command's whole report, printed in the order a
/// reader reads it: the settings, the running score, the result with its interval, the times.
fn arena(args: ArenaArgs) -> Result<ExitCode, String> {
    let variant = args.supply.variant(args.size).map_err(|e| e.to_string())?;
    let games = args.games;
    let settings = ponte_lab::arena::Match {
        players: [args.first, args.second],
        games,
        variant,
        seed: args.seed,
        records: args.records,
        threads: args.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
        }),
        sprt: args.sprt,
        command: command_line(),
    };
    let started = std::time::Instant::now();
    // On a terminal, a bar with the time left; in a log, the line it has always been.
    let on_terminal = std::io::stderr().is_terminal();
    let bar = Bar::on_terminal("game {pos}/{len}: {msg}, {eta} left");
    let tally = ponte_lab::arena::play(&settings, |t| {
        let mut score = format!("{} won, {} lost, {} drawn", t.wins, t.losses, t.draws);
        if let Some(test) = settings.sprt {
            score += &format!(", LLR {:.2}", test.llr(t));
        }
        if on_terminal {
            bar.say(score);
            bar.show(t.games() as usize, games as usize);
        } else {
            eprint!("\rgame {}/{games}: {score} ", t.games());
        }
    })?;
    drop(bar);
    if !on_terminal {
        eprintln!();
    }
    let (score, low, high) = tally.score();
    println!(
        "{} against {}: {} games, {} won, {} lost, {} drawn",
        settings.players[0],
        settings.players[1],
        tally.games(),
        tally.wins,
        tally.losses,
        tally.draws
    );
    println!(
        "score {:.1}% (95% interval {:.1}–{:.1}%), Elo difference {:+.0} ({:+.0} to {:+.0})",
        score * 100.0,
        low * 100.0,
        high * 100.0,
        ponte_lab::arena::Tally::elo(score),
        ponte_lab::arena::Tally::elo(low),
        ponte_lab::arena::Tally::elo(high)
    );
    for (contender, side) in settings.players.iter().zip(tally.sides) {
        let mean = side.thinking.as_secs_f64() * 1000.0 / f64::from(side.moves.max(1));
        println!(
            "{}: {} moves, mean {mean:.0} ms a move, longest {} ms",
            contender,
            side.moves,
            side.longest.as_millis()
        );
    }
    if let Some(test) = settings.sprt {
        let (lower, upper) = ponte_lab::arena::Sprt::bounds();
        let verdict = match tally.decided {
            Some((ponte_lab::arena::Hypothesis::Alternative, games)) => {
                format!(
                    "after {games} games: {:+} Elo (H1) accepted over {:+}",
                    test.elo1, test.elo0
                )
            }
            Some((ponte_lab::arena::Hypothesis::Null, games)) => {
                format!(
                    "after {games} games: {:+} Elo (H0) accepted over {:+}",
                    test.elo0, test.elo1
                )
            }
            None => "not decided".to_owned(),
        };
        println!(
            "SPRT {:+} against {:+} Elo: LLR {:.2} (bounds {lower:.2}, {upper:.2}), {verdict}",
            test.elo0,
            test.elo1,
            test.llr(&tally)
        );
    }
    println!("took {:.0} s", started.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

/// The command line this process runs, each word quoted for a shell where it needs it.
fn command_line() -> String {
    let quoted = |word: std::ffi::OsString| {
        let word = word.to_string_lossy().into_owned();
        let plain = !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./:=+,@%".contains(c));
        if plain {
            word
        } else {
            format!("'{}'", word.replace('\'', "'\\''"))
        }
    };
    std::env::args_os()
        .map(quoted)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Makes the puzzles of `args.games` games on `args.threads` threads, each game's appended to
/// the file as it is made, with a line for each game on standard error.
fn puzzles(args: &PuzzlesArgs) -> Result<ExitCode, String> {
    use std::collections::HashSet;
    use std::io::Write;
    use std::sync::Mutex;

    let read = |path: &PathBuf| std::fs::read_to_string(path).unwrap_or_default();
    let known = ponte::ai::puzzle::parse_puzzles(&read(&args.out))
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    let keys: HashSet<String> = known.iter().map(|p| p.key()).collect();
    let state = Mutex::new((keys, known.len()));
    let next = std::sync::atomic::AtomicU64::new(0);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let variants: Vec<Variant> = args
        .sizes
        .iter()
        .map(|&size| Variant::boxed(size).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    if variants.is_empty() {
        return Err("--sizes names no board".into());
    }
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if index >= args.games {
                        return;
                    }
                    let variant = variants[index as usize % variants.len()];
                    let seed = args.seed + index;
                    let made = ponte_lab::puzzles::make(variant, seed, args.judge_playouts);
                    let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
                    let fresh: Vec<_> = made
                        .puzzles
                        .iter()
                        .filter(|p| state.0.insert(p.key()))
                        .collect();
                    state.1 += fresh.len();
                    let mut file = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(&args.out)
                        .expect("the puzzles' file opens");
                    for puzzle in &fresh {
                        writeln!(file, "\n# {variant}, seed {seed}\n{puzzle}")
                            .expect("the puzzles' file is written");
                    }
                    eprintln!(
                        "game {} of {} ({}×{}, seed {seed}): {} moves, played in {:.1} s, \
                         analysed in {:.1} s ({} playouts a position), cut in {:.1} s \
                         ({} playouts a candidate): {} puzzles, {} new, {} in the file",
                        index + 1,
                        args.games,
                        variant.size(),
                        variant.size(),
                        made.moves,
                        made.playing.as_secs_f64(),
                        made.analysis.as_secs_f64(),
                        ponte_lab::puzzles::ANALYSIS_PLAYOUTS,
                        made.cutting.as_secs_f64(),
                        args.judge_playouts,
                        made.puzzles.len(),
                        fresh.len(),
                        state.1
                    );
                }
            });
        }
    });
    Ok(ExitCode::SUCCESS)
}

/// Judges every puzzle of `args.file` again with `args.factor` times its playouts and another
/// seed, one line a puzzle, then how often the deeper search agrees on every candidate.
fn puzzles_check(args: &PuzzlesCheckArgs) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(&args.file).map_err(|e| e.to_string())?;
    let puzzles = ponte::ai::puzzle::parse_puzzles(&text)?;
    let mut agreed = 0;
    let started = std::time::Instant::now();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let playouts = puzzle.playouts * args.factor;
        let deeper = ponte_lab::puzzles::rejudge(puzzle, playouts, 0x5eed + index as u64);
        agreed += usize::from(deeper.agrees);
        let words = |moves: &[ponte::game::Move]| {
            moves
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        };
        println!(
            "puzzle {}: accepted {} / deeper ({playouts} playouts) {}: {}",
            index + 1,
            words(&puzzle.accepted),
            words(&deeper.accepted),
            if deeper.agrees { "agrees" } else { "differs" }
        );
    }
    println!(
        "the deeper search ({}× the playouts) agrees on every candidate of {agreed} of {} \
         puzzles; took {:.0} s",
        args.factor,
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes a `judged` line into each puzzle of `args.file` that has none and a seed: its
/// candidates searched again as its cut searched them (`ponte_lab::puzzles::judged_again`),
/// kept only where they accept the puzzle's accepted moves, best first, as the cut did. The
/// file's other lines are left as they are.
fn puzzles_judged(args: &PuzzlesJudgedArgs) -> Result<ExitCode, String> {
    use ponte::ai::analysis::same_move;
    let text = std::fs::read_to_string(&args.file).map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let (mut written, mut differ) = (0, 0);
    let mut out: Vec<String> = Vec::new();
    let mut block: Vec<&str> = Vec::new();
    for line in text.lines().chain(std::iter::once("")) {
        if !line.trim().is_empty() {
            block.push(line);
            continue;
        }
        let puzzle = ponte::ai::puzzle::parse_puzzles(&block.join("\n"))?
            .into_iter()
            .next();
        let judged = puzzle
            .as_ref()
            .filter(|p| p.judged.is_empty())
            .and_then(|p| Some((p, ponte_lab::puzzles::judged_again(p)?)));
        for &kept in &block {
            out.push(kept.to_string());
            let Some((puzzle, judged)) = judged.as_ref().filter(|_| kept.starts_with("chances "))
            else {
                continue;
            };
            let accepted = ponte_lab::puzzles::accepted_of(&puzzle.candidates, judged);
            let agrees = accepted.len() == puzzle.accepted.len()
                && accepted
                    .iter()
                    .zip(&puzzle.accepted)
                    .all(|(&a, &b)| same_move(a, b));
            let figures: Vec<String> = judged.iter().map(|c| format!("{c:.3}")).collect();
            println!(
                "{} seed {}, ply {}: judged {} ({})",
                puzzle.variant,
                puzzle.seed.unwrap_or_default(),
                puzzle.moves.len(),
                figures.join(" "),
                if agrees {
                    "as cut"
                } else {
                    "differs from the cut: not written"
                }
            );
            if agrees {
                out.push(format!("judged {}", figures.join(" ")));
                written += 1;
            } else {
                differ += 1;
            }
        }
        block.clear();
        out.push(line.to_string());
    }
    // The blank line added after the last block.
    out.pop();
    let mut new = out.join("\n");
    if text.ends_with('\n') {
        new.push('\n');
    }
    std::fs::write(&args.file, new).map_err(|e| e.to_string())?;
    println!(
        "{written} puzzles judged as cut, {differ} differ; took {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
