//! The public board's doors: a personal login link (given in Discord, its secret in the
//! address's fragment, read by the page's script) is first shown — who and which game — and
//! spent only on the player's confirmation, for a session cookie; a logout ends every session
//! of the player. `GET /api/me` says, in both kinds of board, who the page is for.
//!
//! Neither a link's secret nor a session's is ever logged: they go from the request to the
//! service and from the service to the cookie, and nowhere else.

use axum::extract::State;
use axum::extract::rejection::JsonRejection;
use axum::routing::{get, post};
use axum::{Json, Router};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use serde::{Deserialize, Serialize};

use super::api::Refused;
use super::lang::PageLang;
use super::viewer::{SESSION_COOKIE, Viewer};
use super::{Doors, Web};
use crate::service::SESSION_LIFETIME;
use crate::tr;

/// The public board's routes of logging in and out.
pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/api/login/offer", post(offer))
        .route("/api/login", post(log_in))
        .route("/api/logout", post(log_out))
}

/// `GET /api/me`, on both kinds of board.
pub(super) fn me_route() -> Router<Web> {
    Router::new().route("/api/me", get(me))
}

/// A login link's secret as the page sends it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkRequest {
    pub link: String,
}

/// What a link would open, before it is spent.
#[derive(Debug, Serialize)]
pub struct OfferJson {
    pub player: String,
    pub game: i64,
    pub page: String,
    /// "Continue as alice in game #12?"
    pub question: String,
}

/// Where a session opened by a link goes first.
#[derive(Debug, Serialize)]
pub struct LoggedIn {
    pub page: String,
}

#[derive(Debug, Serialize)]
pub struct LoggedOut {
    /// How many sessions of the player ended.
    pub ended: u64,
}

#[derive(Debug, Serialize)]
pub struct Me {
    /// `local` (this machine's board) or `public`.
    pub mode: &'static str,
    pub player: Option<String>,
}

/// `POST /api/login/offer`: who and which game the link would log in; spends nothing.
async fn offer(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    body: Result<Json<LinkRequest>, JsonRejection>,
) -> Result<Json<OfferJson>, Refused> {
    let Json(request) = body.map_err(|rejection| Refused::body(&rejection))?;
    let offer = (web.service.login_offer(&request.link).await)
        .map_err(|error| Refused::service(&error, lang))?;
    let question = tr!(
        lang,
        "doors-continue-as",
        name = offer.player.name.as_str(),
        game = offer.game.get()
    );
    Ok(Json(OfferJson {
        player: offer.player.name,
        game: offer.game.get(),
        page: offer.page,
        question,
    }))
}

/// `POST /api/login`: spends the link on a session, whose secret goes into the cookie.
async fn log_in(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    jar: CookieJar,
    body: Result<Json<LinkRequest>, JsonRejection>,
) -> Result<(CookieJar, Json<LoggedIn>), Refused> {
    let Json(request) = body.map_err(|rejection| Refused::body(&rejection))?;
    let session = (web.service.log_in(&request.link).await)
        .map_err(|error| Refused::service(&error, lang))?;
    tracing::info!(player = %session.player.name, "logged in on the web board");
    let cookie = session_cookie(session.secret, web.secure());
    Ok((jar.add(cookie), Json(LoggedIn { page: session.page })))
}

/// The session cookie: never read by the page's script (`HttpOnly`), sent with the site's own
/// requests and top-level visits from elsewhere but with no other site's requests
/// (`SameSite=Lax`), for the session's whole life, over HTTPS only when the board is.
fn session_cookie(secret: String, secure: bool) -> Cookie<'static> {
    Cookie::build((SESSION_COOKIE, secret))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .max_age(time::Duration::milliseconds(SESSION_LIFETIME))
        .secure(secure)
        .build()
}

/// `POST /api/logout`: ends every session of the logged-in player (as `/web logout` does) and
/// the cookie of this browser; no one logged in: nothing ends.
async fn log_out(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    jar: CookieJar,
) -> Result<(CookieJar, Json<LoggedOut>), Refused> {
    let ended = match &viewer {
        Viewer::LoggedIn(holder) => {
            let ended = (web.service.log_out_everywhere(holder.player.id).await)
                .map_err(|error| Refused::service(&error, lang))?;
            tracing::info!(player = %holder.player.name, ended, "logged out of the web board");
            ended
        }
        Viewer::Machine(_) | Viewer::Anonymous => 0,
    };
    let gone = Cookie::build((SESSION_COOKIE, "")).path("/").build();
    Ok((jar.remove(gone), Json(LoggedOut { ended })))
}

/// `GET /api/me`: which board this is and who the page is for.
async fn me(State(web): State<Web>, viewer: Viewer) -> Json<Me> {
    let mode = match web.doors {
        Doors::ThisMachine(_) => "local",
        Doors::Logins(_) => "public",
    };
    Json(Me {
        mode,
        player: viewer.player().map(|player| player.name.clone()),
    })
}
