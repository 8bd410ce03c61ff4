//! `GET /api/games/{id}/events`: server-sent events telling an open page that its game has a
//! new version, so it fetches the game again. One-way pushes are all the page needs (moves go
//! as ordinary requests), and the browser's `EventSource` reconnects by itself.

use std::convert::Infallible;

use axum::Router;
use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use futures_util::Stream;

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use super::viewer::Viewer;

pub(super) fn routes() -> Router<Web> {
    Router::new().route("/api/games/{id}/events", get(events))
}

/// The game's version now, then each new one as it is saved, until the server stops.
async fn events(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, Refused> {
    let id = web.game_at(&id, lang).await?;
    // Subscribed before the read, so that no change between the two is missed.
    let changes = web.service.watch_game(id);
    let now = web.watched(id, &viewer, lang).await?.version;
    let start = (changes, web.stop, Some(now));
    let stream =
        futures_util::stream::unfold(start, move |(mut changes, mut stop, first)| async move {
            if let Some(version) = first {
                return Some((Ok(changed(version)), (changes, stop, None)));
            }
            let woken = tokio::select! {
                _ = stop.wait_for(|stopped| *stopped) => false,
                change = changes.changed() => change.is_ok(),
            };
            if !woken {
                return None;
            }
            // Only the newest version matters: the page fetches the game at it.
            let version = *changes.borrow_and_update();
            Some((Ok(changed(version)), (changes, stop, None)))
        });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

fn changed(version: i64) -> Event {
    Event::default().event("changed").data(version.to_string())
}
