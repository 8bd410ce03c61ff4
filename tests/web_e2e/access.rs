//! The board on a phone, by keyboard alone, for a screen reader and in the dark: a 12×12 board
//! fits 360 px without sideways scrolling; a move is chosen and sent with Tab, the arrows and
//! Enter, and the focus stays on its cell when the AI's reply redraws the board; the cells are
//! named; the live line says the reply once; the dark theme keeps the board readable.

use std::sync::Arc;

use chromiumoxide::cdp::browser_protocol::emulation::{
    MediaFeature, SetDeviceMetricsOverrideParams, SetEmulatedVisionDeficiencyParams,
    SetEmulatedVisionDeficiencyType,
};
use chromiumoxide::cdp::browser_protocol::input::{DispatchKeyEventParams, DispatchKeyEventType};
use chromiumoxide::page::Page;
use ponte::game::{Move, Variant};
use ponte::service::{AiTerms, ChallengeOptions, Level, Opener, Player, PlayerId, Service, Venue};
use ponte::service::{machine_actor, machine_bot};

use crate::browser::{ONE_BROWSER, count, label, launch, ponte_web, shot, wait_until};

fn alice() -> Player {
    Player::new(PlayerId::of_terminal("alice"), "alice")
}

fn twelve() -> ChallengeOptions {
    ChallengeOptions {
        variant: Variant::unlimited(12).unwrap(),
        move_time: None,
        rated: false,
    }
}

async fn service(dir: &tempfile::TempDir) -> Service {
    let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
    let mut service = Service::open(&url).await.unwrap();
    service.set_ai_playouts(Some(200));
    service
}

/// A 12×12 game of alice against easy, alice to open, in the database `ponte web` will open.
async fn game_against_easy(dir: &tempfile::TempDir) -> i64 {
    let terms = AiTerms {
        level: Level::Easy,
        options: twelve(),
        venue: Venue::default(),
        opener: Opener::Human,
    };
    let game = service(dir)
        .await
        .start_ai_game(&machine_actor(alice()), &machine_bot(), terms, None)
        .await
        .unwrap();
    game.id.get()
}

/// A 12×12 game between alice and bob with a bridge of each colour: White's c3-e4 and h3-j3,
/// Red's c8-e9 and h9-h11.
async fn game_with_bridges(dir: &tempfile::TempDir) -> i64 {
    let service = Arc::new(service(dir).await);
    let bob = Player::new(PlayerId::of_terminal("bob"), "bob");
    let offer = service
        .challenge(
            &machine_actor(alice()),
            Some(&bob),
            twelve(),
            Venue::default(),
        )
        .await
        .unwrap();
    let game = service.accept(offer.id, &machine_actor(bob)).await.unwrap();
    for mv in [
        "c3 e4", "c8 e9", "c3-e4", "c8-e9", "h3 j3", "h9 h11", "h3-j3", "h9-h11",
    ] {
        let view = service.game(game.id).await.unwrap();
        let (_, player) = view.to_move().unwrap();
        let mv: Move = mv.parse().unwrap();
        service.play(game.id, player.id, mv, None).await.unwrap();
    }
    game.id.get()
}

/// A key pressed and let go, as a person's keyboard sends it (Tab moves the focus, Enter
/// types its character).
async fn press(page: &Page, key: &str) {
    let (code, text) = match key {
        "Tab" => (9, None),
        "Enter" => (13, Some("\r")),
        " " => (32, Some(" ")),
        "PageUp" => (33, None),
        "PageDown" => (34, None),
        "End" => (35, None),
        "Home" => (36, None),
        "ArrowLeft" => (37, None),
        "ArrowUp" => (38, None),
        "ArrowRight" => (39, None),
        "ArrowDown" => (40, None),
        other => panic!("no key {other}"),
    };
    let named = if key == " " { "Space" } else { key };
    let mut down = DispatchKeyEventParams::builder()
        .r#type(DispatchKeyEventType::RawKeyDown)
        .key(key)
        .code(named)
        .windows_virtual_key_code(code)
        .native_virtual_key_code(code);
    if let Some(text) = text {
        down = down.r#type(DispatchKeyEventType::KeyDown).text(text);
    }
    page.execute(down.build().unwrap()).await.unwrap();
    let up = DispatchKeyEventParams::builder()
        .r#type(DispatchKeyEventType::KeyUp)
        .key(key)
        .code(named)
        .windows_virtual_key_code(code)
        .native_virtual_key_code(code);
    page.execute(up.build().unwrap()).await.unwrap();
}

async fn focused(page: &Page) -> Option<String> {
    let cell: String = page
        .evaluate("document.activeElement?.getAttribute('data-cell') ?? ''")
        .await
        .unwrap()
        .into_value()
        .unwrap();
    (!cell.is_empty()).then_some(cell)
}

/// Tab until the focus is on the board (the language switch and the buttons come first).
async fn tab_to_board(page: &Page) {
    for _ in 0..10 {
        if focused(page).await.is_some() {
            return;
        }
        press(page, "Tab").await;
    }
    panic!("the board not reached by Tab");
}

async fn number(page: &Page, script: &str) -> f64 {
    page.evaluate(script).await.unwrap().into_value().unwrap()
}

async fn phone(page: &Page) {
    page.execute(SetDeviceMetricsOverrideParams::new(360, 800, 1.0, true))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_12x12_game_is_played_by_keyboard_alone_on_a_phone() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let id = game_against_easy(&dir).await;
    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let page = browser.new_page("about:blank").await.unwrap();
    phone(&page).await;
    page.goto(format!("{}/#game={id}", address.trim_end_matches('/')))
        .await
        .unwrap();
    wait_until(
        &page,
        "document.querySelectorAll('[data-cell]').length === 144",
        "an empty 12×12 board",
    )
    .await;

    // No sideways scrolling, and cells a thumb can hit (WCAG's 24 px at the least).
    let (scroll, client) = (
        number(&page, "document.documentElement.scrollWidth").await,
        number(&page, "document.documentElement.clientWidth").await,
    );
    assert!(scroll <= client, "scrolls sideways: {scroll} > {client}");
    let cell = number(
        &page,
        "document.querySelector('[data-cell=\"f6\"]').getBoundingClientRect().width",
    )
    .await;
    println!("a 12×12 cell at 360 px: {cell:.1} px");
    assert!(cell >= 24.0, "a cell of {cell} px");

    // One tab stop for the whole board, reached by Tab.
    let stops = number(
        &page,
        "document.querySelectorAll('[data-cell][tabindex=\"0\"]').length",
    )
    .await;
    assert_eq!(stops, 1.0);
    tab_to_board(&page).await;
    assert_eq!(focused(&page).await.as_deref(), Some("a12"));
    for (key, cell) in [
        ("End", "l12"),
        ("PageDown", "l1"),
        ("Home", "a1"),
        ("PageUp", "a12"),
        ("ArrowLeft", "a12"),
        ("PageDown", "a1"),
        ("ArrowUp", "a2"),
        ("ArrowUp", "a3"),
        ("ArrowRight", "b3"),
        ("ArrowRight", "c3"),
    ] {
        press(&page, key).await;
        assert_eq!(focused(&page).await.as_deref(), Some(cell), "after {key}");
    }
    assert_eq!(
        number(
            &page,
            "document.querySelectorAll('[data-cell][tabindex=\"0\"]').length"
        )
        .await,
        1.0
    );

    press(&page, "Enter").await;
    wait_until(
        &page,
        "document.querySelector('[data-cell=\"c3\"]').getAttribute('aria-label') === 'c3, empty, chosen'",
        "c3 chosen by Enter",
    )
    .await;
    assert_eq!(focused(&page).await.as_deref(), Some("c3"));
    shot(&page, 360, "access-chosen").await;
    press(&page, "ArrowRight").await;
    press(&page, "ArrowUp").await;
    assert_eq!(focused(&page).await.as_deref(), Some("d4"));
    press(&page, "Enter").await;
    // The move is shown first; Enter once more confirms it.
    wait_until(
        &page,
        "document.querySelectorAll('[data-preview]').length === 2",
        "the move shown before it is sent",
    )
    .await;
    press(&page, "Enter").await;
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
        "document.getElementById('status').textContent.includes('ponte played ')",
        "the reply said in the live line",
    )
    .await;
    // The reply redrew the board; the keyboard is where it was.
    assert_eq!(focused(&page).await.as_deref(), Some("d4"));

    // A redraw that changes nothing in the live line does not write it again (a screen
    // reader would say it again): choosing an empty cell and letting it go redraws twice.
    // (A tile of one's own with no bridge to build from it is no choice: the AI's reply decides
    // which cells are empty, so the arrows go up from d4 to the first empty one.)
    let mut cell = String::new();
    for _ in 0..8 {
        press(&page, "ArrowUp").await;
        cell = focused(&page).await.unwrap();
        if label(&page, &cell).await.unwrap().ends_with(", empty") {
            break;
        }
    }
    page.evaluate(
        "window.liveWrites = 0; new MutationObserver((m) => { window.liveWrites += m.length; })\
         .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true })",
    )
    .await
    .unwrap();
    let labelled = |words: &str| {
        format!(
            "document.querySelector('[data-cell=\"{cell}\"]').getAttribute('aria-label') === '{cell}, {words}'"
        )
    };
    press(&page, " ").await;
    wait_until(
        &page,
        &labelled("empty, chosen"),
        "an empty cell chosen by Space",
    )
    .await;
    press(&page, " ").await;
    wait_until(&page, &labelled("empty"), "the cell let go").await;
    assert_eq!(number(&page, "window.liveWrites").await, 0.0);
    shot(&page, 360, "access-keyboard").await;

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}

/// The contrast ratio (WCAG) between two CSS colours of `rgb(…)` form, in the page.
const CONTRAST: &str = "
    const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
    const light = (text) => {
        const [r, g, b] = rgb(text).map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a, b) => {
        const [x, y] = [light(a), light(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
    const style = (css) => getComputedStyle(document.querySelector(css));
";

/// The contrasts that make the board readable: the page's text, the cells against the tiles'
/// edges, white tiles against red ones, the red tiles' dot against red, the coordinates, white
/// bridges against red ones (the last three hold without hue: lightness alone).
async fn contrasts(page: &Page) -> Vec<f64> {
    let script = format!(
        "(() => {{ {CONTRAST}
            const cell = style('.cell').fill;
            return [
                contrast(style('body').color, getComputedStyle(document.documentElement).backgroundColor),
                contrast(style('.tile.red').stroke, cell),
                contrast(style('.tile.white').fill, style('.tile.red').fill),
                contrast(style('.mark').fill, style('.tile.red').fill),
                contrast(style('.label').fill, getComputedStyle(document.documentElement).backgroundColor),
                contrast(style('.bridge.white .band').stroke, style('.bridge.red .band').stroke),
            ];
        }})()"
    );
    page.evaluate(script).await.unwrap().into_value().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cells_are_named_and_the_board_reads_in_light_and_dark() {
    let _one = ONE_BROWSER.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let id = game_with_bridges(&dir).await;
    let (_server, address) = ponte_web(&dir).await;
    let profile = tempfile::tempdir().unwrap();
    let (mut browser, events) = launch(&profile).await;
    let page = browser.new_page("about:blank").await.unwrap();
    phone(&page).await;
    page.goto(format!("{}/#game={id}", address.trim_end_matches('/')))
        .await
        .unwrap();
    wait_until(
        &page,
        "document.querySelectorAll('[data-tile]').length === 8",
        "the 12×12 game's eight tiles",
    )
    .await;

    for (cell, said) in [
        ("c3", "c3, white tile, bridge to e4"),
        ("e4", "e4, white tile, bridge to c3"),
        ("c8", "c8, red tile, bridge to e9"),
        ("h11", "h11, red tile, bridge to h9"),
        ("d4", "d4, empty"),
    ] {
        assert_eq!(label(&page, cell).await.as_deref(), Some(said));
    }
    // The chosen cell and the targets the server gives are named too.
    let said: Vec<String> = page
        .evaluate(
            "(async () => {
                const { drawBoard } = await import('/board.js');
                const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
                document.body.append(svg);
                drawBoard(svg, { size: 8, tiles: [{ cell: 'c3', color: 'red' }], bridges: [], last_move: [] },
                    { chosen: 'c3', targets: ['e4', 'd5'] });
                const said = ['c3', 'e4', 'a1'].map((c) => svg.querySelector(`[data-cell=\"${c}\"]`).getAttribute('aria-label'));
                svg.remove();
                return said;
            })()",
        )
        .await
        .unwrap()
        .into_value()
        .unwrap();
    assert_eq!(
        said,
        [
            "c3, red tile, chosen",
            "e4, empty, legal target",
            "a1, empty"
        ]
    );

    // For the screenshots: a chosen cell, targets on an empty cell and on a tile, the focus
    // ring (the keyboard on the board).
    page.evaluate(format!(
        "(async () => {{
            const {{ drawBoard }} = await import('/board.js');
            const game = await (await fetch('/api/games/{id}')).json();
            drawBoard(document.getElementById('board'), game, {{ chosen: 'f6', targets: ['f7', 'g6', 'j3'] }});
        }})()"
    ))
    .await
    .unwrap();
    tab_to_board(&page).await;
    for key in ["PageDown", "ArrowUp", "ArrowRight", "ArrowRight"] {
        press(&page, key).await;
    }
    assert_eq!(focused(&page).await.as_deref(), Some("c2"));

    let background = "getComputedStyle(document.documentElement).backgroundColor";
    let light: String = page
        .evaluate(background)
        .await
        .unwrap()
        .into_value()
        .unwrap();
    let readable = |theme: &str, found: &[f64]| {
        let [text, edge, white, dot, coordinates, bridges] = found else {
            panic!("{found:?}");
        };
        assert!(*text >= 7.0, "{theme}: text {text}");
        assert!(*edge >= 3.0, "{theme}: tile edges {edge}");
        assert!(*white >= 3.0, "{theme}: white against red tiles {white}");
        assert!(*dot >= 3.0, "{theme}: the red tiles' dot {dot}");
        assert!(*coordinates >= 4.5, "{theme}: coordinates {coordinates}");
        // Without hue, white and red bridges still differ in lightness.
        assert!(*bridges >= 3.0, "{theme}: bridges {bridges}");
    };
    readable("light", &contrasts(&page).await);
    shot(&page, 360, "access-light").await;
    shot(&page, 1280, "access-light").await;
    // To look at as people without red-green or any colour vision see it.
    for (deficiency, name) in [
        (
            SetEmulatedVisionDeficiencyType::Deuteranopia,
            "access-deuteranopia",
        ),
        (
            SetEmulatedVisionDeficiencyType::Achromatopsia,
            "access-greyscale",
        ),
        (SetEmulatedVisionDeficiencyType::None, "access-light-again"),
    ] {
        page.execute(SetEmulatedVisionDeficiencyParams::new(deficiency))
            .await
            .unwrap();
        shot(&page, 360, name).await;
    }

    page.emulate_media_features(vec![MediaFeature::new("prefers-color-scheme", "dark")])
        .await
        .unwrap();
    let dark: String = page
        .evaluate(background)
        .await
        .unwrap()
        .into_value()
        .unwrap();
    assert_ne!(light, dark);
    assert_eq!(light, "rgb(255, 255, 255)");
    assert_eq!(dark, "rgb(23, 25, 28)");
    readable("dark", &contrasts(&page).await);
    shot(&page, 360, "access-dark").await;
    shot(&page, 1280, "access-dark").await;

    browser.close().await.unwrap();
    browser.wait().await.unwrap();
    events.abort();
}
