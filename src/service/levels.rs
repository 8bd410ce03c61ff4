//! The AI's level as the AI plays it and as the store keeps it.

use crate::ai::Level;
use crate::store::StoredLevel;

/// The AI's level as the store keeps it.
pub(super) fn stored_level(level: Level) -> StoredLevel {
    match level {
        Level::Easy => StoredLevel::Easy,
        Level::Medium => StoredLevel::Medium,
        Level::Hard => StoredLevel::Hard,
    }
}

/// The AI's level of a stored game.
pub(super) fn level_of(stored: StoredLevel) -> Level {
    match stored {
        StoredLevel::Easy => Level::Easy,
        StoredLevel::Medium => Level::Medium,
        StoredLevel::Hard => Level::Hard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_stored_and_read_back_as_itself() {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            assert_eq!(level_of(stored_level(level)), level);
        }
    }
}
