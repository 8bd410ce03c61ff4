//! The web board from Discord, with the real bot against the fake Discord: with `WEB_ADDR` and
//! `PUBLIC_URL` set, every board of a game carries Open board; a player's click gets a personal
//! login link (for them alone, in their language, which the service accepts), anyone else the
//! game's page, or a refusal where the server made its pages private; `/web logout` ends the
//! sessions; the reminder by direct message and the digest carry the game's page. Without the
//! settings no board carries the button; one setting alone stops the
//! start. No log line holds a login link's secret, even at `trace`.

mod fake_discord;

use fake_discord::bot::{
    ALICE, BOB, Bot, CAROL, command, digest_options, fake_and_database, place, press, setup_with,
    start_game,
};
use fake_discord::{CHANNEL_ID, Call, FakeDiscord, User, click, message_json, slash};
use ponte::i18n::Lang;
use ponte::service::Service;
use serde_json::{Value, json};

const PUBLIC_URL: &str = "http://127.0.0.1:9";

/// The Link buttons of an answer: (label, url).
fn links(call: &Call) -> Vec<(String, String)> {
    let data = call.json.get("data").unwrap_or(&call.json);
    data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["style"] == 5)
        .map(|b| {
            assert!(b.get("custom_id").is_none(), "a Link button has no id: {b}");
            let label = b["label"].as_str().unwrap_or_default().to_string();
            (label, b["url"].as_str().unwrap().to_string())
        })
        .collect()
}

/// `user` clicks Open board on `board` in `locale`: the answer, which only they see.
async fn open_board(fake: &FakeDiscord, user: User, board: &Value, locale: &str) -> Call {
    let custom_id = message_buttons(board)
        .into_iter()
        .find(|b| b.starts_with("web:"))
        .expect("an Open board button");
    let (id, mut payload) = click(fake, user, board, &custom_id);
    payload["locale"] = json!(locale);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    let answer = fake.callback(from, &id).await;
    assert!(answer.is_ephemeral(), "{}", answer.json);
    answer
}

fn message_buttons(message: &Value) -> Vec<String> {
    let call = Call {
        method: String::new(),
        path: String::new(),
        json: message.clone(),
        files: Vec::new(),
        repeated: false,
        status: 200,
    };
    call.buttons()
}

/// `/settings pages private:<private>` by alice (every member of the fake manages the server).
async fn pages_private(fake: &FakeDiscord, private: bool) -> Call {
    let (id, mut payload) = slash(fake, ALICE, CHANNEL_ID, "settings", &[], &[]);
    payload["data"]["options"] = json!([{
        "name": "pages", "type": 1,
        "options": [{"name": "private", "type": 5, "value": private}]
    }]);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    fake.callback(from, &id).await
}

/// `/web logout` by `user`: its answer.
async fn log_out(fake: &FakeDiscord, user: User) -> Call {
    let (id, mut payload) = slash(fake, user, CHANNEL_ID, "web", &[], &[]);
    payload["data"]["options"] = json!([{"name": "logout", "type": 1, "options": []}]);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    fake.callback(from, &id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_board_gives_players_a_login_link_and_others_the_page() {
    let (fake, _dir, database) = fake_and_database().await;
    let env = [
        ("WEB_ADDR", "127.0.0.1:0"),
        ("PUBLIC_URL", "http://127.0.0.1:9/"),
        ("RUST_LOG", "trace"),
    ];
    let (bot, logs) = Bot::spawn_logged(&fake, &database, &env);
    fake.wait_for(0, "command registration", |c| {
        c.method == "PUT" && c.path.ends_with("/commands")
    })
    .await;

    // The start post, a move's board and /board's answer carry Open board.
    let (thread, start) = start_game(&fake, &[]).await;
    assert!(
        start.buttons().iter().any(|b| b == "web:1"),
        "{}",
        start.json
    );
    let (_, board) = place(&fake, ALICE, &thread, "c3 d4").await;
    assert!(
        board.buttons().iter().any(|b| b == "web:1"),
        "{}",
        board.json
    );
    let (_, shown) = command(
        &fake,
        CAROL,
        &thread,
        "board",
        &[("game", 4, json!(1))],
        &[],
    )
    .await;
    assert!(
        shown.buttons().iter().any(|b| b == "web:1"),
        "{}",
        shown.json
    );
    let board = message_json("1", &thread, &board.json);

    // Alice, in German: her own link, for her alone.
    let answer = open_board(&fake, ALICE, &board, "de").await;
    assert!(
        answer.content().contains("persönlicher Link"),
        "{}",
        answer.content()
    );
    assert!(
        answer.content().contains("15 Minuten"),
        "{}",
        answer.content()
    );
    let [(label, url)] = links(&answer).try_into().unwrap();
    assert_eq!(label, "Anmelden und Brett öffnen");
    let secret = url
        .strip_prefix(&format!("{PUBLIC_URL}/login#"))
        .unwrap_or_else(|| panic!("a login link: {url}"))
        .to_string();
    assert!(secret.len() >= 22, "{secret}");

    // The service knows the link: alice's, into game 1; spent, it logs her in in German.
    let service = Service::open(&database).await.unwrap();
    let offer = service.login_offer(&secret).await.unwrap();
    assert_eq!((offer.player.name.as_str(), offer.game.get()), ("alice", 1));
    let session = service.log_in(&secret).await.unwrap();
    assert_eq!(session.lang, Some(Lang::De));

    // Carol plays no part: the game's page, to watch.
    let answer = open_board(&fake, CAROL, &board, "en-US").await;
    let [(label, url)] = links(&answer).try_into().unwrap();
    assert_eq!(label, "Watch the game");
    assert_eq!(url, format!("{PUBLIC_URL}/g/{}", offer.page));
    assert!(answer.content().contains("watch"), "{}", answer.content());

    // Private pages: carol is refused, bob (a player) still gets his link.
    let set = pages_private(&fake, true).await;
    assert!(
        set.content().contains("only to their players"),
        "{}",
        set.content()
    );
    let answer = open_board(&fake, CAROL, &board, "en-US").await;
    assert!(links(&answer).is_empty(), "{}", answer.json);
    assert!(
        answer
            .content()
            .starts_with("This server's game pages show only to their players"),
        "{}",
        answer.content()
    );
    let answer = open_board(&fake, BOB, &board, "en-US").await;
    assert!(links(&answer)[0].1.contains("/login#"), "{}", answer.json);

    // /web logout ends alice's one session.
    let answer = log_out(&fake, ALICE).await;
    assert!(answer.is_ephemeral(), "{}", answer.json);
    assert!(
        answer
            .content()
            .starts_with("Logged out of the web board on 1 device"),
        "{}",
        answer.content()
    );
    let answer = log_out(&fake, ALICE).await;
    assert!(
        answer.content().starts_with("You were not logged in"),
        "{}",
        answer.content()
    );
    service.close().await;

    bot.stop().await;
    let logs = logs.await.unwrap();
    assert!(logs.len() > 1000, "the bot logged at trace level: {logs}");
    assert!(logs.contains("web board: serving on"), "the start says so");
    let bytes = secret
        .bytes()
        .map(|b| b.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let hex: String = secret.bytes().map(|b| format!("{b:02x}")).collect();
    for spelled in [&secret, &bytes, &hex] {
        assert!(
            !logs.contains(spelled.as_str()),
            "a login link's secret is in the logs"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_web_board_no_board_carries_open_board() {
    let (fake, _dir, database) = fake_and_database().await;
    let _bot = Bot::start(&fake, &database).await;
    fake.wait_for(0, "command registration", |c| {
        c.method == "PUT" && c.path.ends_with("/commands")
    })
    .await;
    let (thread, start) = start_game(&fake, &[]).await;
    let (_, board) = place(&fake, ALICE, &thread, "c3 d4").await;
    let (_, shown) = command(
        &fake,
        CAROL,
        &thread,
        "board",
        &[("game", 4, json!(1))],
        &[],
    )
    .await;
    for call in [&start, &board, &shown] {
        assert!(
            !call.buttons().iter().any(|b| b.starts_with("web:")),
            "{}",
            call.json
        );
        assert!(links(call).is_empty(), "{}", call.json);
    }
    // A button left from when the web board was served says it is not any more.
    let board = message_json("1", &thread, &board.json);
    let answer = press(&fake, CAROL, &board, "web:1").await;
    assert!(answer.is_ephemeral(), "{}", answer.json);
    assert_eq!(answer.content(), "The web board is not served any more.");
    // /web logout answers all the same.
    let answer = log_out(&fake, BOB).await;
    assert!(
        answer.content().starts_with("You were not logged in"),
        "{}",
        answer.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_web_setting_alone_stops_the_start_naming_the_other() {
    for (set, missing) in [("WEB_ADDR", "PUBLIC_URL"), ("PUBLIC_URL", "WEB_ADDR")] {
        let (fake, _dir, database) = fake_and_database().await;
        let value = if set == "WEB_ADDR" {
            "127.0.0.1:0"
        } else {
            PUBLIC_URL
        };
        let (bot, logs) = Bot::spawn_logged(&fake, &database, &[(set, value)]);
        let status = bot.exited(std::time::Duration::from_secs(30)).await;
        assert!(!status.success());
        let logs = logs.await.unwrap();
        assert!(
            logs.contains(&format!("{set} is set but {missing} is not")),
            "{logs}"
        );
    }
}

/// The web board's settings, for a bot that is to serve it.
const WEB: [(&str, &str); 2] = [("WEB_ADDR", "127.0.0.1:0"), ("PUBLIC_URL", PUBLIC_URL)];

/// Game 1's page address, as the service has it.
async fn page_of_game_one(database: &str) -> String {
    let service = Service::open(database).await.unwrap();
    let page = service
        .game_page(ponte::service::GameId::try_from(1).unwrap())
        .await
        .unwrap();
    service.close().await;
    format!("<{PUBLIC_URL}/g/{page}>")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reminder_and_the_digest_carry_the_games_page() {
    let (fake, _dir, database, bot) = setup_with(&WEB).await.parts();
    // One hour per move; bob to move, reminded by direct message, and a digest at the next hour.
    let (thread, _) = start_game(&fake, &[("time", 4, json!(1))]).await;
    let reminders = [("reminders", 4, json!(0))];
    command(&fake, BOB, CHANNEL_ID, "notify", &reminders, &[]).await;
    place(&fake, ALICE, &thread, "c3 d4").await;
    bot.stop().await;

    let from = fake.call_count();
    let bot = Bot::spawn(&fake, &database, 50 * 60, &WEB);
    let reminder = fake
        .wait_for(from, "the reminder DM", |c| {
            c.path.starts_with("/channels/9") && c.content().contains("Your move in game #1")
        })
        .await;
    let page = page_of_game_one(&database).await;
    assert!(
        reminder
            .content()
            .ends_with(&format!("\nOn the web board: {page}")),
        "{}",
        reminder.content()
    );
    bot.stop().await;

    let (fake, _dir, database, bot) = setup_with(&WEB).await.parts();
    let (thread, _) = start_game(&fake, &[]).await;
    place(&fake, ALICE, &thread, "c3 d4").await;
    let (options, _) = digest_options(1);
    command(&fake, BOB, CHANNEL_ID, "notify", &options, &[]).await;
    bot.stop().await;
    let from = fake.call_count();
    let _bot = Bot::spawn(&fake, &database, 3600 + 60, &WEB);
    let digest = fake
        .wait_for(from, "the digest", |c| {
            c.path.starts_with("/channels/9") && c.content().starts_with("Your daily digest")
        })
        .await;
    let page = page_of_game_one(&database).await;
    let line = digest
        .content()
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    assert!(
        line.starts_with("#1") && line.ends_with(&format!(" · {page}")),
        "{line}"
    );
}
