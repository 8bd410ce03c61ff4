//! A move end to end in process (load, validate, commit) on one SQLite file, and sustained
//! throughput over 1,000 live games: `cargo bench --bench service`. `docs/architecture.md`
//! lists the figures.
//!
//! Percentiles need every sample, so this is a plain measured harness rather than divan.

#[path = "../tests/common/mod.rs"]
mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::Played;
use fastrand::Rng;
use ponte::game::{Move, Variant, playout};
use ponte::service::{
    Actor, ChallengeOptions, GameView, Player, PlayerId, Service, SystemClock, Venue,
};

const GAMES: usize = 1_000;
const MOVES: usize = 5_000;
const CONCURRENCY: usize = 16;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

/// A legal move for the side to move, or a fresh game when this one ended.
fn next_move(game: &GameView, rng: &mut Rng) -> Option<(PlayerId, Move)> {
    let mv = playout::random_move(&game.game, rng)?;
    Some((game.to_move()?.1.id, mv))
}

async fn new_game(service: &Service, i: usize) -> GameView {
    let a = Player::new(
        PlayerId::from_snowflake((10_000 + 2 * i) as u64),
        format!("a{i}"),
    );
    let b = Player::new(
        PlayerId::from_snowflake((10_001 + 2 * i) as u64),
        format!("b{i}"),
    );
    let options = ChallengeOptions {
        variant: Variant::default(),
        ..ChallengeOptions::default()
    };
    let challenge = service
        .challenge(
            &Actor::member(a.clone(), None),
            Some(&b),
            options,
            Venue::default(),
        )
        .await
        .unwrap();
    service
        .accept(challenge.id, &Actor::member(b, None))
        .await
        .unwrap()
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
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let service = Arc::new(
        Service::open_with_clock(&url, Arc::new(SystemClock))
            .await
            .unwrap(),
    );
    let started = Instant::now();
    let mut games = Vec::with_capacity(GAMES);
    for i in 0..GAMES {
        games.push(new_game(&service, i).await);
    }
    println!(
        "set-up: {GAMES} games started in {:.2} s",
        started.elapsed().as_secs_f64()
    );

    // Sustained load: CONCURRENCY tasks, each playing moves in its share of the games, round
    // robin, with a fresh game whenever one ends.
    // Exactly CONCURRENCY tasks: the last takes what is left over.
    let per_task = GAMES.div_ceil(CONCURRENCY);
    let started = Instant::now();
    let tasks: Vec<_> = games
        .chunks(per_task)
        .enumerate()
        .map(|(task, chunk)| {
            let service = service.clone();
            let mut chunk = chunk.to_vec();
            tokio::spawn(async move {
                let mut rng = Rng::with_seed(task as u64);
                let mut latencies = Vec::new();
                let mut i = 0;
                while latencies.len() < MOVES / CONCURRENCY {
                    let slot = i % chunk.len();
                    i += 1;
                    let Some((player, mv)) = next_move(&chunk[slot], &mut rng) else {
                        chunk[slot] = new_game(&service, GAMES + task * 1000 + i).await;
                        continue;
                    };
                    let id = chunk[slot].id;
                    let t = Instant::now();
                    let report = service.play(id, player, mv, None).await.played();
                    latencies.push(t.elapsed());
                    chunk[slot] = report.game;
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.unwrap());
    }
    let elapsed = started.elapsed();
    latencies.sort();
    println!(
        "{} moves over {GAMES} live games with {CONCURRENCY} concurrent players: {:.0} moves/s",
        latencies.len(),
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "latency at saturation (queueing included): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 0.50).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.last().unwrap().as_secs_f64() * 1e3
    );

    // Open loop at the target rate: every game moves every 2 s, the games staggered, so that
    // 500 moves/s arrive whether or not earlier ones have finished.
    let rate = 500.0;
    let seconds = 10.0;
    let period = Duration::from_secs_f64(GAMES as f64 / rate);
    let rounds = (seconds * rate / GAMES as f64) as u32;
    let start = tokio::time::Instant::now() + Duration::from_millis(100);
    let tasks: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, game)| {
            let service = service.clone();
            let id = game.id;
            tokio::spawn(async move {
                // The first phase moved these games on (or finished them): start from the store.
                let mut game = service.game(id).await.unwrap();
                let mut rng = Rng::with_seed(1_000 + i as u64);
                let offset = period.mul_f64(i as f64 / GAMES as f64);
                let mut latencies = Vec::new();
                for round in 0..rounds {
                    tokio::time::sleep_until(start + offset + period * round).await;
                    let Some((player, mv)) = next_move(&game, &mut rng) else {
                        game = new_game(&service, 5_000_000 + i * 100 + round as usize).await;
                        continue;
                    };
                    let t = Instant::now();
                    game = service.play(game.id, player, mv, None).await.played().game;
                    latencies.push(t.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut open_loop = Vec::new();
    for task in tasks {
        open_loop.extend(task.await.unwrap());
    }
    open_loop.sort();
    println!(
        "open loop, {rate:.0} moves/s offered over {GAMES} live games for {seconds:.0} s: {} moves, p50 {:.2} ms, p99 {:.2} ms",
        open_loop.len(),
        percentile(&open_loop, 0.50).as_secs_f64() * 1e3,
        percentile(&open_loop, 0.99).as_secs_f64() * 1e3
    );

    // One move at a time: the latency a single player sees.
    let mut rng = Rng::with_seed(99);
    let mut single = Vec::new();
    let mut game = new_game(&service, 9_999_999).await;
    while single.len() < 1_000 {
        let Some((player, mv)) = next_move(&game, &mut rng) else {
            game = new_game(&service, 9_999_999 + single.len()).await;
            continue;
        };
        let t = Instant::now();
        game = service.play(game.id, player, mv, None).await.played().game;
        single.push(t.elapsed());
    }
    single.sort();
    println!(
        "one move end to end (load, validate, commit), alone: p50 {:.2} ms, p99 {:.2} ms",
        percentile(&single, 0.50).as_secs_f64() * 1e3,
        percentile(&single, 0.99).as_secs_f64() * 1e3
    );
}
