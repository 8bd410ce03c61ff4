//! The web board served beside the bot (`WEB_ADDR`, `PUBLIC_URL`): an address it cannot listen
//! on stops the start before anything else, saying so; SIGTERM stops the board with the bot,
//! even with a page's live stream open; a login and a move over HTTP leave neither the link's
//! secret nor the session's cookie in the log. The real bot against the fake Discord.

mod fake_discord;

use std::time::Duration;

use fake_discord::bot::{ALICE, Bot, fake_and_database, start_game};
use fake_discord::web::{
    borrowed, free_port, log_in, open_board, open_stream, request, secret_of, web_env,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_web_addr_in_use_stops_the_start_saying_so() {
    let (fake, _dir, database) = fake_and_database().await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let url = format!("http://{addr}");
    let env = [("WEB_ADDR", addr.as_str()), ("PUBLIC_URL", url.as_str())];
    let (bot, logs) = Bot::spawn_logged(&fake, &database, &env);
    let status = bot.exited(Duration::from_secs(30)).await;
    assert_eq!(status.code(), Some(1), "{status:?}");
    let logs = logs.await.unwrap();
    assert!(
        logs.contains(&format!("WEB_ADDR is {addr}, which cannot be listened on")),
        "{logs}"
    );
    assert_eq!(fake.identifies(), 0, "stopped before connecting to Discord");
    drop(taken);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_web_board_with_the_bot_and_its_log_keeps_no_secret() {
    let (fake, _dir, database) = fake_and_database().await;
    let env = web_env(free_port());
    let url = env[1].1.clone();
    let mut settings = borrowed(&env);
    settings.push(("RUST_LOG", "trace"));
    let (bot, logs) = Bot::spawn_logged(&fake, &database, &settings);
    fake.wait_identified().await;
    fake.wait_for(0, "command registration", |c| {
        c.method == "PUT" && c.path.ends_with("/commands")
    })
    .await;
    let (thread, _) = start_game(&fake, &[]).await;
    let link = open_board(&fake, ALICE, &thread).await;
    let (cookie, page) = log_in(&url, &link).await;
    let events = format!("/api/games/{page}/events");
    let (_stream, status) = open_stream(&url, &events, &cookie).await;
    assert_eq!(status, 200);
    let game = request(
        &url,
        "GET",
        &format!("/api/games/{page}"),
        Some(&cookie),
        None,
    )
    .await;
    let mv = serde_json::json!({ "move": "c3 d4", "version": game.json()["version"] });
    let moves = format!("/api/games/{page}/moves");
    let played = request(&url, "POST", &moves, Some(&cookie), Some(&mv)).await;
    assert_eq!(played.status, 200, "{}", played.body);

    let (status, took) = bot.terminate().await;
    eprintln!("stopped {took:?} after SIGTERM");
    assert_eq!(status.code(), Some(0), "{status:?}");
    let file = database.trim_start_matches("sqlite://");
    assert!(
        !std::path::Path::new(&format!("{file}-wal")).exists(),
        "the database was closed (its write-ahead log checkpointed away)"
    );
    let logs = logs.await.unwrap();
    let host = url.trim_start_matches("http://");
    assert!(
        logs.contains(&format!("web board: serving on {host} for {url}")),
        "{logs}"
    );
    // The board stopped on the bot's signal, not cut off when the process ended.
    assert!(logs.contains("stopping the web board"), "{logs}");
    assert!(!logs.contains("did not finish"), "{logs}");
    // Logged in, played and watched over HTTP at the most talkative level: neither the login
    // link's secret nor the session's cookie is in the log.
    assert!(logs.contains("logged in on the web board"), "{logs}");
    let secret = secret_of(&link);
    let session = cookie.split_once('=').unwrap().1;
    assert!(
        !logs.contains(&secret),
        "the login link's secret is in the log"
    );
    assert!(
        !logs.contains(session),
        "the session's cookie is in the log"
    );
    assert!(
        tokio::net::TcpStream::connect(host).await.is_err(),
        "nothing listens on WEB_ADDR any more"
    );
}
