//! What the web board shows of a game besides its cells: the counts of each side against the
//! engine's, the status line in each language, the list of games, the positions of its
//! history and its downloads. The router in process, on a real SQLite file, no AI running.

mod web_site;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use ponte::game::{Color, Game, Move};
use ponte::service::machine_actor;
use ponte::service::{ChallengeOptions, GameId, Player, PlayerId, Venue};
use serde_json::Value;
use tower::ServiceExt;
use web_site::{Site, site};

fn player(name: &str) -> Player {
    Player::new(PlayerId::of_terminal(name), name)
}

/// An answer's status, headers and bytes.
struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    bytes: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&self.bytes)))
    }

    fn header(&self, name: header::HeaderName) -> &str {
        self.headers.get(name).unwrap().to_str().unwrap()
    }
}

impl Site {
    async fn get_in(&self, lang: &str, path: &str) -> Answer {
        let request = Request::builder()
            .uri(path)
            .header(header::ACCEPT_LANGUAGE, lang)
            .body(Body::empty())
            .unwrap();
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 24)
            .await
            .unwrap()
            .to_vec();
        Answer {
            status,
            headers,
            bytes,
        }
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        let answer = self.get_in("en", path).await;
        (answer.status, answer.json())
    }

    /// A hot-seat game between alice and bob on 8×8, started as the terminal starts one.
    async fn hot_seat(&self) -> GameId {
        let options = ChallengeOptions {
            variant: "size 8".parse().unwrap(),
            rated: false,
            ..ChallengeOptions::default()
        };
        let challenge = self
            .service
            .challenge(
                &machine_actor(player("alice")),
                Some(&player("bob")),
                options,
                Venue::default(),
            )
            .await
            .unwrap();
        self.service
            .accept(challenge.id, &machine_actor(player("bob")))
            .await
            .unwrap()
            .id
    }

    /// Plays the first legal placement (in reading order) for the player to move; returns it.
    async fn place(&self, id: GameId) -> Move {
        let view = self.service.game(id).await.unwrap();
        let (_, mover) = view.to_move().unwrap();
        let mv = first_placement(&view.game);
        self.service
            .play(id, mover.id, mv, Some(view.version))
            .await
            .unwrap();
        mv
    }

    /// Plays the game to its end: each turn the first placement while one fits, else a
    /// bridge while one fits, else a pass.
    async fn play_out(&self, id: GameId) {
        loop {
            let view = self.service.game(id).await.unwrap();
            let Some((color, mover)) = view.to_move() else {
                return;
            };
            let mv = placement(&view.game)
                .or_else(|| {
                    let board = view.game.board();
                    board.legal_bridges(color).first().map(|bridge| {
                        let [a, b] = bridge.ends();
                        Move::Bridge(a, b)
                    })
                })
                .filter(|mv| view.game.is_legal(*mv))
                .unwrap_or(Move::Pass);
            self.service
                .play(id, mover.id, mv, Some(view.version))
                .await
                .unwrap();
        }
    }
}

fn first_placement(game: &Game) -> Move {
    placement(game).expect("a placement left")
}

fn placement(game: &Game) -> Option<Move> {
    let size = game.variant().size();
    let cells: Vec<String> = (0..size)
        .flat_map(|row| (0..size).map(move |col| format!("{}{}", (b'a' + col) as char, row + 1)))
        .collect();
    for a in &cells {
        for b in &cells {
            if let Ok(mv) = format!("{a} {b}").parse::<Move>()
                && game.is_legal(mv)
            {
                return Some(mv);
            }
        }
    }
    None
}

#[tokio::test]
async fn the_view_counts_each_side_as_the_engine_does_and_lists_the_moves() {
    let site = site().await;
    let id = site.hot_seat().await;
    let mut played = Vec::new();
    for _ in 0..5 {
        played.push(site.place(id).await);
    }
    let engine = site.service.game(id).await.unwrap().game;
    let (status, view) = site.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    for (i, color) in [Color::White, Color::Red].into_iter().enumerate() {
        let side = &view["sides"][i];
        let score = engine.score(color);
        assert_eq!(side["color"], color.name());
        assert_eq!(side["points"], score.points, "{side}");
        assert_eq!(side["islands"], score.islands, "{side}");
        assert_eq!(side["bridges"], score.bridges, "{side}");
        assert_eq!(
            side["tiles_left"],
            serde_json::json!(engine.tiles_left(color)),
            "{side}"
        );
    }
    assert_eq!(view["sides"][0]["name"], "alice");
    assert_eq!(view["sides"][1]["name"], "bob");
    assert_eq!(
        view["bridges_left"],
        serde_json::json!(engine.bridges_left())
    );
    assert_eq!(view["plies"], 5);
    let moves = view["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    for (n, (line, mv)) in moves.iter().zip(&played).enumerate() {
        assert_eq!(line["number"], n + 1);
        assert_eq!(line["move"], mv.to_string());
        assert_eq!(
            line["by"],
            if n % 2 == 0 { "alice" } else { "bob" },
            "{line}"
        );
    }
    assert_eq!(view["pie_choice"], false);
    assert_eq!(view["clock"], Value::Null, "an untimed game has no clock");
    assert_eq!(view["ending"], Value::Null);
}

#[tokio::test]
async fn the_status_says_whose_turn_and_what_was_played_in_the_pages_language() {
    let site = site().await;
    let id = site.hot_seat().await;
    let first = site.place(id).await;
    let path = format!("/api/games/{id}");
    let status = |lang: &'static str| {
        let path = path.clone();
        let site = &site;
        async move {
            site.get_in(lang, &path).await.json()["status"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    let en = status("en").await;
    // In a hot-seat game the page moves for whoever is to move: Red (bob) choosing the pie.
    assert!(en.starts_with("Your move (Red)."), "{en}");
    assert!(en.contains(&format!(" played {first}.")), "{en}");
    assert!(en.contains("Swap to take White"), "{en}");
    let de = status("de").await;
    assert!(de.starts_with("Du bist am Zug (Rot)."), "{de}");
    assert!(de.contains(&format!(" spielte {first}.")), "{de}");
    let fr = status("fr").await;
    assert!(fr.starts_with("À toi de jouer (Rouge)."), "{fr}");
    assert!(fr.contains(&format!(" a joué {first}.")), "{fr}");
}

#[tokio::test]
async fn a_game_scored_at_its_end_explains_the_score_as_discord_does() {
    let site = site().await;
    let id = site.hot_seat().await;
    site.play_out(id).await;
    let (status, view) = site.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["over"], true);
    let ending = &view["ending"];
    let result = ending["result"].as_str().unwrap();
    assert!(
        view["status"].as_str().unwrap().starts_with("Game over: "),
        "{view}"
    );
    assert!(view["status"].as_str().unwrap().contains(result), "{view}");
    let scores = ending["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 2);
    assert!(
        scores[0].as_str().unwrap().starts_with("alice (white): "),
        "{ending}"
    );
    assert!(
        scores[1].as_str().unwrap().starts_with("bob (red): "),
        "{ending}"
    );
    let end_of_play = ending["end_of_play"].as_str().unwrap();
    assert!(end_of_play.contains("passed"), "{ending}");
    let de = site.get_in("de", &format!("/api/games/{id}")).await.json();
    assert!(
        de["status"]
            .as_str()
            .unwrap()
            .starts_with("Partie vorbei: "),
        "{de}"
    );
}

#[tokio::test]
async fn the_list_holds_the_open_games_newest_first_with_whose_turn() {
    let site = site().await;
    let (status, list) = site.get("/api/games").await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["games"].as_array().unwrap().len(), 0);
    let older = site.hot_seat().await;
    let newer = site.hot_seat().await;
    site.place(newer).await;
    let (_, list) = site.get("/api/games").await;
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{list}");
    assert_eq!(games[0]["id"], newer.get());
    assert_eq!(games[1]["id"], older.get());
    assert_eq!(games[0]["to_move"], "red");
    assert_eq!(games[0]["white"], "alice");
    assert_eq!(games[0]["red"], "bob");
    assert_eq!(games[0]["over"], false);
    assert_eq!(games[0]["status"], "your turn (red)");
    assert_eq!(games[1]["to_move"], "white");
}

#[tokio::test]
async fn history_gives_the_position_after_each_number_of_moves() {
    let site = site().await;
    let id = site.hot_seat().await;
    let mut played = Vec::new();
    for _ in 0..4 {
        played.push(site.place(id).await);
    }
    let (status, start) = site.get(&format!("/api/games/{id}/positions/0")).await;
    assert_eq!(status, StatusCode::OK, "{start}");
    assert_eq!(start["n"], 0);
    assert_eq!(start["total"], 4);
    assert_eq!(start["move"], Value::Null);
    assert_eq!(start["tiles"].as_array().unwrap().len(), 0);
    assert_eq!(start["size"], 8);

    let (status, middle) = site.get(&format!("/api/games/{id}/positions/2")).await;
    assert_eq!(status, StatusCode::OK, "{middle}");
    assert_eq!(middle["move"], played[1].to_string());
    assert_eq!(middle["tiles"].as_array().unwrap().len(), 4);
    assert_eq!(middle["words"], format!("Move 2 of 4: {}", played[1]));
    let Move::Place(a, b) = played[1] else {
        panic!("a placement")
    };
    assert_eq!(
        middle["last_move"],
        serde_json::json!([a.to_string(), b.to_string()])
    );

    let (_, last) = site.get(&format!("/api/games/{id}/positions/4")).await;
    let (_, now) = site.get(&format!("/api/games/{id}")).await;
    assert_eq!(
        last["tiles"], now["tiles"],
        "the last position is the game's own"
    );

    let (status, _) = site.get(&format!("/api/games/{id}/positions/5")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = site.get(&format!("/api/games/{id}/positions/x")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = site.get("/api/games/99/positions/0").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_record_and_the_replay_download_as_files() {
    let site = site().await;
    let id = site.hot_seat().await;
    let first = site.place(id).await;
    let second = site.place(id).await;

    let record = site.get_in("en", &format!("/api/games/{id}/record")).await;
    assert_eq!(record.status, StatusCode::OK);
    assert!(
        record
            .header(header::CONTENT_TYPE)
            .starts_with("text/plain")
    );
    assert_eq!(
        record.header(header::CONTENT_DISPOSITION),
        format!("attachment; filename=\"game-{id}.txt\"")
    );
    let text = String::from_utf8(record.bytes).unwrap();
    assert!(
        text.contains(&first.to_string()) && text.contains(&second.to_string()),
        "{text}"
    );

    let gif = site
        .get_in("de", &format!("/api/games/{id}/replay.gif"))
        .await;
    assert_eq!(gif.status, StatusCode::OK);
    assert_eq!(gif.header(header::CONTENT_TYPE), "image/gif");
    assert_eq!(
        gif.header(header::CONTENT_DISPOSITION),
        format!("attachment; filename=\"game-{id}.gif\"")
    );
    assert!(gif.bytes.starts_with(b"GIF89a"), "real GIF bytes");

    for path in ["record", "replay.gif", "analysis"] {
        let answer = site.get_in("en", &format!("/api/games/99/{path}")).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn the_analysis_is_asked_for_and_said_to_be_on_its_way() {
    let site = site().await;
    let id = site.hot_seat().await;
    site.place(id).await;
    // A game still played has no analysis yet: refused in words.
    let going_on = site
        .get_in("en", &format!("/api/games/{id}/analysis"))
        .await;
    assert_eq!(going_on.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!going_on.json()["error"].as_str().unwrap().is_empty());
    site.play_out(id).await;
    // No AI worker runs here: the analysis is queued, and the page is told to ask again.
    let asked = site
        .get_in("fr", &format!("/api/games/{id}/analysis"))
        .await;
    assert_eq!(asked.status, StatusCode::ACCEPTED);
    let answer = asked.json();
    assert_eq!(answer["ready"], false);
    assert!(
        answer["words"].as_str().unwrap().contains("L’IA"),
        "{answer}"
    );
}
