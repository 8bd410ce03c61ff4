//! The web board's doors in the service, on real SQLite files and a hand-moved clock: a login
//! link is personal, spent once, only within 15 minutes, and kept only as a hash; a session
//! lasts 30 days and ends everywhere at a logout; page addresses are random and lead to their
//! game; a server's private pages show only to their players.

mod common;

use common::{START, service_on_a_hand_clock, short_options, start_game};
use ponte::i18n::Lang;
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, LINK_LIFETIME, Player, PlayerId, SESSION_LIFETIME, ServiceError, Venue,
};

const GUILD: GuildId = GuildId::from_snowflake(77);

fn player(n: u64, name: &str) -> Player {
    Player::new(PlayerId::from_snowflake(1000 + n), name)
}

fn venue() -> Venue {
    Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(5)),
    }
}

#[tokio::test]
async fn a_link_opens_one_session_for_its_player_once() {
    let (dir, _clock, service) = service_on_a_hand_clock().await;
    let (alice, bob) = (player(1, "alice"), player(2, "bob"));
    let game = start_game(&service, &alice, &bob, short_options(), venue()).await;
    let link = service
        .login_link(
            &Actor::member(alice.clone(), Some(GUILD)),
            game.id,
            Lang::De,
        )
        .await
        .unwrap();
    assert!(link.secret.len() >= 22, "at least 128 bits");
    assert_eq!(link.expires_at, START + LINK_LIFETIME);

    // Looking does not spend it.
    let offer = service.login_offer(&link.secret).await.unwrap();
    assert_eq!((offer.player.name.as_str(), offer.game), ("alice", game.id));
    let offer_again = service.login_offer(&link.secret).await.unwrap();
    assert_eq!(offer, offer_again);

    let session = service.log_in(&link.secret).await.unwrap();
    assert_eq!(session.player.id, alice.id);
    assert_eq!(session.lang, Some(Lang::De));
    assert_eq!(session.page, offer.page);
    assert_eq!(service.game_of_page(&session.page).await.unwrap(), game.id);
    assert!(matches!(
        service.log_in(&link.secret).await,
        Err(ServiceError::LinkUsed)
    ));

    let holder = service.session_holder(&session.secret).await.unwrap();
    assert_eq!(holder.unwrap().player.id, alice.id);

    // Only hashes are kept: neither secret is anywhere in the database file.
    service.close().await;
    let file = std::fs::read(dir.path().join("ponte.db")).unwrap();
    let wal = std::fs::read(dir.path().join("ponte.db-wal")).unwrap_or_default();
    for secret in [&link.secret, &session.secret] {
        for bytes in [&file, &wal] {
            assert!(!bytes.windows(secret.len()).any(|w| w == secret.as_bytes()));
        }
    }
}

#[tokio::test]
async fn links_run_out_and_sessions_end() {
    let (_dir, clock, service) = service_on_a_hand_clock().await;
    let (alice, bob, carol) = (player(1, "alice"), player(2, "bob"), player(3, "carol"));
    let game = start_game(&service, &alice, &bob, short_options(), venue()).await;
    let carol_asks = service
        .login_link(&Actor::member(carol, Some(GUILD)), game.id, Lang::En)
        .await;
    assert!(matches!(carol_asks, Err(ServiceError::NotYourGame(_))));
    assert!(matches!(
        service.login_offer("not-a-link").await,
        Err(ServiceError::LinkUnknown)
    ));

    let bob_actor = Actor::member(bob.clone(), Some(GUILD));
    let late = service
        .login_link(&bob_actor, game.id, Lang::En)
        .await
        .unwrap();
    clock.advance(LINK_LIFETIME);
    assert!(matches!(
        service.log_in(&late.secret).await,
        Err(ServiceError::LinkExpired)
    ));

    let first = service
        .login_link(&bob_actor, game.id, Lang::En)
        .await
        .unwrap();
    let second = service
        .login_link(&bob_actor, game.id, Lang::En)
        .await
        .unwrap();
    let unopened = service
        .login_link(&bob_actor, game.id, Lang::En)
        .await
        .unwrap();
    let one = service.log_in(&first.secret).await.unwrap();
    let two = service.log_in(&second.secret).await.unwrap();
    clock.advance(SESSION_LIFETIME - 1);
    assert!(service.session_holder(&one.secret).await.unwrap().is_some());
    assert_eq!(service.log_out_everywhere(bob.id).await.unwrap(), 2);
    for session in [&one, &two] {
        assert_eq!(service.session_holder(&session.secret).await.unwrap(), None);
    }
    // A logout spends the links given but not yet opened too.
    assert!(service.log_in(&unopened.secret).await.is_err());

    let three = service
        .login_link(&bob_actor, game.id, Lang::En)
        .await
        .unwrap();
    let three = service.log_in(&three.secret).await.unwrap();
    clock.advance(SESSION_LIFETIME);
    assert_eq!(service.session_holder(&three.secret).await.unwrap(), None);
}

#[tokio::test]
async fn private_pages_show_only_to_their_players() {
    let (_dir, _clock, service) = service_on_a_hand_clock().await;
    let (alice, bob, carol) = (player(1, "alice"), player(2, "bob"), player(3, "carol"));
    let game = start_game(&service, &alice, &bob, short_options(), venue()).await;
    let page = service.game_page(game.id).await.unwrap();
    assert_eq!(
        service.game_page(game.id).await.unwrap(),
        page,
        "one address"
    );
    assert!(page.len() >= 22);
    assert!(matches!(
        service.game_of_page("nope").await,
        Err(ServiceError::UnknownPage)
    ));
    assert!(service.may_watch(&game, None).await.unwrap());
    assert!(service.may_watch(&game, Some(carol.id)).await.unwrap());

    let member = Actor::member(carol.clone(), Some(GUILD));
    assert!(matches!(
        service.set_private_pages(&member, true).await,
        Err(ServiceError::ManagersOnly)
    ));
    let manager = Actor::manager(carol.clone(), GUILD);
    service.set_private_pages(&manager, true).await.unwrap();
    assert!(service.private_pages(&member).await.unwrap());
    assert!(!service.may_watch(&game, None).await.unwrap());
    assert!(!service.may_watch(&game, Some(carol.id)).await.unwrap());
    assert!(service.may_watch(&game, Some(alice.id)).await.unwrap());
    assert!(service.may_watch(&game, Some(bob.id)).await.unwrap());
}
