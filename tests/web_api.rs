//! `ponte web`'s API refuses bad requests with a clear status and message and saves nothing:
//! the router in process, on a real SQLite file, with no AI running (the AI's turn waits).

mod web_site;

use axum::http::StatusCode;
use serde_json::{Value, json};
use web_site::{Site, site};

impl Site {
    async fn play(&self, id: i64, body: &str) -> (StatusCode, Value) {
        self.call("POST", &format!("/api/games/{id}/moves"), Some(body))
            .await
    }
}

#[tokio::test]
async fn malformed_json_is_a_bad_request_and_saves_nothing() {
    let site = site().await;
    let id = site.start().await;
    for body in [
        "{\"move\": \"c3 d4\", \"version\":",
        "[]",
        "{\"move\": 3}",
        "{}",
    ] {
        let (status, answer) = site.play(id, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert!(!answer["error"].as_str().unwrap().is_empty());
    }
    let (status, answer) = site.play(id, r#"{"move": "c3 dd", "version": 0}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("not a move"),
        "{answer}"
    );
    assert_eq!(site.version(id).await, 0);
}

#[tokio::test]
async fn an_oversized_body_is_refused_as_too_large_and_saves_nothing() {
    let site = site().await;
    let id = site.start().await;
    let padding = "x".repeat(64 * 1024);
    let body = json!({"move": "c3 d4", "version": 0, "padding": padding}).to_string();
    let (status, answer) = site.play(id, &body).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert_eq!(site.version(id).await, 0);
}

#[tokio::test]
async fn an_unknown_game_is_not_found() {
    let site = site().await;
    let (status, answer) = site.call("GET", "/api/games/99", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["error"], "there is no game #99");
    let (status, _) = site
        .play(99, &json!({"move": "c3 d4", "version": 0}).to_string())
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = site.call("GET", "/api/games/99/events", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_illegal_move_says_the_engines_reason_and_saves_nothing() {
    let site = site().await;
    let id = site.start().await;
    // On a 16×16 board i9 exists; on this 8×8 one the engine refuses it.
    let (status, answer) = site.play(id, r#"{"move": "i9 c3", "version": 0}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("i9"), "{answer}");
    assert_eq!(site.version(id).await, 0, "nothing saved");
}

#[tokio::test]
async fn a_move_on_a_stale_version_is_a_conflict_and_saves_nothing() {
    let site = site().await;
    let id = site.start().await;
    let (status, game) = site.play(id, r#"{"move": "c3 d4", "version": 0}"#).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["version"], 1);
    assert_eq!(game["to_move"], "red");
    let (status, answer) = site.play(id, r#"{"move": "f6 g7", "version": 0}"#).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("position changed"),
        "{answer}"
    );
    // Up to date but not this player's turn (the AI's, waiting here): refused too.
    let (status, answer) = site.play(id, r#"{"move": "f6 g7", "version": 1}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(site.version(id).await, 1, "nothing saved");
}

#[tokio::test]
async fn the_pages_words_come_in_the_browsers_language_from_the_fluent_files() {
    let site = site().await;
    let (status, words) = site
        .call_in(Some("de-CH, fr;q=0.8"), "GET", "/api/words", None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(words["lang"], "de");
    assert_eq!(
        words["words"]["web-new-game"],
        "Neue Partie gegen leicht (8×8)"
    );
    assert_eq!(words["langs"].as_array().unwrap().len(), 3);
    // No other message of the files is sent: the page's own words only.
    let ids = words["words"].as_object().unwrap();
    assert!(ids.keys().all(|id| id.starts_with("web-")), "{ids:?}");
    let (_, words) = site
        .call_in(Some("it, es"), "GET", "/api/words", None)
        .await;
    assert_eq!(
        words["lang"], "en",
        "English when ponte speaks none of them"
    );
}

#[tokio::test]
async fn a_refusal_is_said_in_the_browsers_language() {
    let site = site().await;
    let (status, answer) = site.call_in(Some("fr"), "GET", "/api/games/99", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.contains("#99") && !error.contains("there is no"),
        "{error}"
    );
}

/// The page names every module it imports for preloading, so that the browser fetches them
/// at once rather than one import after another (a round trip each before the board).
#[test]
fn the_page_preloads_every_module_it_imports() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/web");
    let page = std::fs::read_to_string(folder.join("index.html")).unwrap();
    for entry in std::fs::read_dir(&folder).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".js") && name != "app.js" {
            let link = format!("<link rel=\"modulepreload\" href=\"/{name}\">");
            assert!(page.contains(&link), "index.html lacks {link}");
        }
    }
}
