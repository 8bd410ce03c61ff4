//! Discord's ids and the ones the service keeps, converted here and nowhere else: a user is a
//! [`PlayerId`]; servers, channels and messages are kept as the integers the database holds.

use poise::serenity_prelude as serenity;

use crate::service::PlayerId;

/// A Discord id as the service keeps it.
pub trait Stored {
    type Id;
    fn stored(self) -> Self::Id;
}

impl Stored for serenity::UserId {
    type Id = PlayerId;
    fn stored(self) -> PlayerId {
        PlayerId(self.get() as i64)
    }
}

macro_rules! stored_as_integers {
    ($($t:ty),*) => {$(
        impl Stored for $t {
            type Id = i64;
            fn stored(self) -> i64 {
                self.get() as i64
            }
        }
    )*};
}
stored_as_integers!(serenity::GuildId, serenity::ChannelId, serenity::MessageId);

/// The Discord user a player is (players of the terminal mode have negative ids and are never
/// asked for).
pub fn user(player: PlayerId) -> serenity::UserId {
    serenity::UserId::new(player.0 as u64)
}

/// A channel (or thread) the database holds.
pub fn channel(id: i64) -> serenity::ChannelId {
    serenity::ChannelId::new(id as u64)
}

/// A message the database holds.
pub fn message(id: i64) -> serenity::MessageId {
    serenity::MessageId::new(id as u64)
}
