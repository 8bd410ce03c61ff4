//! Every refusal of the API in words the page can show: what axum's extractors and router
//! answer by themselves (an address no route serves, a method a route does not take, a path
//! or query that does not parse) is plain text in English or nothing at all; here it becomes
//! `{"error": ...}` in the page's language, as the handlers' own refusals are.

use axum::Json;
use axum::extract::Request;
use axum::http::header::CONTENT_TYPE;
use axum::http::{StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::api::Refusal;
use super::lang::PageLang;

/// Answers under `/api/` that refuse without JSON get the page's words for their status.
pub(super) async fn in_words(request: Request, next: Next) -> Response {
    if !is_api(request.uri()) {
        return next.run(request).await;
    }
    let PageLang(lang) = PageLang::of(request.headers(), request.extensions());
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|kind| kind.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let id = match status {
        StatusCode::NOT_FOUND | StatusCode::METHOD_NOT_ALLOWED => "web-no-such-address",
        StatusCode::PAYLOAD_TOO_LARGE => "web-too-large",
        status if status.is_server_error() => "web-server-fault",
        _ => "web-bad-request",
    };
    tracing::debug!(%status, "a refusal of axum's said in words");
    (
        status,
        Json(Refusal {
            error: crate::tr!(lang, id),
        }),
    )
        .into_response()
}

fn is_api(uri: &Uri) -> bool {
    uri.path() == "/api" || uri.path().starts_with("/api/")
}
