//! What every browser test shares: `ponte web` started on a fresh database, headless
//! Chromium (Debian's `chromium`; `PONTE_CHROMIUM` names another), and the steps a test takes
//! in a page: wait for a condition, click, read a cell's label, take a screenshot.

use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use chromiumoxide::browser::{Browser, BrowserConfig};
use chromiumoxide::cdp::browser_protocol::emulation::SetDeviceMetricsOverrideParams;
use chromiumoxide::cdp::browser_protocol::page::CaptureScreenshotFormat;
use chromiumoxide::cdp::browser_protocol::target::{
    CreateBrowserContextParams, CreateTargetParams,
};
use chromiumoxide::page::{Page, ScreenshotParams};
use futures_util::StreamExt;
use ponte::game::Variant;
use ponte::service::{ChallengeOptions, GameId, Player, PlayerId, Service, Venue, machine_actor};
use tokio::io::AsyncBufReadExt;
use tokio::process::{Child, Command};

/// The longest any one thing the page should do may take (a debug build, a busy machine).
pub const BOUND: Duration = Duration::from_secs(10);

/// One browser at a time: the machines have two cores.
pub static ONE_BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

pub fn chromium() -> PathBuf {
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
pub async fn ponte_web(dir: &tempfile::TempDir) -> (Child, String) {
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

pub async fn launch(profile: &tempfile::TempDir) -> (Browser, tokio::task::JoinHandle<()>) {
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
pub async fn wait_until(page: &Page, predicate: &str, what: &str) {
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
pub async fn click(page: &Page, css: &str) {
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
pub async fn label(page: &Page, cell: &str) -> Option<String> {
    let script =
        format!("document.querySelector('[data-cell=\"{cell}\"]')?.getAttribute('aria-label')");
    page.evaluate(script).await.unwrap().into_value().unwrap()
}

pub async fn shot(page: &Page, width: i64, name: &str) {
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

pub fn count(color: &str) -> String {
    format!("document.querySelectorAll('[data-tile=\"{color}\"]').length")
}

/// A tab on `url`: opened blank, then sent there (a tab opened on the address itself may wait
/// for a load that a page with a live channel open does not report). The board, not the
/// navigation, is what a test then waits for.
pub async fn tab(browser: &Browser, url: &str) -> Page {
    let page = browser.new_page("about:blank").await.unwrap();
    let _ = page.goto(url).await;
    page
}

/// A game at one screen between alice (White, opening) and bob in `variant`, started through
/// the service on the database `ponte web` will serve, as the terminal's `play alice bob` does.
pub async fn hot_seat(service: &Service, variant: Variant) -> GameId {
    let player = |name: &str| Player::new(PlayerId::of_terminal(name), name);
    let options = ChallengeOptions {
        variant,
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

/// A tab on `url` in a browser context of its own (as another person's browser: no cookie of
/// the other tabs), opened blank and then sent there, as [`tab`] does.
pub async fn tab_apart(browser: &Browser, url: &str) -> Page {
    let context = browser
        .create_browser_context(CreateBrowserContextParams::default())
        .await
        .unwrap();
    let blank = CreateTargetParams::builder()
        .url("about:blank")
        .browser_context_id(context)
        .build()
        .unwrap();
    let page = browser.new_page(blank).await.unwrap();
    let _ = page.goto(url).await;
    page
}
