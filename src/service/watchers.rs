//! Who watches which game live (the web board's open pages): one channel per game, holding its
//! latest saved version. A save wakes only the pages of its own game, so a move costs the same
//! however many pages are open on other games; and a page that was slow to look sees the
//! newest version, never a queue of old ones.

use std::collections::HashMap;
use std::sync::Mutex;

use tokio::sync::watch;

use super::GameId;

/// Channels kept before those nobody listens to any more are dropped.
const FIRST_PRUNE: usize = 1024;

#[derive(Debug)]
pub(super) struct GameWatchers {
    channels: Mutex<Channels>,
}

#[derive(Debug)]
struct Channels {
    by_game: HashMap<GameId, watch::Sender<i64>>,
    /// When the map grows to this many, channels without receivers are dropped (a page closed
    /// on a game that did not move since); then the next prune waits until it doubles.
    prune_at: usize,
}

impl Default for GameWatchers {
    fn default() -> GameWatchers {
        GameWatchers {
            channels: Mutex::new(Channels {
                by_game: HashMap::new(),
                prune_at: FIRST_PRUNE,
            }),
        }
    }
}

impl GameWatchers {
    /// A receiver of `game`'s versions saved from now on.
    pub(super) fn watch(&self, game: GameId) -> watch::Receiver<i64> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if channels.by_game.len() >= channels.prune_at {
            channels
                .by_game
                .retain(|_, sender| sender.receiver_count() > 0);
            channels.prune_at = (channels.by_game.len() * 2).max(FIRST_PRUNE);
        }
        // Unknown until the first save: a new receiver has seen the value it starts with.
        let sender = channels
            .by_game
            .entry(game)
            .or_insert_with(|| watch::channel(-1).0);
        sender.subscribe()
    }

    /// Tells `game`'s watchers it was saved at `version`.
    pub(super) fn saved(&self, game: GameId, version: i64) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = channels.by_game.get(&game) {
            if sender.receiver_count() == 0 {
                channels.by_game.remove(&game);
            } else {
                sender.send_replace(version);
            }
        }
    }

    #[cfg(test)]
    fn kept(&self) -> usize {
        self.channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .by_game
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: i64) -> GameId {
        GameId::new(n)
    }

    #[test]
    fn a_save_wakes_only_its_own_games_watchers_with_the_newest_version() {
        let watchers = GameWatchers::default();
        let mut one = watchers.watch(game(1));
        let mut also_one = watchers.watch(game(1));
        let two = watchers.watch(game(2));
        assert!(!one.has_changed().unwrap());
        watchers.saved(game(1), 3);
        watchers.saved(game(1), 4);
        assert!(one.has_changed().unwrap());
        assert_eq!(*one.borrow_and_update(), 4);
        assert_eq!(*also_one.borrow_and_update(), 4);
        assert!(!two.has_changed().unwrap());
        // A game nobody watches keeps no channel.
        watchers.saved(game(3), 1);
        assert_eq!(watchers.kept(), 2);
    }

    #[test]
    fn channels_nobody_listens_to_are_dropped() {
        let watchers = GameWatchers::default();
        let kept = watchers.watch(game(0));
        for n in 1..=FIRST_PRUNE as i64 {
            drop(watchers.watch(game(n)));
        }
        // The last watch found the map full: the closed pages of games that never moved again
        // were dropped before its own channel was made.
        assert_eq!(watchers.kept(), 2);
        // A closed page's game that moves is dropped at its save.
        drop(kept);
        watchers.saved(game(0), 1);
        assert_eq!(watchers.kept(), 1);
    }
}
