//! The guard against other websites: a page on another site open in the same browser could
//! otherwise send this server's form posts and moves (cross-site request forgery), since the
//! server has no login to check. A request that changes anything (any method but GET and
//! HEAD) is refused with 403 when the browser says it comes from another site: by its
//! `Origin` header, or by `Sec-Fetch-Site: cross-site`. On the public board, whose address
//! is known (`PUBLIC_URL`), the `Origin` must be exactly that address's origin: a browser
//! sends it with every POST, and a request without one is no page's.

use axum::Json;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::uri::Authority;
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::api::Refusal;
use super::lang::PageLang;

/// The site whose pages may change anything.
#[derive(Clone, Debug)]
pub(super) enum OwnSite {
    /// This machine's board: the host the request names, over plain HTTP.
    Host,
    /// The public board: exactly this origin (`https://ponte.example.org`).
    Exactly(Arc<str>),
}

/// Lets through what reads, and what changes when it comes from this server's own page.
pub(super) async fn same_site_only(
    State(own): State<OwnSite>,
    request: Request,
    next: Next,
) -> Response {
    let reads = matches!(*request.method(), Method::GET | Method::HEAD);
    if reads || !from_other_site(&request, &own) {
        return next.run(request).await;
    }
    tracing::warn!(
        method = %request.method(),
        path = %request.uri().path(),
        origin = ?request.headers().get(ORIGIN),
        "a request from another site refused"
    );
    let PageLang(lang) = PageLang::of(request.headers(), request.extensions());
    let error = crate::tr!(lang, "web-other-site");
    (StatusCode::FORBIDDEN, Json(Refusal { error })).into_response()
}

/// Whether the browser names another site than this page's as the request's author.
fn from_other_site(request: &Request, own: &OwnSite) -> bool {
    let headers = request.headers();
    if headers
        .get("sec-fetch-site")
        .is_some_and(|site| site.as_bytes().eq_ignore_ascii_case(b"cross-site"))
    {
        return true;
    }
    if let OwnSite::Exactly(own) = own {
        return !headers
            .get(ORIGIN)
            .is_some_and(|origin| origin.as_bytes().eq_ignore_ascii_case(own.as_bytes()));
    }
    // No `Origin`: not a browser's cross-site request (browsers send it with every POST from
    // another site). Programs on this machine (curl, the tests) send none, and they may: the
    // server listens on 127.0.0.1 only, so whoever reaches it without a browser is already on
    // the machine.
    let Some(origin) = headers.get(ORIGIN) else {
        return false;
    };
    // `null` (a sandboxed frame, a file, a redirect across sites) names no site: not ours.
    let Some(origin) = origin.to_str().ok().and_then(|o| o.parse::<Uri>().ok()) else {
        return true;
    };
    let Some(own) = own_authority(request) else {
        return true;
    };
    let scheme_ok = origin.scheme_str() == Some("http");
    let Some(theirs) = origin.authority() else {
        return true;
    };
    !(scheme_ok && same_host_and_port(theirs, &own))
}

/// The page's own host and port: the request's `Host` (HTTP/1.1), else its URI's (HTTP/2).
fn own_authority(request: &Request) -> Option<Authority> {
    let from_header = request
        .headers()
        .get(HOST)
        .and_then(|host| host.to_str().ok())
        .and_then(|host| host.parse::<Authority>().ok());
    from_header.or_else(|| request.uri().authority().cloned())
}

/// The server speaks plain HTTP: a missing port is 80 on both sides.
fn same_host_and_port(theirs: &Authority, own: &Authority) -> bool {
    theirs.host().eq_ignore_ascii_case(own.host())
        && theirs.port_u16().unwrap_or(80) == own.port_u16().unwrap_or(80)
}

/// The origin of the public board's address (`https://Ponte.example.org/` →
/// `https://ponte.example.org`), as browsers send it in `Origin`; the address itself when it
/// names none (then no page's `Origin` matches, and nothing is changed through it).
pub(super) fn origin_of(url: &str) -> String {
    let Ok(uri) = url.trim().parse::<Uri>() else {
        return url.trim().to_string();
    };
    match (uri.scheme_str(), uri.authority()) {
        (Some(scheme), Some(authority)) => format!("{scheme}://{authority}").to_ascii_lowercase(),
        _ => url.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;

    fn post(headers: &[(&str, &str)]) -> Request {
        let mut request = Request::builder().method("POST").uri("/api/games");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.body(Body::empty()).unwrap()
    }

    #[test]
    fn only_this_pages_scheme_host_and_port_are_its_own() {
        let host = ("host", "127.0.0.1:7157");
        assert!(!from_other_site(&post(&[host]), &OwnSite::Host));
        for own in ["http://127.0.0.1:7157", "HTTP://127.0.0.1:7157"] {
            assert!(
                !from_other_site(&post(&[host, ("origin", own)]), &OwnSite::Host),
                "{own}"
            );
        }
        for other in [
            "http://127.0.0.1:8080",
            "https://127.0.0.1:7157",
            "http://localhost:7157",
            "http://evil.example",
            "null",
            "not an origin",
        ] {
            assert!(
                from_other_site(&post(&[host, ("origin", other)]), &OwnSite::Host),
                "{other}"
            );
        }
        assert!(!from_other_site(
            &post(&[("host", "localhost"), ("origin", "http://localhost:80")]),
            &OwnSite::Host
        ));
        assert!(from_other_site(
            &post(&[host, ("sec-fetch-site", "cross-site")]),
            &OwnSite::Host
        ));
        assert!(!from_other_site(
            &post(&[host, ("sec-fetch-site", "same-origin")]),
            &OwnSite::Host
        ));
    }

    #[test]
    fn the_public_board_takes_exactly_its_own_origin() {
        let own = OwnSite::Exactly(origin_of("https://Ponte.example.org/").into());
        let ok = post(&[("origin", "https://ponte.example.org")]);
        assert!(!from_other_site(&ok, &own));
        for other in [
            "http://ponte.example.org",
            "https://ponte.example.org:8443",
            "https://evil.example",
            "null",
        ] {
            assert!(
                from_other_site(&post(&[("origin", other)]), &own),
                "{other}"
            );
        }
        assert!(from_other_site(&post(&[]), &own), "no Origin: no page's");
    }
}
