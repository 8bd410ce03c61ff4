//! `ponte backup`: a consistent copy of the live database, taken by another process while this
//! one saves moves, holds every move acknowledged before it began and passes SQLite's integrity
//! check; an existing backup is replaced only with `--force`; nothing is left half-written.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use common::{Played, START, start_game};
use ponte::game::playout;
use ponte::service::{ChallengeOptions, GameId, ManualClock, Player, PlayerId, Service, Venue};
use sqlx::Connection;

/// Saves random moves in new games, one after another, counting those acknowledged, until told
/// to stop.
async fn keep_playing(service: Arc<Service>, acknowledged: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let mut rng = fastrand::Rng::with_seed(7);
    let (a, b) = (
        Player::new(PlayerId(1), "alice"),
        Player::new(PlayerId(2), "bob"),
    );
    let venue = Venue::default();
    let mut game = start_game(&service, &a, &b, ChallengeOptions::default(), venue).await;
    while !stop.load(Ordering::SeqCst) {
        let Some((_, player)) = game.to_move() else {
            game = start_game(&service, &a, &b, ChallengeOptions::default(), venue).await;
            continue;
        };
        let player = player.id;
        let mv = playout::random_move(&game.game, &mut rng).unwrap();
        let report = service.play(game.id, player, mv, None).await.played();
        acknowledged.fetch_add(report.played.len() as u64, Ordering::SeqCst);
        game = report.game;
    }
}

async fn integrity(path: &std::path::Path) -> String {
    let url = format!("sqlite://{}", path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_moves_are_saved_holds_every_move_acknowledged_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(&dir);
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    let acknowledged = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = tokio::spawn(keep_playing(
        service.clone(),
        acknowledged.clone(),
        stop.clone(),
    ));
    while acknowledged.load(Ordering::SeqCst) < 200 {
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }

    let dest = dir.path().join("backup.db");
    let before = acknowledged.load(Ordering::SeqCst);
    let args = [
        "backup".to_string(),
        dest.display().to_string(),
        "--database".to_string(),
        url.clone(),
    ];
    let output = tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        common::ponte(&args).output().unwrap()
    })
    .await
    .unwrap();
    let during = acknowledged.load(Ordering::SeqCst);
    stop.store(true, Ordering::SeqCst);
    writer.await.unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{said} {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(during > before, "moves were saved while the copy was made");

    assert_eq!(integrity(&dest).await, "ok");
    let copy = Service::open(&format!("sqlite://{}", dest.display()))
        .await
        .unwrap();
    let mut moves = 0;
    let mut id = 1;
    while let Ok(game) = copy.game(GameId(id)).await {
        moves += game.moves.len() as u64;
        id += 1;
    }
    copy.close().await;
    assert!(
        moves >= before,
        "the copy holds {moves} moves, {before} were acknowledged before it began"
    );
    assert!(
        said.contains(&format!("{moves} moves")),
        "the count said is the copy's: {said}"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains("partial"))
        .collect();
    assert_eq!(left, Vec::<String>::new(), "no partial file left");
}

#[tokio::test]
async fn an_existing_backup_is_replaced_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(&dir);
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    service.close().await;
    let dest = dir.path().join("backup.db");
    std::fs::write(&dest, b"an older backup").unwrap();

    let output = common::ponte(&["backup", dest.to_str().unwrap(), "--database", &url])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("exists already (--force replaces it)"),
        "{said}"
    );
    assert_eq!(std::fs::read(&dest).unwrap(), b"an older backup");

    let args = [
        "backup",
        dest.to_str().unwrap(),
        "--database",
        &url,
        "--force",
    ];
    let output = common::ponte(&args).output().unwrap();
    assert!(output.status.success());
    assert_eq!(integrity(&dest).await, "ok");
}
