//! `ponte web` in a real browser: the real binary on 127.0.0.1, driven by headless Chromium
//! (Debian's `chromium`; `PONTE_CHROMIUM` names another). A game against easy is started and
//! played by clicking, and the AI's reply appears without a reload. Screenshots at 360 and
//! 1280 px wide are written to `target/web-shots/` for a person to look at.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use chromiumoxide::browser::{Browser, BrowserConfig};
use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::cdp::browser_protocol::page::CaptureScreenshotFormat;
use chromiumoxide::page::{Page, ScreenshotParams};
use futures_util::StreamExt;
use tokio::io::AsyncBufReadExt;
use tokio::process::{Child, Command};

/// The longest any one thing the page should do may take (a debug build, a busy machine).
const BOUND: Duration = Duration::from_secs(10);

/// One browser at a time: the machines have two cores.
static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn chromium() -> PathBuf {
    let path = std::env::var_os("PONTE_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    assert!(
        path.exists(),
        "no Chromium at {} (set PONTE_CHROMIUM, or install it: \
         apt-get update && apt-get install -y chromium)",
        path.display()
    );
    path
}

/// `ponte web --port 0` on a fresh database, and the address it printed first.
async fn ponte_web(dir: &tempfile::TempDir) -> (Child, String) {
    let database = format!("sqlite://{}", dir.path().join("ponte.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_ponte"))
        .args(["web", "--port", "0", "--database", &database])
        .env("USER", "alice")
        // The AI's search bounded by work, not time: the same reply on any machine.
        .env("PONTE_AI_PLAYOUTS", "200")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = tokio::io::BufReader::new(stdout).lines();
    let address = tokio::time::timeout(BOUND, lines.next_line())
        .await
        .expect("the address within the bound")
        .unwrap()
        .expect("an address line");
    assert!(address.starts_with("http://127.0.0.1:"), "{address}");
    (child, address)
}

async fn launch(profile: &tempfile::TempDir) -> (Browser, tokio::task::JoinHandle<()>) {
    let config = BrowserConfig::builder()
        .chrome_executable(chromium())
        .new_headless_mode()
        .no_sandbox()
        .user_data_dir(profile.path())
        .args([
            "--disable-gpu",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ])
        .build()
        .unwrap();
    let (browser, mut handler) = Browser::launch(config).await.unwrap();
    let events = tokio::spawn(async move { while handler.next().await.is_some() {} });
    (browser, events)
}

/// Waits until `predicate` (JavaScript) is true in `page`, or panics with `what` after the
/// bound, saying what the page shows.
async fn wait_until(page: &Page, predicate: &str, what: &str) {
    let started = Instant::now();
    loop {
        // An error is "not yet": the page may still be loading its first document.
        let value = page.evaluate(predicate).await.ok();
        if value.is_some_and(|value| value.into_value::<bool>().unwrap_or(false)) {
            return;
        }
        if started.elapsed() > BOUND {
            let status = page
                .evaluate("document.body.innerText")
                .await
                .unwrap()
                .into_value::<String>()
                .unwrap_or_default();
            panic!("{what}: not within {BOUND:?}; the page shows:\n{status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks what `css` selects. The page draws its board anew on every change, so a node just
/// found may be gone before the click reaches it: then it is found again.
async fn click(page: &Page, css: &str) {
    let started = Instant::now();
    loop {
        let clicked = match page.find_element(css).await {
            Ok(element) => element.click().await.map(|_| ()),
            Err(error) => Err(error),
        };
        match clicked {
            Ok(()) => return,
            Err(error) if started.elapsed() > BOUND => panic!("{css}: not clicked: {error}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// What a screen reader says of `cell`, read in one step (the board may be drawn anew between
/// finding a node and reading it).
async fn label(page: &Page, cell: &str) -> Option<String> {
    let script =
        format!("document.querySelector('[data-cell=\"{cell}\"]')?.getAttribute('aria-label')");
    page.evaluate(script).await.unwrap().into_value().unwrap()
}

async fn shot(page: &Page, width: i64, name: &str) {
    page.execute(SetDeviceMetricsOverrideParams::new(
        width,
        800,
        1.0,
        width < 600,
    ))
    .await
    .unwrap();
    let png = page
        .screenshot(
            ScreenshotParams::builder()
                .format(CaptureScreenshotFormat::Png)
                .full_page(true)
                .build(),
        )
        .await
        .unwrap();
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/web-shots");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join(format!("{name}-{width}.png")), png).unwrap();
}

fn count(color: &str) -> String {
    format!("document.querySelectorAll('[data-tile=\"{color}\"]').length")
}

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
