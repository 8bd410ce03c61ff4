//! The public board the bot serves at `PUBLIC_URL`: the same page and game routes as
//! `ponte web`, behind logins (`doors.rs`), with games named by their page addresses, and
//! guarded for the internet: only the board's own origin may change anything, logins and
//! moves are limited (`guard.rs`), every request has a time limit (but not the live stream
//! once it flows), and so has reading a request's headers, against clients that send them a
//! byte at a time. HTTPS is the reverse proxy's; when `PUBLIC_URL` is https, the cookie is
//! `Secure` and browsers are told to come back over HTTPS only (HSTS).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{StatusCode, header};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::Service as _;
use tower_http::timeout::TimeoutLayer;
use tracing::info;

use super::guard::{Limits, limited};
use super::origin::{OwnSite, origin_of};
use super::viewer::identify;
use super::{CLOSING, Doors, Web, doors, game_routes, guarded, header_layer, refusals};
use crate::service::Service;

/// How long a request may take to be answered (a live stream's answer begins at once, and then
/// flows for as long as the page is open).
const REQUEST_TIME: Duration = Duration::from_secs(30);

/// How long a client may take to send a request's headers.
const HEADER_TIME: Duration = Duration::from_secs(10);

/// What the public board knows of itself.
pub(super) struct PublicSite {
    /// `PUBLIC_URL`'s origin, the only one whose pages may change anything.
    origin: Arc<str>,
    /// Whether `PUBLIC_URL` is https.
    pub(super) secure: bool,
    limits: Arc<Limits>,
}

impl Web {
    /// Whether the board is reached over HTTPS: its cookie is then sent over HTTPS only.
    pub(super) fn secure(&self) -> bool {
        matches!(&self.doors, Doors::Logins(site) if site.secure)
    }
}

/// The public board at `public_url` (e.g. `https://ponte.example.org`) on `service`; `stop`
/// turning true ends the live streams.
// The address is taken as `serve_public` takes it, an owned `String`, as the bot holds it.
#[allow(clippy::needless_pass_by_value)]
pub fn public_router(
    service: Arc<Service>,
    public_url: String,
    stop: watch::Receiver<bool>,
) -> Router {
    let origin = origin_of(&public_url);
    let secure = origin.starts_with("https://");
    let site = Arc::new(PublicSite {
        origin: origin.into(),
        secure,
        limits: Arc::new(Limits::new()),
    });
    let web = Web {
        service,
        doors: Doors::Logins(site.clone()),
        stop,
    };
    // The page's own addresses: a login link's and a game's page show the one page.
    let files = super::page_files()
        .add_alias("/login", "/index.html")
        .add_alias("/g/{page}", "/index.html")
        .into_router();
    let app = game_routes()
        .merge(doors::routes())
        .with_state(web.clone())
        .merge(files)
        .layer(axum::middleware::from_fn(refusals::in_words))
        .layer(axum::middleware::from_fn_with_state(
            site.limits.clone(),
            limited,
        ))
        .layer(axum::middleware::from_fn_with_state(web, identify))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIME,
        ));
    let app = guarded(app, OwnSite::Exactly(site.origin.clone()));
    if secure {
        app.layer(header_layer(
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=31536000",
        ))
    } else {
        app
    }
}

/// Serves the public board on `listener` until `stop` turns true: then the live streams end,
/// open requests get a few seconds to finish, and it returns. The AI's and the analyses'
/// workers are the bot's to run.
///
/// # Errors
/// None yet: a failed accept is logged and the next one awaited.
pub async fn serve_public(
    service: Arc<Service>,
    public_url: String,
    listener: TcpListener,
    stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let app = public_router(service, public_url, stop.clone());
    // The guard `wait_for` returns is not `Send`: dropped here, so the server can be spawned.
    let mut stop = stop;
    let stopping = async move {
        let _ = stop.wait_for(|stopped| *stopped).await;
    };
    tokio::pin!(stopping);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIME);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait a little, as axum::serve does.
                    tracing::warn!(%error, "a connection could not be accepted");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            },
            () = &mut stopping => break,
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request| {
            request
                .extensions_mut()
                .insert(ConnectInfo::<SocketAddr>(peer));
            app.clone().call(request)
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "a connection ended with an error");
            }
        });
    }
    info!("stopping the web board: closing the open pages");
    if tokio::time::timeout(CLOSING, graceful.shutdown())
        .await
        .is_err()
    {
        info!("web connections still open after {CLOSING:?}: dropped");
    }
    Ok(())
}
