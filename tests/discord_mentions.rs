//! No stray mentions: every message the bot sends lists what may ping (the fake Discord checks
//! each one in every test, and fails the test at its end otherwise). Here the check itself, and
//! names chosen to spell mentions: a tournament called `<@&123>` (a role) and a player called
//! `@everyone`; the sign-up, pairings, game announcements, boards, the cancellation and a
//! rematch against the bot ping at most the players they name.

mod fake_discord;

use std::collections::HashSet;

use fake_discord::bot::{ALICE, board_in, command, press, setup};
use fake_discord::{
    APP_ID, CHANNEL_ID, Call, FakeDiscord, User, mention_violation, message_json, slash,
};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

const EVE: User = User {
    id: "4100000000000005",
    name: "@everyone",
};
const PONTE: User = User {
    id: APP_ID,
    name: "ponte",
};
const ROLE: &str = "<@&123>";

fn call(method: &str, path: &str, json: Value) -> Call {
    Call {
        method: method.into(),
        path: path.into(),
        json,
        files: Vec::new(),
        repeated: false,
        status: 200,
    }
}

/// The check flags what Discord would parse, on every kind of message-carrying call.
#[test]
fn the_check_flags_every_message_that_could_ping_unasked() {
    let none = json!({"parse": [], "users": [], "roles": []});
    let alice = json!({"parse": [], "users": [ALICE.id], "roles": []});
    let message = |allowed: &Value| json!({"content": ROLE, "allowed_mentions": allowed});
    let bare = json!({"content": ROLE});
    let carriers = [
        ("POST", "/channels/1/messages"),
        ("PATCH", "/channels/1/messages/2"),
        ("POST", "/webhooks/1/tok"),
        ("PATCH", "/webhooks/1/tok/messages/@original"),
        ("PATCH", "/webhooks/1/tok/messages/3"),
    ];
    for (method, path) in carriers {
        assert!(mention_violation(&call(method, path, bare.clone())).is_some());
        for parse in ["users", "roles", "everyone"] {
            let loose = message(&json!({"parse": [parse]}));
            assert!(mention_violation(&call(method, path, loose)).is_some());
        }
        let role = message(&json!({"parse": [], "roles": ["123"]}));
        assert!(mention_violation(&call(method, path, role)).is_some());
        assert_eq!(mention_violation(&call(method, path, message(&none))), None);
        assert_eq!(
            mention_violation(&call(method, path, message(&alice))),
            None
        );
    }
    let callback = "/interactions/1/tok/callback";
    for kind in [4, 7] {
        let answer = json!({"type": kind, "data": bare});
        assert!(mention_violation(&call("POST", callback, answer)).is_some());
        let answer = json!({"type": kind, "data": message(&none)});
        assert_eq!(mention_violation(&call("POST", callback, answer)), None);
    }
    // No message: a deferral, an acknowledgement, autocomplete choices, a thread.
    for kind in [5, 6, 8] {
        let answer = json!({"type": kind, "data": {"flags": 64}});
        assert_eq!(mention_violation(&call("POST", callback, answer)), None);
    }
    let thread = call(
        "POST",
        "/channels/1/messages/2/threads",
        json!({"name": ROLE}),
    );
    assert_eq!(mention_violation(&thread), None);
}

/// A multipart post (a board with its picture) is checked in its `payload_json` part.
#[tokio::test]
async fn the_check_reads_a_multipart_posts_payload_json() {
    let fake = FakeDiscord::start().await;
    for (allowed, violations) in [(json!(null), 1), (json!({"parse": []}), 0)] {
        let payload = json!({"content": ROLE, "allowed_mentions": allowed}).to_string();
        let body = format!(
            "--b\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{payload}\r\n\
             --b\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"board.png\"\r\n\
             Content-Type: image/png\r\n\r\nPNG\r\n--b--\r\n"
        );
        let request = format!(
            "POST /api/v10/channels/{CHANNEL_ID}/messages HTTP/1.1\r\nHost: {}\r\n\
             Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            fake.addr,
            body.len()
        );
        let mut stream = tokio::net::TcpStream::connect(fake.addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        stream.read_to_end(&mut Vec::new()).await.unwrap();
        let posted = fake.calls().pop().unwrap();
        assert_eq!(posted.files.len(), 1, "{posted:?}");
        assert_eq!(fake.take_mention_violations().len(), violations);
    }
}

/// A fake that saw such a message fails the test that let it go.
#[tokio::test]
#[should_panic(expected = "messages that could ping unasked")]
async fn a_test_whose_bot_sent_such_a_message_fails() {
    let fake = FakeDiscord::start().await;
    let body = json!({"content": ROLE}).to_string();
    let request = format!(
        "POST /api/v10/channels/{CHANNEL_ID}/messages HTTP/1.1\r\nHost: {}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        fake.addr,
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(fake.addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    stream.read_to_end(&mut Vec::new()).await.unwrap();
    assert_eq!(fake.mention_violations().len(), 1);
}

/// `/tournament sub options` by `user`, a member who may manage the server.
async fn tournament(fake: &FakeDiscord, user: User, sub: &str, options: Value) -> (String, Call) {
    let (id, mut payload) = slash(fake, user, CHANNEL_ID, "tournament", &[], &[]);
    payload["data"]["options"] = json!([{"name": sub, "type": 1, "options": options}]);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let call = fake.callback(from, &id).await;
    (id, call)
}

/// The message a call carries (a callback's data, or the body).
fn message_of(call: &Call) -> &Value {
    if call.path.ends_with("/callback") {
        &call.json["data"]
    } else {
        &call.json
    }
}

/// `call`'s message lists what may ping: no parsing, no role, at most `users`.
fn pings_at_most(call: &Call, users: &[User]) {
    let allowed = &message_of(call)["allowed_mentions"];
    assert_eq!(allowed["parse"], json!([]), "{} {}", call.path, call.json);
    assert_eq!(allowed["roles"], json!([]), "{} {}", call.path, call.json);
    let named: HashSet<&str> = users.iter().map(|u| u.id).collect();
    for user in allowed["users"].as_array().unwrap() {
        assert!(named.contains(user.as_str().unwrap()), "{}", call.json);
    }
}

/// The first post after call `from` in `channel` whose text contains `text`.
async fn post_with(fake: &FakeDiscord, from: usize, channel: &str, text: &str) -> Call {
    fake.wait_for(from, text, |c| {
        c.method == "POST"
            && c.path == format!("/channels/{channel}/messages")
            && c.content().contains(text)
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_spell_mentions_ping_nobody_in_a_tournament() {
    let setup = setup().await;
    let fake = &setup.fake;
    let options = json!([
        {"name": "name", "type": 3, "value": ROLE},
        {"name": "format", "type": 4, "value": 0}
    ]);
    let (id, created) = tournament(fake, ALICE, "create", options).await;
    assert!(created.content().contains(ROLE), "{}", created.content());
    pings_at_most(&created, &[]);
    let signup = fake.original(&id).unwrap();
    for user in [ALICE, EVE] {
        let joined = press(fake, user, &signup, "tjoin:1").await;
        assert!(joined.content().contains(EVE.name) || user.id == ALICE.id);
        pings_at_most(&joined, &[]);
    }
    let from = fake.call_count();
    let which = json!([{"name": "tournament", "type": 4, "value": 1}]);
    tournament(fake, ALICE, "start", which).await;
    // The pairings (the tournament's name) ping the players, the game's announcement nobody,
    // its first board both players.
    let pairings = post_with(fake, from, CHANNEL_ID, "**Round 1 of 1**").await;
    assert!(pairings.content().contains(ROLE), "{}", pairings.content());
    pings_at_most(&pairings, &[ALICE, EVE]);
    let anchor = post_with(fake, from, CHANNEL_ID, "round 1: ").await;
    assert!(anchor.content().contains(EVE.name), "{}", anchor.content());
    pings_at_most(&anchor, &[]);
    let board = fake
        .wait_for(from, "the first board", |c| {
            c.method == "POST"
                && c.png().is_some()
                && c.path != format!("/channels/{CHANNEL_ID}/messages")
        })
        .await;
    assert!(board.content().contains(EVE.name), "{}", board.content());
    pings_at_most(&board, &[ALICE, EVE]);

    // A second one, cancelled: the post saying so pings nobody.
    let options = json!([
        {"name": "name", "type": 3, "value": ROLE},
        {"name": "format", "type": 4, "value": 0}
    ]);
    tournament(fake, ALICE, "create", options).await;
    let from = fake.call_count();
    let which = json!([{"name": "tournament", "type": 4, "value": 2}]);
    tournament(fake, ALICE, "cancel", which).await;
    let cancelled = post_with(fake, from, CHANNEL_ID, "was cancelled").await;
    assert!(
        cancelled.content().contains(ROLE),
        "{}",
        cancelled.content()
    );
    pings_at_most(&cancelled, &[]);
    assert_eq!(fake.mention_violations(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_bot_pings_nobody() {
    let setup = setup().await;
    let fake = &setup.fake;
    let options = [
        ("opponent", 6, json!(APP_ID)),
        ("size", 4, json!(1)),
        ("first", 4, json!(0)),
    ];
    let from = fake.call_count();
    let (id, reply) = command(fake, EVE, CHANNEL_ID, "challenge", &options, &[PONTE]).await;
    assert!(
        reply.content().contains("@everyone plays ponte"),
        "{}",
        reply.content()
    );
    pings_at_most(&reply, &[]);
    let thread = fake.original(&id).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    board_in(fake, from, &thread).await;
    // EVE resigns, confirmed by button; the final board offers the rematch.
    let (_, ask) = command(fake, EVE, &thread, "resign", &[], &[]).await;
    let confirm = ask.buttons().pop().expect("a confirm button");
    let from = fake.call_count();
    press(
        fake,
        EVE,
        &message_json("1", &thread, &ask.json["data"]),
        &confirm,
    )
    .await;
    let last = board_in(fake, from, &thread).await;
    let rematch = last
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rematch:"))
        .expect("a rematch button");
    let from = fake.call_count();
    let answered = press(fake, EVE, &message_json("2", &thread, &last.json), &rematch).await;
    pings_at_most(&answered, &[]);
    let posted = post_with(fake, from, CHANNEL_ID, "@everyone plays ponte").await;
    pings_at_most(&posted, &[]);
    assert_eq!(fake.mention_violations(), Vec::<String>::new());
    // The answer links the new game's thread, opened on that post (with the post's id).
    let opened = fake
        .wait_for(from, "the rematch's thread", |c| {
            c.method == "POST" && c.path.ends_with("/threads") && c.succeeded()
        })
        .await;
    let on = format!("/channels/{CHANNEL_ID}/messages/");
    let new_thread = opened
        .path
        .strip_prefix(&on)
        .unwrap()
        .replace("/threads", "");
    assert!(
        answered
            .content()
            .contains(&format!("game #2 starts in <#{new_thread}>")),
        "{}",
        answered.content()
    );
}
