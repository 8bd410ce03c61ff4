//! The `ponte` command: the Discord `bot`, `local` play in a terminal, `replay`, `render` or
//! animate (`gif`) a game record, or ask the `ai` for a move.

use std::io::Read;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "ponte", version, about = "Ponte del Diavolo by correspondence")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How a picture of a record names it and its players.
#[derive(clap::Args)]
struct Caption {
    /// The caption's first line (default: the record's file name)
    #[arg(long)]
    title: Option<String>,
    #[arg(long, default_value = "White")]
    white: String,
    #[arg(long, default_value = "Red")]
    red: String,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN, e.g. in .env)
    Bot,
    /// Play in the terminal on the same service and database as the bot
    Local {
        /// The SQLite database (default: $DATABASE_URL, else sqlite://ponte.db)
        #[arg(long)]
        database: Option<String>,
        /// Where to write each game's board picture (default: ponte/ in the temp directory)
        #[arg(long)]
        pictures: Option<std::path::PathBuf>,
        /// Write no pictures
        #[arg(long, conflicts_with = "pictures")]
        no_pictures: bool,
        /// en, de or fr (default: the system's language, else English)
        #[arg(long)]
        lang: Option<ponte::i18n::Lang>,
    },
    /// Draw the position at the end of a game record as a PNG
    Render {
        /// The record file, or - for standard input
        record: String,
        /// Where to write the picture
        #[arg(short, long, default_value = "board.png")]
        output: String,
        #[command(flatten)]
        caption: Caption,
    },
    /// Animate a game record as a looping GIF, one frame per move
    Gif {
        /// The record file, or - for standard input
        record: String,
        /// Where to write the animation
        #[arg(short, long, default_value = "game.gif")]
        output: String,
        /// How long each position shows, in milliseconds (the last one at least 4 s)
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(20..=60_000))]
        delay_ms: u64,
        #[command(flatten)]
        caption: Caption,
        /// en, de or fr
        #[arg(long, default_value = "en")]
        lang: ponte::i18n::Lang,
    },
    /// The AI's look back at a game record: White's chances after every move and the moves
    /// that changed the game most
    Analyse {
        /// The record file, or - (the default) for standard input
        #[arg(default_value = "-")]
        record: String,
        /// The search's playouts a position
        #[arg(long, default_value_t = ponte::service::ANALYSIS_PLAYOUTS)]
        playouts: u64,
        /// Also draw the chart of White's chances as a PNG here
        #[arg(short, long)]
        output: Option<String>,
        /// en, de or fr
        #[arg(long, default_value = "en")]
        lang: ponte::i18n::Lang,
    },
    /// Print the move the AI plays at the end of a game record
    Ai {
        /// The record file, or - (the default) for standard input
        #[arg(default_value = "-")]
        file: String,
        /// easy, medium or hard
        #[arg(long, default_value = "medium")]
        level: ponte::ai::Level,
        /// Think this many milliseconds instead of the level's own budget
        #[arg(long)]
        think_ms: Option<u64>,
        /// The search's random seed (the same seed and playout budget give the same move)
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Play a match between two AI players and report the score
    Arena {
        /// A level (easy, medium, hard), hard-2026-11, boardspace or uct-smartbot, optionally
        /// with a budget: hard:think=500ms, medium:playouts=2000, boardspace:moves=100000
        first: ponte::arena::Contender,
        second: ponte::arena::Contender,
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 12)]
        size: u8,
        /// box (the game's supply) or unlimited
        #[arg(long, default_value = "box")]
        supply: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Save every game as a record in this directory
        #[arg(long)]
        records: Option<std::path::PathBuf>,
        /// Games played at once (default: one per core)
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Replay a game record and report the final position
    Replay {
        /// The record file, or - (the default) for standard input
        #[arg(default_value = "-")]
        file: String,
        /// Print one JSON object instead of a text board
        #[arg(long)]
        json: bool,
    },
}

fn main() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Bot => {
            let _ = dotenvy::dotenv();
            tracing_subscriber::fmt()
                .with_env_filter(
                    tracing_subscriber::EnvFilter::try_from_default_env()
                        .unwrap_or_else(|_| "info".into()),
                )
                .init();
            let config = match ponte::discord::Config::from_env() {
                Ok(config) => config,
                Err(error) => {
                    eprintln!("ponte bot: {error:#}");
                    return Ok(ExitCode::from(1));
                }
            };
            let runtime = tokio::runtime::Runtime::new()?;
            runtime.block_on(ponte::discord::run(config))?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Local {
            database,
            pictures,
            no_pictures,
            lang,
        } => {
            let lang = lang.unwrap_or_else(|| {
                ponte::i18n::Lang::of_locale_or_english(sys_locale::get_locale().as_deref())
            });
            let pictures = (!no_pictures)
                .then(|| pictures.unwrap_or_else(|| std::env::temp_dir().join("ponte")));
            let _ = dotenvy::dotenv();
            let url = database
                .or_else(|| std::env::var("DATABASE_URL").ok())
                .unwrap_or_else(|| "sqlite://ponte.db".to_string());
            let runtime = tokio::runtime::Runtime::new()?;
            runtime.block_on(async {
                let mut service = ponte::service::Service::open(&url)
                    .await
                    .with_context(|| format!("opening {url}"))?;
                if let Ok(playouts) = std::env::var("PONTE_AI_PLAYOUTS") {
                    let playouts = playouts
                        .trim()
                        .parse()
                        .context("PONTE_AI_PLAYOUTS must be a number of playouts a move")?;
                    service.set_ai_playouts(Some(playouts));
                }
                ponte::local::run(&service, pictures, lang).await?;
                service.close().await;
                anyhow::Ok(())
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Render {
            record,
            output,
            caption: Caption { title, white, red },
        } => {
            // Exit 1: drawn, but the record stopped at an illegal line; 2: no picture at all
            // (as `ponte replay`: 2 for input that cannot be read).
            let text = match read_input(&record) {
                Ok(text) => text,
                Err(error) => {
                    eprintln!("ponte render: {error:#}");
                    return Ok(ExitCode::from(2));
                }
            };
            let record_text = text.parse::<ponte::game::Record>();
            let replay = match record_text {
                Ok(parsed) => parsed.replay(),
                Err(error) => {
                    eprintln!("ponte render: {error}");
                    return Ok(ExitCode::from(2));
                }
            };
            if let Some(error) = &replay.error {
                eprintln!("ponte render: stopped at {error}; drawing the position before it");
            }
            let title = title.unwrap_or_else(|| file_title(&record));
            let png =
                ponte::service::picture(&replay.game, &title, &white, &red, ponte::i18n::Lang::En);
            if let Err(error) = std::fs::write(&output, png) {
                eprintln!("ponte render: writing {output}: {error}");
                return Ok(ExitCode::from(2));
            }
            Ok(ExitCode::from(if replay.error.is_some() { 1 } else { 0 }))
        }
        Command::Gif {
            record,
            output,
            delay_ms,
            caption: Caption { title, white, red },
            lang,
        } => {
            // Exit statuses as `ponte render`: 1 animated up to an illegal line, 2 nothing made.
            let (variant, moves, stopped) = match record_moves(&record) {
                Ok(read) => read,
                Err(error) => {
                    eprintln!("ponte gif: {error:#}");
                    return Ok(ExitCode::from(2));
                }
            };
            if let Some(error) = &stopped {
                eprintln!("ponte gif: stopped at {error}; animating the moves before it");
            }
            let title = title.unwrap_or_else(|| file_title(&record));
            let gif = ponte::service::replay_gif(
                variant,
                &moves,
                (&white, &red),
                &title,
                lang,
                std::time::Duration::from_millis(delay_ms),
            );
            if let Err(error) = std::fs::write(&output, gif) {
                eprintln!("ponte gif: writing {output}: {error}");
                return Ok(ExitCode::from(2));
            }
            Ok(ExitCode::from(if stopped.is_some() { 1 } else { 0 }))
        }
        Command::Analyse {
            record,
            playouts,
            output,
            lang,
        } => {
            let (variant, moves, stopped) = match record_moves(&record) {
                Ok(read) => read,
                Err(error) => {
                    eprintln!("ponte analyse: {error:#}");
                    return Ok(ExitCode::from(2));
                }
            };
            if let Some(error) = &stopped {
                eprintln!("ponte analyse: the record stops at {error}");
                return Ok(ExitCode::from(2));
            }
            let analysis = ponte::service::analyse_moves(variant, &moves, playouts);
            for (ply, chance) in analysis.chances.iter().enumerate() {
                let played = ply.checked_sub(1).map_or_else(
                    || ponte::tr!(lang, "analyse-cli-start"),
                    |i| moves[i].to_string(),
                );
                let percent = (chance * 100.0).round() as u32;
                let white = ponte::tr!(lang, "analyse-cli-white", percent = percent);
                println!("{ply:>3}  {played:<8} {white}");
            }
            println!("\n{}", analysis.summary(lang));
            if let Some(output) = output {
                let png = analysis.chart(lang, &file_title(&record));
                if let Err(error) = std::fs::write(&output, png) {
                    eprintln!("ponte analyse: writing {output}: {error}");
                    return Ok(ExitCode::from(2));
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Ai {
            file,
            level,
            think_ms,
            seed,
        } => {
            let text = match read_input(&file) {
                Ok(text) => text,
                Err(error) => {
                    eprintln!("ponte ai: {error:#}");
                    return Ok(ExitCode::from(2));
                }
            };
            let replay = match text.parse::<ponte::game::Record>() {
                Ok(record) => record.replay(),
                Err(error) => {
                    eprintln!("ponte ai: {error}");
                    return Ok(ExitCode::from(2));
                }
            };
            if let Some(error) = &replay.error {
                eprintln!("ponte ai: the record stops at {error}");
                return Ok(ExitCode::from(2));
            }
            let player = ponte::ai::Player::Level(level);
            let budget = player.budget(think_ms.map(std::time::Duration::from_millis));
            match ponte::ai::best_move(&replay.game, player, budget, seed) {
                Some(mv) => {
                    println!("{mv}");
                    Ok(ExitCode::SUCCESS)
                }
                None => {
                    eprintln!("ponte ai: the game is over; there is no move to play");
                    Ok(ExitCode::from(1))
                }
            }
        }
        Command::Arena {
            first,
            second,
            games,
            size,
            supply,
            seed,
            records,
            threads,
        } => {
            let variant = match supply.as_str() {
                "box" => ponte::game::Variant::boxed(size),
                "unlimited" => ponte::game::Variant::unlimited(size),
                other => {
                    eprintln!("ponte arena: \"{other}\" is not a supply: box or unlimited");
                    return Ok(ExitCode::from(2));
                }
            };
            let variant = match variant {
                Ok(variant) => variant,
                Err(error) => {
                    eprintln!("ponte arena: {error}");
                    return Ok(ExitCode::from(2));
                }
            };
            if let Some(dir) = &records {
                std::fs::create_dir_all(dir)
                    .with_context(|| format!("creating {}", dir.display()))?;
            }
            let settings = ponte::arena::Match {
                players: [first, second],
                games,
                variant,
                seed,
                records,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            };
            let started = std::time::Instant::now();
            let tally = ponte::arena::play(&settings, |t| {
                eprint!(
                    "\rgame {}/{games}: {} won, {} lost, {} drawn ",
                    t.games(),
                    t.wins,
                    t.losses,
                    t.draws
                );
            });
            eprintln!();
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
                ponte::arena::Tally::elo(score),
                ponte::arena::Tally::elo(low),
                ponte::arena::Tally::elo(high)
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
            println!("took {:.0} s", started.elapsed().as_secs_f64());
            Ok(ExitCode::SUCCESS)
        }
        Command::Replay { file, json } => {
            let text = match read_input(&file) {
                Ok(text) => text,
                Err(error) => {
                    eprintln!("ponte replay: {error:#}");
                    return Ok(ExitCode::from(2));
                }
            };
            let (report, status) = ponte::replay::run(&text, json);
            if status == 2 {
                eprint!("{report}");
            } else {
                print!("{report}");
            }
            Ok(ExitCode::from(status as u8))
        }
    }
}

/// A record's variant and its moves up to the first the rules refuse, with that line's
/// problem.
fn record_moves(
    file: &str,
) -> anyhow::Result<(ponte::game::Variant, Vec<ponte::game::Move>, Option<String>)> {
    let record = read_input(file)?.parse::<ponte::game::Record>()?;
    let replay = record.replay();
    let moves = record
        .moves
        .iter()
        .map_while(|m| m.mv.as_ref().ok().copied())
        .take(replay.game.plies() as usize)
        .collect();
    Ok((record.variant, moves, replay.error.map(|e| e.to_string())))
}

/// A picture's default title: the record's file name.
fn file_title(record: &str) -> String {
    std::path::Path::new(record)
        .file_name()
        .map_or("Ponte del Diavolo".into(), |n| {
            n.to_string_lossy().into_owned()
        })
}

fn read_input(file: &str) -> anyhow::Result<String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the record from standard input")?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))
    }
}
