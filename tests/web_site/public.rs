//! The public web board (what `ponte bot` serves with `WEB_ADDR` and `PUBLIC_URL`) in process,
//! on a real SQLite file and a hand-moved clock: a game between alice and bob in a server, its
//! page address, players logged in through the routes, requests from the board's own page.
//! A test file takes it with `#[path = "web_site/public.rs"] mod public_board;` beside
//! `mod common;`.

#![allow(dead_code)]

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use ponte::i18n::Lang;
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, ChallengeOptions, GameView, ManualClock, Player, PlayerId, Service, Venue,
};
use serde_json::Value;
use tower::ServiceExt;

use crate::common::{service_on_a_hand_clock, start_game};

pub const URL: &str = "https://ponte.example.org";
pub const GUILD: GuildId = GuildId::from_snowflake(77);

pub struct Board {
    pub router: Router,
    pub service: Arc<Service>,
    pub clock: Arc<ManualClock>,
    pub game: GameView,
    pub page: String,
    _dir: tempfile::TempDir,
    _stop: tokio::sync::watch::Sender<bool>,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub json: Value,
}

pub fn player(n: u64, name: &str) -> Player {
    Player::new(PlayerId::from_snowflake(1000 + n), name)
}

pub fn venue() -> Venue {
    Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(5)),
    }
}

/// The public board at `url`, with a game between alice (White, to move) and bob, and one
/// between carol and dave.
pub async fn board_at(url: &str) -> Board {
    let (dir, clock, service) = service_on_a_hand_clock().await;
    let options = ChallengeOptions::default();
    let game = start_game(
        &service,
        &player(1, "alice"),
        &player(2, "bob"),
        options,
        venue(),
    )
    .await;
    let other = ChallengeOptions::default();
    start_game(
        &service,
        &player(3, "carol"),
        &player(4, "dave"),
        other,
        venue(),
    )
    .await;
    let page = service.game_page(game.id).await.unwrap();
    let (stop, stopped) = tokio::sync::watch::channel(false);
    Board {
        router: ponte::web::public_router(service.clone(), url.to_string(), stopped),
        service,
        clock,
        game,
        page,
        _dir: dir,
        _stop: stop,
    }
}

pub async fn board() -> Board {
    board_at(URL).await
}

impl Board {
    /// A request from the board's own page (its `Origin` on a POST), with these headers too.
    pub async fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(path);
        if method == "POST" && !headers.iter().any(|(name, _)| *name == "origin") {
            request = request.header(header::ORIGIN, URL);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if body.is_some() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
        let response = self
            .router
            .clone()
            .oneshot(request.body(body).unwrap())
            .await
            .unwrap();
        let (status, headers) = (response.status(), response.headers().clone());
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
            .await
            .unwrap();
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Answer {
            status,
            headers,
            json,
        }
    }

    /// A login link for player `n` of the game `game` (1: alice, 2: bob, 3: carol...).
    pub async fn link(&self, n: u64, name: &str, lang: Lang) -> String {
        let games = self.service.active_games(player(n, name).id).await.unwrap();
        let actor = Actor::member(player(n, name), Some(GUILD));
        let link = self.service.login_link(&actor, games[0].id, lang);
        link.await.unwrap().secret
    }

    /// Logs in with `secret` through the routes: the `Cookie` header to send afterwards.
    pub async fn log_in(&self, secret: &str) -> String {
        let body = format!(r#"{{"link": "{secret}"}}"#);
        let answer = self.send("POST", "/api/login", &[], Some(&body)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.json);
        let set = answer.headers[header::SET_COOKIE].to_str().unwrap();
        set.split(';').next().unwrap().to_string()
    }

    pub async fn session(&self, n: u64, name: &str) -> String {
        let secret = self.link(n, name, Lang::En).await;
        self.log_in(&secret).await
    }

    pub async fn version(&self) -> i64 {
        self.service.game(self.game.id).await.unwrap().version
    }

    /// A move sent by whoever `cookie` names (none: no one logged in).
    pub async fn play(&self, cookie: Option<&str>, mv: &str, version: i64) -> Answer {
        let body = format!(r#"{{"move": "{mv}", "version": {version}}}"#);
        let path = format!("/api/games/{}/moves", self.page);
        let headers: Vec<(&str, &str)> = cookie.map(|c| ("cookie", c)).into_iter().collect();
        self.send("POST", &path, &headers, Some(&body)).await
    }
}

pub fn error(answer: &Answer) -> &str {
    answer.json["error"].as_str().unwrap_or_default()
}
