//! What an operator watches: with `METRICS_ADDR` set, `/healthz` (200 while the gateway is
//! connected and the database answers, 503 with the reason otherwise, 503 "stopping" from a
//! stop to the exit) and `/metrics` in Prometheus's text format. Also the interactions in
//! flight, which a stop lets finish.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::Context as _;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use metrics::{Unit, counter, describe_counter, describe_gauge, describe_histogram, gauge};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use crate::service::{
    AI_REPLY_WAIT_SECONDS, AI_SEARCH_SECONDS, GAME_WRITE_SECONDS, Service, describe_metrics,
};

const INTERACTIONS: &str = "ponte_interactions_total";
const INTERACTION_SECONDS: &str = "ponte_interaction_seconds";
const DELIVERIES: &str = "ponte_deliveries_total";
const SHARDS: &str = "ponte_shards";
const SHARDS_CONNECTED: &str = "ponte_shards_connected";
const BUILD_INFO: &str = "ponte_build_info";

/// How long `/healthz` waits for the database before calling it unhealthy.
const DATABASE_PATIENCE: Duration = Duration::from_secs(5);

/// How an interaction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Done as asked.
    Ok,
    /// Refused with a message to its author: a wrong command, someone else's turn...
    Refused,
    /// Failed on the bot's side (the database, Discord); logged.
    Failed,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
        }
    }
}

/// Counts one interaction that ended before it started to run (refused by a check).
pub fn interaction_refused(command: &str) {
    counter!(INTERACTIONS, "command" => command.to_string(), "outcome" => "refused").increment(1);
}

/// Counts one delivery attempt of an owed post of `kind`.
pub fn delivery(kind: &str, outcome: Outcome) {
    counter!(DELIVERIES, "kind" => kind.to_owned(), "outcome" => outcome.label()).increment(1);
}

/// The interactions running now: each holds a [`Running`] until it has answered.
#[derive(Default)]
pub struct InFlight {
    running: AtomicUsize,
    finished: tokio::sync::Notify,
}

impl InFlight {
    /// An interaction starts; it ends when the returned guard is dropped, counted with the
    /// outcome set on it (failed if none was: it panicked or was cut short).
    pub fn start(self: &Arc<Self>, command: String) -> Running {
        self.running.fetch_add(1, Ordering::SeqCst);
        Running {
            command,
            started: Instant::now(),
            outcome: Outcome::Failed,
            flight: self.clone(),
        }
    }

    /// Waits until no interaction is running.
    pub async fn none_running(&self) {
        loop {
            let finished = self.finished.notified();
            if self.running.load(Ordering::SeqCst) == 0 {
                return;
            }
            finished.await;
        }
    }
}

/// One interaction running: counted, with its time, when dropped.
pub struct Running {
    command: String,
    started: Instant,
    outcome: Outcome,
    flight: Arc<InFlight>,
}

impl Running {
    pub fn ended(&mut self, outcome: Outcome) {
        self.outcome = outcome;
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let command = std::mem::take(&mut self.command);
        counter!(INTERACTIONS, "command" => command.clone(), "outcome" => self.outcome.label())
            .increment(1);
        metrics::histogram!(INTERACTION_SECONDS, "command" => command)
            .record(self.started.elapsed());
        self.flight.running.fetch_sub(1, Ordering::SeqCst);
        self.flight.finished.notify_waiters();
    }
}

/// The metrics exporter and its listener, set up before the bot connects (so a wrong address
/// stops it at once).
pub struct Monitor {
    listener: tokio::net::TcpListener,
    prometheus: PrometheusHandle,
}

impl Monitor {
    /// Listens on `addr` and installs the exporter.
    ///
    /// # Errors
    /// When nothing can listen there.
    pub async fn listen(addr: SocketAddr) -> anyhow::Result<Monitor> {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("METRICS_ADDR={addr}: cannot listen there"))?;
        let quick = [
            0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
        ];
        let writes = [
            0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1.0,
        ];
        let searches = [0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0];
        // From `easy`'s milliseconds to a queue past the bound (30 s unless set), with the
        // default bound and its half (a pass's share) as edges.
        let replies = [
            0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0, 120.0,
        ];
        // Every histogram gets buckets: a summary's quantiles cannot be added up across
        // instances or time ranges.
        let prometheus = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(INTERACTION_SECONDS.into()), &quick)?
            .set_buckets_for_metric(Matcher::Full(GAME_WRITE_SECONDS.into()), &writes)?
            .set_buckets_for_metric(Matcher::Full(AI_SEARCH_SECONDS.into()), &searches)?
            .set_buckets_for_metric(Matcher::Full(AI_REPLY_WAIT_SECONDS.into()), &replies)?
            .install_recorder()
            .context("installing the metrics recorder")?;
        describe_metrics();
        describe_discord_metrics();
        gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION")).set(1.0);
        info!(address = %addr, "serving /healthz and /metrics");
        Ok(Monitor {
            listener,
            prometheus,
        })
    }

    /// Serves `/healthz` and `/metrics` until the process ends: through a stop too, which
    /// `/healthz` reports (`stop`). The gateway's shards are counted once `shards` is set.
    pub async fn serve(
        self,
        service: Arc<Service>,
        shards: Arc<OnceLock<Arc<serenity::ShardManager>>>,
        stop: tokio::sync::watch::Receiver<bool>,
    ) {
        let upkeep = self.prometheus.clone();
        // Histograms are drained into their buckets by the upkeep, scraped or not.
        let upkeeping = tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(5)).await;
                upkeep.run_upkeep();
            }
        });
        let state = Watched {
            service,
            shards,
            stop,
            prometheus: self.prometheus,
        };
        let app = axum::Router::new()
            .route("/healthz", get(healthz))
            .route("/metrics", get(scrape))
            .with_state(Arc::new(state));
        if let Err(error) = axum::serve(self.listener, app).await {
            warn!("the metrics server stopped: {error}");
        }
        upkeeping.abort();
    }
}

struct Watched {
    service: Arc<Service>,
    shards: Arc<OnceLock<Arc<serenity::ShardManager>>>,
    stop: tokio::sync::watch::Receiver<bool>,
    prometheus: PrometheusHandle,
}

impl Watched {
    fn stopping(&self) -> bool {
        *self.stop.borrow()
    }

    /// Shards connected, of all shards started (none before the first connects).
    async fn shards(&self) -> (usize, usize) {
        let Some(shards) = self.shards.get() else {
            return (0, 0);
        };
        let runners = shards.runners.lock().await;
        let connected = runners
            .values()
            .filter(|runner| runner.stage == serenity::ConnectionStage::Connected)
            .count();
        (connected, runners.len())
    }

    /// Why the bot is not healthy, if it is not.
    async fn trouble(&self) -> Option<String> {
        if self.stopping() {
            return Some("stopping".to_string());
        }
        let mut trouble = Vec::new();
        let (connected, shards) = self.shards().await;
        if shards == 0 {
            trouble.push("gateway: not connected yet".to_string());
        } else if connected < shards {
            trouble.push(format!("gateway: {connected} of {shards} shards connected"));
        }
        match tokio::time::timeout(DATABASE_PATIENCE, self.service.load()).await {
            Ok(Ok(_)) => {}
            Ok(Err(error)) => trouble.push(format!("database: {error}")),
            Err(_) => trouble.push(format!(
                "database: no answer in {} s",
                DATABASE_PATIENCE.as_secs()
            )),
        }
        (!trouble.is_empty()).then(|| trouble.join("; "))
    }
}

async fn healthz(State(watched): State<Arc<Watched>>) -> (StatusCode, String) {
    match watched.trouble().await {
        None => (StatusCode::OK, "ok\n".to_string()),
        Some(trouble) => (StatusCode::SERVICE_UNAVAILABLE, format!("{trouble}\n")),
    }
}

async fn scrape(State(watched): State<Arc<Watched>>) -> (StatusCode, String) {
    let (connected, shards) = watched.shards().await;
    gauge!(SHARDS_CONNECTED).set(connected as f64);
    gauge!(SHARDS).set(shards as f64);
    // Stopping, the database is being closed: its figures keep their last values.
    if !watched.stopping() {
        match watched.service.load().await {
            Ok(load) => load.record(),
            // The figures from the database keep their last values; the rest is still worth
            // reading, and /healthz says what is wrong.
            Err(error) => warn!("metrics: cannot read the work waiting: {error}"),
        }
    }
    watched.prometheus.run_upkeep();
    (StatusCode::OK, watched.prometheus.render())
}

fn describe_discord_metrics() {
    describe_counter!(
        INTERACTIONS,
        Unit::Count,
        "Slash commands and button clicks answered, by command and outcome (ok, refused: the \
         player was told why, failed: the bot's fault, logged)"
    );
    describe_histogram!(
        INTERACTION_SECONDS,
        Unit::Seconds,
        "Time from receiving a command or click to having answered it, by command"
    );
    describe_counter!(
        DELIVERIES,
        Unit::Count,
        "Attempts to post what saved actions owe the players, by kind and outcome (ok, \
         refused: set aside for good, failed: tried again later)"
    );
    describe_gauge!(SHARDS, Unit::Count, "Gateway shards started");
    describe_gauge!(SHARDS_CONNECTED, Unit::Count, "Gateway shards connected");
    describe_gauge!(BUILD_INFO, "Always 1, labelled with the running version");
}
