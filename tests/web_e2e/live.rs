//! Two pages on one game: every move made by clicking in the first appears in the second by
//! the live channel, without a reload. The delay is printed, never asserted (shared machines):
//! the bound of `wait_until` is the test's only ceiling.

use std::time::Instant;

use chromiumoxide::Browser;
use chromiumoxide::page::Page;
use ponte::game::Game;
use ponte::service::{ChallengeOptions, GameId, Player, PlayerId, Service, Venue, machine_actor};

use crate::browser::{ONE_BROWSER, click, count, launch, ponte_web, wait_until};

fn player(name: &str) -> Player {
    Player::new(PlayerId::of_terminal(name), name)
}

/// A game between alice and bob at one screen, on the database `ponte web` will serve.
async fn hot_seat(service: &Service) -> GameId {
    let options = ChallengeOptions {
        rated: false,
        ..ChallengeOptions::default()
    };
    let alice = machine_actor(player("alice"));
    let challenge = service
        .challenge(&alice, Some(&player("bob")), options, Venue::default())
        .await
        .unwrap();
    let bob = machine_actor(player("bob"));
    service.accept(challenge.id, &bob).await.unwrap().id
}

/// The first two cells in reading order where the player to move may place now.
fn placement(game: &Game) -> (String, String) {
    let first = game.legal_first_cells().iter().next().unwrap();
    let second = game.legal_second_cells(first).iter().next().unwrap();
    (first.to_string(), second.to_string())
}

/// A tab on `url`: opened blank, then sent there (a tab opened on the address itself may wait
/// for a load that a page with a live channel open does not report).
async fn tab(browser: &Browser, url: &str) -> Page {
    let page = browser.new_page("about:blank").await.unwrap();
    // The board is what is waited for; the navigation's own wait may give up on a busy machine.
    let _ = page.goto(url).await;
    page
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_page_on_the_same_game_sees_each_move_live() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
    let service = Service::open(&url).await.unwrap();
    let id = hot_seat(&service).await;

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
