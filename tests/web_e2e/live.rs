//! Two pages on one game: every move made by clicking in the first appears in the second by
//! the live channel, without a reload. The delay is printed, never asserted (shared machines):
//! the bound of `wait_until` is the test's only ceiling.

use std::time::Instant;

use ponte::game::{Game, Variant};
use ponte::service::Service;

use crate::browser::{ONE_BROWSER, click, count, hot_seat, launch, ponte_web, tab, wait_until};

/// The first two cells in reading order where the player to move may place now.
fn placement(game: &Game) -> (String, String) {
    let first = game.legal_first_cells().iter().next().unwrap();
    let second = game.legal_second_cells(first).iter().next().unwrap();
    (first.to_string(), second.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_page_on_the_same_game_sees_each_move_live() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
    let service = Service::open(&url).await.unwrap();
    let id = hot_seat(&service, Variant::default()).await;

    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let address = address.trim_end_matches('/');
    let game_url = format!("{address}/#game={id}");
    let player = tab(&browser, &game_url).await;
    let watcher = tab(&browser, &game_url).await;
    for page in [&player, &watcher] {
        wait_until(
            page,
            "document.querySelectorAll('#board [data-cell]').length > 0",
            "the board",
        )
        .await;
        page.evaluate("window.notReloaded = true").await.unwrap();
    }

    // Four moves, White's and Red's in turn, each made by clicking in the first page (in
    // front: a tab behind another takes no clicks), the second page behind it.
    player.bring_to_front().await.unwrap();
    for made in 1..=4 {
        let (a, b) = placement(&service.game(id).await.unwrap().game);
        click(&player, &format!("[data-cell=\"{a}\"]")).await;
        click(&player, &format!("[data-cell=\"{b}\"]")).await;
        click(&player, "#confirm").await;
        let sent = Instant::now();
        let tiles = 2 * made;
        let shown = format!(
            "window.notReloaded === true && {} + {} === {tiles}",
            count("white"),
            count("red")
        );
        wait_until(&watcher, &shown, "the move in the second page").await;
        eprintln!(
            "move {made}: in the second page {:?} after Confirm",
            sent.elapsed()
        );
        wait_until(&player, &shown, "the move in the first page").await;
        assert_eq!(service.game(id).await.unwrap().moves.len(), made);
    }

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}
