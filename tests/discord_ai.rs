//! Playing the bot itself: `/challenge opponent:@ponte` starts a game at once in its own
//! thread, the AI answers every move through the same path as a person (the board, what it
//! played, the mention of the human), the game is unrated and `/stats` counts it per level,
//! and a restart while the AI is to move resumes the game. The real bot against the fake
//! Discord; the AI searches a fixed 30 playouts a move (`PONTE_AI_PLAYOUTS`).

mod fake_discord;

use fake_discord::bot::{
    self, ALICE, Bot, command, move_command, play, registered_commands, setup, stored,
};
use fake_discord::{APP_ID, CHANNEL_ID, FakeDiscord};
use ponte::game::{Move, playout};
use ponte::service::{GameId, GameView, PlayerId, Service};
use serde_json::json;

/// Challenges the bot; returns the game's thread and the first board posted there.
async fn challenge_the_bot(fake: &FakeDiscord, level: &str, first: &str) -> (String, String) {
    // Choices travel as their index.
    let level = ["easy", "medium", "hard"]
        .iter()
        .position(|l| *l == level)
        .unwrap();
    let first = ["me", "bot"].iter().position(|f| *f == first).unwrap();
    let options = [
        ("size", 4, json!(1)),
        ("level", 4, json!(level)),
        ("first", 4, json!(first)),
    ];
    let (thread, reply, board) = bot::challenge_the_bot(fake, &options).await;
    assert!(!reply.is_ephemeral(), "{}", reply.content());
    (thread, board.content())
}

/// Waits until the AI has moved in game `id` (or the game ended) and returns the game.
async fn after_the_ai(database: &str, id: i64, ai: PlayerId) -> GameView {
    for _ in 0..400 {
        let game = stored(database, id).await;
        if game.is_over() || game.to_move().is_some_and(|(_, p)| p.id != ai) {
            return game;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("the AI did not move in game #{id}");
}

fn choice(name: &str, values: &[&str]) -> bool {
    values.contains(&name)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_bot() {
    let (fake, _dir, database, _bot) = setup().await.parts();
    // Level and opener choices are offered to Discord with their names.
    let challenge = registered_commands(&fake)
        .into_iter()
        .find(|c| c["name"] == "challenge")
        .unwrap();
    let names: Vec<&str> = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert!(
        choice("level", &names) && choice("first", &names),
        "{names:?}"
    );
    let level = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "level")
        .unwrap();
    let levels: Vec<&str> = level["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(levels, ["easy", "medium", "hard"]);

    let (thread, first_board) = challenge_the_bot(&fake, "hard", "me").await;
    assert!(
        first_board.contains("alice (White) vs ponte (Red)"),
        "{first_board}"
    );
    let ai = APP_ID.parse::<PlayerId>().unwrap();
    let mut rng = fastrand::Rng::with_seed(5);
    let mut game = stored(&database, 1).await;
    assert_eq!(
        game.ai.map(|(id, level)| (id, level.name())),
        Some((ai, "hard"))
    );
    assert!(!game.rated, "games against the bot are unrated");
    let mut ai_boards = 0;
    while !game.is_over() {
        let mv = loop {
            let mv = playout::random_move(&game.game, &mut rng).unwrap();
            if mv != Move::Swap {
                break mv;
            }
        };
        let (name, options) = move_command(mv);
        let from = fake.call_count();
        let (_, board) = play(&fake, ALICE, &thread, name, &options).await;
        game = after_the_ai(&database, 1, ai).await;
        if board.content().contains("ponte (hard) is thinking") {
            // The AI's answer follows as its own board, naming its move and pinging alice.
            let answer = fake
                .wait_for(from, "the AI's board", |c| {
                    c.method == "POST"
                        && c.path == format!("/channels/{thread}/messages")
                        && c.png().is_some()
                        && c.content().contains("**ponte**")
                })
                .await;
            let pinged = &answer.json["allowed_mentions"]["users"];
            if !game.is_over() {
                assert_eq!(pinged, &json!([ALICE.id]), "{}", answer.content());
            }
            ai_boards += 1;
        }
    }
    assert!(ai_boards > 5, "the AI moved {ai_boards} times");
    let result = game.result.unwrap();
    let alice_won = result
        .winner
        .is_some_and(|w| game.player(w).name == "alice");

    // Unrated: no ladder entry; /stats counts the game against the level.
    let (_, stats) = command(&fake, ALICE, CHANNEL_ID, "stats", &[], &[]).await;
    assert!(
        stats.content().contains("No rated game"),
        "{}",
        stats.content()
    );
    let expected = match (result.winner, alice_won) {
        (None, _) => "hard: 0–0–1",
        (Some(_), true) => "hard: 1–0–0",
        (Some(_), false) => "hard: 0–1–0",
    };
    assert!(stats.content().contains(expected), "{}", stats.content());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_opens_and_after_a_restart_answers_the_move_made_while_it_was_down() {
    let (fake, _dir, database, bot) = setup().await.parts();
    let (thread, first_board) = challenge_the_bot(&fake, "easy", "bot").await;
    assert!(
        first_board.contains("ponte (White) vs alice (Red)"),
        "{first_board}"
    );
    let ai = APP_ID.parse::<PlayerId>().unwrap();
    // The bot opens by itself.
    let game = after_the_ai(&database, 1, ai).await;
    assert_eq!(game.game.plies(), 1);

    // Down: alice's move is saved (as by another instance) while no bot runs.
    bot.stop().await;
    let service = Service::open(&database).await.unwrap();
    let mut rng = fastrand::Rng::with_seed(2);
    let mv = loop {
        let mv = playout::random_move(&game.game, &mut rng).unwrap();
        if matches!(mv, Move::Place(..)) {
            break mv;
        }
    };
    let alice = ALICE.id.parse::<PlayerId>().unwrap();
    service
        .play(GameId::try_from(1).unwrap(), alice, mv, None)
        .await
        .unwrap();
    service.close().await;
    assert_eq!(stored(&database, 1).await.to_move().unwrap().1.id, ai);

    let from = fake.call_count();
    let _bot = Bot::start(&fake, &database).await;
    let game = after_the_ai(&database, 1, ai).await;
    assert_eq!(game.game.plies(), 3, "the AI answered once");
    let answer = fake
        .wait_for(from, "the AI's answer", |c| {
            c.method == "POST"
                && c.path == format!("/channels/{thread}/messages")
                && c.content().contains("**ponte** (white) placed")
        })
        .await;
    assert!(answer.png().is_some());
}
