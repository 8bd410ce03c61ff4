//! Who acts, with which rights: the one type every use case that acts for someone is given.

use super::{Player, PlayerId, ServiceError};
use crate::ids::GuildId;
use crate::store::GameRow;

/// Who acts (the player, with the name other players know them by), from which server
/// (`None`: a direct message or the terminal), and whether they manage that server (Discord's
/// Manage Server permission there). The use cases decide what that lets them do.
///
/// It carries the player's name because the use cases that act for someone save it with the
/// rows they write (a vacation, an entry in a tournament, a challenge accepted), so that lists
/// name players without asking Discord. A name makes it not `Copy`: a front end builds one per
/// interaction, in one place (`discord::actor_of`, the terminal's `local_actor`), and lends it
/// (`&Actor`) to each use case it calls. A move ([`Service::play`](super::Service::play))
/// names its mover by id alone: it is checked against the game's seats only, and the service
/// itself moves for the bot and for an entrant who withdraws, who act in no interaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub player: Player,
    pub guild: Option<GuildId>,
    pub manager: bool,
}

impl Actor {
    /// A player without a server's rights.
    pub fn member(player: Player, guild: Option<GuildId>) -> Actor {
        Actor {
            player,
            guild,
            manager: false,
        }
    }

    /// A member who manages server `guild`.
    pub fn manager(player: Player, guild: GuildId) -> Actor {
        Actor {
            player,
            guild: Some(guild),
            manager: true,
        }
    }

    /// The id of the player who acts.
    pub fn id(&self) -> PlayerId {
        self.player.id
    }

    /// Whether they manage server `guild` (`None`: no server, which nobody manages).
    pub fn manages(&self, guild: Option<GuildId>) -> bool {
        self.manager && guild.is_some() && self.guild == guild
    }

    /// The server whose settings they change: theirs, when they manage it.
    ///
    /// # Errors
    /// [`ServiceError::NoServer`] outside a server; [`ServiceError::ManagersOnly`] to a member
    /// who does not manage it.
    pub(super) fn managed_guild(&self) -> Result<GuildId, ServiceError> {
        let guild = self.guild.ok_or(ServiceError::NoServer)?;
        if !self.manages(Some(guild)) {
            return Err(ServiceError::ManagersOnly);
        }
        Ok(guild)
    }

    /// Whether they may see the stored game `row`: any game of their server, or from a direct
    /// message their own games.
    pub(super) fn reaches(&self, row: &GameRow) -> bool {
        match self.guild {
            Some(guild) => row.guild_id == Some(guild),
            None => self.id() == row.white_id || self.id() == row.red_id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alice() -> Player {
        Player::new(PlayerId::new(1), "alice")
    }

    #[test]
    fn a_manager_has_rights_only_in_the_server_they_manage() {
        let manager = Actor::manager(alice(), 7.into());
        assert!(manager.manages(Some(7.into())));
        assert!(!manager.manages(Some(8.into())), "another server");
        assert!(!manager.manages(None), "no server: a direct message");
        assert!(!Actor::member(alice(), Some(7.into())).manages(Some(7.into())));
    }

    #[test]
    fn only_a_manager_changes_their_servers_settings() {
        let manager = Actor::manager(alice(), 7.into());
        assert!(matches!(manager.managed_guild(), Ok(guild) if guild == 7.into()));
        let member = Actor::member(alice(), Some(7.into()));
        assert!(matches!(
            member.managed_guild(),
            Err(ServiceError::ManagersOnly)
        ));
        let nowhere = Actor::member(alice(), None);
        assert!(matches!(
            nowhere.managed_guild(),
            Err(ServiceError::NoServer)
        ));
    }
}
