//! After a game: its animated replay, a GIF of every position as the board pictures show it
//! (the move just played highlighted, its number and notation in the caption), the final
//! position held before it loops.

use crate::ids::{ChannelId, GuildId};
use std::time::Duration;

use super::move_log::positions;
use super::{Actor, GameId, GameResult, GameView, PlayerId, Result, Service, ServiceError};
use crate::game::{Color, Game, Move, Variant};
use crate::i18n::Lang;
use crate::render::{Picture, Still, animated_gif_on, caption_name};
use crate::tr;

/// How long each position shows unless the caller says otherwise.
pub const MOVE_DELAY: Duration = Duration::from_millis(1000);
/// How long the final position shows before the replay starts again.
pub const FINAL_HOLD: Duration = Duration::from_secs(4);

/// How many finished games a player is offered to review.
const RECENT: i64 = 25;

impl Service {
    /// The game a review (replay, analysis) asked for in `channel` is about: the one named,
    /// else the game of this thread (the latest, should a rematch have started in it), else
    /// the asker's latest finished game in this server. The asker's games going on in the
    /// channel do not count: a review is of a game played, not of the one being played.
    ///
    /// # Errors
    /// [`ServiceError::UnknownGame`] for a game out of the asker's reach,
    /// [`ServiceError::NoGameHere`] when nothing matches; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn game_to_review(
        &self,
        id: Option<GameId>,
        asker: &Actor,
        channel: ChannelId,
    ) -> Result<GameView> {
        if let Some(id) = id {
            return self.game_for(id, asker).await;
        }
        if let Some(row) = self.store.game_in_thread(channel).await?
            && asker.reaches(&row)
        {
            return self.view(row).await;
        }
        let Some(guild) = asker.guild else {
            return Err(ServiceError::NoGameHere);
        };
        let latest = self
            .store
            .finished_games_of(guild, asker.id(), "", 1)
            .await?;
        match latest.into_iter().next() {
            Some(row) => self.view(row).await,
            None => Err(ServiceError::NoGameHere),
        }
    }

    /// A player's latest finished games in a server, newest first, for choosing one to review:
    /// those whose number starts with `typed` or whose opponent's name contains it.
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn recent_finished_games(
        &self,
        guild: GuildId,
        player: PlayerId,
        typed: &str,
    ) -> Result<Vec<GameView>> {
        let rows = self.store.finished_games_of(guild, player, typed, RECENT);
        self.views(rows.await?).await
    }
}

/// What a replay shows besides the positions.
struct Reel<'a> {
    /// The players as they ended the game (after a swap, the second player is White).
    white: &'a str,
    red: &'a str,
    title: &'a str,
    /// How the game ended, for the last frame; `None` while it goes on.
    ending: Option<&'a str>,
    lang: Lang,
    delay: Duration,
}

impl Service {
    /// The replay (GIF bytes) of `game` with its captions in `lang`, a second a move. Drawing
    /// it takes cores as the AI's searches do, so it waits its turn in the AI's queue for a
    /// core, then draws on the others free but one, left for a search asked for meanwhile.
    ///
    /// # Errors
    /// A drawing that failed (a bug, reported as a damaged game).
    #[tracing::instrument(skip_all, fields(game = %game.id, ?lang))]
    pub async fn replay_gif(&self, game: &GameView, lang: Lang) -> Result<Vec<u8>> {
        let mut cores = vec![self.free_core().await];
        while self.thinking.available_permits() > 1
            && let Ok(core) = self.thinking.clone().try_acquire_owned()
        {
            cores.push(core);
        }
        let game = game.clone();
        let id = game.id;
        tokio::task::spawn_blocking(move || game.replay_gif(lang, MOVE_DELAY, cores.len()))
            .await
            .map_err(|error| {
                ServiceError::Damaged(super::DamagedLog {
                    game: id,
                    reason: format!("drawing the replay failed: {error}"),
                })
            })
    }
}

impl GameView {
    /// The game's replay (GIF bytes) with its captions in `lang`, each position shown for
    /// `delay`, drawn on at most `threads` threads. Takes a fraction of a second: call it off
    /// the async threads.
    pub fn replay_gif(&self, lang: Lang, delay: Duration, threads: usize) -> Vec<u8> {
        let ending = self.result_words(lang, |p| caption_name(&p.name));
        let title = tr!(lang, "caption-title", id = self.id);
        let positions = positions(self.game.variant(), self.moves.iter().map(|m| m.mv));
        animate(
            &Reel {
                white: &self.white.name,
                red: &self.red.name,
                title: &title,
                ending: ending.as_deref(),
                lang,
                delay,
            },
            &positions,
            threads,
            |_, _| {},
        )
    }
}

/// The replay (GIF bytes) of `moves` played in `variant`, e.g. a record's, with the players
/// named `white` and `red` as they ended the game. The moves must be legal: the replay stops
/// before the first that is not. Drawn on every core; after each frame, `progress` is told the
/// frames drawn and the frames in all, the count rising by one each time.
pub fn replay_gif(
    variant: Variant,
    moves: &[Move],
    (white, red): (&str, &str),
    title: &str,
    lang: Lang,
    delay: Duration,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<u8> {
    let positions = positions(variant, moves.iter().copied());
    let end = &positions[positions.len() - 1];
    let ending = end.outcome().map(|outcome| {
        GameResult::of_outcome(outcome).describe(lang, end, |color| match color {
            Color::White => caption_name(white),
            Color::Red => caption_name(red),
        })
    });
    animate(
        &Reel {
            white,
            red,
            title,
            ending: ending.as_deref(),
            lang,
            delay,
        },
        &positions,
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        progress,
    )
}

fn animate(
    reel: &Reel,
    positions: &[Game],
    threads: usize,
    progress: impl Fn(usize, usize) + Sync,
) -> Vec<u8> {
    let swapped = positions.last().is_some_and(Game::swapped);
    let mut stills = Vec::with_capacity(positions.len());
    for (index, game) in positions.iter().enumerate() {
        let last = index + 1 == positions.len();
        // Before the swap, the first player (Red at the end) held White.
        let (white, red) = if swapped && !game.swapped() {
            (reel.red, reel.white)
        } else {
            (reel.white, reel.red)
        };
        let picture = Picture {
            game,
            white,
            red,
            title: reel.title,
            ending: reel.ending.filter(|_| last),
            lang: reel.lang,
        };
        let delay = if last {
            reel.delay.max(FINAL_HOLD)
        } else {
            reel.delay
        };
        stills.push(Still { picture, delay });
    }
    animated_gif_on(&stills, threads, progress)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::service::{ChallengeOptions, Player, Venue};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_replay_is_drawn_on_cores_of_the_ais_queue() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        let service = Arc::new(Service::open(&url).await.unwrap());
        let (alice, bob) = (
            Player::new(PlayerId::new(1), "alice"),
            Player::new(PlayerId::new(2), "bob"),
        );
        let venue = Venue {
            guild_id: Some(1.into()),
            channel_id: Some(1.into()),
        };
        let options = ChallengeOptions::default();
        let challenge = service
            .challenge(
                &Actor::member(alice, venue.guild_id),
                Some(&bob),
                options,
                venue,
            )
            .await
            .unwrap();
        let bob = Actor::member(bob, venue.guild_id);
        let game = service.accept(challenge.id, &bob).await.unwrap();

        let cores = service.thinking.available_permits();
        let searching = service
            .thinking
            .clone()
            .acquire_many_owned(cores as u32)
            .await
            .unwrap();
        let drawing = tokio::spawn({
            let service = service.clone();
            async move { service.replay_gif(&game, Lang::En).await }
        });
        // Drawing this one picture takes milliseconds: it waits for a core.
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert!(!drawing.is_finished(), "drawn while every core searched");
        drop(searching);
        let gif = drawing.await.unwrap().unwrap();
        assert!(gif.starts_with(b"GIF89a"));
        assert_eq!(service.thinking.available_permits(), cores, "given back");
    }
}
