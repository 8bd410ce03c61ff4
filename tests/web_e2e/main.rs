//! `ponte web` in a real browser: the real binary on 127.0.0.1, driven by headless Chromium;
//! also the bot's web board, the real `ponte bot` against the fake Discord (`from_discord`).
//! One test binary, a module per part of the page; `browser.rs` has the steps they share.
//! Screenshots at 360 and 1280 px wide are written to `target/web-shots/` for a person to
//! look at (not compared: fonts differ between machines).

mod access;
mod browser;
#[path = "../fake_discord/mod.rs"]
mod fake_discord;
mod first_game;
mod from_discord;
mod learning;
mod live;
mod panel;
mod play;
