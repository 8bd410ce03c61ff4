//! `ponte backup`: a consistent copy of the live database, taken by another process while this
//! one saves moves, holds every move acknowledged before it began and passes SQLite's integrity
//! check; an existing backup is replaced only with `--force`; nothing is left half-written.
//! It never harms what it copies: the database itself (however spelled) and the files beside it
//! are refused as destinations even with `--force`, as is anything but a regular file; a
//! database that does not exist or is no ponte database is refused, not created; and each
//! failure names what failed (a missing folder, a full disk).

mod common;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use common::{Played, START, start_game};
use ponte::game::playout;
use ponte::service::{ChallengeOptions, GameId, ManualClock, Player, PlayerId, Service, Venue};
use sqlx::Connection;

/// Saves random moves in new games, one after another, counting those acknowledged, until told
/// to stop.
async fn keep_playing(service: Arc<Service>, acknowledged: Arc<AtomicU64>, stop: Arc<AtomicBool>) {
    let mut rng = fastrand::Rng::with_seed(7);
    let (a, b) = (
        Player::new(PlayerId::from_snowflake(1), "alice"),
        Player::new(PlayerId::from_snowflake(2), "bob"),
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

/// A service on the database in `dir` saving moves in the background (see [`keep_playing`]),
/// once `at_least` are acknowledged: the service, the count, the flag that stops it, its task.
async fn moves_being_saved(
    dir: &tempfile::TempDir,
    at_least: u64,
) -> (
    Arc<Service>,
    Arc<AtomicU64>,
    Arc<AtomicBool>,
    tokio::task::JoinHandle<()>,
) {
    let service = common::open_service(dir, Arc::new(ManualClock::new(START))).await;
    let acknowledged = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = tokio::spawn(keep_playing(
        service.clone(),
        acknowledged.clone(),
        stop.clone(),
    ));
    while acknowledged.load(Ordering::SeqCst) < at_least {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    (service, acknowledged, stop, writer)
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
    let (_service, acknowledged, stop, writer) = moves_being_saved(&dir, 200).await;

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
    while let Ok(game) = copy.game(GameId::try_from(id).unwrap()).await {
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
    assert_eq!(output.status.code(), Some(1));
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

/// `ponte backup DEST --database URL [--force]` run in `dir`: its exit status and what it said.
fn backup_in(dir: &Path, dest: &str, url: &str, force: bool) -> (Option<i32>, String) {
    let mut args = vec!["backup", dest, "--database", url];
    if force {
        args.push("--force");
    }
    let output = common::ponte(&args).current_dir(dir).output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    (output.status.code(), said)
}

/// Every move saved in the database at `path`, read by a new connection as a new bot would.
async fn saved_moves(path: &Path) -> i64 {
    let url = format!("sqlite://{}", path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let moves = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_database_is_refused_as_its_own_backup_even_with_force_while_moves_are_saved() {
    let dir = tempfile::tempdir().unwrap();
    let (service, acknowledged, stop, writer) = moves_being_saved(&dir, 50).await;
    let database = dir.path().join("ponte.db");
    let absolute = database.display().to_string();
    std::os::unix::fs::symlink("ponte.db", dir.path().join("link.db")).unwrap();
    let tries = [
        ("ponte.db", "sqlite://ponte.db".to_string()),
        ("./ponte.db", format!("sqlite://{absolute}")),
        (absolute.as_str(), "sqlite://ponte.db".to_string()),
        ("link.db", "sqlite://./ponte.db".to_string()),
    ];
    for (dest, url) in tries {
        let before = acknowledged.load(Ordering::SeqCst);
        let (dir, dest, url) = (dir.path().to_path_buf(), dest.to_string(), url.clone());
        let (status, said) =
            tokio::task::spawn_blocking(move || backup_in(&dir, &dest, &url, true))
                .await
                .unwrap();
        assert_eq!(status, Some(1), "{said}");
        assert!(said.contains("a backup must go elsewhere"), "{said}");
        assert!(said.contains("is the database"), "{said}");
        while acknowledged.load(Ordering::SeqCst) < before + 10 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    stop.store(true, Ordering::SeqCst);
    writer.await.unwrap();

    // What a new bot would open: sound, and holding every move the bot acknowledged.
    assert_eq!(integrity(&database).await, "ok");
    let acknowledged = acknowledged.load(Ordering::SeqCst);
    assert_eq!(saved_moves(&database).await, acknowledged as i64);
    service.close().await;
    assert_eq!(integrity(&database).await, "ok");
    assert_eq!(saved_moves(&database).await, acknowledged as i64);
}

#[tokio::test]
async fn every_spelling_of_the_database_and_the_files_beside_it_are_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    let (a, b) = (
        Player::new(PlayerId::from_snowflake(1), "alice"),
        Player::new(PlayerId::from_snowflake(2), "bob"),
    );
    let game = start_game(
        &service,
        &a,
        &b,
        ChallengeOptions::default(),
        Venue::default(),
    )
    .await;
    let mv = playout::random_move(&game.game, &mut fastrand::Rng::with_seed(1)).unwrap();
    service.play(game.id, a.id, mv, None).await.played();
    // The bot is running: its write-ahead log and shared memory are beside the database.
    let database = dir.path().join("ponte.db");
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::hard_link(&database, dir.path().join("hard.db")).unwrap();
    std::os::unix::fs::symlink(dir.path(), dir.path().join("here")).unwrap();
    let listed = common::file_names(dir.path());
    assert!(listed.contains(&"ponte.db-wal".to_string()), "{listed:?}");
    let bytes = |name: &str| std::fs::read(dir.path().join(name)).unwrap();
    let (db, wal) = (bytes("ponte.db"), bytes("ponte.db-wal"));

    let refused = [
        "sub/../ponte.db",
        "here/ponte.db",
        "hard.db",
        "ponte.db-wal",
        "./ponte.db-shm",
        "here/ponte.db-wal",
        // Not there now, but SQLite would read it as the database's journal.
        "ponte.db-journal",
    ];
    for dest in refused {
        for force in [false, true] {
            let (status, said) = backup_in(dir.path(), dest, "sqlite://ponte.db", force);
            assert_eq!(status, Some(1), "{dest}: {said}");
            assert!(
                said.contains("a backup must go elsewhere"),
                "{dest}: {said}"
            );
            assert_eq!(
                common::file_names(dir.path()),
                listed,
                "{dest}: nothing created"
            );
            assert_eq!(bytes("ponte.db"), db, "{dest}");
            assert_eq!(bytes("ponte.db-wal"), wal, "{dest}");
        }
    }
    assert_eq!(integrity(&database).await, "ok");
    assert_eq!(service.game(game.id).await.unwrap().moves.len(), 1);
    service.close().await;
}

#[tokio::test]
async fn a_destination_that_is_no_regular_file_is_refused_even_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    service.close().await;
    let folder = dir.path().join("backups");
    std::fs::create_dir(&folder).unwrap();
    // A device reached through a link of the test's own, so that a backup renamed over it
    // would replace the link, never the machine's /dev/null.
    std::os::unix::fs::symlink("/dev/null", dir.path().join("null")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.path().join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    let listed = common::file_names(dir.path());
    let url = common::database_url(&dir);
    let cases = [
        ("null", "null is not a regular file"),
        ("pipe", "pipe is not a regular file"),
        ("backups", "backups is a folder: name the backup's file"),
        ("backups/", "backups/ is a folder: name the backup's file"),
        (".", ". is a folder: name the backup's file"),
        ("-", "`-` would be the standard output, which is no file"),
    ];
    for (dest, message) in cases {
        let (status, said) = backup_in(dir.path(), dest, &url, true);
        assert_eq!(status, Some(1), "{dest}: {said}");
        assert!(said.contains(message), "{dest}: {said}");
        assert_eq!(common::file_names(dir.path()), listed, "{dest}");
        assert_eq!(common::file_names(&folder), Vec::<String>::new(), "{dest}");
    }
    use std::os::unix::fs::FileTypeExt;
    let kind = |name: &str| {
        std::fs::metadata(dir.path().join(name))
            .unwrap()
            .file_type()
    };
    assert!(kind("null").is_char_device());
    assert!(kind("pipe").is_fifo());
    assert_eq!(integrity(&dir.path().join("ponte.db")).await, "ok");
}

#[tokio::test]
async fn a_link_as_destination_gets_the_copy_in_the_file_it_leads_to_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    service.close().await;
    let url = common::database_url(&dir);
    let backups = dir.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    let is_link = |name: &str| {
        std::fs::symlink_metadata(dir.path().join(name))
            .unwrap()
            .file_type()
            .is_symlink()
    };
    // latest -> backups/today.db, which does not exist yet: it is created, without --force.
    std::os::unix::fs::symlink("backups/today.db", dir.path().join("latest")).unwrap();
    let (status, said) = backup_in(dir.path(), "latest", &url, false);
    assert_eq!(status, Some(0), "{said}");
    assert!(is_link("latest"));
    assert_eq!(common::file_names(&backups), ["today.db"]);
    assert_eq!(integrity(&backups.join("today.db")).await, "ok");

    // Now it exists: replaced only with --force, and the link is kept.
    std::fs::write(backups.join("today.db"), b"an older backup").unwrap();
    let (status, said) = backup_in(dir.path(), "latest", &url, false);
    assert_eq!(status, Some(1), "{said}");
    assert!(said.contains("today.db exists already"), "{said}");
    assert_eq!(
        std::fs::read(backups.join("today.db")).unwrap(),
        b"an older backup"
    );
    let (status, said) = backup_in(dir.path(), "latest", &url, true);
    assert_eq!(status, Some(0), "{said}");
    assert!(is_link("latest"));
    assert_eq!(
        common::file_names(&backups),
        ["today.db"],
        "nothing left beside it"
    );
    assert_eq!(integrity(&backups.join("today.db")).await, "ok");

    // A link to a pipe: refused, the pipe and the link as they were.
    let made = std::process::Command::new("mkfifo")
        .arg(backups.join("pipe"))
        .status()
        .unwrap();
    assert!(made.success());
    std::os::unix::fs::symlink("backups/pipe", dir.path().join("to-pipe")).unwrap();
    let (status, said) = backup_in(dir.path(), "to-pipe", &url, true);
    assert_eq!(status, Some(1), "{said}");
    assert!(said.contains("is not a regular file"), "{said}");
    assert!(is_link("to-pipe"));
    use std::os::unix::fs::FileTypeExt;
    let pipe = std::fs::symlink_metadata(backups.join("pipe")).unwrap();
    assert!(pipe.file_type().is_fifo());

    // A link that leads nowhere but to a file SQLite would read beside the database: refused.
    std::os::unix::fs::symlink("ponte.db-journal", dir.path().join("journal")).unwrap();
    let (status, said) = backup_in(dir.path(), "journal", &url, true);
    assert_eq!(status, Some(1), "{said}");
    assert!(said.contains("a backup must go elsewhere"), "{said}");
    assert!(!dir.path().join("ponte.db-journal").exists());
}

#[tokio::test]
async fn a_database_that_does_not_exist_or_is_no_ponte_database_is_refused_and_nothing_is_created()
{
    let dir = tempfile::tempdir().unwrap();
    // A mistyped name: neither it nor a backup is created.
    let (status, said) = backup_in(dir.path(), "backup.db", "sqlite://ponet.db", false);
    assert_eq!(status, Some(1), "{said}");
    assert!(
        said.contains("the database ponet.db does not exist"),
        "{said}"
    );
    assert_eq!(common::file_names(dir.path()), Vec::<String>::new());

    std::fs::write(dir.path().join("notes.db"), "some words, no database").unwrap();
    std::fs::write(dir.path().join("empty.db"), "").unwrap();
    let other = dir.path().join("other.db");
    let mut conn =
        sqlx::SqliteConnection::connect(&format!("sqlite://{}?mode=rwc", other.display()))
            .await
            .unwrap();
    sqlx::query("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    std::fs::create_dir(dir.path().join("folder.db")).unwrap();
    let listed = common::file_names(dir.path());
    for source in ["notes.db", "empty.db", "other.db", "folder.db"] {
        let url = format!("sqlite://{source}");
        let (status, said) = backup_in(dir.path(), "backup.db", &url, true);
        assert_eq!(status, Some(1), "{source}: {said}");
        assert!(
            said.contains(&format!("{source} is not a ponte database")),
            "{source}: {said}"
        );
        assert_eq!(
            common::file_names(dir.path()),
            listed,
            "{source}: nothing created"
        );
    }
    assert_eq!(
        std::fs::read(dir.path().join("notes.db")).unwrap(),
        b"some words, no database"
    );
}

#[tokio::test]
async fn a_missing_folder_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    service.close().await;
    let url = common::database_url(&dir);
    let listed = common::file_names(dir.path());
    let (status, said) = backup_in(dir.path(), "backups/b.db", &url, false);
    assert_eq!(status, Some(1), "{said}");
    assert!(said.contains("the folder backups does not exist"), "{said}");
    let (status, said) = backup_in(dir.path(), "ponte.db/b.db", &url, false);
    assert_eq!(status, Some(1), "{said}");
    assert!(said.contains("ponte.db is not a folder"), "{said}");
    assert_eq!(common::file_names(dir.path()), listed);
    assert_eq!(integrity(&dir.path().join("ponte.db")).await, "ok");
}

#[tokio::test]
async fn a_full_disk_is_named_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(&dir);
    // The bot is running.
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    let database = dir.path().join("ponte.db");
    // Its schema alone is more than the file system below can hold (most of it still in the
    // write-ahead log).
    let size = |name: &str| std::fs::metadata(dir.path().join(name)).unwrap().len();
    let size = size("ponte.db") + size("ponte.db-wal");
    assert!(size > 64 * 1024, "the copy must not fit: {size} bytes");
    let full = dir.path().join("full");
    std::fs::create_dir(&full).unwrap();
    let listed = common::file_names(dir.path());
    // A 64 KiB file system of its own, seen only by this command (a new user and mount
    // namespace, which needs no root).
    let script = r#"mount -t tmpfs -o size=64k tmpfs "$1" || exit 97
"$2" backup "$1/b.db" --database "$3"
status=$?
echo "left: $(ls -A "$1")"
exit $status"#;
    let mut command = std::process::Command::new("unshare");
    command
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "sh",
            "-c",
            script,
            "sh",
        ])
        .arg(&full)
        .arg(env!("CARGO_BIN_EXE_ponte"))
        .arg(&url)
        .env_remove("DATABASE_URL");
    let output = tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(97) || said.contains("unshare:") {
        // No mount namespace here: the message is tested on its own in `service::backup`.
        eprintln!("skipped: this machine lets no test mount a small file system: {said}");
        service.close().await;
        return;
    }
    assert_eq!(output.status.code(), Some(1), "{said}");
    assert!(
        said.contains(&format!(
            "no room left on the disk for the backup in {}",
            full.display()
        )),
        "{said}"
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        stdout.trim(),
        "left:",
        "no partial file left on the full disk"
    );
    assert_eq!(common::file_names(dir.path()), listed);
    assert_eq!(integrity(&database).await, "ok");
    service.close().await;
}

/// The timer's unit prunes old backups only after a copy succeeded: the pruning is its
/// `ExecStartPost=`, which systemd runs only when `ExecStart=` exited 0, and not part of the
/// `ExecStart=` line.
#[test]
fn the_daily_unit_prunes_only_after_a_backup_succeeded() {
    let unit = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/deploy/ponte-backup.service"
    ))
    .unwrap();
    let lines: Vec<&str> = unit.lines().filter(|l| !l.starts_with('#')).collect();
    let starts: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("ExecStart="))
        .collect();
    assert_eq!(starts.len(), 1, "{starts:?}");
    assert!(
        starts[0].contains("exec /usr/local/bin/ponte backup"),
        "{}",
        starts[0]
    );
    assert!(!starts[0].contains("find") && !starts[0].contains("-delete"));
    let prunes: Vec<_> = lines.iter().filter(|l| l.contains("-delete")).collect();
    assert_eq!(prunes.len(), 1, "{prunes:?}");
    assert!(prunes[0].starts_with("ExecStartPost="), "{}", prunes[0]);
}
