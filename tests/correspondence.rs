//! Correspondence play in the service: deadlines and reminders on a hand-moved clock, losses on
//! time (after a restart too), ratings applied once per game, leaderboards, aborts, rematches and
//! exports.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{Aborted, PlayText, START};
use ponte::game::{Color, Record};
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, ChallengeOptions, Ending, GameView, ManualClock, MoveOutcome, Player, PlayerId, Service,
    ServiceError, Venue,
};

const DAY: i64 = 86_400_000;
const GUILD: GuildId = GuildId::from_snowflake(77);
/// A server other than [`GUILD`].
const OTHER_GUILD: GuildId = GuildId::from_snowflake(78);

fn venue() -> Venue {
    Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(5)),
    }
}

fn days(n: u64) -> ChallengeOptions {
    ChallengeOptions {
        move_time: Some(Duration::from_secs(n * 86_400)),
        ..ChallengeOptions::default()
    }
}

/// `p` acting outside any server.
fn member(p: &Player) -> Actor {
    Actor::member(p.clone(), None)
}

/// The server's leaderboard is empty: nobody was rated.
async fn nobody_rated(service: &Service) {
    let board = service.leaderboard(GUILD, 1, player(99).id).await.unwrap();
    assert!(board.rows.is_empty());
}

fn player(n: i64) -> Player {
    Player::new(PlayerId::from_snowflake((1000 + n) as u64), format!("p{n}"))
}

async fn start(service: &Service, a: &Player, b: &Player, options: ChallengeOptions) -> GameView {
    common::start_game(service, a, b, options, venue()).await
}

#[tokio::test]
async fn reminders_at_a_quarter_and_a_loss_on_time() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let (a, b) = (player(1), player(2));
    let game = start(&service, &a, &b, days(4)).await;
    assert_eq!(game.deadline_at, Some(START + 4 * DAY));

    clock.advance(2 * DAY);
    assert!(service.take_reminders().await.unwrap().is_empty());
    clock.advance(DAY); // a quarter of the time left
    let due = service.take_reminders().await.unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].0.id, game.id);
    assert!(!due[0].1, "no direct message without /notify");
    assert!(
        service.take_reminders().await.unwrap().is_empty(),
        "one reminder a move"
    );

    // A move moves the deadline on; the next reminder can come again, with a DM now.
    service
        .set_notify(&Actor::member(b.clone(), Some(GUILD)), true)
        .await
        .unwrap();
    service.must_play(game.id, a.id, "c3 e5").await;
    clock.advance(3 * DAY);
    let due = service.take_reminders().await.unwrap();
    assert_eq!(due.len(), 1);
    assert!(due[0].1, "b asked for direct messages");

    assert!(service.resolve_timeouts().await.unwrap().is_empty());
    clock.advance(DAY);
    let ended = service.resolve_timeouts().await.unwrap();
    assert_eq!(ended.len(), 1);
    let result = ended[0].result.unwrap();
    assert_eq!(result.ending, Ending::Timeout);
    assert_eq!(result.winner, Some(Color::White));
    assert!(service.resolve_timeouts().await.unwrap().is_empty());
    assert!(matches!(
        service.play_text(game.id, b.id, "d4 f6", None).await,
        Err(ServiceError::GameOver(_))
    ));
    // Rated: the winner gained, the loser lost.
    let board = service.leaderboard(GUILD, 1, a.id).await.unwrap();
    assert_eq!(board.rows.len(), 2);
    assert_eq!(board.rows[0].1.player.id, a.id);
    assert!(board.rows[0].1.rating > 1500.0);
    assert_eq!(board.rows[1].1.losses, 1);
}

#[tokio::test]
async fn a_restart_after_the_deadline_resolves_it_at_once() {
    let (dir, _clock, service) = common::service_on_a_hand_clock().await;
    let (a, b) = (player(1), player(2));
    let options = ChallengeOptions {
        move_time: Some(Duration::from_secs(3600)),
        ..ChallengeOptions::default()
    };
    let game = start(&service, &a, &b, options).await;
    service.close().await;
    drop(service);

    let later = Arc::new(ManualClock::new(START + 2 * 3_600_000));
    let service = common::open_service(&dir, later).await;
    let ended = service.resolve_timeouts().await.unwrap();
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0].id, game.id);
    // The opener did not open in time: Red wins.
    assert_eq!(ended[0].result.unwrap().winner, Some(Color::Red));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_endings_rate_a_game_once() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    for round in 0..10 {
        let (a, b) = (player(1), player(2));
        let game = start(&service, &a, &b, days(1)).await;
        if round % 2 == 0 {
            // Past the deadline, the late player's resignation and the scheduler both try to
            // end the game on time: one of them does.
            clock.advance(2 * DAY);
            let resign = {
                let service = service.clone();
                tokio::spawn(async move { service.play_text(game.id, a.id, "resign", None).await })
            };
            let timeout = {
                let service = service.clone();
                tokio::spawn(async move { service.resolve_timeouts().await })
            };
            let (resign, timeout) = (resign.await.unwrap(), timeout.await.unwrap().unwrap());
            assert!(
                matches!(
                    resign,
                    Ok(MoveOutcome::LostOnTime(_)) | Err(ServiceError::GameOver(_))
                ),
                "round {round}: {resign:?}"
            );
            assert!(timeout.len() <= 1);
            let ended = service.game(game.id).await.unwrap();
            assert_eq!(ended.result.unwrap().ending, Ending::Timeout);
        } else {
            // Both players resign at once: exactly one resignation counts.
            let tasks = [a.id, b.id].map(|who| {
                let service = service.clone();
                tokio::spawn(async move { service.play_text(game.id, who, "resign", None).await })
            });
            let mut applied = 0;
            for task in tasks {
                if task.await.unwrap().is_ok() {
                    applied += 1;
                }
            }
            assert_eq!(applied, 1, "round {round}");
        }
        let history = service.stats(GUILD, a.id).await.unwrap().history;
        assert_eq!(history.len(), round + 1, "one rating change per game");
    }
    let board = service.leaderboard(GUILD, 1, player(99).id).await.unwrap();
    let games: i64 = board.rows.iter().map(|(_, r)| r.games()).sum();
    assert_eq!(games, 20);
}

#[tokio::test]
async fn leaderboards_rank_settled_before_provisional_and_page() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let service = common::open_service(&dir, clock).await;
    // p1 beats p2..p7 (six games: settled); p2..p13 each play once more among themselves.
    let champion = player(1);
    for n in 2..=7 {
        let g = start(&service, &champion, &player(n), ChallengeOptions::default()).await;
        service.must_play(g.id, player(n).id, "resign").await;
    }
    for n in (8..=24).step_by(2) {
        let g = start(
            &service,
            &player(n),
            &player(n + 1),
            ChallengeOptions::default(),
        )
        .await;
        service.must_play(g.id, player(n + 1).id, "resign").await;
    }
    // An unrated game changes nothing.
    let unrated = ChallengeOptions {
        rated: false,
        ..ChallengeOptions::default()
    };
    let g = start(&service, &player(2), &player(3), unrated).await;
    service.must_play(g.id, player(2).id, "resign").await;

    let first = service.leaderboard(GUILD, 1, player(25).id).await.unwrap();
    assert_eq!(first.pages, 3);
    assert_eq!(first.rows.len(), 10);
    assert_eq!(first.rows[0].1.player.id, champion.id);
    let champion_rating = &first.rows[0].1;
    assert!(!champion_rating.provisional, "{champion_rating:?}");
    assert!(first.rows[1].1.provisional);
    let ranks: Vec<usize> = first.rows.iter().map(|(rank, _)| *rank).collect();
    assert_eq!(ranks, (1..=10).collect::<Vec<_>>());
    // Among provisional players, higher ratings first.
    let ratings: Vec<f64> = first.rows[1..].iter().map(|(_, r)| r.rating).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]));
    // The viewer's line even when off the page.
    let (rank, mine) = first.viewer.expect("p25 is ranked");
    assert!(rank > 10);
    assert_eq!(mine.player.id, player(25).id);
    let third = service.leaderboard(GUILD, 3, player(99).id).await.unwrap();
    assert_eq!(third.rows.len(), 5);
    assert_eq!(third.rows[0].0, 21);
    assert_eq!(
        service
            .leaderboard(GUILD, 99, player(99).id)
            .await
            .unwrap()
            .page,
        3,
        "pages past the end show the last"
    );
    let p3 = service.stats(GUILD, player(3).id).await.unwrap();
    assert_eq!(
        p3.history.len(),
        1,
        "the unrated game is not in the history"
    );
    assert_eq!(p3.recent.len(), 2, "but it is among the recent games");
    assert_eq!(p3.streak, ('L', 1), "the unrated win does not count");
}

#[tokio::test]
async fn aborts_before_reds_first_move_only_and_by_managers() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let service = common::open_service(&dir, clock).await;
    let (a, b, c) = (player(1), player(2), player(3));

    // After White's opening, before Red's first move: either player may abort.
    let game = start(&service, &a, &b, ChallengeOptions::default()).await;
    service.must_play(game.id, a.id, "c3 e5").await;
    let aborted = service.abort(game.id, &member(&b)).await.aborted();
    assert_eq!(aborted.result.unwrap().ending, Ending::Aborted);
    nobody_rated(&service).await;

    // The swap is Red's first move (Red's choice): too late then.
    let game = start(&service, &a, &b, ChallengeOptions::default()).await;
    service.must_play(game.id, a.id, "c3 e5").await;
    service.must_play(game.id, b.id, "swap").await;
    assert!(matches!(
        service.abort(game.id, &member(&a)).await,
        Err(ServiceError::TooLateToAbort)
    ));
    service
        .abort(game.id, &Actor::manager(c.clone(), GUILD))
        .await
        .aborted();

    let game = start(&service, &a, &b, ChallengeOptions::default()).await;
    service.must_play(game.id, a.id, "c3 e5").await;
    service.must_play(game.id, b.id, "d4 f6").await;
    assert!(matches!(
        service.abort(game.id, &member(&b)).await,
        Err(ServiceError::TooLateToAbort)
    ));
    assert!(matches!(
        service.abort(game.id, &member(&c)).await,
        Err(ServiceError::NotYourAbort(_))
    ));
    assert!(matches!(
        service
            .abort(game.id, &Actor::manager(c.clone(), OTHER_GUILD))
            .await,
        Err(ServiceError::NotYourAbort(_))
    ));
    let aborted = service
        .abort(game.id, &Actor::manager(c.clone(), GUILD))
        .await
        .aborted();
    assert_eq!(aborted.result.unwrap().winner, None);
    assert!(!aborted.rated);
    nobody_rated(&service).await;
}

#[tokio::test]
async fn rematches_let_the_loser_open_and_exports_replay() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let service = common::open_service(&dir, clock).await;
    let (a, b) = (player(1), player(2));
    let options = ChallengeOptions {
        variant: ponte::game::Variant::boxed(10).unwrap(),
        ..days(7)
    };
    let game = start(&service, &a, &b, options).await;
    for (who, mv) in [(&a, "c3 e5"), (&b, "d4 f6"), (&a, "c5 e7")] {
        service.must_play(game.id, who.id, mv).await;
    }
    assert!(matches!(
        service
            .rematch(game.id, &Actor::member(a.clone(), Some(GUILD)))
            .await,
        Err(ServiceError::NotOver(_))
    ));
    service.must_play(game.id, a.id, "resign").await;

    // The winner asks; the loser (a) opens the new game.
    let rematch = service
        .rematch(game.id, &Actor::member(b.clone(), Some(GUILD)))
        .await
        .unwrap();
    assert_eq!(rematch.options.variant, options.variant);
    assert_eq!(rematch.options.move_time, options.move_time);
    let next = service
        .accept(rematch.id, &Actor::member(a.clone(), Some(GUILD)))
        .await
        .unwrap();
    assert_eq!(next.white, a);
    assert_eq!(next.opener, a.id);
    assert!(matches!(
        service
            .rematch(game.id, &Actor::member(player(9), Some(GUILD)))
            .await,
        Err(ServiceError::NotYourRematch(_))
    ));

    let text = service.export(game.id).await.unwrap();
    assert!(text.starts_with(
        "# Ponte del Diavolo, game #1\n# White: p1\n# Red: p2\n# Started: 2023-11-14\n"
    ));
    assert!(
        text.contains("# Result: p2 (red) wins, by resignation"),
        "{text}"
    );
    let replay = text.parse::<Record>().unwrap().replay();
    assert!(replay.error.is_none());
    let stored = service.game(game.id).await.unwrap();
    assert_eq!(replay.game, stored.game);
    assert_eq!(replay.game.outcome().unwrap().winner(), Some(Color::Red));
}

#[tokio::test]
async fn a_move_after_the_deadline_is_a_loss_on_time() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let (a, b) = (player(1), player(2));
    let game = start(&service, &a, &b, days(1)).await;
    service.must_play(game.id, a.id, "c3 e5").await;
    clock.advance(2 * DAY);
    let Ok(MoveOutcome::LostOnTime(lost)) = service.play_text(game.id, b.id, "d4 f6", None).await
    else {
        panic!("a move after the deadline is a loss on time");
    };
    assert_eq!(lost.result.unwrap().ending, Ending::Timeout);
    assert_eq!(lost.moves.len(), 1, "nothing was played");
    assert!(matches!(
        service.abort(game.id, &member(&b)).await,
        Err(ServiceError::GameOver(_))
    ));
    let ended = service.game(game.id).await.unwrap();
    assert_eq!(ended.result.unwrap().winner, Some(Color::White));
    assert_eq!(ended.result.unwrap().ending, Ending::Timeout);
    // The swap keeps Red to move, so the deadline after it is Red's (the first player's).
    let game = start(&service, &a, &b, days(1)).await;
    service.must_play(game.id, a.id, "c3 e5").await;
    clock.advance(DAY / 2);
    let swapped = service.must_play(game.id, b.id, "swap").await.game;
    assert_eq!(swapped.deadline_at, Some(service.now() + DAY));
    assert_eq!(swapped.to_move().unwrap().1, &a);
}

#[tokio::test]
async fn stats_count_only_rated_games_in_the_streak() {
    let dir = tempfile::tempdir().unwrap();
    let service = common::open_service(&dir, Arc::new(ManualClock::new(START))).await;
    let (a, b) = (player(1), player(2));
    let unrated = ChallengeOptions {
        rated: false,
        ..days(1)
    };
    for _ in 0..2 {
        let game = start(&service, &a, &b, unrated).await;
        service.must_play(game.id, b.id, "resign").await;
    }
    let stats = service.stats(GUILD, a.id).await.unwrap();
    assert_eq!(stats.recent.len(), 2, "the unrated games are listed");
    assert!(stats.standing.is_none(), "no rated game");
    assert_eq!(stats.streak.1, 0, "and no streak from unrated games");
    assert!(stats.history.is_empty());

    let game = start(&service, &a, &b, days(1)).await;
    service.must_play(game.id, b.id, "resign").await;
    let stats = service.stats(GUILD, a.id).await.unwrap();
    assert_eq!(stats.streak, ('W', 1));
}
