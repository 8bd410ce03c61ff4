//! Discord's ids and the ones the service keeps, converted here and nowhere else: a user is a
//! [`PlayerId`]; a server, a channel (or thread) and a message are the service's
//! [`GuildId`], [`ChannelId`] and [`MessageId`], made from Discord's snowflakes. A player of
//! the terminal (a negative id) is no Discord user, and is never turned into one.

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
        PlayerId::from_snowflake(self.get())
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

/// The Discord user a player is; `None` for a player of the terminal, whom Discord does not
/// know.
pub fn user(player: PlayerId) -> Option<serenity::UserId> {
    player.snowflake().map(serenity::UserId::new)
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
