//! Who acts, with which rights: one type for every use case that checks permissions.

use super::PlayerId;
use crate::ids::GuildId;
use crate::store::GameRow;

/// Who acts, from which server (`None`: a direct message or the terminal), and whether they
/// manage that server (Discord's Manage Server permission there). The use cases decide what
/// that lets them do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Actor {
    pub player: PlayerId,
    pub guild: Option<GuildId>,
    pub manager: bool,
}

impl Actor {
    /// A player without a server's rights.
    pub fn member(player: PlayerId, guild: Option<GuildId>) -> Actor {
        Actor {
            player,
            guild,
            manager: false,
        }
    }

    /// A member who manages server `guild`.
    pub fn manager(player: PlayerId, guild: GuildId) -> Actor {
        Actor {
            player,
            guild: Some(guild),
            manager: true,
        }
    }

    /// Whether they manage server `guild` (`None`: no server, which nobody manages).
    pub fn manages(&self, guild: Option<GuildId>) -> bool {
        self.manager && guild.is_some() && self.guild == guild
    }

    /// Whether they may see the stored game `row`: any game of their server, or from a direct
    /// message their own games.
    pub(super) fn reaches(&self, row: &GameRow) -> bool {
        match self.guild {
            Some(guild) => row.guild_id == Some(guild),
            None => self.player == row.white_id || self.player == row.red_id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manager_has_rights_only_in_the_server_they_manage() {
        let manager = Actor::manager(PlayerId(1), 7.into());
        assert!(manager.manages(Some(7.into())));
        assert!(!manager.manages(Some(8.into())), "another server");
        assert!(!manager.manages(None), "no server: a direct message");
        assert!(!Actor::member(PlayerId(1), Some(7.into())).manages(Some(7.into())));
    }
}
