//! A move made on the bot's web board owes the game's thread its board, as a `/place` does,
//! and that promise survives the bot: killed (SIGKILL) after the move was saved and before its
//! board was posted, the bot posts it once at its next start, with the mention of the player
//! to move. The real bot against the fake Discord; the move sent over HTTP as the page sends it.

mod fake_discord;

use fake_discord::FakeDiscord;
use fake_discord::bot::{BOB, Bot, board_in, place, start_game};
use fake_discord::web::{borrowed, log_in, open_board, request, setup_with_web};
use serde_json::json;

/// The messages in `channel` whose text contains `words`.
fn posted(fake: &FakeDiscord, channel: &str, words: &str) -> usize {
    fake.messages_in(channel)
        .iter()
        .filter(|m| m["content"].as_str().unwrap_or("").contains(words))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_web_move_whose_bot_was_killed_before_posting_is_posted_once_after_restart() {
    let (setup, url, env) = setup_with_web().await;
    let (fake, _dir, database, bot) = setup.parts();
    let (thread, _) = start_game(&fake, &[]).await;
    let link = open_board(&fake, fake_discord::bot::ALICE, &thread).await;
    let (cookie, page) = log_in(&url, &link).await;
    let game = request(
        &url,
        "GET",
        &format!("/api/games/{page}"),
        Some(&cookie),
        None,
    )
    .await;
    assert_eq!(game.status, 200, "{}", game.body);
    let version = game.json()["version"].clone();

    // Discord is down when the move is saved, and the bot is killed before it could post.
    fake.fail_posts(&thread, usize::MAX);
    let from = fake.call_count();
    let mv = json!({ "move": "c3 d4", "version": version });
    let moves = format!("/api/games/{page}/moves");
    let played = request(&url, "POST", &moves, Some(&cookie), Some(&mv)).await;
    assert_eq!(played.status, 200, "{}", played.body);
    fake.wait_for(from, "a failed attempt to post the board", |c| {
        c.method == "POST" && c.path == format!("/channels/{thread}/messages")
    })
    .await;
    bot.stop().await;
    assert_eq!(
        posted(&fake, &thread, "placed `c3 d4`"),
        0,
        "nothing got out"
    );
    fake.fail_posts(&thread, 0);

    let from = fake.call_count();
    let bot = Bot::start_with(&fake, &database, &borrowed(&env)).await;
    let board = board_in(&fake, from, &thread).await;
    assert!(
        board.content().contains("placed `c3 d4`"),
        "{}",
        board.content()
    );
    assert!(
        board
            .content()
            .contains(&format!("<@{}>, your choice", BOB.id)),
        "{}",
        board.content()
    );
    assert_eq!(posted(&fake, &thread, "placed `c3 d4`"), 1);
    // The game goes on from Discord, and the web move's board stays the one.
    let (_, next) = place(&fake, BOB, &thread, "e5 e6").await;
    assert!(
        next.content().contains("placed `e5 e6`"),
        "{}",
        next.content()
    );
    assert_eq!(posted(&fake, &thread, "placed `c3 d4`"), 1);
    bot.stop().await;
}
