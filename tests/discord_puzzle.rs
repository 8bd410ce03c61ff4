//! `/puzzle`: answered privately with the position as a PNG and one button per choice; a wrong
//! and a right answer by button, each private, with the accepted moves, the best move on a
//! board, the line of why and the rating change; a second answer to the same puzzle changes
//! nothing, and a double click's other reply says the rating the first made. The daily
//! puzzle: set with `/settings puzzle-channel`, posted once a day with a Solve button that
//! opens it privately, the next day's post counting the solvers. The real bot against the
//! fake Discord, its puzzles written by a second process.

mod common;
mod fake_discord;

use fake_discord::bot::{
    ALICE, BOB, Bot, click_on, double_click, private_command, private_message, setup,
};
use fake_discord::{CHANNEL_ID, Call, FakeDiscord, GUILD_ID, User, slash};
use ponte::ids::{GuildId, PuzzleId};
use ponte::store::Store;

/// Keeps a puzzle of the server's and one of the built-in set, as another process would.
async fn keep_puzzles(database: &str) -> (PuzzleId, PuzzleId) {
    let store = Store::open(database).await.unwrap();
    let guild: GuildId = GUILD_ID.parse().unwrap();
    let own = store
        .insert_puzzle(&common::puzzle("a1 a3"), None, Some(guild), 1)
        .await
        .unwrap()
        .unwrap();
    let built_in = store
        .insert_puzzle(&common::puzzle("b1 b3"), None, None, 1)
        .await
        .unwrap()
        .unwrap();
    store.close().await;
    (own, built_in)
}

/// `/puzzle` by `user`: its private answer.
async fn puzzle_command(fake: &FakeDiscord, user: User) -> Call {
    private_command(fake, user, "puzzle", &[]).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_served_privately_with_buttons_and_answered_once() {
    let (fake, _dir, database, _bot) = setup().await.parts();
    let (own, built_in) = keep_puzzles(&database).await;

    // The server's own puzzle first, privately, with its board and a button per choice.
    let shown = puzzle_command(&fake, ALICE).await;
    let text = shown.content();
    assert!(
        text.contains(&format!("Puzzle #{own} · Red to move · rated 1500")),
        "{text}"
    );
    assert!(
        text.contains("the move played in the game lost it"),
        "{text}"
    );
    assert!(shown.png().expect("the position").starts_with(b"\x89PNG"));
    let buttons = shown.buttons();
    assert_eq!(
        buttons,
        (0..3)
            .map(|n| format!("pzanswer:{own}:{n}"))
            .collect::<Vec<_>>()
    );

    // The move played in the game: wrong, rated, with the accepted moves and the best move.
    let wrong = click_on(&fake, ALICE, &shown, &buttons[0]).await;
    let text = wrong.content();
    assert!(
        text.starts_with("❌ Not this one: h1 h3 is the move played"),
        "{text}"
    );
    assert!(text.contains("Accepted moves: g2 g4, f1 f3"), "{text}");
    assert!(text.contains("Your puzzle rating: 1500 → "), "{text}");
    // One line of why, from what the best move does (the words of a hint).
    let why = text
        .lines()
        .find(|line| line.starts_with("Why: "))
        .unwrap_or_else(|| panic!("no line of why: {text}"));
    assert!(why.starts_with("Why: g2 g4 "), "{why}");
    assert!(wrong.png().expect("the best move").starts_with(b"\x89PNG"));

    // Another button of the same puzzle: answered before, nothing changes.
    let again = click_on(&fake, ALICE, &shown, &buttons[1]).await;
    assert!(
        again
            .content()
            .contains(&format!("Puzzle #{own} was answered before")),
        "{}",
        again.content()
    );

    // The next is the built-in one; a right answer raises the rating.
    let shown = puzzle_command(&fake, ALICE).await;
    assert!(
        shown.content().contains(&format!("Puzzle #{built_in} ")),
        "{}",
        shown.content()
    );
    let right = click_on(&fake, ALICE, &shown, &shown.buttons()[2]).await;
    let text = right.content();
    assert!(
        text.starts_with("✅ Right: f1 f3 keeps the advantage."),
        "{text}"
    );
    let (before, after) = text
        .split("Your puzzle rating: ")
        .nth(1)
        .and_then(|rest| rest.split_once(" → "))
        .map(|(before, rest)| {
            (
                before.to_string(),
                rest.split(' ').next().unwrap().to_string(),
            )
        })
        .expect("the rating change");
    assert!(
        after.parse::<i64>().unwrap() > before.parse::<i64>().unwrap(),
        "{text}"
    );

    // None left: a short message.
    let none = puzzle_command(&fake, ALICE).await;
    assert!(
        none.content().starts_with("No puzzle is left for you"),
        "{}",
        none.content()
    );
    assert!(none.buttons().is_empty());
}

/// The rating a reply's rating change ends at: "Your puzzle rating: 1500 → 1338 (-162)".
fn rating_after(text: &str) -> Option<String> {
    let (_, rest) = text.split_once("Your puzzle rating: ")?;
    let (_, after) = rest.split_once(" → ")?;
    after.split(' ').next().map(str::to_string)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_click_is_rated_once_and_the_other_reply_says_the_rating_it_made() {
    let (fake, _dir, database, _bot) = setup().await.parts();
    let (own, _) = keep_puzzles(&database).await;
    let shown = puzzle_command(&fake, ALICE).await;
    let button = format!("pzanswer:{own}:0");
    let replies = double_click(&fake, &private_message(&shown), &button).await;
    let texts: Vec<String> = replies.iter().map(Call::content).collect();
    let rated: Vec<String> = texts.iter().filter_map(|t| rating_after(t)).collect();
    assert_eq!(rated.len(), 1, "rated once: {texts:#?}");
    let other = texts
        .iter()
        .find(|t| t.contains(&format!("Puzzle #{own} was answered before")))
        .unwrap_or_else(|| panic!("no reply says it was answered: {texts:#?}"));
    assert!(
        other.contains(&format!("your puzzle rating stays {}.", rated[0])),
        "{texts:#?}"
    );
}

/// The next post in the channel saying `words`, with its picture.
async fn posted(fake: &FakeDiscord, from: usize, words: &str) -> Call {
    fake.wait_for(from, words, |c| {
        c.method == "POST"
            && c.path == format!("/channels/{CHANNEL_ID}/messages")
            && c.content().contains(words)
            && c.png().is_some()
            && c.succeeded()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_once_a_day_opened_privately_and_its_solvers_counted() {
    let (fake, _dir, database, bot) = setup().await.parts();
    let (own, built_in) = keep_puzzles(&database).await;

    let (id, mut payload) = slash(&fake, ALICE, CHANNEL_ID, "settings", &[], &[]);
    payload["data"]["options"] = serde_json::json!([{
        "name": "puzzle-channel", "type": 1,
        "options": [{"name": "post", "type": 4, "value": 0}]
    }]);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let set = fake.callback(from, &id).await;
    assert!(
        set.content().starts_with(&format!(
            "From now on a puzzle is posted in <#{CHANNEL_ID}> every day at <t:"
        )),
        "{}",
        set.content()
    );

    // A day later (the bot restarted): the server's own puzzle, with its Solve button.
    bot.stop().await;
    let from = fake.call_count();
    let bot = Bot::start_later(&fake, &database, 86_400 + 60).await;
    let post = posted(&fake, from, "The daily puzzle").await;
    assert!(
        post.content()
            .contains(&format!("Puzzle #{own} · Red to move")),
        "{}",
        post.content()
    );
    assert!(
        !post.content().contains("solved yesterday"),
        "{}",
        post.content()
    );
    assert_eq!(post.buttons(), [format!("pzsolve:{own}")]);

    // Bob opens it privately and solves it.
    let shown = click_on(&fake, BOB, &post, &format!("pzsolve:{own}")).await;
    assert!(
        shown.content().contains(&format!("Puzzle #{own} ")),
        "{}",
        shown.content()
    );
    assert!(shown.png().is_some());
    assert_eq!(shown.buttons().len(), 3);
    let right = click_on(&fake, BOB, &shown, &format!("pzanswer:{own}:1")).await;
    assert!(
        right.content().starts_with("✅ Right"),
        "{}",
        right.content()
    );

    // The next day: the built-in one, saying that one player solved the day before's.
    bot.stop().await;
    let from = fake.call_count();
    let _bot = Bot::start_later(&fake, &database, 2 * 86_400 + 120).await;
    let post = posted(&fake, from, "The daily puzzle").await;
    assert!(
        post.content().contains(&format!("Puzzle #{built_in} ")),
        "{}",
        post.content()
    );
    assert!(
        post.content()
            .contains(&format!("1 player solved yesterday's puzzle #{own}.")),
        "{}",
        post.content()
    );
    let daily_posts = fake
        .calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.content().contains("The daily puzzle") && !c.repeated)
        .count();
    assert_eq!(daily_posts, 2, "one a day, none twice");
}
