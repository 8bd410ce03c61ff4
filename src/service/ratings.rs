//! Glicko-2 ratings per server (the `skillratings` crate does the arithmetic), applied to a
//! decided rated game inside its write (`rate`), and the leaderboard's order: settled ratings
//! first, provisional ones after.

use crate::ids::GuildId;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::game::Color;
use crate::store::{GameWrite, Millis, NamedRating, PlayerId, RatingRow, StoreError};

/// Fewer games than this, or a deviation above [`PROVISIONAL_DEVIATION`], make a rating
/// provisional.
pub const PROVISIONAL_GAMES: i64 = 5;
pub const PROVISIONAL_DEVIATION: f64 = 200.0;

/// The rating and deviation every player starts with in a server.
pub const START: (f64, f64) = (1500.0, 350.0);

fn games(row: &RatingRow) -> i64 {
    row.wins + row.losses + row.draws
}

pub fn is_provisional(row: &RatingRow) -> bool {
    games(row) < PROVISIONAL_GAMES || row.deviation > PROVISIONAL_DEVIATION
}

fn fresh(guild: GuildId, player: PlayerId) -> RatingRow {
    RatingRow {
        guild_id: guild,
        player_id: player,
        rating: START.0,
        deviation: START.1,
        volatility: Glicko2Rating::new().volatility,
        wins: 0,
        losses: 0,
        draws: 0,
        updated_at: 0,
    }
}

/// Both players' ratings after a game between White (`players[0]`) and Red; `winner` is `None`
/// for a draw.
pub fn after_game(
    guild: GuildId,
    players: [PlayerId; 2],
    before: [Option<RatingRow>; 2],
    winner: Option<Color>,
    now: Millis,
) -> [RatingRow; 2] {
    let [white_before, red_before] = before;
    let white = white_before.unwrap_or_else(|| fresh(guild, players[0]));
    let red = red_before.unwrap_or_else(|| fresh(guild, players[1]));
    let as_glicko = |r: &RatingRow| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let outcome = match winner {
        Some(Color::White) => Outcomes::WIN,
        Some(Color::Red) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (new_white, new_red) = glicko2(
        &as_glicko(&white),
        &as_glicko(&red),
        &outcome,
        &Glicko2Config::new(),
    );
    let update = |row: RatingRow, new: Glicko2Rating, color: Color| RatingRow {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        wins: row.wins + i64::from(winner == Some(color)),
        losses: row.losses + i64::from(winner == Some(color.other())),
        draws: row.draws + i64::from(winner.is_none()),
        updated_at: now,
        ..row
    };
    [
        update(white, new_white, Color::White),
        update(red, new_red, Color::Red),
    ]
}

/// Leaderboard order: settled before provisional, then by rating, then by id.
pub fn rank(mut rows: Vec<NamedRating>) -> Vec<NamedRating> {
    rows.sort_by(|a, b| {
        is_provisional(&a.rating)
            .cmp(&is_provisional(&b.rating))
            .then(b.rating.rating.total_cmp(&a.rating.rating))
            .then(a.rating.player_id.cmp(&b.rating.player_id))
    });
    rows
}

/// Applies a finished rated game to both players' server ratings, inside the game's write:
/// exactly once, whatever races.
pub(super) async fn rate(
    write: &mut GameWrite<'_>,
    players: [PlayerId; 2],
    winner: Option<Color>,
    now: Millis,
) -> Result<(), StoreError> {
    let row = &write.game;
    let Some(guild) = row.guild_id.filter(|_| row.rated && !row.rating_applied) else {
        return Ok(());
    };
    let before = write.ratings(guild, players).await?;
    let after = after_game(guild, players, before, winner, now);
    write.save_ratings(&after).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser() {
        let [w, r] = after_game(
            1.into(),
            [PlayerId::new(10), PlayerId::new(20)],
            [None, None],
            Some(Color::White),
            5,
        );
        assert!(w.rating > 1500.0 && r.rating < 1500.0);
        assert_eq!((w.wins, w.losses, r.wins, r.losses), (1, 0, 0, 1));
        assert!(w.deviation < 350.0);
        let [w, r] = after_game(
            1.into(),
            [PlayerId::new(10), PlayerId::new(20)],
            [Some(w), Some(r)],
            None,
            6,
        );
        assert_eq!((w.draws, r.draws), (1, 1));
        assert!(is_provisional(&w));
    }

    #[test]
    fn the_start_is_glicko2s_own() {
        let start = Glicko2Rating::new();
        assert_eq!(START, (start.rating, start.deviation));
    }
}
