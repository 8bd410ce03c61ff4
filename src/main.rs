//! The `ponte` command: the Discord `bot`, `local` play in a terminal, `replay`, `render` or
//! animate (`gif`) a game record, or ask the `ai` for a move.
//!
//! One function per subcommand; each returns its exit status, or the [`Exit`] that `main` says
//! and exits with.
// The release build lays out the AI worker's deeply nested future (through `ponte web`), which
// takes more than the compiler's default query depth of 128.
#![recursion_limit = "256"]

use std::fmt::Display;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use ponte::game::{Game, Move, Record, Variant};
use ponte::i18n::Lang;
use ponte::progress::Bar;

#[derive(Parser)]
#[command(name = "ponte", version, about = "Ponte del Diavolo by correspondence")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (needs DISCORD_TOKEN, e.g. in .env)
    Bot,
    /// Play in the terminal on the same service and database as the bot
    Local(LocalArgs),
    /// Serve the board in a browser on this machine (127.0.0.1 only), against the AI
    Web(WebArgs),
    /// Draw the position at the end of a game record as a PNG
    Render(RenderArgs),
    /// Animate a game record as a looping GIF, one frame per move
    Gif(GifArgs),
    /// The AI's look back at a game record: White's chances after every move and the moves
    /// that changed the game most
    Analyse(AnalyseArgs),
    /// Print the move the AI plays at the end of a game record
    Ai(AiArgs),
    /// Replay a game record and report the final position
    Replay(ReplayArgs),
    /// Copy the live database consistently (safe while the bot runs)
    Backup(BackupArgs),
}

#[derive(clap::Args)]
struct BackupArgs {
    /// Where to write the copy (a link's file is written; a device or a pipe is refused)
    dest: PathBuf,
    /// The SQLite database (default: $DATABASE_URL, else sqlite://ponte.db)
    #[arg(long)]
    database: Option<String>,
    /// Replace a file already at DEST (never the database or a file SQLite keeps beside it)
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args)]
struct LocalArgs {
    /// The SQLite database (default: $DATABASE_URL, else sqlite://ponte.db)
    #[arg(long)]
    database: Option<String>,
    /// Where to write each game's board picture (default: a folder of yours alone in the temp directory)
    #[arg(long)]
    pictures: Option<PathBuf>,
    /// Write no pictures
    #[arg(long, conflicts_with = "pictures")]
    no_pictures: bool,
    /// en, de or fr (default: the system's language, else English)
    #[arg(long)]
    lang: Option<Lang>,
}

#[derive(clap::Args)]
struct WebArgs {
    /// The port on 127.0.0.1 (0: any free one); no other address is served
    #[arg(long, default_value_t = ponte::web::DEFAULT_PORT)]
    port: u16,
    /// The SQLite database (default: $DATABASE_URL, else sqlite://ponte.db)
    #[arg(long)]
    database: Option<String>,
}

#[derive(clap::Args)]
struct RenderArgs {
    /// The record file, or - for standard input
    record: String,
    /// Where to write the picture (- for standard output; a link's file is replaced, a device
    /// or a pipe written through)
    #[arg(short, long, default_value = "board.png")]
    output: String,
    #[command(flatten)]
    caption: Caption,
}

#[derive(clap::Args)]
struct GifArgs {
    /// The record file, or - for standard input
    record: String,
    /// Where to write the animation (- for standard output; a link's file is replaced, a
    /// device or a pipe written through)
    #[arg(short, long, default_value = "game.gif")]
    output: String,
    /// How long each position shows, in milliseconds (the last one at least 4 s)
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(20..=60_000))]
    delay_ms: u64,
    #[command(flatten)]
    caption: Caption,
    /// en, de or fr
    #[arg(long, default_value = "en")]
    lang: Lang,
}

// How a picture of a record names it and its players.
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

#[derive(clap::Args)]
struct AnalyseArgs {
    /// The record file, or - (the default) for standard input
    #[arg(default_value = "-")]
    record: String,
    /// The search's playouts a position (at least 1)
    #[arg(long, default_value_t = ponte::service::ANALYSIS_PLAYOUTS,
          value_parser = clap::value_parser!(u64).range(1..))]
    playouts: u64,
    /// Also draw the chart of White's chances as a PNG here (- for standard output, the
    /// table then going to standard error)
    #[arg(short, long)]
    output: Option<String>,
    /// en, de or fr
    #[arg(long, default_value = "en")]
    lang: Lang,
}

#[derive(clap::Args)]
struct AiArgs {
    /// The record file, or - (the default) for standard input
    #[arg(default_value = "-")]
    file: String,
    /// easy, medium or hard
    #[arg(long, default_value = "medium")]
    level: ponte::ai::Level,
    /// Think this many milliseconds instead of the level's own budget (at least 1)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    think_ms: Option<u64>,
    /// The search's random seed (the same seed and playout budget give the same move)
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Args)]
struct ReplayArgs {
    /// The record file, or - (the default) for standard input
    #[arg(default_value = "-")]
    file: String,
    /// Print one JSON object instead of a text board
    #[arg(long)]
    json: bool,
    /// In a match's record file of `ponte-lab arena`, the game with this number (from 1)
    #[arg(long)]
    game: Option<usize>,
}

/// How a subcommand stops short.
enum Exit {
    /// Said on standard error after `ponte NAME: `, exiting with `status` (2: the input could
    /// not be read, or nothing was made).
    Said { status: u8, message: String },
    /// A failure of the machine (the runtime, the database, standard input or output):
    /// reported as an error returned from `main` is, with status 1.
    Failed(anyhow::Error),
}

impl Exit {
    /// Status 2: the input could not be read, or nothing was made.
    fn nothing_made(message: impl Display) -> Exit {
        Exit::Said {
            status: 2,
            message: message.to_string(),
        }
    }
}

impl<E: Into<anyhow::Error>> From<E> for Exit {
    fn from(error: E) -> Exit {
        Exit::Failed(error.into())
    }
}

/// What a subcommand that did its work exits with (`render` and `gif`: 1 when they stopped at
/// an illegal line; `replay`: the report's status).
type Outcome = Result<ExitCode, Exit>;

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let name = matches.subcommand_name().unwrap_or_default().to_string();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|error| error.exit());
    if !matches!(
        cli.command,
        Command::Bot | Command::Local(_) | Command::Web(_)
    ) {
        die_quietly_on_a_closed_pipe();
    }
    let outcome = match cli.command {
        Command::Bot => bot(),
        Command::Local(args) => local(args),
        Command::Web(args) => web(args),
        Command::Render(args) => render(args),
        Command::Gif(args) => gif(args),
        Command::Analyse(args) => analyse(args),
        Command::Ai(args) => ai(&args),
        Command::Replay(args) => replay(&args),
        Command::Backup(args) => backup(args),
    };
    match outcome {
        Ok(status) => status,
        Err(Exit::Said { status, message }) => {
            eprintln!("ponte {name}: {message}");
            ExitCode::from(status)
        }
        Err(Exit::Failed(error)) => {
            eprintln!("Error: {error:?}");
            ExitCode::FAILURE
        }
    }
}

/// A command whose output is piped into a reader that stops early (`ponte analyse … | head -1`)
/// ends there, quietly, as command-line tools do, instead of panicking on the closed pipe: the
/// default action of SIGPIPE, which Rust's runtime ignores at start.
fn die_quietly_on_a_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to its default, before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn bot() -> Outcome {
    let _ = dotenvy::dotenv();
    let config = ponte::discord::Config::from_env().map_err(|error| Exit::Said {
        status: 1,
        message: format!("{error:#}"),
    })?;
    ponte::discord::start_logs(&config.token);
    let runtime = tokio::runtime::Runtime::new()?;
    // Caught before anything is opened, so that a stop at any moment closes what was.
    let signals = runtime.block_on(async { ponte::stop::Signals::catch() })?;
    // Bound before anything else is opened: an address it cannot listen on stops the bot at
    // once, saying so.
    let beside = match &config.web {
        Some(web) => Some(runtime.block_on(web_board(web))?),
        None => None,
    };
    let ran = runtime.block_on(ponte::discord::run(config, signals, beside));
    // An AI search still thinking on its thread is not waited for: its game's turn resumes
    // from the database at the next start.
    runtime.shutdown_timeout(Duration::from_secs(1));
    ran?;
    Ok(ExitCode::SUCCESS)
}

/// The public web board the bot serves beside it (`WEB_ADDR`, `PUBLIC_URL`), on the bot's
/// service and stopped with it. Spawned, not awaited inside the bot's future: the two together
/// are deeper than the compiler lays out.
///
/// # Errors
/// Status 1 when `WEB_ADDR` cannot be listened on.
async fn web_board(web: &ponte::discord::WebSettings) -> Result<ponte::discord::Beside, Exit> {
    let listener = tokio::net::TcpListener::bind(web.addr)
        .await
        .map_err(|error| Exit::Said {
            status: 1,
            message: format!(
                "WEB_ADDR is {}, which cannot be listened on: {error}",
                web.addr
            ),
        })?;
    let address = listener.local_addr()?;
    tracing::info!("web board: serving on {address} for {}", web.public_url);
    let public_url = web.public_url.clone();
    Ok(Box::new(move |service, stop| {
        tokio::spawn(async move {
            if let Err(error) = ponte::web::serve_public(service, public_url, listener, stop).await
            {
                tracing::error!(%error, "the web board stopped serving");
            }
        })
    }))
}

/// The database a command opens: `--database`, else `$DATABASE_URL` (also from `.env`), else
/// `sqlite://ponte.db`.
fn database_url(database: Option<String>) -> String {
    let _ = dotenvy::dotenv();
    database
        .or_else(|| std::env::var("DATABASE_URL").ok())
        .unwrap_or_else(|| "sqlite://ponte.db".to_string())
}

/// Exit 1, with the reason, when no backup was made: the database is missing or no ponte
/// database; DEST is the database (or a file beside it), `-`, not a regular file, or exists without
/// --force; its folder is missing or full.
fn backup(args: BackupArgs) -> Outcome {
    let url = database_url(args.database);
    let runtime = tokio::runtime::Runtime::new()?;
    let copied = runtime
        .block_on(ponte::service::backup(&url, &args.dest, args.force))
        .map_err(|error| Exit::Said {
            status: 1,
            message: error.to_string(),
        })?;
    println!(
        "copied {url} ({} games, {} moves) to {}",
        copied.games,
        copied.moves,
        args.dest.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn local(args: LocalArgs) -> Outcome {
    let lang = args
        .lang
        .unwrap_or_else(|| Lang::of_locale_or_english(sys_locale::get_locale().as_deref()));
    let pictures = match (args.no_pictures, args.pictures) {
        (true, _) => None,
        (false, Some(folder)) => Some(folder),
        (false, None) => Some(ponte::files::private_temp_folder().map_err(Exit::nothing_made)?),
    };
    let url = database_url(args.database);
    let runtime = tokio::runtime::Runtime::new()?;
    // Caught before the database is opened, so that a stop at any moment closes it.
    let signals = runtime.block_on(async { ponte::stop::Signals::catch() })?;
    let ran = runtime.block_on(async {
        let service = open_service(&url).await?;
        // The built-in puzzles, so that `puzzle` serves some from the first start.
        service
            .load_built_in_puzzles()
            .await
            .context("keeping the built-in puzzles")?;
        // Boxed: the terminal's future nests every use case's and is too deep for the compiler
        // to lay out inline here.
        Box::pin(ponte::local::run(&service, pictures, lang, signals)).await?;
        service.close().await;
        anyhow::Ok(())
    });
    // Stopped by a signal, the reader of standard input may still wait for a line on its
    // thread: it is not waited for.
    runtime.shutdown_timeout(Duration::from_millis(100));
    ran?;
    Ok(ExitCode::SUCCESS)
}

/// The service on the database at `url` for a front end on this machine, its AI searching
/// `PONTE_AI_PLAYOUTS` playouts a move when that is set (a slow machine).
async fn open_service(url: &str) -> anyhow::Result<ponte::service::Service> {
    let mut service = ponte::service::Service::open(url)
        .await
        .with_context(|| format!("opening {url}"))?;
    if let Ok(playouts) = std::env::var("PONTE_AI_PLAYOUTS") {
        let playouts = playouts
            .trim()
            .parse()
            .context("PONTE_AI_PLAYOUTS must be a number of playouts a move")?;
        service.set_ai_playouts(Some(playouts));
    }
    Ok(service)
}

/// Serves the board on 127.0.0.1 only: there is no login, so nobody but this machine's
/// users may reach it. The address is the first line on standard output; logs go to standard
/// error.
fn web(args: WebArgs) -> Outcome {
    let url = database_url(args.database);
    ponte::web::start_logs();
    let runtime = tokio::runtime::Runtime::new()?;
    // Caught before anything is opened, so that a stop at any moment closes what was.
    let signals = runtime.block_on(async { ponte::stop::Signals::catch() })?;
    let ran = runtime.block_on(async {
        let address = std::net::SocketAddr::from((std::net::Ipv4Addr::LOCALHOST, args.port));
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| format!("listening on {address}"))?;
        let address = listener.local_addr()?;
        println!("http://{address}/");
        std::io::stdout().flush()?;
        let service = open_service(&url).await?;
        // The built-in puzzles, so that the page serves some from the first start.
        service
            .load_built_in_puzzles()
            .await
            .context("keeping the built-in puzzles")?;
        let service = std::sync::Arc::new(service);
        let player = ponte::service::default_player(&service).await;
        tracing::info!(%address, database = %url, player = %player.name, "serving the board: open the address in a browser");
        ponte::web::serve(service.clone(), player, listener, signals).await?;
        tracing::info!("stopped");
        service.close().await;
        anyhow::Ok(())
    });
    // An AI search still thinking on its thread is not waited for: its game's turn resumes
    // from the database at the next start.
    runtime.shutdown_timeout(Duration::from_secs(1));
    ran?;
    Ok(ExitCode::SUCCESS)
}

/// Exit 1: drawn, but the record stopped at an illegal line; 2: no picture at all.
fn render(args: RenderArgs) -> Outcome {
    let Caption { title, white, red } = args.caption;
    let played = Played::read(&args.record)?;
    if let Some(error) = &played.stopped {
        eprintln!("ponte render: stopped at {error}; drawing the position before it");
    }
    let title = title.unwrap_or_else(|| file_title(&args.record));
    let png = ponte::service::picture(&played.game, &title, &white, &red, Lang::En);
    write(&args.output, &png)?;
    Ok(played.status())
}

/// Exit statuses as `ponte render`: 1 animated up to an illegal line, 2 nothing made.
fn gif(args: GifArgs) -> Outcome {
    let Caption { title, white, red } = args.caption;
    let played = Played::read(&args.record)?;
    if let Some(error) = &played.stopped {
        eprintln!("ponte gif: stopped at {error}; animating the moves before it");
    }
    let title = title.unwrap_or_else(|| file_title(&args.record));
    let bar = Bar::frames(args.lang);
    let gif = ponte::service::replay_gif(
        played.variant,
        &played.moves,
        (&white, &red),
        &title,
        args.lang,
        Duration::from_millis(args.delay_ms),
        |done, total| bar.show(done, total),
    );
    drop(bar);
    write(&args.output, &gif)?;
    Ok(played.status())
}

fn analyse(args: AnalyseArgs) -> Outcome {
    let lang = args.lang;
    let played = Played::read(&args.record)?.whole()?;
    let moves = &played.moves;
    let bar = Bar::positions(lang);
    let analysis =
        ponte::service::analyse_moves(played.variant, moves, args.playouts, |done, total| {
            bar.show(done, total);
        });
    drop(bar);
    let mut table = String::new();
    for (ply, chance) in analysis.chances.iter().enumerate() {
        let played = ply.checked_sub(1).map_or_else(
            || ponte::tr!(lang, "analyse-cli-start"),
            |i| moves[i].to_string(),
        );
        let percent = (chance * 100.0).round() as u32;
        let white = ponte::tr!(lang, "analyse-cli-white", percent = percent);
        table.push_str(&format!("{ply:>3}  {played:<8} {white}\n"));
    }
    table.push_str(&format!("\n{}\n", analysis.summary(lang)));
    // Standard output is then the chart's alone: the table goes to standard error.
    if args.output.as_deref() == Some(STANDARD_OUTPUT) {
        eprint!("{table}");
    } else {
        print!("{table}");
    }
    if let Some(output) = args.output {
        write(&output, &analysis.chart(lang, &file_title(&args.record)))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn ai(args: &AiArgs) -> Outcome {
    let played = Played::read(&args.file)?.whole()?;
    let budget = args.level.budget(args.think_ms.map(Duration::from_millis));
    let Some(mv) = ponte::ai::best_move(&played.game, args.level, budget, args.seed) else {
        return Err(Exit::Said {
            status: 1,
            message: "the game is over; there is no move to play".to_string(),
        });
    };
    println!("{mv}");
    Ok(ExitCode::SUCCESS)
}

/// Exit 0: every move applied; 1: an illegal move; 2: no record (the report on standard error).
fn replay(args: &ReplayArgs) -> Outcome {
    let text = read_input(&args.file)?;
    let text = match args.game {
        Some(_) if !ponte::matches::is_match(&text) => {
            return Err(Exit::nothing_made(
                "--game picks a game out of a match's record of `ponte-lab arena`, and this is none",
            ));
        }
        Some(number) => ponte::matches::game_text(&text, number).map_err(Exit::nothing_made)?,
        None if ponte::matches::is_match(&text) => {
            return Err(Exit::nothing_made(format!(
                "this is the record of a match of `ponte-lab arena`, {} games: choose one with \
                 --game N",
                ponte::matches::read_games(&text).len()
            )));
        }
        None => text,
    };
    let (report, status) = ponte::replay::run(&text, args.json);
    if status == 2 {
        eprint!("{report}");
    } else {
        print!("{report}");
    }
    Ok(ExitCode::from(status as u8))
}

/// A record played through: its moves up to the first the rules refuse, the position they
/// reach, and that line's problem.
struct Played {
    variant: Variant,
    moves: Vec<Move>,
    game: Game,
    stopped: Option<String>,
}

impl Played {
    /// The record in `file` (- for standard input), played through.
    ///
    /// # Errors
    /// Status 2 when the file cannot be read or is no record.
    fn read(file: &str) -> Result<Played, Exit> {
        let record = read_input(file)?
            .parse::<Record>()
            .map_err(Exit::nothing_made)?;
        let replay = record.replay();
        let moves = record
            .moves
            .iter()
            .map_while(|m| m.mv.as_ref().ok().copied())
            .take(replay.game.plies() as usize)
            .collect();
        Ok(Played {
            variant: record.variant,
            moves,
            game: replay.game,
            stopped: replay.error.map(|e| e.to_string()),
        })
    }

    /// The record when every move of it was played.
    ///
    /// # Errors
    /// Status 2, naming the line the rules refused.
    fn whole(self) -> Result<Played, Exit> {
        match &self.stopped {
            Some(error) => Err(Exit::nothing_made(format!("the record stops at {error}"))),
            None => Ok(self),
        }
    }

    /// 1 when the rules refused a line, else 0.
    fn status(&self) -> ExitCode {
        ExitCode::from(u8::from(self.stopped.is_some()))
    }
}

/// The output named `-`: standard output (`./-` names a file).
const STANDARD_OUTPUT: &str = "-";

/// Writes a picture or an animation to the file `output` (see `files::write_whole`: a link's
/// file is replaced, a device or a pipe written through), or to standard output for `-`.
///
/// # Errors
/// Status 2, naming the file; a failure to write to standard output.
fn write(output: &str, bytes: &[u8]) -> Result<(), Exit> {
    if output == STANDARD_OUTPUT {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(bytes)?;
        stdout.flush()?;
        return Ok(());
    }
    ponte::files::write_whole(std::path::Path::new(output), bytes)
        .map_err(|error| Exit::nothing_made(format!("writing {output}: {error}")))
}

/// A picture's default title: the record's file name.
fn file_title(record: &str) -> String {
    std::path::Path::new(record)
        .file_name()
        .map_or("Ponte del Diavolo".into(), |n| {
            n.to_string_lossy().into_owned()
        })
}

/// The text of `file`, or of standard input for `-`.
///
/// # Errors
/// Status 2, saying what could not be read.
fn read_input(file: &str) -> Result<String, Exit> {
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the record from standard input")
            .map(|_| text)
    } else {
        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))
    };
    text.map_err(|error| Exit::nothing_made(format!("{error:#}")))
}
