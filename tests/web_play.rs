//! `ponte web`'s games and moves in process, on a real SQLite file, with no AI running (the
//! AI's turn waits): the start form's options (each accepted and refused, nothing written on a
//! refusal), the cells the page is offered against the engine's own, a resignation, the swap,
//! a pass refused, a move judged without saving, and a game between two names played from one
//! page.

mod web_site;

use axum::http::StatusCode;
use ponte::game::{Bitboard, Cell, Color, Game, Variant};
use ponte::service::{GameView, PlayerId};
use serde_json::{Value, json};
use web_site::{Site, site};

impl Site {
    async fn start_with(&self, options: Value) -> Value {
        let body = options.to_string();
        let (status, game) = self.call("POST", "/api/games", Some(&body)).await;
        assert_eq!(status, StatusCode::CREATED, "{options}: {game}");
        game
    }

    /// A game between bob (White) and carol (Red) on 8×8, neither the machine's player.
    async fn hot_seat(&self) -> i64 {
        let game = self
            .start_with(json!({"opponent": "people", "white": "bob", "red": "carol"}))
            .await;
        game["id"].as_i64().unwrap()
    }

    async fn game(&self, id: i64) -> GameView {
        self.service
            .game(id.to_string().parse().unwrap())
            .await
            .unwrap()
    }

    async fn play(&self, id: i64, mv: &str, version: i64) -> (StatusCode, Value) {
        let body = json!({"move": mv, "version": version}).to_string();
        self.call("POST", &format!("/api/games/{id}/moves"), Some(&body))
            .await
    }

    async fn played(&self, id: i64, mv: &str, version: i64) -> Value {
        let (status, game) = self.play(id, mv, version).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {game}");
        game
    }

    async fn targets(&self, id: i64, from: Option<&str>) -> (Vec<String>, Vec<String>) {
        let path = match from {
            Some(from) => format!("/api/games/{id}/targets?from={from}"),
            None => format!("/api/games/{id}/targets"),
        };
        let (status, targets) = self.call("GET", &path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {targets}");
        let cells = |key: &str| {
            let mut cells: Vec<String> = targets[key]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            cells.sort();
            cells
        };
        (cells("tiles"), cells("bridge_ends"))
    }

    async fn open_games(&self) -> usize {
        self.service.active_games_off_discord().await.unwrap().len()
    }
}

fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    let mut names: Vec<String> = cells.into_iter().map(|c| c.to_string()).collect();
    names.sort();
    names
}

#[tokio::test]
async fn each_start_option_starts_the_game_it_names() {
    let site = site().await;
    // No body at all: against easy on 8×8, the machine's player opening as White.
    let (status, game) = site.call("POST", "/api/games", None).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(
        (game["white"].as_str(), game["red"].as_str()),
        (Some("alice"), Some("ponte"))
    );
    assert_eq!(game["you"], "white");
    assert_eq!(game["size"], 8);

    let game = site
        .start_with(json!({"opponent": "ai", "level": "hard", "size": 12, "supply": "finite", "opener": "ai"}))
        .await;
    assert_eq!(
        (game["white"].as_str(), game["red"].as_str()),
        (Some("ponte"), Some("alice"))
    );
    assert_eq!(game["you"], "red", "the AI opens: the page plays Red");
    assert_eq!(game["to_move"], "white");
    let view = site.game(game["id"].as_i64().unwrap()).await;
    assert_eq!(view.game.variant(), Variant::boxed(12).unwrap());
    assert_eq!(view.ai.map(|(_, level)| level.name()), Some("hard"));
    assert!(!view.rated, "games against the AI are never rated");

    let game = site
        .start_with(json!({"level": "medium", "size": 10, "supply": "unlimited"}))
        .await;
    let view = site.game(game["id"].as_i64().unwrap()).await;
    assert_eq!(view.game.variant(), Variant::unlimited(10).unwrap());
    assert_eq!(view.ai.map(|(_, level)| level.name()), Some("medium"));

    let game = site
        .start_with(json!({"opponent": "people", "white": " Bob ", "red": "carol", "size": 9}))
        .await;
    assert_eq!(
        (game["white"].as_str(), game["red"].as_str()),
        (Some("Bob"), Some("carol"))
    );
    assert_eq!(
        game["you"], "white",
        "the page moves for the player to move"
    );
    let view = site.game(game["id"].as_i64().unwrap()).await;
    assert_eq!(
        view.white.id,
        PlayerId::of_terminal("bob"),
        "named as the terminal names them"
    );
    assert_eq!(view.ai, None);
    assert_eq!(view.game.variant(), Variant::boxed(9).unwrap());
    assert_eq!(site.open_games().await, 4);
}

#[tokio::test]
async fn a_bad_start_option_is_refused_in_words_and_starts_nothing() {
    let site = site().await;
    let refused = [
        (json!({"size": 7}), StatusCode::UNPROCESSABLE_ENTITY, "7×7"),
        (
            json!({"size": 13}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "13×13",
        ),
        (json!({"size": "big"}), StatusCode::BAD_REQUEST, "big"),
        (
            json!({"level": "expert"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "expert",
        ),
        (
            json!({"opponent": "robot"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "robot",
        ),
        (
            json!({"supply": "some"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "some",
        ),
        (
            json!({"opener": "me"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "me",
        ),
        (
            json!({"white": "bob"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "white",
        ),
        (json!({"colour": "red"}), StatusCode::BAD_REQUEST, "colour"),
        (
            json!({"opponent": "people", "white": "bob"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "both names",
        ),
        (
            json!({"opponent": "people", "white": "bob", "red": "carol", "level": "hard"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "level",
        ),
        (
            json!({"opponent": "people", "white": "  ", "red": "carol"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "1 to 32",
        ),
        (
            json!({"opponent": "people", "white": "b".repeat(33), "red": "carol"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "1 to 32",
        ),
        (
            json!({"opponent": "people", "white": "bob", "red": "Ponte"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "AI's name",
        ),
        // The service's own check, as the terminal meets it.
        (
            json!({"opponent": "people", "white": "bob", "red": "BOB"}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "yourself",
        ),
    ];
    for (options, status, words) in refused {
        let (got, answer) = site
            .call("POST", "/api/games", Some(&options.to_string()))
            .await;
        assert_eq!(got, status, "{options}: {answer}");
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words), "{options}: {error}");
    }
    let (status, answer) = site.call("POST", "/api/games", Some("{\"size\":")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    // In the page's language.
    let (status, answer) = site
        .call_in(
            Some("de"),
            "POST",
            "/api/games",
            Some(r#"{"level": "expert"}"#),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        answer["error"].as_str().unwrap().contains("keine Stufe"),
        "{answer}"
    );
    assert_eq!(site.open_games().await, 0, "nothing started");
}

#[tokio::test]
async fn the_cells_offered_are_the_engines() {
    let site = site().await;
    let id = site.hot_seat().await;
    let mut engine = Game::new(Variant::boxed(8).unwrap());
    let moves = ["c3 e3", "f6 f8", "b7 g2", "c6 h1"];
    for (version, mv) in (0..).zip(moves) {
        let (tiles, bridge_ends) = site.targets(id, None).await;
        assert_eq!(
            tiles,
            names(engine.legal_first_cells()),
            "after {version} moves"
        );
        let starts: Bitboard = engine
            .legal_bridges()
            .into_iter()
            .flat_map(|b| b.ends())
            .collect();
        assert_eq!(bridge_ends, names(starts), "after {version} moves");
        for cell in Bitboard::board(8) {
            let name = cell.to_string();
            let (tiles, bridge_ends) = site.targets(id, Some(&name)).await;
            assert_eq!(tiles, names(engine.legal_second_cells(cell)), "{name}");
            assert_eq!(bridge_ends, names(engine.legal_bridge_ends(cell)), "{name}");
        }
        site.played(id, mv, version).await;
        engine.play(mv.parse().unwrap()).unwrap();
    }
    // White has c3 and e3: the bridge between them is offered both ways, and builds.
    let (_, ends) = site.targets(id, Some("c3")).await;
    assert!(ends.contains(&"e3".to_string()), "{ends:?}");
    let game = site.played(id, "c3-e3", 4).await;
    assert_eq!(game["bridges"][0]["from"], "c3");

    // A cell that is none, or off this board, is said so.
    let (status, answer) = site
        .call("GET", &format!("/api/games/{id}/targets?from=zz"), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("not a cell"),
        "{answer}"
    );
    let (status, answer) = site
        .call("GET", &format!("/api/games/{id}/targets?from=i9"), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("i9"), "{answer}");
}

#[tokio::test]
async fn while_the_ai_is_to_move_nothing_is_offered_and_no_move_is_made() {
    let site = site().await;
    let game = site.start_with(json!({})).await;
    let id = game["id"].as_i64().unwrap();
    let game = site.played(id, "c3 d4", 0).await;
    assert_eq!(game["to_move"], "red");
    assert_eq!(game["you"], "white");
    assert_eq!(site.targets(id, None).await, (vec![], vec![]));
    assert_eq!(site.targets(id, Some("f6")).await, (vec![], vec![]));
    let (status, answer) = site.play(id, "f6 g7", 1).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("ponte's turn"),
        "{answer}"
    );
    assert_eq!(site.game(id).await.version, 1, "nothing saved");
}

#[tokio::test]
async fn a_game_between_two_names_is_played_from_one_page() {
    let site = site().await;
    let id = site.hot_seat().await;
    let game = site.played(id, "c3 d4", 0).await;
    assert_eq!(
        (game["to_move"].as_str(), game["you"].as_str()),
        (Some("red"), Some("red"))
    );
    let game = site.played(id, "f6 g7", 1).await;
    assert_eq!(game["you"], "white");
    let view = site.game(id).await;
    let movers: Vec<PlayerId> = view.moves.iter().map(|m| m.player_id).collect();
    assert_eq!(
        movers,
        [PlayerId::of_terminal("bob"), PlayerId::of_terminal("carol")]
    );
    // The game's own page reads as the player to move's.
    let (_, shown) = site.call("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(shown["you"], "white");
}

#[tokio::test]
async fn red_swaps_when_the_pie_rule_offers_it_and_only_then() {
    let site = site().await;
    let id = site.hot_seat().await;
    let game = site.played(id, "c3 d4", 0).await;
    assert_eq!(game["may_swap"], true);
    let game = site.played(id, "swap", 1).await;
    // carol took White's tiles; bob, now Red, moves.
    assert_eq!(
        (game["white"].as_str(), game["red"].as_str()),
        (Some("carol"), Some("bob"))
    );
    assert_eq!(
        (game["to_move"].as_str(), game["you"].as_str()),
        (Some("red"), Some("red"))
    );
    assert_eq!(game["may_swap"], false);
    let (status, answer) = site.play(id, "swap", 2).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(!answer["error"].as_str().unwrap().is_empty());
    assert_eq!(site.game(id).await.version, 2, "nothing saved");
}

#[tokio::test]
async fn a_pass_while_two_tiles_fit_is_refused_with_the_engines_reason() {
    let site = site().await;
    let id = site.hot_seat().await;
    let (_, game) = site.call("GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["may_pass"], false);
    let (status, answer) = site.play(id, "pass", 0).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let english = answer["error"].as_str().unwrap().to_string();
    let body = json!({"move": "pass", "version": 0}).to_string();
    let (_, answer) = site
        .call_in(
            Some("fr"),
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&body),
        )
        .await;
    let french = answer["error"].as_str().unwrap();
    assert!(
        !english.is_empty() && french != english,
        "{english} / {french}"
    );
    // Text that is no move is said in the page's language too.
    let body = json!({"move": "c3 dd", "version": 0}).to_string();
    let (status, answer) = site
        .call_in(
            Some("de"),
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&body),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"].as_str().unwrap().contains("ist kein Zug"),
        "{answer}"
    );
    assert_eq!(site.game(id).await.version, 0, "nothing saved");
}

#[tokio::test]
async fn a_move_is_judged_without_being_saved() {
    let site = site().await;
    let id = site.hot_seat().await;
    site.played(id, "c3 d3", 0).await;
    site.played(id, "f6 f7", 1).await;
    let judge = |mv: &str| {
        format!(
            "/api/games/{id}/check?move={}&version=2",
            mv.replace(' ', "%20")
        )
    };
    // A tile on White's own c3.
    let (status, answer) = site.call("GET", &judge("a1 c3"), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("c3"), "{answer}");
    let (status, answer) = site.call("GET", &judge("a1 h8"), None).await;
    assert_eq!(
        (status, answer["legal"].as_bool()),
        (StatusCode::OK, Some(true))
    );
    let (status, _) = site
        .call(
            "GET",
            &format!("/api/games/{id}/check?move=a1%20h8&version=1"),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(site.game(id).await.version, 2, "nothing saved");
}

#[tokio::test]
async fn resigning_ends_the_game_for_the_pages_player() {
    let site = site().await;
    // Against the AI, while it is to move: the page's player resigns, not the AI.
    let game = site.start_with(json!({})).await;
    let id = game["id"].as_i64().unwrap();
    site.played(id, "c3 d4", 0).await;
    let resign = |version: i64| json!({"version": version}).to_string();
    let path = format!("/api/games/{id}/resign");
    let (status, _) = site.call("POST", &path, Some(&resign(0))).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a page behind the game resigns nothing"
    );
    let (status, game) = site.call("POST", &path, Some(&resign(1))).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["over"], true);
    let result = site.game(id).await.result.unwrap();
    assert_eq!(result.winner, Some(Color::Red), "ponte wins");
    let (status, _) = site.call("POST", &path, Some(&resign(2))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "over is over");

    // Between two names: the player to move resigns.
    let id = site.hot_seat().await;
    site.played(id, "c3 d4", 0).await;
    let path = format!("/api/games/{id}/resign");
    let (status, game) = site.call("POST", &path, Some(&resign(1))).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(
        site.game(id).await.result.unwrap().winner,
        Some(Color::White)
    );
}
