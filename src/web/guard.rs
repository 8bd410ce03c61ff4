//! The public board's limits: how many logins and moves one address and one player may send,
//! refused beyond with 429 and words (governor's keyed limiters, in memory); and which address
//! a request comes from.
//!
//! The address: the connection's peer, except when the peer is this machine (a reverse proxy
//! on it, where every request seems to come from 127.0.0.1): then the last address of
//! `X-Forwarded-For`, the one the proxy itself added. A client's own `X-Forwarded-For` reaches
//! the server only through the proxy, which appends the true address after it; from anywhere
//! but this machine the header is not believed at all.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;

use axum::Json;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::api::Refusal;
use super::lang::PageLang;
use super::viewer::Viewer;
use crate::service::PlayerId;

/// Who a limit counts for.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
enum Sender {
    Address(IpAddr),
    Player(PlayerId),
}

/// The limiters of one public board.
pub(super) struct Limits {
    logins: DefaultKeyedRateLimiter<Sender>,
    moves: DefaultKeyedRateLimiter<Sender>,
}

/// Kept senders above which the limiters forget those back to a full allowance.
const REMEMBERED: usize = 10_000;

fn quota(burst: u32, per_minute: u32) -> Quota {
    let nonzero = |n: u32| NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
    Quota::per_minute(nonzero(per_minute)).allow_burst(nonzero(burst))
}

impl Limits {
    pub(super) fn new() -> Limits {
        Limits {
            // Logging in and out: a few at once (a link opened, confirmed), then one every
            // six seconds; guessing a link's 256 bits gets nowhere either way.
            logins: RateLimiter::keyed(quota(10, 10)),
            // Moves: a player plays one every few seconds at most; an address may be a whole
            // household or club behind one router.
            moves: RateLimiter::keyed(quota(20, 120)),
        }
    }

    /// Whether `sender` may do one more of what `limiter` counts; if not, how many seconds
    /// until it may.
    fn allow(limiter: &DefaultKeyedRateLimiter<Sender>, sender: Sender) -> Result<(), u64> {
        if limiter.len() > REMEMBERED {
            limiter.retain_recent();
        }
        limiter.check_key(&sender).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            wait.as_secs() + 1
        })
    }
}

/// What a request is, for the limits.
fn limiter_of<'a>(
    limits: &'a Limits,
    request: &Request,
) -> Option<&'a DefaultKeyedRateLimiter<Sender>> {
    if request.method() != Method::POST {
        return None;
    }
    let path = request.uri().path();
    if matches!(path, "/api/login/offer" | "/api/login" | "/api/logout") {
        return Some(&limits.logins);
    }
    let is_move =
        path.starts_with("/api/games/") && (path.ends_with("/moves") || path.ends_with("/resign"));
    is_move.then_some(&limits.moves)
}

/// Counts a request against its address's and its player's allowance; refuses it beyond.
pub(super) async fn limited(
    State(limits): State<std::sync::Arc<Limits>>,
    request: Request,
    next: Next,
) -> Response {
    let Some(limiter) = limiter_of(&limits, &request) else {
        return next.run(request).await;
    };
    let address = Sender::Address(client_address(&request));
    let player = match request.extensions().get::<Viewer>() {
        Some(Viewer::LoggedIn(holder)) => Some(Sender::Player(holder.player.id)),
        _ => None,
    };
    let allowed = Limits::allow(limiter, address)
        .and_then(|()| player.map_or(Ok(()), |player| Limits::allow(limiter, player)));
    match allowed {
        Ok(()) => next.run(request).await,
        Err(seconds) => too_many(&request, seconds),
    }
}

fn too_many(request: &Request, seconds: u64) -> Response {
    tracing::info!(path = %request.uri().path(), "a request over the limit refused");
    let PageLang(lang) = PageLang::of(request.headers(), request.extensions());
    let error = crate::tr!(lang, "web-too-many");
    let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(Refusal { error })).into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}

/// The address a request comes from (see the module's words): the peer, or behind a proxy on
/// this machine the address the proxy saw. A request with no connection (in process) is this
/// machine's.
pub(super) fn client_address(request: &Request) -> IpAddr {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |info| info.0.ip());
    if !peer.is_loopback() {
        return peer;
    }
    forwarded_for(request.headers()).unwrap_or(peer)
}

/// The last address of the last `X-Forwarded-For`: the one the nearest proxy added.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    last.to_str().ok()?.rsplit(',').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;

    fn request(peer: &str, forwarded: &[&str]) -> Request {
        let mut request = Request::builder().uri("/api/login");
        for value in forwarded {
            request = request.header("x-forwarded-for", *value);
        }
        let mut request = request.body(Body::empty()).unwrap();
        let peer: SocketAddr = peer.parse().unwrap();
        request.extensions_mut().insert(ConnectInfo(peer));
        request
    }

    #[test]
    fn only_a_proxy_on_this_machine_is_believed() {
        let address = |peer, forwarded: &[&str]| client_address(&request(peer, forwarded));
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        assert_eq!(
            address("203.0.113.9:5000", &["198.51.100.1"]),
            ip("203.0.113.9")
        );
        assert_eq!(address("127.0.0.1:5000", &[]), ip("127.0.0.1"));
        assert_eq!(
            address("127.0.0.1:5000", &["10.0.0.1, 198.51.100.7"]),
            ip("198.51.100.7"),
            "the address the proxy added, not what the client claimed before it"
        );
        assert_eq!(
            address("[::1]:5000", &["10.0.0.1", "198.51.100.8"]),
            ip("198.51.100.8")
        );
        assert_eq!(address("127.0.0.1:5000", &["junk"]), ip("127.0.0.1"));
    }

    #[test]
    fn a_burst_beyond_the_allowance_is_refused_with_a_wait() {
        let limits = Limits::new();
        let alice = Sender::Player(PlayerId::of_terminal("alice"));
        let allowed = (0..100)
            .filter(|_| Limits::allow(&limits.moves, alice).is_ok())
            .count();
        assert!((20..30).contains(&allowed), "{allowed}");
        let wait = Limits::allow(&limits.moves, alice).unwrap_err();
        assert!(wait >= 1);
    }
}
