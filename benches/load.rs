//! The load test of the real bot: the `ponte` binary of the build against the fake Discord of
//! `tests/` on 127.0.0.1, in N servers (a GUILD_CREATE each) with G games going on, players
//! sending moves, refused moves, `/board`, `/games` and autocomplete at a rising rate, step
//! by step. Each step prints the interactions answered a second, the time to the first
//! answer (p50/p99/max; Discord's deadline is 3 s), the time from a move's saved answer to
//! its board in the thread, the bot's CPU, resident memory, the database and its WAL, and the
//! outbox's backlog (from `/metrics`). It stops by itself after the last step.
//!
//! ```text
//! cargo bench --bench load -- --servers 1000 --games 200 --rates 5,10,20,40 --step-seconds 20
//! ```
//!
//! `--mix moves` sends only moves (the CPU a move costs, its board included); `--finish` then
//! plays every game to its end and reports the database's bytes a game; `--ai-games 100`
//! instead starts 100 games against the bot at `hard`, all waiting for its reply at once,
//! and reports how long each waited. `--rest-latency-ms 50` makes each REST call wait that long
//! before its answer, as the round trip to the real Discord does. `--help` lists the options.
//!
//! Never part of `cargo test`: a bench target, built with the release profile.

#[path = "../tests/common/mod.rs"]
mod common;

#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

#[path = "support/live_games.rs"]
mod live_games;

#[path = "support/web_client.rs"]
#[allow(dead_code)]
mod web_client;

#[path = "support/web_mix.rs"]
mod web_mix;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_discord::{FakeDiscord, User, autocomplete, slash};
use fastrand::Rng;
use ponte::ai::Level;
use ponte::game::{Move, playout};
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, AiTerms, ChallengeOptions, GameView, Opener, Player, PlayerId, Service, Venue,
};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// How long the bot may take to answer, or to post a board, before it counts as lost (less
/// than the fake's own 20 s, after which it gives up waiting with a panic).
const PATIENCE: Duration = Duration::from_secs(15);
/// Channels and roles of each server in its GUILD_CREATE (a small community's).
const CHANNELS: u64 = 20;
const ROLES: u64 = 10;

/// The run's settings, from the command line (cargo's own `--bench` is accepted and ignored).
#[derive(clap::Parser)]
#[command(about = "The load test of the real bot against the fake Discord")]
struct Options {
    /// Servers the bot is in (a GUILD_CREATE each)
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=5_000))]
    servers: u64,
    /// Games going on at once between people
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Interactions a second, one step each
    #[arg(long, value_delimiter = ',', default_value = "5,10,20,40")]
    rates: Vec<f64>,
    /// How long each step sends (at most 600)
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=600))]
    step_seconds: u64,
    /// What players send: the usual mix, or moves only (the cost of a move)
    #[arg(long, value_enum, default_value_t = Mix::Usual)]
    mix: Mix,
    /// After the steps, play every game to its end and report the database's bytes a game
    #[arg(long)]
    finish: bool,
    /// Instead of the steps: this many games against the bot at `hard`, all waiting for its
    /// reply at once, and how long each waited
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000))]
    ai_games: Option<u64>,
    /// Milliseconds the fake Discord waits before answering each REST call (the round trip
    /// to the real Discord; 0: none)
    #[arg(long, default_value_t = 0)]
    rest_latency_ms: u64,
    /// The web mix: the bot also serves the board, and for each of these counts of open
    /// pages (watching their games live) the steps run again with moves by click beside
    /// the interactions
    #[arg(long, value_delimiter = ',')]
    web_pages: Vec<usize>,
    /// Moves by click a second, step by step beside `--rates` (the last one repeats)
    #[arg(long, value_delimiter = ',', default_value = "5")]
    web_moves: Vec<f64>,
    /// Games played by click (their players logged in), besides `--games`
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    web_games: u64,
    #[arg(long, hide = true)]
    bench: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Mix {
    /// 40% moves, 10% refused moves, 15% `/board`, 10% `/games`, 25% autocomplete
    Usual,
    /// Moves only
    Moves,
}

impl Options {
    fn step(&self) -> Duration {
        Duration::from_secs(self.step_seconds)
    }
}

fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

fn user_of(player: &Player) -> User {
    User {
        id: leak(player.id.to_string()),
        name: leak(player.name.clone()),
    }
}

/// A server as its GUILD_CREATE brings it with the GUILDS intent: its channels and roles, and
/// of its members only the bot.
fn guild_create(id: u64) -> Value {
    let channels: Vec<Value> = (0..CHANNELS)
        .map(|c| {
            json!({"id": (id + 1 + c).to_string(), "type": 0, "name": format!("channel-{c}"),
                   "guild_id": id.to_string(), "position": c, "permission_overwrites": [],
                   "topic": "A channel of a server the bot is in, with a topic of some length"})
        })
        .collect();
    let roles: Vec<Value> = (0..ROLES)
        .map(|r| {
            let role = if r == 0 { id } else { id + 500 + r };
            json!({"id": role.to_string(), "name": format!("role-{r}"), "color": 0,
                   "colors": {"primary_color": 0}, "hoist": false, "managed": false,
                   "mentionable": false, "permissions": "0", "position": r, "flags": 0})
        })
        .collect();
    json!({
        "id": id.to_string(), "name": format!("server {id}"), "icon": null, "owner_id": "1",
        "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "roles": roles, "emojis": [], "features": [],
        "mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0, "preferred_locale": "en-US",
        "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
        "joined_at": "2026-01-01T00:00:00+00:00", "large": false, "member_count": 50,
        "voice_states": [], "presences": [], "threads": [], "stage_instances": [],
        "guild_scheduled_events": [], "channels": channels,
        "members": [{"user": {"id": fake_discord::APP_ID, "username": "ponte", "bot": true,
                              "discriminator": "0"},
                     "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": false,
                     "mute": false, "flags": 0}]
    })
}

/// What the bot's process used: CPU seconds so far, resident memory in MB.
fn usage(pid: u32) -> (f64, f64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (which may hold spaces) from its closing parenthesis.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name and state.
    let hz = clock_ticks();
    let cpu = (ticks(11) + ticks(12)) / hz;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let rss_kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0.0);
    (cpu, rss_kib / 1024.0)
}

/// Clock ticks a second of `/proc/<pid>/stat` (`getconf CLK_TCK`; 100 on Linux).
fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}

/// The body of `GET /metrics` on `addr` (empty when it does not answer).
async fn metrics(addr: &str) -> String {
    let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await else {
        return String::new();
    };
    let request = format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).await.is_err() {
        return String::new();
    }
    let mut response = String::new();
    let _ = stream.read_to_string(&mut response).await;
    response
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_string())
        .unwrap_or_default()
}

fn sample(scrape: &str, name: &str) -> Option<f64> {
    scrape.lines().find_map(|line| {
        let (series, value) = line.rsplit_once(' ')?;
        (series == name).then(|| value.parse().ok()).flatten()
    })
}

fn megabytes(path: &std::path::Path) -> f64 {
    std::fs::metadata(path).map_or(0.0, |m| m.len() as f64 / 1e6)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)].as_secs_f64() * 1e3
}

/// What players do, in these shares.
#[derive(Clone, Copy)]
enum Kind {
    Move,
    Refusal,
    Board,
    Games,
    Autocomplete,
}

impl Kind {
    fn pick(rng: &mut Rng, mix: Mix) -> Kind {
        if mix == Mix::Moves {
            return Kind::Move;
        }
        match rng.u32(0..100) {
            0..40 => Kind::Move,
            40..50 => Kind::Refusal,
            50..65 => Kind::Board,
            65..75 => Kind::Games,
            _ => Kind::Autocomplete,
        }
    }
}

/// The measurements of one step.
#[derive(Default)]
struct Step {
    answers: Vec<Duration>,
    boards: Vec<Duration>,
    lost: usize,
    /// Interactions not sent: their game ended, or a move in it was still under way.
    skipped: usize,
}

fn main() {
    let options = <Options as clap::Parser>::parse();
    assert!(
        options.rates.iter().all(|r| *r >= 0.0 && *r <= 2_000.0),
        "rates from 0 to 2,000 a second"
    );
    if !options.web_pages.is_empty() {
        web_client::raise_open_files();
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run(options));
}

/// The bot under load: its process, its `/metrics` address, its resident memory at start.
struct RunningBot {
    process: tokio::process::Child,
    pid: u32,
    metrics: String,
}

/// A port of 127.0.0.1 free now.
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// Starts the `ponte` binary of this build (or `PONTE_LOAD_BOT`'s, another build measured
/// with the same run) on `database` against `fake`, serving the web board on `web` when
/// given, then brings it into `servers` servers.
async fn start_bot(
    fake: &FakeDiscord,
    database: &str,
    servers: u64,
    web: Option<&str>,
) -> RunningBot {
    let metrics = free_address();
    let binary =
        std::env::var("PONTE_LOAD_BOT").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ponte").into());
    let mut command = tokio::process::Command::new(binary);
    if let Some(web) = web {
        command
            .env("WEB_ADDR", web)
            .env("PUBLIC_URL", format!("http://{web}"));
    }
    let process = command
        .arg("bot")
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("DATABASE_URL", database)
        .env("DISCORD_GUILD_ID", fake_discord::GUILD_ID)
        .env("METRICS_ADDR", &metrics)
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("RUST_LOG", "error")
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let pid = process.id().unwrap_or(0);
    fake.wait_identified().await;
    fake.wait_for(0, "registration", |c| c.method == "PUT")
        .await;
    let (_, rss_started) = usage(pid);

    // The servers the bot is in.
    let first_guild: u64 = 210_000_000_000_000_000;
    let probe = guild_create(first_guild);
    serde_json::from_value::<poise::serenity_prelude::Guild>(probe)
        .expect("GUILD_CREATE as serenity reads it");
    for i in 0..servers {
        fake.dispatch("GUILD_CREATE", guild_create(first_guild + i * 10_000));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (_, rss_servers) = usage(pid);
    println!(
        "{servers} servers ({CHANNELS} channels and {ROLES} roles each): RSS {rss_started:.1} MB at the start, {rss_servers:.1} MB with the servers"
    );
    RunningBot {
        process,
        pid,
        metrics,
    }
}

async fn run(options: Options) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bot.db");
    let database = format!("sqlite://{}", path.display());
    if let Some(ai_games) = options.ai_games {
        return ai_queue(&options, &database, ai_games).await;
    }

    // The bytes of an empty database, all migrations applied.
    let empty = {
        let path = dir.path().join("empty.db");
        let empty = format!("sqlite://{}", path.display());
        Service::open(&empty).await.unwrap().close().await;
        checkpointed_bytes(&empty, &path).await
    };

    // G live games, each in its own thread, a few moves in (and those played by click).
    let service = Service::open(&database).await.unwrap();
    let mut rng = Rng::with_seed(1);
    let web = !options.web_pages.is_empty();
    let clicked = if web { options.web_games as usize } else { 0 };
    let mut games =
        live_games::seed(&service, options.games as usize + clicked, 10, &mut rng).await;
    let clicked = games.split_off(options.games as usize);
    let doors = if web {
        Some(web_mix::Doors::make(&service, clicked, &games).await)
    } else {
        None
    };
    service.close().await;
    drop(service);
    live_games::forget_their_posts(&database).await;

    let fake = FakeDiscord::start().await;
    fake.set_latency(Duration::from_millis(options.rest_latency_ms));
    let web_addr = web.then(free_address);
    let bot = start_bot(&fake, &database, options.servers, web_addr.as_deref()).await;
    let mut run = Run {
        pid: bot.pid,
        metrics: bot.metrics.clone(),
        fake: Arc::new(fake),
        games: Arc::new(games.into_iter().map(|g| Mutex::new(Some(g))).collect()),
        rng,
    };
    let mut bot = bot.process;
    println!("{} games going on between people", options.games);
    if let (Some(addr), Some(doors)) = (web_addr, doors) {
        web_steps(&options, &mut run, addr, doors).await;
    } else {
        println!(
            "rate/s | answered/s | first answer p50/p99/max ms | board p50/p99 ms | lost | skipped | CPU % of a core | CPU ms/interaction | RSS MB | db MB | WAL MB | outbox | harness CPU %"
        );
        for &rate in &options.rates {
            let (cpu_before, _) = usage(run.pid);
            let (harness_before, _) = usage(std::process::id());
            let start = Instant::now();
            let (mut step, sent_for) = discord_load(&options, &mut run, rate).await;
            let (cpu_after, rss) = usage(run.pid);
            let (harness_after, _) = usage(std::process::id());
            let scrape = metrics(&run.metrics).await;
            step.answers.sort();
            step.boards.sort();
            let answered = step.answers.len();
            let cpu = cpu_after - cpu_before;
            println!(
                "{rate:6.1} | {:10.1} | {:7.1} / {:7.1} / {:7.1} | {:6.1} / {:6.1} | {:4} | {:7} | {:15.1} | {:18.2} | {rss:6.1} | {:5.1} | {:6.1} | {:6} | {:.1}",
                answered as f64 / sent_for.as_secs_f64(),
                percentile(&step.answers, 0.5),
                percentile(&step.answers, 0.99),
                percentile(&step.answers, 1.0),
                percentile(&step.boards, 0.5),
                percentile(&step.boards, 0.99),
                step.lost,
                step.skipped,
                cpu / start.elapsed().as_secs_f64() * 100.0,
                cpu * 1e3 / answered.max(1) as f64,
                megabytes(&path),
                megabytes(&dir.path().join("bot.db-wal")),
                sample(&scrape, "ponte_outbox_waiting").map_or("?".into(), |w| w.to_string()),
                (harness_after - harness_before) / start.elapsed().as_secs_f64() * 100.0,
            );
        }
    }
    let (fake, games, mut rng) = (run.fake, run.games, run.rng);
    if options.finish {
        finish(&fake, &games, &mut rng).await;
    }
    bot.kill().await.unwrap();
    if options.finish {
        let bytes = checkpointed_bytes(&database, &path).await;
        let (all, finished) = count_games(&database).await;
        println!(
            "database: {bytes} bytes with {all} games ({finished} finished), {empty} bytes empty: {:.0} bytes a game",
            (bytes - empty) as f64 / all as f64
        );
    }
}

/// What the steps share: the bot's process and `/metrics`, the database, the fake Discord,
/// the games played through Discord.
struct Run {
    pid: u32,
    metrics: String,
    fake: Arc<FakeDiscord>,
    games: Arc<Vec<Mutex<Option<GameView>>>>,
    rng: Rng,
}

/// One step's interactions through Discord at `rate` a second (none at 0), measured; with
/// how long they were sent for.
async fn discord_load(options: &Options, run: &mut Run, rate: f64) -> (Step, Duration) {
    let step = Arc::new(Mutex::new(Step::default()));
    if rate <= 0.0 {
        tokio::time::sleep(options.step()).await;
        return (Step::default(), options.step());
    }
    let start = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    let mut sent = 0u64;
    while start.elapsed() < options.step() {
        // Open loop: the next interaction at its time, whatever the answers so far.
        let due = start + Duration::from_secs_f64(sent as f64 / rate);
        tokio::time::sleep_until(due.into()).await;
        sent += 1;
        let slot = run.rng.usize(0..run.games.len());
        let kind = Kind::pick(&mut run.rng, options.mix);
        let seed = run.rng.u64(..);
        let (fake, games, step) = (run.fake.clone(), run.games.clone(), step.clone());
        tasks.spawn(async move { interact(&fake, &games, slot, kind, seed, &step).await });
    }
    let sent_for = start.elapsed();
    while tasks.join_next().await.is_some() {}
    let step = std::mem::take(&mut *step.lock().unwrap());
    (step, sent_for)
}

/// Waits until the bot's web board answers on `addr` (at most 30 s).
async fn wait_for_web(addr: &str) {
    let started = Instant::now();
    loop {
        let me = web_client::request(addr, "GET", "/api/me", &[], None).await;
        if me.is_some_and(|me| me.status == 200) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the bot's web board on {addr} did not answer within 30 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The web mix: the players of the games played by click logged in, then for each count of
/// open pages (opened on top of those before), the steps of `--rates` with moves by click
/// beside them.
async fn web_steps(options: &Options, run: &mut Run, addr: String, doors: web_mix::Doors) {
    wait_for_web(&addr).await;
    let (web, mut logins) = web_mix::Web::log_in(addr, doors).await;
    logins.sort();
    println!(
        "{} players logged in by their links (offer and login): p50 {:.1} ms, p99 {:.1} ms",
        logins.len(),
        percentile(&logins, 0.5),
        percentile(&logins, 0.99)
    );
    let web = Arc::new(web);
    let mut pages = tokio::task::JoinSet::new();
    let mut open = 0;
    for &count in &options.web_pages {
        let (_, before) = usage(run.pid);
        let opening = Instant::now();
        if count > open {
            web_mix::open_pages(&web, open, count, &mut pages).await;
        }
        let opened = opening.elapsed();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let (_, after) = usage(run.pid);
        println!(
            "\n{count} pages open ({} opened in {:.1} s): bot RSS {before:.1} MB before, {after:.1} MB after ({:.1} KB a page opened)",
            count.saturating_sub(open),
            opened.as_secs_f64(),
            (after - before) * 1024.0 / count.saturating_sub(open).max(1) as f64,
        );
        open = open.max(count);
        println!(
            "pages | rate/s | answered/s | first answer p50/p99 ms | board p50/p99 ms | clicks/s | click answer p50/p99 ms | page p50/p99 ms | thread p50/p99 ms | lost | skipped | refused | bot CPU % of a core | bot CPU ms/action | RSS MB | outbox | harness CPU %"
        );
        for (i, &rate) in options.rates.iter().enumerate() {
            let clicks = options.web_moves[i.min(options.web_moves.len() - 1)];
            web_step(options, run, &web, open, rate, clicks).await;
        }
    }
    pages.abort_all();
    while pages.join_next().await.is_some() {}
}

/// One step of the web mix, printed as one line.
async fn web_step(
    options: &Options,
    run: &mut Run,
    web: &Arc<web_mix::Web>,
    open: usize,
    rate: f64,
    click_rate: f64,
) {
    let (cpu_before, _) = usage(run.pid);
    let (harness_before, _) = usage(std::process::id());
    let start = Instant::now();
    let fake = run.fake.clone();
    let ((mut step, sent_for), clicks) = tokio::join!(
        discord_load(options, run, rate),
        web_mix::clicks(web, &fake, click_rate, options.step()),
    );
    let elapsed = start.elapsed().as_secs_f64();
    let (cpu_after, rss) = usage(run.pid);
    let (harness_after, _) = usage(std::process::id());
    let scrape = metrics(&run.metrics).await;
    step.answers.sort();
    step.boards.sort();
    let clicks = clicks.sorted();
    let cpu = cpu_after - cpu_before;
    let actions = step.answers.len() + clicks.answers.len();
    let refused: Vec<String> = clicks
        .refused
        .iter()
        .map(|(status, count)| format!("{count}×{status}"))
        .collect();
    println!(
        "{open:5} | {rate:6.1} | {:10.1} | {:6.1} / {:6.1} | {:6.1} / {:6.1} | {:8.1} | {:6.1} / {:6.1} | {:6.1} / {:6.1} | {:6.1} / {:6.1} | {:4} | {:7} | {:7} | {:19.1} | {:17.2} | {rss:6.1} | {:6} | {:.1}",
        step.answers.len() as f64 / sent_for.as_secs_f64(),
        percentile(&step.answers, 0.5),
        percentile(&step.answers, 0.99),
        percentile(&step.boards, 0.5),
        percentile(&step.boards, 0.99),
        clicks.answers.len() as f64 / options.step().as_secs_f64(),
        percentile(&clicks.answers, 0.5),
        percentile(&clicks.answers, 0.99),
        percentile(&clicks.pages, 0.5),
        percentile(&clicks.pages, 0.99),
        percentile(&clicks.threads, 0.5),
        percentile(&clicks.threads, 0.99),
        step.lost + clicks.lost,
        step.skipped + clicks.skipped,
        if refused.is_empty() {
            "0".into()
        } else {
            refused.join(" ")
        },
        cpu / elapsed * 100.0,
        cpu * 1e3 / actions.max(1) as f64,
        sample(&scrape, "ponte_outbox_waiting").map_or("?".into(), |w| w.to_string()),
        (harness_after - harness_before) / elapsed * 100.0,
    );
}

/// Plays every game still going on to its end, one move of each game at a time (each move
/// through the bot, its board posted).
async fn finish(fake: &Arc<FakeDiscord>, games: &Arc<Vec<Mutex<Option<GameView>>>>, rng: &mut Rng) {
    let started = Instant::now();
    for _ in 0..1_000 {
        let open: Vec<usize> = (0..games.len())
            .filter(|&slot| games[slot].lock().unwrap().is_some())
            .collect();
        if open.is_empty() {
            break;
        }
        let step = Arc::new(Mutex::new(Step::default()));
        let mut tasks = tokio::task::JoinSet::new();
        for slot in open {
            let seed = rng.u64(..);
            let (fake, games, step) = (fake.clone(), games.clone(), step.clone());
            tasks
                .spawn(async move { interact(&fake, &games, slot, Kind::Move, seed, &step).await });
        }
        while tasks.join_next().await.is_some() {}
    }
    println!(
        "every game played to its end in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// The bytes of the database at `path` with its WAL written back (as a clean stop leaves it).
async fn checkpointed_bytes(database: &str, path: &std::path::Path) -> u64 {
    common::execute(database, "PRAGMA wal_checkpoint(TRUNCATE)").await;
    std::fs::metadata(path).unwrap().len()
}

/// The games in the database, and how many of them are finished.
async fn count_games(database: &str) -> (i64, i64) {
    let all = common::scalar(database, "SELECT COUNT(*) FROM games").await;
    let finished = common::scalar(
        database,
        "SELECT COUNT(*) FROM games WHERE status = 'finished'",
    )
    .await;
    (all, finished)
}

/// Games in which the AI is still to move.
async fn waiting_for_the_ai(database: &str) -> i64 {
    common::scalar(database, WAITING_FOR_THE_AI).await
}

/// The count of games in which the AI is to move.
const WAITING_FOR_THE_AI: &str = "SELECT COUNT(*) FROM games
     WHERE ai_player_id IS NOT NULL AND status = 'active' AND to_move_id = ai_player_id";

/// `count` games against the bot at `hard` (the bot opening, each in its own thread), all
/// waiting for its reply when it starts: how long each reply took from the start, with the
/// levels' own time and the production bound on the wait.
async fn ai_queue(options: &Options, database: &str, count: u64) {
    let service = Service::open(database).await.unwrap();
    let ai = Player::new(fake_discord::APP_ID.parse::<PlayerId>().unwrap(), "ponte");
    for i in 0..count {
        let human = Player::new(PlayerId::from_snowflake(4_200_000_000 + i), format!("p{i}"));
        let terms = AiTerms {
            level: Level::Hard,
            options: ChallengeOptions::default(),
            venue: Venue {
                guild_id: Some(GuildId::from_snowflake(1)),
                channel_id: Some(ChannelId::from_snowflake(300_000_000_000_000_001)),
            },
            opener: Opener::Ai,
        };
        let game = service
            .start_ai_game(&Actor::member(human, None), &ai, terms, None)
            .await
            .unwrap();
        service
            .set_thread(
                game.id,
                Some(ChannelId::from_snowflake(
                    800_000_000_000_000_000 + game.id.get() as u64,
                )),
            )
            .await
            .unwrap();
    }
    service.close().await;
    live_games::forget_their_posts(database).await;

    let fake = FakeDiscord::start().await;
    fake.set_latency(Duration::from_millis(options.rest_latency_ms));
    // The waits count from the bot's start: it takes the turns up at once, while it still
    // joins its servers.
    let start = Instant::now();
    let poller = {
        let database = database.to_string();
        tokio::spawn(async move {
            let mut waits = Vec::new();
            let mut left = count as i64;
            while left > 0 && start.elapsed() < Duration::from_secs(600) {
                let now = waiting_for_the_ai(&database).await;
                for _ in now..left {
                    waits.push(start.elapsed());
                }
                left = now;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            (waits, left)
        })
    };
    let mut bot = start_bot(&fake, database, options.servers, None).await;
    let (mut waits, left) = poller.await.unwrap();
    let (cpu, rss) = usage(bot.pid);
    let scrape = metrics(&bot.metrics).await;
    bot.process.kill().await.unwrap();
    let buckets: Vec<&str> = scrape
        .lines()
        .filter(|l| {
            l.starts_with("ponte_ai_reply_wait_seconds")
                && !l.contains("_count")
                && !l.contains("_sum")
        })
        .collect();
    waits.sort();
    println!(
        "{count} games waiting for a `hard` reply at once: {} answered; wait p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms; {left} unanswered after {:.0} s",
        waits.len(),
        percentile(&waits, 0.5),
        percentile(&waits, 0.99),
        percentile(&waits, 1.0),
        start.elapsed().as_secs_f64(),
    );
    println!(
        "bot: {cpu:.1} CPU s since its start, RSS {rss:.1} MB; /metrics: ponte_ai_reply_wait_seconds count {}, sum {} s",
        sample(&scrape, "ponte_ai_reply_wait_seconds_count").map_or("?".into(), |w| w.to_string()),
        sample(&scrape, "ponte_ai_reply_wait_seconds_sum").map_or("?".into(), |w| w.to_string()),
    );
    println!("{}", buckets.join("\n"));
}

/// One player's interaction in game `slot`, measured into `step`.
async fn interact(
    fake: &FakeDiscord,
    games: &[Mutex<Option<GameView>>],
    slot: usize,
    kind: Kind,
    seed: u64,
    step: &Mutex<Step>,
) {
    let mut rng = Rng::with_seed(seed);
    // A move takes the game for itself until its board is posted; the others read a copy.
    let taken = match kind {
        Kind::Move => games[slot].lock().unwrap().take(),
        _ => games[slot].lock().unwrap().clone(),
    };
    let Some(game) = taken else {
        step.lock().unwrap().skipped += 1;
        return;
    };
    let Some((_, to_move)) = game.to_move() else {
        return;
    };
    let waiting = if game.white.id == to_move.id {
        &game.red
    } else {
        &game.white
    };
    let thread = (800_000_000_000_000_000 + game.id.get()).to_string();
    let from = fake.call_count();
    let mut played = None;
    let (id, payload) = match kind {
        Kind::Move => {
            let mv = playout::random_move(&game.game, &mut rng);
            let (name, options) = match mv {
                Some(Move::Place(a, b)) => ("place", vec![("first", 3, json!(format!("{a} {b}")))]),
                Some(Move::Bridge(a, b)) => {
                    ("bridge", vec![("from", 3, json!(format!("{a}-{b}")))])
                }
                Some(Move::Pass) => ("pass", Vec::new()),
                // The pie choice is a button; the game is left as it is.
                _ => {
                    *games[slot].lock().unwrap() = Some(game);
                    return;
                }
            };
            played = mv;
            slash(fake, user_of(to_move), &thread, name, &options, &[])
        }
        Kind::Refusal => {
            // The player whose turn it is not tries to move.
            let options = [("first", 3, json!("c3 c4"))];
            slash(fake, user_of(waiting), &thread, "place", &options, &[])
        }
        Kind::Board => slash(fake, user_of(waiting), &thread, "board", &[], &[]),
        Kind::Games => slash(fake, user_of(to_move), &thread, "games", &[], &[]),
        Kind::Autocomplete => {
            let letter = ["c", "e", "g", "j"][rng.usize(0..4)];
            let options = [("first", 3, letter)];
            autocomplete(fake, user_of(to_move), &thread, "place", &options, "first")
        }
    };
    let start = Instant::now();
    fake.dispatch("INTERACTION_CREATE", payload);
    let answer = tokio::time::timeout(PATIENCE, fake.callback(from, &id)).await;
    let Ok(answer) = answer else {
        // Whether a move was saved is unknown: its game is left out of the rest of the run.
        step.lock().unwrap().lost += 1;
        return;
    };
    step.lock().unwrap().answers.push(start.elapsed());
    let Some(mv) = played else {
        return;
    };
    if !answer.content().starts_with("Saved") {
        // Refused after all (the game moved on meanwhile): back as it was.
        *games[slot].lock().unwrap() = Some(game);
        return;
    }
    let saved = Instant::now();
    let board = tokio::time::timeout(
        PATIENCE,
        fake.wait_for(from, "the board", |c| {
            c.method == "POST" && c.path == format!("/channels/{thread}/messages")
        }),
    )
    .await;
    match board {
        Ok(_) => step.lock().unwrap().boards.push(saved.elapsed()),
        Err(_) => step.lock().unwrap().lost += 1,
    }
    let mut game = game;
    if game.game.play(mv).is_ok() {
        while game.game.must_pass() {
            let _ = game.game.play(Move::Pass);
        }
        if !game.game.is_over() {
            *games[slot].lock().unwrap() = Some(game);
        }
    }
}
