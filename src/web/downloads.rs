//! A game's files to take away: its replay (`replay.gif`), its record (`record`, the text
//! `ponte replay` reads) and its analysis (`analysis`, the AI's words on it, with its chart
//! at `analysis.png`), each as the terminal's `replay`, `record` and `analyse` give them.

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use super::viewer::Viewer;
use crate::i18n::Lang;
use crate::service::{Analysed, AnalysisView, GameView};
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/api/games/{id}/replay.gif", get(replay))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/analysis", get(analysis))
        .route("/api/games/{id}/analysis.png", get(chart))
}

/// The analysis as the page shows it: ready with its words and chart, or still computed.
#[derive(Debug, Serialize)]
pub struct AnalysisAnswer {
    pub ready: bool,
    /// The moves that changed the game most, in words; or that it is being computed.
    pub words: String,
    /// Where the chart of White's chances is, once ready.
    pub chart: Option<String>,
}

/// The game `id` names, when the viewer may watch it.
async fn read(web: &Web, lang: Lang, (id, viewer): (&str, &Viewer)) -> Result<GameView, Refused> {
    let id = web.game_at(id, lang).await?;
    web.watched(id, viewer, lang).await
}

/// An answer the browser saves as `name` instead of showing it.
fn attachment(content_type: &'static str, name: &str, body: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// `GET /api/games/{id}/replay.gif`: the game move by move, a second a move.
async fn replay(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Response, Refused> {
    let game = read(&web, lang, (&id, &viewer)).await?;
    let gif = web
        .service
        .replay_gif(&game, lang)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    Ok(attachment(
        "image/gif",
        &format!("game-{}.gif", game.id),
        gif,
    ))
}

/// `GET /api/games/{id}/record`: the moves in the notation `ponte replay` reads.
async fn record(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Response, Refused> {
    let game = read(&web, lang, (&id, &viewer)).await?;
    let text = game.record().to_string();
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("game-{}.txt", game.id),
        text.into_bytes(),
    ))
}

/// `GET /api/games/{id}/analysis`: the analysis when it is ready (200), else 202 and that
/// the AI is at it (the page asks again); a game still played or aborted is refused.
async fn analysis(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<(StatusCode, Json<AnalysisAnswer>), Refused> {
    let game = read(&web, lang, (&id, &viewer)).await?;
    match ready(&web, lang, &game).await? {
        Some(analysis) => Ok((
            StatusCode::OK,
            Json(AnalysisAnswer {
                ready: true,
                words: analysis.summary(lang),
                chart: Some(format!("/api/games/{id}/analysis.png")),
            }),
        )),
        None => Ok((
            StatusCode::ACCEPTED,
            Json(AnalysisAnswer {
                ready: false,
                words: tr!(lang, "panel-analysis-waiting"),
                chart: None,
            }),
        )),
    }
}

/// `GET /api/games/{id}/analysis.png`: the chart of White's chances, once the analysis is
/// ready (else 202, as `analysis`).
async fn chart(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Response, Refused> {
    let game = read(&web, lang, (&id, &viewer)).await?;
    let Some(analysis) = ready(&web, lang, &game).await? else {
        return Err(Refused(
            StatusCode::ACCEPTED,
            tr!(lang, "panel-analysis-waiting"),
        ));
    };
    let title = AnalysisView::title(lang, &game);
    let png = tokio::task::spawn_blocking(move || analysis.chart(lang, &title))
        .await
        .map_err(|error| {
            tracing::warn!(%error, "drawing an analysis chart failed");
            Refused(
                StatusCode::INTERNAL_SERVER_ERROR,
                tr!(lang, "web-server-fault"),
            )
        })?;
    Ok(attachment(
        "image/png",
        &format!("game-{}-analysis.png", game.id),
        png,
    ))
}

/// The game's analysis if it is done; asked for (the AI's worker computes it) if not.
async fn ready(web: &Web, lang: Lang, game: &GameView) -> Result<Option<AnalysisView>, Refused> {
    let asked = web
        .service
        .analyse_game(game, None)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    Ok(match asked {
        Analysed::Ready(analysis) => Some(analysis),
        Analysed::Started { .. } | Analysed::Running => None,
    })
}
