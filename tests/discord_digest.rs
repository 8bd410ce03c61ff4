//! The daily digest through the fake Discord: `/notify reminders:daily digest` with an hour and
//! a time zone; when the hour comes (the bot started again with its clock an hour on), bob gets
//! one direct message listing the game that waits for him, even though the first attempt to
//! send it fails; it is not sent again at the next start the same day. Started again after
//! both a deadline and the digest's hour passed, the bot announces the loss on time first and
//! the digest leaves that game out.

mod fake_discord;

use std::time::Duration;

use fake_discord::bot::{
    ALICE, BOB, Bot, command, digest_options, opened_game, place, setup, start_game,
};
use fake_discord::{CHANNEL_ID, slash};
use serde_json::json;

/// The messages in bob's direct-message channel that are digests.
fn digests(fake: &fake_discord::FakeDiscord) -> Vec<String> {
    fake.messages_in(&format!("9{}", BOB.id))
        .iter()
        .map(|m| m["content"].as_str().unwrap_or("").to_string())
        .filter(|text| text.starts_with("Your daily digest"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_digest_comes_once_at_the_players_hour_despite_a_failure() {
    let (fake, _dir, database, bot) = setup().await.parts();
    // Two games; bob is to move in the second only.
    start_game(&fake, &[]).await;
    let thread = opened_game(&fake, &[]).await;
    // `/games` lists the game waiting for bob first.
    let (_, games) = command(&fake, BOB, CHANNEL_ID, "games", &[], &[]).await;
    let lines: Vec<String> = games.content().lines().map(str::to_string).collect();
    assert!(
        lines[0].starts_with("#2:") && lines[1].starts_with("#1:"),
        "{lines:?}"
    );
    // Bob asks for his digest at the next whole hour, UTC.
    let (options, hour) = digest_options(1);
    let (_, said) = command(&fake, BOB, CHANNEL_ID, "notify", &options, &[]).await;
    assert!(said.is_ephemeral());
    assert_eq!(
        said.content(),
        format!(
            "Every day at {hour}:00 (UTC) I will send you one direct message listing the games \
             where it is your turn, and nothing on a day when none waits. Reminders still \
             appear in the games' threads."
        )
    );
    // Without a zone, refused.
    let (id, payload) = slash(&fake, BOB, CHANNEL_ID, "notify", &options[..2], &[]);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let refused = fake.callback(from, &id).await;
    assert!(
        refused.content().starts_with("Tell me your time zone"),
        "{}",
        refused.content()
    );
    bot.stop().await;
    assert!(digests(&fake).is_empty());

    // The hour has come; the first direct message goes through but its answer is lost, so
    // the bot sees a failure and tries again: Discord drops the second post by its nonce.
    fake.lose_answers(&format!("9{}", BOB.id), 1);
    let bot = Bot::start_later(&fake, &database, 3600 + 60).await;
    let dm_posts = |status: Option<u16>| {
        (fake.calls().iter())
            .filter(|c| c.path == format!("/channels/9{}/messages", BOB.id))
            .filter(|c| status.is_none_or(|s| c.status == s))
            .count()
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while dm_posts(Some(200)) == 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no digest was posted again"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(dm_posts(Some(500)), 1, "the first attempt failed");
    assert_eq!(dm_posts(None), 2, "and was tried again");
    let sent = digests(&fake);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0].starts_with(
            "Your daily digest: 1 game waits for your move.\n#2 against alice, move 2"
        ),
        "{}",
        sent[0]
    );
    assert!(
        sent[0].contains(&format!("/{thread}")),
        "a link to the thread: {}",
        sent[0]
    );
    bot.stop().await;

    // Started again later that hour: no second digest.
    let bot = Bot::start_later(&fake, &database, 3600 + 120).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(digests(&fake).len(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_stop_across_a_deadline_and_the_digest_hour_the_loss_comes_before_the_digest() {
    let (fake, _dir, database, bot) = setup().await.parts();
    // Bob is to move in two games: #1 with an hour a move, #2 with three days.
    let (hourly, _) = start_game(&fake, &[("time", 4, json!(1))]).await;
    let (daily, _) = start_game(&fake, &[]).await;
    for thread in [&hourly, &daily] {
        place(&fake, ALICE, thread, "c3 d4").await;
    }
    // His digest comes in one to two hours, UTC; his hour runs out in one.
    let (options, _) = digest_options(2);
    command(&fake, BOB, CHANNEL_ID, "notify", &options, &[]).await;
    bot.stop().await;

    // Started again three hours later: both have passed.
    let from = fake.call_count();
    let bot = Bot::start_later(&fake, &database, 3 * 3600).await;
    let dm = format!("/channels/9{}/messages", BOB.id);
    fake.wait_for(from, "the digest", |c| c.path == dm).await;
    let calls = fake.calls();
    let position = |what: &dyn Fn(&fake_discord::Call) -> bool| {
        calls[from..].iter().position(what).map(|i| i + from)
    };
    let lost = position(&|c| {
        c.path == format!("/channels/{hourly}/messages") && c.content().contains("ran out of time")
    })
    .expect("the loss on time is announced before the digest");
    let digest = position(&|c| c.path == dm).unwrap();
    assert!(
        lost < digest,
        "the loss ({lost}) comes before the digest ({digest})"
    );
    let sent = digests(&fake);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0].starts_with(
            "Your daily digest: 1 game waits for your move.\n#2 against alice, move 2"
        ),
        "only the game still going: {}",
        sent[0]
    );
    bot.stop().await;
}
