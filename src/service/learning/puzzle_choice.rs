//! Which puzzle is served, the one rule for `/puzzle` and the daily puzzle: one of the
//! server's own games first, else of the built-in set; of those the nearest the player's
//! rating (the daily puzzle: the first kept); never one from the game of the puzzle answered
//! (or posted) last, whose answer could give it away: such a puzzle waits until one of another
//! game came between. The store gives the puzzles that may be served, nearest first; this
//! decides.

use crate::ids::{GuildId, PlayerId, PuzzleId};
use crate::service::{Owed, Result, Service};
use crate::store::{DueDaily, PuzzleCandidate, PuzzleSource};

/// How many puzzles of each kind (the server's, the built-in set's) a first look reads: more
/// than one game has (`ai::puzzle::MOST_PER_GAME`), so the game to avoid cannot hide the rest.
const FIRST_LOOK: usize = 16;

/// What the candidates decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pick {
    Puzzle(PuzzleId),
    /// None is left.
    Nothing,
    /// Every puzzle read of a kind was of the game to avoid, and there may be more.
    More,
}

/// Whether `a` and `b` come from one game: the same stored game, or for the built-in set the
/// lab's game of the same seed and variant (a puzzle whose game is not known is of no game
/// another is).
pub(super) fn same_game(a: &PuzzleSource, b: &PuzzleSource) -> bool {
    match (a.game_id, b.game_id) {
        (Some(a), Some(b)) => a == b,
        (None, None) => a.seed.is_some() && a.seed == b.seed && a.variant == b.variant,
        _ => false,
    }
}

/// The puzzle to serve of `candidates` (see the module's text): nearest `near` or, without
/// it, the first kept; never of `last`'s game. `read` is how many of each kind were read at
/// most (`None`: all).
pub(super) fn pick(
    candidates: &[PuzzleCandidate],
    near: Option<f64>,
    last: Option<&PuzzleSource>,
    read: Option<usize>,
) -> Pick {
    let distance = |c: &PuzzleCandidate| near.map_or(0.0, |near| (c.rating - near).abs());
    let order = |a: &&PuzzleCandidate, b: &&PuzzleCandidate| {
        distance(a).total_cmp(&distance(b)).then(a.id.cmp(&b.id))
    };
    for own in [true, false] {
        let kind: Vec<&PuzzleCandidate> = candidates
            .iter()
            .filter(|c| c.guild_id.is_some() == own)
            .collect();
        let allowed = kind
            .iter()
            .copied()
            .filter(|c| last.is_none_or(|last| !same_game(&c.source, last)))
            .min_by(order);
        match allowed {
            Some(chosen) => return Pick::Puzzle(chosen.id),
            None if read.is_some_and(|read| kind.len() >= read) => return Pick::More,
            None => {}
        }
    }
    Pick::Nothing
}

/// What a server's due day owes: the puzzle [`pick`] chooses of those not posted there, never
/// of the day before's game, posted in the server's channel.
pub(super) fn daily_owed(day: &DueDaily) -> Option<(PuzzleId, Owed)> {
    match pick(&day.candidates, None, day.before.as_ref(), None) {
        Pick::Puzzle(puzzle) => Some((
            puzzle,
            Owed::DailyPuzzle {
                puzzle,
                channel: day.channel,
            },
        )),
        Pick::Nothing | Pick::More => None,
    }
}

impl Service {
    /// The puzzle `player` is served in `guild` at rating `near` (see the module's text).
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn choose_puzzle(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
        near: f64,
    ) -> Result<Option<PuzzleId>> {
        let last = self.store.last_answered_source(player).await?;
        let mut read = Some(FIRST_LOOK);
        loop {
            let candidates = self
                .store
                .unanswered_puzzles(player, guild, near, read)
                .await?;
            match pick(&candidates, Some(near), last.as_ref(), read) {
                Pick::Puzzle(id) => return Ok(Some(id)),
                Pick::Nothing => return Ok(None),
                Pick::More => read = None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::Puzzle;
    use crate::ids::GameId;
    use crate::service::{ManualClock, Millis};
    use crate::store::test_support::{
        CHANNEL, GUILD, NOW, OTHER_GUILD, answer, keep, keep_of, puzzle, start, step,
    };
    use crate::store::{Answered, DAY, Store};

    /// A service whose store knows alice (1), bob (2) and carol (3).
    async fn service_with_players() -> (tempfile::TempDir, Service) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        let service = Service::open_with_clock(&url, Arc::new(ManualClock::new(NOW)))
            .await
            .unwrap();
        for (id, name) in [(1, "alice"), (2, "bob"), (3, "carol")] {
            service
                .store
                .upsert_player(PlayerId::new(id), name, NOW)
                .await
                .unwrap();
        }
        (dir, service)
    }

    async fn chosen(
        service: &Service,
        player: i64,
        guild: Option<GuildId>,
        near: f64,
    ) -> Option<PuzzleId> {
        service
            .choose_puzzle(PlayerId::new(player), guild, near)
            .await
            .unwrap()
    }

    /// Alice answers `id` right.
    async fn answered(service: &Service, id: PuzzleId) {
        let saved = service
            .store
            .save_puzzle_answer(&answer(1, id, true), step)
            .await;
        assert!(matches!(saved.unwrap(), Answered::Saved(_)));
    }

    /// The puzzles owed on the days from `from`, one a day, until none is.
    async fn posted(store: &Store, from: Millis) -> Vec<PuzzleId> {
        let mut posted = Vec::new();
        for day in 0..10 {
            let now = from + day * DAY;
            let owed = store
                .take_due_daily_puzzles(now, now + DAY, daily_owed)
                .await
                .unwrap();
            for owed in owed {
                let Owed::DailyPuzzle { puzzle, .. } = owed else {
                    panic!("{owed:?}");
                };
                posted.push(puzzle);
            }
        }
        posted
    }

    #[tokio::test]
    async fn a_puzzle_is_chosen_from_the_own_server_first_then_the_built_in_set_nearest_the_rating()
    {
        let (_dir, service) = service_with_players().await;
        let store = &service.store;
        let built_in_far = keep(store, 0, None, 1900.0).await;
        let built_in_near = keep(store, 1, None, 1450.0).await;
        let other_server = keep(store, 2, Some(OTHER_GUILD), 1500.0).await;
        let own_far = keep(store, 3, Some(GUILD), 1100.0).await;
        let own_near = keep(store, 4, Some(GUILD), 1600.0).await;

        // The own server's first, the nearest of them first.
        assert_eq!(
            chosen(&service, 1, Some(GUILD), 1500.0).await,
            Some(own_near)
        );
        assert_eq!(
            chosen(&service, 1, Some(GUILD), 1200.0).await,
            Some(own_far)
        );
        // In a direct message, the built-in set only.
        assert_eq!(chosen(&service, 1, None, 1500.0).await, Some(built_in_near));
        assert_eq!(chosen(&service, 1, None, 2000.0).await, Some(built_in_far));
        // Answered puzzles are not served again; another server's never.
        for id in [own_near, own_far, built_in_near] {
            let saved = store
                .save_puzzle_answer(&answer(1, id, true), step)
                .await
                .unwrap();
            assert!(matches!(saved, Answered::Saved(_)));
        }
        assert_eq!(
            chosen(&service, 1, Some(GUILD), 1500.0).await,
            Some(built_in_far)
        );
        assert_eq!(
            chosen(&service, 2, Some(GUILD), 1500.0).await,
            Some(own_near),
            "bob's own"
        );
        store
            .save_puzzle_answer(&answer(1, built_in_far, false), step)
            .await
            .unwrap();
        assert_eq!(chosen(&service, 1, Some(GUILD), 1500.0).await, None);
        assert_eq!(chosen(&service, 1, None, 1500.0).await, None);
        assert_eq!(
            chosen(&service, 1, Some(OTHER_GUILD), 1500.0).await,
            Some(other_server),
            "in its own server"
        );
        let served = store.served_puzzle(own_near).await.unwrap().unwrap();
        assert_eq!(served.puzzle, puzzle(4));
        assert_eq!(served.guild_id, Some(GUILD));
    }

    #[tokio::test]
    async fn a_puzzle_of_the_game_answered_last_waits_until_one_of_another_game_is_answered() {
        let (_dir, service) = service_with_players().await;
        let store = &service.store;
        let (game, other_game) = (start(store, 1, 2).await, start(store, 1, 3).await);
        let first = keep_of(store, &puzzle(0), Some(game), Some(GUILD), 1500.0).await;
        let same_game = keep_of(store, &puzzle(1), Some(game), Some(GUILD), 1510.0).await;
        let other = keep_of(store, &puzzle(2), Some(other_game), Some(GUILD), 1700.0).await;
        assert_eq!(chosen(&service, 1, Some(GUILD), 1500.0).await, Some(first));
        answered(&service, first).await;
        // The nearest is of the same game: the other game's comes first.
        assert_eq!(chosen(&service, 1, Some(GUILD), 1500.0).await, Some(other));
        assert_eq!(
            chosen(&service, 2, Some(GUILD), 1500.0).await,
            Some(first),
            "bob answered none"
        );
        answered(&service, other).await;
        assert_eq!(
            chosen(&service, 1, Some(GUILD), 1500.0).await,
            Some(same_game)
        );
        answered(&service, same_game).await;

        // The built-in set: a lab game is its variant and seed; of no known game, none is held.
        let of_seed = |n: usize, seed: Option<u64>| Puzzle { seed, ..puzzle(n) };
        let nine = keep_of(store, &of_seed(3, Some(9)), None, None, 1500.0).await;
        let nine_again = keep_of(store, &of_seed(4, Some(9)), None, None, 1500.0).await;
        let unknown = keep_of(store, &of_seed(5, None), None, None, 1650.0).await;
        assert_eq!(chosen(&service, 1, None, 1500.0).await, Some(nine));
        answered(&service, nine).await;
        assert_eq!(chosen(&service, 1, None, 1500.0).await, Some(unknown));
        answered(&service, unknown).await;
        assert_eq!(chosen(&service, 1, None, 1500.0).await, Some(nine_again));
        // The only one left is of the game answered last: none for now.
        let (_dir, service) = service_with_players().await;
        let store = &service.store;
        let nine = keep_of(store, &of_seed(3, Some(9)), None, None, 1500.0).await;
        keep_of(store, &of_seed(4, Some(9)), None, None, 1500.0).await;
        store
            .save_puzzle_answer(&answer(1, nine, false), step)
            .await
            .unwrap();
        assert_eq!(chosen(&service, 1, None, 1500.0).await, None);
    }

    #[tokio::test]
    async fn no_two_daily_puzzles_in_a_row_come_from_one_game() {
        let (_dir, service) = service_with_players().await;
        let store = &service.store;
        let (game, other_game) = (start(store, 1, 2).await, start(store, 1, 3).await);
        let [a, b, c] = [(0, game), (1, game), (2, other_game)];
        let mut ids = Vec::new();
        for (n, game) in [a, b, c] {
            ids.push(keep_of(store, &puzzle(n), Some(game), Some(GUILD), 1500.0).await);
        }
        // The built-in set: two of one lab game, in the order kept, then another's.
        let of_seed = |n: usize, seed: u64| Puzzle {
            seed: Some(seed),
            ..puzzle(n)
        };
        for (n, seed) in [(3, 9), (4, 9), (5, 10)] {
            ids.push(keep_of(store, &of_seed(n, seed), None, None, 1500.0).await);
        }
        store
            .set_puzzle_channel(GUILD, Some(CHANNEL), Some(NOW))
            .await
            .unwrap();
        // The server's: the first, the other game's, the first game's second; then the
        // built-in: the first, the other lab game's, the first's second.
        assert_eq!(
            posted(store, NOW).await,
            [ids[0], ids[2], ids[1], ids[3], ids[5], ids[4]]
        );
    }

    #[tokio::test]
    async fn a_daily_puzzle_is_the_servers_own_first_never_another_servers() {
        let (_dir, service) = service_with_players().await;
        let store = &service.store;
        let built_in = keep(store, 0, None, 1500.0).await;
        keep(store, 1, Some(OTHER_GUILD), 1500.0).await;
        let own = keep(store, 2, Some(GUILD), 1500.0).await;
        store
            .set_puzzle_channel(GUILD, Some(CHANNEL), Some(NOW))
            .await
            .unwrap();
        assert_eq!(posted(store, NOW).await, [own, built_in]);
    }

    /// A source of game `game`.
    fn of_game(game: i64) -> PuzzleSource {
        PuzzleSource {
            game_id: Some(GameId::new(game)),
            seed: None,
            variant: "size 10".into(),
        }
    }

    #[test]
    fn a_first_look_full_of_the_game_to_avoid_asks_for_more() {
        let candidates: Vec<PuzzleCandidate> = (1..=3)
            .map(|id| PuzzleCandidate {
                id: id.to_string().parse().unwrap(),
                guild_id: Some(GUILD),
                rating: 1500.0,
                source: of_game(1),
            })
            .collect();
        let last = of_game(1);
        assert_eq!(
            pick(&candidates, Some(1500.0), Some(&last), Some(3)),
            Pick::More
        );
        assert_eq!(
            pick(&candidates, Some(1500.0), Some(&last), Some(4)),
            Pick::Nothing
        );
        assert_eq!(
            pick(&candidates, Some(1500.0), Some(&last), None),
            Pick::Nothing
        );
        let other = of_game(2);
        assert_eq!(
            pick(&candidates, Some(1500.0), Some(&other), Some(3)),
            Pick::Puzzle(candidates[0].id)
        );
    }
}
