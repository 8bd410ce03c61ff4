//! What an operator watches and what tells them something is wrong: `/healthz` and `/metrics`
//! on `METRICS_ADDR` while a game is played, a gateway that never answers, an address the bot
//! cannot listen on. The real bot against the fake Discord.

mod fake_discord;

use std::process::Stdio;
use std::time::Duration;

use fake_discord::bot::{ALICE, Bot, command, fake_and_database, opened_game, try_place};
use fake_discord::{APP_ID, CHANNEL_ID, FakeDiscord, User};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// An address on this machine nothing listens on (free a moment ago).
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// `GET path` on `addr`: the status code and the body.
async fn get(addr: &str, path: &str) -> (u16, String) {
    try_get(addr, path).await.unwrap()
}

/// `GET path` on `addr`, unless nothing listens there (yet).
async fn try_get(addr: &str, path: &str) -> std::io::Result<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Ok((status, body.to_string()))
}

/// The value of the sample `name` whose labels include every one of `labels`, if any.
fn sample(scrape: &str, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    scrape.lines().find_map(|line| {
        let (series, value) = line.rsplit_once(' ')?;
        let (series_name, series_labels) = match series.split_once('{') {
            Some((n, rest)) => (n, rest.trim_end_matches('}')),
            None => (series, ""),
        };
        let all = labels
            .iter()
            .all(|(k, v)| series_labels.contains(&format!("{k}=\"{v}\"")));
        (series_name == name && all).then(|| value.parse().unwrap())
    })
}

/// Asks `path` until it answers `status` (at most 20 s); its body.
async fn until(addr: &str, path: &str, status: u16) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let answer = try_get(addr, path).await;
        if let Ok((got, body)) = &answer
            && *got == status
        {
            return body.clone();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{path} answered {answer:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_are_served_while_a_game_is_played() {
    let (fake, _dir, database) = fake_and_database().await;
    let addr = free_address();
    let bot = Bot::start_with(&fake, &database, &[("METRICS_ADDR", &addr)]).await;
    assert_eq!(until(&addr, "/healthz", 200).await, "ok\n");
    let (_, before) = get(&addr, "/metrics").await;
    assert_eq!(sample(&before, "ponte_build_info", &[]), Some(1.0));
    assert_eq!(sample(&before, "ponte_shards_connected", &[]), Some(1.0));
    assert_eq!(sample(&before, "ponte_games_active", &[]), Some(0.0));
    assert_eq!(sample(&before, "ponte_moves_saved_total", &[]), None);

    let thread = opened_game(&fake, &[]).await;
    // Not her turn: refused, and counted so.
    let refused = try_place(&fake, ALICE, &thread, "e5 e6").await;
    assert!(refused.is_ephemeral(), "{}", refused.content());

    // The owed posts are crossed off just after they are made, and an interaction is
    // counted once its handler returns, just after its answer reached Discord.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let after = loop {
        let (_, after) = get(&addr, "/metrics").await;
        let places = sample(
            &after,
            "ponte_interaction_seconds_count",
            &[("command", "place")],
        );
        if sample(&after, "ponte_outbox_waiting", &[]) == Some(0.0) && places == Some(2.0) {
            break after;
        }
        assert!(tokio::time::Instant::now() < deadline, "{after}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let count = |name, labels: &[(&str, &str)]| sample(&after, name, labels);
    assert_eq!(count("ponte_moves_saved_total", &[]), Some(1.0));
    assert_eq!(count("ponte_games_active", &[]), Some(1.0));
    assert_eq!(count("ponte_outbox_oldest_seconds", &[]), Some(0.0));
    assert_eq!(count("ponte_game_write_seconds_count", &[]), Some(1.0));
    let interactions = "ponte_interactions_total";
    for (command, outcome) in [
        ("challenge", "ok"),
        ("button:accept", "ok"),
        ("place", "ok"),
        ("place", "refused"),
    ] {
        let labels = [("command", command), ("outcome", outcome)];
        assert_eq!(
            count(interactions, &labels),
            Some(1.0),
            "{command} {outcome}"
        );
    }
    let place = [("command", "place")];
    assert_eq!(count("ponte_interaction_seconds_count", &place), Some(2.0));
    for kind in ["started", "moved"] {
        let labels = [("kind", kind), ("outcome", "ok")];
        assert_eq!(
            count("ponte_deliveries_total", &labels),
            Some(1.0),
            "{kind}"
        );
    }
    assert!(after.contains("# HELP ponte_moves_saved_total"), "{after}");
    assert!(after.contains("# TYPE ponte_game_write_seconds histogram"));

    let (status, _) = bot.terminate().await;
    assert_eq!(status.code(), Some(0));
}

/// The AI's reply wait is a histogram with buckets, as every other is: buckets add up across
/// instances and time ranges, a summary's quantiles do not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_histogram_has_buckets_the_ai_reply_wait_too() {
    let (fake, _dir, database) = fake_and_database().await;
    let addr = free_address();
    let _bot = Bot::start_with(&fake, &database, &[("METRICS_ADDR", &addr)]).await;
    until(&addr, "/healthz", 200).await;
    // A game against the bot, which opens: its reply is waited for at once.
    let ponte = User {
        id: APP_ID,
        name: "ponte",
    };
    let options = [("opponent", 6, json!(APP_ID)), ("first", 4, json!(1))];
    command(&fake, ALICE, CHANNEL_ID, "challenge", &options, &[ponte]).await;

    let wait = "ponte_ai_reply_wait_seconds";
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let scrape = loop {
        let (_, scrape) = get(&addr, "/metrics").await;
        if sample(&scrape, &format!("{wait}_count"), &[]) == Some(1.0) {
            break scrape;
        }
        assert!(tokio::time::Instant::now() < deadline, "{scrape}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        scrape.contains(&format!("# TYPE {wait} histogram")),
        "{scrape}"
    );
    let bucket = format!("{wait}_bucket");
    for le in ["0.05", "1", "30", "120", "+Inf"] {
        assert!(
            sample(&scrape, &bucket, &[("le", le)]).is_some(),
            "no bucket le={le}: {scrape}"
        );
    }
    assert_eq!(sample(&scrape, &bucket, &[("le", "+Inf")]), Some(1.0));
    // The 30 playouts of the test's AI answer well within the bound.
    assert_eq!(sample(&scrape, &bucket, &[("le", "30")]), Some(1.0));
    for line in scrape.lines().filter(|l| l.starts_with("# TYPE")) {
        assert!(!line.ends_with(" summary"), "{line}");
    }
    assert!(!scrape.contains("quantile="), "{scrape}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gateway_that_never_answers_stops_the_bot_with_an_error() {
    let fake = FakeDiscord::start().await;
    fake.silence_gateway();
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("bot.db").display());
    let addr = free_address();
    let mut bot = tokio::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
        .arg("bot")
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", fake.base())
        .env("DATABASE_URL", &database)
        .env("METRICS_ADDR", &addr)
        .env("PONTE_GATEWAY_TIMEOUT_SECONDS", "3")
        .env("RUST_LOG", "info")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stderr = bot.stderr.take().unwrap();
    let logs = tokio::spawn(async move {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text).await;
        text
    });
    // Meanwhile it says it is not healthy, and why (before its shard starts, or after).
    let body = until(&addr, "/healthz", 503).await;
    assert!(
        body.contains("gateway: not connected yet")
            || body.contains("gateway: 0 of 1 shards connected"),
        "{body}"
    );
    let waited = tokio::time::timeout(Duration::from_secs(20), bot.wait());
    let status = waited.await.expect("the bot gives up").unwrap();
    assert_eq!(status.code(), Some(1), "{status:?}");
    let logs = logs.await.unwrap();
    assert!(
        logs.contains("did not let the bot in within 3 s"),
        "the reason is said: {logs}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_metrics_address_it_cannot_listen_on_stops_the_bot_at_once() {
    let (fake, _dir, database) = fake_and_database().await;
    let occupied = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken = occupied.local_addr().unwrap().to_string();
    for (addr, says) in [
        (taken.as_str(), "cannot listen there"),
        ("nine-one-hundred", "must be an address and port"),
    ] {
        let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
            .arg("bot")
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_BASE", fake.base())
            .env("DATABASE_URL", &database)
            .env("METRICS_ADDR", addr)
            .env("NO_PROXY", "127.0.0.1,localhost")
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .output();
        let output = tokio::time::timeout(Duration::from_secs(20), output)
            .await
            .expect("the bot stops at once")
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(says), "{addr}: {stderr}");
        assert_eq!(fake.identifies(), 0, "it never connected");
    }
}
