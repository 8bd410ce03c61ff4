//! After the game, through the fake Discord: the final board offers Replay and Analyse;
//! `/replay` and the Replay button answer with the game's GIF (the button's for the clicker
//! alone); `/analyse` says it started, the analysis is posted in the thread when done, and
//! asking again answers at once with the chart. The real bot; the AI searches 30 playouts a
//! position (`PONTE_AI_PLAYOUTS`).

mod fake_discord;

use fake_discord::bot::{ALICE, BOB, Setup, command, press, resigned_game, setup_with};
use fake_discord::{Call, FakeDiscord, message_json};
use serde_json::json;

/// The GIF a call uploaded, as its number of frames.
fn gif_frames(call: &Call) -> usize {
    let (_, _, bytes) = call
        .files
        .iter()
        .find(|(_, name, _)| name.ends_with(".gif"))
        .expect("a GIF");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(bytes.as_slice())
        .unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    frames
}

/// The answer with a file that follows a deferred one (poise sends it as a follow-up).
async fn answer(fake: &FakeDiscord, from: usize, what: &str) -> Call {
    fake.wait_for(from, what, |c| {
        c.method == "POST" && c.path.starts_with("/webhooks/") && !c.files.is_empty()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_and_analyses_of_a_finished_game() {
    // Without the analysis every finished game gets for its puzzles, which would have started
    // before `/analyse` is asked.
    let Setup {
        fake, bot, _dir, ..
    } = setup_with(&[("PONTE_PUZZLES", "off")]).await;
    let (thread, last_board) = resigned_game(&fake).await;
    let buttons = last_board.buttons();
    assert!(buttons.contains(&"replay:1".to_string()), "{buttons:?}");
    assert!(buttons.contains(&"analyse:1".to_string()), "{buttons:?}");

    // /replay in the thread: the start and one frame for each of the three moves.
    let from = fake.call_count();
    command(&fake, BOB, &thread, "replay", &[], &[]).await;
    let replay = answer(&fake, from, "the replay").await;
    assert_eq!(gif_frames(&replay), 4);
    assert!(
        replay.content().contains("The replay of game #1"),
        "{}",
        replay.content()
    );

    // The button: for the clicker alone.
    let from = fake.call_count();
    let board_message = message_json("77", &thread, &last_board.json);
    let deferred = press(&fake, BOB, &board_message, "replay:1").await;
    assert!(deferred.is_ephemeral());
    let followup = answer(&fake, from, "the replay for the clicker").await;
    assert!(followup.is_ephemeral());
    assert_eq!(gif_frames(&followup), 4);

    // A game out of reach is told to the author alone.
    let (_, refused) = command(
        &fake,
        BOB,
        &thread,
        "replay",
        &[("game", 4, json!(99))],
        &[],
    )
    .await;
    assert!(refused.is_ephemeral());
    assert_eq!(refused.content(), "There is no game #99");

    // /analyse: started, then posted in the thread.
    let from = fake.call_count();
    let (_, started) = command(&fake, BOB, &thread, "analyse", &[], &[]).await;
    assert!(
        started.content().starts_with("Analysing game #1"),
        "{}",
        started.content()
    );
    let posted = fake
        .wait_for(from, "the analysis in the thread", |c| {
            c.method == "POST"
                && c.path == format!("/channels/{thread}/messages")
                && c.files
                    .iter()
                    .any(|(_, name, _)| name == "ponte-analysis-1.png")
        })
        .await;
    // Two opening moves and a resignation: no move to name (resigning is not one).
    let text = posted.content();
    assert_eq!(
        text,
        "No move changed the game by more than 5% of winning chances: a steady game."
    );
    assert!(image::load_from_memory(posted.png().unwrap()).is_ok());

    // Asked again: at once, the same words with the chart.
    let options = [("game", 4, json!(1))];
    let (_, again) = command(&fake, ALICE, &thread, "analyse", &options, &[]).await;
    assert_eq!(again.content(), text);
    assert!(again.png().is_some());
    bot.stop().await;
}
