//! A Swiss tournament of four through the fake Discord, across a restart: `/tournament create`
//! posts the sign-up message, the Join buttons fill it, `/tournament start` pairs round 1 and
//! every game opens in its own thread; after a restart the round's results (resignations
//! confirmed by button) start round 2 by themselves; `/tournament standings` shows the table
//! with the crosstable picture.

mod fake_discord;

use fake_discord::bot::{ALICE, BOB, Bot, CAROL, press, setup};
use fake_discord::{CHANNEL_ID, Call, FakeDiscord, User, message_json, slash};
use serde_json::{Value, json};

const DAVE: User = User {
    id: "4100000000000004",
    name: "dave",
};
const EVERYONE: [User; 4] = [ALICE, BOB, CAROL, DAVE];

/// `/tournament sub options` by `user`, a member who may manage the server.
async fn tournament(fake: &FakeDiscord, user: User, sub: &str, options: Value) -> (String, Call) {
    tournament_as(fake, user, sub, options, true).await
}

async fn tournament_as(
    fake: &FakeDiscord,
    user: User,
    sub: &str,
    options: Value,
    manager: bool,
) -> (String, Call) {
    let (id, mut payload) = slash(fake, user, CHANNEL_ID, "tournament", &[], &[]);
    payload["data"]["options"] = json!([{"name": sub, "type": 1, "options": options}]);
    if !manager {
        // Send messages and use commands, no more.
        payload["member"]["permissions"] = json!("2147485696");
    }
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let call = fake.callback(from, &id).await;
    (id, call)
}

/// The boards posted in game threads (not the channel) after call `from`: (thread, content).
async fn thread_boards(fake: &FakeDiscord, from: usize, count: usize) -> Vec<(String, String)> {
    let mut boards: Vec<(String, String)> = Vec::new();
    let mut after = from;
    while boards.len() < count {
        let board = fake
            .wait_for(after, "a board in a game's thread", |c| {
                c.method == "POST"
                    && c.path.starts_with("/channels/")
                    && c.path.ends_with("/messages")
                    && c.path != format!("/channels/{CHANNEL_ID}/messages")
                    && c.png().is_some()
                    && c.succeeded()
                    && !c.repeated
            })
            .await;
        after = fake
            .calls()
            .iter()
            .position(|c| c.path == board.path && c.json == board.json)
            .unwrap()
            + 1;
        let thread = board.path.split('/').nth(2).unwrap().to_string();
        if !boards.iter().any(|(t, _)| *t == thread) {
            boards.push((thread, board.content()));
        }
    }
    boards
}

/// The player named first in a board's headline ("Game #1: alice (White) vs bob (Red)…").
fn white_of(board: &str) -> User {
    let name = board.split(": ").nth(1).unwrap().split(' ').next().unwrap();
    *EVERYONE.iter().find(|u| u.name == name).unwrap()
}

fn game_of(board: &str) -> i64 {
    board
        .trim_start_matches("Game #")
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// `user` resigns `game` with the confirmation button.
async fn resign(fake: &FakeDiscord, user: User, thread: &str, game: i64) {
    let (id, mut payload) = slash(fake, user, thread, "resign", &[], &[]);
    payload["data"]["options"] = json!([{"name": "game", "type": 4, "value": game}]);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let asked = fake.callback(from, &id).await;
    let button = asked.buttons().pop().expect("a confirm button");
    let message = message_json("1", thread, &asked.json["data"]);
    press(fake, user, &message, &button).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_of_four_from_sign_up_to_standings_across_a_restart() {
    let setup = setup().await;
    let (fake, database) = (&setup.fake, &setup.database);

    // Sign-up: the message, then four Join clicks.
    let options = json!([
        {"name": "name", "type": 3, "value": "Winter Cup"},
        {"name": "format", "type": 4, "value": 2},
        {"name": "rounds", "type": 4, "value": 2}
    ]);
    let (id, created) = tournament(fake, ALICE, "create", options).await;
    assert!(
        created
            .content()
            .starts_with("**Winter Cup** (tournament #1): Swiss, 2 rounds, 12×12"),
        "{}",
        created.content()
    );
    assert!(created.content().contains("No entrants yet."));
    assert_eq!(created.buttons(), ["tjoin:1", "tleave:1"]);
    let signup = fake.original(&id).unwrap();
    for (n, user) in EVERYONE.into_iter().enumerate() {
        let update = press(fake, user, &signup, "tjoin:1").await;
        assert_eq!(update.json["type"], 7, "the sign-up message is updated");
        assert!(
            update.content().contains(&format!("Entrants ({})", n + 1)),
            "{}",
            update.content()
        );
    }

    // The start: round 1's pairings, and each game in its own thread.
    let from = fake.call_count();
    let which = json!([{"name": "tournament", "type": 4, "value": 1}]);
    let (_, refused) = tournament_as(fake, BOB, "start", which.clone(), false).await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().starts_with("Only the organiser"),
        "{}",
        refused.content()
    );
    let (_, started) = tournament(fake, ALICE, "start", which.clone()).await;
    assert!(started.is_ephemeral(), "{}", started.content());
    let pairings = fake
        .wait_for(from, "the pairings in the channel", |c| {
            c.method == "POST"
                && c.path == format!("/channels/{CHANNEL_ID}/messages")
                && c.content().contains("**Round 1 of 2**")
        })
        .await;
    assert_eq!(pairings.content().matches("opens against").count(), 2);
    // The sign-up message is closed: no more buttons.
    let closed = fake
        .wait_for(from, "the sign-up message closed", |c| {
            c.method == "PATCH" && c.content().contains("Sign-up is closed.")
        })
        .await;
    assert!(closed.buttons().is_empty());
    let round_one = thread_boards(fake, from, 2).await;

    // A restart in the middle of round 1.
    setup.bot.stop().await;
    let bot = Bot::start(fake, database).await;

    // The round's results start round 2 by themselves, in new threads.
    let from = fake.call_count();
    for (thread, board) in &round_one {
        resign(fake, white_of(board), thread, game_of(board)).await;
    }
    let round_two = thread_boards(fake, from, 4).await;
    let new: Vec<i64> = round_two
        .iter()
        .filter(|(t, _)| !round_one.iter().any(|(r, _)| r == t))
        .map(|(_, board)| game_of(board))
        .collect();
    let mut new = new;
    new.sort_unstable();
    assert_eq!(new, [3, 4], "round 2's games");

    // Each result brings the standings message up to date: posted once, then edited.
    let edit = fake
        .wait_for(0, "the standings message edited", |c| {
            c.method == "PATCH" && c.content().contains(", standings ")
        })
        .await;
    assert!(edit.png().is_some(), "with the crosstable");
    let standings_posts = fake
        .calls()
        .iter()
        .filter(|c| {
            c.method == "POST"
                && c.path == format!("/channels/{CHANNEL_ID}/messages")
                && c.content().contains(", standings ")
        })
        .count();
    assert_eq!(standings_posts, 1);

    // Round 2 ends: the final standings and the winner.
    let from = fake.call_count();
    for (thread, board) in round_two
        .iter()
        .filter(|(t, _)| !round_one.iter().any(|(r, _)| r == t))
    {
        resign(fake, white_of(board), thread, game_of(board)).await;
    }
    let last = fake
        .wait_for(from, "the final standings", |c| {
            c.method == "POST" && c.content().contains("wins the tournament!")
        })
        .await;
    assert!(last.png().is_some());
    let (_, standings_now) = tournament(fake, CAROL, "standings", which.clone()).await;
    assert!(standings_now.content().contains("wins the tournament!"));
    // The winner is announced once: a standings item delivered after the end only edits.
    let finals = fake
        .calls()
        .iter()
        .filter(|c| {
            c.method == "POST"
                && c.path == format!("/channels/{CHANNEL_ID}/messages")
                && c.content().contains("wins the tournament!")
        })
        .count();
    assert_eq!(finals, 1);
    let (_, standings) = tournament(
        fake,
        CAROL,
        "standings",
        json!([{"name": "tournament", "type": 4, "value": 1}]),
    )
    .await;
    assert!(
        standings
            .content()
            .contains("**Winter Cup**, standings after round 2 of 2:"),
        "{}",
        standings.content()
    );
    assert!(standings.png().is_some(), "the crosstable picture");
    bot.stop().await;
}

/// Refusals of `/tournament withdraw` and `/tournament cancel` reach their author alone: the
/// answer is deferred privately, and nothing of it is posted in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_of_withdraw_and_cancel_are_private() {
    let setup = setup().await;
    let fake = &setup.fake;
    let options = json!([
        {"name": "name", "type": 3, "value": "Spring Cup"},
        {"name": "format", "type": 4, "value": 1}
    ]);
    tournament(fake, ALICE, "create", options).await;
    let which = json!([{"name": "tournament", "type": 4, "value": 1}]);
    for (sub, refusal) in [
        (
            "cancel",
            "Only the organiser, or a member who can manage this server",
        ),
        ("withdraw", "You are not in tournament #1"),
    ] {
        let from = fake.call_count();
        let (id, deferred) = tournament_as(fake, BOB, sub, which.clone(), false).await;
        assert!(deferred.is_ephemeral(), "{sub}: {}", deferred.json);
        let token = format!("token-{id}");
        let answer = fake
            .wait_for(from, "the refusal", |c| {
                c.path.contains(&token) && c.content().contains(refusal)
            })
            .await;
        assert!(
            answer.path.starts_with("/webhooks/"),
            "{sub}: {}",
            answer.path
        );
        let public = fake.calls().into_iter().skip(from).any(|c| {
            c.path == format!("/channels/{CHANNEL_ID}/messages") && c.content().contains(refusal)
        });
        assert!(!public, "{sub}: the refusal was posted in the channel");
    }
}

/// A round robin of four starts all its games at once: every round's pairings are posted, and
/// each game's thread opens with a board that mentions (and pings) both its players, so nobody
/// misses a game of round 2 or 3.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_player_of_a_round_robin_is_told_of_every_game() {
    let setup = setup().await;
    let fake = &setup.fake;
    let options = json!([
        {"name": "name", "type": 3, "value": "Club"},
        {"name": "format", "type": 4, "value": 0}
    ]);
    let (id, _) = tournament(fake, ALICE, "create", options).await;
    let signup = fake.original(&id).unwrap();
    for user in EVERYONE {
        press(fake, user, &signup, "tjoin:1").await;
    }
    let from = fake.call_count();
    let which = json!([{"name": "tournament", "type": 4, "value": 1}]);
    tournament(fake, ALICE, "start", which).await;
    for round in 1..=3 {
        let heading = format!("**Round {round} of 3**");
        let posted = fake
            .wait_for(from, &heading, |c| {
                c.method == "POST"
                    && c.path == format!("/channels/{CHANNEL_ID}/messages")
                    && c.content().contains(&heading)
            })
            .await;
        assert_eq!(posted.content().matches("opens against").count(), 2);
    }
    let boards = thread_boards(fake, from, 6).await;
    let mut told = Vec::new();
    for (thread, board) in &boards {
        let first = fake
            .calls()
            .into_iter()
            .find(|c| c.path == format!("/channels/{thread}/messages") && c.png().is_some())
            .unwrap();
        let mentioned: Vec<&User> = EVERYONE
            .iter()
            .filter(|u| first.content().contains(&format!("<@{}>", u.id)))
            .collect();
        assert_eq!(mentioned.len(), 2, "both players of {board}");
        let users = first.json["allowed_mentions"]["users"].clone();
        for user in &mentioned {
            assert!(
                users.to_string().contains(user.id),
                "{user:?} pinged: {users}"
            );
        }
        told.extend(mentioned.iter().map(|u| u.name));
    }
    told.sort_unstable();
    // Each of the four plays three games, and is told of each.
    let expected: Vec<&str> = ["alice", "bob", "carol", "dave"]
        .into_iter()
        .flat_map(|n| [n; 3])
        .collect();
    assert_eq!(told, expected);
}
