//! The ids of what the database keeps, each its own type so that one cannot stand for another
//! (a game's number for a player's, say, or a channel for a server). They are stored as SQLite
//! integers (`#[sqlx(transparent)]`) and written as their number (also by serde).
//!
//! Their numbers are private: an id is made only by reading it back from the database, by
//! parsing (`"12".parse()`, refusing what no id of its kind can be, or `try_from` a number a
//! front end was given as a number), and Discord's ids and users from Discord's own in one
//! place of `src/discord` ([`GuildId::from_snowflake`], [`PlayerId::from_snowflake`] and their
//! kin). This crate's tests may write a bare number (`GameId::new(7)`, `7.into()` for
//! Discord's); those in `tests/` parse, use `try_from` as a front end does, or name a Discord
//! user with [`PlayerId::from_snowflake`].
//!
//! The database's own counters (a game, a challenge, a tournament, an outbox item) are SQLite
//! row ids, counted from 1. A player is a Discord user (a positive number: the user's id) or a
//! player of the terminal (a negative number made from their name, so that the two never
//! meet). A thread is a channel to Discord (commands typed in one name it as their channel), so
//! it is a [`ChannelId`] here too. Where there is no server (a direct message, the terminal),
//! the server is `None`, never a number standing for none.

/// A text or a number that is no id of the database's counters (a game, a challenge, a
/// tournament, an outbox item), which count from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not an id: {0:?}")]
pub struct BadId(String);

macro_rules! counted_ids {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, sqlx::Type,
            serde::Serialize, serde::Deserialize,
        )]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(i64);

        impl $name {
            /// Its number (as players see it, and as SQLite counts rows).
            pub const fn get(self) -> i64 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = BadId;

            /// Its number in decimal (`"12"`), from 1.
            fn from_str(text: &str) -> Result<$name, BadId> {
                match text.parse::<i64>() {
                    Ok(number) if number > 0 => Ok($name(number)),
                    _ => Err(BadId(text.to_owned())),
                }
            }
        }

        /// A number a front end was given as a number (a slash command's option), checked as
        /// the text of it would be.
        impl TryFrom<i64> for $name {
            type Error = BadId;

            fn try_from(number: i64) -> Result<$name, BadId> {
                if number > 0 {
                    Ok($name(number))
                } else {
                    Err(BadId(number.to_string()))
                }
            }
        }

        /// For this crate's tests: a bare number where an id is meant, unchecked.
        #[cfg(test)]
        #[allow(dead_code, reason = "not every kind of id is written by a test")]
        impl $name {
            pub(crate) const fn new(number: i64) -> $name {
                $name(number)
            }
        }
    )*};
}

counted_ids! {
    /// A game's number, as players see it (`#12`).
    GameId,
    /// A challenge's number.
    ChallengeId,
    /// A tournament's number.
    TournamentId,
    /// An outbox item's id: unique for good, so also a delivery's nonce.
    OutboxId,
    /// A puzzle's number.
    PuzzleId,
}

/// A player: a Discord user (a positive number, the user's id) or a player of the terminal (a
/// negative number made from their name). Never 0.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    sqlx::Type,
    serde::Serialize,
    serde::Deserialize,
)]
#[sqlx(transparent)]
#[serde(transparent)]
pub struct PlayerId(i64);

impl PlayerId {
    /// The Discord user `snowflake` (`src/discord` makes players from users here and nowhere
    /// else). Discord's ids keep milliseconds since 2015 in their top 42 bits, so they stay
    /// below 2^63, positive as an `i64`, until the 2080s.
    pub const fn from_snowflake(snowflake: u64) -> PlayerId {
        PlayerId(snowflake as i64)
    }

    /// The player of the terminal named `name` (in any case): a negative number made from the
    /// lower-cased name (FNV-1a), the same at every start and never a Discord user's.
    pub fn of_terminal(name: &str) -> PlayerId {
        let hash = name
            .to_lowercase()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
            });
        // Half the hash fits an i64; its negative, and never 0.
        PlayerId(-((hash >> 1) as i64).max(1))
    }

    /// The Discord user this player is; `None` for a player of the terminal, whom Discord does
    /// not know (they are named, never pinged or written to).
    pub const fn snowflake(self) -> Option<u64> {
        if self.0 > 0 {
            Some(self.0 as u64)
        } else {
            None
        }
    }

    /// Its number, as stored.
    pub const fn get(self) -> i64 {
        self.0
    }

    /// For this crate's tests: a bare number where a player is meant, unchecked.
    #[cfg(test)]
    pub(crate) const fn new(number: i64) -> PlayerId {
        PlayerId(number)
    }
}

impl std::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A text or a number that is no player's: 0 is nobody.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a player's id: {0:?}")]
pub struct BadPlayerId(String);

impl std::str::FromStr for PlayerId {
    type Err = BadPlayerId;

    /// Its number in decimal: a Discord user's (`"1234"`) or a terminal player's (`"-77"`).
    fn from_str(text: &str) -> Result<PlayerId, BadPlayerId> {
        match text.parse::<i64>() {
            Ok(number) if number != 0 => Ok(PlayerId(number)),
            _ => Err(BadPlayerId(text.to_owned())),
        }
    }
}

/// For this crate's tests: a bare number where a player is meant.
#[cfg(test)]
impl From<i64> for PlayerId {
    fn from(id: i64) -> PlayerId {
        PlayerId(id)
    }
}

/// A text that is not the number of a Discord id (a server, channel or message): Discord's
/// ids are positive 64-bit numbers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Discord id: {0:?}")]
pub struct BadDiscordId(String);

macro_rules! discord_ids {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, sqlx::Type,
            serde::Serialize, serde::Deserialize,
        )]
        #[sqlx(transparent)]
        #[serde(transparent)]
        pub struct $name(i64);

        impl $name {
            /// Discord's id (a snowflake, never 0): its 64 bits kept as SQLite's signed
            /// integer, so that [`Self::snowflake`] gives it back whole.
            pub const fn from_snowflake(snowflake: u64) -> $name {
                $name(snowflake as i64)
            }

            /// The Discord id it was made from.
            pub const fn snowflake(self) -> u64 {
                self.0 as u64
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.snowflake().fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = BadDiscordId;

            fn from_str(text: &str) -> Result<$name, BadDiscordId> {
                match text.parse::<u64>() {
                    Ok(snowflake) if snowflake != 0 => Ok($name::from_snowflake(snowflake)),
                    _ => Err(BadDiscordId(text.to_owned())),
                }
            }
        }

        /// For tests: a bare number where an id is meant.
        #[cfg(test)]
        impl From<i64> for $name {
            fn from(id: i64) -> $name {
                $name(id)
            }
        }
    )*};
}

discord_ids! {
    /// A Discord server (a guild).
    GuildId,
    /// A Discord channel, or a thread (which Discord counts as a channel).
    ChannelId,
    /// A Discord message.
    MessageId,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counted_id_is_written_and_read_as_its_number() {
        let game: GameId = "12".parse().unwrap();
        assert_eq!(game.get(), 12);
        assert_eq!(game.to_string(), "12");
        assert_eq!(GameId::try_from(12), Ok(game));
        assert_eq!("7".parse::<TournamentId>().unwrap().to_string(), "7");
        let max = i64::MAX.to_string();
        assert_eq!(max.parse::<ChallengeId>().unwrap().to_string(), max);
        assert_eq!("3".parse::<OutboxId>().unwrap().get(), 3);
    }

    #[test]
    fn a_text_or_number_that_is_no_counted_id_is_refused() {
        for bad in [
            "",
            "0",
            "-3",
            "#12",
            "12a",
            " 12",
            "1.5",
            "9223372036854775808",
        ] {
            assert_eq!(bad.parse::<GameId>(), Err(BadId(bad.to_owned())), "{bad:?}");
        }
        assert_eq!(ChallengeId::try_from(0), Err(BadId("0".to_owned())));
        assert_eq!(TournamentId::try_from(-4), Err(BadId("-4".to_owned())));
    }

    #[test]
    fn a_player_is_a_discord_user_or_a_player_of_the_terminal() {
        let user = PlayerId::from_snowflake(1_234_567_890_123_456_789);
        assert_eq!(user.snowflake(), Some(1_234_567_890_123_456_789));
        assert_eq!(user.to_string().parse::<PlayerId>(), Ok(user));
        let alice = PlayerId::of_terminal("Alice");
        assert!(alice.get() < 0, "never a Discord user's");
        assert_eq!(alice.snowflake(), None);
        assert_eq!(alice, PlayerId::of_terminal("alice"), "in any case");
        assert_ne!(alice, PlayerId::of_terminal("bob"));
        assert_eq!(alice.to_string().parse::<PlayerId>(), Ok(alice));
        for bad in ["", "0", "#12", "12a", " 12", "9223372036854775808"] {
            assert_eq!(
                bad.parse::<PlayerId>(),
                Err(BadPlayerId(bad.to_owned())),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_discord_id_keeps_its_number_both_ways() {
        let server: GuildId = "1234567890123456789".parse().unwrap();
        assert_eq!(server.to_string(), "1234567890123456789");
        assert_eq!(server.snowflake(), 1_234_567_890_123_456_789);
        assert_eq!(ChannelId::from_snowflake(70).to_string(), "70");
        assert_eq!("70".parse::<ChannelId>(), Ok(ChannelId::from_snowflake(70)));
        // All 64 bits: a snowflake past i64's range comes back whole.
        assert_eq!(MessageId::from_snowflake(u64::MAX).snowflake(), u64::MAX);
        let max = u64::MAX.to_string();
        assert_eq!(max.parse::<MessageId>().unwrap().to_string(), max);
    }

    #[test]
    fn a_text_that_is_no_discord_id_is_refused() {
        for bad in ["", "0", "-3", "#12", "12a", " 12", "18446744073709551616"] {
            assert_eq!(
                bad.parse::<GuildId>(),
                Err(BadDiscordId(bad.to_owned())),
                "{bad:?}"
            );
        }
    }
}
