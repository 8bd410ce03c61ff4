//! `ponte web`: the board in a browser, served on this machine. A front end like `src/local`
//! (and, like it, playing as this machine's players, `seat.rs`): routes that turn a request
//! into one service call and its answer into JSON (`games.rs` reads games, `start.rs` starts
//! one, `moves.rs` makes moves and says which may be made; the board's JSON in `view.rs`), the
//! live channel of a game's changes (`events.rs`), and the page's files from `assets/web/`,
//! built into the binary; no other website's page may change anything (`origin.rs`), and
//! every refusal is said in words (`refusals.rs`).
//!
//! The same site is also the public board the bot serves (`public.rs`): there a player logs in
//! with a personal link from Discord (`doors.rs`), who looks is the session's player or no one
//! (`viewer.rs`, which also names games by their page addresses and keeps watchers from
//! moving), and logins and moves are limited per address and per player (`guard.rs`). Starting
//! games, lessons, puzzles and hints are this machine's board's only.

mod api;
mod doors;
mod downloads;
mod events;
mod games;
mod guard;
mod hints;
mod history;
mod lang;
mod lessons;
mod moves;
mod origin;
mod position;
mod public;
mod puzzles;
mod refusals;
mod seat;
mod start;
mod view;
mod viewer;
mod words;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, header};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tracing::info;

use crate::service::{Player, Service};
use crate::stop::Signals;

pub use lang::{CHOSEN_LANG, PageLang};
pub use position::PositionView;
pub use public::{public_router, serve_public};
pub use view::BoardView;
pub use words::Words;

/// The port `ponte web` listens on unless told: none of the usual development servers'.
pub const DEFAULT_PORT: u16 = 7157;

/// Only this host's own files, scripts, styles and connections: the page needs nothing else,
/// and a page that can load nothing else cannot be made to.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
    form-action 'self'; frame-ancestors 'none'";

/// The largest request body: a move is a few dozen bytes.
const BODY_LIMIT: usize = 16 * 1024;

/// How long open connections may take to close after a stop before they are dropped.
const CLOSING: Duration = Duration::from_secs(5);

/// What every route shares: the service, which kind of board this is, and the stop signal
/// that ends the live streams.
#[derive(Clone)]
struct Web {
    service: Arc<Service>,
    doors: Doors,
    stop: watch::Receiver<bool>,
}

/// Who may come in: this machine's player (`ponte web`), or whoever logs in with a link from
/// Discord (the public board the bot serves).
#[derive(Clone)]
enum Doors {
    ThisMachine(Player),
    Logins(Arc<public::PublicSite>),
}

/// The whole site: the API under `/api`, the page's files at the root, and the headers every
/// answer carries. `stop` turning true ends every live stream, so that a stop is not held up by
/// an open page.
pub fn router(service: Arc<Service>, player: Player, stop: watch::Receiver<bool>) -> Router {
    let web = Web {
        service,
        doors: Doors::ThisMachine(player),
        stop,
    };
    let only_here = start::routes()
        .merge(lessons::routes())
        .merge(puzzles::routes())
        .merge(hints::routes());
    let files = page_files().into_router();
    let site = game_routes().merge(only_here).with_state(web).merge(files);
    guarded(
        site.layer(axum::middleware::from_fn(refusals::in_words)),
        origin::OwnSite::Host,
    )
}

/// The routes both kinds of board serve: reading and watching games, moving in them, the
/// page's words, who the page is for.
fn game_routes() -> Router<Web> {
    moves::routes()
        .merge(events::routes())
        .merge(games::routes())
        .merge(history::routes())
        .merge(downloads::routes())
        .merge(words::routes())
        .merge(doors::me_route())
}

/// The page's files, built into the binary.
fn page_files() -> memory_serve::MemoryServe {
    memory_serve::load!()
        .index_file(Some("/index.html"))
        // A new ponte never runs an old app.js from the browser's cache.
        .html_cache_control(memory_serve::CacheControl::NoCache)
        .cache_control(memory_serve::CacheControl::NoCache)
}

/// What every answer of either board goes through: the check of other sites' requests, the
/// bound on bodies, compression, and the headers that keep the page to its own files.
fn guarded(site: Router, own: origin::OwnSite) -> Router {
    site.layer(axum::middleware::from_fn_with_state(
        own,
        origin::same_site_only,
    ))
    .layer(DefaultBodyLimit::max(BODY_LIMIT))
    .layer(CompressionLayer::new())
    .layer(header_layer(
        header::CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY,
    ))
    .layer(header_layer(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
    .layer(header_layer(header::REFERRER_POLICY, "no-referrer"))
}

fn header_layer(
    name: header::HeaderName,
    value: &'static str,
) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
}

/// Serves the board on `listener`, with the AI's worker answering its games, until a signal:
/// then the live streams end, open requests get [`CLOSING`] to finish, and it returns.
///
/// # Errors
/// When the server fails to accept connections.
pub async fn serve(
    service: Arc<Service>,
    player: Player,
    listener: TcpListener,
    mut signals: Signals,
) -> std::io::Result<()> {
    // The AI's worker answers the games against it, as the bot's does.
    tokio::spawn(service.clone().run_ai());
    // And its analyses, which the page's downloads ask for.
    tokio::spawn(service.clone().run_analyses());
    let (stop, stopped) = watch::channel(false);
    let app = router(service, player, stopped.clone());
    let mut until_stopped = stopped;
    let server = axum::serve(listener, app).with_graceful_shutdown(async move {
        let _ = until_stopped.wait_for(|stopped| *stopped).await;
    });
    let mut server = tokio::spawn(server.into_future());
    tokio::select! {
        served = &mut server => return served.unwrap_or(Ok(())),
        () = signals.next() => {}
    }
    info!("stopping: closing the open pages");
    let _ = stop.send(true);
    match tokio::time::timeout(CLOSING, &mut server).await {
        Ok(served) => served.unwrap_or(Ok(())),
        Err(_) => {
            info!("connections still open after {CLOSING:?}: dropped");
            server.abort();
            Ok(())
        }
    }
}

/// Logs to standard error, `info` and up unless `RUST_LOG` says otherwise.
pub fn start_logs() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
}
