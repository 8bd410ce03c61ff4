//! `ponte web`'s API under random requests: random bytes, random JSON of random shapes, huge
//! numbers, unicode, deep nesting, wrong content types and random path segments, sent to
//! every route of [`ROUTES`]. Whatever comes, the server does not panic, never answers a bad
//! request with a server error (5xx), says every refusal (the router's 404 and 405 too) as JSON
//! `{"error": "<words>"}`, and
//! changes nothing: the game's version is the same after every refused request.
//!
//! The router in process on a real SQLite file, no AI running. A fixed seed (printed first;
//! `PONTE_FUZZ_SEED=<n>` runs another, `PONTE_FUZZ_REQUESTS=<n>` sends another count). The
//! public board (the bot's) gets the same requests from a logged-in player whose turn it is
//! not, from the board's own page or another site's.

mod common;
#[path = "web_site/public.rs"]
mod public_board;
mod web_site;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use fastrand::Rng;
use serde_json::{Map, Value, json};
use tower::ServiceExt;
use web_site::{Site, site};

use axum::Router;

/// Every route of the API, as (method, path with `{id}` for a game's or item's number). A new
/// route is added here. A route not served (yet) answers 404 or 405 in words, which passes.
const ROUTES: &[(&str, &str)] = &[
    ("POST", "/api/games"),
    ("GET", "/api/games"),
    ("GET", "/api/games/{id}"),
    ("GET", "/api/games/{id}/events"),
    ("POST", "/api/games/{id}/moves"),
    ("POST", "/api/games/{id}/resign"),
    ("GET", "/api/games/{id}/targets"),
    ("GET", "/api/games/{id}/check"),
    ("POST", "/api/games/{id}/hint"),
    ("GET", "/api/games/{id}/positions/{id}"),
    ("GET", "/api/games/{id}/replay.gif"),
    ("GET", "/api/games/{id}/analysis"),
    ("GET", "/api/games/{id}/analysis.png"),
    ("GET", "/api/games/{id}/record"),
    ("GET", "/api/lessons"),
    ("POST", "/api/lessons/{id}"),
    ("POST", "/api/lessons/answer"),
    ("GET", "/api/puzzles/next"),
    ("POST", "/api/puzzles/{id}/answer"),
    ("GET", "/api/words"),
    ("GET", "/api/me"),
    ("POST", "/api/login/offer"),
    ("POST", "/api/login"),
    ("POST", "/api/logout"),
];

const REQUESTS: usize = 3_000;

/// The names the API's bodies and queries use, so that random JSON reaches past the parsers.
const FIELDS: &[&str] = &[
    "move", "version", "from", "opponent", "level", "size", "supply", "opener", "white", "red",
    "n", "lesson", "puzzle", "step", "choice", "link",
];

const CONTENT_TYPES: &[Option<&str>] = &[
    Some("application/json"),
    Some("application/json; charset=utf-8"),
    Some("text/plain"),
    Some("application/x-www-form-urlencoded"),
    Some("multipart/form-data; boundary=x"),
    Some("application/jsonx"),
    Some(""),
    None,
];

/// A request the fuzzer sends, kept to be shown when it fails.
#[derive(Debug)]
struct Sent {
    method: String,
    path: String,
    content_type: Option<&'static str>,
    body: Vec<u8>,
}

/// What came back: the status, and the body unless it streams.
struct Answer {
    status: StatusCode,
    body: Vec<u8>,
}

/// Sends `sent` to `router` with `headers` besides its content type.
async fn send(router: &Router, sent: &Sent, headers: &[(&str, &str)]) -> Answer {
    let mut request = Request::builder()
        .method(sent.method.as_str())
        .uri(sent.path.as_str());
    if let Some(content_type) = sent.content_type {
        request = request.header(header::CONTENT_TYPE, content_type);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let request = request.body(Body::from(sent.body.clone())).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let streams = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"text/event-stream"));
    // A live channel never ends: its answer is its status.
    let body = if streams {
        Vec::new()
    } else {
        axum::body::to_bytes(response.into_body(), 1 << 22)
            .await
            .unwrap()
            .to_vec()
    };
    Answer { status, body }
}

impl Site {
    async fn send_raw(&self, sent: &Sent, lang: Option<&str>) -> Answer {
        let headers: Vec<_> = lang.map(|l| ("accept-language", l)).into_iter().collect();
        send(&self.router, sent, &headers).await
    }

    async fn post_json(&self, path: &str, body: &str) -> (StatusCode, Value) {
        let sent = Sent {
            method: "POST".into(),
            path: path.into(),
            content_type: Some("application/json"),
            body: body.as_bytes().to_vec(),
        };
        let answer = self.send_raw(&sent, None).await;
        (answer.status, serde_json::from_slice(&answer.body).unwrap())
    }

    /// A game where it is the AI's turn (no AI runs here): no move or hint of the player's is
    /// right there, so a change of its version after a refusal is a fault.
    async fn game_on_the_ais_turn(&self) -> (i64, i64) {
        let (status, game) = self.post_json("/api/games", "").await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_i64().unwrap();
        let (status, game) = self
            .post_json(
                &format!("/api/games/{id}/moves"),
                r#"{"move": "c3 d4", "version": 0}"#,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        (id, self.version(id).await)
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

#[tokio::test]
async fn random_requests_to_every_route_are_refused_in_words_and_change_nothing() {
    let seed: u64 = env_or("PONTE_FUZZ_SEED", 20_261_128);
    let requests: usize = env_or("PONTE_FUZZ_REQUESTS", REQUESTS);
    println!("fuzz seed {seed} (PONTE_FUZZ_SEED={seed} sends the same requests)");
    let mut rng = Rng::with_seed(seed);
    let site = site().await;
    let (mut id, mut version) = site.game_on_the_ais_turn().await;
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    for n in 0..requests {
        let sent = random_request(&mut rng, &id.to_string());
        let lang = rng.bool().then(|| random_language(&mut rng));
        let answer = site.send_raw(&sent, lang.as_deref()).await;
        *statuses.entry(answer.status.as_u16()).or_default() += 1;
        let context = || {
            format!(
                "request {n} of seed {seed}: {} {} ({:?}) {:?} -> {} {}",
                sent.method,
                sent.path,
                sent.content_type,
                String::from_utf8_lossy(&sent.body[..sent.body.len().min(300)]),
                answer.status,
                String::from_utf8_lossy(&answer.body[..answer.body.len().min(300)]),
            )
        };
        assert!(!answer.status.is_server_error(), "{}", context());
        if answer.status.is_success() {
            // A read, a new game, or a request that is right (a resignation, which the player
            // may send on any turn): the next requests go to a game that is still on.
            if site.version(id).await != version {
                println!("a change accepted: {}", context());
                (id, version) = site.game_on_the_ais_turn().await;
            }
            continue;
        }
        // An answer to HEAD has no body, by HTTP's rules.
        if sent.method != "HEAD" {
            check_refusal(&answer, &context);
        }
        assert_eq!(site.version(id).await, version, "{}", context());
    }
    println!("{requests} requests, answers by status: {statuses:?}");
}

#[tokio::test]
async fn random_requests_to_the_public_board_change_nothing() {
    let seed: u64 = env_or("PONTE_FUZZ_SEED", 20_261_128);
    let requests: usize = env_or("PONTE_FUZZ_REQUESTS", REQUESTS) / 3;
    println!("fuzz seed {seed} (PONTE_FUZZ_SEED={seed} sends the same requests)");
    let mut rng = Rng::with_seed(seed);
    // Bob is logged in; it is alice's turn, so no move of his is right.
    let mut board = public_board::board().await;
    let mut cookie = bobs_session(&board).await;
    let mut version = board.version().await;
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    for n in 0..requests {
        let sent = random_request(&mut rng, &board.page);
        let origin = match rng.u8(..8) {
            0 => Some("https://elsewhere.example"),
            1 => None,
            _ => Some(public_board::URL),
        };
        let mut headers = vec![("cookie", cookie.as_str())];
        headers.extend(origin.map(|origin| ("origin", origin)));
        let answer = send(&board.router, &sent, &headers).await;
        *statuses.entry(answer.status.as_u16()).or_default() += 1;
        let context = || {
            format!(
                "request {n} of seed {seed}: {} {} from {origin:?} {:?} -> {} {}",
                sent.method,
                sent.path,
                String::from_utf8_lossy(&sent.body[..sent.body.len().min(300)]),
                answer.status,
                String::from_utf8_lossy(&answer.body[..answer.body.len().min(300)]),
            )
        };
        assert!(!answer.status.is_server_error(), "{}", context());
        if answer.status.is_success() {
            // Bob resigned (on any turn, from the board's page) or logged out: a new game, a
            // new session.
            if board.version().await != version {
                assert_eq!(origin, Some(public_board::URL), "{}", context());
                println!("a change accepted: {}", context());
                board = public_board::board().await;
                version = board.version().await;
                cookie = bobs_session(&board).await;
            } else if sent.path == "/api/logout" && sent.method == "POST" {
                cookie = bobs_session(&board).await;
            }
            continue;
        }
        if sent.method != "HEAD" {
            check_refusal(&answer, &context);
        }
        assert_eq!(board.version().await, version, "{}", context());
    }
    println!("{requests} requests, answers by status: {statuses:?}");
}

/// Bob's session cookie, opened by the service itself: the fuzzed logins and logouts spend the
/// address's allowance of logins through the routes.
async fn bobs_session(board: &public_board::Board) -> String {
    let secret = board.link(2, "bob", ponte::i18n::Lang::En).await;
    let session = board.service.log_in(&secret).await.unwrap();
    format!("ponte_session={}", session.secret)
}

/// A refusal says why in words, as JSON: also the router's own (an address no route serves, a
/// method its route does not take), so that whatever the page sends, it has words to show.
fn check_refusal(answer: &Answer, context: &impl Fn() -> String) {
    let refusal: Value = serde_json::from_slice(&answer.body)
        .unwrap_or_else(|_| panic!("a refusal not in JSON: {}", context()));
    let words = refusal["error"].as_str().unwrap_or_default();
    assert!(!words.trim().is_empty(), "no words: {}", context());
}

fn random_request(rng: &mut Rng, id: &str) -> Sent {
    // A fifth are moves the page could almost have sent, to reach past the parsers into the
    // game's own refusals.
    if rng.u8(..5) == 0 {
        let mv = random_text(rng);
        let version = if rng.bool() {
            json!(rng.i64(-2..4))
        } else {
            random_number(rng)
        };
        return Sent {
            method: "POST".into(),
            path: format!("/api/games/{id}/moves"),
            content_type: Some("application/json"),
            body: json!({"move": mv, "version": version})
                .to_string()
                .into_bytes(),
        };
    }
    let (method, pattern) = ROUTES[rng.usize(..ROUTES.len())];
    let method = if rng.u8(..10) == 0 {
        ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"][rng.usize(..7)]
    } else {
        method
    };
    let mut path = pattern.to_string();
    while let Some(at) = path.find("{id}") {
        path.replace_range(at..at + 4, &random_segment(rng, id));
    }
    if rng.u8(..4) == 0 {
        path.push_str("?from=");
        path.push_str(&random_segment(rng, id));
    }
    if rng.u8(..20) == 0 {
        path.push('/');
        path.push_str(&random_segment(rng, id));
    }
    let (content_type, body) = random_body(rng);
    Sent {
        method: method.to_string(),
        path,
        content_type,
        body,
    }
}

/// The game under test (its number, or on the public board its page address) a third of the time, else a number out of range, not a number, or
/// random bytes, percent-encoded as a browser would.
fn random_segment(rng: &mut Rng, id: &str) -> String {
    match rng.u8(..6) {
        0 | 1 => id.to_string(),
        2 => [
            "0",
            "-1",
            "99999",
            "9223372036854775807",
            "18446744073709551616",
            "1.5",
            "1e3",
            "%20",
            "..",
            "%2e%2e",
            "c3",
            "%E2%82%AC",
        ][rng.usize(..12)]
        .to_string(),
        3 => rng.i64(..).to_string(),
        _ => (0..rng.usize(1..12))
            .map(|_| format!("%{:02X}", rng.u8(..)))
            .collect(),
    }
}

fn random_body(rng: &mut Rng) -> (Option<&'static str>, Vec<u8>) {
    let content_type = CONTENT_TYPES[rng.usize(..CONTENT_TYPES.len())];
    let body = match rng.u8(..9) {
        0 => (0..rng.usize(..512)).map(|_| rng.u8(..)).collect(),
        1 | 2 => random_json(rng, 0).to_string().into_bytes(),
        3 => json!({"move": random_text(rng), "version": random_number(rng)})
            .to_string()
            .into_bytes(),
        4 => {
            let huge = [
                "1e999",
                "-1e999",
                "123456789012345678901234567890",
                "-0",
                "1.0",
            ];
            format!(
                r#"{{"move": "c3 d4", "version": {}, "size": {}}}"#,
                huge[rng.usize(..huge.len())],
                huge[rng.usize(..huge.len())]
            )
            .into_bytes()
        }
        5 => {
            let depth = rng.usize(1..5_000);
            let (open, close) = if rng.bool() {
                ("[", "]")
            } else {
                ("{\"move\":", "}")
            };
            format!("{}1{}", open.repeat(depth), close.repeat(depth)).into_bytes()
        }
        6 => Vec::new(),
        // Larger than the server takes.
        7 => json!({"move": "x".repeat(rng.usize(10_000..40_000)), "version": 1})
            .to_string()
            .into_bytes(),
        _ => random_text(rng).into_bytes(),
    };
    (content_type, body)
}

fn random_json(rng: &mut Rng, depth: usize) -> Value {
    let shapes = if depth > 4 { 5 } else { 7 };
    match rng.u8(..shapes) {
        0 => Value::Null,
        1 => Value::Bool(rng.bool()),
        2 => random_number(rng),
        3 | 4 => Value::String(random_text(rng)),
        5 => Value::Array(
            (0..rng.usize(..5))
                .map(|_| random_json(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut object = Map::new();
            for _ in 0..rng.usize(..6) {
                let key = if rng.u8(..4) == 0 {
                    random_text(rng)
                } else {
                    FIELDS[rng.usize(..FIELDS.len())].to_string()
                };
                object.insert(key, random_json(rng, depth + 1));
            }
            Value::Object(object)
        }
    }
}

fn random_number(rng: &mut Rng) -> Value {
    match rng.u8(..5) {
        0 => json!(rng.i64(..)),
        1 => json!(rng.u64(..)),
        2 => json!(rng.i64(-3..20)),
        3 => json!(rng.f64() * 1e300),
        _ => json!([i64::MIN, i64::MAX, -1, 0][rng.usize(..4)]),
    }
}

/// Text a move box might receive: notation-like, unicode of every plane, control characters.
fn random_text(rng: &mut Rng) -> String {
    match rng.u8(..4) {
        0 => [
            "c3 d4",
            "c3-e4",
            "swap",
            "pass",
            "resign",
            "z99 a1",
            "c3 c3",
            "a0 b0",
            "",
            " ",
            "C3 D4",
            "c3  d4",
            "c3-",
            "-",
            "🌉 🌉",
            "ｃ３ ｄ４",
        ][rng.usize(..16)]
        .to_string(),
        1 => (0..rng.usize(..40)).map(|_| rng.char(..)).collect(),
        2 => (0..rng.usize(..40))
            .map(|_| char::from(rng.u8(..0x80)))
            .collect(),
        _ => format!(
            "{}{} {}{}",
            rng.alphabetic(),
            rng.u32(..30),
            rng.alphabetic(),
            rng.i32(-5..30)
        ),
    }
}

fn random_language(rng: &mut Rng) -> String {
    match rng.u8(..3) {
        0 => ["de", "fr", "en-GB", "de-CH, fr;q=0.8", "*", "xx;q=abc"][rng.usize(..6)].into(),
        _ => (0..rng.usize(..20))
            .map(|_| char::from(rng.u8(0x20..0x7f)))
            .collect(),
    }
}

/// The table names every route the web front end serves: a route added to `src/web/` without
/// its line in [`ROUTES`] would go unfuzzed.
#[test]
fn the_table_names_every_route_of_the_web_front_end() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/web");
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let source = std::fs::read_to_string(&path).unwrap();
        for route in source.split(".route(\"").skip(1) {
            let route = &route[..route.find('"').unwrap()];
            let generic = route
                .split('/')
                .map(|part| if part.starts_with('{') { "{id}" } else { part })
                .collect::<Vec<_>>()
                .join("/");
            assert!(
                ROUTES.iter().any(|(_, listed)| *listed == generic),
                "{}: {route} is not in ROUTES",
                path.display()
            );
        }
    }
}
