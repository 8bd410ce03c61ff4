//! `/hint` in a game against the bot: deferred privately, answered to its author alone with the
//! board after the suggested move (a PNG) and one line of why, counted on the game, and the
//! count said in the final announcement; refused privately, with the reason, to someone not
//! playing and in a rated game between people. The real bot against the fake Discord.

mod fake_discord;

use fake_discord::bot::{
    ALICE, BOB, challenge_the_bot, confirm_resign, not_in_a_channel, setup, start_game, stored,
};
use fake_discord::{Call, FakeDiscord, User, slash};
use serde_json::json;

/// Alice challenges the bot at `easy` on 10×10 and opens; returns the game's thread, once its
/// first board is there.
async fn against_the_bot(fake: &FakeDiscord) -> String {
    let options = [
        ("size", 4, json!(1)),
        ("level", 4, json!(0)),
        ("first", 4, json!(0)),
    ];
    challenge_the_bot(fake, &options).await.0
}

/// `/hint` by `user` in `channel`: the first answer must be private (a deferral or the words
/// themselves); returns the words that follow, with their attachment.
async fn hint(fake: &FakeDiscord, user: User, channel: &str) -> Call {
    let from = fake.call_count();
    let (id, payload) = slash(fake, user, channel, "hint", &[], &[]);
    fake.dispatch("INTERACTION_CREATE", payload);
    let first = fake.callback(from, &id).await;
    assert!(first.is_ephemeral(), "{}", first.json);
    if !first.content().is_empty() {
        return first;
    }
    let token = format!("token-{id}");
    fake.wait_for(from, "the hint's answer", |c| {
        c.path.contains(&token) && !c.content().is_empty()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_against_the_bot_is_private_with_a_board_and_counted_in_the_result() {
    let (fake, _dir, database, _bot) = setup().await.parts();
    let thread = against_the_bot(&fake).await;

    let from = fake.call_count();
    let answer = hint(&fake, ALICE, &thread).await;
    assert!(
        answer.content().starts_with("💡 Hint for game #1: "),
        "{}",
        answer.content()
    );
    assert!(
        answer.content().contains("this is hint 1 in this game"),
        "{}",
        answer.content()
    );
    let png = answer.png().expect("the board after the suggested move");
    assert!(png.starts_with(b"\x89PNG"));
    not_in_a_channel(&fake, from, "Hint for game");
    let game = stored(&database, 1).await;
    assert_eq!(
        (game.hints, game.game.plies()),
        (1, 0),
        "counted, nothing played"
    );

    // Someone not playing is refused, privately, and nothing is counted.
    let from = fake.call_count();
    let refused = hint(&fake, BOB, &thread).await;
    assert!(
        refused
            .content()
            .starts_with("You are not playing in game #1"),
        "{}",
        refused.content()
    );
    assert!(refused.png().is_none());
    not_in_a_channel(&fake, from, "not playing");

    // In a rated game between people: refused with the reason.
    let (people, _) = start_game(&fake, &[]).await;
    let from = fake.call_count();
    let refused = hint(&fake, ALICE, &people).await;
    assert!(
        refused.content().starts_with("Game #2 is rated"),
        "{}",
        refused.content()
    );
    not_in_a_channel(&fake, from, "is rated");
    assert_eq!(stored(&database, 2).await.hints, 0);
    assert_eq!(stored(&database, 1).await.hints, 1);

    // The final announcement says how many hints were taken.
    let (from, _) = confirm_resign(&fake, &thread).await;
    let last = fake
        .wait_for(from, "the final board", |c| {
            c.method == "POST"
                && c.path == format!("/channels/{thread}/messages")
                && c.content().contains("Game over")
        })
        .await;
    assert!(
        last.content().contains("💡 1 hint taken"),
        "{}",
        last.content()
    );
}
