//! Exports: a game's record with header comments (what `/export` attaches and `ponte replay`
//! reads back), and the picture of any position for front ends that have no stored game.

use super::{GameId, GameResult, Result, Service, move_time_words};
use crate::game::{Color, Game};
use crate::i18n::Lang;
use crate::render::{Picture, caption_name, render_png};

impl Service {
    /// The game's record in the notation `ponte replay` reads.
    ///
    /// # Errors
    /// As [`Service::game`].
    #[tracing::instrument(skip(self))]
    pub async fn record(&self, game: GameId) -> Result<String> {
        Ok(self.game(game).await?.record().to_string())
    }

    /// The game's record with header comments (players, date, variant, result), as `/export`
    /// attaches it; `ponte replay` reads it back. In English whatever the server's language: a
    /// record is a file format, read by programs as well as people.
    ///
    /// # Errors
    /// As [`Service::game`].
    #[tracing::instrument(skip(self))]
    pub async fn export(&self, id: GameId) -> Result<String> {
        let game = self.game(id).await?;
        let variant = game.game.variant();
        let size = variant.size();
        let result = game
            .result_words(Lang::En, |p| p.name.clone())
            .unwrap_or_else(|| "in progress".to_string());
        let [white, red] = Color::BOTH.map(|c| game.game.score(c).points);
        // The hints a player took against the bot are a fact of the game like its result: a
        // comment beside the others, not a header of the record (those set the rules a replay
        // plays by).
        let hints = match game.hints {
            0 => String::new(),
            1 => "# Hints: 1 hint taken\n".to_string(),
            n => format!("# Hints: {n} hints taken\n"),
        };
        Ok(format!(
            "# Ponte del Diavolo, game #{}\n# White: {}\n# Red: {}\n# Started: {}\n\
             # Variant: {size}×{size}, {}, {}, {}\n# Result: {result} (points {white}–{red})\n\
             {hints}{}",
            game.id,
            game.white.name,
            game.red.name,
            iso_date(game.created_at),
            variant.supply_words(),
            move_time_words(Lang::En, game.move_time),
            if game.rated { "rated" } else { "unrated" },
            game.record()
        ))
    }
}

/// The picture (PNG bytes) of a position that is not a stored game, e.g. a record's end, with
/// the players named `white` and `red`: the same caption a stored game's picture has.
pub fn picture(game: &Game, title: &str, white: &str, red: &str, lang: Lang) -> Vec<u8> {
    let ending = game.outcome().map(|outcome| {
        GameResult::of_outcome(outcome).describe(lang, game, |color| match color {
            Color::White => caption_name(white),
            Color::Red => caption_name(red),
        })
    });
    render_png(&Picture {
        game,
        white,
        red,
        title,
        ending: ending.as_deref(),
        lang,
    })
}

/// `2026-11-22` for a time in Unix milliseconds.
fn iso_date(millis: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(millis.div_euclid(1000))
        .map_or_else(|_| "unknown".to_string(), |t| t.date().to_string())
}
