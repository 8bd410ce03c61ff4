//! Running the bot: the service opened, the gateway connected, the workers started by the
//! framework's setup, and a stop that waits for nothing of Discord's.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use tokio::task::JoinHandle;
use tracing::{info, warn};

use super::{Config, Data, Error, Started, framework, health};
use crate::service::{OffsetClock, Service};
use crate::stop::Signals;

/// How long a stop waits for the gateway's shards to close: serenity's own wait takes 5 s a
/// shard, or never ends while it re-queues a shard during an outage.
const SHARDS_PATIENCE: Duration = Duration::from_secs(2);
/// How long a stop waits for the commands in flight and the post in hand.
const WORK_PATIENCE: Duration = Duration::from_secs(4);
/// How long a stop waits for the database to close.
const CLOSE_PATIENCE: Duration = Duration::from_secs(2);

/// What runs beside the bot on its service until the bot stops (the web board, which this
/// front end does not know): started with the service and the stop signal once the service is
/// open; a stop waits for it, as for the commands in flight, before the database closes.
pub type Beside =
    Box<dyn FnOnce(Arc<Service>, tokio::sync::watch::Receiver<bool>) -> JoinHandle<()> + Send>;

/// Runs the bot, and `beside` beside it, until one of `signals` stops it (or the gateway does
/// not let it in).
///
/// A stop does not depend on Discord: whatever the gateway is doing (connecting, re-queueing a
/// shard, resuming), the shards get [`SHARDS_PATIENCE`] to close, the commands in flight and
/// the post in hand [`WORK_PATIENCE`] to finish, then the database is closed. `/healthz`
/// answers "stopping" until the end.
///
/// # Errors
/// When the database cannot be opened, `METRICS_ADDR` cannot be listened on, or Discord
/// cannot be reached (or its gateway does not let the bot in).
pub async fn run(config: Config, signals: Signals, beside: Option<Beside>) -> anyhow::Result<()> {
    say_starting(&config);
    let (stop_tx, stop) = tokio::sync::watch::channel(false);
    let stop_tx = Arc::new(stop_tx);
    tokio::spawn(stop_on_signals(signals, stop_tx.clone()));
    // First: an address it cannot listen on stops the bot before it connects.
    let monitor = match config.metrics_addr {
        Some(addr) => Some(health::Monitor::listen(addr).await?),
        None => None,
    };
    let service = open_service(&config).await?;
    let beside = beside.map(|start| start(service.clone(), stop.clone()));
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
        web: config
            .web
            .as_ref()
            .map(|web| super::open_board::WebBoard::new(&web.public_url)),
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
    finish(&in_flight, [worker, beside], &service).await;
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

/// Says what starts, against which Discord and database, and how it stops.
fn say_starting(config: &Config) {
    info!(
        version = env!("CARGO_PKG_VERSION"),
        database = %config.database_url,
        api = config.api_base.as_deref().unwrap_or("discord.com"),
        commands_in = ?config.guild_id.map(|g| g.get()),
        // One AI search per core at a time; `hard` takes two when both are free.
        ai_cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        "ponte bot starting"
    );
    // Where the board is served is said where it is bound (`ponte bot`'s start), once.
    if config.web.is_none() {
        info!("the web board is not served (WEB_ADDR and PUBLIC_URL unset)");
    }
    info!(
        "SIGTERM or SIGINT stops it: no new work, the gateway closed ({} s at most), the \
         commands in flight and the post in hand finished ({} s at most), the database closed, \
         exit 0; a second signal exits at once (status 1)",
        SHARDS_PATIENCE.as_secs(),
        WORK_PATIENCE.as_secs()
    );
}

/// The service on the database of `config`, with its AI settings.
async fn open_service(config: &Config) -> anyhow::Result<Arc<Service>> {
    let clock = OffsetClock(config.clock_offset_seconds * 1000);
    let mut service = Service::open_with_clock(&config.database_url, Arc::new(clock))
        .await
        .with_context(|| format!("opening {}", config.database_url))?;
    service.set_ai_playouts(config.ai_playouts);
    service.set_puzzle_making(config.puzzles);
    if config.built_in_puzzles {
        service
            .load_built_in_puzzles()
            .await
            .context("keeping the built-in puzzles")?;
    }
    if let Some(bound) = config.ai_reply_bound {
        service.set_ai_reply_bound(bound);
    }
    Ok(Arc::new(service))
}

/// The end of a stop: the commands in flight and the post in hand (`workers`: the delivery
/// worker, and what ran beside the bot) get [`WORK_PATIENCE`] to finish, then the database
/// [`CLOSE_PATIENCE`] to close (checkpointed).
async fn finish(
    in_flight: &health::InFlight,
    workers: [Option<JoinHandle<()>>; 2],
    service: &Service,
) {
    let finishing = async {
        in_flight.none_running().await;
        for worker in workers.into_iter().flatten() {
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
