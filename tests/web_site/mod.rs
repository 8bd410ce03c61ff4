//! What the in-process tests of `ponte web` share: its router over a service on a real SQLite
//! file, alice as this machine's player, no AI running (the AI's turns wait), and requests to
//! it answered as a status and JSON.

#![allow(dead_code)]

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use ponte::service::{Player, PlayerId, Service};
use serde_json::Value;
use tower::ServiceExt;

/// The address every request names as its `Host`, as a browser on `ponte web`'s default port does.
pub const HOST: &str = "127.0.0.1:7157";

pub struct Site {
    pub router: Router,
    pub service: Arc<Service>,
    pub dir: tempfile::TempDir,
    _stop: tokio::sync::watch::Sender<bool>,
}

pub fn alice() -> Player {
    Player::new(PlayerId::of_terminal("alice"), "alice")
}

pub async fn site() -> Site {
    site_in(tempfile::tempdir().unwrap()).await
}

/// The site on the database in `dir` (a new start of the page keeps what the last saved).
pub async fn site_in(dir: tempfile::TempDir) -> Site {
    let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
    let service = Arc::new(Service::open(&url).await.unwrap());
    let (stop, stopped) = tokio::sync::watch::channel(false);
    Site {
        router: ponte::web::router(service.clone(), alice(), stopped),
        service,
        dir,
        _stop: stop,
    }
}

impl Site {
    pub async fn call(&self, method: &str, path: &str, body: Option<&str>) -> (StatusCode, Value) {
        self.send(method, path, &[], body).await
    }

    /// A request whose `Accept-Language` is `lang`, if any.
    pub async fn call_in(
        &self,
        lang: Option<&str>,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> (StatusCode, Value) {
        let headers = lang.map(|lang| ("accept-language", lang));
        self.send(method, path, headers.as_slice(), body).await
    }

    /// A request with these headers besides its `Host`, and a JSON body if any.
    pub async fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .header(header::HOST, HOST);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if body.is_some() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let request = request
            .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
            .unwrap();
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&bytes)));
        (status, value)
    }

    /// A new game against easy with the defaults, alice opening: its number.
    pub async fn start(&self) -> i64 {
        let (status, game) = self.call("POST", "/api/games", None).await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["you"], "white");
        assert_eq!(game["to_move"], "white");
        game["id"].as_i64().unwrap()
    }

    pub async fn version(&self, id: i64) -> i64 {
        let (status, game) = self.call("GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        game["version"].as_i64().unwrap()
    }
}
