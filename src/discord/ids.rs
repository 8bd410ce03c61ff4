//! Discord's ids and the ones the service keeps, converted here and nowhere else: a user is a
//! [`PlayerId`]; a server, a channel (or thread) and a message are the service's
//! [`GuildId`], [`ChannelId`] and [`MessageId`], made from Discord's snowflakes.

use poise::serenity_prelude as serenity;

use crate::service::{ChannelId, GuildId, MessageId, PlayerId};

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

macro_rules! stored_as {
    ($($discord:ty => $kept:ty),*) => {$(
        impl Stored for $discord {
            type Id = $kept;
            fn stored(self) -> $kept {
                <$kept>::from_snowflake(self.get())
            }
        }
    )*};
}
stored_as!(
    serenity::GuildId => GuildId,
    serenity::ChannelId => ChannelId,
    serenity::MessageId => MessageId
);

/// The Discord user a player is (players of the terminal mode have negative ids and are never
/// asked for).
pub fn user(player: PlayerId) -> serenity::UserId {
    serenity::UserId::new(player.0 as u64)
}

/// A channel (or thread) the database holds.
pub fn channel(id: ChannelId) -> serenity::ChannelId {
    serenity::ChannelId::new(id.snowflake())
}

/// The thread opened on `message`: Discord gives it the message's id.
pub fn thread_of(message: MessageId) -> ChannelId {
    ChannelId::from_snowflake(message.snowflake())
}

/// A message the database holds.
pub fn message(id: MessageId) -> serenity::MessageId {
    serenity::MessageId::new(id.snowflake())
}
