//! A player who closed their direct messages, through the fake Discord: both players ask for a
//! daily digest, bob's direct messages are closed. At the hour alice's digest arrives; bob's is
//! refused once (403, code 50007), counted as refused, set aside in the outbox and never tried
//! again. The next day, bob's direct messages open again, he gets that day's digest, one.
//! A reminder by direct message to closed direct messages is refused once too, the thread's
//! reminder stands; and a direct message that keeps failing holds back none of the game's
//! boards.

mod fake_discord;

use std::time::Duration;

use fake_discord::bot::{
    ALICE, BOB, Bot, Setup, command, digest_options, opened_game, place, setup, start_game,
};
use fake_discord::{CHANNEL_ID, FakeDiscord, User, dm_channel_id};
use serde_json::json;
use sqlx::Connection;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The digests `user` received.
fn digests(fake: &FakeDiscord, user: User) -> Vec<String> {
    fake.messages_in(&dm_channel_id(user.id))
        .iter()
        .map(|m| m["content"].as_str().unwrap_or("").to_string())
        .filter(|text| text.starts_with("Your daily digest"))
        .collect()
}

/// The posts the bot attempted in `user`'s direct-message channel, by the status answered.
fn dm_posts(fake: &FakeDiscord, user: User, status: u16) -> usize {
    let path = format!("/channels/{}/messages", dm_channel_id(user.id));
    (fake.calls().iter())
        .filter(|c| c.method == "POST" && c.path == path && c.status == status)
        .count()
}

/// Waits (at most 30 s) until `done` holds.
async fn until(what: &str, done: impl Fn() -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !done() {
        assert!(tokio::time::Instant::now() < deadline, "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An address on this machine nothing listens on (free a moment ago).
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// The bot's `/metrics`.
async fn metrics(addr: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    response.split_once("\r\n\r\n").unwrap().1.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_digest_to_closed_direct_messages_is_refused_once_and_holds_nothing_back() {
    let setup = setup().await;
    let (fake, database) = (&setup.fake, &setup.database);
    // Two games: alice is to move in the first, bob in the second.
    start_game(fake, &[]).await;
    opened_game(fake, &[]).await;
    // Both want their digest at the next whole hour, UTC.
    let (options, _) = digest_options(1);
    for player in [ALICE, BOB] {
        let (_, said) = command(fake, player, CHANNEL_ID, "notify", &options, &[]).await;
        assert!(
            said.content().starts_with("Every day at"),
            "{}",
            said.content()
        );
    }
    setup.bot.stop().await;

    // The hour has come, and bob allows no direct messages.
    fake.close_dms(BOB.id);
    let addr = free_address();
    let bot = Bot::spawn(fake, database, 3600 + 60, &[("METRICS_ADDR", &addr)]);
    fake.wait_identified().await;
    until("alice's digest and bob's refusal", || {
        digests(fake, ALICE).len() == 1 && dm_posts(fake, BOB, 403) == 1
    })
    .await;
    assert!(
        digests(fake, ALICE)[0].contains("#1 against bob"),
        "{:?}",
        digests(fake, ALICE)
    );
    // Retries would have come after a quarter of a second, half a second, one, two...
    tokio::time::sleep(Duration::from_secs(5)).await;
    assert_eq!(
        dm_posts(fake, BOB, 403),
        1,
        "refused once, never tried again"
    );
    assert_eq!(dm_posts(fake, BOB, 200), 0);
    let scrape = metrics(&addr).await;
    assert_eq!(
        deliveries(&scrape, "digest", "refused"),
        Some(1.0),
        "{scrape}"
    );
    assert_eq!(deliveries(&scrape, "digest", "ok"), Some(1.0), "{scrape}");
    assert_eq!(deliveries(&scrape, "digest", "failed"), None, "{scrape}");
    bot.stop().await;

    // The outbox keeps it, set aside with Discord's reason; nothing else waits.
    let mut db = sqlx::SqliteConnection::connect(database).await.unwrap();
    let rows: Vec<(String, Option<i64>, Option<String>)> =
        sqlx::query_as("SELECT kind, abandoned_at, last_error FROM outbox ORDER BY id")
            .fetch_all(&mut db)
            .await
            .unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let (kind, set_aside, reason) = &rows[0];
    assert_eq!(kind, "digest");
    assert!(set_aside.is_some());
    assert!(
        reason
            .as_deref()
            .unwrap_or("")
            .contains("Cannot send messages to this user"),
        "{reason:?}"
    );
    db.close().await.unwrap();

    // The next day bob opens his direct messages again: that day's digest comes, and the
    // refused one is not sent after all.
    fake.open_dms(BOB.id);
    let bot = Bot::start_later(fake, database, 86_400 + 3600 + 60).await;
    until("bob's next digest", || digests(fake, BOB).len() == 1).await;
    until("alice's next digest", || digests(fake, ALICE).len() == 2).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let sent = digests(fake, BOB);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].contains("#2 against alice"), "{}", sent[0]);
    assert_eq!(dm_posts(fake, BOB, 403), 1);
    bot.stop().await;
}

/// A game of one hour a move where bob, reminded by direct message, is to move; the bot
/// stopped. Returns the setup (its bot stopped) and the game's thread.
async fn bob_to_move_and_reminded_by_dm() -> (Setup, String) {
    let setup = setup().await;
    let fake = &setup.fake;
    // One hour per move (the second choice).
    let (thread, _) = start_game(fake, &[("time", 4, json!(1))]).await;
    let on = [("reminders", 4, json!(0))];
    command(fake, BOB, CHANNEL_ID, "notify", &on, &[]).await;
    place(fake, ALICE, &thread, "c3 d4").await;
    (setup, thread)
}

/// How many deliveries of posts of `kind` ended with `outcome`.
fn deliveries(scrape: &str, kind: &str, outcome: &str) -> Option<f64> {
    let labels = [
        format!(r#"kind="{kind}""#),
        format!(r#"outcome="{outcome}""#),
    ];
    scrape.lines().find_map(|line| {
        let (series, value) = line.rsplit_once(' ')?;
        let ours = series.starts_with("ponte_deliveries_total{")
            && labels.iter().all(|l| series.contains(l.as_str()));
        ours.then(|| value.parse().unwrap())
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_to_closed_direct_messages_is_refused_once() {
    let (setup, thread) = bob_to_move_and_reminded_by_dm().await;
    let fake = &setup.fake;
    setup.bot.stop().await;
    // 50 minutes later a quarter of bob's hour is left, and he allows no direct messages.
    fake.close_dms(BOB.id);
    let addr = free_address();
    let bot = Bot::spawn(fake, &setup.database, 50 * 60, &[("METRICS_ADDR", &addr)]);
    fake.wait_identified().await;
    let reminded = |c: &fake_discord::Call| {
        c.path == format!("/channels/{thread}/messages") && c.content().contains("quarter")
    };
    fake.wait_for(0, "the reminder in the thread", reminded)
        .await;
    until("the refused DM", || dm_posts(fake, BOB, 403) == 1).await;
    tokio::time::sleep(Duration::from_secs(5)).await;
    assert_eq!(
        dm_posts(fake, BOB, 403),
        1,
        "refused once, never tried again"
    );
    let scrape = metrics(&addr).await;
    assert_eq!(
        deliveries(&scrape, "reminder_dm", "refused"),
        Some(1.0),
        "{scrape}"
    );
    assert_eq!(deliveries(&scrape, "reminder_dm", "ok"), None, "{scrape}");
    assert_eq!(deliveries(&scrape, "reminder", "ok"), Some(1.0), "{scrape}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_direct_message_that_keeps_failing_holds_back_no_board() {
    let (setup, thread) = bob_to_move_and_reminded_by_dm().await;
    let fake = &setup.fake;
    setup.bot.stop().await;
    // bob's direct messages fail (an outage of that conversation alone), over and over.
    fake.fail_posts(&dm_channel_id(BOB.id), 1000);
    let bot = Bot::start_later(fake, &setup.database, 50 * 60).await;
    until("the reminder by DM tried and tried again", || {
        dm_posts(fake, BOB, 500) >= 2
    })
    .await;
    // bob's move is announced in the thread at once all the same.
    place(fake, BOB, &thread, "e5 e6").await;
    bot.stop().await;
}
