//! How long a hint takes, through the service as a front end asks for it (the wait for a core,
//! the search, the count saved): 20 positions of one game of hints against `easy`, 12×12 with
//! the box. Ignored by default (it measures, it checks only the 2 s bound):
//! `cargo test --test hint_time -- --ignored --nocapture`.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use ponte::service::{
    Actor, AiTerms, ChallengeOptions, Level, ManualClock, MoveOutcome, Opener, Player, PlayerId,
    Venue,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: run it alone"]
async fn a_hint_answers_within_two_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let service = common::open_service(&dir, Arc::new(ManualClock::new(common::START))).await;
    let alice = Actor::member(Player::new(PlayerId::from_snowflake(1001), "alice"), None);
    let terms = AiTerms {
        level: Level::Easy,
        options: ChallengeOptions::default(),
        venue: Venue::default(),
        opener: Opener::Human,
    };
    let bot = Player::new(PlayerId::from_snowflake(9), "ponte");
    let game = service
        .start_ai_game(&alice, &bot, terms, None)
        .await
        .unwrap();
    let mut times = Vec::new();
    while times.len() < 20 {
        let started = Instant::now();
        let hint = service.hint(game.id, &alice).await.unwrap();
        times.push(started.elapsed());
        let played = service
            .play(game.id, alice.id(), hint.suggested, None)
            .await
            .unwrap();
        let MoveOutcome::Played(report) = played else {
            panic!("lost on time");
        };
        if report.game.is_over() || service.play_ai_turn(game.id).await.unwrap().is_none() {
            break;
        }
    }
    times.sort();
    let median = times[times.len() / 2];
    let max = *times.last().unwrap();
    println!(
        "{} hints: median {} ms, max {} ms",
        times.len(),
        median.as_millis(),
        max.as_millis()
    );
    assert!(max < Duration::from_secs(2), "{max:?}");
}
