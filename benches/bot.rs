//! The bot's speed as players feel it: from an INTERACTION_CREATE sent by the fake Discord to
//! what the players see — the board posted in the game's thread after a move, the callback of
//! an autocomplete — and the bot's memory
//! (RSS) after it has loaded each of 1,000 live games once, as players typing in all of them
//! would. `cargo bench --bench bot` (`PONTE_BENCH_SAMPLES=1000` for more samples;
//! `PONTE_BENCH_BOT=<path>` runs another build of `ponte`, to compare two in one sitting);
//! `docs/architecture.md` lists the figures.
//!
//! Percentiles need every sample, so this is a plain measured harness rather than divan.

#[path = "../tests/common/mod.rs"]
mod common;

#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

#[path = "support/live_games.rs"]
mod live_games;

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::{FakeDiscord, User, autocomplete, slash};
use fastrand::Rng;
use ponte::game::{Move, playout};
use ponte::service::{ManualClock, Player, Service};
use serde_json::json;

const GAMES: usize = 1_000;
/// Samples of each kind; `PONTE_BENCH_SAMPLES` sets another count.
fn samples() -> usize {
    std::env::var("PONTE_BENCH_SAMPLES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)].as_secs_f64() * 1e3
}

fn user_of(player: &Player) -> User {
    // The fake needs 'static strings; a bench run leaks a few thousand bytes for them.
    User {
        id: Box::leak(player.id.to_string().into_boxed_str()),
        name: Box::leak(player.name.clone().into_boxed_str()),
    }
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run());
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("bot.db").display());

    // 1,000 live games, each in its own thread, a few moves in.
    let service =
        Service::open_with_clock(&database, Arc::new(ManualClock::new(1_700_000_000_000)))
            .await
            .unwrap();
    let mut rng = Rng::with_seed(1);
    let mut games = live_games::seed(&service, GAMES, 20, &mut rng).await;
    service.close().await;
    drop(service);
    live_games::forget_their_posts(&database).await;

    let fake = FakeDiscord::start().await;
    // `PONTE_BENCH_BOT` measures another build of the bot (an older one, say) with this run.
    let binary =
        std::env::var("PONTE_BENCH_BOT").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ponte").into());
    let mut bot = tokio::process::Command::new(binary)
        .arg("bot")
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("DATABASE_URL", &database)
        .env("DISCORD_GUILD_ID", fake_discord::GUILD_ID)
        .env("RUST_LOG", "error")
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    fake.wait_identified().await;
    fake.wait_for(0, "registration", |c| c.method == "PUT")
        .await;

    // The first autocomplete in each live game since the bot started (it reads the game from the
    // database); the samples below then type in games the bot has seen, as players do while
    // they type, and the memory is read with every live game loaded.
    let mut first_completions = Vec::new();
    for game in &games {
        let Some((_, player)) = game.to_move() else {
            continue;
        };
        let thread = (800_000_000_000_000_000 + game.id.get()).to_string();
        let from = fake.call_count();
        let (id, payload) = autocomplete(
            &fake,
            user_of(player),
            &thread,
            "place",
            &[("first", 3, "c")],
            "first",
        );
        let start = Instant::now();
        fake.dispatch("INTERACTION_CREATE", payload);
        fake.callback(from, &id).await;
        first_completions.push(start.elapsed());
    }
    first_completions.sort();
    let mut moves = Vec::new();
    let mut completions = Vec::new();
    for sample in 0..samples() {
        let slot = rng.usize(0..games.len());
        let game = games[slot].clone();
        let Some((_, player)) = game.to_move() else {
            continue;
        };
        let user = user_of(player);
        let thread = (800_000_000_000_000_000 + game.id.get()).to_string();

        // Autocomplete of the first cell, with one letter typed, right after the last board
        // arrived (the delivery worker may still be recording that delivery). A pause here
        // measured more, not less: on this machine idle threads wake up slower.
        let from = fake.call_count();
        let letter = ["c", "e", "g", "j"][sample % 4];
        let (id, payload) = autocomplete(
            &fake,
            user,
            &thread,
            "place",
            &[("first", 3, letter)],
            "first",
        );
        let start = Instant::now();
        fake.dispatch("INTERACTION_CREATE", payload);
        fake.callback(from, &id).await;
        completions.push(start.elapsed());

        // A move with its board.
        let Some(mv) = playout::random_move(&game.game, &mut rng) else {
            continue;
        };
        let (name, options) = match mv {
            Move::Place(a, b) => ("place", vec![("first", 3, json!(format!("{a} {b}")))]),
            Move::Bridge(a, b) => ("bridge", vec![("from", 3, json!(format!("{a}-{b}")))]),
            Move::Pass => ("pass", Vec::new()),
            // The pie choice is a button; not measured here.
            Move::Swap | Move::Resign(_) => continue,
        };
        let from = fake.call_count();
        let (id, payload) = slash(&fake, user, &thread, name, &options, &[]);
        let start = Instant::now();
        fake.dispatch("INTERACTION_CREATE", payload);
        // The player is told it is saved; the board follows in the thread (the delivery worker).
        let reply = fake.callback(from, &id).await;
        assert!(
            reply.content().starts_with("Saved"),
            "{mv}: {}",
            reply.content()
        );
        let board = fake
            .wait_for(from, "the board", |c| {
                c.method == "POST" && c.path == format!("/channels/{thread}/messages")
            })
            .await;
        moves.push(start.elapsed());
        assert!(board.png().is_some(), "{mv}: {}", board.content());
        let mut game = game;
        game.game.play(mv).unwrap();
        while game.game.must_pass() {
            game.game.play(Move::Pass).unwrap();
        }
        games[slot] = game;
    }
    let rss = rss_kib(bot.id().unwrap_or(0));
    // The order of the samples, before sorting: a harness that slows down shows as a drift.
    let drift = |samples: &[Duration]| {
        let median = |part: &[Duration]| {
            let mut part = part.to_vec();
            part.sort();
            percentile(&part, 0.5)
        };
        let n = samples.len().min(100);
        (median(&samples[..n]), median(&samples[samples.len() - n..]))
    };
    let (move_first, move_last) = drift(&moves);
    let (ac_first, ac_last) = drift(&completions);
    moves.sort();
    completions.sort();
    println!(
        "move with its PNG, INTERACTION_CREATE to the board in the thread ({} moves): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms (median of the first/last 100: {move_first:.2}/{move_last:.2} ms)",
        moves.len(),
        percentile(&moves, 0.5),
        percentile(&moves, 0.9),
        percentile(&moves, 0.99)
    );
    println!(
        "autocomplete ({} requests): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms (median of the first/last 100: {ac_first:.2}/{ac_last:.2} ms)",
        completions.len(),
        percentile(&completions, 0.5),
        percentile(&completions, 0.9),
        percentile(&completions, 0.99)
    );
    println!(
        "autocomplete, the first in each of the {} live games since the start: p50 {:.2} ms, p99 {:.2} ms",
        first_completions.len(),
        percentile(&first_completions, 0.5),
        percentile(&first_completions, 0.99)
    );
    println!(
        "bot memory (RSS) after loading each of the {GAMES} live games once: {:.1} MB",
        rss as f64 / 1024.0
    );
    bot.kill().await.unwrap();
}
