//! Standings: Glicko-2 ratings per server (applied once, in the transaction that ends a game),
//! the leaderboard and a player's stats with the plot of their rating.

use super::ratings::{self, is_provisional};
use super::{GameId, GameView, Millis, Player, PlayerId, Result, Service};
use crate::i18n::Lang;
use crate::ids::GuildId;
use crate::render::rating_plot_png;
use crate::store::NamedRating;
use crate::tr;

/// Players per leaderboard page.
pub const LEADERBOARD_PAGE: usize = 10;

/// A player's rating in a server, as the leaderboard shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingView {
    pub player: Player,
    pub rating: f64,
    pub deviation: f64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    /// Too few games or too uncertain to rank among the settled ratings.
    pub provisional: bool,
}

impl RatingView {
    fn new(row: NamedRating) -> RatingView {
        RatingView {
            provisional: is_provisional(&row.rating),
            player: Player::new(row.rating.player_id, row.name),
            rating: row.rating.rating,
            deviation: row.rating.deviation,
            wins: row.rating.wins,
            losses: row.rating.losses,
            draws: row.rating.draws,
        }
    }

    pub fn games(&self) -> i64 {
        self.wins + self.losses + self.draws
    }
}

/// A page of a server's ranking.
#[derive(Clone, Debug)]
pub struct Leaderboard {
    /// (rank, rating) for this page.
    pub rows: Vec<(usize, RatingView)>,
    pub page: usize,
    pub pages: usize,
    /// The viewer's rank and rating, wherever they stand.
    pub viewer: Option<(usize, RatingView)>,
}

/// A point of a player's rating history: the rating after a game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    pub game_id: GameId,
    pub rating: f64,
    pub deviation: f64,
    pub at: Millis,
}

/// A player's standing in a server.
#[derive(Clone, Debug)]
pub struct Stats {
    pub player: Player,
    pub standing: Option<(usize, RatingView)>,
    /// 'W', 'L' or 'D' and how many in a row, newest first.
    pub streak: (char, usize),
    /// Finished games, newest first.
    pub recent: Vec<GameView>,
    pub history: Vec<RatingPoint>,
    /// Results against each level of the AI played (unrated, so apart from the rest).
    pub against_ai: Vec<super::AiRecord>,
}

impl Stats {
    /// The plot of the rating over time (PNG bytes), from the rating every player starts with.
    /// Takes a few milliseconds: call it off the async threads.
    pub fn rating_plot_png(&self, lang: Lang) -> Vec<u8> {
        let mut points = Vec::with_capacity(self.history.len() + 1);
        if !self.history.is_empty() {
            points.push(ratings::START);
        }
        points.extend(self.history.iter().map(|p| (p.rating, p.deviation)));
        let games = self.history.len();
        rating_plot_png(
            lang,
            &tr!(lang, "plot-title", name = &self.player.name),
            &tr!(lang, "plot-caption", games = games),
            &points,
        )
    }
}

impl Service {
    /// A server's leaderboard page (10 a page, settled ratings first) and the viewer's own line.
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        page: usize,
        viewer: PlayerId,
    ) -> Result<Leaderboard> {
        let ranked: Vec<(usize, RatingView)> = ratings::rank(self.store.ratings_in(guild).await?)
            .into_iter()
            .map(RatingView::new)
            .enumerate()
            .map(|(i, r)| (i + 1, r))
            .collect();
        let pages = ranked.len().div_ceil(LEADERBOARD_PAGE).max(1);
        let page = page.clamp(1, pages);
        let viewer_line = ranked.iter().find(|(_, r)| r.player.id == viewer).cloned();
        let rows = ranked
            .into_iter()
            .skip((page - 1) * LEADERBOARD_PAGE)
            .take(LEADERBOARD_PAGE)
            .collect();
        Ok(Leaderboard {
            rows,
            page,
            pages,
            viewer: viewer_line,
        })
    }

    /// A player's standing in a server: rating and rank, record, streak, recent games, history.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    #[tracing::instrument(skip(self))]
    pub async fn stats(&self, guild: GuildId, player: PlayerId) -> Result<Stats> {
        let player = self.player(player).await?;
        let board = self.leaderboard(guild, 1, player.id).await?;
        let recent = self
            .views(
                self.store
                    .finished_games_of(guild, player.id, "", 10)
                    .await?,
            )
            .await?;
        let outcome = |g: &GameView| match (g.result.and_then(|r| r.winner), g.color_of(player.id))
        {
            (None, _) => 'D',
            (Some(w), Some(me)) if w == me => 'W',
            _ => 'L',
        };
        // The streak counts rated games, as the record and the rating do.
        let rated: Vec<&GameView> = recent.iter().filter(|g| g.rated).collect();
        let streak = match rated.first().map(|g| outcome(g)) {
            Some(kind) => (
                kind,
                rated.iter().take_while(|g| outcome(g) == kind).count(),
            ),
            None => ('-', 0),
        };
        let history = self
            .store
            .rating_history(guild, player.id)
            .await?
            .into_iter()
            .map(|p| RatingPoint {
                game_id: p.game_id,
                rating: p.rating,
                deviation: p.deviation,
                at: p.at,
            })
            .collect();
        let against_ai = self.ai_records(guild, player.id).await?;
        Ok(Stats {
            player,
            standing: board.viewer,
            streak,
            recent,
            history,
            against_ai,
        })
    }
}
