//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST API under `/api/v10` and a JSON
//! WebSocket gateway, speaking enough of the real protocol for serenity and poise (see
//! `shared/notes/fake-discord.md`). It records every REST call so tests can wait for them, and
//! it keeps the messages it creates so button clicks can carry the real message.

#![allow(dead_code)]

pub mod bot;
pub mod web;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc};

pub const APP_ID: &str = "100000000000000001";
pub const GUILD_ID: &str = "200000000000000001";
pub const CHANNEL_ID: &str = "300000000000000001";

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    /// The path after `/api/v10`.
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    /// Uploaded files: (field name, file name, bytes).
    pub files: Vec<(String, String, Vec<u8>)>,
    /// A post whose nonce Discord had already seen: it created no message.
    pub repeated: bool,
    /// The HTTP status the fake answered with.
    pub status: u16,
}

impl Call {
    /// Answered with success.
    pub fn succeeded(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

impl Call {
    /// The message content of a callback, webhook or channel message.
    pub fn content(&self) -> String {
        let data = if self.json.get("data").is_some() {
            &self.json["data"]
        } else {
            &self.json
        };
        data["content"].as_str().unwrap_or("").to_string()
    }

    pub fn is_ephemeral(&self) -> bool {
        let data = if self.json.get("data").is_some() {
            &self.json["data"]
        } else {
            &self.json
        };
        data["flags"].as_u64().is_some_and(|f| f & 64 != 0)
    }

    pub fn png(&self) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(_, name, _)| name.ends_with(".png"))
            .map(|(_, _, bytes)| bytes.as_slice())
    }

    /// The custom id of the first button whose id starts with `prefix` (`accept:`, `swap:`...):
    /// tests click buttons by kind, their ids carry the game's or challenge's number.
    pub fn button(&self, prefix: &str) -> String {
        self.buttons()
            .into_iter()
            .find(|b| b.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix} button in {}", self.json))
    }

    /// The custom ids of the buttons in the body.
    pub fn buttons(&self) -> Vec<String> {
        let data = if self.json.get("data").is_some() {
            &self.json["data"]
        } else {
            &self.json
        };
        data["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|b| b["custom_id"].as_str().map(String::from))
            .collect()
    }
}

#[derive(Default)]
struct Inner {
    calls: Mutex<Vec<Call>>,
    changed: Notify,
    gateway: Mutex<Option<mpsc::UnboundedSender<Value>>>,
    identified: AtomicBool,
    seq: AtomicU64,
    next_id: AtomicU64,
    /// Messages by id, as the fake returned them.
    messages: Mutex<HashMap<String, Value>>,
    /// The original response message of each interaction token.
    originals: Mutex<HashMap<String, String>>,
    /// Refuse to create threads (as without the permission).
    refuse_threads: AtomicBool,
    /// Refuse messages in these channels (as in an archived thread).
    refuse_channels: Mutex<Vec<String>>,
    /// Interactions already answered: Discord takes one initial response each.
    answered: Mutex<std::collections::HashSet<String>>,
    /// Second initial responses, refused (see [`FakeDiscord::answered_twice`]).
    answered_twice: Mutex<Vec<String>>,
    /// Messages with threads started from them: Discord starts one per message.
    threaded: Mutex<std::collections::HashSet<String>>,
    /// Channel messages by (channel, nonce), for posts that ask Discord to enforce the nonce.
    nonces: Mutex<HashMap<(String, String), Value>>,
    /// Posts to these channels fail with 500 while their count lasts (as in an outage).
    failing: Mutex<HashMap<String, usize>>,
    /// Posts by channel that create their message but whose answer is lost (500), counted down.
    losing: Mutex<HashMap<String, usize>>,
    /// The shard count `/gateway/bot` recommends (1 unless set).
    shards: AtomicU64,
    /// Gateway sessions identified (one per shard and start).
    identifies: AtomicU64,
    /// The gateway accepts connections but never says a word (not even HELLO).
    silent: AtomicBool,
    /// The gateway has gone away (an outage): its connections closed, new ones refused.
    gone: tokio::sync::watch::Sender<bool>,
    /// The gateway's connections hang (as when the network drops without a word).
    frozen: tokio::sync::watch::Sender<bool>,
    /// Users who closed their direct messages: posts to their DM channel are refused.
    closed_dms: Mutex<Vec<String>>,
    /// Messages the bot sent that could ping what it did not name (see [`mention_violation`]).
    mention_violations: Mutex<Vec<String>>,
    /// Milliseconds every REST call waits before its answer: the round trip to Discord.
    latency_ms: AtomicU64,
    /// Messages posted to channels waiting out that latency now, and the most at once.
    in_flight: AtomicU64,
    most_in_flight: AtomicU64,
}

#[derive(Clone)]
pub struct FakeDiscord {
    pub addr: SocketAddr,
    inner: Arc<Inner>,
    /// Fails the test when the last handle goes, if a message could ping unasked or an
    /// interaction was answered twice.
    _faults: Arc<FaultCheck>,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let inner = Arc::new(Inner { ..Inner::default() });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = Router::new()
            .route("/gateway", get(gateway))
            .route("/api/v10/{*rest}", any(rest))
            .with_state((inner.clone(), addr));
        tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        let _faults = Arc::new(FaultCheck(inner.clone()));
        FakeDiscord {
            addr,
            inner,
            _faults,
        }
    }

    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// From now on every REST call waits `latency` before its answer, as the round trip to
    /// the real Discord does (none unless set).
    pub fn set_latency(&self, latency: Duration) {
        let ms = u64::try_from(latency.as_millis()).unwrap_or(u64::MAX);
        self.inner.latency_ms.store(ms, Ordering::SeqCst);
    }

    /// The most messages posted to channels that waited out the latency at once (0 without
    /// a latency).
    pub fn most_posts_in_flight(&self) -> u64 {
        self.inner.most_in_flight.load(Ordering::SeqCst)
    }

    pub fn refuse_threads(&self, refuse: bool) {
        self.inner.refuse_threads.store(refuse, Ordering::SeqCst);
    }

    pub fn refuse_channel(&self, channel: &str) {
        self.inner
            .refuse_channels
            .lock()
            .unwrap()
            .push(channel.to_string());
    }

    /// How many gateway sessions have identified so far.
    pub fn identifies(&self) -> u64 {
        self.inner.identifies.load(Ordering::SeqCst)
    }

    /// From now on the gateway accepts connections and then says nothing.
    pub fn silence_gateway(&self) {
        self.inner.silent.store(true, Ordering::SeqCst);
    }

    /// From now on the gateway is gone, as in an outage: the connections open now are cut
    /// (with no closing handshake) and new ones are refused (503). REST still answers.
    pub fn gateway_goes_away(&self) {
        self.inner.gone.send_replace(true);
    }

    /// From now on the gateway's connections hang, as when the network drops without a word:
    /// the open ones are neither read nor written nor closed, and so are new ones once
    /// accepted.
    pub fn gateway_freezes(&self) {
        self.inner.frozen.send_replace(true);
    }

    /// Recommends `shards` shards to the bots that start from now on.
    pub fn recommend_shards(&self, shards: u64) {
        self.inner.shards.store(shards, Ordering::SeqCst);
    }

    /// The next `times` posts to `channel` fail with 500 Internal Server Error.
    pub fn fail_posts(&self, channel: &str, times: usize) {
        self.inner
            .failing
            .lock()
            .unwrap()
            .insert(channel.to_string(), times);
    }

    /// The next `times` posts to `channel` create their message, but their answer is lost on
    /// the way back: the bot sees 500 Internal Server Error, as when Discord fails after
    /// saving.
    pub fn lose_answers(&self, channel: &str, times: usize) {
        self.inner
            .losing
            .lock()
            .unwrap()
            .insert(channel.to_string(), times);
    }

    /// From now on `user` allows no direct messages: Discord answers a post to their DM
    /// channel 403 "Cannot send messages to this user" (code 50007).
    pub fn close_dms(&self, user: &str) {
        self.inner
            .closed_dms
            .lock()
            .unwrap()
            .push(dm_channel_id(user));
    }

    /// `user` allows direct messages again.
    pub fn open_dms(&self, user: &str) {
        let channel = dm_channel_id(user);
        self.inner
            .closed_dms
            .lock()
            .unwrap()
            .retain(|c| *c != channel);
    }

    /// The messages the fake created in `channel`, oldest first.
    pub fn messages_in(&self, channel: &str) -> Vec<Value> {
        let mut found: Vec<Value> = self
            .inner
            .messages
            .lock()
            .unwrap()
            .values()
            .filter(|m| m["channel_id"] == channel)
            .cloned()
            .collect();
        found.sort_by_key(|m| m["id"].as_str().unwrap_or("").parse::<u64>().unwrap_or(0));
        found
    }

    pub fn calls(&self) -> Vec<Call> {
        self.inner.calls.lock().unwrap().clone()
    }

    pub fn call_count(&self) -> usize {
        self.inner.calls.lock().unwrap().len()
    }

    /// The message that answered an interaction (its original response).
    pub fn original(&self, interaction_id: &str) -> Option<Value> {
        let token = format!("token-{interaction_id}");
        let id = self.inner.originals.lock().unwrap().get(&token).cloned()?;
        self.message(&id)
    }

    pub fn message(&self, id: &str) -> Option<Value> {
        self.inner.messages.lock().unwrap().get(id).cloned()
    }

    /// A new id, made as Discord makes them: the time since 2015 in its high bits.
    pub fn new_id(&self) -> String {
        snowflake(&self.inner).to_string()
    }

    /// Waits until a call after the first `from` calls matches, and returns it.
    pub async fn wait_for(&self, from: usize, what: &str, matches: impl Fn(&Call) -> bool) -> Call {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.inner.changed.notified();
            // Only the matching call is copied: copying the whole log (every uploaded PNG) at
            // each wake-up made the harness, not the bot, dominate the measured latency.
            let found = {
                let calls = self.inner.calls.lock().unwrap();
                calls
                    .get(from..)
                    .and_then(|new| new.iter().find(|c| matches(c)).cloned())
            };
            if let Some(call) = found {
                return call;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let seen: Vec<String> = self
                    .calls()
                    .iter()
                    .skip(from)
                    .map(|c| format!("{} {} {}", c.method, c.path, c.json))
                    .collect();
                panic!("timed out waiting for {what}; calls since: {seen:#?}");
            }
        }
    }

    /// Waits for the callback that answers interaction `id`.
    pub async fn callback(&self, from: usize, id: &str) -> Call {
        let prefix = format!("/interactions/{id}/");
        self.wait_for(from, &format!("the callback of {id}"), |c| {
            c.method == "POST" && c.path.starts_with(&prefix)
        })
        .await
    }

    /// Waits until the bot has identified on the gateway.
    pub async fn wait_identified(&self) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        while !self.inner.identified.load(Ordering::SeqCst) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot never connected"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Sends a gateway dispatch (e.g. INTERACTION_CREATE).
    pub fn dispatch(&self, event: &str, data: Value) {
        let seq = self.inner.seq.fetch_add(1, Ordering::SeqCst) + 1;
        let mut frame = json!({"op": 0, "s": seq, "t": event});
        frame["d"] = data;
        if let Some(tx) = self.inner.gateway.lock().unwrap().as_ref() {
            let _ = tx.send(frame);
        }
    }

    pub fn forget_gateway(&self) {
        self.inner.identified.store(false, Ordering::SeqCst);
        *self.inner.gateway.lock().unwrap() = None;
    }
}

type AppState = (Arc<Inner>, SocketAddr);

async fn gateway(ws: WebSocketUpgrade, State((inner, addr)): State<AppState>) -> Response {
    if *inner.gone.borrow() {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    ws.on_upgrade(move |socket| run_gateway(socket, inner, addr))
}

async fn run_gateway(mut socket: WebSocket, inner: Arc<Inner>, addr: SocketAddr) {
    if *inner.frozen.borrow() {
        std::future::pending::<()>().await;
    }
    if inner.silent.load(Ordering::SeqCst) {
        // Holds the connection open, reading and answering nothing.
        while let Some(Ok(_)) = socket.recv().await {}
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    let hello = json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": 41250}});
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    *inner.gateway.lock().unwrap() = Some(tx.clone());
    let mut gone = inner.gone.subscribe();
    let mut frozen = inner.frozen.subscribe();
    loop {
        tokio::select! {
            () = async { drop(gone.wait_for(|gone| *gone).await) } => break,
            () = async { drop(frozen.wait_for(|frozen| *frozen).await) } => {
                // Holds the connection, never to touch it again.
                std::future::pending::<()>().await;
            }
            out = rx.recv() => {
                let Some(out) = out else { break };
                if socket.send(WsMessage::Text(out.to_string().into())).await.is_err() {
                    break;
                }
            }
            incoming = socket.recv() => {
                let Some(Ok(WsMessage::Text(text))) = incoming else {
                    if matches!(incoming, Some(Ok(_))) { continue; }
                    break;
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                match frame["op"].as_u64() {
                    Some(1) => { let _ = tx.send(json!({"op": 11})); }
                    Some(2 | 6) => {
                        // A new session counts its events from 1 again.
                        inner.seq.store(0, Ordering::SeqCst);
                        let seq = inner.seq.fetch_add(1, Ordering::SeqCst) + 1;
                        let ready = json!({"op": 0, "s": seq, "t": "READY", "d": ready_json(addr)});
                        let _ = tx.send(ready);
                        inner.identified.store(true, Ordering::SeqCst);
                        if frame["op"] == 2 {
                            inner.identifies.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The READY event's data.
pub fn ready_json(addr: SocketAddr) -> Value {
    json!({
        "v": 10,
        "user": {"id": APP_ID, "username": "ponte", "bot": true, "discriminator": "0"},
        "guilds": [],
        "session_id": "fake-session",
        "resume_gateway_url": format!("ws://{addr}/gateway"),
        "application": {"id": APP_ID, "flags": 0}
    })
}

/// A thread started from a message (its id is the message's, as on Discord).
pub fn thread_json(message: &str, parent: &str, name: &str) -> Value {
    json!({"id": message, "type": 11, "name": name, "guild_id": GUILD_ID, "parent_id": parent})
}

/// The id of the direct-message channel with a user.
pub fn dm_channel_id(recipient: &str) -> String {
    format!("9{recipient}")
}

/// The refusal of a post to the DM channel of a user who closed their direct messages.
fn closed_dm(inner: &Inner, channel: &str) -> Option<Response> {
    let closed = inner
        .closed_dms
        .lock()
        .unwrap()
        .iter()
        .any(|c| c == channel);
    closed.then(|| {
        error(
            StatusCode::FORBIDDEN,
            50007,
            "Cannot send messages to this user",
        )
    })
}

/// The direct-message channel with a user.
pub fn dm_channel_json(recipient: &str) -> Value {
    json!({
        "id": dm_channel_id(recipient),
        "type": 1,
        "recipients": [{"id": recipient, "username": "someone", "discriminator": "0"}]
    })
}

/// A message object as Discord returns it.
pub fn message_json(id: &str, channel: &str, body: &Value) -> Value {
    json!({
        "id": id,
        "channel_id": channel,
        "author": {"id": APP_ID, "username": "ponte", "bot": true, "discriminator": "0"},
        "content": body["content"].as_str().unwrap_or(""),
        "timestamp": "2026-11-22T00:00:00+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": body["flags"].as_u64().unwrap_or(0),
        "components": if body["components"].is_array() { body["components"].clone() } else { json!([]) },
    })
}

async fn read_body(request: Request) -> (Value, Vec<(String, String, Vec<u8>)>) {
    let multipart = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if multipart {
        let mut json = Value::Null;
        let mut files = Vec::new();
        let Ok(mut form) = Multipart::from_request(request, &()).await else {
            return (json, files);
        };
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or("").to_string();
            let file_name = field.file_name().map(String::from);
            let bytes = field.bytes().await.unwrap_or_default();
            match file_name {
                Some(file_name) => files.push((name, file_name, bytes.to_vec())),
                None if name == "payload_json" => {
                    json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
                }
                None => {}
            }
        }
        (json, files)
    } else {
        let bytes = Bytes::from_request(request, &()).await.unwrap_or_default();
        (
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
            Vec::new(),
        )
    }
}

fn ok(value: Value) -> Response {
    (StatusCode::OK, axum::Json(value)).into_response()
}

fn error(status: StatusCode, code: u64, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"code": code, "message": message})),
    )
        .into_response()
}

async fn rest(State((inner, addr)): State<AppState>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request
        .uri()
        .path()
        .trim_start_matches("/api/v10")
        .to_string();
    let (json, files) = read_body(request).await;
    let latency = inner.latency_ms.load(Ordering::SeqCst);
    let post = method == "POST" && path.starts_with("/channels/") && path.ends_with("/messages");
    if latency > 0 && post {
        let now = inner.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        inner.most_in_flight.fetch_max(now, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(latency)).await;
        inner.in_flight.fetch_sub(1, Ordering::SeqCst);
    } else if latency > 0 {
        tokio::time::sleep(Duration::from_millis(latency)).await;
    }
    let repeated = match (json["nonce"].as_str(), path.split('/').nth(2)) {
        (Some(nonce), Some(channel)) if json["enforce_nonce"] == true => inner
            .nonces
            .lock()
            .unwrap()
            .contains_key(&(channel.to_string(), nonce.to_string())),
        _ => false,
    };
    let response = respond(&inner, addr, &method, &path, &json);
    let call = Call {
        method: method.to_string(),
        path: path.clone(),
        json,
        files,
        repeated,
        status: response.status().as_u16(),
    };
    record_mention_violation(&inner, &call);
    inner.calls.lock().unwrap().push(call);
    inner.changed.notify_waiters();
    response
}

/// Milliseconds since Discord's epoch (2015) in the high bits, a counter in the low 22.
fn snowflake(inner: &Inner) -> u64 {
    const DISCORD_EPOCH: u64 = 1_420_070_400_000;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    let count = inner.next_id.fetch_add(1, Ordering::SeqCst) & 0x3f_ffff;
    ((now - DISCORD_EPOCH) << 22) | count
}

fn store_message(inner: &Inner, channel: &str, body: &Value) -> Value {
    let id = snowflake(inner).to_string();
    let message = message_json(&id, channel, body);
    inner.messages.lock().unwrap().insert(id, message.clone());
    message
}

fn respond(inner: &Inner, addr: SocketAddr, method: &Method, path: &str, json: &Value) -> Response {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": format!("ws://{addr}/gateway")})),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": format!("ws://{addr}/gateway"),
            "shards": inner.shards.load(Ordering::SeqCst).max(1),
            // All shards may identify at once (Discord's large bots may too).
            "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 16
            }
        })),
        ("GET", ["oauth2", "applications", "@me"]) => ok(json!({
            "id": APP_ID, "name": "ponte", "icon": null, "description": "",
            "bot_public": true, "bot_require_code_grant": false, "verify_key": "00",
            "owner": {"id": "1", "username": "owner", "discriminator": "0"}, "team": null
        })),
        ("PUT", ["applications", _, "guilds", _, "commands"] | ["applications", _, "commands"]) => {
            ok(json!([]))
        }
        ("POST", ["interactions", interaction, token, "callback"]) => {
            if !inner
                .answered
                .lock()
                .unwrap()
                .insert(interaction.to_string())
            {
                let refused = format!("interaction {interaction}: {json}");
                inner.answered_twice.lock().unwrap().push(refused);
                return error(
                    StatusCode::BAD_REQUEST,
                    40060,
                    "Interaction has already been acknowledged.",
                );
            }
            let kind = json["type"].as_u64().unwrap_or(0);
            if kind == 4 || kind == 5 {
                let message = store_message(inner, CHANNEL_ID, &json["data"]);
                let id = message["id"].as_str().unwrap_or("").to_string();
                inner
                    .originals
                    .lock()
                    .unwrap()
                    .insert(token.to_string(), id);
            }
            StatusCode::NO_CONTENT.into_response()
        }
        ("GET" | "PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            let id = inner.originals.lock().unwrap().get(*token).cloned();
            let mut messages = inner.messages.lock().unwrap();
            match id.and_then(|id| messages.get_mut(&id)) {
                Some(message) => {
                    if method == Method::PATCH
                        && let Some(content) = json.get("content")
                    {
                        message["content"] = content.clone();
                    }
                    ok(message.clone())
                }
                None => error(StatusCode::NOT_FOUND, 10008, "Unknown Message"),
            }
        }
        ("POST", ["webhooks", _, _]) => ok(store_message(inner, CHANNEL_ID, json)),
        ("POST", ["users", "@me", "channels"]) => ok(dm_channel_json(
            json["recipient_id"].as_str().unwrap_or("1"),
        )),
        ("PATCH", ["channels", channel, "messages", message]) => {
            let mut messages = inner.messages.lock().unwrap();
            let stored = messages
                .entry(message.to_string())
                .or_insert_with(|| message_json(message, channel, &json!({})));
            if let Some(content) = json.get("content") {
                stored["content"] = content.clone();
            }
            ok(stored.clone())
        }
        ("POST", ["channels", channel, "messages"]) => {
            if let Some(refusal) = closed_dm(inner, channel) {
                return refusal;
            }
            if inner
                .refuse_channels
                .lock()
                .unwrap()
                .iter()
                .any(|c| c == channel)
            {
                return error(StatusCode::FORBIDDEN, 50083, "Thread is archived");
            }
            if let Some(left) = inner.failing.lock().unwrap().get_mut(*channel)
                && *left > 0
            {
                *left -= 1;
                return error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    0,
                    "500: Internal Server Error",
                );
            }
            // Discord returns the earlier message for a repeated nonce it was asked to enforce.
            let nonce = json["nonce"]
                .as_str()
                .filter(|_| json["enforce_nonce"] == true);
            let key = nonce.map(|n| (channel.to_string(), n.to_string()));
            if let Some(earlier) = key
                .as_ref()
                .and_then(|k| inner.nonces.lock().unwrap().get(k).cloned())
            {
                return ok(earlier);
            }
            let message = store_message(inner, channel, json);
            if let Some(key) = key {
                inner.nonces.lock().unwrap().insert(key, message.clone());
            }
            if let Some(left) = inner.losing.lock().unwrap().get_mut(*channel)
                && *left > 0
            {
                *left -= 1;
                return error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    0,
                    "500: Internal Server Error",
                );
            }
            ok(message)
        }
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            if inner.refuse_threads.load(Ordering::SeqCst) {
                return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            if !inner.threaded.lock().unwrap().insert(message.to_string()) {
                return error(
                    StatusCode::BAD_REQUEST,
                    160004,
                    "A thread has already been created for this message",
                );
            }
            (
                StatusCode::CREATED,
                axum::Json(thread_json(
                    message,
                    channel,
                    json["name"].as_str().unwrap_or(""),
                )),
            )
                .into_response()
        }
        _ => error(StatusCode::NOT_FOUND, 0, "not in the fake"),
    }
}

// ---- mentions: every message the bot sends says what may ping --------------------------------

/// Why the message a call carries could ping more than the bot named, if it does: Discord
/// parses every `<@…>`, `<@&…>` and `@everyone` in a message that lists no `allowed_mentions`,
/// or lets `parse` pick them. A message must list the users it pings, and no role. Posts and
/// edits of channel messages (direct messages too), answers to interactions that carry a
/// message (types 4 and 7), follow-ups and their edits; a multipart body's `payload_json`.
pub fn mention_violation(call: &Call) -> Option<String> {
    let parts: Vec<&str> = call.path.trim_start_matches('/').split('/').collect();
    let message = match (call.method.as_str(), parts.as_slice()) {
        ("POST", ["channels", _, "messages"] | ["webhooks", _, _])
        | ("PATCH", ["channels", _, "messages", _] | ["webhooks", _, _, "messages", _]) => {
            &call.json
        }
        ("POST", ["interactions", _, _, "callback"])
            if matches!(call.json["type"].as_u64(), Some(4 | 7)) =>
        {
            &call.json["data"]
        }
        _ => return None,
    };
    let said = format!("{} {}: {}", call.method, call.path, message["content"]);
    let allowed = &message["allowed_mentions"];
    if !allowed.is_object() {
        return Some(format!("no allowed_mentions in {said}"));
    }
    let parsed: Vec<&str> = (allowed["parse"].as_array().into_iter().flatten())
        .filter_map(Value::as_str)
        .collect();
    if !parsed.is_empty() {
        return Some(format!("allowed_mentions parses {parsed:?} in {said}"));
    }
    if allowed["roles"]
        .as_array()
        .is_some_and(|roles| !roles.is_empty())
    {
        return Some(format!("allowed_mentions pings roles in {said}"));
    }
    None
}

fn record_mention_violation(inner: &Inner, call: &Call) {
    if let Some(violation) = mention_violation(call) {
        inner.mention_violations.lock().unwrap().push(violation);
    }
}

impl FakeDiscord {
    /// The messages so far that could ping what the bot did not name.
    pub fn mention_violations(&self) -> Vec<String> {
        self.inner.mention_violations.lock().unwrap().clone()
    }

    /// The messages so far that could ping what the bot did not name, forgotten: for a test
    /// that makes them on purpose.
    pub fn take_mention_violations(&self) -> Vec<String> {
        std::mem::take(&mut *self.inner.mention_violations.lock().unwrap())
    }
}

impl FakeDiscord {
    /// The initial responses to interactions already answered, which Discord refuses (400,
    /// "Interaction has already been acknowledged", code 40060): words the player never saw.
    /// After a deferral or an update, the bot must edit its answer or follow up instead.
    pub fn answered_twice(&self) -> Vec<String> {
        self.inner.answered_twice.lock().unwrap().clone()
    }
}

/// Held by every handle of a fake: when the test lets go of the last, it fails if any message
/// could have pinged unasked, or any interaction was answered twice (unless the test is
/// failing already).
struct FaultCheck(Arc<Inner>);

impl Drop for FaultCheck {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let violations = self.0.mention_violations.lock().unwrap().clone();
        if !violations.is_empty() {
            panic!("messages that could ping unasked: {violations:#?}");
        }
        let twice = self.0.answered_twice.lock().unwrap().clone();
        if !twice.is_empty() {
            panic!("interactions answered twice: {twice:#?}");
        }
    }
}

// ---- interaction payloads --------------------------------------------------------------------

/// A guild member clicking or typing.
#[derive(Clone, Copy, Debug)]
pub struct User {
    pub id: &'static str,
    pub name: &'static str,
}

pub fn user_json(user: User) -> Value {
    json!({"id": user.id, "username": user.name, "global_name": user.name, "avatar": null, "discriminator": "0"})
}

fn envelope(fake: &FakeDiscord, kind: u64, user: User, channel: &str) -> (String, Value) {
    let id = fake.new_id();
    let value = json!({
        "id": id,
        "application_id": APP_ID,
        "type": kind,
        "token": format!("token-{id}"),
        "version": 1,
        "guild_id": GUILD_ID,
        "channel_id": channel,
        "channel": {"id": channel, "type": 0, "name": "games"},
        "member": {
            "user": user_json(user),
            "roles": [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": false,
            "mute": false,
            "flags": 0,
            "permissions": "2251799813685247"
        },
        "app_permissions": "2251799813685247",
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID},
        "context": 0,
        "attachment_size_limit": 10485760
    });
    (id, value)
}

/// An option of a slash command: (name, Discord option type, value).
pub type Opt = (&'static str, u64, Value);

fn command_id(name: &str) -> String {
    // A stable fake id per command name.
    let n: u64 = name.bytes().map(u64::from).sum();
    (500 + n).to_string()
}

/// A slash command invocation; user options must be listed in `users` to be resolved.
pub fn slash(
    fake: &FakeDiscord,
    user: User,
    channel: &str,
    name: &str,
    options: &[Opt],
    users: &[User],
) -> (String, Value) {
    let (id, mut value) = envelope(fake, 2, user, channel);
    let resolved: serde_json::Map<String, Value> = users
        .iter()
        .map(|u| (u.id.to_string(), user_json(*u)))
        .collect();
    value["data"] = json!({
        "id": command_id(name),
        "name": name,
        "type": 1,
        "options": options.iter().map(|(n, t, v)| json!({"name": n, "type": t, "value": v})).collect::<Vec<_>>(),
        "resolved": {"users": resolved}
    });
    (id, value)
}

/// An autocomplete request with `focused` as the option being typed.
pub fn autocomplete(
    fake: &FakeDiscord,
    user: User,
    channel: &str,
    name: &str,
    options: &[(&'static str, u64, &str)],
    focused: &str,
) -> (String, Value) {
    let (id, mut value) = envelope(fake, 4, user, channel);
    value["data"] = json!({
        "id": command_id(name),
        "name": name,
        "type": 1,
        "options": options.iter().map(|(n, t, v)| {
            let mut o = json!({"name": n, "type": t, "value": v});
            if *n == focused { o["focused"] = json!(true); }
            o
        }).collect::<Vec<_>>()
    });
    (id, value)
}

/// A button click on `message`.
pub fn click(fake: &FakeDiscord, user: User, message: &Value, custom_id: &str) -> (String, Value) {
    let channel = message["channel_id"]
        .as_str()
        .unwrap_or(CHANNEL_ID)
        .to_string();
    let (id, mut value) = envelope(fake, 3, user, &channel);
    value["message"] = message.clone();
    value["data"] = json!({"custom_id": custom_id, "component_type": 2});
    (id, value)
}
