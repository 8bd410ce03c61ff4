//! The real `ponte bot` binary run against the fake Discord, and the steps tests take with it:
//! commands, moves whose board follows in the thread, a challenge accepted into a game.

use std::process::Stdio;

use serde_json::{Value, json};
use tempfile::TempDir;

use ponte::game::Move;

use super::{APP_ID, CHANNEL_ID, Call, FakeDiscord, Opt, User, click, message_json, slash};

pub const ALICE: User = User {
    id: "4100000000000001",
    name: "alice",
};
pub const BOB: User = User {
    id: "4100000000000002",
    name: "bob",
};
pub const CAROL: User = User {
    id: "4100000000000003",
    name: "carol",
};
/// The bot itself as a player, for challenges against it.
pub const PONTE: User = User {
    id: APP_ID,
    name: "ponte",
};

pub struct Bot {
    child: tokio::process::Child,
}

impl Bot {
    pub async fn start(fake: &FakeDiscord, database: &str) -> Bot {
        Bot::start_later(fake, database, 0).await
    }

    /// A bot whose clock runs `offset` seconds ahead, as if started that much later.
    pub async fn start_later(fake: &FakeDiscord, database: &str, offset: i64) -> Bot {
        let bot = Bot::spawn(fake, database, offset, &[]);
        fake.wait_identified().await;
        bot
    }

    /// A bot with more settings in its environment, once it has connected.
    pub async fn start_with(fake: &FakeDiscord, database: &str, env: &[(&str, &str)]) -> Bot {
        let bot = Bot::spawn(fake, database, 0, env);
        fake.wait_identified().await;
        bot
    }

    /// A bot started, without waiting for it to connect.
    pub fn spawn(fake: &FakeDiscord, database: &str, offset: i64, env: &[(&str, &str)]) -> Bot {
        let child = Bot::command(fake, database, offset, env).spawn().unwrap();
        Bot { child }
    }

    /// A bot started (without waiting for it to connect) whose log lines are kept: they are
    /// read as they come (a full pipe would stall the bot) and handed over once it exits.
    pub fn spawn_logged(
        fake: &FakeDiscord,
        database: &str,
        env: &[(&str, &str)],
    ) -> (Bot, tokio::task::JoinHandle<String>) {
        use tokio::io::AsyncReadExt;
        let mut child = Bot::command(fake, database, 0, env)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let logs = tokio::spawn(async move {
            let mut text = Vec::new();
            let _ = stderr.read_to_end(&mut text).await;
            String::from_utf8_lossy(&text).into_owned()
        });
        (Bot { child }, logs)
    }

    fn command(
        fake: &FakeDiscord,
        database: &str,
        offset: i64,
        env: &[(&str, &str)],
    ) -> tokio::process::Command {
        fake.forget_gateway();
        let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_ponte"));
        command
            .env("PONTE_CLOCK_OFFSET_SECONDS", offset.to_string())
            .env("PONTE_SCHEDULER_SECONDS", "1")
            // The AI's moves take a fixed search, not the machine's speed.
            .env("PONTE_AI_PLAYOUTS", "30")
            // Only the puzzles a test keeps itself are served, and finished games are not
            // analysed for puzzles in the background (a search on every core beside the test,
            // for as long as the bot runs).
            .env("PONTE_BUILT_IN_PUZZLES", "0")
            .env("PONTE_PUZZLES", "off")
            .arg("bot")
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_BASE", fake.base())
            .env("DATABASE_URL", database)
            .env("DISCORD_GUILD_ID", super::GUILD_ID)
            .env(
                "RUST_LOG",
                std::env::var("BOT_LOG").unwrap_or_else(|_| "warn".into()),
            )
            .env("NO_PROXY", "127.0.0.1,localhost")
            // The test's own settings last: they may replace the ones above.
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .kill_on_drop(true);
        command
    }

    /// Waits (at most `bound`) for the bot to exit by itself.
    pub async fn exited(mut self, bound: std::time::Duration) -> std::process::ExitStatus {
        let waited = tokio::time::timeout(bound, self.child.wait());
        waited.await.expect("the bot exits").unwrap()
    }

    pub async fn stop(mut self) {
        self.child.kill().await.unwrap();
    }

    /// Sends SIGTERM, as `systemctl stop` does, and waits (at most 15 s) for the bot to exit.
    pub async fn terminate(mut self) -> (std::process::ExitStatus, std::time::Duration) {
        let pid = self.child.id().unwrap().to_string();
        let started = std::time::Instant::now();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap();
        assert!(sent.success());
        let waited = tokio::time::timeout(std::time::Duration::from_secs(15), self.child.wait());
        let status = waited.await.expect("the bot exits").unwrap();
        (status, started.elapsed())
    }
}

pub struct Setup {
    pub fake: FakeDiscord,
    pub _dir: TempDir,
    pub database: String,
    pub bot: Bot,
}

impl Setup {
    /// The fake, the directory that holds the database (for the caller to keep), its URL and
    /// the bot: one line where the struct's pattern takes six, for the tests that need them all.
    /// The bot last, so that it is dropped (killed) before its directory goes.
    pub fn parts(self) -> (FakeDiscord, TempDir, String, Bot) {
        (self.fake, self._dir, self.database, self.bot)
    }
}

pub async fn setup() -> Setup {
    setup_with(&[]).await
}

/// A fake Discord and a database URL in a new directory, for a test that starts the bot itself.
pub async fn fake_and_database() -> (FakeDiscord, TempDir, String) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("bot.db").display());
    (fake, dir, database)
}

/// [`setup`] with more settings in the bot's environment.
pub async fn setup_with(env: &[(&str, &str)]) -> Setup {
    let (fake, dir, database) = fake_and_database().await;
    let bot = Bot::start_with(&fake, &database, env).await;
    // Commands are registered once the bot is ready.
    fake.wait_for(0, "command registration", |c| {
        c.method == "PUT" && c.path.ends_with("/commands")
    })
    .await;
    Setup {
        fake,
        _dir: dir,
        database,
        bot,
    }
}

/// Sends a slash command and returns its callback.
pub async fn command(
    fake: &FakeDiscord,
    user: User,
    channel: &str,
    name: &str,
    options: &[Opt],
    users: &[User],
) -> (String, Call) {
    let from = fake.call_count();
    let (id, payload) = slash(fake, user, channel, name, options, users);
    fake.dispatch("INTERACTION_CREATE", payload);
    let call = fake.callback(from, &id).await;
    (id, call)
}

/// Plays a move by slash command in the game's thread: the player is told it was saved
/// (ephemerally), and the board follows in the thread. Returns (the reply, the board).
pub async fn play(
    fake: &FakeDiscord,
    user: User,
    thread: &str,
    name: &str,
    options: &[Opt],
) -> (Call, Call) {
    let from = fake.call_count();
    let (_, reply) = command(fake, user, thread, name, options, &[]).await;
    assert!(reply.is_ephemeral(), "{}", reply.content());
    assert!(
        reply.content().starts_with("Saved: move"),
        "{}",
        reply.content()
    );
    let board = board_in(fake, from, thread).await;
    (reply, board)
}

/// The next board posted in `channel` after the first `from` calls (a failed post, or a repeat
/// of an earlier one, which Discord drops by its nonce, does not count).
pub async fn board_in(fake: &FakeDiscord, from: usize, channel: &str) -> Call {
    fake.wait_for(from, "a board", |c| {
        c.method == "POST"
            && c.path == format!("/channels/{channel}/messages")
            && c.png().is_some()
            && c.succeeded()
            && !c.repeated
    })
    .await
}

/// Sends an interaction made by `slash` or `click` and returns the bot's first answer to it:
/// the steps every test takes for an interaction it builds itself.
pub async fn interact(fake: &FakeDiscord, (id, payload): (String, Value)) -> Call {
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    fake.callback(from, &id).await
}

/// `user` clicks the button `custom_id` on `message`: the bot's first answer to the click.
pub async fn press(fake: &FakeDiscord, user: User, message: &Value, custom_id: &str) -> Call {
    interact(fake, click(fake, user, message, custom_id)).await
}

/// `/place cells` by `user` in `channel`, both cells in the first option as players type them,
/// answered however the bot answers it: for a move a test expects to be refused.
pub async fn try_place(fake: &FakeDiscord, user: User, channel: &str, cells: &str) -> Call {
    let options = [("first", 3, json!(cells))];
    command(fake, user, channel, "place", &options, &[]).await.1
}

/// Plays `/place cells` (both cells in the first option) with [`play`]: the reply, the board.
pub async fn place(fake: &FakeDiscord, user: User, thread: &str, cells: &str) -> (Call, Call) {
    play(fake, user, thread, "place", &[("first", 3, json!(cells))]).await
}

/// Plays `/place` with its cells in two options, as Discord's form sends them: the reply and
/// the board.
pub async fn place_two(
    fake: &FakeDiscord,
    user: User,
    thread: &str,
    first: &str,
    second: &str,
) -> (Call, Call) {
    let options = [("first", 3, json!(first)), ("second", 3, json!(second))];
    play(fake, user, thread, "place", &options).await
}

/// The first post in `channel` after the first `from` calls, whatever it carries.
pub async fn post_in(fake: &FakeDiscord, from: usize, what: &str, channel: &str) -> Call {
    let path = format!("/channels/{channel}/messages");
    fake.wait_for(from, what, |c| c.method == "POST" && c.path == path)
        .await
}

/// Alice challenges bob (`options` besides the opponent): the interaction's id, the challenge.
pub async fn challenge_bob(fake: &FakeDiscord, options: &[Opt]) -> (String, Call) {
    let mut all: Vec<Opt> = vec![("opponent", 6, json!(BOB.id))];
    all.extend_from_slice(options);
    command(fake, ALICE, CHANNEL_ID, "challenge", &all, &[BOB]).await
}

/// `user` clicks Accept on the challenge that answered the interaction `id`: the click's answer,
/// the count of calls before the click, and the game's thread (the challenge message's id).
pub async fn accept_challenge(
    fake: &FakeDiscord,
    user: User,
    id: &str,
    challenge: &Call,
) -> (Call, usize, String) {
    let message = fake.original(id).expect("the challenge message");
    let accept = challenge.button("accept:");
    let from = fake.call_count();
    let update = press(fake, user, &message, &accept).await;
    let thread = message["id"].as_str().unwrap().to_string();
    (update, from, thread)
}

/// Challenges bob (10×10 box unless told otherwise) and has him accept; returns the thread id.
pub async fn start_game(fake: &FakeDiscord, options: &[Opt]) -> (String, Call) {
    let (id, call) = challenge_bob(fake, options).await;
    assert!(call.content().contains("challenges"), "{}", call.content());
    let (update, from, thread) = accept_challenge(fake, BOB, &id, &call).await;
    assert_eq!(update.json["type"], 7, "the challenge message is updated");
    let board = post_in(fake, from, "the first board in the thread", &thread).await;
    (thread, board)
}

/// A game started with [`start_game`] in which alice opened with c3 d4, so bob is to choose
/// whether to swap: the state most game tests begin from. Returns the thread.
pub async fn opened_game(fake: &FakeDiscord, options: &[Opt]) -> String {
    let (thread, _) = start_game(fake, options).await;
    place(fake, ALICE, &thread, "c3 d4").await;
    thread
}

/// Alice asks to resign the game in `thread` and confirms with the button: the count of calls
/// before the click and the click's answer, for the final board that follows.
pub async fn confirm_resign(fake: &FakeDiscord, thread: &str) -> (usize, Call) {
    let (_, ask) = command(fake, ALICE, thread, "resign", &[], &[]).await;
    let confirm = ask.buttons().pop().expect("a confirm button");
    let message = message_json("1", thread, &ask.json["data"]);
    let from = fake.call_count();
    let answer = press(fake, ALICE, &message, &confirm).await;
    (from, answer)
}

/// Starts a game, plays two moves (alice c3 d4, bob e5 e6) and has alice resign it with the
/// confirmation button; returns the thread id and the final board.
pub async fn resigned_game(fake: &FakeDiscord) -> (String, Call) {
    let thread = opened_game(fake, &[]).await;
    place(fake, BOB, &thread, "e5 e6").await;
    let (from, _) = confirm_resign(fake, &thread).await;
    let board = post_in(fake, from, "the final board", &thread).await;
    (thread, board)
}

/// Alice challenges the bot with `options` besides the opponent; it plays at once, without
/// an accept. Returns the game's thread, the reply to the challenge, and the first board.
pub async fn challenge_the_bot(fake: &FakeDiscord, options: &[Opt]) -> (String, Call, Call) {
    let mut all: Vec<Opt> = vec![("opponent", 6, json!(APP_ID))];
    all.extend_from_slice(options);
    let from = fake.call_count();
    let (id, reply) = command(fake, ALICE, CHANNEL_ID, "challenge", &all, &[PONTE]).await;
    assert!(
        reply.content().contains("alice plays ponte"),
        "{}",
        reply.content()
    );
    let thread = fake.original(&id).expect("the reply")["id"]
        .as_str()
        .unwrap()
        .to_string();
    let board = board_in(fake, from, &thread).await;
    (thread, reply, board)
}

/// The commands the bot registered with Discord once it was ready.
pub fn registered_commands(fake: &FakeDiscord) -> Vec<Value> {
    let registration = fake
        .calls()
        .into_iter()
        .find(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        .unwrap();
    registration
        .json
        .as_array()
        .expect("a list of commands")
        .clone()
}

/// The options of `/notify` for a daily digest at the whole hour `hours` from now (UTC), and
/// that hour: the digest tests move the bot's clock past it.
pub fn digest_options(hours: u64) -> ([Opt; 3], u64) {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let hour = (now / 3600 + hours) % 24;
    let options = [
        ("reminders", 4, json!(2)),
        ("hour", 4, json!(hour)),
        ("zone", 3, json!("UTC")),
    ];
    (options, hour)
}

/// `/name` by `user` in the main channel, answered privately (maybe deferred first): that
/// answer. Lessons and puzzles are shown so.
pub async fn private_command(fake: &FakeDiscord, user: User, name: &str, options: &[Opt]) -> Call {
    let from = fake.call_count();
    let (id, payload) = slash(fake, user, CHANNEL_ID, name, options, &[]);
    fake.dispatch("INTERACTION_CREATE", payload);
    answer_to(fake, from, &id, name).await
}

/// The private message `shown` as Discord sends it back with a click on one of its buttons.
pub fn private_message(shown: &Call) -> Value {
    let body = shown.json.get("data").unwrap_or(&shown.json).clone();
    message_json(
        "9",
        CHANNEL_ID,
        &json!({
            "content": body["content"],
            "components": body["components"],
            "flags": 64,
        }),
    )
}

/// `user` clicks `button` on the private message `shown`: the private answer that follows.
pub async fn click_on(fake: &FakeDiscord, user: User, shown: &Call, button: &str) -> Call {
    let message = private_message(shown);
    let from = fake.call_count();
    let (id, payload) = click(fake, user, &message, button);
    fake.dispatch("INTERACTION_CREATE", payload);
    answer_to(fake, from, &id, "the answer").await
}

/// Alice clicks `button` on `message` twice before the bot answers either: both answers, for
/// the tests that a double click counts once.
pub async fn double_click(fake: &FakeDiscord, message: &Value, button: &str) -> [Call; 2] {
    let from = fake.call_count();
    let (first, one) = click(fake, ALICE, message, button);
    let (second, two) = click(fake, ALICE, message, button);
    fake.dispatch("INTERACTION_CREATE", one);
    fake.dispatch("INTERACTION_CREATE", two);
    [
        answer_to(fake, from, &first, "the first click's answer").await,
        answer_to(fake, from, &second, "the second click's answer").await,
    ]
}

/// The slash command and options that play `mv`.
pub fn move_command(mv: Move) -> (&'static str, Vec<Opt>) {
    match mv {
        Move::Place(a, b) => (
            "place",
            vec![
                ("first", 3, json!(a.to_string())),
                ("second", 3, json!(b.to_string())),
            ],
        ),
        Move::Bridge(a, b) => (
            "bridge",
            vec![
                ("from", 3, json!(a.to_string())),
                ("to", 3, json!(b.to_string())),
            ],
        ),
        Move::Pass => ("pass", Vec::new()),
        other => panic!("not a command move: {other}"),
    }
}

/// The game as the database holds it (read by a second process, as an operator could).
pub async fn stored(database: &str, id: i64) -> ponte::service::GameView {
    let service = ponte::service::Service::open(database).await.unwrap();
    let game = service
        .game(ponte::service::GameId::try_from(id).unwrap())
        .await
        .unwrap();
    service.close().await;
    game
}

/// Nothing posted in a channel since call `from` says `words`: a private answer stayed private.
pub fn not_in_a_channel(fake: &FakeDiscord, from: usize, words: &str) {
    let public = fake
        .calls()
        .into_iter()
        .skip(from)
        .filter(|c| c.path.starts_with("/channels/"))
        .map(|c| c.content())
        .find(|text| text.contains(words));
    assert_eq!(public, None, "{words}: posted in a channel");
}

/// The private answer that follows an interaction `id` (a deferral first, then its words),
/// as Discord took it: a second first answer, which Discord refuses, is not one.
pub async fn answer_to(fake: &FakeDiscord, from: usize, id: &str, what: &str) -> Call {
    let first = fake.callback(from, id).await;
    assert!(first.succeeded(), "{} {}", first.status, first.json);
    assert!(first.is_ephemeral(), "{}", first.json);
    if !first.content().is_empty() {
        return first;
    }
    let token = format!("token-{id}");
    let answer = fake
        .wait_for(from, what, |c| {
            c.path.contains(&token) && !c.content().is_empty() && c.succeeded()
        })
        .await;
    assert!(
        answer.is_ephemeral() || answer.method == "PATCH",
        "{}",
        answer.json
    );
    answer
}
