//! `/learn`: each lesson privately with its board as a PNG, its words and (for a choice) its
//! buttons; a wrong button answer gets the reason, a right one moves on; `/learn` again resumes
//! where the learner stopped; a move task answered with `/place` outside any game; after the
//! last lesson, one button starts an unrated game against the bot at easy; a double click on a
//! right answer moves the learner on once and the other reply names the lesson they are at
//! now. The real bot against the fake Discord.

mod fake_discord;

use fake_discord::bot::{
    ALICE, Setup, board_in, click_on, double_click, private_command, private_message, setup, stored,
};
use fake_discord::{CHANNEL_ID, Call, FakeDiscord};
use serde_json::json;

/// `/name` by alice: its private answer.
async fn run(fake: &FakeDiscord, name: &str, options: &[fake_discord::Opt]) -> Call {
    private_command(fake, ALICE, name, options).await
}

fn says(call: &Call, words: &str) {
    assert!(
        call.content().contains(words),
        "{words:?} not in {}",
        call.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lessons_are_private_judged_resumable_and_end_with_a_game_against_the_bot() {
    let (fake, _dir, database, _bot) = setup().await.parts();

    // The first lesson, privately, with its board.
    let first = run(&fake, "learn", &[]).await;
    says(&first, "Lesson 1 of 8 — Placing tiles");
    says(&first, "/place");
    assert!(first.png().expect("the board").starts_with(b"\x89PNG"));
    assert!(first.buttons().is_empty());

    // A move task answered with /place outside any game: the engine's refusal, then right.
    // Each answer first says which lesson it answered, for a player who meant a game.
    let here = "Lesson 1: you have no game here, so your move answered your lesson";
    let wrong = run(&fake, "place", &[("first", 3, json!("c3 c3"))]).await;
    assert!(wrong.content().starts_with(here), "{}", wrong.content());
    says(
        &wrong,
        "That move is not allowed: the two tiles must go on two different cells",
    );
    says(&wrong, "Try again");
    let right = run(&fake, "place", &[("first", 3, json!("c3 d4"))]).await;
    assert!(right.content().starts_with(here), "{}", right.content());
    says(&right, "✅ Right!");
    says(&right, "Lesson 2 of 8 — Islands");
    assert!(
        right
            .png()
            .expect("the board after")
            .starts_with(b"\x89PNG")
    );

    // A choice lesson: a wrong button gets the reason, /learn resumes, a right one moves on.
    let third = run(&fake, "learn", &[("lesson", 4, json!(3))]).await;
    says(&third, "Lesson 3 of 8");
    let buttons = third.buttons();
    assert_eq!(buttons, ["lesson:3:0", "lesson:3:1", "lesson:3:2"]);
    let wrong = click_on(&fake, ALICE, &third, &buttons[0]).await;
    says(&wrong, "e2 e3 is a legal move here.");
    let resumed = run(&fake, "learn", &[]).await;
    says(&resumed, "Lesson 3 of 8 — The distance rule");
    let right = click_on(&fake, ALICE, &resumed, &buttons[1]).await;
    says(&right, "✅ Right! That move is not allowed: the island");
    says(&right, "Lesson 4 of 8 — Bridges");
    let stale = click_on(&fake, ALICE, &third, &buttons[1]).await;
    says(&stale, "answered already");

    // The last lesson, then a first game against the bot at easy, on 8×8, in its own thread
    // (opened on the game's announcement in the channel), which the note links.
    let last = run(&fake, "learn", &[("lesson", 4, json!(8))]).await;
    let done = click_on(&fake, ALICE, &last, "lesson:8:1").await;
    says(&done, "all 8 lessons");
    says(&done, "on an 8×8 board");
    assert_eq!(done.buttons(), ["lessonbot", "lessonagain"]);
    let from = fake.call_count();
    let started = click_on(&fake, ALICE, &done, "lessonbot").await;
    let opened = fake
        .wait_for(from, "the game's thread", |c| {
            c.method == "POST" && c.path.ends_with("/threads") && c.succeeded()
        })
        .await;
    // Discord gives a thread opened on a message the message's id.
    let on = format!("/channels/{CHANNEL_ID}/messages/");
    let thread = opened
        .path
        .strip_prefix(&on)
        .unwrap()
        .replace("/threads", "");
    let board = board_in(&fake, from, &thread).await;
    says(&board, "alice");
    says(
        &started,
        &format!("Your game #1 against the bot at easy, on 8×8, starts in <#{thread}>"),
    );
    let game = stored(&database, 1).await;
    assert!(
        game.ai.is_some() && !game.rated,
        "an unrated game against the bot"
    );
    assert_eq!(game.game.variant().size(), 8);
    assert_eq!(game.thread_id.map(|t| t.to_string()), Some(thread));
    assert_eq!(fake.answered_twice(), Vec::<String>::new());
}

/// A right answer clicked twice at once (a double click): the learner moves on once, and the
/// other click is told the lesson they are at now.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_click_moves_the_learner_on_once_and_the_other_names_where_they_are() {
    let Setup {
        fake,
        _dir,
        bot: _bot,
        ..
    } = setup().await;
    let third = run(&fake, "learn", &[("lesson", 4, json!(3))]).await;
    let replies = double_click(&fake, &private_message(&third), "lesson:3:1").await;
    let texts: Vec<String> = replies.iter().map(Call::content).collect();
    let right = texts.iter().filter(|t| t.contains("✅ Right!")).count();
    assert_eq!(right, 1, "moved on once: {texts:#?}");
    assert!(
        texts
            .iter()
            .any(|t| t.contains("answered already: you are at lesson 4 now")),
        "{texts:#?}"
    );
    let resumed = run(&fake, "learn", &[]).await;
    says(&resumed, "Lesson 4 of 8");
}
