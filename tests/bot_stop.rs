//! Stopping on SIGTERM, whatever the bot is doing: during a Discord outage (the gateway gone
//! after it let the bot in), and in the first moments of `ponte bot` and `ponte local`. Each
//! time the process exits 0 within 10 s with the database closed (no `-wal` left), and
//! `/healthz` answers "stopping" until the end. The real binary, against the fake Discord.

mod fake_discord;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use fake_discord::bot::{Bot, fake_and_database};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The longest a stop may take (from the signal to the exit).
const STOP_BOUND: Duration = Duration::from_secs(10);

/// An address on this machine nothing listens on (free a moment ago).
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}

/// `GET path` on `addr`: the status code and the body, unless nothing answers there.
async fn get(addr: &str, path: &str) -> std::io::Result<(u16, String)> {
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let (head, body) = response
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other(format!("half an answer: {response:?}")))?;
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok());
    Ok((status.unwrap_or(0), body.to_string()))
}

/// Asks `path` until it answers `status` (at most 20 s).
async fn until(addr: &str, path: &str, status: u16) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let answer = get(addr, path).await;
        if matches!(&answer, Ok((got, _)) if *got == status) {
            return;
        }
        assert!(Instant::now() < deadline, "{path} answered {answer:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One question to the bot: when it was asked, and the answer of `/healthz` (or why there was
/// none, from `/healthz` or `/metrics`).
struct Asked {
    at: Instant,
    answer: Result<(u16, String), String>,
}

/// Asks `/healthz` and `/metrics` on `addr` every 50 ms, until aborted.
fn watch_health(addr: String) -> (tokio::task::JoinHandle<()>, Arc<Mutex<Vec<Asked>>>) {
    let asked: Arc<Mutex<Vec<Asked>>> = Arc::default();
    let log = asked.clone();
    let watching = tokio::spawn(async move {
        loop {
            let at = Instant::now();
            let health = get(&addr, "/healthz").await.map_err(|e| e.to_string());
            let metrics = get(&addr, "/metrics").await;
            let answer = match metrics {
                Ok((200, page)) if page.contains("ponte_build_info") => health,
                other => Err(format!("/metrics: {other:?}")),
            };
            log.lock().unwrap().push(Asked { at, answer });
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    });
    (watching, asked)
}

/// The write-ahead log of the SQLite database at `url`.
fn wal(url: &str) -> PathBuf {
    PathBuf::from(format!("{}-wal", url.trim_start_matches("sqlite://")))
}

/// What the fake Discord's gateway does wrong.
#[derive(Clone, Copy, Debug)]
enum Outage {
    /// Once it has let the bot in, it goes away: its connection cut, new ones refused.
    Gone,
    /// Once it has let the bot in, its connection hangs (nothing read, written or closed), as
    /// when the network drops without a word.
    Frozen,
    /// From the start it accepts the connection and never says a word: the bot waits to
    /// identify.
    Silent,
}

/// A bot against the fake Discord whose gateway has `outage`; SIGTERM `delay` into it.
/// Returns how many answers of `/healthz` said "stopping".
async fn stop_during_an_outage(outage: Outage, delay: Duration) -> usize {
    let (fake, _dir, database) = fake_and_database().await;
    let addr = free_address();
    let metrics = [("METRICS_ADDR", addr.as_str())];
    let bot = if let Outage::Silent = outage {
        fake.silence_gateway();
        let bot = Bot::spawn(&fake, &database, 0, &metrics);
        until(&addr, "/healthz", 503).await;
        bot
    } else {
        let bot = Bot::start_with(&fake, &database, &metrics).await;
        until(&addr, "/healthz", 200).await;
        bot
    };
    let (watching, asked) = watch_health(addr);
    match outage {
        Outage::Gone => fake.gateway_goes_away(),
        Outage::Frozen => fake.gateway_freezes(),
        Outage::Silent => {}
    }
    tokio::time::sleep(delay).await;
    let signalled = Instant::now();
    let (status, took) = bot.terminate().await;
    let exited = Instant::now();
    watching.abort();
    let _ = watching.await;
    let asked = std::mem::take(&mut *asked.lock().unwrap());
    let said: Vec<String> = asked
        .iter()
        .map(|a| {
            format!(
                "{:?} {:?}",
                a.at.saturating_duration_since(signalled),
                a.answer
            )
        })
        .collect();
    let case = format!("SIGTERM {delay:?} into {outage:?}");
    assert_eq!(status.code(), Some(0), "{case}: {status:?}");
    assert!(took < STOP_BOUND, "{case}: stopped in {took:?}");
    assert!(!wal(&database).exists(), "{case}: the -wal is left");
    // Answered all along: through the outage and the stop, up to its last moment (a question
    // asked just before the exit may find nobody there).
    for a in asked
        .iter()
        .filter(|a| a.at + Duration::from_secs(1) < exited)
    {
        assert!(a.answer.is_ok(), "{case}: not answered: {said:#?}");
    }
    // Once the signal has been handled, every answer of /healthz says the bot is stopping.
    let stopping = (503, "stopping\n".to_string());
    for a in &asked {
        if a.at > signalled + Duration::from_millis(500)
            && let Ok(answer) = &a.answer
        {
            assert_eq!(answer, &stopping, "{case}: {said:#?}");
        }
    }
    asked
        .iter()
        .filter(|a| a.answer.as_ref() == Ok(&stopping))
        .count()
}

/// SIGTERM during a Discord outage: the gateway gone at once (the shard resuming, then
/// restarting), 3 s after, and 6 and 10 s after (serenity re-queueing the shard's start every
/// 5 s, when its own stop never ends); the gateway's connection hanging; the gateway silent
/// from the start (the bot waiting to identify). Each time: exit 0 within 10 s, no `-wal`,
/// `/healthz` and `/metrics` answered until the end, `/healthz` saying "stopping".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_during_an_outage_stops_the_bot_cleanly() {
    let cases = [
        (Outage::Gone, 0),
        (Outage::Gone, 3),
        (Outage::Gone, 6),
        (Outage::Gone, 10),
        (Outage::Frozen, 1),
        (Outage::Silent, 1),
    ];
    let runs = cases.map(|(outage, delay)| {
        tokio::spawn(stop_during_an_outage(outage, Duration::from_secs(delay)))
    });
    let mut stopping = 0;
    for run in runs {
        stopping += run.await.unwrap();
    }
    // A hanging connection never answers the shard's goodbye, so that stop waits its 2 s for
    // the gateway: "stopping" is seen then at least.
    assert!(stopping > 0, "/healthz never said stopping");
}

/// Waits (at most 20 s) until `file` exists.
async fn appears(file: &Path) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !file.exists() {
        assert!(
            Instant::now() < deadline,
            "{} never appeared",
            file.display()
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

/// Sends SIGTERM to `pid`.
fn terminate(pid: u32) {
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// How long after its database file appears a starting process gets SIGTERM: while the
/// database is created and migrated, and (the bot) while it connects.
const EARLY: [u64; 7] = [0, 1, 2, 5, 10, 20, 50];

/// SIGTERM in the first moments of `ponte bot`, as its database is being opened and as it
/// connects: exit 0, no `-wal`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_at_the_start_of_the_bot_stops_it_cleanly() {
    let fake = FakeDiscord::start().await;
    for delay in EARLY.map(Duration::from_millis) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("bot.db");
        let database = format!("sqlite://{}", file.display());
        let bot = Bot::spawn(&fake, &database, 0, &[]);
        appears(&file).await;
        tokio::time::sleep(delay).await;
        let (status, took) = bot.terminate().await;
        assert_eq!(status.code(), Some(0), "SIGTERM {delay:?} in: {status:?}");
        assert!(
            took < STOP_BOUND,
            "SIGTERM {delay:?} in: stopped in {took:?}"
        );
        assert!(
            !wal(&database).exists(),
            "SIGTERM {delay:?} in: the -wal is left"
        );
    }
}

/// SIGTERM in the first moments of `ponte local`, as its database is being opened and the
/// session starts: exit 0, no `-wal`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_at_the_start_of_a_terminal_session_ends_it_cleanly() {
    for delay in EARLY.map(Duration::from_millis) {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("ponte.db");
        let database = format!("sqlite://{}", file.display());
        // Standard input stays open: the session would wait for a line for ever.
        let mut local = tokio::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
            .args(["local", "--no-pictures", "--database", &database])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        appears(&file).await;
        tokio::time::sleep(delay).await;
        terminate(local.id().unwrap());
        let waited = tokio::time::timeout(STOP_BOUND, local.wait()).await;
        let status = waited.expect("the session ends").unwrap();
        assert_eq!(status.code(), Some(0), "SIGTERM {delay:?} in: {status:?}");
        assert!(
            !wal(&database).exists(),
            "SIGTERM {delay:?} in: the -wal is left"
        );
    }
}
