//! The language a request is answered in: the page's own switch first (its choice, sent in
//! `X-Ponte-Lang` only once the player chose), else the logged-in player's Discord language
//! (on the public board), else the first of the browser's `Accept-Language` that ponte
//! speaks, else English. Every answer of one page is so in one language.

use axum::extract::FromRequestParts;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::request::Parts;
use axum::http::{Extensions, HeaderMap};

use crate::i18n::Lang;

/// The language of a request's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageLang(pub Lang);

/// The header the page's language switch sends its choice in.
pub const CHOSEN_LANG: &str = "x-ponte-lang";

/// The language of the session a request came with (its Discord language), set by the public
/// board's first step (`viewer::identify`).
#[derive(Clone, Copy, Debug)]
pub(super) struct SessionLang(pub Lang);

impl PageLang {
    /// The language of a request: the switch's choice, the session's, the browser's.
    pub(super) fn of(headers: &HeaderMap, extensions: &Extensions) -> PageLang {
        let chosen = headers
            .get(CHOSEN_LANG)
            .and_then(|value| value.to_str().ok())
            .and_then(Lang::of_locale);
        if let Some(lang) = chosen.or_else(|| extensions.get::<SessionLang>().map(|s| s.0)) {
            return PageLang(lang);
        }
        headers
            .get(ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .map_or(PageLang(Lang::En), PageLang::of_header)
    }

    /// The language of an `Accept-Language` value ("de-CH, fr;q=0.8, en;q=0.5").
    pub fn of_header(value: &str) -> PageLang {
        let lang = accept_language::parse(value)
            .iter()
            .find_map(|locale| Lang::of_locale(locale))
            .unwrap_or_default();
        PageLang(lang)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for PageLang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<PageLang, Self::Rejection> {
        Ok(PageLang::of(&parts.headers, &parts.extensions))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_language_ponte_speaks_is_chosen_by_quality() {
        assert_eq!(PageLang::of_header("de-CH, fr;q=0.8").0, Lang::De);
        assert_eq!(PageLang::of_header("it, fr;q=0.9, de;q=0.8").0, Lang::Fr);
        assert_eq!(PageLang::of_header("en;q=0.1, de;q=0.9").0, Lang::De);
        assert_eq!(PageLang::of_header("it, es").0, Lang::En);
        assert_eq!(PageLang::of_header("").0, Lang::En);
    }
}
