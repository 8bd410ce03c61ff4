//! The players of this machine: `ponte local` and `ponte web` have no login, so a player is a
//! name (`as NAME` in the terminal, two names for a game at one screen), acting from no server,
//! against the bot under its own name. Who plays when nobody is named: the system user, under
//! their login name; or, when the database knows only one player of this machine and it is
//! someone else, that one, so that a lesson or a game begun under a name is taken up again
//! under it.

use super::{Actor, Player, PlayerId, Service};

/// The player of this machine of this name.
pub fn machine_player(name: &str) -> Player {
    Player::new(PlayerId::of_terminal(name), name)
}

/// Who acts on this machine: its player, from no server (the terminal and the page have none).
/// Every use case the terminal or the page starts for someone gets its [`Actor`] here.
pub fn machine_actor(player: Player) -> Actor {
    Actor::member(player, None)
}

/// The bot's own player on this machine.
pub fn machine_bot() -> Player {
    machine_player("ponte")
}

/// The name when the system has none that can be typed as a player's.
const NOBODY: &str = "player";

/// This machine's player before anyone is named.
pub async fn default_player(service: &Service) -> Player {
    let user = machine_player(&system_user().unwrap_or_else(|| NOBODY.to_string()));
    if let Ok(Some(known)) = service.known_player(user.id).await {
        return known;
    }
    match service
        .players_off_discord(machine_bot().id, 2)
        .await
        .as_deref()
    {
        Ok([only]) => only.clone(),
        _ => user,
    }
}

/// The login name: `USER`, else `LOGNAME`, else (on unix) the password database's entry for
/// this process's user; only a name the terminal's commands can name back (one word, not the
/// bot's, not a level of it).
fn system_user() -> Option<String> {
    let from_env = ["USER", "LOGNAME"]
        .into_iter()
        .filter_map(|var| std::env::var(var).ok());
    from_env.chain(password_entry()).find(|name| usable(name))
}

fn usable(name: &str) -> bool {
    !name.is_empty()
        && name.chars().count() <= 32
        && !name.chars().any(|c| c.is_whitespace() || c.is_control())
        && !name.starts_with('#')
        && !name.to_ascii_lowercase().starts_with("ai:")
        && !name.eq_ignore_ascii_case(&machine_bot().name)
}

#[cfg(unix)]
fn password_entry() -> Option<String> {
    let mut entry = std::mem::MaybeUninit::<libc::passwd>::uninit();
    let mut found: *mut libc::passwd = std::ptr::null_mut();
    let mut buffer = vec![0 as libc::c_char; 4096];
    // SAFETY: getpwuid_r writes the entry and the strings it points to into `entry` and
    // `buffer`, both alive and large enough as told; `found` is non-null only when it did.
    let name = unsafe {
        let status = libc::getpwuid_r(
            libc::getuid(),
            entry.as_mut_ptr(),
            buffer.as_mut_ptr(),
            buffer.len(),
            &raw mut found,
        );
        if status != 0 || found.is_null() || (*found).pw_name.is_null() {
            return None;
        }
        std::ffi::CStr::from_ptr((*found).pw_name)
    };
    name.to_str().ok().map(str::to_string)
}

#[cfg(not(unix))]
fn password_entry() -> Option<String> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_the_commands_can_name_back() {
        for name in ["kim", "Anna-Lena", "user_1"] {
            assert!(usable(name), "{name}");
        }
        for name in [
            "",
            "two words",
            "ponte",
            "PONTE",
            "ai:hard",
            "#3",
            &"x".repeat(33),
        ] {
            assert!(!usable(name), "{name:?}");
        }
    }
}
