//! Every refusal goes to its author alone: one refusal of each command and button that takes a
//! moment (and may defer its answer) or reads a game by number, through the fake Discord. A
//! refusal shown in the channel would tell everyone of someone's mistake.

mod fake_discord;

use fake_discord::bot::{ALICE, BOB, CAROL, Setup, resigned_game, setup};
use fake_discord::{FakeDiscord, User, click, message_json, slash, user_json};
use serde_json::{Value, json};

/// Sends `payload` (interaction `id`) and checks that its answer, `refusal`, reached its
/// author alone: an ephemeral response, or a private deferral followed by the words on the
/// interaction's webhook; and that nothing saying it was posted in a channel.
async fn refused_privately(fake: &FakeDiscord, id: &str, payload: Value, refusal: &str) {
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let first = fake.callback(from, id).await;
    assert!(first.is_ephemeral(), "{refusal}: {}", first.json);
    let answer = if first.content().is_empty() {
        let token = format!("token-{id}");
        fake.wait_for(from, refusal, |c| {
            c.path.contains(&token) && !c.content().is_empty()
        })
        .await
    } else {
        first
    };
    assert!(
        answer.content().starts_with(refusal),
        "wanted {refusal:?}, got {:?}",
        answer.content()
    );
    let public = fake
        .calls()
        .into_iter()
        .skip(from)
        .filter(|c| c.path.starts_with("/channels/"))
        .map(|c| c.content())
        .find(|text| text.contains(refusal));
    assert_eq!(public, None, "{refusal}: posted in a channel");
}

/// The interaction of `user` sent from a direct message with the bot, not from a server.
fn in_direct_message(mut payload: Value, user: User) -> Value {
    let object = payload.as_object_mut().unwrap();
    for server_only in ["guild_id", "member", "guild_locale"] {
        object.remove(server_only);
    }
    object.insert("user".into(), user_json(user));
    object.insert("context".into(), json!(1));
    object.insert(
        "authorizing_integration_owners".into(),
        json!({"1": user.id}),
    );
    payload
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_of_a_command_or_button_that_takes_time_is_private() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, last_board) = resigned_game(&fake).await;
    let no_game = [("game", 4, json!(99))];
    for name in ["replay", "analyse", "abort"] {
        let (id, payload) = slash(&fake, BOB, &thread, name, &no_game, &[]);
        refused_privately(&fake, &id, payload, "There is no game #99").await;
    }
    // A number no game can have is no game either.
    let (id, payload) = slash(
        &fake,
        BOB,
        &thread,
        "replay",
        &[("game", 4, json!(-5))],
        &[],
    );
    refused_privately(&fake, &id, payload, "There is no game #-5").await;
    // An outsider calls off a game that is over.
    let (id, payload) = slash(&fake, CAROL, &thread, "abort", &[], &[]);
    refused_privately(&fake, &id, payload, "Game #1 is over").await;
    for name in ["leaderboard", "stats"] {
        let (id, payload) = slash(&fake, ALICE, "555", name, &[], &[]);
        let payload = in_direct_message(payload, ALICE);
        refused_privately(&fake, &id, payload, "Games are played in a server channel").await;
    }
    for sub in ["start", "standings", "pairings", "withdraw", "cancel"] {
        let (id, mut payload) = slash(&fake, BOB, &thread, "tournament", &[], &[]);
        payload["data"]["options"] = json!([{
            "name": sub,
            "type": 1,
            "options": [{"name": "tournament", "type": 4, "value": 99}]
        }]);
        refused_privately(&fake, &id, payload, "There is no tournament #99").await;
    }
    let (id, mut payload) = slash(&fake, BOB, &thread, "tournament", &[], &[]);
    payload["data"]["options"] = json!([{
        "name": "standings",
        "type": 1,
        "options": [{"name": "tournament", "type": 4, "value": 0}]
    }]);
    refused_privately(&fake, &id, payload, "There is no tournament #0").await;
    let board = message_json("77", &thread, &last_board.json);
    for (clicker, button, refusal) in [
        (
            CAROL,
            "rematch:1",
            "Rematches are for the two players of game #1",
        ),
        (BOB, "replay:99", "There is no game #99"),
        (BOB, "analyse:99", "There is no game #99"),
        (CAROL, "export:99", "There is no game #99"),
    ] {
        let (id, payload) = click(&fake, clicker, &board, button);
        refused_privately(&fake, &id, payload, refusal).await;
    }
    bot.stop().await;
}
