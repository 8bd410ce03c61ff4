//! `puzzle` and `solve` in `ponte local`: a puzzle on the text board with its choices by letter
//! and its picture, the built-in set after the database's own; answered by letter, by number or by typing the move,
//! the rating changing once; a bad answer and a `solve` before any puzzle get a short reason.

mod common;

use ponte::store::Store;

#[tokio::test]
async fn puzzles_in_the_terminal_are_shown_answered_by_letter_number_or_move_and_rated_once() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let store = Store::open(&database).await.unwrap();
    for second in ["a1 a3", "b1 b3", "a5 a7"] {
        store
            .insert_puzzle(&common::puzzle(second), None, None, 1)
            .await
            .unwrap();
    }
    store.close().await;

    // The built-in set is served too, each puzzle nearest the player's rating: before each
    // run the next of this test's puzzles is put at alice's rating, so that it comes next.
    let run = |input: &'static str| {
        let mut command = common::ponte(&["local", "--database", &database]);
        command
            .env("LC_ALL", "C.UTF-8")
            .arg("--pictures")
            .arg(dir.path());
        async move {
            let output =
                tokio::task::spawn_blocking(move || common::run_with_input(command, input))
                    .await
                    .unwrap();
            common::stdout_of_success(output)
        }
    };
    let at_alices_rating = |puzzle: i64| {
        let database = database.clone();
        async move {
            let pool = sqlx::SqlitePool::connect(&database).await.unwrap();
            sqlx::query(
                "UPDATE puzzles SET rating = (SELECT r.rating FROM puzzle_ratings r
                     JOIN players p ON p.id = r.player_id WHERE p.name = 'alice')
                 WHERE id = ?",
            )
            .bind(puzzle)
            .execute(&pool)
            .await
            .unwrap();
            pool.close().await;
        }
    };
    let mut out = run("as alice solve a\nas alice puzzle\nsolve e\nsolve a\nsolve b\n").await;
    at_alices_rating(2).await;
    out += &run("as alice puzzle\nsolve 3\n").await;
    at_alices_rating(3).await;
    out += &run("as alice puzzle\nsolve g4 g2\npuzzle\n").await;
    for said in [
        "error: no puzzle is shown: type `puzzle` first",
        "Puzzle #1 · Red to move · rated 1500",
        "  a) h1 h3\n  b) g2 g4\n  c) f1 f3",
        "Answer with `solve` and a letter, a number or the move",
        "error: usage: solve a | solve 2 | solve g2 g4",
        "❌ Not this one: h1 h3 is the move played in the game",
        "Your puzzle rating: 1500 → ",
        "Puzzle #1 was answered before: your puzzle rating stays ",
        "Puzzle #2 · Red to move",
        "✅ Right: f1 f3 keeps the advantage.",
        "Puzzle #3 · Red to move",
        "✅ Right: g2 g4 keeps the advantage.",
    ] {
        assert!(out.contains(said), "{said:?} not in:\n{out}");
    }
    // Then the built-in set, kept after the three puzzles of this test.
    let last = out.rsplit("🧩 Puzzle #").next().unwrap();
    let id: i64 = last.split(' ').next().unwrap().parse().unwrap();
    assert!(id > 3, "{out}");
    for picture in ["puzzle-1.png", "puzzle-1-answer.png", "puzzle-3-answer.png"] {
        let bytes = std::fs::read(dir.path().join(picture)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{picture}");
    }
}
