//! What the page shows beside the board: stepping back through a game's history (the board
//! shows the old position, then the present again, where a move is made), and a game's end with its score explained. The games are started (and the
//! finished one played) through the service on the database `ponte web` then serves.

use std::sync::Arc;

use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::page::Page;
use ponte::game::{Game, Move, Variant};
use ponte::service::{GameId, Service};

use crate::browser::{
    ONE_BROWSER, click, count, hot_seat, launch, ponte_web, shot, tab, wait_until,
};

/// The service on the database `ponte_web(dir)` serves.
async fn service(dir: &tempfile::TempDir) -> Arc<Service> {
    let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
    Arc::new(Service::open(&url).await.unwrap())
}

/// The first placement in reading order that the rules allow now, if any.
fn placement(game: &Game) -> Option<Move> {
    let size = game.variant().size();
    let cells: Vec<String> = (0..size)
        .flat_map(|row| (0..size).map(move |col| format!("{}{}", (b'a' + col) as char, row + 1)))
        .collect();
    cells.iter().find_map(|a| {
        cells.iter().find_map(|b| {
            format!("{a} {b}")
                .parse::<Move>()
                .ok()
                .filter(|mv| game.is_legal(*mv))
        })
    })
}

/// Plays `moves` turns of game `id` (or to its end): each the first placement that fits,
/// else the first bridge, else a pass.
async fn play(service: &Service, id: GameId, moves: usize) {
    for _ in 0..moves {
        let view = service.game(id).await.unwrap();
        let Some((color, mover)) = view.to_move() else {
            return;
        };
        let mv = placement(&view.game)
            .or_else(|| {
                let bridges = view.game.board().legal_bridges(color);
                bridges.first().map(|bridge| {
                    let [a, b] = bridge.ends();
                    Move::Bridge(a, b)
                })
            })
            .filter(|mv| view.game.is_legal(*mv))
            .unwrap_or(Move::Pass);
        service
            .play(id, mover.id, mv, Some(view.version))
            .await
            .unwrap();
    }
}

async fn open(browser: &chromiumoxide::Browser, address: &str, id: GameId, width: i64) -> Page {
    let page = tab(browser, &format!("{address}#game={id}")).await;
    page.execute(SetDeviceMetricsOverrideParams::new(
        width,
        800,
        1.0,
        width < 600,
    ))
    .await
    .unwrap();
    page
}

async fn text(page: &Page, script: &str) -> String {
    page.evaluate(script)
        .await
        .unwrap()
        .into_value()
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_steps_back_and_the_present_plays_on() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let service = service(&dir).await;
    let id = hot_seat(&service, "size 8".parse().unwrap()).await;
    play(&service, id, 4).await;
    let next = placement(&service.game(id).await.unwrap().game).unwrap();
    drop(service);

    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let first = open(&browser, &address, id, 1280).await;
    let both = format!("{} === 4 && {} === 4", count("white"), count("red"));
    wait_until(&first, &both, "the game's eight tiles").await;
    wait_until(
        &first,
        "document.querySelectorAll('#panel .moves li').length === 4",
        "the four moves listed",
    )
    .await;

    // Back to the start: an empty board, and no move can be made there.
    click(&first, "[data-step=\"web-panel-first\"]").await;
    wait_until(
        &first,
        &format!(
            "document.getElementById('board').dataset.step === '0' && {} === 0",
            count("white")
        ),
        "the start of the game",
    )
    .await;
    click(&first, "[data-step=\"web-panel-forward\"]").await;
    wait_until(
        &first,
        &format!(
            "document.getElementById('board').dataset.step === '1' && {} === 2 && {} === 0",
            count("white"),
            count("red")
        ),
        "the position after the first move",
    )
    .await;
    click(&first, "[data-step=\"web-panel-now\"]").await;
    wait_until(
        &first,
        &format!("document.getElementById('board').dataset.step === undefined && {both}"),
        "back to now",
    )
    .await;

    // Back at the present, the page moves again.
    let Move::Place(a, b) = next else {
        panic!("a placement")
    };
    click(&first, &format!("[data-cell=\"{a}\"]")).await;
    click(&first, &format!("[data-cell=\"{b}\"]")).await;
    click(&first, "#confirm").await;
    wait_until(
        &first,
        &format!("{} === 6", count("white")),
        "the move made",
    )
    .await;
    let status = text(&first, "document.getElementById('status').textContent").await;
    assert!(status.contains(&format!("alice played {next}")), "{status}");
    // Screenshots last: the page's emulated width changes under them.
    click(&first, "[data-step=\"web-panel-back\"]").await;
    wait_until(
        &first,
        "document.getElementById('board').dataset.step === '4'",
        "one move back",
    )
    .await;
    shot(&first, 1280, "panel-history").await;
    shot(&first, 360, "panel-history").await;

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hot_seat_game_played_to_its_end_shows_the_score_explained() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let service = service(&dir).await;
    // 12×12, the largest board, which must still fit 360 px with the panel.
    let id = hot_seat(&service, Variant::default()).await;
    play(&service, id, 1000).await;
    let view = service.game(id).await.unwrap();
    assert!(view.is_over());
    let end_of_play = view.end_of_play_words(ponte::i18n::Lang::En).unwrap();
    drop(service);

    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let page = open(&browser, &address, id, 1280).await;
    wait_until(
        &page,
        "document.querySelector('[data-ending]') !== null",
        "the end of the game",
    )
    .await;
    let ending = text(&page, "document.querySelector('[data-ending]').innerText").await;
    assert!(ending.contains("alice (white): "), "{ending}");
    assert!(ending.contains("bob (red): "), "{ending}");
    assert!(ending.contains(&end_of_play), "{ending}");
    let status = text(&page, "document.getElementById('status').textContent").await;
    assert!(status.starts_with("Game over: "), "{status}");
    // The list of games is there too (a finished game is not in it).
    wait_until(
        &page,
        "document.querySelector('#games') !== null",
        "the list of games",
    )
    .await;
    page.execute(SetDeviceMetricsOverrideParams::new(360, 800, 1.0, false))
        .await
        .unwrap();
    let wide: i64 = page
        .evaluate("document.documentElement.scrollWidth")
        .await
        .unwrap()
        .into_value()
        .unwrap();
    assert!(
        wide <= 360,
        "the page scrolls sideways at 360 px: {wide} px wide"
    );
    shot(&page, 1280, "panel-end").await;
    shot(&page, 360, "panel-end").await;

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}
