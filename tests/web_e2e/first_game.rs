//! A game against easy played by clicking: the AI's reply appears without a reload, the
//! status says what it played, and a stop with the page open ends the server cleanly.

use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;

use crate::browser::{
    BOUND, ONE_BROWSER, click, count, label, launch, ponte_web, shot, wait_until,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_easy_is_played_by_clicking_and_the_reply_arrives_live() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let (mut server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let page = browser.new_page(address.as_str()).await.unwrap();
    page.wait_for_navigation().await.unwrap();
    page.execute(SetDeviceMetricsOverrideParams::new(1280, 800, 1.0, false))
        .await
        .unwrap();
    wait_until(
        &page,
        "document.getElementById('new-game') !== null",
        "the page",
    )
    .await;

    click(&page, "#new-game").await;
    wait_until(
        &page,
        "document.querySelectorAll('[data-cell]').length === 64",
        "an empty 8×8 board",
    )
    .await;
    assert_eq!(label(&page, "c3").await.as_deref(), Some("c3, empty"));
    // A mark that a reload would wipe: the reply must come without one.
    page.evaluate("window.notReloaded = true").await.unwrap();

    click(&page, "[data-cell=\"c3\"]").await;
    click(&page, "[data-cell=\"d4\"]").await;
    // The move waits, shown, for its confirmation.
    click(&page, "#confirm").await;
    wait_until(
        &page,
        &format!("{} === 2", count("white")),
        "White's two tiles",
    )
    .await;
    assert_eq!(label(&page, "c3").await.as_deref(), Some("c3, white tile"));
    wait_until(&page, &format!("{} === 2", count("red")), "the AI's reply").await;
    wait_until(
        &page,
        "window.notReloaded === true && document.getElementById('status').textContent.startsWith('Your move')",
        "the reply shown live, the player to move again",
    )
    .await;
    // The live region says what the opponent played, not only whose turn it is.
    let status: String = page
        .evaluate("document.getElementById('status').textContent")
        .await
        .unwrap()
        .into_value()
        .unwrap();
    assert!(status.contains("ponte played "), "{status}");
    shot(&page, 1280, "first-move").await;
    shot(&page, 360, "first-move").await;

    // A stop with the page's live stream open still ends the server, and cleanly.
    let pid = server.id().unwrap();
    // SAFETY: signalling the child this test started and still owns.
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGTERM) };
    let status = tokio::time::timeout(BOUND, server.wait())
        .await
        .expect("stopped within the bound with a page open")
        .unwrap();
    assert!(status.success(), "{status}");

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}
