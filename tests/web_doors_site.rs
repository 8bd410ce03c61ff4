//! The public web board in process, on real SQLite files and a hand-moved clock: a login link
//! is shown before it is spent, spent once for a session cookie with the right attributes, and
//! refused in words when used or late; a GET of the login page spends nothing; a game is named
//! by its page address; only its players move in it, on their own turn and the version they
//! saw; private servers' pages show to their players only; other sites' pages change nothing;
//! a burst of moves is limited; the page speaks the switch's language, else the session's,
//! else the browser's. Every refusal saves nothing: the game's version stays.

mod common;
#[path = "web_site/public.rs"]
mod public_board;
mod web_site;

use std::sync::Arc;

use axum::http::{StatusCode, header};
use ponte::i18n::Lang;
use ponte::service::{Actor, LINK_LIFETIME};

use public_board::*;

#[tokio::test]
async fn a_link_is_shown_then_spent_once_for_a_cookie_and_a_logout_ends_it() {
    let board = board().await;
    let secret = board.link(1, "alice", Lang::En).await;
    let body = format!(r#"{{"link": "{secret}"}}"#);
    for _ in 0..2 {
        let offer = board
            .send("POST", "/api/login/offer", &[], Some(&body))
            .await;
        assert_eq!(offer.status, StatusCode::OK, "{}", offer.json);
        assert_eq!(offer.json["player"], "alice");
        assert_eq!(offer.json["page"], board.page.as_str());
        let question = offer.json["question"].as_str().unwrap();
        assert!(
            question.contains("Continue as alice in game #"),
            "{question}"
        );
    }
    let answer = board.send("POST", "/api/login", &[], Some(&body)).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json["page"], board.page.as_str());
    let set = answer.headers[header::SET_COOKIE].to_str().unwrap();
    for part in [
        "ponte_session=",
        "HttpOnly",
        "SameSite=Lax",
        "Path=/",
        "Max-Age=2592000",
        "Secure",
    ] {
        assert!(set.contains(part), "{part} in {set}");
    }
    let cookie = set.split(';').next().unwrap().to_string();
    let me = board
        .send("GET", "/api/me", &[("cookie", &cookie)], None)
        .await;
    assert_eq!(
        me.json,
        serde_json::json!({"mode": "public", "player": "alice"})
    );

    let again = board.send("POST", "/api/login", &[], Some(&body)).await;
    assert_eq!(again.status, StatusCode::GONE);
    assert!(error(&again).contains("used already"), "{}", again.json);

    let out = board
        .send("POST", "/api/logout", &[("cookie", &cookie)], None)
        .await;
    assert_eq!(out.status, StatusCode::OK);
    assert_eq!(out.json["ended"], 1);
    let me = board
        .send("GET", "/api/me", &[("cookie", &cookie)], None)
        .await;
    assert_eq!(
        me.json,
        serde_json::json!({"mode": "public", "player": null})
    );
    let after = board.play(Some(&cookie), "c3 d4", 0).await;
    assert_eq!(
        after.status,
        StatusCode::FORBIDDEN,
        "the old cookie opens nothing"
    );
    assert_eq!(board.version().await, 0);
}

#[tokio::test]
async fn a_late_link_is_refused_in_words_and_a_get_of_the_login_page_spends_nothing() {
    let board = board().await;
    let late = board.link(1, "alice", Lang::En).await;
    let fresh = board.link(2, "bob", Lang::En).await;
    board.clock.advance(LINK_LIFETIME - 1);
    // The login page and a game's page are the one page; the link is in the fragment, which
    // no request carries, and a GET spends nothing whatever it carries.
    for path in [
        "/login",
        &format!("/login?{fresh}"),
        &format!("/g/{}", board.page),
    ] {
        let page = board.send("GET", path, &[], None).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        let kind = page.headers[header::CONTENT_TYPE].to_str().unwrap();
        assert!(kind.starts_with("text/html"), "{path}: {kind}");
    }
    board.clock.advance(1);
    let body = format!(r#"{{"link": "{late}"}}"#);
    let answer = board.send("POST", "/api/login", &[], Some(&body)).await;
    assert_eq!(answer.status, StatusCode::GONE);
    assert!(
        error(&answer).contains("older than 15 minutes"),
        "{}",
        answer.json
    );
    let unknown = board
        .send("POST", "/api/login/offer", &[], Some(r#"{"link": "nope"}"#))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    assert!(error(&unknown).contains("not one ponte gave"));
    // Bob's link, made at the same time, was only ever looked at: the clock moved on past
    // alice's 15 minutes, so a new one is given, and it still logs in after the GETs.
    let bob = board.link(2, "bob", Lang::En).await;
    for path in ["/login", &format!("/login?{bob}")] {
        board.send("GET", path, &[], None).await;
    }
    board.log_in(&bob).await;
}

#[tokio::test]
async fn only_the_player_to_move_moves_and_every_refusal_saves_nothing() {
    let board = board().await;
    let (alice, bob, carol) = (
        board.session(1, "alice").await,
        board.session(2, "bob").await,
        board.session(3, "carol").await,
    );
    let bobs = board.play(Some(&bob), "c3 d4", 0).await;
    assert_eq!(
        bobs.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        bobs.json
    );
    assert!(
        error(&bobs).contains("alice"),
        "whose turn it is: {}",
        bobs.json
    );
    for (who, cookie) in [("carol", Some(carol.as_str())), ("no one", None)] {
        let answer = board.play(cookie, "c3 d4", 0).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{who}");
        assert!(error(&answer).contains("Only the game's players"), "{who}");
    }
    let stale = board.play(Some(&alice), "c3 d4", 7).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.json);
    assert!(!error(&stale).is_empty());
    let number = format!("/api/games/{}/moves", board.game.id);
    let body = r#"{"move": "c3 d4", "version": 0}"#;
    let by_number = board
        .send("POST", &number, &[("cookie", &alice)], Some(body))
        .await;
    assert_eq!(
        by_number.status,
        StatusCode::NOT_FOUND,
        "a number is no page"
    );
    assert!(!error(&by_number).is_empty());
    assert_eq!(board.version().await, 0, "nothing saved");

    let played = board.play(Some(&alice), "c3 d4", 0).await;
    assert_eq!(played.status, StatusCode::OK, "{}", played.json);
    assert_eq!(played.json["you"], "white");
    assert_eq!(played.json["page"], board.page.as_str());
    assert_eq!(board.version().await, 1);
    // Each sees the game as their own colour, or as a watcher.
    let path = format!("/api/games/{}", board.page);
    for (cookie, you) in [(&bob, "red"), (&carol, "null")] {
        let seen = board.send("GET", &path, &[("cookie", cookie)], None).await;
        assert_eq!(seen.json["you"].to_string().trim_matches('"'), you);
    }
    let targets = format!("/api/games/{}/targets", board.page);
    let watcher = board
        .send("GET", &targets, &[("cookie", &carol)], None)
        .await;
    assert_eq!(watcher.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn another_sites_page_changes_nothing() {
    let board = board().await;
    let alice = board.session(1, "alice").await;
    let body = r#"{"move": "c3 d4", "version": 0}"#;
    let path = format!("/api/games/{}/moves", board.page);
    for origin in [
        "https://evil.example",
        "http://ponte.example.org",
        "https://ponte.example.org:8443",
        "null",
    ] {
        let headers = [("cookie", alice.as_str()), ("origin", origin)];
        let answer = board.send("POST", &path, &headers, Some(body)).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "{origin}");
        assert!(
            error(&answer).contains("another website"),
            "{}",
            answer.json
        );
    }
    assert_eq!(board.version().await, 0);
}

#[tokio::test]
async fn a_private_servers_page_shows_to_its_players_only() {
    let board = board().await;
    let manager = Actor::manager(player(9, "mod"), GUILD);
    board
        .service
        .set_private_pages(&manager, true)
        .await
        .unwrap();
    let alice = board.session(1, "alice").await;
    let carol = board.session(3, "carol").await;
    let path = format!("/api/games/{}", board.page);
    for headers in [&[][..], &[("cookie", carol.as_str())][..]] {
        let answer = board.send("GET", &path, headers, None).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN);
        assert!(
            error(&answer).contains("only to their players"),
            "{}",
            answer.json
        );
        let events = format!("/api/games/{}/events", board.page);
        let stream = board.send("GET", &events, headers, None).await;
        assert_eq!(stream.status, StatusCode::FORBIDDEN);
    }
    let seen = board.send("GET", &path, &[("cookie", &alice)], None).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.json);
    assert_eq!(seen.json["you"], "white");
}

#[tokio::test]
async fn a_burst_of_moves_is_limited_with_words() {
    let board = board().await;
    let alice = board.session(1, "alice").await;
    let mut limited = None;
    for _ in 0..100 {
        let answer = board.play(Some(&alice), "c3 d4", 5).await;
        if answer.status == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(answer);
            break;
        }
        assert_eq!(answer.status, StatusCode::CONFLICT);
    }
    let limited = limited.expect("a burst of 100 moves is limited");
    assert!(
        error(&limited).contains("Too many requests"),
        "{}",
        limited.json
    );
    assert!(limited.headers.contains_key(header::RETRY_AFTER));
    assert_eq!(board.version().await, 0);
}

#[tokio::test]
async fn the_switch_speaks_first_then_the_session_then_the_browser() {
    let board = board().await;
    let secret = board.link(1, "alice", Lang::De).await;
    let alice = board.log_in(&secret).await;
    let lang = |answer: Answer| answer.json["lang"].as_str().unwrap().to_string();
    let asked = |headers: Vec<(&'static str, String)>| {
        let board = &board;
        async move {
            let headers: Vec<(&str, &str)> =
                headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
            lang(board.send("GET", "/api/words", &headers, None).await)
        }
    };
    let fr = ("accept-language", "fr".to_string());
    assert_eq!(asked(vec![fr.clone()]).await, "fr", "the browser's");
    let session = ("cookie", alice.clone());
    assert_eq!(
        asked(vec![fr.clone(), session.clone()]).await,
        "de",
        "the session's"
    );
    let chosen = ("x-ponte-lang", "en".to_string());
    assert_eq!(asked(vec![fr, session, chosen]).await, "en", "the switch's");
}

#[tokio::test]
async fn secure_and_hsts_only_over_https_and_me_says_which_board() {
    let plain = board_at("http://ponte.example.org").await;
    let secret = plain.link(1, "alice", Lang::En).await;
    let body = format!(r#"{{"link": "{secret}"}}"#);
    let headers = [("origin", "http://ponte.example.org")];
    let answer = plain
        .send("POST", "/api/login", &headers, Some(&body))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
    let set = answer.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(!set.contains("Secure"), "{set}");
    assert!(
        !answer
            .headers
            .contains_key(header::STRICT_TRANSPORT_SECURITY)
    );

    let https = board().await;
    let page = https.send("GET", "/api/me", &[], None).await;
    assert_eq!(
        page.headers[header::STRICT_TRANSPORT_SECURITY],
        "max-age=31536000"
    );
    assert_eq!(
        page.json,
        serde_json::json!({"mode": "public", "player": null})
    );
    for name in [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
    ] {
        assert!(page.headers.contains_key(name), "{name}");
    }
    let local = web_site::site().await;
    let (status, me) = local.call("GET", "/api/me", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me, serde_json::json!({"mode": "local", "player": "alice"}));
}

#[tokio::test]
async fn the_list_is_the_players_own_games_and_what_only_this_machine_offers_is_absent() {
    let board = board().await;
    let alice = board.session(1, "alice").await;
    let list = board
        .send("GET", "/api/games", &[("cookie", &alice)], None)
        .await;
    let games = list.json["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{}", list.json);
    assert_eq!(games[0]["page"], board.page.as_str());
    let none = board.send("GET", "/api/games", &[], None).await;
    assert_eq!(none.json["games"], serde_json::json!([]));
    for (method, path) in [
        ("POST", "/api/games".to_string()),
        ("GET", "/api/lessons".to_string()),
        ("GET", "/api/puzzles/next".to_string()),
        ("POST", format!("/api/games/{}/hint", board.page)),
    ] {
        let answer = board.send(method, &path, &[("cookie", &alice)], None).await;
        assert!(
            matches!(answer.status.as_u16(), 404 | 405),
            "{method} {path}: {}",
            answer.status
        );
        assert!(!error(&answer).is_empty(), "{path} in words");
    }
}

/// A log kept in memory: what a test's subscriber writes.
#[derive(Clone, Default)]
struct Kept(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Kept {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn sha256_hex(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

#[tokio::test]
async fn no_secret_cookie_or_hash_reaches_a_log_line_even_at_trace() {
    let kept = Kept::default();
    let writer = kept.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    // The whole binary's log: a subscriber of this thread only misses lines when tests run
    // side by side (tracing caches which lines are wanted per call site); the other tests'
    // lines are no harm, and no secret of theirs may be logged either.
    tracing::subscriber::set_global_default(subscriber).unwrap();

    let board = board().await;
    let secret = board.link(1, "alice", Lang::En).await;
    let body = format!(r#"{{"link": "{secret}"}}"#);
    board
        .send("POST", "/api/login/offer", &[], Some(&body))
        .await;
    let cookie = board.log_in(&secret).await;
    let played = board.play(Some(&cookie), "c3 d4", 0).await;
    assert_eq!(played.status, StatusCode::OK);
    let out = board
        .send("POST", "/api/logout", &[("cookie", &cookie)], None)
        .await;
    assert_eq!(out.status, StatusCode::OK);

    let log = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
    for said in [
        "logged in on the web board",
        "played from the page",
        "logged out",
    ] {
        assert!(log.contains(said), "the log is kept: {said}");
    }
    let session = cookie.trim_start_matches("ponte_session=");
    for secret in [secret.as_str(), session] {
        assert!(!log.contains(secret), "a secret in the log");
        assert!(
            !log.contains(&sha256_hex(secret)),
            "a secret's hash in the log"
        );
    }
}
