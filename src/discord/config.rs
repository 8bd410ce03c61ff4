//! The bot's settings, read from the environment once at start.

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

/// The bot's settings, from the environment.
pub struct Config {
    pub token: String,
    pub database_url: String,
    /// Register commands in this guild at once (development) instead of globally.
    pub guild_id: Option<serenity::GuildId>,
    /// Another Discord to talk to (tests only), e.g. `http://127.0.0.1:40123`.
    pub api_base: Option<String>,
    /// How often the correspondence clock looks at deadlines.
    pub scheduler_every: std::time::Duration,
    /// Seconds added to the system clock (tests only: `PONTE_CLOCK_OFFSET_SECONDS`).
    pub clock_offset_seconds: i64,
    /// A fixed search per AI move, in playouts, instead of the levels' time
    /// (`PONTE_AI_PLAYOUTS`: for a slow host).
    pub ai_playouts: Option<u64>,
    /// Whether puzzles are made from every finished game (`PONTE_PUZZLES`: `on`, the default,
    /// or `off` for a host with too few cores: each game's analysis and judging searches).
    pub puzzles: bool,
    /// Whether the built-in puzzles are kept at the start (tests only:
    /// `PONTE_BUILT_IN_PUZZLES=0` leaves them out, so that a test serves only its own).
    pub built_in_puzzles: bool,
    /// The longest an AI's reply should wait under a queue (`PONTE_AI_REPLY_SECONDS`; 30 s).
    pub ai_reply_bound: Option<std::time::Duration>,
    /// Where to serve `/healthz` and `/metrics` (`METRICS_ADDR`); not served when unset.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// How long the gateway may take to let the bot in before it gives up (30 s;
    /// `PONTE_GATEWAY_TIMEOUT_SECONDS` in tests).
    pub gateway_patience: std::time::Duration,
    /// Where the web board is served and reached (`WEB_ADDR` and `PUBLIC_URL`, both or
    /// neither); not served when unset.
    pub web: Option<WebSettings>,
}

/// The web board of a bot: what it listens on, and the address players reach it at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebSettings {
    /// What to bind (`WEB_ADDR`), e.g. `127.0.0.1:8080`.
    pub addr: std::net::SocketAddr,
    /// What players reach (`PUBLIC_URL`): `http(s)://host[:port]`, no trailing slash.
    pub public_url: String,
}

impl Config {
    /// Reads `DISCORD_TOKEN`, `DATABASE_URL`, `DISCORD_GUILD_ID` and `DISCORD_API_BASE`.
    ///
    /// # Errors
    /// When the token is missing or the guild id is not a number.
    pub fn from_env() -> anyhow::Result<Config> {
        let token = std::env::var("DISCORD_TOKEN")
            .ok()
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "DISCORD_TOKEN is not set: put your bot's token in .env (see .env.example), \
                     or try `cargo run --release -- local` to play in the terminal"
                )
            })?;
        let guild_id = match std::env::var("DISCORD_GUILD_ID") {
            Ok(id) if !id.trim().is_empty() => {
                Some(serenity::GuildId::new(id.trim().parse().context(
                    "DISCORD_GUILD_ID must be a server id (a number)",
                )?))
            }
            _ => None,
        };
        Ok(Config {
            token,
            database_url: std::env::var("DATABASE_URL")
                .unwrap_or_else(|_| "sqlite://ponte.db".to_string()),
            guild_id,
            api_base: api_base(),
            scheduler_every: std::time::Duration::from_secs(
                testing("PONTE_SCHEDULER_SECONDS").map_or(30, |s: i64| s.max(1) as u64),
            ),
            clock_offset_seconds: testing("PONTE_CLOCK_OFFSET_SECONDS").unwrap_or(0),
            ai_playouts: match std::env::var("PONTE_AI_PLAYOUTS") {
                Ok(n) if !n.trim().is_empty() => Some(
                    n.trim()
                        .parse()
                        .context("PONTE_AI_PLAYOUTS must be a number of playouts a move")?,
                ),
                _ => None,
            },
            puzzles: match std::env::var("PONTE_PUZZLES") {
                Ok(value) => match value.trim().to_ascii_lowercase().as_str() {
                    "" | "on" => true,
                    "off" => false,
                    _ => anyhow::bail!("PONTE_PUZZLES must be on or off, not {value:?}"),
                },
                Err(_) => true,
            },
            built_in_puzzles: testing("PONTE_BUILT_IN_PUZZLES").is_none_or(|n| n != 0),
            ai_reply_bound: match std::env::var("PONTE_AI_REPLY_SECONDS") {
                Ok(n) if !n.trim().is_empty() => Some(std::time::Duration::from_secs(
                    n.trim()
                        .parse::<u64>()
                        .ok()
                        .filter(|&n| n > 0)
                        .context("PONTE_AI_REPLY_SECONDS must be a number of seconds above 0")?,
                )),
                _ => None,
            },
            metrics_addr: match std::env::var("METRICS_ADDR") {
                Ok(addr) if !addr.trim().is_empty() => Some(addr.trim().parse().with_context(
                    || format!("METRICS_ADDR must be an address and port, e.g. 127.0.0.1:9100, not {addr:?}"),
                )?),
                _ => None,
            },
            gateway_patience: std::time::Duration::from_secs(
                testing("PONTE_GATEWAY_TIMEOUT_SECONDS").map_or(30, |s: i64| s.max(1) as u64),
            ),
            web: web_board(
                set(std::env::var("WEB_ADDR")),
                set(std::env::var("PUBLIC_URL")),
            )?,
        })
    }
}

/// A setting's value, when it is set and not blank.
fn set(value: Result<String, std::env::VarError>) -> Option<String> {
    value
        .ok()
        .map(|value| value.trim().to_string())
        .filter(|value| !value.is_empty())
}

/// The web board of `WEB_ADDR` and `PUBLIC_URL`: both set, or neither.
fn web_board(addr: Option<String>, url: Option<String>) -> anyhow::Result<Option<WebSettings>> {
    let (addr, url) = match (addr, url) {
        (None, None) => return Ok(None),
        (Some(addr), Some(url)) => (addr, url),
        (Some(_), None) => anyhow::bail!(
            "WEB_ADDR is set but PUBLIC_URL is not: set PUBLIC_URL to the address players \
             reach the web board at (e.g. https://ponte.example.org), or unset WEB_ADDR"
        ),
        (None, Some(_)) => anyhow::bail!(
            "PUBLIC_URL is set but WEB_ADDR is not: set WEB_ADDR to the address to serve the \
             web board on (e.g. 127.0.0.1:8080), or unset PUBLIC_URL"
        ),
    };
    Ok(Some(WebSettings {
        addr: addr.parse().with_context(|| {
            format!("WEB_ADDR must be an address and port, e.g. 127.0.0.1:8080, not {addr:?}")
        })?,
        public_url: public_url(&url)?,
    }))
}

/// `PUBLIC_URL` checked: `http(s)://host[:port]`, without a path, a query or a fragment (the
/// bot adds its own paths), a trailing slash trimmed.
fn public_url(url: &str) -> anyhow::Result<String> {
    let trimmed = url.trim_end_matches('/');
    let host = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"));
    let good = host.is_some_and(|host| {
        !host.is_empty()
            && !host.starts_with(':')
            && !host.contains(['/', '?', '#', '@', ' ', '\\'])
    });
    if !good {
        anyhow::bail!(
            "PUBLIC_URL must be http(s)://host[:port] without a path, e.g. \
             https://ponte.example.org, not {url:?}"
        );
    }
    Ok(trimmed.to_string())
}

/// Another Discord to talk to (`DISCORD_API_BASE`, tests only); set but empty is not set.
fn api_base() -> Option<String> {
    std::env::var("DISCORD_API_BASE")
        .ok()
        .map(|base| base.trim().to_string())
        .filter(|base| !base.is_empty())
}

/// Whether `base` is an address on this machine (a fake Discord of the tests).
fn is_loopback(base: &str) -> bool {
    let rest = base.split_once("://").map_or(base, |(_, rest)| rest);
    let host = rest.split('/').next().unwrap_or_default();
    let host = match host.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// A test-only setting: honoured only against a fake Discord on this machine
/// (`DISCORD_API_BASE` on a loopback address), so a stray variable cannot move a real bot's
/// clock.
fn testing(name: &str) -> Option<i64> {
    api_base().filter(|base| is_loopback(base))?;
    std::env::var(name).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::{WebSettings, is_loopback, public_url, web_board};

    #[test]
    fn the_web_board_takes_both_settings_or_neither() {
        let some = |s: &str| Some(s.to_string());
        assert_eq!(web_board(None, None).unwrap(), None);
        assert_eq!(
            web_board(some("127.0.0.1:8080"), some("https://ponte.example.org/")).unwrap(),
            Some(WebSettings {
                addr: "127.0.0.1:8080".parse().unwrap(),
                public_url: "https://ponte.example.org".into(),
            })
        );
        let alone = web_board(some("127.0.0.1:8080"), None).unwrap_err();
        assert!(alone.to_string().contains("PUBLIC_URL is not"), "{alone}");
        let alone = web_board(None, some("https://ponte.example.org")).unwrap_err();
        assert!(alone.to_string().contains("WEB_ADDR is not"), "{alone}");
        assert!(web_board(some("8080"), some("http://a.b")).is_err());
    }

    #[test]
    fn a_public_url_is_a_scheme_a_host_and_maybe_a_port() {
        for (url, kept) in [
            ("https://ponte.example.org", "https://ponte.example.org"),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
            ("http://[::1]:8080", "http://[::1]:8080"),
        ] {
            assert_eq!(public_url(url).unwrap(), kept);
        }
        for url in [
            "ponte.example.org",
            "ftp://ponte.example.org",
            "https://",
            "https://ponte.example.org/board",
            "https://ponte.example.org?x=1",
            "https://ponte.example.org#top",
            "https://user@ponte.example.org",
            "https://:8080",
        ] {
            assert!(public_url(url).is_err(), "{url}");
        }
    }

    #[test]
    fn only_an_address_on_this_machine_is_a_fake_discord() {
        for base in [
            "http://127.0.0.1:40123",
            "http://localhost:8080/api",
            "http://[::1]:9000",
            "127.0.0.2",
        ] {
            assert!(is_loopback(base), "{base}");
        }
        for base in [
            "https://discord.com",
            "http://10.0.0.5:80",
            "http://[2001:db8::1]",
            "",
        ] {
            assert!(!is_loopback(base), "{base}");
        }
    }
}
