//! ponte: Ponte del Diavolo by correspondence — the rules engine and the front ends on it.
//!
//! Layers, arrows pointing down only: front ends (`discord`, `local`, the binary's commands) →
//! `service` → `store` / `render` / `ai` / `tournament` → `game`. The store uses `ids` and, of
//! `game`, `Variant`, `Move` and `Puzzle` (kept as their notation and columns, which `game` writes
//! and reads back; a game's moves are kept as text and the service replays them through `game`);
//! it decides nothing (which puzzle is served is the service's). `ai` uses only `game`;
//! `replay` is a command-line tool over `game`, and `matches` reads the match records the lab
//! (`lab/`, `ponte-lab arena`) writes. `docs/architecture.md` maps every file.

pub mod ai;
pub mod discord;
pub mod files;
pub mod game;
pub mod i18n;
pub mod ids;
pub mod local;
pub mod matches;
pub mod progress;
pub mod render;
pub mod replay;
pub mod service;
pub mod stop;
pub mod store;
pub mod tournament;
pub mod web;
