//! The ids of what the database keeps, each its own type so that one cannot stand for another
//! (a game's number for a player's, say). They are stored as SQLite integers
//! (`#[sqlx(transparent)]`), written as their number (also by serde), and converted from Discord's ids in one
//! place of `src/discord`.

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, sqlx::Type,
            serde::Serialize, serde::Deserialize,
        )]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(text: &str) -> Result<$name, Self::Err> {
                text.parse().map($name)
            }
        }

        /// For tests: a bare number where an id is meant (the store's and the service's own
        /// tests write players as 1, 2, 3).
        #[cfg(test)]
        impl From<i64> for $name {
            fn from(id: i64) -> $name {
                $name(id)
            }
        }

        impl From<$name> for i64 {
            fn from(id: $name) -> i64 {
                id.0
            }
        }
    )*};
}

ids! {
    /// A game's number, as players see it (`#12`).
    GameId,
    /// A Discord user's id, or a negative id for a player of the terminal mode.
    PlayerId,
    /// A challenge's number.
    ChallengeId,
    /// A tournament's number.
    TournamentId,
    /// An outbox item's id: unique for good, so also a delivery's nonce.
    OutboxId,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_written_and_read_as_its_number() {
        assert_eq!(GameId(12).to_string(), "12");
        assert_eq!("12".parse::<GameId>(), Ok(GameId(12)));
        assert_eq!("-3".parse::<PlayerId>(), Ok(PlayerId(-3)));
        assert!("#12".parse::<GameId>().is_err());
        assert_eq!(i64::from(TournamentId(7)), 7);
    }
}
