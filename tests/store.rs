//! The store's queries on real SQLite files, each against what it must read or write: players,
//! challenges (and the one transaction that accepts one), games with their move log and the
//! version check, reminders, ratings and settings.

use ponte::store::{
    ChallengeStatus, EndReason, GameStatus, GameUpdate, NewChallenge, NewGame, NewMove, RatingRow,
    Store, StoreError, StoredVariant, Winner,
};
use tempfile::TempDir;

const NOW: i64 = 1_700_000_000_000;
const VARIANT: StoredVariant = StoredVariant {
    size: 12,
    tiles: Some(60),
    bridges: Some(22),
};

async fn open() -> (TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = Store::open(&url).await.unwrap();
    for (id, name) in [(1, "alice"), (2, "bob"), (3, "carol")] {
        store.upsert_player(id, name, NOW).await.unwrap();
    }
    (dir, store)
}

fn challenge(challenger: i64, challenged: Option<i64>, expires_at: i64) -> NewChallenge {
    NewChallenge {
        challenger_id: challenger,
        challenged_id: challenged,
        variant: VARIANT,
        move_seconds: Some(86_400),
        rated: true,
        guild_id: Some(7),
        channel_id: Some(70),
        created_at: NOW,
        expires_at,
        opener_id: None,
    }
}

fn new_game(opener: i64, other: i64) -> NewGame {
    NewGame {
        opener_id: opener,
        other_id: other,
        variant: VARIANT,
        move_seconds: Some(86_400),
        rated: true,
        guild_id: Some(7),
        channel_id: Some(70),
        deadline_at: Some(NOW + 86_400_000),
        remind_at: Some(NOW + 64_800_000),
        created_at: NOW,
    }
}

/// Starts a game between `opener` (White) and `other` through a challenge.
async fn start(store: &Store, opener: i64, other: i64) -> i64 {
    let id = store
        .insert_challenge(&challenge(opener, Some(other), NOW + 1000))
        .await
        .unwrap();
    store
        .accept_challenge(id, &new_game(opener, other))
        .await
        .unwrap()
        .unwrap()
}

fn update(status: GameStatus, to_move: Option<i64>, deadline: Option<i64>) -> GameUpdate {
    GameUpdate {
        white_id: 1,
        red_id: 2,
        status,
        winner: None,
        end_reason: None,
        to_move_id: to_move,
        deadline_at: deadline,
        remind_at: deadline.map(|d| d - 1000),
        rated: true,
    }
}

fn moves(texts: &[(i64, &str)]) -> Vec<NewMove> {
    texts
        .iter()
        .map(|&(player_id, notation)| NewMove {
            player_id,
            notation: notation.to_string(),
            forced: false,
        })
        .collect()
}

#[tokio::test]
async fn players_keep_their_latest_name_and_their_reminder_choice() {
    let (_dir, store) = open().await;
    store.upsert_player(1, "Alice B.", NOW + 5).await.unwrap();
    assert_eq!(store.player(1).await.unwrap().unwrap().name, "Alice B.");
    assert_eq!(store.player(99).await.unwrap(), None);
    assert!(!store.wants_dm(1).await.unwrap());
    store.set_notify(1, true).await.unwrap();
    assert!(store.wants_dm(1).await.unwrap());
    assert!(!store.wants_dm(2).await.unwrap());
    assert!(
        !store.wants_dm(99).await.unwrap(),
        "an unknown player wants nothing"
    );
}

#[tokio::test]
async fn challenges_are_stored_closed_once_and_expire() {
    let (_dir, store) = open().await;
    let id = store
        .insert_challenge(&challenge(1, Some(2), NOW + 1000))
        .await
        .unwrap();
    let open = store
        .insert_challenge(&challenge(3, None, NOW + 500))
        .await
        .unwrap();
    let row = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(
        (row.challenger_id, row.challenged_id, row.status),
        (1, Some(2), ChallengeStatus::Open)
    );
    assert_eq!(row.variant(), VARIANT);
    store.set_challenge_message(id, 4242).await.unwrap();
    assert_eq!(
        store.challenge(id).await.unwrap().unwrap().message_id,
        Some(4242)
    );
    let ids = |rows: Vec<ponte::store::ChallengeRow>| rows.iter().map(|c| c.id).collect::<Vec<_>>();
    assert_eq!(ids(store.open_challenges_of(2).await.unwrap()), [id]);
    assert_eq!(ids(store.open_challenges_of(3).await.unwrap()), [open]);

    assert!(
        store
            .close_challenge(id, ChallengeStatus::Declined, NOW + 1)
            .await
            .unwrap()
    );
    assert!(
        !store
            .close_challenge(id, ChallengeStatus::Cancelled, NOW + 2)
            .await
            .unwrap(),
        "a closed challenge stays as it was closed"
    );
    assert_eq!(
        store.challenge(id).await.unwrap().unwrap().status,
        ChallengeStatus::Declined
    );

    assert!(store.expire_challenges(NOW + 499).await.unwrap().is_empty());
    let expired = store.expire_challenges(NOW + 500).await.unwrap();
    assert_eq!(ids(expired.clone()), [open]);
    assert_eq!(expired[0].status, ChallengeStatus::Expired);
    assert!(store.expire_challenges(NOW + 600).await.unwrap().is_empty());
    assert!(store.open_challenges_of(3).await.unwrap().is_empty());
}

#[tokio::test]
async fn accepting_starts_one_game_and_refuses_closed_or_expired_challenges() {
    let (_dir, store) = open().await;
    let id = store
        .insert_challenge(&challenge(1, Some(2), NOW + 1000))
        .await
        .unwrap();
    let game = store
        .accept_challenge(id, &new_game(1, 2))
        .await
        .unwrap()
        .expect("an open challenge is accepted");
    let row = store.game(game).await.unwrap().unwrap();
    assert_eq!((row.white_id, row.red_id, row.to_move_id), (1, 2, Some(1)));
    assert_eq!(
        (row.white_name.as_str(), row.red_name.as_str()),
        ("alice", "bob")
    );
    assert_eq!(row.status, GameStatus::Active);
    assert_eq!(
        (row.deadline_at, row.remind_at),
        (Some(NOW + 86_400_000), Some(NOW + 64_800_000))
    );
    let taken = store.challenge(id).await.unwrap().unwrap();
    assert_eq!(
        (taken.status, taken.game_id),
        (ChallengeStatus::Accepted, Some(game))
    );

    // Accepted already, or expired at the time of the answer: nothing is started.
    assert_eq!(
        store.accept_challenge(id, &new_game(1, 2)).await.unwrap(),
        None
    );
    let late = store
        .insert_challenge(&challenge(3, None, NOW + 10))
        .await
        .unwrap();
    let mut after_expiry = new_game(3, 2);
    after_expiry.created_at = NOW + 10;
    assert_eq!(
        store.accept_challenge(late, &after_expiry).await.unwrap(),
        None
    );
    assert!(store.active_games_of(3).await.unwrap().is_empty());
    assert_eq!(store.active_games_of(2).await.unwrap().len(), 1);
}

#[tokio::test]
async fn commits_append_numbered_moves_and_refuse_a_stale_version() {
    let (_dir, store) = open().await;
    let id = start(&store, 1, 2).await;

    let write = store.write_game(id).await.unwrap().unwrap();
    let committed = write
        .commit(
            &moves(&[(1, "c3 e5")]),
            &update(GameStatus::Active, Some(2), Some(NOW + 5000)),
            NOW + 1,
        )
        .await
        .unwrap();
    assert_eq!(committed.game.plies, 1);
    assert_eq!(committed.game.version, 1);
    assert_eq!(committed.moves[0].ply, 1);

    let mut write = store.write_game(id).await.unwrap().unwrap();
    assert_eq!(write.moves().await.unwrap().len(), 1);
    let committed = write
        .commit(
            &moves(&[(2, "d4 f6"), (1, "pass")]),
            &update(GameStatus::Active, Some(2), None),
            NOW + 2,
        )
        .await
        .unwrap();
    let plies: Vec<i64> = committed.moves.iter().map(|m| m.ply).collect();
    assert_eq!(plies, [2, 3], "what the commit wrote, numbered on");
    let log = store.moves(id).await.unwrap();
    assert_eq!(
        log.iter().map(|m| m.notation.as_str()).collect::<Vec<_>>(),
        ["c3 e5", "d4 f6", "pass"]
    );
    assert_eq!(log[1..], committed.moves[..]);

    // A writer who read version 2 before another writer moved the game on writes nothing.
    let version_read = store.game(id).await.unwrap().unwrap().version;
    store
        .write_game(id)
        .await
        .unwrap()
        .unwrap()
        .commit(&[], &update(GameStatus::Active, Some(1), None), NOW + 3)
        .await
        .unwrap();
    let mut write = store.write_game(id).await.unwrap().unwrap();
    write.game.version = version_read;
    let refused = write
        .commit(
            &moves(&[(2, "a1 a3")]),
            &update(GameStatus::Active, Some(1), None),
            NOW + 4,
        )
        .await;
    assert!(matches!(refused, Err(StoreError::Conflict)), "{refused:?}");
    assert_eq!(
        store.moves(id).await.unwrap().len(),
        3,
        "no move was written"
    );
    assert_eq!(store.game(id).await.unwrap().unwrap().version, 3);
    assert!(store.write_game(999).await.unwrap().is_none());
}

#[tokio::test]
async fn games_are_found_by_channel_thread_player_and_deadline() {
    let (_dir, store) = open().await;
    let first = start(&store, 1, 2).await;
    let second = start(&store, 3, 1).await;
    store.set_thread(first, Some(900)).await.unwrap();

    let ids = |rows: Vec<ponte::store::GameRow>| rows.iter().map(|g| g.id).collect::<Vec<_>>();
    assert_eq!(ids(store.active_games_in(900).await.unwrap()), [first]);
    assert_eq!(
        ids(store.active_games_in(70).await.unwrap()),
        [second],
        "a game with a thread is shown there, not in its channel"
    );
    assert_eq!(
        ids(store.active_games_of(1).await.unwrap()),
        [first, second]
    );
    assert_eq!(store.game_in_thread(900).await.unwrap().unwrap().id, first);
    assert!(store.game_in_thread(901).await.unwrap().is_none());

    // The first game ends: it leaves the active lists but stays its thread's game.
    let mut finished = update(GameStatus::Finished, None, None);
    finished.winner = Some(Winner::White);
    finished.end_reason = Some(EndReason::Resign);
    let write = store.write_game(first).await.unwrap().unwrap();
    write
        .commit(&moves(&[(2, "resign")]), &finished, NOW + 10)
        .await
        .unwrap();
    assert!(store.active_games_in(900).await.unwrap().is_empty());
    assert_eq!(store.game_in_thread(900).await.unwrap().unwrap().id, first);
    assert_eq!(
        ids(store.finished_games_of(7, 1, 10).await.unwrap()),
        [first]
    );
    assert!(store.finished_games_of(8, 1, 10).await.unwrap().is_empty());
    let row = store.game(first).await.unwrap().unwrap();
    assert_eq!(
        (row.status, row.winner, row.end_reason),
        (
            GameStatus::Finished,
            Some(Winner::White),
            Some(EndReason::Resign)
        )
    );

    // Deadlines and reminders of the game still going on.
    assert!(
        store
            .overdue_games(NOW + 86_399_999)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.overdue_games(NOW + 86_400_000).await.unwrap(),
        [second]
    );
    assert!(
        store
            .take_due_reminders(NOW + 64_799_999)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.take_due_reminders(NOW + 64_800_000).await.unwrap(),
        [second]
    );
    assert!(
        store
            .take_due_reminders(NOW + 64_800_001)
            .await
            .unwrap()
            .is_empty(),
        "one reminder per move"
    );
    let third = start(&store, 2, 3).await;
    assert!(
        store
            .take_due_reminders(NOW + 86_400_000)
            .await
            .unwrap()
            .is_empty(),
        "no reminder once the deadline has passed (game #{third})"
    );
}

#[tokio::test]
async fn an_unknown_status_in_the_database_is_an_error_not_a_guess() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("store.db").display());
    let store = Store::open(&url).await.unwrap();
    store.upsert_player(1, "alice", NOW).await.unwrap();
    store.upsert_player(2, "bob", NOW).await.unwrap();
    let game = start(&store, 1, 2).await;
    let challenge = store
        .insert_challenge(&challenge(1, Some(2), NOW + 1000))
        .await
        .unwrap();
    store.close().await;

    // Another program (or a bad hand edit) writes a status the schema does not know.
    let options = url.parse::<sqlx::sqlite::SqliteConnectOptions>().unwrap();
    let mut conn = sqlx::ConnectOptions::connect(&options).await.unwrap();
    sqlx::query("PRAGMA ignore_check_constraints = ON")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("UPDATE games SET status = 'paused' WHERE id = ?")
        .bind(game)
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("UPDATE challenges SET status = 'maybe' WHERE id = ?")
        .bind(challenge)
        .execute(&mut conn)
        .await
        .unwrap();
    drop(conn);

    let store = Store::open(&url).await.unwrap();
    assert!(store.game(game).await.is_err());
    assert!(store.challenge(challenge).await.is_err());
}

#[tokio::test]
async fn ratings_are_saved_with_their_history_once_per_game() {
    let (_dir, store) = open().await;
    let id = start(&store, 1, 2).await;
    let mut write = store.write_game(id).await.unwrap().unwrap();
    assert_eq!(write.ratings(7, [1, 2]).await.unwrap(), [None, None]);
    let rating = |player: i64, rating: f64, wins: i64, losses: i64| RatingRow {
        guild_id: 7,
        player_id: player,
        rating,
        deviation: 300.0,
        volatility: 0.06,
        wins,
        losses,
        draws: 0,
        updated_at: NOW + 1,
    };
    write
        .save_ratings(&[rating(1, 1600.0, 1, 0), rating(2, 1400.0, 0, 1)])
        .await
        .unwrap();
    let mut finished = update(GameStatus::Finished, None, None);
    finished.winner = Some(Winner::White);
    finished.end_reason = Some(EndReason::Resign);
    let saved = write
        .commit(&moves(&[(2, "resign")]), &finished, NOW + 1)
        .await
        .unwrap();
    assert!(saved.game.rating_applied);

    let board = store.ratings_in(7).await.unwrap();
    let names: Vec<(&str, f64)> = board
        .iter()
        .map(|r| (r.name.as_str(), r.rating.rating))
        .collect();
    assert_eq!(names, [("alice", 1600.0), ("bob", 1400.0)]);
    assert!(store.ratings_in(8).await.unwrap().is_empty());
    let history = store.rating_history(7, 2).await.unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!((history[0].game_id, history[0].rating), (id, 1400.0));

    // A rating written without a commit is not kept.
    let other = start(&store, 1, 3).await;
    let mut write = store.write_game(other).await.unwrap().unwrap();
    assert_eq!(
        write.ratings(7, [1, 3]).await.unwrap()[0]
            .as_ref()
            .map(|r| r.rating),
        Some(1600.0)
    );
    write
        .save_ratings(&[rating(1, 1700.0, 2, 0), rating(3, 1300.0, 0, 1)])
        .await
        .unwrap();
    drop(write);
    assert_eq!(store.ratings_in(7).await.unwrap()[0].rating.rating, 1600.0);
    assert!(store.rating_history(7, 3).await.unwrap().is_empty());
}

#[tokio::test]
async fn settings_are_kept_and_replaced() {
    let (_dir, store) = open().await;
    assert_eq!(store.setting("commands").await.unwrap(), None);
    store.set_setting("commands", "v1").await.unwrap();
    store.set_setting("commands", "v2").await.unwrap();
    assert_eq!(
        store.setting("commands").await.unwrap().as_deref(),
        Some("v2")
    );
}
