//! ponte: Ponte del Diavolo by correspondence — the rules engine and the front ends on it.
//!
//! Layers, arrows pointing down only: front ends (`local`, `replay`) → `service` → `store` →
//! `game`.

pub mod ai;
pub mod arena;
pub mod discord;
pub mod files;
pub mod game;
pub mod i18n;
pub mod ids;
pub mod local;
pub mod progress;
pub mod render;
pub mod replay;
pub mod service;
pub mod stop;
pub mod store;
pub mod tournament;
