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
    Arena(ArenaArgs),
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
        Command::Arena(args) => arena(args),
    };
    outcome.unwrap_or_else(|message| {
        // Status 2, as `ponte`'s commands: nothing was made.
        eprintln!("ponte-lab arena: {message}");
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
