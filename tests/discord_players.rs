//! What players reach on Discord, through the real bot and the fake Discord: the pie rule's
//! choice wherever the board is (`/board` carries the Swap button on Red's first turn, and
//! `/swap` makes the choice or says why it cannot), and a `/help` that lists every command the
//! bot registers, in every language.

mod fake_discord;

use std::collections::BTreeSet;

use fake_discord::bot::{
    ALICE, BOB, CAROL, Setup, board_in, command, place, registered_commands, setup, start_game,
    try_place,
};
use fake_discord::{Call, FakeDiscord, User, click, slash};
use serde_json::json;

/// Alice (White) opens with c3 d4; Bob (Red) is to choose. Returns the game's thread.
async fn opened(fake: &FakeDiscord) -> String {
    let (thread, _) = start_game(fake, &[("size", 4, json!(1))]).await;
    place(fake, ALICE, &thread, "c3 d4").await;
    thread
}

/// `/swap` by `user` in `thread`: its answer.
async fn swap(fake: &FakeDiscord, user: User, thread: &str) -> Call {
    command(fake, user, thread, "swap", &[], &[]).await.1
}

/// A private refusal that says `why`.
fn refused(call: &Call, why: &str) {
    assert!(call.is_ephemeral(), "a public refusal: {}", call.content());
    assert!(call.content().contains(why), "{}", call.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_asked_for_on_reds_first_turn_carries_the_swap() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let thread = opened(&fake).await;

    // Anyone may look at the board; it carries the pie choice of the board in the thread.
    let (board_id, board) = command(&fake, CAROL, &thread, "board", &[], &[]).await;
    assert!(board.png().is_some(), "the board is a PNG");
    let buttons = board.buttons();
    let swap = buttons
        .iter()
        .find(|b| b.starts_with("swap:"))
        .unwrap_or_else(|| panic!("no Swap button under /board: {buttons:?}"));
    assert!(
        buttons.iter().any(|b| b.starts_with("keep:")),
        "{buttons:?}"
    );

    // Someone else's click changes nothing.
    let message = fake.original(&board_id).expect("the /board message");
    let (click_id, payload) = click(&fake, CAROL, &message, swap);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let answer = fake.callback(from, &click_id).await;
    refused(&answer, "You are not playing in game #1");

    // Bob's click swaps, as the button under the thread's board does.
    let (click_id, payload) = click(&fake, BOB, &message, swap);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    fake.callback(from, &click_id).await;
    let posted = board_in(&fake, from, &thread).await;
    assert!(
        posted.content().contains("**bob** (red) swapped"),
        "{}",
        posted.content()
    );

    // After the choice the board has no pie buttons.
    let (_, board) = command(&fake, ALICE, &thread, "board", &[], &[]).await;
    assert!(board.buttons().is_empty(), "{:?}", board.buttons());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swap_takes_white_on_reds_first_turn_and_says_why_not_otherwise() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, _) = start_game(&fake, &[("size", 4, json!(1))]).await;
    // White's opening is no time to swap, even for White.
    refused(
        &swap(&fake, ALICE, &thread).await,
        "Swap is only allowed as the second move",
    );
    place(&fake, ALICE, &thread, "c3 d4").await;

    refused(
        &swap(&fake, CAROL, &thread).await,
        "You are not playing in game #1",
    );
    refused(
        &swap(&fake, ALICE, &thread).await,
        "It is not your turn: bob is to move",
    );

    // Bob's /swap is a move like any other: saved, and the board follows in the thread.
    let from = fake.call_count();
    let saved = swap(&fake, BOB, &thread).await;
    assert!(saved.is_ephemeral());
    assert!(
        saved.content().starts_with("Saved: move 2 of game #1"),
        "{}",
        saved.content()
    );
    let posted = board_in(&fake, from, &thread).await;
    assert!(
        posted.content().contains("**bob** (red) swapped"),
        "{}",
        posted.content()
    );
    // Alice, Red now, places; Bob, White now, cannot swap back.
    place(&fake, ALICE, &thread, "e5 e6").await;
    refused(
        &swap(&fake, BOB, &thread).await,
        "Swap is only allowed as the second move",
    );

    // /place points a typed swap to /swap.
    let answer = try_place(&fake, BOB, &thread, "swap").await;
    refused(&answer, "use /swap or the Swap button");
    bot.stop().await;
}

/// The commands named in a `/help` text: every `` `/name `` in it.
fn named_commands(help: &str) -> BTreeSet<String> {
    help.split("`/")
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect()
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_names_every_registered_command_and_the_pie_rule_in_every_language() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let commands = registered_commands(&fake);
    assert!(
        commands.iter().any(|c| c["name"] == "swap"),
        "/swap is registered"
    );
    for (locale, code, pie) in [
        ("en-US", None, "the pie rule"),
        ("de", Some("de"), "die Kuchenregel"),
        ("fr", Some("fr"), "la règle du gâteau"),
    ] {
        let registered: BTreeSet<String> = commands
            .iter()
            .map(|c| {
                let name = code.map_or(&c["name"], |code| &c["name_localizations"][code]);
                name.as_str().unwrap().to_string()
            })
            .collect();
        let (id, mut payload) = slash(&fake, ALICE, fake_discord::CHANNEL_ID, "help", &[], &[]);
        payload["locale"] = json!(locale);
        let from = fake.call_count();
        fake.dispatch("INTERACTION_CREATE", payload);
        let help = fake.callback(from, &id).await;
        assert!(help.is_ephemeral());
        let text = help.content();
        assert_eq!(named_commands(&text), registered, "{locale}: {text}");
        let line = text
            .lines()
            .find(|l| l.contains(pie))
            .unwrap_or_else(|| panic!("{locale}: the pie rule is not said: {text}"));
        let swap = commands.iter().find(|c| c["name"] == "swap").unwrap();
        let swap_name = code.map_or(&swap["name"], |code| &swap["name_localizations"][code]);
        assert!(
            line.contains(&format!("`/{}`", swap_name.as_str().unwrap())),
            "{line}"
        );
    }
    bot.stop().await;
}
