//! Many games waiting for the AI at once: the real bot against the fake Discord, with the
//! levels' own time (no fixed playouts) and a short bound on the wait (`PONTE_AI_REPLY_SECONDS`).
//! Under the queue `hard` thinks less, down to its floor, so that every game gets its reply
//! within the bound (at `hard`'s own time, 2 s a move, the queue would take ten times as
//! long); `/metrics` counts the wait of each reply; and a bot killed in the middle of the
//! queue plays no turn twice when it starts again.

mod common;
mod fake_discord;

use std::time::{Duration, Instant};

use fake_discord::APP_ID;
use fake_discord::bot::{Bot, fake_and_database};
use ponte::ai::Level;
use ponte::service::{
    Actor, AiTerms, ChallengeOptions, GameId, MessageId, Opener, Player, PlayerId, Service, Venue,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Games waiting for the AI at once.
const GAMES: usize = 20;
/// The bound asked of the bot: 20 `hard` turns on 2 cores fit it at `hard`'s floor (250 ms).
const BOUND_SECONDS: u64 = 5;

/// The threads of games shown in a channel: this number and up (a thread's id is its
/// message's).
const THREADS: i64 = 400_000_000_000_000_000;

/// What the bot says in a game's thread when many games wait for it.
const SLOW_NOTICE: &str = "Many games are waiting for me";

fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// The body of `GET /metrics` on `addr`, once something answers there.
async fn metrics(addr: &str) -> String {
    for _ in 0..200 {
        if let Ok(mut stream) = tokio::net::TcpStream::connect(addr).await {
            let request =
                format!("GET /metrics HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
            stream.write_all(request.as_bytes()).await.unwrap();
            let mut response = String::new();
            stream.read_to_string(&mut response).await.unwrap();
            return response.split_once("\r\n\r\n").unwrap().1.to_string();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("nothing answers on {addr}");
}

/// The value of the sample `name` (without labels), if any.
fn sample(scrape: &str, name: &str) -> Option<f64> {
    scrape.lines().find_map(|line| {
        let (series, value) = line.rsplit_once(' ')?;
        (series == name).then(|| value.parse().unwrap())
    })
}

/// Starts `GAMES` games in which the AI (playing `hard`) opens; their ids.
async fn games_waiting_for_the_ai(database: &str, from: usize) -> Vec<GameId> {
    games_for_the_ai(database, from, false).await
}

/// Starts `GAMES` games in which the AI (playing `hard`) opens, each `shown` in the fake's
/// channel, in a thread opened on a message of its own, or in no channel; their ids.
async fn games_for_the_ai(database: &str, from: usize, shown: bool) -> Vec<GameId> {
    let service = Service::open(database).await.unwrap();
    let ai = Player::new(APP_ID.parse::<PlayerId>().unwrap(), "ponte");
    let mut ids = Vec::new();
    for i in from..from + GAMES {
        let human = Player::new(
            PlayerId::from_snowflake((4_200_000_000 + i) as u64),
            format!("p{i}"),
        );
        let terms = AiTerms {
            level: Level::Hard,
            options: ChallengeOptions::default(),
            venue: Venue {
                guild_id: Some(fake_discord::GUILD_ID.parse().unwrap()),
                channel_id: shown.then(|| fake_discord::CHANNEL_ID.parse().unwrap()),
            },
            opener: Opener::Ai,
        };
        let anchor: Option<MessageId> =
            shown.then(|| (THREADS + i as i64).to_string().parse().unwrap());
        ids.push(
            service
                .start_ai_game(&Actor::member(human, None), &ai, terms, anchor)
                .await
                .unwrap()
                .id,
        );
    }
    service.close().await;
    ids
}

/// Games in which the AI is still to move.
async fn still_waiting(database: &str) -> i64 {
    common::scalar(
        database,
        "SELECT COUNT(*) FROM games
         WHERE ai_player_id IS NOT NULL AND status = 'active' AND to_move_id = ai_player_id",
    )
    .await
}

/// Waits (at most `patience`) until at most `left` games wait for the AI; the time it took.
async fn until_waiting(database: &str, left: i64, patience: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let waiting = still_waiting(database).await;
        if waiting <= left {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < patience,
            "{waiting} games still wait for the AI after {:?}",
            start.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Each test keeps every core busy with searches: run side by side, each starves the other's
/// bot of the time to connect, so they take turns.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_waiting_for_the_ai_is_answered_within_the_bound_and_once() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let (fake, _dir, database) = fake_and_database().await;
    let bound = BOUND_SECONDS.to_string();
    let addr = free_address();
    let env = [
        // The levels' own time, as in production.
        ("PONTE_AI_PLAYOUTS", ""),
        ("PONTE_AI_REPLY_SECONDS", bound.as_str()),
        ("METRICS_ADDR", addr.as_str()),
    ];

    // A queue of GAMES turns at start-up: all answered within the bound.
    let mut ids = games_waiting_for_the_ai(&database, 0).await;
    let bot = Bot::start_with(&fake, &database, &env).await;
    let took = until_waiting(&database, 0, Duration::from_secs(60)).await;
    assert!(
        took < Duration::from_secs(BOUND_SECONDS),
        "{GAMES} replies took {took:?}, more than the bound of {BOUND_SECONDS} s"
    );
    let scrape = metrics(&addr).await;
    assert_eq!(
        sample(&scrape, "ponte_ai_reply_wait_seconds_count"),
        Some(GAMES as f64),
        "{scrape}"
    );
    drop(bot);

    // Another queue, the bot killed in the middle of it and started again: every game gets
    // its reply, none two.
    ids.extend(games_waiting_for_the_ai(&database, GAMES).await);
    let bot = Bot::start_with(&fake, &database, &env).await;
    until_waiting(&database, GAMES as i64 / 2, Duration::from_secs(60)).await;
    drop(bot);
    let _bot = Bot::start_with(&fake, &database, &env).await;
    until_waiting(&database, 0, Duration::from_secs(60)).await;

    let service = Service::open(&database).await.unwrap();
    let ai = APP_ID.parse::<PlayerId>().unwrap();
    for id in ids {
        let game = service.game(id).await.unwrap();
        assert_eq!(game.game.plies(), 1, "game #{id}: {:?}", game.game);
        assert!(
            game.to_move().is_some_and(|(_, p)| p.id != ai),
            "game #{id}"
        );
    }
    service.close().await;
}

/// Many games shown in threads wait for the AI, beyond what it answers at its levels' own
/// time: each thread is told once that the reply may take up to the bound, before its reply;
/// a bot stopped in the middle of the queue and started again tells none twice.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_game_in_a_long_queue_is_told_once_that_its_reply_will_take_longer() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let (fake, _dir, database) = fake_and_database().await;
    let bound = BOUND_SECONDS.to_string();
    let env = [
        ("PONTE_AI_PLAYOUTS", ""),
        ("PONTE_AI_REPLY_SECONDS", bound.as_str()),
    ];
    let ids = games_for_the_ai(&database, 0, true).await;
    let bot = Bot::start_with(&fake, &database, &env).await;
    until_waiting(&database, GAMES as i64 / 2, Duration::from_secs(60)).await;
    drop(bot);
    let _bot = Bot::start_with(&fake, &database, &env).await;
    until_waiting(&database, 0, Duration::from_secs(60)).await;

    let expected = format!("may take up to {BOUND_SECONDS} s");
    let told = |thread: &str| {
        fake.messages_in(thread)
            .iter()
            .map(|m| m["content"].as_str().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    // Every thread's posts, once the outbox is empty: its first board, the notice, its reply.
    let deadline = Instant::now() + Duration::from_secs(30);
    for (i, id) in ids.iter().enumerate() {
        let thread = (THREADS + i as i64).to_string();
        let posts = loop {
            let posts = told(&thread);
            if posts.len() >= 3 || Instant::now() > deadline {
                break posts;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let notices: Vec<&String> = posts.iter().filter(|p| p.contains(SLOW_NOTICE)).collect();
        assert_eq!(notices.len(), 1, "game #{id}: {posts:#?}");
        assert!(
            notices[0].contains(&expected) && notices[0].contains(&format!("#{id}")),
            "{}",
            notices[0]
        );
        assert_eq!(posts.len(), 3, "game #{id}: {posts:#?}");
        assert!(
            posts[1].contains(SLOW_NOTICE),
            "told before the reply: {posts:#?}"
        );
    }
    // A little later, still nothing more: no pass repeats a notice.
    tokio::time::sleep(Duration::from_secs(1)).await;
    for i in 0..GAMES {
        let thread = (THREADS + i as i64).to_string();
        assert_eq!(told(&thread).len(), 3);
    }
}
