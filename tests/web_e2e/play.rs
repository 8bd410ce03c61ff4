//! Starting games from the lobby's form and making moves by clicking: the engine's cells
//! offered after a first click, a move shown and confirmed before it is sent, an illegal pair
//! judged by the server (its reason shown, nothing saved), a bridge, the swap, the setting
//! that sends moves at once, and a resignation with its confirmation.

use chromiumoxide::Page;
use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;

use crate::browser::{ONE_BROWSER, click, count, launch, ponte_web, shot, wait_until};

/// The page at `address` in a new tab, 1280 px wide, its words loaded.
async fn open(browser: &chromiumoxide::Browser, address: &str) -> Page {
    let page = browser.new_page(address).await.unwrap();
    page.wait_for_navigation().await.unwrap();
    page.execute(SetDeviceMetricsOverrideParams::new(1280, 800, 1.0, false))
        .await
        .unwrap();
    wait_until(
        &page,
        "document.getElementById('start-game')?.textContent === 'Start'",
        "the start form with its words",
    )
    .await;
    page
}

async fn js<T: serde::de::DeserializeOwned>(page: &Page, script: &str) -> T {
    page.evaluate(script).await.unwrap().into_value().unwrap()
}

/// The game the page shows, as the server has it now.
async fn stored(page: &Page, field: &str) -> serde_json::Value {
    let script = format!(
        "fetch('/api/games/' + location.hash.slice(6)).then(r => r.json()).then(g => g['{field}'])"
    );
    js(page, &script).await
}

async fn cell(page: &Page, name: &str) {
    click(page, &format!("[data-cell=\"{name}\"]")).await;
}

/// Waits until the cells offered after a first click are drawn.
async fn offered(page: &Page, cell: &str, what: &str) {
    let script =
        format!("document.querySelector('[data-cell=\"{cell}\"]')?.classList.contains('target')");
    wait_until(page, &script, what).await;
}

async fn message(page: &Page) -> String {
    js(page, "document.getElementById('message').textContent").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_easy_from_the_form_with_previews_a_refusal_and_a_resignation() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let page = open(&browser, &address).await;
    shot(&page, 1280, "play-form").await;
    shot(&page, 360, "play-form").await;
    page.execute(SetDeviceMetricsOverrideParams::new(1280, 800, 1.0, false))
        .await
        .unwrap();

    // The form's defaults: against easy on 8×8, this machine's player opening.
    click(&page, "#start-game").await;
    wait_until(
        &page,
        "document.querySelectorAll('[data-cell]').length === 64 && location.hash.startsWith('#game=')",
        "an empty 8×8 board",
    )
    .await;
    assert_eq!(stored(&page, "red").await, "ponte");

    // A first click marks where the move may go; the second shows the move, unsent.
    cell(&page, "c3").await;
    offered(&page, "d4", "the cells that may go with c3").await;
    shot(&page, 1280, "play-targets").await;
    cell(&page, "d4").await;
    wait_until(
        &page,
        "document.querySelectorAll('[data-preview]').length === 2 && document.getElementById('confirm') !== null",
        "the move shown, waiting for its confirmation",
    )
    .await;
    shot(&page, 1280, "play-preview").await;
    shot(&page, 360, "play-preview").await;
    assert_eq!(stored(&page, "version").await, 0, "nothing sent yet");
    click(&page, "#confirm").await;
    wait_until(&page, &format!("{} === 2", count("white")), "White's tiles").await;
    wait_until(&page, &format!("{} === 2", count("red")), "the AI's reply").await;
    wait_until(
        &page,
        "document.getElementById('status').textContent.startsWith('Your move')",
        "the page's turn again",
    )
    .await;

    // A pair the engine refuses: its reason, and nothing saved.
    let version = stored(&page, "version").await;
    let free: String = js(
        &page,
        "fetch('/api/games/' + location.hash.slice(6) + '/targets').then(r => r.json()).then(t => t.tiles[0])",
    )
    .await;
    cell(&page, &free).await;
    wait_until(
        &page,
        "document.querySelectorAll('.cell.target').length > 0",
        "the cells that may go with the first",
    )
    .await;
    shot(&page, 360, "play-targets").await;
    cell(&page, "c3").await;
    wait_until(
        &page,
        "document.getElementById('message').textContent.includes('c3')",
        "the engine's reason",
    )
    .await;
    assert_eq!(stored(&page, "version").await, version, "nothing saved");
    assert_eq!(
        js::<usize>(&page, "document.querySelectorAll('[data-preview]').length").await,
        0
    );

    // Resigning asks first; No keeps the game, Yes ends it.
    click(&page, "#resign").await;
    wait_until(
        &page,
        "document.querySelector('.really')?.textContent === 'Really resign?'",
        "the question",
    )
    .await;
    click(&page, "#resign-no").await;
    wait_until(&page, "document.getElementById('resign') !== null", "kept").await;
    assert_eq!(stored(&page, "over").await, false);
    click(&page, "#resign").await;
    click(&page, "#resign-yes").await;
    wait_until(
        &page,
        "document.getElementById('status').textContent.startsWith('Game over') && document.getElementById('resign') === null",
        "the game over, no more resigning",
    )
    .await;
    assert_eq!(stored(&page, "over").await, true);
    assert_eq!(message(&page).await, "");

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_between_two_names_with_a_swap_moves_sent_at_once_and_a_bridge() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let page = open(&browser, &address).await;

    // Two people at this screen: the names asked instead of the AI's level.
    page.evaluate(
        "const f = document.getElementById('start-form'); \
         f.elements.opponent.value = 'people'; \
         f.elements.opponent.dispatchEvent(new Event('change')); \
         f.elements.white.value = 'bob'; f.elements.red.value = 'carol';",
    )
    .await
    .unwrap();
    assert!(js::<bool>(&page, "document.querySelector('.for-ai').hidden").await);
    shot(&page, 360, "play-form-people").await;
    page.execute(SetDeviceMetricsOverrideParams::new(1280, 800, 1.0, false))
        .await
        .unwrap();
    click(&page, "#start-game").await;
    wait_until(
        &page,
        "document.querySelectorAll('[data-cell]').length === 64 && location.hash.startsWith('#game=')",
        "the board",
    )
    .await;
    assert_eq!(stored(&page, "white").await, "bob");

    // bob opens with c3 e3.
    cell(&page, "c3").await;
    offered(&page, "e3", "the cells that may go with c3").await;
    cell(&page, "e3").await;
    click(&page, "#confirm").await;
    wait_until(&page, &format!("{} === 2", count("white")), "bob's tiles").await;

    // carol, Red, is offered the swap, and takes White's tiles.
    click(&page, "#swap").await;
    wait_until(
        &page,
        "document.getElementById('swap') === null && document.getElementById('status').textContent.includes('(Red)')",
        "the swap made, Red to move",
    )
    .await;
    assert_eq!(stored(&page, "white").await, "carol");

    // Without confirmation, bob's (now Red) second click sends the move.
    click(&page, "#confirm-moves").await;
    assert_eq!(
        js::<String>(&page, "localStorage.getItem('ponte.confirm')").await,
        "off"
    );
    cell(&page, "f6").await;
    offered(&page, "f8", "the cells that may go with f6").await;
    cell(&page, "f8").await;
    wait_until(&page, &format!("{} === 2", count("red")), "bob's red tiles").await;
    click(&page, "#confirm-moves").await;

    // carol bridges her two white tiles: the far end is offered as a bridge's.
    cell(&page, "c3").await;
    wait_until(
        &page,
        "document.querySelector('[data-cell=\"e3\"]')?.classList.contains('bridge-end')",
        "e3 offered as the bridge's other end",
    )
    .await;
    shot(&page, 1280, "play-bridge-targets").await;
    cell(&page, "e3").await;
    wait_until(
        &page,
        "document.querySelector('[data-preview=\"bridge\"]') !== null",
        "the bridge shown before it is built",
    )
    .await;
    shot(&page, 360, "play-bridge-preview").await;
    // Enter confirms, as the button does.
    page.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter'}))")
        .await
        .unwrap();
    wait_until(
        &page,
        "document.querySelectorAll('g.bridge:not(.preview)').length === 1",
        "the bridge built",
    )
    .await;
    assert_eq!(stored(&page, "bridges").await[0]["from"], "c3");

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}
