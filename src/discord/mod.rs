//! The Discord front end: a thin poise layer. Interactions become service calls; results become
//! messages with the board picture. Every rule and every write goes through the service.

mod button_id;
mod buttons;
mod commands;
mod health;
mod ids;
mod localize;
mod logs;
mod messages;
mod outbox;
mod outgoing;
mod post;
mod scheduler;

pub use logs::{Redacted, start_logs};

use crate::discord::ids::Stored;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use crate::i18n::Lang;
use crate::service::{Actor, OffsetClock, Player, Service, ServiceError};
use crate::stop::Signals;
use crate::tr;

/// What every command and handler can reach.
pub struct Data {
    pub service: Arc<Service>,
    /// The bot's own user, who plays the AI's side of games against it.
    pub bot: Player,
    /// The commands and clicks being answered, which a stop lets finish.
    pub in_flight: Arc<health::InFlight>,
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// A mistake of the player's that the bot itself spots (the service spots the rest), in the
/// player's words already.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UserError(pub String);

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
    /// The longest an AI's reply should wait under a queue (`PONTE_AI_REPLY_SECONDS`; 30 s).
    pub ai_reply_bound: Option<std::time::Duration>,
    /// Where to serve `/healthz` and `/metrics` (`METRICS_ADDR`); not served when unset.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// How long the gateway may take to let the bot in before it gives up (30 s;
    /// `PONTE_GATEWAY_TIMEOUT_SECONDS` in tests).
    pub gateway_patience: std::time::Duration,
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
                     or try `cargo run -- local` to play in the terminal"
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
        })
    }
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

/// The player behind a Discord user, with the name other players know them by.
pub fn player_of(user: &serenity::User) -> Player {
    let name = user
        .global_name
        .clone()
        .unwrap_or_else(|| user.name.clone());
    Player::new(user.id.stored(), name)
}

/// Who acts in an interaction: its user (named as [`player_of`] names them), from its server,
/// managing that server when the interaction's member has the Manage Server permission there.
/// Every command and button builds its one [`Actor`] here.
pub fn actor_of(
    user: &serenity::User,
    guild: Option<serenity::GuildId>,
    member: Option<&serenity::Member>,
) -> Actor {
    Actor {
        player: player_of(user),
        guild: guild.map(|g| g.stored()),
        manager: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
    }
}

/// How long a stop waits for the gateway's shards to close: serenity's own wait takes 5 s a
/// shard, or never ends while it re-queues a shard during an outage.
const SHARDS_PATIENCE: Duration = Duration::from_secs(2);
/// How long a stop waits for the commands in flight and the post in hand.
const WORK_PATIENCE: Duration = Duration::from_secs(4);
/// How long a stop waits for the database to close.
const CLOSE_PATIENCE: Duration = Duration::from_secs(2);

/// Runs the bot until one of `signals` stops it (or the gateway does not let it in).
///
/// A stop does not depend on Discord: whatever the gateway is doing (connecting, re-queueing a
/// shard, resuming), the shards get [`SHARDS_PATIENCE`] to close, the commands in flight and
/// the post in hand [`WORK_PATIENCE`] to finish, then the database is closed. `/healthz`
/// answers "stopping" until the end.
///
/// # Errors
/// When the database cannot be opened, `METRICS_ADDR` cannot be listened on, or Discord
/// cannot be reached (or its gateway does not let the bot in).
pub async fn run(config: Config, signals: Signals) -> anyhow::Result<()> {
    info!(
        version = env!("CARGO_PKG_VERSION"),
        database = %config.database_url,
        api = config.api_base.as_deref().unwrap_or("discord.com"),
        commands_in = ?config.guild_id.map(|g| g.get()),
        // One AI search per core at a time; `hard` takes two when both are free.
        ai_cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        "ponte bot starting"
    );
    info!(
        "SIGTERM or SIGINT stops it: no new work, the gateway closed ({} s at most), the \
         commands in flight and the post in hand finished ({} s at most), the database closed, \
         exit 0; a second signal exits at once (status 1)",
        SHARDS_PATIENCE.as_secs(),
        WORK_PATIENCE.as_secs()
    );
    let (stop_tx, stop) = tokio::sync::watch::channel(false);
    let stop_tx = Arc::new(stop_tx);
    tokio::spawn(stop_on_signals(signals, stop_tx.clone()));
    // First: an address it cannot listen on stops the bot before it connects.
    let monitor = match config.metrics_addr {
        Some(addr) => Some(health::Monitor::listen(addr).await?),
        None => None,
    };
    let clock = OffsetClock(config.clock_offset_seconds * 1000);
    let mut service = Service::open_with_clock(&config.database_url, Arc::new(clock))
        .await
        .with_context(|| format!("opening {}", config.database_url))?;
    service.set_ai_playouts(config.ai_playouts);
    if let Some(bound) = config.ai_reply_bound {
        service.set_ai_reply_bound(bound);
    }
    let service = Arc::new(service);
    let shards: Arc<OnceLock<Arc<serenity::ShardManager>>> = Arc::default();
    if let Some(monitor) = monitor {
        tokio::spawn(monitor.serve(service.clone(), shards.clone(), stop.clone()));
    }
    let in_flight = Arc::new(health::InFlight::default());
    let (let_in_tx, let_in) = tokio::sync::watch::channel(false);
    let delivery: Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>> = Arc::default();
    let framework = framework(Started {
        service: service.clone(),
        in_flight: in_flight.clone(),
        guild: config.guild_id,
        every: config.scheduler_every,
        stop: stop.clone(),
        let_in: let_in_tx,
        delivery: delivery.clone(),
    });
    let gave_up = Arc::new(AtomicBool::new(false));
    let gateway = Gateway {
        shards,
        let_in,
        stop,
        stop_tx: stop_tx.clone(),
        gave_up: gave_up.clone(),
    };
    let ran = gateway.run(&config, framework).await;
    // Stopped, or the gateway failed: no new work, the commands in flight and the post in hand
    // are finished, then the database closed (checkpointed). AI searches and analyses resume
    // from the database at the next start.
    let _ = stop_tx.send(true);
    let worker = delivery.lock().unwrap_or_else(|e| e.into_inner()).take();
    let finishing = async {
        in_flight.none_running().await;
        if let Some(worker) = worker {
            let _ = worker.await;
        }
    };
    if tokio::time::timeout(WORK_PATIENCE, finishing)
        .await
        .is_err()
    {
        warn!(
            "the commands in flight or the post in hand did not finish in {} s; what they owe \
             the players is delivered at the next start",
            WORK_PATIENCE.as_secs()
        );
    }
    if tokio::time::timeout(CLOSE_PATIENCE, service.close())
        .await
        .is_err()
    {
        warn!(
            "the database did not close in {} s; its write-ahead log is applied at the next start",
            CLOSE_PATIENCE.as_secs()
        );
    }
    ran?;
    if gave_up.load(Ordering::SeqCst) {
        anyhow::bail!(
            "Discord's gateway did not let the bot in within {} s: check the network, the \
             token and DISCORD_API_BASE",
            config.gateway_patience.as_secs()
        );
    }
    info!("stopped");
    Ok(())
}

/// The bot's connection to Discord, and what stops it.
struct Gateway {
    /// The shards' manager, once the client is built (`/healthz` reads it).
    shards: Arc<OnceLock<Arc<serenity::ShardManager>>>,
    /// Set when the gateway has let the bot in.
    let_in: tokio::sync::watch::Receiver<bool>,
    stop: tokio::sync::watch::Receiver<bool>,
    stop_tx: Arc<tokio::sync::watch::Sender<bool>>,
    /// Set when the gateway did not let the bot in in time.
    gave_up: Arc<AtomicBool>,
}

impl Gateway {
    /// Connects and runs the shards until a stop, or until the gateway fails for good (a
    /// refused token). A stop waits for nothing of Discord's: a connection still being made is
    /// dropped, and the shards get [`SHARDS_PATIENCE`] to close.
    async fn run(
        mut self,
        config: &Config,
        framework: poise::Framework<Data, Error>,
    ) -> anyhow::Result<()> {
        // A stop that came while the database was opened is answered before connecting.
        let mut client = tokio::select! {
            biased;
            () = stopped(&mut self.stop) => return Ok(()),
            client = connect(config, framework) => client?,
        };
        let shards = client.shard_manager.clone();
        let _ = self.shards.set(shards.clone());
        tokio::spawn(watch_gateway(
            self.let_in,
            config.gateway_patience,
            self.stop_tx,
            self.gave_up,
        ));
        // As many shards as Discord asks for (required from 2,500 servers on), in this
        // process; the clock and the delivery worker are started once, by the framework's
        // setup.
        tokio::select! {
            biased;
            () = stopped(&mut self.stop) => {
                let closed = tokio::time::timeout(SHARDS_PATIENCE, shards.shutdown_all()).await;
                if closed.is_err() {
                    warn!(
                        "the gateway's shards did not close in {} s; stopping without them",
                        SHARDS_PATIENCE.as_secs()
                    );
                }
                Ok(())
            }
            ran = client.start_autosharded() => ran.context("running the Discord client"),
        }
    }
}

/// Builds the Discord client (which asks Discord's REST API for the gateway).
async fn connect(
    config: &Config,
    framework: poise::Framework<Data, Error>,
) -> anyhow::Result<serenity::Client> {
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // Both are needed: the rate limiter sends requests without the proxy.
        http = http.proxy(base.as_str()).ratelimiter_disabled(true);
    }
    let http = http.build();
    if let Some(base) = &config.api_base {
        check_test_gateway(&http, base).await?;
    }
    // GUILDS only: the bot reads nothing else from the gateway but interactions, which come
    // without an intent. Nothing in the bot reads serenity's cache either (commands take what
    // they need from the interaction, and poise's `guild_only` checks the interaction's
    // guild), so the cache keeps no servers, channels or users: a server's channels and roles
    // would otherwise stay in memory for every server the bot is in.
    let intents = serenity::GatewayIntents::GUILDS;
    let mut cache = ::serenity::cache::Settings::default();
    cache.cache_guilds = false;
    cache.cache_channels = false;
    cache.cache_users = false;
    cache.max_messages = 0;
    serenity::ClientBuilder::new_with_http(http, intents)
        .cache_settings(cache)
        .framework(framework)
        .await
        .context("building the Discord client")
}

/// Once the bot is stopping.
async fn stopped(stop: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stop.wait_for(|stopping| *stopping).await;
}

/// What the framework's setup starts once the gateway has let the bot in.
struct Started {
    service: Arc<Service>,
    in_flight: Arc<health::InFlight>,
    guild: Option<serenity::GuildId>,
    every: std::time::Duration,
    stop: tokio::sync::watch::Receiver<bool>,
    let_in: tokio::sync::watch::Sender<bool>,
    delivery: Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>,
}

fn framework(started: Started) -> poise::Framework<Data, Error> {
    let mut commands = commands::all();
    localize::localize(&mut commands);
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            on_error: |error| Box::pin(on_error(error)),
            pre_command: |ctx| Box::pin(before_command(ctx)),
            post_command: |ctx| Box::pin(after_command(ctx)),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            initialize_owners: false,
            // Replies ping nobody unless they say whom (a name may look like a mention, and a
            // public /board must not ping the player to move again).
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let Started {
                    service,
                    in_flight,
                    guild,
                    every,
                    stop,
                    let_in,
                    delivery,
                } = started;
                info!(bot = %ready.user.name, "connected to Discord");
                let _ = let_in.send(true);
                register(ctx, &service, &framework.options().commands, guild).await?;
                tokio::spawn(scheduler::run(ctx.clone(), service.clone(), every));
                let worker = tokio::spawn(outbox::run(ctx.clone(), service.clone(), stop));
                *delivery.lock().unwrap_or_else(|e| e.into_inner()) = Some(worker);
                tokio::spawn(service.clone().run_ai());
                tokio::spawn(service.clone().run_analyses());
                let bot = player_of(&ready.user);
                Ok(Data {
                    service,
                    bot,
                    in_flight,
                })
            })
        })
        .build()
}

/// On SIGTERM or SIGINT: the bot is stopping (see [`run`]); a second signal stops the process
/// at once.
async fn stop_on_signals(mut signals: Signals, stop: Arc<tokio::sync::watch::Sender<bool>>) {
    signals.next().await;
    info!(
        "stopping: taking no new work, closing the gateway, finishing the commands in flight \
         and the post in hand, closing the database"
    );
    let _ = stop.send(true);
    signals.next().await;
    warn!("a second signal: stopping at once");
    std::process::exit(1);
}

/// A gateway that accepts the connection but never lets the bot in would keep it waiting
/// silently for ever: after `patience`, the bot says so and stops (with an error).
async fn watch_gateway(
    mut let_in: tokio::sync::watch::Receiver<bool>,
    patience: Duration,
    stop: Arc<tokio::sync::watch::Sender<bool>>,
    gave_up: Arc<AtomicBool>,
) {
    let let_in_in_time = tokio::time::timeout(patience, let_in.wait_for(|in_| *in_))
        .await
        .is_ok();
    if let_in_in_time {
        return;
    }
    tracing::error!(
        "Discord's gateway did not let the bot in within {} s; stopping",
        patience.as_secs()
    );
    gave_up.store(true, Ordering::SeqCst);
    let _ = stop.send(true);
}

/// Against another Discord (`DISCORD_API_BASE`, tests), the gateway must be that Discord's too:
/// when its gateway cannot be asked, serenity falls back to the real one and would send the
/// token there. So the bot stops instead.
async fn check_test_gateway(http: &serenity::Http, base: &str) -> anyhow::Result<()> {
    let gateway = http.get_gateway().await.with_context(|| {
        format!("DISCORD_API_BASE is {base}, but it does not answer; not connecting elsewhere")
    })?;
    let host = |url: &str| {
        url.split("://")
            .nth(1)
            .and_then(|rest| rest.split(['/', ':']).next())
            .map(str::to_owned)
    };
    anyhow::ensure!(
        host(&gateway.url).is_some() && host(&gateway.url) == host(base),
        "the gateway of DISCORD_API_BASE ({base}) is elsewhere ({}); not connecting",
        gateway.url
    );
    Ok(())
}

/// Registers the slash commands, but only when their definitions changed since the last start
/// (Discord limits how often commands may be created).
async fn register(
    ctx: &serenity::Context,
    service: &Service,
    commands: &[poise::Command<Data, Error>],
    guild: Option<serenity::GuildId>,
) -> anyhow::Result<()> {
    let definitions = poise::builtins::create_application_commands(commands);
    // The definitions themselves are the fingerprint: stable across builds and Rust versions.
    // Through a JSON value, whose maps are sorted: the localizations are hash maps, whose
    // order changes from one start to the next.
    let fingerprint = serde_json::to_value(&definitions)?.to_string();
    let key = match guild {
        Some(guild) => format!("commands:guild:{guild}"),
        None => "commands:global".to_string(),
    };
    if service.setting(&key).await?.as_deref() == Some(fingerprint.as_str()) {
        info!("slash commands unchanged; not registering");
        return Ok(());
    }
    match guild {
        Some(guild) => {
            guild.set_commands(ctx, definitions).await?;
        }
        None => {
            serenity::Command::set_global_commands(ctx, definitions).await?;
        }
    }
    service.set_setting(&key, &fingerprint).await?;
    info!(commands = commands.len(), "registered slash commands");
    Ok(())
}

/// A command starts: counted as in flight until it has answered, and its server's locale
/// noted.
async fn before_command(ctx: Context<'_>) {
    let running = ctx
        .data()
        .in_flight
        .start(ctx.command().qualified_name.to_string());
    ctx.set_invocation_data(running).await;
    note_guild_locale(ctx).await;
}

/// A command answered as asked.
async fn after_command(ctx: Context<'_>) {
    ended(ctx, health::Outcome::Ok).await;
}

/// Records how the command of `ctx` ended: counted when its interaction is over. A command
/// refused before it started (a check) is counted at once.
async fn ended(ctx: Context<'_>, outcome: health::Outcome) {
    match ctx.invocation_data::<health::Running>().await {
        Some(mut running) => running.ended(outcome),
        None => health::interaction_refused(&ctx.command().qualified_name),
    }
}

/// Remembers the server's locale that Discord sends with a command, for the posts the bot
/// makes later without one (see `Service::guild_language`).
async fn note_guild_locale(ctx: Context<'_>) {
    let poise::Context::Application(app) = ctx else {
        return;
    };
    let (Some(guild), Some(locale)) = (app.interaction.guild_id, &app.interaction.guild_locale)
    else {
        return;
    };
    let service = &ctx.data().service;
    if let Err(error) = service.note_guild_locale(guild.stored(), locale).await {
        warn!("could not note the locale of server {guild}: {error}");
    }
}

/// The words a player sees for an error in `lang`, and whether it is their mistake (else it is
/// logged).
pub fn explain(error: &Error, lang: Lang) -> (String, bool) {
    if let Some(service) = error.downcast_ref::<ServiceError>() {
        // A damaged game is said as it is (the players should know), and logged for the
        // operator; a store failure says only that nothing was changed.
        return (capitalise(&service.words(lang)), service.is_user_error());
    }
    if let Some(user) = error.downcast_ref::<UserError>() {
        return (capitalise(&user.0), true);
    }
    (tr!(lang, "error-unexpected"), false)
}

/// The first letter in upper case, unless the text starts with a cell ("c3 is already
/// taken"): cells are written in lower case everywhere.
fn capitalise(text: &str) -> String {
    let starts_with_cell = text.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    if starts_with_cell {
        return text.to_string();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            let (message, expected) = explain(&error, user_lang(ctx));
            let outcome = match expected {
                true => health::Outcome::Refused,
                false => health::Outcome::Failed,
            };
            ended(ctx, outcome).await;
            if !expected {
                warn!(command = %ctx.command().name, "command failed: {error:#}");
            }
            let reply = poise::CreateReply::default()
                .content(messages::fit_message(&message))
                .ephemeral(true);
            if let Err(e) = ctx.send(reply).await {
                warn!("could not send an error reply: {e}");
            }
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            ended(ctx, health::Outcome::Refused).await;
            let lang = user_lang(ctx);
            let text = match input {
                Some(input) => {
                    let mut shown: String = input.chars().take(32).collect();
                    if input.chars().count() > 32 {
                        shown.push('…');
                    }
                    tr!(
                        lang,
                        "argument-unreadable",
                        input = shown,
                        error = error.to_string()
                    )
                }
                None => tr!(lang, "argument-missing", error = error.to_string()),
            };
            let text = messages::fit_message(&text);
            let reply = poise::CreateReply::default().content(text).ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            ended(ctx, health::Outcome::Refused).await;
            let reply = poise::CreateReply::default()
                .content(tr!(user_lang(ctx), "guild-only"))
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        poise::FrameworkError::MissingUserPermissions { ctx, .. } => {
            ended(ctx, health::Outcome::Refused).await;
            let reply = poise::CreateReply::default()
                .content(tr!(user_lang(ctx), "managers-only"))
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                warn!("error while handling an error: {e}");
            }
        }
    }
}

/// The language of an answer only the acting user sees: their own Discord locale.
fn user_lang(ctx: Context<'_>) -> Lang {
    Lang::of_locale_or_english(ctx.locale())
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(component),
    } = event
    {
        let data = framework.user_data;
        let mut running = data.in_flight.start(buttons::kind(component));
        let outcome = buttons::handle(framework.serenity_context, data, component).await;
        running.ended(outcome);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::is_loopback;

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
