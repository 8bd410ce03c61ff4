//! ponte: Ponte del Diavolo by correspondence — the rules engine and the front ends on it.

pub mod game;
pub mod replay;
