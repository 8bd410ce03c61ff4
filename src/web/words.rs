//! `GET /api/words`: the page's own words (every `web-` message of `assets/locales/`) in the
//! request's language, and the languages the switch offers. Sentences with arguments are not
//! here: the server says them in the views it sends, formatted by Fluent as everywhere else.

use std::collections::BTreeMap;

use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::Web;
use super::lang::PageLang;
use crate::i18n::{Lang, messages_with_prefix};

pub(super) fn routes() -> Router<Web> {
    Router::new().route("/api/words", get(words))
}

#[derive(Debug, Serialize)]
pub struct Words {
    /// The language these words are in (`en`, `de`, `fr`).
    pub lang: &'static str,
    /// Each language the page can switch to: its code and its own name.
    pub langs: Vec<LangChoice>,
    /// Message id → words.
    pub words: BTreeMap<&'static str, String>,
}

#[derive(Debug, Serialize)]
pub struct LangChoice {
    pub code: &'static str,
    pub name: &'static str,
}

async fn words(PageLang(lang): PageLang) -> Json<Words> {
    Json(Words {
        lang: lang.code(),
        langs: Lang::ALL
            .into_iter()
            .map(|lang| LangChoice {
                code: lang.code(),
                name: lang.own_name(),
            })
            .collect(),
        words: messages_with_prefix(lang, "web-").into_iter().collect(),
    })
}
