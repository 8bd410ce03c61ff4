//! What a saved action owes the players reaches them once, even when Discord fails for a while
//! or the bot is killed between saving and posting: the real bot against the fake Discord.

mod common;
mod fake_discord;

use fake_discord::FakeDiscord;
use std::sync::{Arc, Mutex};

use fake_discord::bot::{
    ALICE, BOB, Bot, Setup, board_in, command, confirm_resign, fake_and_database, move_command,
    opened_game, place, press, setup, start_game, try_place,
};
use fake_discord::{click, slash};
use ponte::game::{Color, Game, Move, Variant, playout};
use ponte::service::{ChannelId, GameId, Service};
use serde_json::json;

/// The messages in `channel` whose text contains `words`.
fn posted(fake: &FakeDiscord, channel: &str, words: &str) -> usize {
    fake.messages_in(channel)
        .iter()
        .filter(|m| m["content"].as_str().unwrap_or("").contains(words))
        .count()
}

/// Bob places e5 e6 and the board shows it: the game goes on after whatever went wrong.
async fn bob_places_e5_e6(fake: &FakeDiscord, thread: &str) {
    let (_, board) = place(fake, BOB, thread, "e5 e6").await;
    assert!(
        board.content().contains("placed `e5 e6`"),
        "{}",
        board.content()
    );
}

/// The posts the bot tried in `channel` since the first `from` calls.
fn attempts(fake: &FakeDiscord, from: usize, channel: &str) -> usize {
    fake.calls()
        .iter()
        .skip(from)
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{channel}/messages"))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_whose_post_fails_three_times_arrives_once() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, _) = start_game(&fake, &[]).await;
    fake.fail_posts(&thread, 3);
    let from = fake.call_count();
    // The player is told the move is saved, not to try again.
    let (reply, board) = place(&fake, ALICE, &thread, "c3 d4").await;
    assert_eq!(
        reply.content(),
        "Saved: move 1 of game #1. The board follows."
    );
    assert!(
        board
            .content()
            .contains(&format!("<@{}>, your choice", BOB.id))
    );
    assert_eq!(
        attempts(&fake, from, &thread),
        4,
        "three failures, then the board"
    );
    assert_eq!(posted(&fake, &thread, "placed `c3 d4`"), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_after_saving_posts_the_board_once_after_restart() {
    let (fake, _dir, database, bot) = setup().await.parts();
    let (thread, _) = start_game(&fake, &[]).await;
    // Discord is down when the move is saved, and the bot is killed before it could post.
    fake.fail_posts(&thread, usize::MAX);
    let from = fake.call_count();
    let reply = try_place(&fake, ALICE, &thread, "c3 d4").await;
    assert!(
        reply.content().starts_with("Saved: move 1"),
        "{}",
        reply.content()
    );
    fake.wait_for(from, "a failed attempt", |c| {
        c.path == format!("/channels/{thread}/messages")
    })
    .await;
    bot.stop().await;
    fake.fail_posts(&thread, 0);

    let from = fake.call_count();
    let bot = Bot::start(&fake, &database).await;
    let board = board_in(&fake, from, &thread).await;
    assert!(
        board.content().contains("placed `c3 d4`"),
        "{}",
        board.content()
    );
    assert!(
        board
            .content()
            .contains(&format!("<@{}>, your choice", BOB.id))
    );
    assert_eq!(posted(&fake, &thread, "placed `c3 d4`"), 1);
    // The game goes on from there.
    bob_places_e5_e6(&fake, &thread).await;
    assert_eq!(posted(&fake, &thread, "placed `c3 d4`"), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_final_announcement_that_fails_arrives_later() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let thread = opened_game(&fake, &[]).await;
    fake.fail_posts(&thread, 2);
    let (from, ack) = confirm_resign(&fake, &thread).await;
    assert_eq!(ack.json["type"], 6, "the click is acknowledged at once");
    let end = board_in(&fake, from, &thread).await;
    assert!(
        end.content().contains("alice** (white) resigned"),
        "{}",
        end.content()
    );
    assert!(end.content().contains(&format!("<@{}> (red) wins", BOB.id)));
    assert_eq!(attempts(&fake, from, &thread), 3);
    assert_eq!(posted(&fake, &thread, "resigned"), 1);
    bot.stop().await;
}

#[tokio::test]
async fn an_unreachable_test_discord_stops_the_bot_instead_of_reaching_the_real_one() {
    // A port nobody listens on: serenity would fall back to wss://gateway.discord.gg.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let dir = tempfile::tempdir().unwrap();
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
        .arg("bot")
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", &base)
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("bot.db").display()),
        )
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(std::time::Duration::from_secs(30), output)
        .await
        .expect("the bot stops by itself")
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_API_BASE"), "{stderr}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_shards_each_board_is_posted_by_one_worker() {
    let fake = FakeDiscord::start().await;
    fake.recommend_shards(2);
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("bot.db").display());
    let bot = Bot::start(&fake, &database).await;
    fake.wait_for(0, "command registration", |c| c.method == "PUT")
        .await;
    let (thread, _) = start_game(&fake, &[]).await;
    let from = fake.call_count();
    place(&fake, ALICE, &thread, "c3 d4").await;
    // A second worker would post the same item again (Discord would drop it by its nonce).
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(attempts(&fake, from, &thread), 1);
    // Serenity starts the shards a few seconds apart.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while fake.identifies() < 2 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(fake.identifies(), 2, "two shards connected");
    let from = fake.call_count();
    place(&fake, BOB, &thread, "e5 e6").await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(
        attempts(&fake, from, &thread),
        1,
        "one worker with two shards"
    );
    bot.stop().await;
}

/// The users a message may ping, as the bot sent it.
fn allowed_users(call: &fake_discord::Call) -> Vec<String> {
    let data = if call.json.get("data").is_some() {
        &call.json["data"]
    } else {
        &call.json
    };
    let allowed = &data["allowed_mentions"];
    assert_eq!(
        allowed["parse"],
        json!([]),
        "pings nobody by pattern: {allowed}"
    );
    allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|u| u.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_that_looks_like_a_mention_pings_nobody() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let carol = fake_discord::bot::CAROL;
    let mallory = fake_discord::User {
        id: "4100000000000009",
        name: "<@4100000000000003>",
    };
    let options = [("opponent", 6, json!(BOB.id))];
    let (id, challenge) = command(
        &fake,
        mallory,
        fake_discord::CHANNEL_ID,
        "challenge",
        &options,
        &[BOB],
    )
    .await;
    assert_eq!(allowed_users(&challenge), [BOB.id]);
    let message = fake.original(&id).unwrap();
    let accept = challenge.button("accept:");
    let from = fake.call_count();
    press(&fake, BOB, &message, &accept).await;
    let thread = message["id"].as_str().unwrap().to_string();
    let first = board_in(&fake, from, &thread).await;
    assert!(
        first.content().contains(carol.id),
        "the name is shown: {}",
        first.content()
    );
    assert_eq!(
        allowed_users(&first),
        [mallory.id],
        "only the player to move"
    );
    let (_, board) = place(&fake, mallory, &thread, "c3 d4").await;
    assert_eq!(allowed_users(&board), [BOB.id]);
    // A public /board by someone else pings nobody.
    let (_, shown) = command(&fake, carol, &thread, "board", &[], &[]).await;
    assert!(!shown.is_ephemeral());
    assert_eq!(allowed_users(&shown), Vec::<String>::new());
    bot.stop().await;
}

/// The same interaction, sent from another server.
fn from_other_server(mut payload: serde_json::Value) -> serde_json::Value {
    let other = "200000000000000999";
    payload["guild_id"] = json!(other);
    payload["guild_locale"] = json!("en-US");
    payload["authorizing_integration_owners"] = json!({"0": other});
    payload
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_reached_only_from_its_own_server() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let carol = fake_discord::bot::CAROL;
    opened_game(&fake, &[]).await;
    let elsewhere = "300000000000000999";
    let game = [("game", 4, json!(1))];
    for name in ["board", "export"] {
        let from = fake.call_count();
        let (id, payload) = fake_discord::slash(&fake, carol, elsewhere, name, &game, &[]);
        fake.dispatch("INTERACTION_CREATE", from_other_server(payload));
        let reply = fake.callback(from, &id).await;
        assert!(reply.is_ephemeral(), "{name}: {}", reply.content());
        assert_eq!(reply.content(), "There is no game #1", "{name}");
        assert!(reply.files.is_empty(), "{name}: nothing attached");
    }
    // Even a player of the game cannot move it from another server.
    let from = fake.call_count();
    let options = [("first", 3, json!("e5 e6")), ("game", 4, json!(1))];
    let (id, payload) = fake_discord::slash(&fake, BOB, elsewhere, "place", &options, &[]);
    fake.dispatch("INTERACTION_CREATE", from_other_server(payload));
    assert_eq!(
        fake.callback(from, &id).await.content(),
        "There is no game #1"
    );
    // The Export button, clicked from another server.
    let message = fake_discord::message_json("1", elsewhere, &json!({}));
    let from = fake.call_count();
    let (click_id, payload) = click(&fake, carol, &message, "export:1");
    fake.dispatch("INTERACTION_CREATE", from_other_server(payload));
    let reply = fake.callback(from, &click_id).await;
    assert_eq!(reply.content(), "There is no game #1");
    // A challenge cannot be accepted from another server either.
    let (id, challenge) = command(
        &fake,
        ALICE,
        fake_discord::CHANNEL_ID,
        "challenge",
        &[],
        &[],
    )
    .await;
    let accept = challenge.button("accept:");
    let mut message = fake.original(&id).unwrap();
    message["channel_id"] = json!(elsewhere);
    let from = fake.call_count();
    let (click_id, payload) = click(&fake, carol, &message, &accept);
    fake.dispatch("INTERACTION_CREATE", from_other_server(payload));
    let reply = fake.callback(from, &click_id).await;
    assert!(
        reply.content().starts_with("There is no challenge #"),
        "{}",
        reply.content()
    );
    // From its own server, the game is there.
    let (_, shown) = command(&fake, carol, fake_discord::CHANNEL_ID, "board", &game, &[]).await;
    assert!(!shown.is_ephemeral(), "{}", shown.content());
    assert!(shown.png().is_some());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_sent_before_the_last_move_was_saved_is_not_played_blind() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, _) = start_game(&fake, &[]).await;
    let from = fake.call_count();
    let (alices, _) = command(
        &fake,
        ALICE,
        &thread,
        "place",
        &[("first", 3, json!("c3 d4"))],
        &[],
    )
    .await;
    board_in(&fake, from, &thread).await;
    // Bob sent his move at the same moment as Alice, when it was not his turn: it arrives after
    // hers was saved, but he never saw the position it would be played in.
    let (_, mut payload) = fake_discord::slash(
        &fake,
        BOB,
        &thread,
        "place",
        &[("first", 3, json!("e5 e6"))],
        &[],
    );
    let earlier = (alices.parse::<u64>().unwrap() - (3 << 22)).to_string();
    payload["id"] = json!(earlier);
    payload["token"] = json!(format!("token-{earlier}"));
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let refused = fake.callback(from, &earlier).await;
    assert!(refused.is_ephemeral());
    assert!(
        refused
            .content()
            .starts_with("The position changed before your move arrived"),
        "{}",
        refused.content()
    );
    // Sent again, having seen the board, it is played.
    bob_places_e5_e6(&fake, &thread).await;
    bot.stop().await;
}

/// SIGTERM, as `systemctl stop` sends it, in the middle of play: the bot exits 0 within 10 s,
/// leaves no `-wal` file (the database closed and checkpointed), and every acknowledged move is
/// saved; started again, it goes on where it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_bot_cleanly() {
    let (fake, _dir, database, bot) = setup().await.parts();
    let thread = opened_game(&fake, &[]).await;
    let (status, took) = bot.terminate().await;
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
    let file = database.trim_start_matches("sqlite://");
    assert!(
        !std::path::Path::new(&format!("{file}-wal")).exists(),
        "the write-ahead log is checkpointed away"
    );
    // Started again, it goes on: the next move is played and its board posted.
    let bot = Bot::start(&fake, &database).await;
    bob_places_e5_e6(&fake, &thread).await;
    bot.stop().await;
}

/// SIGTERM while three games stream moves: the bot exits 0 within the bound; every move it
/// acknowledged is saved; after the next start each saved move's board is in its thread once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_in_a_stream_of_moves_loses_nothing_and_repeats_nothing() {
    let (fake, _dir, database, bot) = setup().await.parts();
    let mut threads = Vec::new();
    for _ in 0..3 {
        threads.push(start_game(&fake, &[]).await.0);
    }
    let acknowledged: Arc<Mutex<Vec<(usize, Move)>>> = Arc::default();
    let mut streams = Vec::new();
    for (game, thread) in threads.iter().enumerate() {
        let (fake, thread, acknowledged) = (fake.clone(), thread.clone(), acknowledged.clone());
        streams.push(tokio::spawn(async move {
            let mut engine = Game::new(Variant::boxed(10).unwrap());
            let mut rng = fastrand::Rng::with_seed(game as u64);
            // Placements only: each names its cells once in a game, so its board is found by
            // them.
            while let Some(mv) = (0..200)
                .filter_map(|_| playout::random_move(&engine, &mut rng))
                .find(|mv| matches!(mv, Move::Place(..)))
            {
                let player = match engine.to_move() {
                    Some(Color::White) => ALICE,
                    _ => BOB,
                };
                let (name, options) = move_command(mv);
                // A move sent within the moment the last one was being saved is refused as
                // blind (on a busy machine that moment is longer): sent again, as a player would.
                loop {
                    let from = fake.call_count();
                    let (id, payload) = slash(&fake, player, &thread, name, &options, &[]);
                    fake.dispatch("INTERACTION_CREATE", payload);
                    let answered = tokio::time::timeout(
                        std::time::Duration::from_secs(10),
                        fake.callback(from, &id),
                    );
                    let Ok(reply) = answered.await else {
                        return;
                    };
                    if reply.content().starts_with("Saved: move") {
                        break;
                    }
                    assert!(
                        reply.content().starts_with("The position changed"),
                        "{}",
                        reply.content()
                    );
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                }
                acknowledged.lock().unwrap().push((game, mv));
                engine.play(mv).unwrap();
            }
        }));
    }
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(60);
    while acknowledged.lock().unwrap().len() < 9 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the moves were not acknowledged"
        );
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let (status, took) = bot.terminate().await;
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(took < std::time::Duration::from_secs(10), "{took:?}");
    for stream in streams {
        stream.abort();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();

    let service = Service::open(&database).await.unwrap();
    let mut saved = Vec::new();
    for game in 0..threads.len() {
        let view = service
            .game(GameId::try_from(game as i64 + 1).unwrap())
            .await
            .unwrap();
        saved.push(view.moves.iter().map(|m| m.mv).collect::<Vec<_>>());
    }
    service.close().await;
    for (game, mv) in &acknowledged {
        assert!(
            saved[*game].contains(mv),
            "acknowledged {mv} of game {game} is saved"
        );
    }

    let bot = Bot::start(&fake, &database).await;
    for (game, thread) in threads.iter().enumerate() {
        for mv in &saved[game] {
            let board = format!("`{mv}`");
            let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
            while posted(&fake, thread, &board) == 0 {
                assert!(tokio::time::Instant::now() < deadline, "{board} is posted");
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
            assert_eq!(posted(&fake, thread, &board), 1, "{board} is posted once");
        }
    }
    bot.stop().await;
}

/// Bob moves and Alice sends a move in the same millisecond (two interactions with the same
/// snowflake time): hers was sent before his was saved, by a player whose turn it was not then,
/// so it is never played — refused as blind, or as not her turn — however the two race, many
/// times over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_sent_in_the_same_millisecond_are_never_played_blind() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, _) = start_game(&fake, &[]).await;
    let from = fake.call_count();
    try_place(&fake, ALICE, &thread, "c3 d4").await;
    board_in(&fake, from, &thread).await;
    // Ten rounds on the 10×10 board: Bob's pairs in columns a, c, e, g, i (rows 1–2, then
    // 5–6), Alice's answers above them (rows 9–10, then 7–8).
    for round in 0..10 {
        let column = ["a", "c", "e", "g", "i"][round % 5];
        let (bob_rows, alice_rows) = if round < 5 {
            ((1, 2), (9, 10))
        } else {
            ((5, 6), (7, 8))
        };
        let bobs = format!("{column}{} {column}{}", bob_rows.0, bob_rows.1);
        let (bob_id, bob_payload) = fake_discord::slash(
            &fake,
            BOB,
            &thread,
            "place",
            &[("first", 3, json!(bobs))],
            &[],
        );
        let (_, mut alice_payload) = fake_discord::slash(
            &fake,
            ALICE,
            &thread,
            "place",
            &[("first", 3, json!(format!("{column}3 {column}4")))],
            &[],
        );
        // The same millisecond: only the low bits of the snowflake differ.
        let alice_id = (bob_id.parse::<u64>().unwrap() + 1).to_string();
        alice_payload["id"] = json!(alice_id);
        alice_payload["token"] = json!(format!("token-{alice_id}"));
        let from = fake.call_count();
        fake.dispatch("INTERACTION_CREATE", bob_payload);
        fake.dispatch("INTERACTION_CREATE", alice_payload);
        let alices = fake.callback(from, &alice_id).await;
        let refused = alices.content();
        assert!(
            refused.starts_with("The position changed before your move arrived")
                || refused.starts_with("It is not your turn"),
            "round {round}: {refused}"
        );
        board_in(&fake, from, &thread).await;
        // Alice answers, having seen the board: played.
        let from = fake.call_count();
        let answer = format!("{column}{} {column}{}", alice_rows.0, alice_rows.1);
        try_place(&fake, ALICE, &thread, &answer).await;
        let board = board_in(&fake, from, &thread).await;
        assert!(
            board.content().contains(&format!("placed `{answer}`")),
            "{}",
            board.content()
        );
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_things_found_on_the_way() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let carol = fake_discord::bot::CAROL;
    // /stats before any game: no rated game, and no empty plot.
    let (_, stats) = command(&fake, carol, fake_discord::CHANNEL_ID, "stats", &[], &[]).await;
    assert!(
        stats.content().contains("No rated game"),
        "{}",
        stats.content()
    );
    assert!(stats.png().is_none(), "an empty plot was attached");
    // /help names every option of /challenge.
    let (_, help) = command(&fake, carol, fake_discord::CHANNEL_ID, "help", &[], &[]).await;
    assert!(
        help.content().contains("[time] [rated]"),
        "{}",
        help.content()
    );

    let (thread, _) = start_game(&fake, &[]).await;
    let (_, board) = place(&fake, ALICE, &thread, "c3 d4").await;
    // An outsider clicking Keep Red is not playing, rather than waiting for a turn.
    let keep = board.button("keep:");
    let message = fake.messages_in(&thread).pop().unwrap();
    let refused = press(&fake, carol, &message, &keep).await;
    assert_eq!(refused.content(), "You are not playing in game #1");

    // Aborted after move 1: the board says the game ended there.
    let from = fake.call_count();
    let (_, aborted) = command(&fake, BOB, &thread, "abort", &[], &[]).await;
    assert!(aborted.is_ephemeral());
    let end = board_in(&fake, from, &thread).await;
    assert!(end.content().contains("aborted"), "{}", end.content());
    let (_, shown) = command(&fake, carol, &thread, "board", &[], &[]).await;
    assert!(
        shown.content().contains("ended after move 1."),
        "{}",
        shown.content()
    );
    assert!(!shown.content().contains("move 2"), "{}", shown.content());
    bot.stop().await;
}

/// Boards owed in several games go out together (the round trip to Discord paid once for
/// all, not once for each), and each game's still in order: eight games with two boards each
/// owed when the bot starts, against a Discord that takes half a second to answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_of_different_games_go_out_together_and_each_games_in_order() {
    use ponte::service::{ChallengeOptions, MoveOutcome, Player, PlayerId, Venue};

    let (fake, _dir, database) = fake_and_database().await;
    let service = Service::open(&database).await.unwrap();
    let mut threads = Vec::new();
    let mut rng = fastrand::Rng::with_seed(7);
    for i in 0..8 {
        let a = Player::new(
            PlayerId::from_snowflake(6_000_000_000 + 2 * i),
            format!("a{i}"),
        );
        let b = Player::new(
            PlayerId::from_snowflake(6_000_000_001 + 2 * i),
            format!("b{i}"),
        );
        let venue = Venue {
            guild_id: Some(fake_discord::GUILD_ID.parse().unwrap()),
            channel_id: Some(fake_discord::CHANNEL_ID.parse().unwrap()),
        };
        let challenge = service
            .challenge(
                &ponte::service::Actor::member(a, venue.guild_id),
                Some(&b),
                ChallengeOptions::default(),
                venue,
            )
            .await
            .unwrap();
        let b = ponte::service::Actor::member(b, venue.guild_id);
        let game = service.accept(challenge.id, &b).await.unwrap();
        let thread: ChannelId = (810_000_000_000_000_000 + game.id.get())
            .to_string()
            .parse()
            .unwrap();
        service.set_thread(game.id, Some(thread)).await.unwrap();
        threads.push(thread.to_string());
        let mut position = game.game.clone();
        for _ in 0..2 {
            let mv = playout::random_move(&position, &mut rng).unwrap();
            let player = service.game(game.id).await.unwrap().to_move().unwrap().1.id;
            match service.play(game.id, player, mv, None).await.unwrap() {
                MoveOutcome::Played(_) => position.play(mv).unwrap(),
                MoveOutcome::LostOnTime(_) => panic!("game #{} lost on time", game.id),
            }
        }
    }
    service.close().await;
    // Only the boards: the new games' threads are set already.
    common::execute(&database, "DELETE FROM outbox WHERE kind <> 'moved'").await;
    fake.set_latency(std::time::Duration::from_millis(500));
    let bot = Bot::start(&fake, &database).await;
    // Each thread's posts, by their nonce (the outbox item's id, in the order the moves were
    // saved), in the order Discord answered them.
    let posts = |thread: &str| -> Vec<String> {
        fake.calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == format!("/channels/{thread}/messages"))
            .map(|c| c.json["nonce"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while threads.iter().any(|t| posts(t).len() < 2) {
        assert!(std::time::Instant::now() < deadline, "boards missing");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    for thread in &threads {
        let nonces = posts(thread);
        let ids: Vec<u64> = nonces
            .iter()
            .map(|n| n.trim_start_matches("ponte-").parse().unwrap())
            .collect();
        assert_eq!(ids.len(), 2, "{nonces:?}");
        assert!(ids[0] < ids[1], "the second board came first: {nonces:?}");
        assert_eq!(fake.messages_in(thread).len(), 2);
    }
    assert!(
        fake.most_posts_in_flight() >= 2,
        "the boards went out one at a time ({} at most)",
        fake.most_posts_in_flight()
    );
    bot.stop().await;
}
