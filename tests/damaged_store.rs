//! The service when its database misbehaves or is shared: a move log with rows missing, two
//! processes opening one new file at once.

mod common;

use std::sync::Arc;

use common::PlayText;
use ponte::service::{Player, PlayerId, Service, ServiceError, Venue};
use sqlx::Connection;
use tempfile::TempDir;

fn alice() -> Player {
    Player::new(PlayerId::from_snowflake(1001), "alice")
}
fn bob() -> Player {
    Player::new(PlayerId::from_snowflake(1002), "bob")
}

/// Runs `sql` on the database file behind the service's back, as a hand edit would.
async fn tamper(dir: &TempDir, sql: &str) {
    let mut conn = sqlx::SqliteConnection::connect(&common::database_url(dir))
        .await
        .unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

async fn count(dir: &TempDir, sql: &str) -> i64 {
    let mut conn = sqlx::SqliteConnection::connect(&common::database_url(dir))
        .await
        .unwrap();
    let n = sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    n
}

#[tokio::test]
async fn a_log_with_a_missing_move_marks_its_game_damaged_and_others_go_on() {
    let (dir, clock, service) = common::service_on_a_hand_clock().await;
    let options = Default::default;
    let damaged = common::start_game(&service, &alice(), &bob(), options(), Venue::default()).await;
    let healthy = common::start_game(&service, &alice(), &bob(), options(), Venue::default()).await;
    for (player, mv) in [(alice(), "c3 d4"), (bob(), "e5 e6"), (alice(), "g7 h8")] {
        service.must_play(damaged.id, player.id, mv).await;
    }
    service.must_play(healthy.id, alice().id, "c3 d4").await;
    service.close().await;
    drop(service);
    tamper(
        &dir,
        &format!(
            "DELETE FROM moves WHERE game_id = {} AND ply = 2",
            damaged.id
        ),
    )
    .await;

    let service: Arc<Service> = common::open_service(&dir, clock).await;
    let refused = service
        .play_text(damaged.id, bob().id, "j9 j10", None)
        .await;
    let Err(ServiceError::Damaged(error)) = refused else {
        panic!("a move in a damaged game: {refused:?}");
    };
    let words = error.to_string();
    assert!(
        words.contains(&format!("game #{} is damaged", damaged.id)),
        "{words}"
    );
    assert!(words.contains("move 2 is missing"), "{words}");
    assert!(matches!(
        service.game(damaged.id).await,
        Err(ServiceError::Damaged(_))
    ));
    let moves = format!("SELECT COUNT(*) FROM moves WHERE game_id = {}", damaged.id);
    assert_eq!(count(&dir, &moves).await, 2, "nothing written");

    // A log cut at its end is caught as well: the game counts more moves than it holds (here
    // only move 1 is left).
    tamper(
        &dir,
        &format!(
            "DELETE FROM moves WHERE game_id = {} AND ply = 3",
            damaged.id
        ),
    )
    .await;
    let refused = service
        .play_text(damaged.id, bob().id, "j9 j10", None)
        .await;
    let Err(ServiceError::Damaged(error)) = refused else {
        panic!("a move in a damaged game: {refused:?}");
    };
    assert!(
        error.to_string().contains("holds 1 of the 3 moves"),
        "{error}"
    );

    // The other game goes on.
    service.must_play(healthy.id, bob().id, "e5 e6").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_opening_one_new_file_at_once_both_succeed() {
    for round in 0..12 {
        let dir = tempfile::tempdir().unwrap();
        let url = common::database_url(&dir);
        let (a, b) = tokio::join!(Service::open(&url), Service::open(&url));
        assert!(a.is_ok(), "round {round}: {:?}", a.err());
        assert!(b.is_ok(), "round {round}: {:?}", b.err());
        let (a, b) = (a.unwrap(), b.unwrap());
        let game =
            common::start_game(&a, &alice(), &bob(), Default::default(), Venue::default()).await;
        assert_eq!(b.game(game.id).await.unwrap().id, game.id);
    }
}

/// A second process reading a game while the first saves its moves sees each version whole:
/// a move saved between its reading the game and its reading the log is a later version, not
/// a damaged log (it was once reported as "the log holds 3 of the 2 moves the game counts").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_read_while_its_moves_are_saved_is_never_damaged() {
    let (dir, clock, writer) = common::service_on_a_hand_clock().await;
    let reader = common::open_service(&dir, clock).await;
    let game = common::start_game(
        &writer,
        &alice(),
        &bob(),
        Default::default(),
        Venue::default(),
    )
    .await;
    let id = game.id;
    let playing = tokio::spawn(async move {
        let mut rng = fastrand::Rng::with_seed(3);
        let mut plies = 0;
        while plies < 40 {
            let view = writer.game(id).await.unwrap();
            let Some((_, player)) = view.to_move() else {
                break;
            };
            let mv = ponte::game::playout::random_move(&view.game, &mut rng).unwrap();
            writer.play(id, player.id, mv, None).await.unwrap();
            plies += 1;
        }
        plies
    });
    let (mut reads, mut last) = (0, 0);
    while !playing.is_finished() {
        let view = reader.game(id).await;
        let view = view.unwrap_or_else(|e| panic!("read {reads}: {e}"));
        let plies = view.game.plies();
        assert!(
            plies >= last,
            "a read went back from {last} to {plies} moves"
        );
        (reads, last) = (reads + 1, plies);
    }
    let played = playing.await.unwrap();
    assert_eq!(reader.game(id).await.unwrap().game.plies(), played);
    assert!(reads > played as usize, "{reads} reads of {played} moves");
}
