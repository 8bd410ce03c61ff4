//! Every refusal goes to its author alone: one refusal of each command and button that takes a
//! moment (and may defer its answer) or reads a game by number, through the fake Discord. A
//! refusal shown in the channel would tell everyone of someone's mistake.

mod fake_discord;

use fake_discord::bot::{
    ALICE, BOB, CAROL, Setup, answer_to, board_in, challenge_bob, not_in_a_channel, place,
    resigned_game, setup,
};
use fake_discord::{CHANNEL_ID, FakeDiscord, User, click, message_json, slash, user_json};
use serde_json::{Value, json};

/// Sends `payload` (interaction `id`) and checks that its answer, `refusal`, reached its
/// author alone and once: an ephemeral response, or a private deferral whose words follow on
/// the interaction's webhook (never a second first answer, which Discord refuses); and that
/// nothing saying it was posted in a channel.
async fn refused_privately(fake: &FakeDiscord, id: &str, payload: Value, refusal: &str) {
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let answer = answer_to(fake, from, id, refusal).await;
    assert!(
        answer.content().starts_with(refusal),
        "wanted {refusal:?}, got {:?}",
        answer.content()
    );
    assert_eq!(fake.answered_twice(), Vec::<String>::new(), "{refusal}");
    not_in_a_channel(fake, from, refusal);
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

/// Every way a click is refused is answered once, privately, in words the clicker sees: as
/// the click's first answer, or after a deferral by editing it (Discord refuses a second first
/// answer, and its words would be lost). A click on someone else's challenge, a button the bot
/// never made, a swap or a keep by the wrong player or from an old board, a resignation by an
/// outsider, a lesson's choice answered already, a puzzle or a tournament that is not there,
/// the game against the bot from a direct message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refused_click_is_answered_once_where_the_clicker_sees_it() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (id, offered) = challenge_bob(&fake, &[]).await;
    let message = fake.original(&id).expect("the challenge message");
    let of_challenge = |verb: &str| {
        let button = offered.buttons().into_iter().find(|b| b.starts_with(verb));
        button.unwrap_or_else(|| format!("{verb}1"))
    };
    for (clicker, button, refusal) in [
        (CAROL, of_challenge("accept:"), "This challenge is for bob"),
        (CAROL, of_challenge("decline:"), "This challenge is for bob"),
        (BOB, of_challenge("cancel:"), "Only alice can cancel"),
        (
            CAROL,
            "frobnicate:1".into(),
            "This button is no longer valid",
        ),
        (CAROL, "tjoin:99".into(), "There is no tournament #99"),
        (CAROL, "pzsolve:99".into(), "There is no puzzle #99"),
        (CAROL, "pzanswer:99:0".into(), "There is no puzzle #99"),
    ] {
        let (id, payload) = click(&fake, clicker, &message, &button);
        refused_privately(&fake, &id, payload, refusal).await;
    }

    // Bob accepts; alice opens; the swap and keep are bob's alone, and of this board only.
    let from = fake.call_count();
    let (id, payload) = click(&fake, BOB, &message, &of_challenge("accept:"));
    fake.dispatch("INTERACTION_CREATE", payload);
    assert_eq!(fake.callback(from, &id).await.json["type"], 7);
    let thread = message["id"].as_str().unwrap().to_string();
    board_in(&fake, from, &thread).await;
    let (_, board) = place(&fake, ALICE, &thread, "c3 d4").await;
    let buttons = board.buttons();
    let swap = buttons.iter().find(|b| b.starts_with("swap:")).unwrap();
    let keep = buttons.iter().find(|b| b.starts_with("keep:")).unwrap();
    let (_, version) = swap.rsplit_once(':').unwrap();
    let old_swap = format!("swap:1:{}", version.parse::<i64>().unwrap() - 1);
    let board = message_json("78", &thread, &board.json);
    for (clicker, button, refusal) in [
        (ALICE, swap.as_str(), "It is not your turn"),
        (CAROL, keep.as_str(), "You are not playing in game #1"),
        (BOB, old_swap.as_str(), "The position changed"),
        (CAROL, "resign:1", "You are not playing in game #1"),
    ] {
        let (id, payload) = click(&fake, clicker, &board, button);
        refused_privately(&fake, &id, payload, refusal).await;
    }

    // A lesson's choice answered already (the click is deferred: the boards are drawn).
    let from = fake.call_count();
    let lesson = [("lesson", 4, json!(3))];
    let (id, payload) = slash(&fake, ALICE, CHANNEL_ID, "learn", &lesson, &[]);
    fake.dispatch("INTERACTION_CREATE", payload);
    let shown = answer_to(&fake, from, &id, "lesson 3").await;
    let body = shown.json.get("data").unwrap_or(&shown.json);
    let lesson = message_json(
        "79",
        CHANNEL_ID,
        &json!({"content": body["content"], "flags": 64}),
    );
    let from = fake.call_count();
    let (id, payload) = click(&fake, ALICE, &lesson, "lesson:3:1");
    fake.dispatch("INTERACTION_CREATE", payload);
    answer_to(&fake, from, &id, "the right answer").await;
    let (id, payload) = click(&fake, ALICE, &lesson, "lesson:3:1");
    refused_privately(&fake, &id, payload, "That lesson is answered already").await;

    // The game against the bot is played in a server.
    let (id, payload) = click(&fake, ALICE, &lesson, "lessonbot");
    let payload = in_direct_message(payload, ALICE);
    refused_privately(
        &fake,
        &id,
        payload,
        "Games are played in a server's channels",
    )
    .await;
    bot.stop().await;
}
