//! The bot's web board from Discord to the browser and back: the real `ponte bot` with
//! `WEB_ADDR` and `PUBLIC_URL` against the fake Discord. Alice and bob play a game started in
//! Discord; each clicks Open board and opens their own login link in a browser of their own
//! (apart: no shared cookie); alice moves on the page, the thread gets the board with bob's
//! mention and bob's page shows the move live; bob answers with `/place` and alice's page
//! shows it. Delays are printed, never asserted: the bound of `wait_until` is the only ceiling.

use std::time::Instant;

use chromiumoxide::Page;

use crate::browser::{ONE_BROWSER, click, count, launch, shot, tab, tab_apart, wait_until};
use crate::fake_discord::bot::{ALICE, BOB, board_in, place, start_game};
use crate::fake_discord::web::{open_board, setup_with_web};

/// At a login link: the question, then Continue; the page lands on the game, the secret gone
/// from the address bar.
async fn continue_as(page: &Page, name: &str, shots: bool) {
    let question = format!("Continue as {name} in game #1?");
    wait_until(
        page,
        &format!(
            "document.getElementById('status')?.textContent.replace(/[\\u2068\\u2069]/g, '') \
             === {question:?} && document.getElementById('login-continue') !== null"
        ),
        "the login link's question",
    )
    .await;
    if shots {
        shot(page, 360, "discord-login").await;
        shot(page, 1280, "discord-login").await;
    }
    click(page, "#login-continue").await;
    wait_until(
        page,
        "location.pathname.startsWith('/g/') && location.hash === '' \
         && document.querySelectorAll('#board [data-cell]').length > 0",
        "the game's page after Continue",
    )
    .await;
}

/// Both sides' tiles on `page` come to `white` and `red`.
async fn tiles(page: &Page, white: usize, red: usize, what: &str) {
    let shown = format!(
        "{} === {white} && {} === {red}",
        count("white"),
        count("red")
    );
    wait_until(page, &shown, what).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_from_discord_played_on_the_web_board_and_back() {
    let _one = ONE_BROWSER.lock().await;
    let (setup, _url, _env) = setup_with_web().await;
    let (fake, _dir, _database, _bot) = setup.parts();
    let (thread, _) = start_game(&fake, &[]).await;

    let alice_link = open_board(&fake, ALICE, &thread).await;
    let bob_link = open_board(&fake, BOB, &thread).await;
    assert_ne!(alice_link, bob_link, "each player has a link of their own");

    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let alice = tab(&browser, &alice_link).await;
    continue_as(&alice, "alice", true).await;
    let bob = tab_apart(&browser, &bob_link).await;
    continue_as(&bob, "bob", false).await;
    for page in [&alice, &bob] {
        page.evaluate("window.notReloaded = true").await.unwrap();
    }
    assert_eq!(
        alice.url().await.unwrap(),
        bob.url().await.unwrap(),
        "one page for the game"
    );

    // Alice (White) opens on the page: a first cell, the cells offered with it, the second,
    // then Confirm. In front: a tab behind another takes no clicks.
    alice.bring_to_front().await.unwrap();
    click(&alice, "[data-cell=\"c3\"]").await;
    wait_until(
        &alice,
        "document.querySelector('[data-cell=\"d4\"]')?.classList.contains('target')",
        "the cells that may go with c3",
    )
    .await;
    click(&alice, "[data-cell=\"d4\"]").await;
    let from = fake.call_count();
    click(&alice, "#confirm").await;
    let sent = Instant::now();
    tiles(&bob, 2, 0, "alice's move on bob's page").await;
    eprintln!(
        "alice's move on bob's page {:?} after Confirm",
        sent.elapsed()
    );
    let board = board_in(&fake, from, &thread).await;
    eprintln!("its board in the thread {:?} after Confirm", sent.elapsed());
    assert!(
        board.content().contains("placed `c3 d4`"),
        "{}",
        board.content()
    );
    assert!(
        board
            .content()
            .contains(&format!("<@{}>, your choice", BOB.id)),
        "{}",
        board.content()
    );

    // Bob answers from Discord; alice's page shows it without a reload.
    let answered = Instant::now();
    let (_, answer) = place(&fake, BOB, &thread, "e5 e6").await;
    assert!(
        answer.content().contains("placed `e5 e6`"),
        "{}",
        answer.content()
    );
    tiles(&alice, 2, 2, "bob's /place on alice's page").await;
    eprintln!(
        "bob's /place on alice's page {:?} after it was sent",
        answered.elapsed()
    );
    tiles(&bob, 2, 2, "bob's /place on his own page").await;
    for page in [&alice, &bob] {
        let kept: bool = page
            .evaluate("window.notReloaded === true")
            .await
            .unwrap()
            .into_value()
            .unwrap();
        assert!(kept, "the page was not reloaded");
    }
    shot(&alice, 360, "discord-game").await;
    shot(&alice, 1280, "discord-game").await;

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}
