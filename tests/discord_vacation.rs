//! `/vacation` and `/settings vacations` through the fake Discord: the answers private and in
//! the player's language, the opponent's board and `/games` saying "on vacation until", the
//! commands registered with their German and French names.

mod fake_discord;

use fake_discord::bot::{
    ALICE, BOB, Setup, challenge_bob, command, place, registered_commands, setup, start_game,
};
use fake_discord::{CHANNEL_ID, slash};
use serde_json::json;

/// `/vacation SUB` (with `options`) by `user`, in `locale`: its private answer.
async fn vacation(
    fake: &fake_discord::FakeDiscord,
    user: fake_discord::User,
    sub: &str,
    options: serde_json::Value,
    locale: &str,
) -> String {
    let from = fake.call_count();
    let (id, mut payload) = slash(fake, user, CHANNEL_ID, "vacation", &[], &[]);
    payload["data"]["options"] = json!([{"name": sub, "type": 1, "options": options}]);
    payload["locale"] = json!(locale);
    fake.dispatch("INTERACTION_CREATE", payload);
    let answer = fake.callback(from, &id).await;
    assert!(answer.is_ephemeral(), "{sub}: {}", answer.content());
    answer.content()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_on_vacation_and_what_the_others_see() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let vacation_command = registered_commands(&fake)
        .into_iter()
        .find(|c| c["name"] == "vacation")
        .unwrap();
    assert_eq!(vacation_command["name_localizations"]["de"], "urlaub");
    assert_eq!(vacation_command["name_localizations"]["fr"], "vacances");

    let (thread, _) = start_game(&fake, &[]).await;
    let days = json!([{"name": "days", "type": 4, "value": 3}]);
    let started = vacation(&fake, BOB, "start", days.clone(), "en-US").await;
    assert!(
        started.starts_with("You are on vacation until <t:") && started.contains("27 days left"),
        "{started}"
    );
    // A challenge to bob says he is away, for the challenger to know before waiting.
    let (_, challenge) = challenge_bob(&fake, &[]).await;
    assert!(
        challenge.content().contains("bob is on vacation until <t:"),
        "{}",
        challenge.content()
    );
    // Alice moves: the board says bob's clock stands still, with no deadline.
    let (_, board) = place(&fake, ALICE, &thread, "c3 d4").await;
    assert!(
        board.content().contains("bob is on vacation until <t:"),
        "{}",
        board.content()
    );
    assert!(!board.content().contains(":R>"), "{}", board.content());
    let (_, games) = command(&fake, ALICE, CHANNEL_ID, "games", &[], &[]).await;
    assert!(
        games.content().contains("bob is on vacation until"),
        "{}",
        games.content()
    );

    // Refusals, private and in the asker's language; nothing changes.
    let again = vacation(&fake, BOB, "start", days.clone(), "de").await;
    assert!(again.starts_with("Du bist schon bis "), "{again}");
    let status = vacation(&fake, BOB, "status", json!([]), "fr").await;
    assert!(
        status.starts_with("Tu es en vacances jusqu’au <t:"),
        "{status}"
    );
    let back = vacation(&fake, BOB, "end", json!([]), "en-US").await;
    assert!(back.starts_with("Welcome back"), "{back}");
    let not_away = vacation(&fake, BOB, "end", json!([]), "en-US").await;
    assert_eq!(not_away, "You are not on vacation.");
    // Back the same day: the day begun counts, 29 are left.
    let too_many = json!([{"name": "days", "type": 4, "value": 30}]);
    let refused = vacation(&fake, BOB, "start", too_many, "en-US").await;
    assert_eq!(
        refused,
        "Ask for 1 to 29 days: that is what you have left this year."
    );

    // A manager turns vacations off.
    let from = fake.call_count();
    let (id, mut payload) = slash(&fake, ALICE, CHANNEL_ID, "settings", &[], &[]);
    payload["data"]["options"] = json!([{"name": "vacations", "type": 1,
        "options": [{"name": "days", "type": 4, "value": 0}]}]);
    fake.dispatch("INTERACTION_CREATE", payload);
    let said = fake.callback(from, &id).await;
    assert_eq!(
        said.content(),
        "Vacations are off in this server from now on."
    );
    let off = vacation(&fake, BOB, "start", days, "en-US").await;
    assert_eq!(off, "Vacations are off in this server.");
    bot.stop().await;
}
