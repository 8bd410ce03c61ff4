//! `ponte web` in a real browser: the real binary on 127.0.0.1, driven by headless Chromium.
//! One test binary, a module per part of the page; `browser.rs` has the steps they share.
//! Screenshots at 360 and 1280 px wide are written to `target/web-shots/` for a person to
//! look at (not compared: fonts differ between machines).

mod access;
mod browser;
mod first_game;
mod learning;
mod live;
mod panel;
mod play;
