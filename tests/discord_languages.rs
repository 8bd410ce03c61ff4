//! The bot in German and French through the fake Discord: the commands it registers carry
//! German and French names and descriptions for every command, option and choice; an answer
//! only one user sees follows that user's locale (errors included); posts in a game's thread
//! follow the server's language (Discord's `guild_locale`, or `/settings language`), the board
//! picture's caption too.

mod fake_discord;

use fake_discord::bot::{ALICE, BOB, board_in, setup};
use fake_discord::{CHANNEL_ID, FakeDiscord, Opt, User, click, slash};
use ponte::game::{Game, Variant};
use ponte::i18n::Lang;
use ponte::render::{Picture, render_png};
use serde_json::{Value, json};

/// Sends `payload` as coming from a user with `locale` in a server with `guild_locale`; returns
/// the interaction's callback.
async fn send(
    fake: &FakeDiscord,
    (id, mut payload): (String, Value),
    locale: &str,
    guild_locale: &str,
) -> fake_discord::Call {
    payload["locale"] = json!(locale);
    payload["guild_locale"] = json!(guild_locale);
    let from = fake.call_count();
    fake.dispatch("INTERACTION_CREATE", payload);
    fake.callback(from, &id).await
}

async fn slash_as(
    fake: &FakeDiscord,
    user: User,
    channel: &str,
    name: &str,
    options: &[Opt],
    (locale, guild_locale): (&str, &str),
) -> fake_discord::Call {
    let payload = slash(fake, user, channel, name, options, &[BOB]);
    send(fake, payload, locale, guild_locale).await
}

/// Every command, option and choice the bot registered, with its German and French names.
#[tokio::test]
async fn the_registered_commands_carry_german_and_french_words() {
    let setup = setup().await;
    let registration = setup
        .fake
        .calls()
        .into_iter()
        .find(|c| c.method == "PUT" && c.path.ends_with("/commands"))
        .unwrap();
    let commands = registration.json.as_array().expect("a list of commands");
    let mut checked = 0;
    fn walk(item: &Value, checked: &mut usize) {
        let name = item["name"].as_str().unwrap();
        for lang in ["de", "fr"] {
            let localized = item["name_localizations"][lang].as_str();
            assert!(
                localized.is_some_and(|l| !l.is_empty()),
                "{name} has no {lang} name"
            );
            // Choices have no description.
            if item.get("value").is_none() {
                let description = item["description_localizations"][lang].as_str();
                assert!(
                    description.is_some_and(|d| !d.is_empty() && d != item["description"]),
                    "{name} has no {lang} description"
                );
            }
        }
        *checked += 1;
        for key in ["options", "choices"] {
            for child in item[key].as_array().into_iter().flatten() {
                walk(child, checked);
            }
        }
    }
    for command in commands {
        walk(command, &mut checked);
    }
    assert!(checked > 40, "{checked}");
    let command = |name: &str| {
        commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("no /{name}"))
    };
    let challenge = command("challenge");
    assert_eq!(challenge["name_localizations"]["de"], "herausfordern");
    assert_eq!(challenge["name_localizations"]["fr"], "défier");
    let size = &challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "size")
        .unwrap()["choices"][0];
    assert_eq!(size["name"], "12×12 (default)");
    assert_eq!(size["name_localizations"]["de"], "12×12 (Standard)");
    assert_eq!(size["name_localizations"]["fr"], "12×12 (par défaut)");
    assert_eq!(command("place")["name_localizations"]["de"], "setzen");
    assert_eq!(command("bridge")["name_localizations"]["fr"], "pont");
    setup.bot.stop().await;
}

/// A German user in a French server: the user's answers are German, the thread's posts and
/// pictures French, until the server's managers choose German for its posts.
#[tokio::test]
async fn answers_follow_the_user_and_posts_follow_the_server() {
    let setup = setup().await;
    let fake = &setup.fake;
    let german_in_french_server = ("de", "fr");
    let english_in_french_server = ("en-US", "fr");

    // The challenge is a public post: French.
    let options = [("opponent", 6, json!(BOB.id)), ("size", 4, json!(1))];
    let payload = slash(fake, ALICE, CHANNEL_ID, "challenge", &options, &[BOB]);
    let challenge_id = payload.0.clone();
    let challenge = send(fake, payload, "de", "fr").await;
    assert!(
        challenge
            .content()
            .contains("à une partie classée de Ponte del Diavolo (10×10"),
        "{}",
        challenge.content()
    );
    let labels = challenge.json["data"]["components"][0]["components"].clone();
    assert_eq!(labels[0]["label"], "Accepter", "{labels}");

    // Bob accepts; the challenge message is updated in French, the thread opens.
    let message = fake.original(&challenge_id).unwrap();
    let accept = challenge.button("accept:");
    let from = fake.call_count();
    let update = send(
        fake,
        click(fake, BOB, &message, &accept),
        english_in_french_server.0,
        english_in_french_server.1,
    )
    .await;
    assert!(
        update.content().starts_with("bob a accepté : partie #1"),
        "{}",
        update.content()
    );
    let thread = message["id"].as_str().unwrap().to_string();
    let board = board_in(fake, from, &thread).await;
    assert!(
        board
            .content()
            .starts_with("Partie #1 : alice (Blanc) contre bob (Rouge), coup 1."),
        "{}",
        board.content()
    );
    assert!(
        board.content().contains("tu commences"),
        "{}",
        board.content()
    );
    // The picture is the French one, not the English one.
    let game = Game::new(Variant::boxed(10).unwrap());
    let picture = |lang, title| {
        render_png(&Picture {
            game: &game,
            white: "alice",
            red: "bob",
            title,
            ending: None,
            lang,
        })
    };
    assert_eq!(board.png().unwrap(), picture(Lang::Fr, "Partie #1"));
    assert_ne!(board.png().unwrap(), picture(Lang::En, "Game #1"));

    // Alice's mistakes and confirmations are hers to read: German.
    let mistake = slash_as(
        fake,
        ALICE,
        &thread,
        "place",
        &[("first", 3, json!("c3")), ("second", 3, json!("c3"))],
        german_in_french_server,
    )
    .await;
    assert!(mistake.is_ephemeral());
    assert_eq!(
        mistake.content(),
        "Die beiden Steine gehören auf zwei verschiedene Felder, nicht beide auf c3"
    );
    let from = fake.call_count();
    let saved = slash_as(
        fake,
        ALICE,
        &thread,
        "place",
        &[("first", 3, json!("c3")), ("second", 3, json!("d4"))],
        german_in_french_server,
    )
    .await;
    assert_eq!(
        saved.content(),
        "Gespeichert: Zug 1 von Partie #1. Der Spielplan folgt."
    );
    let board = board_in(fake, from, &thread).await;
    assert!(
        board
            .content()
            .contains("**alice** (blanc) a posé `c3 d4`."),
        "{}",
        board.content()
    );
    let pie = board.json["components"][0]["components"].clone();
    assert_eq!(pie[0]["label"], "Échanger — prendre Blanc", "{pie}");

    // The server's managers choose German for its posts.
    let (id, mut payload) = slash(fake, ALICE, CHANNEL_ID, "settings", &[], &[]);
    payload["data"]["options"] = json!([{
        "name": "language", "type": 1,
        "options": [{"name": "language", "type": 4, "value": 2}]
    }]);
    let chosen = send(fake, (id, payload), "fr", "fr").await;
    assert_eq!(
        chosen.content(),
        "Ab jetzt poste ich auf diesem Server auf Deutsch."
    );
    let from = fake.call_count();
    let reply = slash_as(
        fake,
        BOB,
        &thread,
        "place",
        &[("first", 3, json!("e5")), ("second", 3, json!("e6"))],
        english_in_french_server,
    )
    .await;
    assert_eq!(
        reply.content(),
        "Saved: move 2 of game #1. The board follows."
    );
    let board = board_in(fake, from, &thread).await;
    assert!(
        board
            .content()
            .contains("**bob** (Rot) hat `e5 e6` gesetzt."),
        "{}",
        board.content()
    );
    setup.bot.stop().await;
}
