//! The web mix of the load test: the bot serving the board (`WEB_ADDR`, `PUBLIC_URL`) while
//! people play on Discord. Open pages watch their game live (server-sent events) and, as the
//! page does, fetch the game again at each change; players logged in through their personal
//! links move by click (the move posted with their session's cookie), and each such move is
//! timed to its answer, to a page of the game having fetched it, and to its board in the
//! game's thread on the fake Discord.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fastrand::Rng;
use ponte::game::{Move, playout};
use ponte::i18n::Lang;
use ponte::service::{Actor, GameView, PlayerId, Service};
use serde_json::json;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::PATIENCE;
use crate::fake_discord::FakeDiscord;
use crate::web_client::{Channel, KeptAlive, request};

/// Pages opened at once while the harness opens many (a browser's tabs do not all open in
/// the same millisecond either).
const OPENING_AT_ONCE: usize = 64;

/// What the harness makes through the service before the bot starts: every game's page
/// address and, for the players of the games played by click, a personal login link each (the
/// service call behind Discord's Open board button).
pub struct Doors {
    /// The page addresses of the games played by click, then of the others.
    targets: Vec<String>,
    /// The games played by click, with their page addresses.
    clicked: Vec<(GameView, String)>,
    links: Vec<(PlayerId, String)>,
}

impl Doors {
    pub async fn make(service: &Service, clicked: Vec<GameView>, others: &[GameView]) -> Doors {
        let mut targets = Vec::with_capacity(clicked.len() + others.len());
        let mut links = Vec::new();
        let mut with_pages = Vec::with_capacity(clicked.len());
        for game in clicked {
            let page = service.game_page(game.id).await.unwrap();
            for player in [&game.white, &game.red] {
                let actor = Actor::member(player.clone(), game.venue.guild_id);
                let link = service.login_link(&actor, game.id, Lang::En).await;
                links.push((player.id, link.unwrap().secret));
            }
            targets.push(page.clone());
            with_pages.push((game, page));
        }
        for game in others {
            targets.push(service.game_page(game.id).await.unwrap());
        }
        Doors {
            targets,
            clicked: with_pages,
            links,
        }
    }
}

/// The web side of the run once the bot serves it.
pub struct Web {
    addr: String,
    origin: String,
    targets: Vec<String>,
    /// The games played by click (`None` while a move is under way, or once over).
    games: Vec<Mutex<Option<GameView>>>,
    pages: Vec<String>,
    /// Each logged-in player's session cookie and the address their requests come from.
    players: HashMap<PlayerId, (String, String)>,
    /// For each game played by click: the newest version its first open page fetched, and
    /// when.
    seen: Vec<watch::Sender<(i64, Instant)>>,
    /// Pages open now.
    open: AtomicUsize,
}

impl Web {
    /// Logs every player of the games played by click in, as the page does (the offer, then
    /// the login that spends the link), and returns the times each login took.
    pub async fn log_in(addr: String, doors: Doors) -> (Web, Vec<Duration>) {
        let origin = format!("http://{addr}");
        let mut players = HashMap::new();
        let mut times = Vec::new();
        for (k, (player, link)) in doors.links.into_iter().enumerate() {
            let body = json!({ "link": link }).to_string();
            let address = address_of(k);
            let headers = [
                ("Origin", origin.as_str()),
                ("X-Forwarded-For", address.as_str()),
            ];
            let started = Instant::now();
            let offer = request(&addr, "POST", "/api/login/offer", &headers, Some(&body)).await;
            let offer = offer.expect("an answer to the offer");
            assert_eq!(
                offer.status,
                200,
                "{}",
                String::from_utf8_lossy(&offer.body)
            );
            let login = request(&addr, "POST", "/api/login", &headers, Some(&body)).await;
            let login = login.expect("an answer to the login");
            times.push(started.elapsed());
            assert_eq!(
                login.status,
                200,
                "{}",
                String::from_utf8_lossy(&login.body)
            );
            let cookie = login
                .headers
                .iter()
                .filter(|(name, _)| name == "set-cookie")
                .find_map(|(_, value)| {
                    let pair = value.split(';').next()?.trim();
                    pair.starts_with("ponte_session=").then(|| pair.to_string())
                })
                .expect("the session's cookie");
            players.insert(player, (cookie, address));
        }
        let seen = doors
            .clicked
            .iter()
            .map(|_| watch::channel((i64::MIN, Instant::now())).0)
            .collect();
        let (games, pages) = doors
            .clicked
            .into_iter()
            .map(|(game, page)| (Mutex::new(Some(game)), page))
            .unzip();
        let web = Web {
            addr,
            origin,
            targets: doors.targets,
            games,
            pages,
            players,
            seen,
            open: AtomicUsize::new(0),
        };
        (web, times)
    }
}

/// The address player `k`'s requests come from, as a reverse proxy on the bot's machine
/// names it in `X-Forwarded-For` (the board limits logins and moves per address: without it
/// every request would count for 127.0.0.1).
fn address_of(k: usize) -> String {
    format!("10.{}.{}.{}", (k >> 16) & 255, (k >> 8) & 255, k & 255)
}

/// Opens pages `from..to` (page `i` watches game `i` modulo the games, those played by click
/// first), each a task of its own until `pages` is dropped.
pub async fn open_pages(web: &Arc<Web>, from: usize, to: usize, pages: &mut JoinSet<()>) {
    let mut opening = JoinSet::new();
    for i in from..to {
        while opening.len() >= OPENING_AT_ONCE {
            let (i, channel) = opening.join_next().await.unwrap().unwrap();
            pages.spawn(watch_page(web.clone(), i, channel));
        }
        let web = web.clone();
        opening.spawn(async move {
            let target = &web.targets[i % web.targets.len()];
            (i, Channel::open(&web.addr, target).await)
        });
    }
    while let Some(opened) = opening.join_next().await {
        let (i, channel) = opened.unwrap();
        pages.spawn(watch_page(web.clone(), i, channel));
    }
    web.open.store(to, Ordering::SeqCst);
}

/// An open page: at each change of its game it fetches the game, as the page's script does (on
/// a connection of its own kept open, as a browser keeps one beside the live channel). The
/// first page of each game played by click notes the version it fetched and when.
async fn watch_page(web: Arc<Web>, i: usize, mut channel: Channel) {
    let path = format!("/api/games/{}", web.targets[i % web.targets.len()]);
    let mut fetches = KeptAlive::new(&web.addr);
    while channel.try_next_change().await.is_some() {
        let Some(game) = fetches.get(&path).await else {
            return;
        };
        let fetched = Instant::now();
        if let Some(seen) = web.seen.get(i) {
            let version = game.json()["version"].as_i64().unwrap_or(i64::MIN);
            seen.send_if_modified(|seen| {
                let newer = version > seen.0;
                if newer {
                    *seen = (version, fetched);
                }
                newer
            });
        }
    }
}

/// The measurements of the moves by click of one step.
#[derive(Default)]
pub struct Clicks {
    /// From the click (the move's request sent) to its whole answer.
    pub answers: Vec<Duration>,
    /// From the click to a page of the game having fetched the game after the move.
    pub pages: Vec<Duration>,
    /// From the click to the board's post in the game's thread.
    pub threads: Vec<Duration>,
    /// Moves answered with another status than 200, by status.
    pub refused: HashMap<u16, usize>,
    /// Moves, pages or boards not seen within the patience.
    pub lost: usize,
    /// Moves not sent: their game had ended or had a move under way.
    pub skipped: usize,
}

impl Clicks {
    pub fn sorted(mut self) -> Clicks {
        self.answers.sort();
        self.pages.sort();
        self.threads.sort();
        self
    }
}

/// Moves by click at `rate` a second for `length` (open loop: each at its time, whatever the
/// answers so far), on random games played by click.
pub async fn clicks(
    web: &Arc<Web>,
    fake: &Arc<FakeDiscord>,
    rate: f64,
    length: Duration,
) -> Clicks {
    let clicks = Arc::new(Mutex::new(Clicks::default()));
    if rate <= 0.0 {
        tokio::time::sleep(length).await;
        return Clicks::default();
    }
    let mut rng = Rng::with_seed(rate.to_bits());
    let mut tasks = JoinSet::new();
    let start = Instant::now();
    let mut sent = 0u64;
    while start.elapsed() < length {
        let due = start + Duration::from_secs_f64(sent as f64 / rate);
        tokio::time::sleep_until(due.into()).await;
        sent += 1;
        let slot = rng.usize(0..web.games.len());
        let (web, fake, clicks, seed) = (web.clone(), fake.clone(), clicks.clone(), rng.u64(..));
        tasks.spawn(async move { click(&web, &fake, slot, seed, &clicks).await });
    }
    while tasks.join_next().await.is_some() {}
    std::mem::take(&mut *clicks.lock().unwrap())
}

/// One move by click in game `slot`, by the player to move with their session.
async fn click(web: &Web, fake: &FakeDiscord, slot: usize, seed: u64, clicks: &Mutex<Clicks>) {
    let Some(game) = web.games[slot].lock().unwrap().take() else {
        clicks.lock().unwrap().skipped += 1;
        return;
    };
    let mut rng = Rng::with_seed(seed);
    let (Some((_, to_move)), Some(mv)) =
        (game.to_move(), playout::random_move(&game.game, &mut rng))
    else {
        return;
    };
    if matches!(mv, Move::Swap | Move::Resign(_)) {
        *web.games[slot].lock().unwrap() = Some(game);
        return;
    }
    let (cookie, address) = &web.players[&to_move.id];
    let thread = format!(
        "/channels/{}/messages",
        800_000_000_000_000_000 + game.id.get()
    );
    // A game without an open page (fewer pages than games) has no page to time.
    let watched = slot < web.open.load(Ordering::SeqCst);
    let mut seen = web.seen[slot].subscribe();
    let from = fake.call_count();
    let body = json!({"move": mv.to_string(), "version": game.version}).to_string();
    let path = format!("/api/games/{}/moves", web.pages[slot]);
    let headers = [
        ("Cookie", cookie.as_str()),
        ("Origin", web.origin.as_str()),
        ("X-Forwarded-For", address.as_str()),
    ];
    let clicked = Instant::now();
    let answer = tokio::time::timeout(
        PATIENCE,
        request(&web.addr, "POST", &path, &headers, Some(&body)),
    )
    .await;
    let Ok(Some(answer)) = answer else {
        // Whether the move was saved is unknown: its game is left out of the rest of the run.
        clicks.lock().unwrap().lost += 1;
        return;
    };
    clicks.lock().unwrap().answers.push(clicked.elapsed());
    if answer.status != 200 {
        *clicks
            .lock()
            .unwrap()
            .refused
            .entry(answer.status)
            .or_default() += 1;
        *web.games[slot].lock().unwrap() = Some(game);
        return;
    }
    let version = answer.json()["version"]
        .as_i64()
        .unwrap_or(game.version + 1);
    let (page, board) = tokio::join!(
        async {
            if !watched {
                return None;
            }
            let fetched = seen.wait_for(|(fetched, _)| *fetched >= version);
            Some(
                tokio::time::timeout(PATIENCE, fetched)
                    .await
                    .map(|seen| seen.map(|s| s.1)),
            )
        },
        tokio::time::timeout(PATIENCE, async {
            fake.wait_for(from, "the board", |c| {
                c.method == "POST" && c.path == thread
            })
            .await;
            Instant::now()
        }),
    );
    {
        let mut clicks = clicks.lock().unwrap();
        match page {
            Some(Ok(Ok(at))) => clicks.pages.push(at - clicked),
            Some(_) => clicks.lost += 1,
            None => {}
        }
        match board {
            Ok(at) => clicks.threads.push(at - clicked),
            Err(_) => clicks.lost += 1,
        }
    }
    let mut game = game;
    if game.game.play(mv).is_ok() {
        while game.game.must_pass() {
            let _ = game.game.play(Move::Pass);
        }
        game.version = version;
        if !game.game.is_over() {
            *web.games[slot].lock().unwrap() = Some(game);
        }
    }
}
