//! The AI lab beside the product: matches between the bot's levels and the players that only
//! serve to measure them (the frozen `hard-2026-11`, Boardspace's Dumbot rebuilt, the
//! `uct-smartbot` yardstick, the trials of single ideas). It uses the product's public `game`
//! and `ai`; nothing of the bot, the terminal or `ponte ai` uses it. Pure and synchronous like
//! `ponte::ai`, except `arena`, which runs matches on threads and keeps their records in files.

pub mod arena;
pub mod boardspace;
pub mod players;
pub mod puzzles;
pub mod reference;
pub mod smartbot;
pub mod uct;
