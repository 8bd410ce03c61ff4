//! The real `ponte bot` binary against a fake Discord on 127.0.0.1: slash commands, buttons,
//! autocomplete and threads over the real REST and gateway protocols.

mod fake_discord;

use std::time::Duration;

use fake_discord::bot::{
    ALICE, BOB, Bot, CAROL, Setup, challenge_bob, command, move_command, opened_game, place,
    place_two, play, post_in, press, resigned_game, setup, start_game, try_place,
};
use fake_discord::{CHANNEL_ID, FakeDiscord, Opt, User, autocomplete, click, slash};
use ponte::game::{Color, Game, Move, Variant, playout};
use ponte::service::ChallengeId;
use serde_json::{Value, json};

fn score_words(game: &Game, color: Color) -> String {
    let score = game.score(color);
    let points = if score.points == 1 { "point" } else { "points" };
    format!("{} {points}", score.points)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_from_challenge_to_final_announcement() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, first_board) = start_game(&fake, &[("size", 4, json!(1))]).await;
    assert!(first_board.png().is_some(), "the board is a PNG");
    assert!(
        first_board
            .content()
            .contains(&format!("<@{}>, you open", ALICE.id))
    );

    let mut engine = Game::new(Variant::boxed(10).unwrap());
    let mut rng = fastrand::Rng::with_seed(5);
    let mut players = [ALICE, BOB]; // White, Red
    // White opens.
    let opening = playout::random_move(&engine, &mut rng).unwrap();
    let (name, options) = move_command(opening);
    let (_, call) = play(&fake, ALICE, &thread, name, &options).await;
    engine.play(opening).unwrap();
    assert!(call.png().is_some());
    let pie: Vec<String> = call.buttons();
    assert!(
        pie.iter().any(|b| b.starts_with("swap:")) && pie.iter().any(|b| b.starts_with("keep:"))
    );
    assert!(
        call.content()
            .contains(&format!("<@{}>, your choice", BOB.id))
    );

    // Bob swaps with the button: he takes White, Alice (now Red) moves next.
    let message = fake.messages_in(&thread).pop().expect("the board message");
    let swap = pie.iter().find(|b| b.starts_with("swap:")).unwrap();
    let from = fake.call_count();
    press(&fake, BOB, &message, swap).await;
    let posted = fake
        .wait_for(from, "the board after the swap", |c| {
            c.path == format!("/channels/{thread}/messages")
        })
        .await;
    assert!(posted.content().contains("swapped"), "{}", posted.content());
    engine.play(Move::Swap).unwrap();
    players.swap(0, 1);

    let mut last = posted;
    let mut passes = 0;
    while let Some(mv) = playout::random_move(&engine, &mut rng) {
        // A player who cannot place two tiles may pass instead of bridging.
        let mv = if !engine.can_place_two() && engine.is_legal(Move::Pass) && rng.bool() {
            passes += 1;
            Move::Pass
        } else {
            mv
        };
        let color = engine.to_move().unwrap();
        let player = players[color.index()];
        let (name, options) = move_command(mv);
        let (_, call) = play(&fake, player, &thread, name, &options).await;
        engine.play(mv).unwrap();
        while engine.must_pass() {
            engine.play(Move::Pass).unwrap();
        }
        last = call;
    }
    assert!(passes > 0, "no /pass was played");
    let announcement = last.content();
    assert!(announcement.contains("Game over"), "{announcement}");
    for color in Color::BOTH {
        assert!(
            announcement.contains(&score_words(&engine, color)),
            "{announcement}"
        );
    }
    let winner = engine.outcome().unwrap().winner();
    if let Some(winner) = winner {
        let id = players[winner.index()].id;
        assert!(
            announcement.contains(&format!("<@{id}> ({winner}) wins")),
            "{announcement}"
        );
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_challenges_declines_and_cancels() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    // Open: anyone but the challenger may accept.
    let (id, call) = command(&fake, ALICE, CHANNEL_ID, "challenge", &[], &[]).await;
    assert!(call.content().contains("anyone"));
    let buttons = call.buttons();
    assert!(!buttons.iter().any(|b| b.starts_with("decline:")));
    let message = fake.original(&id).unwrap();
    let accept = buttons.iter().find(|b| b.starts_with("accept:")).unwrap();
    let refused = press(&fake, ALICE, &message, accept).await;
    assert!(refused.is_ephemeral());
    assert_eq!(refused.content(), "You cannot accept your own challenge");
    let update = press(&fake, CAROL, &message, accept).await;
    assert_eq!(update.json["type"], 7);
    assert!(
        update.content().contains("carol accepted"),
        "{}",
        update.content()
    );

    // Declined by the challenged player; others may not.
    let (id, call) = challenge_bob(&fake, &[]).await;
    let message = fake.original(&id).unwrap();
    let decline = call.button("decline:");
    let refused = press(&fake, CAROL, &message, &decline).await;
    assert!(refused.is_ephemeral());
    assert_eq!(refused.content(), "This challenge is for bob");
    let update = press(&fake, BOB, &message, &decline).await;
    assert!(
        update.content().contains("declined by bob"),
        "{}",
        update.content()
    );
    // A stale accept on the declined challenge.
    let accept = call.button("accept:");
    let refused = press(&fake, BOB, &message, &accept).await;
    assert!(refused.is_ephemeral());
    assert_eq!(refused.content(), "This challenge was already declined");

    // Cancelled by the challenger only.
    let (id, call) = challenge_bob(&fake, &[]).await;
    let message = fake.original(&id).unwrap();
    let cancel = call.button("cancel:");
    let from = fake.call_count();
    let (bobs, payload) = click(&fake, BOB, &message, &cancel);
    fake.dispatch("INTERACTION_CREATE", payload);
    assert!(fake.callback(from, &bobs).await.is_ephemeral());
    let update = press(&fake, ALICE, &message, &cancel).await;
    assert!(
        update.content().contains("cancelled by alice"),
        "{}",
        update.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_moves_and_wrong_users_are_answered_ephemerally() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, _) = start_game(&fake, &[]).await;
    let cases: Vec<(User, &str, Vec<Opt>, &str)> = vec![
        (
            BOB,
            "place",
            vec![("first", 3, json!("c3")), ("second", 3, json!("d4"))],
            "It is not your turn: alice is to move",
        ),
        (
            CAROL,
            "place",
            vec![("first", 3, json!("c3")), ("second", 3, json!("d4"))],
            "You are not playing in game #1",
        ),
        (
            ALICE,
            "place",
            vec![("first", 3, json!("c3")), ("second", 3, json!("c3"))],
            "The two tiles must go on two different cells, not both on c3",
        ),
        (
            ALICE,
            "place",
            vec![("first", 3, json!("m1")), ("second", 3, json!("c3"))],
            "m1 is off the 12×12 board",
        ),
        (
            ALICE,
            "place",
            vec![("first", 3, json!("hello"))],
            "/place takes two cells, like `c3 d4`",
        ),
        // Other moves typed into /place or /bridge are not played: the answer names the command.
        (
            ALICE,
            "place",
            vec![("first", 3, json!("resign white"))],
            "/place takes two cells, like `c3 d4`: to resign, use /resign (it asks first)",
        ),
        (
            ALICE,
            "bridge",
            vec![("from", 3, json!("resign"))],
            "/bridge takes two cells, like `c3-e4`: to resign, use /resign",
        ),
        (
            ALICE,
            "place",
            vec![("first", 3, json!("pass"))],
            "/place takes two cells, like `c3 d4`: to pass, use /pass",
        ),
        (
            ALICE,
            "bridge",
            vec![("from", 3, json!("c3 d4 e5"))],
            "/bridge takes two cells, like `c3-e4`",
        ),
        (
            ALICE,
            "place",
            vec![("first", 3, json!("c3-e4"))],
            "/place takes two cells, like `c3 d4`: to build a bridge, use /bridge",
        ),
        // A huge option is answered briefly, within Discord's limits.
        (
            ALICE,
            "place",
            vec![("first", 3, json!("x".repeat(1900)))],
            "/place takes two cells",
        ),
        (
            ALICE,
            "bridge",
            vec![("from", 3, json!(format!("c3-{}", "9".repeat(1900))))],
            "",
        ),
        (ALICE, "pass", vec![], "You can still place two tiles"),
        (
            ALICE,
            "bridge",
            vec![("from", 3, json!("c3")), ("to", 3, json!("e4"))],
            "There is no white tile on c3",
        ),
    ];
    for (user, name, options, message) in cases {
        let (_, call) = command(&fake, user, &thread, name, &options, &[]).await;
        assert!(call.is_ephemeral(), "{name}: {}", call.content());
        assert!(call.content().len() <= 300, "{name}: {}", call.content());
        assert!(
            call.content().starts_with(message),
            "{name}: {} (wanted {message})",
            call.content()
        );
    }
    // Nothing was played: Alice's real move is move 1.
    let (reply, board) = place(&fake, ALICE, &thread, "c3 d4").await;
    assert!(
        reply.content().starts_with("Saved: move 1 of game #1."),
        "{}",
        reply.content()
    );
    assert!(board.content().contains("placed `c3 d4`"));
    // Outside the game's thread with no game option and no game there.
    let (_, call) = command(&fake, CAROL, CHANNEL_ID, "board", &[], &[]).await;
    assert!(call.is_ephemeral());
    assert_eq!(call.content(), "There is no game of yours here");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_only_legal_cells() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let (thread, _) = start_game(&fake, &[]).await;
    // Alice opens at c3 d4; Bob keeps Red (the button only says so) and places e5 e6.
    let (_, opening) = place_two(&fake, ALICE, &thread, "c3", "d4").await;
    let keep = opening.button("keep:");
    let message = fake.messages_in(&thread).pop().expect("the board message");
    for (user, answer) in [
        (ALICE, "It is not your turn: bob is to move"),
        (BOB, "You keep Red: place your two red tiles with `/place`."),
    ] {
        let reply = press(&fake, user, &message, &keep).await;
        assert!(reply.is_ephemeral());
        assert_eq!(reply.content(), answer);
    }
    place_two(&fake, BOB, &thread, "e5", "e6").await;
    let mut engine = Game::default();
    for mv in ["c3 d4", "e5 e6"] {
        engine.play(mv.parse().unwrap()).unwrap();
    }

    let ask = |user: User,
               name: &'static str,
               options: Vec<(&'static str, u64, &'static str)>,
               focused: &'static str| {
        let fake = fake.clone();
        let thread = thread.clone();
        async move {
            let from = fake.call_count();
            let (id, payload) = autocomplete(&fake, user, &thread, name, &options, focused);
            fake.dispatch("INTERACTION_CREATE", payload);
            let call = fake.callback(from, &id).await;
            assert_eq!(call.json["type"], 8);
            call.json["data"]["choices"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["value"].as_str().unwrap().to_string())
                .collect::<Vec<String>>()
        }
    };
    let firsts = ask(ALICE, "place", vec![("first", 3, "c")], "first").await;
    let legal: Vec<String> = engine
        .legal_first_cells()
        .iter()
        .map(|c| c.to_string())
        .filter(|c| c.starts_with('c'))
        .collect();
    assert_eq!(firsts, legal.into_iter().take(25).collect::<Vec<_>>());
    assert!(
        !firsts.contains(&"c3".to_string()),
        "an occupied cell was offered"
    );
    assert!(
        !firsts.contains(&"c2".to_string())
            || engine.legal_first_cells().contains("c2".parse().unwrap())
    );

    let seconds = ask(
        ALICE,
        "place",
        vec![("first", 3, "c4"), ("second", 3, "")],
        "second",
    )
    .await;
    let legal: Vec<String> = engine
        .legal_second_cells("c4".parse().unwrap())
        .iter()
        .map(|c| c.to_string())
        .take(25)
        .collect();
    assert_eq!(seconds, legal);
    assert!(seconds.len() <= 25);

    // Not Bob's turn: nothing to offer him.
    assert!(
        ask(BOB, "place", vec![("first", 3, "")], "first")
            .await
            .is_empty()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_continues_from_the_database() {
    let (fake, _dir, database, bot) = setup().await.parts();
    let thread = opened_game(&fake, &[]).await;
    bot.stop().await;

    let from = fake.call_count();
    let bot = Bot::start(&fake, &database).await;
    let (_, call) = place_two(&fake, BOB, &thread, "e5", "e6").await;
    assert!(
        call.content().contains("bob** (red) placed `e5 e6`"),
        "{}",
        call.content()
    );
    // The unchanged commands were not registered again.
    assert!(
        !fake.calls().iter().skip(from).any(|c| c.method == "PUT"),
        "commands were registered again"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_thread_falls_back_to_the_channel() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    fake.refuse_threads(true);
    let (id, call) = challenge_bob(&fake, &[]).await;
    let message = fake.original(&id).unwrap();
    let accept = call.button("accept:");
    let from = fake.call_count();
    press(&fake, BOB, &message, &accept).await;
    let board = post_in(&fake, from, "the board in the channel", CHANNEL_ID).await;
    assert!(
        board.content().contains("could not open a thread"),
        "{}",
        board.content()
    );
    assert!(board.png().is_some());
    // The game is then played in the channel.
    let (_, call) = place(&fake, ALICE, CHANNEL_ID, "c3 d4").await;
    assert!(
        call.content().contains("placed `c3 d4`"),
        "{}",
        call.content()
    );
    bot.stop().await;
}

#[tokio::test]
async fn every_fixture_parses_as_serenity_models() {
    use poise::serenity_prelude as serenity;
    let fake = FakeDiscord::start().await;
    let message = fake_discord::message_json(
        "123",
        CHANNEL_ID,
        &json!({"content": "hi", "components": []}),
    );
    let fixtures: Vec<Value> = vec![
        slash(
            &fake,
            ALICE,
            CHANNEL_ID,
            "challenge",
            &[("opponent", 6, json!(BOB.id))],
            &[BOB],
        )
        .1,
        slash(&fake, ALICE, CHANNEL_ID, "pass", &[], &[]).1,
        autocomplete(
            &fake,
            ALICE,
            CHANNEL_ID,
            "place",
            &[("first", 3, "c")],
            "first",
        )
        .1,
        click(&fake, BOB, &message, "accept:1").1,
    ];
    for fixture in fixtures {
        serde_json::from_value::<serenity::Interaction>(fixture.clone())
            .unwrap_or_else(|e| panic!("{e}: {fixture:#}"));
    }
    serde_json::from_value::<serenity::Message>(message).unwrap();
    // The fake's replies too: a message without components, READY, a thread, a DM channel.
    let bare = fake_discord::message_json("124", CHANNEL_ID, &json!({"content": "hi"}));
    serde_json::from_value::<serenity::Message>(bare).unwrap();
    serde_json::from_value::<serenity::Ready>(fake_discord::ready_json(fake.addr)).unwrap();
    let thread = fake_discord::thread_json("125", CHANNEL_ID, "Game #1: alice vs bob");
    serde_json::from_value::<serenity::GuildChannel>(thread).unwrap();
    let dm = fake_discord::dm_channel_json(ALICE.id);
    serde_json::from_value::<serenity::PrivateChannel>(dm).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_asks_first_and_an_archived_thread_falls_back() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let thread = opened_game(&fake, &[]).await;

    // Played from the main channel with the game option: the board goes to the thread; when
    // Discord refuses the thread, it goes to the channel instead, with a note.
    fake.refuse_channel(&thread);
    let options = [("first", 3, json!("e5 e6")), ("game", 4, json!(1))];
    let from = fake.call_count();
    let (_, note) = command(&fake, BOB, CHANNEL_ID, "place", &options, &[]).await;
    assert!(note.is_ephemeral(), "{}", note.content());
    assert_eq!(
        note.content(),
        format!("Saved: move 2 of game #1. The board follows in <#{thread}>.")
    );
    let posted = post_in(&fake, from, "the board in the channel", CHANNEL_ID).await;
    assert!(
        posted
            .content()
            .contains("could not post in the game's thread")
    );
    assert!(posted.png().is_some());
    // From then on the game is played in the channel, and the thread is forgotten.
    let (_, call) = command(&fake, ALICE, CHANNEL_ID, "board", &[], &[]).await;
    assert!(!call.is_ephemeral(), "{}", call.content());

    // /resign asks; the button resigns.
    let (_, call) = command(
        &fake,
        ALICE,
        CHANNEL_ID,
        "resign",
        &[("game", 4, json!(1))],
        &[],
    )
    .await;
    assert!(call.is_ephemeral());
    let button = call.buttons().pop().expect("a confirm button");
    assert_eq!(button, "resign:1");
    let message = fake_discord::message_json("1", CHANNEL_ID, &call.json["data"]);
    let from = fake.call_count();
    press(&fake, ALICE, &message, &button).await;
    let announcement = post_in(&fake, from, "the final board", CHANNEL_ID).await;
    let text = announcement.content();
    assert!(text.contains("alice** (white) resigned"), "{text}");
    assert!(
        text.contains(&format!("<@{}> (red) wins", BOB.id)),
        "{text}"
    );
    // The same button again is stale.
    let refused = press(&fake, ALICE, &message, &button).await;
    assert!(refused.is_ephemeral());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_a_loss_on_time_after_restarts() {
    let (fake, _dir, database, bot) = setup().await.parts();
    // One hour per move (the second choice).
    let (thread, _) = start_game(&fake, &[("time", 4, json!(1))]).await;
    let (_, call) = command(
        &fake,
        BOB,
        CHANNEL_ID,
        "notify",
        &[("reminders", 4, json!(0))],
        &[],
    )
    .await;
    assert!(call.is_ephemeral());
    place(&fake, ALICE, &thread, "c3 d4").await;
    bot.stop().await;

    // 50 minutes later: a quarter of Bob's hour is gone... and more: he is reminded, in the
    // thread and by direct message.
    let from = fake.call_count();
    let bot = Bot::start_later(&fake, &database, 50 * 60).await;
    let reminder = fake
        .wait_for(from, "the reminder in the thread", |c| {
            c.path == format!("/channels/{thread}/messages") && c.content().contains("quarter")
        })
        .await;
    assert!(reminder.content().contains(&format!("<@{}>", BOB.id)));
    fake.wait_for(from, "the reminder DM", |c| c.path == "/users/@me/channels")
        .await;
    fake.wait_for(from, "the DM text", |c| {
        c.path.starts_with("/channels/9") && c.content().contains("Your move in game #1")
    })
    .await;
    bot.stop().await;

    // Two hours later the bot resolves the loss on time as soon as it starts.
    let from = fake.call_count();
    let bot = Bot::start_later(&fake, &database, 2 * 3600).await;
    let end = fake
        .wait_for(from, "the loss on time", |c| {
            c.path == format!("/channels/{thread}/messages")
                && c.content().contains("ran out of time")
        })
        .await;
    assert!(end.png().is_some());
    assert!(
        end.content()
            .contains(&format!("<@{}> (white) wins", ALICE.id)),
        "{}",
        end.content()
    );
    let buttons = end.buttons();
    assert!(
        buttons.contains(&"rematch:1".to_string()) && buttons.contains(&"export:1".to_string())
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaderboard_stats_export_and_rematch() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    // Alice resigns after two moves, with the confirmation button.
    let (thread, end) = resigned_game(&fake).await;

    let (_, call) = command(&fake, CAROL, CHANNEL_ID, "leaderboard", &[], &[]).await;
    let text = call.content();
    assert!(text.contains("1. bob — 1"), "{text}");
    assert!(text.contains("(provisional)"), "{text}");
    assert!(text.contains("2. alice"), "{text}");
    assert!(text.contains("You have no rated game here yet."), "{text}");

    let (_, call) = command(
        &fake,
        ALICE,
        CHANNEL_ID,
        "stats",
        &[("player", 6, json!(BOB.id))],
        &[BOB],
    )
    .await;
    assert!(call.content().contains("Rank 1"), "{}", call.content());
    assert!(
        call.content().contains("Current streak: 1 win"),
        "{}",
        call.content()
    );
    let plot = call.png().expect("a rating plot");
    assert!(image::load_from_memory(plot).is_ok());

    // Export replays to the same result.
    let (_, call) = command(
        &fake,
        CAROL,
        CHANNEL_ID,
        "export",
        &[("game", 4, json!(1))],
        &[],
    )
    .await;
    let (_, name, bytes) = call.files.first().expect("a record file").clone();
    assert_eq!(name, "ponte-game-1.txt");
    let record: ponte::game::Record = String::from_utf8(bytes).unwrap().parse().unwrap();
    let replay = record.replay();
    assert!(replay.error.is_none());
    assert_eq!(replay.game.outcome().unwrap().winner(), Some(Color::Red));

    // Rematch from the final board (in the thread): the new challenge, in which the loser
    // opens, goes to the game's channel; a second click finds the same offer.
    let from = fake.call_count();
    let end_message = fake_discord::message_json("2", &thread, &end.json);
    let reply = press(&fake, BOB, &end_message, "rematch:1").await;
    assert!(reply.is_ephemeral());
    assert!(
        reply.content().starts_with("Rematch offered in"),
        "{}",
        reply.content()
    );
    let challenge = post_in(&fake, from, "the rematch challenge", CHANNEL_ID).await;
    assert!(
        challenge.content().contains("alice opens"),
        "{}",
        challenge.content()
    );
    let accept = challenge.button("accept:");
    let reply = press(&fake, ALICE, &end_message, "rematch:1").await;
    assert!(
        reply.content().contains("(challenge #2)"),
        "{}",
        reply.content()
    );
    // Alice accepts (the offer was Bob's) and opens the new game in a new thread.
    let message = fake_discord::message_json("3", CHANNEL_ID, &challenge.json);
    let from = fake.call_count();
    press(&fake, ALICE, &message, &accept).await;
    let board = fake
        .wait_for(from, "the rematch board", |c| {
            c.path == "/channels/3/messages"
        })
        .await;
    assert!(
        board
            .content()
            .contains(&format!("<@{}>, you open", ALICE.id)),
        "{}",
        board.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expired_challenges_lose_their_buttons() {
    let (fake, _dir, database, bot) = setup().await.parts();
    let (id, call) = challenge_bob(&fake, &[("rated", 5, json!(false))]).await;
    assert!(call.content().contains("unrated"), "{}", call.content());
    let message = fake.original(&id).unwrap();
    let message_id = message["id"].as_str().unwrap().to_string();
    // The bot reads its reply back and remembers the message: wait until it has, in the database.
    let service = ponte::service::Service::open(&database).await.unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while service
        .challenge_view(ChallengeId::try_from(1).unwrap())
        .await
        .unwrap()
        .message_id
        .is_none()
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the message was never remembered"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    service.close().await;
    bot.stop().await;

    // A day and a bit later the challenge has expired: its message is edited, buttons gone.
    let from = fake.call_count();
    let bot = Bot::start_later(&fake, &database, 25 * 3600).await;
    let edit = fake
        .wait_for(from, "the expired challenge edited", |c| {
            c.method == "PATCH" && c.path == format!("/channels/{CHANNEL_ID}/messages/{message_id}")
        })
        .await;
    assert!(edit.content().contains("expired"), "{}", edit.content());
    assert!(edit.buttons().is_empty());
    // A click on the old button says so.
    let accept = call.button("accept:");
    let refused = press(&fake, BOB, &message, &accept).await;
    assert!(refused.is_ephemeral());
    assert_eq!(refused.content(), "This challenge has expired");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn aborting_before_reds_first_move() {
    let Setup {
        fake, bot, _dir, ..
    } = setup().await;
    let thread = opened_game(&fake, &[]).await;
    // No red tile yet: either player may abort.
    let from = fake.call_count();
    let (_, call) = command(&fake, BOB, &thread, "abort", &[], &[]).await;
    assert!(call.is_ephemeral(), "deferred privately");
    let note = fake
        .wait_for(from, "the abort note", |c| c.path.starts_with("/webhooks/"))
        .await;
    assert!(
        note.content().contains("was aborted by bob"),
        "{}",
        note.content()
    );
    let board = fake
        .wait_for(from, "the board of the aborted game", |c| {
            c.path == format!("/channels/{thread}/messages")
        })
        .await;
    assert!(board.content().contains("aborted"), "{}", board.content());
    // Nothing more can be played, and nobody is rated.
    let call = try_place(&fake, ALICE, &thread, "e5 e6").await;
    assert!(call.is_ephemeral());
    assert_eq!(call.content(), "Game #1 is over");
    let (_, call) = command(&fake, ALICE, CHANNEL_ID, "leaderboard", &[], &[]).await;
    assert!(
        call.content().contains("No rated games"),
        "{}",
        call.content()
    );
    bot.stop().await;
}
