//! The web board's figures as a player meets them, against the real `ponte web` (built in the
//! bench profile) on 127.0.0.1 and headless Chromium (Debian's `chromium`):
//! - the first load of a game page: every byte the browser fetched (HTML, CSS, JS modules, the
//!   words, the game's JSON) before and after compression, from the browser's own record;
//! - the time from the navigation's start to the board's cells in the page;
//! - a click's move to the board redrawn in the player's page and in a second page of the
//!   same game (by the live channel), while other games take moves at 1, 10 and 50 a second
//!   through the API, each watched on its own live channel;
//! - the server's memory (RSS) with 1,000 live channels open on 300 games, and before.
//!
//! `cargo bench --bench web`. `PONTE_BENCH_SAMPLES` sets the samples of each browser figure
//! (default 30), `PONTE_BENCH_RATES` the API's move rates (default `1,10,50`),
//! `PONTE_BENCH_CHANNELS` the live channels opened (default 1000), `PONTE_BENCH_LOAD_SECONDS`
//! how long each rate's API moves go on (default 25), `PONTE_BENCH_WEB=<path>`
//! runs another build of `ponte`. The games are hot-seat games of two local players made
//! through the service before the server starts, so no move waits for the AI.
//!
//! Percentiles need every sample, so this is a plain measured harness rather than divan.

#[path = "../tests/web_e2e/browser.rs"]
#[allow(dead_code)]
mod browser;

#[path = "support/web_client.rs"]
#[allow(dead_code)]
mod web_client;

use std::sync::Arc;
use std::time::{Duration, Instant};

use chromiumoxide::Browser;
use chromiumoxide::cdp::browser_protocol::network::{EnableParams, SetCacheDisabledParams};
use chromiumoxide::page::Page;
use fastrand::Rng;
use futures_util::StreamExt;
use ponte::game::{Move, playout};
use ponte::service::{
    Actor, ChallengeOptions, GameView, MoveOutcome, Player, PlayerId, Service, Venue,
};
use serde::Deserialize;
use tokio::io::AsyncBufReadExt;
use web_client::{Channel, post_move, raise_open_files};

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

fn rates() -> Vec<u32> {
    std::env::var("PONTE_BENCH_RATES")
        .unwrap_or_else(|_| "1,10,50".into())
        .split(',')
        .filter_map(|rate| rate.trim().parse().ok())
        .collect()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

/// p50 and p99 of samples in milliseconds, with their count.
fn summary(mut samples: Vec<f64>) -> String {
    samples.sort_by(f64::total_cmp);
    format!(
        "p50 {:.1} ms, p99 {:.1} ms ({} samples)",
        percentile(&samples, 0.5),
        percentile(&samples, 0.99),
        samples.len()
    )
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
    raise_open_files();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run());
}

/// The players of every game: the machine's (`USER=alice`, who plays in the browser) and a
/// second local player.
fn alice() -> Player {
    Player::new(PlayerId::of_terminal("alice"), "alice")
}

/// `count` games of alice against bob, a few random moves in and alice to move.
async fn seed(service: &Service, count: usize, rng: &mut Rng) -> Vec<GameView> {
    let bob = Player::new(PlayerId::of_terminal("bob"), "bob");
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        let venue = Venue::default();
        let challenge = service
            .challenge(
                &Actor::member(alice(), None),
                Some(&bob),
                ChallengeOptions::default(),
                venue,
            )
            .await
            .unwrap();
        let mut game = service
            .accept(challenge.id, &Actor::member(bob.clone(), None))
            .await
            .unwrap();
        let moves = rng.u32(3..12);
        while game.game.plies() < moves || game.to_move().map(|(_, p)| p.id) != Some(alice().id) {
            let Some((_, player)) = game.to_move() else {
                break;
            };
            let mv = playout::random_move(&game.game, rng).unwrap();
            game = match service.play(game.id, player.id, mv, None).await.unwrap() {
                MoveOutcome::Played(report) => report.game,
                MoveOutcome::LostOnTime(game) => game,
            };
        }
        if game.to_move().is_some() {
            games.push(game);
        }
    }
    games
}

/// A move alice can make in `game` by two clicks: two tiles.
fn placement(game: &GameView, rng: &mut Rng) -> (String, String) {
    loop {
        if let Some(Move::Place(a, b)) = playout::random_move(&game.game, rng) {
            return (a.to_string(), b.to_string());
        }
    }
}

async fn start_server(database: &str) -> (tokio::process::Child, String) {
    let binary =
        std::env::var("PONTE_BENCH_WEB").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ponte").into());
    let mut child = tokio::process::Command::new(binary)
        .args(["web", "--port", "0", "--database", database])
        .env("USER", "alice")
        .env("RUST_LOG", "error")
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = tokio::io::BufReader::new(stdout).lines();
    let address = lines.next_line().await.unwrap().expect("an address line");
    (child, address.trim_end_matches('/').to_string())
}

async fn run() {
    let samples: usize = env_or("PONTE_BENCH_SAMPLES", 30);
    let channels: usize = env_or("PONTE_BENCH_CHANNELS", 1000);
    let rates = rates();
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("web.db").display());
    let mut rng = Rng::with_seed(1);
    let load_seconds: usize = env_or("PONTE_BENCH_LOAD_SECONDS", 25);
    let load_games: usize = rates.iter().map(|r| *r as usize).sum::<usize>() * load_seconds;
    let started = Instant::now();
    let (pages, load) = {
        let service = Service::open(&database).await.unwrap();
        let pages = seed(&service, samples * (1 + rates.len()), &mut rng).await;
        let load = seed(&service, load_games, &mut rng).await;
        service.close().await;
        (pages, load)
    };
    println!(
        "{} games of alice and bob seeded in {:.1} s",
        pages.len() + load.len(),
        started.elapsed().as_secs_f64()
    );
    let (mut server, address) = start_server(&database).await;
    let pid = server.id().unwrap();
    let addr = address.trim_start_matches("http://").to_string();

    memory(pid, &addr, &load, channels).await;

    let profile = tempfile::tempdir().unwrap();
    let (browser, handler) = launch(&profile).await;
    let mut pages = pages.into_iter();
    first_loads(&browser, &address, pages.by_ref().take(samples)).await;
    let mut load = load.into_iter();
    for rate in rates {
        let batch: Vec<GameView> = pages.by_ref().take(samples).collect();
        let background = load.by_ref().take(rate as usize * load_seconds).collect();
        clicks_under_load(&browser, &address, &addr, batch, background, rate, &mut rng).await;
    }
    drop(browser);
    handler.abort();
    server.kill().await.unwrap();
}

/// One entry of the browser's resource timing: what it fetched and how many bytes.
#[derive(Debug, Deserialize)]
struct Fetched {
    name: String,
    transfer: f64,
    encoded: f64,
    decoded: f64,
    /// When its request started and its answer ended, on the navigation's clock.
    start: f64,
    end: f64,
}

/// Loads a game's page in a new tab with the browser's cache off, and returns the tab and
/// the milliseconds from the navigation's start to the board's first cell (`None` in the rare
/// load where the note was not taken).
async fn open_page(browser: &Browser, url: &str) -> (Page, Option<f64>) {
    let page = browser.new_page("about:blank").await.unwrap();
    page.execute(EnableParams::default()).await.unwrap();
    page.execute(SetCacheDisabledParams::new(true))
        .await
        .unwrap();
    // Runs before the page's own scripts (and is not held to its CSP): the moment the board's
    // first cell is in the document, on the navigation's clock.
    // Moves are sent at the second click (the page's setting off, as a player may set it):
    // the figure is the move's way, not a confirmation's.
    page.evaluate_on_new_document(
        "try { localStorage.setItem('ponte.confirm', 'off'); } catch (_) {}
         new MutationObserver((_, observer) => {
           if (document.querySelector('#board [data-cell]')) {
             window.__board = performance.now();
             observer.disconnect();
           }
         }).observe(document, { childList: true, subtree: true });",
    )
    .await
    .unwrap();
    // A navigation's own wait may give up on a busy machine; the board is what is waited for.
    if let Err(error) = page.goto(url).await {
        eprintln!("{url}: {error}");
    }
    let drawn = "document.querySelector('#board [data-cell]') !== null";
    browser::wait_until(&page, drawn, "the board").await;
    let at = page
        .evaluate("window.__board")
        .await
        .unwrap()
        .into_value()
        .ok();
    (page, at)
}

/// Chromium as the browser tests start it, without the back-forward cache: a page left
/// there would keep its live channel open, and six open connections to one host are all
/// Chromium allows over HTTP/1.1.
async fn launch(profile: &tempfile::TempDir) -> (Browser, tokio::task::JoinHandle<()>) {
    let config = chromiumoxide::BrowserConfig::builder()
        .chrome_executable(browser::chromium())
        .new_headless_mode()
        .no_sandbox()
        .user_data_dir(profile.path())
        .args([
            "--disable-gpu",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-back-forward-cache",
            "--disable-features=BackForwardCache",
        ])
        .build()
        .unwrap();
    let (browser, mut handler) = Browser::launch(config).await.unwrap();
    let events = tokio::spawn(async move { while handler.next().await.is_some() {} });
    (browser, events)
}

/// The first load of a game page, `samples` times: its bytes and the time to its board.
async fn first_loads(browser: &Browser, address: &str, games: impl Iterator<Item = GameView>) {
    let mut times = Vec::new();
    let mut fetched: Vec<Fetched> = Vec::new();
    for game in games {
        let (page, drawn) = open_page(browser, &format!("{address}/#game={}", game.id)).await;
        times.extend(drawn);
        if fetched.is_empty() {
            // The game's JSON is fetched before the board is drawn; the words and modules
            // before that. The live channel never ends, so it has no entry.
            fetched = page
                .evaluate(
                    "performance.getEntries()
                       .filter(e => e.entryType === 'navigation' || e.entryType === 'resource')
                       .map(e => ({ name: new URL(e.name).pathname, transfer: e.transferSize,
                                    encoded: e.encodedBodySize, decoded: e.decodedBodySize,
                                    start: e.startTime, end: e.responseEnd }))",
                )
                .await
                .unwrap()
                .into_value()
                .unwrap();
        }
        let _ = page.close().await;
    }
    println!("\nthe first load of a game page (Chromium, cache off; gzip: plain HTTP gets no br)");
    println!(
        "| fetched | bytes | compressed | on the wire | from–to (ms) |\n|---|---:|---:|---:|---|"
    );
    for f in &fetched {
        println!(
            "| {} | {} | {} | {} | {:.1}–{:.1} |",
            f.name, f.decoded, f.encoded, f.transfer, f.start, f.end
        );
    }
    let total = |field: fn(&Fetched) -> f64| fetched.iter().map(field).sum::<f64>();
    println!(
        "| all {} | **{}** | **{}** | {} | |",
        fetched.len(),
        total(|f| f.decoded),
        total(|f| f.encoded),
        total(|f| f.transfer)
    );
    let first = times.first().copied().unwrap_or(f64::NAN);
    println!(
        "navigation start to the board's cells: {} (the very first page of the browser: {first:.1} ms)",
        summary(times)
    );
}

/// `channels` live channels on up to 300 games; the server's memory before and with them.
async fn memory(pid: u32, addr: &str, games: &[GameView], channels: usize) {
    let before = rss_kib(pid);
    let started = Instant::now();
    let mut open = Vec::with_capacity(channels);
    for i in 0..channels {
        let game = &games[i % games.len().min(300)];
        open.push(Channel::open(addr, game.id.get()).await);
    }
    let opened = started.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let with = rss_kib(pid);
    println!(
        "\nserver memory (RSS): {:.1} MB before, {:.1} MB with {channels} live channels open on {} games ({:.1} KB a channel; opened and each first event read in {:.2} s)",
        before as f64 / 1024.0,
        with as f64 / 1024.0,
        games.len().min(300),
        (with.saturating_sub(before)) as f64 / channels as f64,
        opened.as_secs_f64()
    );
    drop(open);
}

/// At `rate` moves a second through the API on the `background` games (each watched on its
/// own live channel), the browser's clicks on the `pages` games: a move by two clicks in the
/// player's page, measured to its board redrawn there and in a second page of the game.
async fn clicks_under_load(
    browser: &Browser,
    address: &str,
    addr: &str,
    pages: Vec<GameView>,
    background: Vec<GameView>,
    rate: u32,
    rng: &mut Rng,
) {
    let load = tokio::spawn(api_moves(addr.to_string(), background, rate, rng.u64(..)));
    let mut own = Vec::new();
    let mut second = Vec::new();
    for game in pages {
        let url = format!("{address}/#game={}", game.id);
        let (player, _) = open_page(browser, &url).await;
        let (watcher, _) = open_page(browser, &url).await;
        // The second page's live channel opens after its board is drawn.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let (a, b) = placement(&game, rng);
        let (to_own, to_second) = click_move(&player, &watcher, &a, &b).await;
        own.push(to_own);
        second.push(to_second);
        let _ = player.close().await;
        let _ = watcher.close().await;
    }
    let (posted, announced) = load.await.unwrap();
    println!("\nat {rate} API moves a second on other games:");
    println!(
        "  click to the board redrawn in the player's page: {}",
        summary(own)
    );
    println!(
        "  click to the board redrawn in a second page (live channel): {}",
        summary(second)
    );
    println!("  API move: request to answer {}", summary(posted));
    println!(
        "  API move: request to its event on the game's live channel {}",
        summary(announced)
    );
}

/// Clicks `a` then `b` in the player's page and returns the milliseconds from the second
/// click to the tile on `b` in the player's page and in the watcher's, on the pages' shared
/// clock (`performance.timeOrigin` is the browser's, the same in both tabs).
async fn click_move(player: &Page, watcher: &Page, a: &str, b: &str) -> (f64, f64) {
    let watch = format!(
        "window.__tile = undefined;
         new MutationObserver((_, observer) => {{
           if (document.querySelector('[data-cell=\"{b}\"][data-tile]')) {{
             window.__tile = performance.timeOrigin + performance.now();
             observer.disconnect();
           }}
         }}).observe(document.getElementById('board'),
                     {{ childList: true, subtree: true, attributes: true }}); true"
    );
    watcher.evaluate(watch.as_str()).await.unwrap();
    player.evaluate(watch.as_str()).await.unwrap();
    // The first cell, then the second once the page marks it as a target (the engine's answer
    // to the first, as a player sees it before clicking again); timed from the second click.
    let cell = |name: &str| format!("document.querySelector('[data-cell=\"{name}\"]')");
    player
        .evaluate(format!(
            "{}.dispatchEvent(new MouseEvent('click', {{ bubbles: true }})); true",
            cell(a)
        ))
        .await
        .unwrap();
    let offered = format!("{}.classList.contains('target')", cell(b));
    browser::wait_until(player, &offered, "the second cell offered").await;
    let click = format!(
        "(() => {{
           window.__clicked = performance.timeOrigin + performance.now();
           {}.dispatchEvent(new MouseEvent('click', {{ bubbles: true }}));
           return window.__clicked;
         }})()",
        cell(b)
    );
    let clicked: f64 = player
        .evaluate(click.as_str())
        .await
        .unwrap()
        .into_value()
        .unwrap();
    let done = "window.__tile !== undefined";
    browser::wait_until(player, done, "the move in the player's page").await;
    browser::wait_until(watcher, done, "the move in the second page").await;
    let at = |page: &Page| {
        let page = page.clone();
        async move {
            let tile: f64 = page
                .evaluate("window.__tile")
                .await
                .unwrap()
                .into_value()
                .unwrap();
            tile - clicked
        }
    };
    (at(player).await, at(watcher).await)
}

/// Moves through the API at `rate` a second (open loop: each at its time, whatever the ones
/// before took), each on its own game with a live channel open on it: the times from the
/// request to its answer and to its event on the channel.
async fn api_moves(
    addr: String,
    games: Vec<GameView>,
    rate: u32,
    seed: u64,
) -> (Vec<f64>, Vec<f64>) {
    let mut rng = Rng::with_seed(seed);
    let addr = Arc::new(addr);
    let start = tokio::time::Instant::now();
    let mut tasks = Vec::new();
    for (k, game) in games.into_iter().enumerate() {
        let mv = playout::random_move(&game.game, &mut rng).unwrap();
        let addr = addr.clone();
        tokio::time::sleep_until(start + Duration::from_secs_f64(k as f64 / f64::from(rate))).await;
        tasks.push(tokio::spawn(async move {
            let mut channel = Channel::open(&addr, game.id.get()).await;
            let sent = Instant::now();
            let (answered, announced) = tokio::join!(
                async {
                    let text = mv.to_string();
                    let status = post_move(&addr, game.id.get(), &text, game.version).await;
                    assert_eq!(status, 200, "{mv} in game {}", game.id);
                    sent.elapsed()
                },
                async {
                    channel.next_change().await;
                    sent.elapsed()
                }
            );
            (ms(answered), ms(announced))
        }));
    }
    let mut posted = Vec::new();
    let mut announced = Vec::new();
    for task in tasks {
        let (answer, event) = task.await.unwrap();
        posted.push(answer);
        announced.push(event);
    }
    (posted, announced)
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}
