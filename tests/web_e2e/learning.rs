//! Learning in the page: a lesson answered by clicking its board (two tiles, then a bridge)
//! or a choice's button, with the next step shown, a puzzle answered by clicking its move, and a hint asked in a
//! game against easy, drawn on the game's board.

use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::page::Page;

use crate::browser::{ONE_BROWSER, click, launch, ponte_web, shot, wait_until};

async fn text_of(page: &Page, css: &str) -> String {
    let script = format!("document.querySelector('{css}')?.textContent ?? ''");
    page.evaluate(script).await.unwrap().into_value().unwrap()
}

/// Clicks a cell of the learning board.
async fn cell(page: &Page, name: &str) {
    click(page, &format!("svg.learn-board [data-cell=\"{name}\"]")).await;
}

/// Picks `lang` in the page's language switch.
async fn switch(page: &Page, lang: &str) {
    let script = format!(
        "(() => {{ const s = document.getElementById('lang'); s.value = '{lang}'; \
         s.dispatchEvent(new Event('change')); }})()"
    );
    page.evaluate(script).await.unwrap();
}

async fn lessons(page: &Page) {
    click(page, "#lessons").await;
    wait_until(
        page,
        "document.querySelectorAll('svg.learn-board [data-cell]').length === 36",
        "lesson 1's 6×6 board",
    )
    .await;
    assert!(
        text_of(page, "#learn h2")
            .await
            .starts_with("Lesson 1 of 8")
    );

    cell(page, "c3").await;
    cell(page, "d4").await;
    wait_until(
        page,
        "document.getElementById('next-lesson') !== null",
        "lesson 1 answered right, the next step offered",
    )
    .await;
    let said = text_of(page, ".learn-said").await;
    assert!(said.starts_with("✅ Right!"), "{said}");
    assert_eq!(
        page.evaluate("document.querySelectorAll('svg.learn-board [data-tile=\"white\"]').length")
            .await
            .unwrap()
            .into_value::<i64>()
            .unwrap(),
        2,
        "the board after the move"
    );
    shot(page, 1280, "lesson-right").await;
    shot(page, 360, "lesson-right").await;

    click(page, "#next-lesson").await;
    wait_until(
        page,
        "document.querySelector('#learn h2').textContent.startsWith('Lesson 2 of 8')",
        "lesson 2",
    )
    .await;
    cell(page, "c4").await;
    cell(page, "c5").await;
    wait_until(
        page,
        "document.querySelector('.learn-said').textContent.startsWith('❌ Not quite')",
        "a wrong answer judged with its reason",
    )
    .await;

    // The language switched: the lesson's words and the page's own, both in German.
    switch(page, "de").await;
    wait_until(
        page,
        "document.querySelector('#learn h2').textContent.startsWith('Lektion 2 von 8') \
         && document.querySelector('.learn-how').textContent.startsWith('Klicke')",
        "lesson 2 in German",
    )
    .await;
    switch(page, "en").await;
    wait_until(
        page,
        "document.querySelector('#learn h2').textContent.startsWith('Lesson 2 of 8') \
         && document.querySelector('.learn-how').textContent.startsWith('Click')",
        "lesson 2 in English again",
    )
    .await;

    // Lesson 4, picked from the list, wants a bridge: a white tile, then the cell two away.
    page.evaluate(
        "(() => { const s = document.getElementById('lesson-number'); s.value = '4'; \
         s.dispatchEvent(new Event('change')); })()",
    )
    .await
    .unwrap();
    wait_until(
        page,
        "document.querySelector('#learn h2').textContent.startsWith('Lesson 4 of 8')",
        "lesson 4",
    )
    .await;
    cell(page, "b1").await;
    cell(page, "d1").await;
    wait_until(
        page,
        "document.getElementById('next-lesson') !== null && document.querySelectorAll('svg.learn-board .bridge').length === 1",
        "the bridge judged right and drawn",
    )
    .await;

    // Lesson 5 is a choice: its buttons, the right one a swap.
    click(page, "#next-lesson").await;
    wait_until(
        page,
        "document.querySelectorAll('.learn-choices .choice').length === 3",
        "lesson 5's three choices",
    )
    .await;
    shot(page, 1280, "lesson-choice").await;
    shot(page, 360, "lesson-choice").await;
    click(page, ".choice[data-choice=\"1\"]").await;
    wait_until(
        page,
        "document.getElementById('next-lesson') !== null",
        "the swap chosen, judged right",
    )
    .await;
    let said = text_of(page, ".learn-said").await;
    assert!(said.contains("Swap is allowed now"), "{said}");
}

async fn puzzle(page: &Page) {
    click(page, "#puzzle").await;
    wait_until(
        page,
        "document.querySelectorAll('.learn-choices .choice').length >= 2",
        "a puzzle with its choices",
    )
    .await;
    shot(page, 1280, "puzzle").await;
    shot(page, 360, "puzzle").await;
    // Its first choice, clicked on the board as a move is: "c3 d4" or "b1-d1".
    let first = text_of(page, ".learn-choices .choice").await;
    let cells: Vec<&str> = first.split([' ', '-']).collect();
    if let [from, to] = cells.as_slice() {
        cell(page, from).await;
        cell(page, to).await;
    } else {
        click(page, ".learn-choices .choice").await;
    }
    wait_until(
        page,
        "document.getElementById('next-puzzle') !== null",
        "the puzzle answered",
    )
    .await;
    let said = text_of(page, ".learn-said").await;
    assert!(
        said.starts_with("✅") || said.starts_with("❌"),
        "a verdict: {said}"
    );
    assert!(said.contains(&first), "the move clicked is judged: {said}");
    assert!(said.contains("puzzle rating"), "{said}");
    shot(page, 1280, "puzzle-answered").await;
    shot(page, 360, "puzzle-answered").await;
}

async fn hint(page: &Page) {
    click(page, "#new-game").await;
    wait_until(
        page,
        "document.querySelectorAll('#board [data-cell]').length === 64",
        "an empty 8×8 board",
    )
    .await;
    click(page, "#hint").await;
    wait_until(
        page,
        "document.getElementById('hint-words').textContent.includes('Hint for game') \
         && document.querySelectorAll('#board [data-preview]').length === 2",
        "the hint's words and its two tiles previewed on the game's board",
    )
    .await;
    shot(page, 1280, "hint").await;
    shot(page, 360, "hint").await;
    // The hint's move is offered as the player's own: Confirm plays it.
    click(page, "#confirm").await;
    wait_until(
        page,
        "document.querySelectorAll('#board [data-tile=\"white\"]').length === 2",
        "the hinted move played by Confirm",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lessons_and_puzzles_are_answered_by_clicking_and_a_hint_shows_on_the_board() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let page = browser.new_page(address.as_str()).await.unwrap();
    page.wait_for_navigation().await.unwrap();
    page.execute(SetDeviceMetricsOverrideParams::new(1280, 800, 1.0, false))
        .await
        .unwrap();
    wait_until(
        &page,
        "document.getElementById('lessons')?.textContent === 'Lessons'",
        "the page and its words",
    )
    .await;

    lessons(&page).await;
    page.execute(SetDeviceMetricsOverrideParams::new(1280, 800, 1.0, false))
        .await
        .unwrap();
    puzzle(&page).await;
    page.execute(SetDeviceMetricsOverrideParams::new(1280, 800, 1.0, false))
        .await
        .unwrap();
    hint(&page).await;

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}
