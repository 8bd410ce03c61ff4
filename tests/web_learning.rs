//! `ponte web`'s lessons, puzzles and hints: the router in process on a real SQLite file, the
//! answers judged by the service in the page's language, the refusals with a status and
//! nothing written.

mod web_site;

use axum::http::StatusCode;
use ponte::service::{Actor, ChallengeOptions, GameId, Player, PlayerId, PuzzleId, Venue};
use serde_json::{Value, json};
use web_site::{Site, alice};

/// The site with the built-in puzzles loaded, as `ponte web` loads them at its start.
async fn site_in(dir: tempfile::TempDir) -> Site {
    let site = web_site::site_in(dir).await;
    site.service.load_built_in_puzzles().await.unwrap();
    site
}

async fn site() -> Site {
    site_in(tempfile::tempdir().unwrap()).await
}

impl Site {
    /// The number of the lesson the player is at, as the page reads it.
    async fn lesson_at(&self) -> i64 {
        let (status, place) = self.call("GET", "/api/lessons", None).await;
        assert_eq!(status, StatusCode::OK, "{place}");
        place["lesson"]["number"].as_i64().unwrap()
    }

    async fn answer_lesson(&self, lang: &str, body: Value) -> (StatusCode, Value) {
        let body = body.to_string();
        self.call_in(Some(lang), "POST", "/api/lessons/answer", Some(&body))
            .await
    }
}

fn text(value: &Value) -> &str {
    value
        .as_str()
        .unwrap_or_else(|| panic!("not words: {value}"))
}

#[tokio::test]
async fn a_lesson_is_answered_wrong_then_right_in_the_pages_language_and_the_place_is_kept() {
    let site = site().await;
    let (status, place) = site.call("GET", "/api/lessons", None).await;
    assert_eq!(status, StatusCode::OK, "{place}");
    let lesson = &place["lesson"];
    assert_eq!(lesson["number"], 1);
    assert_eq!(lesson["total"], 8);
    assert_eq!(text(&lesson["title"]), "Lesson 1 of 8 — Placing tiles");
    assert_eq!(lesson["answer"], "move");
    assert_eq!(lesson["to_move"], "white");
    assert_eq!(lesson["position"]["size"], 6);
    assert!(text(&lesson["task"]).contains("c3 d4"), "{lesson}");

    // The engine's refusal, in German: one cell twice.
    let (status, wrong) = site.answer_lesson("de", json!({"move": "c3 c3"})).await;
    assert_eq!(status, StatusCode::OK, "{wrong}");
    assert_eq!(wrong["right"], false);
    let said = text(&wrong["said"]);
    assert!(
        said.starts_with("❌ Nicht ganz") && said.contains("c3"),
        "{said}"
    );
    assert!(wrong["next"].is_null());
    assert_eq!(site.lesson_at().await, 1, "a wrong answer moves nobody on");

    let (status, right) = site
        .answer_lesson("en", json!({"move": "a1 b2", "lesson": 1}))
        .await;
    assert_eq!(status, StatusCode::OK, "{right}");
    assert_eq!(right["right"], true);
    assert!(text(&right["said"]).starts_with("✅ Right!"), "{right}");
    assert_eq!(right["after"]["tiles"].as_array().unwrap().len(), 2);
    assert_eq!(right["next"]["lesson"]["number"], 2);
    // The same answer again (a second click) counts for nothing and says where the player is.
    let (status, again) = site
        .answer_lesson("en", json!({"move": "a1 b2", "lesson": 1}))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{again}");
    assert!(text(&again["error"]).contains("lesson 2"), "{again}");

    // A choice lesson: its choices, a wrong one and the right one.
    let (status, place) = site.call("POST", "/api/lessons/3", None).await;
    assert_eq!(status, StatusCode::OK, "{place}");
    assert_eq!(place["lesson"]["answer"], "choice");
    let choices = place["lesson"]["choices"].as_array().unwrap();
    assert_eq!(choices, &[json!("e2 e3"), json!("d4 f4"), json!("a5 b5")]);
    let (status, wrong) = site.answer_lesson("en", json!({"choice": 0})).await;
    assert_eq!(status, StatusCode::OK, "{wrong}");
    assert_eq!(wrong["right"], false);
    assert!(
        text(&wrong["said"]).contains("e2 e3 is a legal move here"),
        "{wrong}"
    );
    let (_, right) = site.answer_lesson("de", json!({"choice": 1})).await;
    assert_eq!(right["right"], true, "{right}");
    assert!(text(&right["said"]).starts_with("✅ Richtig!"), "{right}");
    assert!(right["after"].is_null(), "a choice has no board after it");
    assert_eq!(right["next"]["lesson"]["number"], 4);

    // The place is the database's: a new start of the page finds it.
    let Site { dir, service, .. } = site;
    service.close().await;
    let site = site_in(dir).await;
    assert_eq!(site.lesson_at().await, 4);
}

#[tokio::test]
async fn a_bad_lesson_request_is_refused_and_moves_nobody() {
    let site = site().await;
    site.call("POST", "/api/lessons/2", None).await;
    for body in [
        "{",
        "[]",
        "{}",
        r#"{"move": "c3 d4", "choice": 1}"#,
        r#"{"move": "c3 dd"}"#,
        r#"{"choice": -1}"#,
        r#"{"answer": "c3 d4"}"#,
    ] {
        let (status, answer) = site.call("POST", "/api/lessons/answer", Some(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert!(!text(&answer["error"]).is_empty());
    }
    // Words that are no move are said in the page's language.
    let (status, answer) = site
        .call_in(
            Some("de"),
            "POST",
            "/api/lessons/answer",
            Some(r#"{"move": "c3 dd"}"#),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(text(&answer["error"]).contains("kein Zug"), "{answer}");
    let (status, answer) = site.answer_lesson("en", json!({"choice": 1})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], "this lesson asks for a move, not a choice");
    for (path, expected) in [
        ("/api/lessons/9", StatusCode::NOT_FOUND),
        ("/api/lessons/0", StatusCode::NOT_FOUND),
        ("/api/lessons/two", StatusCode::BAD_REQUEST),
    ] {
        let (status, answer) = site.call_in(Some("fr"), "POST", path, None).await;
        assert_eq!(status, expected, "{path}: {answer}");
        assert!(!text(&answer["error"]).is_empty());
    }
    assert_eq!(site.lesson_at().await, 2, "nothing moved the player");
    // A wrong try is counted (the second wrong one tells the answer); a refused body is not.
    let (_, wrong) = site.answer_lesson("en", json!({"move": "c4 c5"})).await;
    assert!(text(&wrong["said"]).ends_with("Try again."), "{wrong}");
}

#[tokio::test]
async fn a_puzzle_is_served_and_answered_wrong_by_its_move_then_right_by_its_choice() {
    let site = site().await;
    let asker = Actor::member(alice(), None);

    // The first puzzle, answered by clicking a move that is one of its choices but wrong.
    let (status, puzzle) = site.call("GET", "/api/puzzles/next", None).await;
    assert_eq!(status, StatusCode::OK, "{puzzle}");
    let id = puzzle["id"].as_i64().unwrap();
    assert!(text(&puzzle["title"]).starts_with(&format!("Puzzle #{id}")));
    assert!(puzzle["position"]["tiles"].as_array().unwrap().len() > 2);
    let choices = puzzle["choices"].as_array().unwrap().clone();
    assert!((2..=4).contains(&choices.len()), "{puzzle}");
    let view = site
        .service
        .puzzle(PuzzleId::try_from(id).unwrap(), &asker)
        .await
        .unwrap();
    let wrong = view
        .choices()
        .iter()
        .find(|mv| !view.puzzle.accepted.contains(mv))
        .unwrap()
        .to_string();
    let path = format!("/api/puzzles/{id}/answer");

    // A move that is none of the choices: refused, with them, and nothing rated.
    let (status, refused) = site.call("POST", &path, Some(r#"{"move": "pass"}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(text(&refused["error"]).contains(&wrong), "{refused}");
    assert!(site.service.puzzle_rating(&asker).await.unwrap().is_none());

    let body = json!({"move": wrong}).to_string();
    let (status, judged) = site.call_in(Some("de"), "POST", &path, Some(&body)).await;
    assert_eq!(status, StatusCode::OK, "{judged}");
    assert_eq!(judged["right"], false);
    assert_eq!(judged["chosen"], wrong.as_str());
    assert!(text(&judged["said"]).starts_with("❌"), "{judged}");
    assert!(text(&judged["said"]).contains("Rätselwertung"), "{judged}");
    let rating = &judged["rating"];
    assert!(
        rating["after"].as_i64() < rating["before"].as_i64(),
        "{judged}"
    );
    // Answered again: nothing changes, and it says so.
    let (_, again) = site.call("POST", &path, Some(&body)).await;
    assert!(again["rating"].is_null(), "{again}");

    // The next puzzle, answered right by the index of an accepted choice.
    let (_, puzzle) = site.call("GET", "/api/puzzles/next", None).await;
    let next = puzzle["id"].as_i64().unwrap();
    assert_ne!(next, id, "an answered puzzle is not served again");
    let view = site
        .service
        .puzzle(PuzzleId::try_from(next).unwrap(), &asker)
        .await
        .unwrap();
    let index = view
        .choices()
        .iter()
        .position(|mv| view.puzzle.accepted.contains(mv))
        .unwrap();
    let body = json!({"choice": index}).to_string();
    let (status, judged) = site
        .call("POST", &format!("/api/puzzles/{next}/answer"), Some(&body))
        .await;
    assert_eq!(status, StatusCode::OK, "{judged}");
    assert_eq!(judged["right"], true);
    assert!(text(&judged["said"]).starts_with("✅ Right"), "{judged}");
    let rating = &judged["rating"];
    assert!(
        rating["after"].as_i64() > rating["before"].as_i64(),
        "{judged}"
    );
    let best = &view.puzzle.best_line[0].to_string();
    assert!(
        judged["after"]["last_move"]
            .as_array()
            .unwrap()
            .iter()
            .all(|cell| best.contains(text(cell))),
        "the board after the best move: {judged}"
    );
}

#[tokio::test]
async fn a_bad_puzzle_request_is_refused_and_rates_nothing() {
    let site = site().await;
    let asker = Actor::member(alice(), None);
    let (_, puzzle) = site.call("GET", "/api/puzzles/next", None).await;
    let id = puzzle["id"].as_i64().unwrap();
    let path = format!("/api/puzzles/{id}/answer");
    for body in [
        "{",
        "{}",
        r#"{"choice": 0, "move": "pass"}"#,
        r#"{"choice": 0, "lesson": 1}"#,
    ] {
        let (status, answer) = site.call("POST", &path, Some(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
    }
    let (status, answer) = site.call("POST", &path, Some(r#"{"choice": 9}"#)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let (status, answer) = site
        .call(
            "POST",
            "/api/puzzles/99999/answer",
            Some(r#"{"choice": 0}"#),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let (status, _) = site
        .call("POST", "/api/puzzles/none/answer", Some(r#"{"choice": 0}"#))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(site.service.puzzle_rating(&asker).await.unwrap().is_none());
}

#[tokio::test]
async fn a_hint_is_given_in_a_game_against_the_ai_and_refused_between_people() {
    let site = site().await;
    let (status, game) = site.call("POST", "/api/games", None).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_i64().unwrap();
    let (status, hint) = site
        .call_in(Some("de"), "POST", &format!("/api/games/{id}/hint"), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(hint["color"], "white");
    assert_eq!(hint["hints"], 1);
    assert_eq!(hint["version"], 0);
    let notation = text(&hint["move"]);
    let tiles: Vec<&str> = hint["preview"]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(text)
        .collect();
    assert_eq!(tiles.join(" "), notation, "the first move places two tiles");
    assert!(text(&hint["why"]).contains(notation), "{hint}");
    assert!(text(&hint["said"]).contains("Tipp"), "{hint}");

    // Not the player's turn (the AI's: no worker runs here): refused, nothing counted.
    let body = json!({"move": notation, "version": 0}).to_string();
    let (status, _) = site
        .call("POST", &format!("/api/games/{id}/moves"), Some(&body))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = site
        .call("POST", &format!("/api/games/{id}/hint"), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        text(&refused["error"]).contains("not your turn"),
        "{refused}"
    );
    let game_id = GameId::try_from(id).unwrap();
    assert_eq!(site.service.game(game_id).await.unwrap().hints, 1);

    // A game between two people on this machine: the service's refusal, nothing counted.
    let bob = Player::new(PlayerId::of_terminal("bob"), "bob");
    let options = ChallengeOptions {
        rated: false,
        ..ChallengeOptions::default()
    };
    let challenge = site
        .service
        .challenge(
            &Actor::member(alice(), None),
            Some(&bob),
            options,
            Venue::default(),
        )
        .await
        .unwrap();
    let people = site
        .service
        .accept(challenge.id, &Actor::member(bob, None))
        .await
        .unwrap();
    let path = format!("/api/games/{}/hint", people.id);
    let (status, refused) = site.call("POST", &path, None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        text(&refused["error"]).contains("played between people"),
        "{refused}"
    );
    assert_eq!(site.service.game(people.id).await.unwrap().hints, 0);

    let (status, _) = site.call("POST", "/api/games/99/hint", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = site.call("POST", "/api/games/x/hint", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
