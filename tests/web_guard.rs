//! `ponte web` refuses what another website's page sends in the player's browser (a forged
//! move, a game started behind the player's back) and saves nothing; its own page, and
//! programs on this machine that send no `Origin`, are served. The router in process, on a
//! real SQLite file, with no AI running.

mod web_site;

use axum::http::StatusCode;
use serde_json::Value;
use web_site::{Site, site};

const OWN: &str = "http://127.0.0.1:7157";

impl Site {
    async fn move_from(&self, id: i64, headers: &[(&str, &str)]) -> (StatusCode, Value) {
        let body = r#"{"move": "c3 d4", "version": 0}"#;
        self.send(
            "POST",
            &format!("/api/games/{id}/moves"),
            headers,
            Some(body),
        )
        .await
    }
}

#[tokio::test]
async fn a_move_from_another_sites_page_is_refused_in_the_pages_language_and_saves_nothing() {
    let site = site().await;
    let id = site.start().await;
    for origin in [
        "http://evil.example",
        "http://127.0.0.1:8080",
        "https://127.0.0.1:7157",
    ] {
        let (status, answer) = site.move_from(id, &[("origin", origin)]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains("another website"), "{error}");
    }
    let (status, answer) = site
        .move_from(
            id,
            &[("origin", "http://evil.example"), ("accept-language", "de")],
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("anderen Website"),
        "{answer}"
    );
    assert_eq!(site.version(id).await, 0, "nothing saved");
}

#[tokio::test]
async fn a_game_started_from_another_site_is_not_started() {
    let site = site().await;
    let (status, answer) = site
        .send(
            "POST",
            "/api/games",
            &[("origin", "http://evil.example")],
            None,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    // The first game started afterwards is the database's first: nothing was saved before.
    assert_eq!(site.start().await, 1, "no game before");
}

#[tokio::test]
async fn the_null_origin_and_a_cross_site_fetch_are_refused() {
    let site = site().await;
    let id = site.start().await;
    let (status, answer) = site.move_from(id, &[("origin", "null")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    // A browser that says the request is cross-site, whatever else it sends.
    let (status, answer) = site
        .move_from(id, &[("origin", OWN), ("sec-fetch-site", "cross-site")])
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    assert_eq!(site.version(id).await, 0, "nothing saved");
}

#[tokio::test]
async fn the_pages_own_origin_is_served() {
    let site = site().await;
    let id = site.start().await;
    let (status, game) = site
        .move_from(id, &[("origin", OWN), ("sec-fetch-site", "same-origin")])
        .await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["version"], 1);
}

#[tokio::test]
async fn a_request_without_origin_from_this_machine_is_served() {
    let site = site().await;
    let id = site.start().await;
    let (status, game) = site.move_from(id, &[]).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(site.version(id).await, 1);
}

#[tokio::test]
async fn reading_is_allowed_from_anywhere() {
    // A read changes nothing, and another site cannot read the answer (no CORS headers).
    let site = site().await;
    let id = site.start().await;
    let (status, _) = site
        .send(
            "GET",
            &format!("/api/games/{id}"),
            &[("origin", "http://evil.example")],
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
}
