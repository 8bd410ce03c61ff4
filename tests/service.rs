//! The game service on real SQLite files: migrations, a whole game from challenge to score, every
//! kind of bad input, challenge lifecycles, and 200 racing submissions.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{PlayText, Played, START};
use fastrand::Rng;
use ponte::game::{Color, Game, IllegalMove, Move, Supply, Tiebreak, Variant, playout};
use ponte::ids::{ChannelId, GuildId, MessageId};
use ponte::service::{
    Actor, ChallengeOptions, ChallengeStatus, Ending, GameId, GameView, ManualClock, MoveOutcome,
    Player, PlayerId, Service, ServiceError, Venue,
};
use tempfile::TempDir;

struct Setup {
    _dir: TempDir,
    url: String,
    clock: Arc<ManualClock>,
    service: Arc<Service>,
}

async fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let url = common::database_url(&dir);
    let clock = Arc::new(ManualClock::new(START));
    let service = common::open_service(&dir, clock.clone()).await;
    Setup {
        _dir: dir,
        url,
        clock,
        service,
    }
}

fn alice() -> Player {
    Player::new(PlayerId::from_snowflake(1001), "alice")
}
fn bob() -> Player {
    Player::new(PlayerId::from_snowflake(1002), "bob")
}
fn carol() -> Player {
    Player::new(PlayerId::from_snowflake(1003), "carol")
}

/// `player` acting from the server of `venue`.
fn acting(player: Player, venue: Venue) -> Actor {
    Actor::member(player, venue.guild_id)
}

fn small(tiles: u16, bridges: u16) -> ChallengeOptions {
    ChallengeOptions {
        variant: Variant::new(6, Supply::Limited(tiles), Supply::Limited(bridges)).unwrap(),
        ..ChallengeOptions::default()
    }
}

async fn start(service: &Service, options: ChallengeOptions) -> GameView {
    common::start_game(service, &alice(), &bob(), options, Venue::default()).await
}

#[tokio::test]
async fn migrations_create_a_new_file_and_upgrade_an_existing_one() {
    let Setup {
        _dir, url, service, ..
    } = setup().await;
    let game = start(&service, ChallengeOptions::default()).await;
    service.must_play(game.id, alice().id, "c3 e5").await;
    service.close().await;
    drop(service);

    // Opening again applies nothing new and keeps every row.
    let service = Service::open_with_clock(&url, Arc::new(ManualClock::new(START)))
        .await
        .unwrap();
    let again = service.game(game.id).await.unwrap();
    assert_eq!(again.game.plies(), 1);
    assert_eq!(again.white.name, "alice");
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&pool)
        .await
        .unwrap();
    let files = std::fs::read_dir("migrations").unwrap().count() as i64;
    assert_eq!(applied, files);
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
}

#[tokio::test]
async fn a_whole_game_from_challenge_to_final_score() {
    let Setup { service, _dir, .. } = setup().await;
    let game = start(&service, small(4, 1)).await;
    assert_eq!(game.white, alice());
    assert_eq!(game.red, bob());
    assert_eq!(game.to_move().unwrap().1, &alice());

    service.must_play(game.id, alice().id, "a1 b1").await;
    let after = service.must_play(game.id, bob().id, "f6 e6").await;
    assert_eq!(after.game.to_move().unwrap().1, &alice());
    service.must_play(game.id, alice().id, "a2 b2").await;
    // Red's island uses his last tiles. Then nobody can place two tiles or bridge: the service
    // passes for White, which gives Red one last turn, and passes for Red, which ends the game.
    let report = service.must_play(game.id, bob().id, "f5 e5").await;
    let played: Vec<_> = report
        .played
        .iter()
        .map(|p| (p.player.name.as_str(), p.mv.to_string(), p.forced))
        .collect();
    assert_eq!(
        played,
        [
            ("bob", "f5 e5".to_string(), false),
            ("alice", "pass".to_string(), true),
            ("bob", "pass".to_string(), true)
        ]
    );
    let result = report.game.result.unwrap();
    assert_eq!(result.winner, None);
    assert_eq!(result.ending, Ending::Score(Tiebreak::Draw));
    assert_eq!(report.game.game.score(Color::White).points, 1);
    assert_eq!(report.game.game.score(Color::Red).points, 1);

    // The stored game agrees, and its record replays to the same end.
    let stored = service.game(game.id).await.unwrap();
    assert_eq!(stored.result, Some(result));
    assert_eq!(stored.moves.len(), 6);
    assert!(stored.moves[4].forced && stored.moves[5].forced);
    let record = service.record(game.id).await.unwrap();
    let replay = record.parse::<ponte::game::Record>().unwrap().replay();
    assert!(replay.error.is_none());
    assert_eq!(replay.game, stored.game);
    assert!(service.active_games(alice().id).await.unwrap().is_empty());
    assert_eq!(
        service
            .play_text(game.id, bob().id, "pass", None)
            .await
            .unwrap_err()
            .to_string(),
        format!("game #{} is over", game.id)
    );
}

#[tokio::test]
async fn random_games_through_the_service_match_the_engine() {
    let Setup { service, _dir, .. } = setup().await;
    let mut rng = Rng::with_seed(9);
    for round in 0..3 {
        let options = ChallengeOptions {
            variant: Variant::boxed([10, 12, 8][round]).unwrap(),
            ..ChallengeOptions::default()
        };
        let view = start(&service, options).await;
        let mut engine = Game::new(options.variant);
        let mut view = view;
        while let Some(mv) = playout::random_move(&view.game, &mut rng) {
            let (_, player) = view.to_move().unwrap();
            let report = service
                .play(view.id, player.id, mv, Some(view.version))
                .await
                .played();
            for played in &report.played {
                engine.play(played.mv).unwrap();
            }
            assert_eq!(report.game.game, engine);
            view = report.game;
        }
        let stored = service.game(view.id).await.unwrap();
        assert_eq!(stored.game, engine);
        assert!(stored.result.is_some());
        let winner = engine.outcome().unwrap().winner();
        assert_eq!(stored.result.unwrap().winner, winner);
    }
}

#[tokio::test]
async fn the_pie_rule_swaps_the_players_colours() {
    let Setup { service, _dir, .. } = setup().await;
    let game = start(&service, ChallengeOptions::default()).await;
    service.must_play(game.id, alice().id, "f6 g7").await;
    let view = service.game(game.id).await.unwrap();
    assert!(view.awaiting_pie_choice());
    let report = service.must_play(game.id, bob().id, "swap").await;
    assert_eq!(report.played[0].player, bob());
    assert_eq!(report.game.white, bob());
    assert_eq!(report.game.red, alice());
    // Alice, now Red, moves next; Bob's tiles are the white ones.
    assert_eq!(report.game.to_move().unwrap().1, &alice());
    let err = service
        .play_text(game.id, bob().id, "c3 d4", None)
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "it is not your turn: alice is to move");
    service.must_play(game.id, alice().id, "c3 d4").await;
    let view = service.game(game.id).await.unwrap();
    assert_eq!(view.white, bob());
    assert_eq!(view.game.board().tiles(Color::Red).len(), 2);
}

#[tokio::test]
async fn bad_input_changes_nothing() {
    let Setup { service, _dir, .. } = setup().await;
    let game = start(&service, ChallengeOptions::default()).await;
    service.must_play(game.id, alice().id, "c3 e5").await;
    let before = service.game(game.id).await.unwrap();
    let cases: Vec<(PlayerId, &str, Option<i64>, &str)> = vec![
        (
            bob().id,
            "c3 d4",
            None,
            "c3 is already taken by a white tile",
        ),
        (bob().id, "m1 d4", None, "m1 is off the 12×12 board"),
        (bob().id, "z1 d4", None, "z1 is off the 12×12 board"),
        (
            bob().id,
            "d4 d4",
            None,
            "the two tiles must go on two different cells, not both on d4",
        ),
        (bob().id, "pass", None, "you can still place two tiles"),
        (
            bob().id,
            "c3-e5",
            None,
            "there is no red tile on c3 to carry a bridge",
        ),
        (bob().id, "hello", None, "\"hello\" is not a move"),
        (bob().id, "", None, "\"\" is not a move"),
        (
            alice().id,
            "d4 f6",
            None,
            "it is not your turn: bob is to move",
        ),
        (carol().id, "d4 f6", None, "you are not playing in game"),
        (
            bob().id,
            "d4 f6",
            Some(before.version - 1),
            "the position changed",
        ),
    ];
    for (player, text, version, message) in cases {
        let err = service
            .play_text(game.id, player, text, version)
            .await
            .unwrap_err();
        assert!(
            err.to_string().starts_with(message),
            "{text}: {err} (wanted {message})"
        );
        assert!(err.is_user_error());
        let after = service.game(game.id).await.unwrap();
        assert_eq!(after.version, before.version, "{text} wrote something");
        assert_eq!(after.moves, before.moves);
    }
    let err = service
        .play_text(GameId::try_from(9999).unwrap(), bob().id, "d4 f6", None)
        .await
        .unwrap_err();
    assert!(matches!(err, ServiceError::UnknownGame(id) if id.get() == 9999));
    service.must_play(game.id, bob().id, "d4 f6").await;
    // Swap comes too late now; a resignation is always for oneself.
    assert!(matches!(
        service.play_text(game.id, bob().id, "swap", None).await,
        Err(ServiceError::NotYourTurn(_))
    ));
    assert!(matches!(
        service.play_text(game.id, alice().id, "swap", None).await,
        Err(ServiceError::Illegal(IllegalMove::SwapNotNow))
    ));
    let report = service.must_play(game.id, bob().id, "resign white").await;
    assert_eq!(report.played[0].mv, Move::Resign(Some(Color::Red)));
    assert_eq!(report.game.result.unwrap().winner, Some(Color::White));
    assert_eq!(report.game.result.unwrap().ending, Ending::Resignation);
}

#[tokio::test]
async fn challenges_are_accepted_declined_cancelled_or_expire() {
    let Setup {
        service,
        clock,
        _dir,
        ..
    } = setup().await;
    let venue = Venue {
        guild_id: Some(GuildId::from_snowflake(1)),
        channel_id: Some(ChannelId::from_snowflake(2)),
    };
    let options = ChallengeOptions::default();
    // Only the challenged player may accept or decline; only the challenger may cancel.
    let c = service
        .challenge(&acting(alice(), venue), Some(&bob()), options, venue)
        .await
        .unwrap();
    assert_eq!(c.status, ChallengeStatus::Open);
    assert_eq!(c.venue, venue);
    let err = service
        .accept(c.id, &acting(carol(), venue))
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "this challenge is for bob");
    assert!(matches!(
        service.accept(c.id, &acting(alice(), venue)).await,
        Err(ServiceError::OwnChallenge)
    ));
    assert!(matches!(
        service.cancel(c.id, &acting(bob(), venue)).await,
        Err(ServiceError::NotYourChallenge(_))
    ));
    // Accepted from another server, it is no challenge there.
    let elsewhere = Venue {
        guild_id: Some(GuildId::from_snowflake(9)),
        ..venue
    };
    assert!(matches!(
        service.accept(c.id, &acting(bob(), elsewhere)).await,
        Err(ServiceError::UnknownChallenge(_))
    ));
    let declined = service.decline(c.id, &acting(bob(), venue)).await.unwrap();
    assert_eq!(declined.status, ChallengeStatus::Declined);
    assert_eq!(
        service
            .accept(c.id, &acting(bob(), venue))
            .await
            .unwrap_err()
            .to_string(),
        "this challenge was already declined"
    );

    let c = service
        .challenge(&acting(alice(), venue), Some(&bob()), options, venue)
        .await
        .unwrap();
    assert_eq!(
        service
            .cancel(c.id, &acting(alice(), venue))
            .await
            .unwrap()
            .status,
        ChallengeStatus::Cancelled
    );
    assert!(service.accept(c.id, &acting(bob(), venue)).await.is_err());

    // An open challenge: anyone but the challenger; it cannot be declined.
    let open = service
        .challenge(&acting(alice(), venue), None, options, venue)
        .await
        .unwrap();
    assert!(matches!(
        service.decline(open.id, &acting(bob(), venue)).await,
        Err(ServiceError::OpenChallengeDecline)
    ));
    let game = service
        .accept(open.id, &acting(carol(), venue))
        .await
        .unwrap();
    assert_eq!((game.white.id, game.red.id), (alice().id, carol().id));
    assert_eq!(game.venue, venue);
    assert_eq!(
        service.challenge_view(open.id).await.unwrap().game_id,
        Some(game.id)
    );
    assert!(matches!(
        service.accept(open.id, &acting(bob(), venue)).await,
        Err(ServiceError::ChallengeClosed(ChallengeStatus::Accepted))
    ));

    // Expiry: a day later the challenge is gone.
    let late = service
        .challenge(&acting(bob(), venue), Some(&carol()), options, venue)
        .await
        .unwrap();
    clock.advance(24 * 3600 * 1000);
    assert!(matches!(
        service.accept(late.id, &acting(carol(), venue)).await,
        Err(ServiceError::ChallengeExpired)
    ));
    let expired = service.expire_challenges().await.unwrap();
    assert_eq!(expired.len(), 1);
    assert_eq!(expired[0].id, late.id);
    assert_eq!(expired[0].status, ChallengeStatus::Expired);
    assert!(service.expire_challenges().await.unwrap().is_empty());
    assert!(matches!(
        service
            .challenge(&acting(bob(), venue), Some(&bob()), options, venue)
            .await,
        Err(ServiceError::SelfChallenge)
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_accepts_start_one_game() {
    let Setup { service, _dir, .. } = setup().await;
    let open = service
        .challenge(
            &acting(alice(), Venue::default()),
            None,
            ChallengeOptions::default(),
            Venue::default(),
        )
        .await
        .unwrap();
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let service = service.clone();
            tokio::spawn(async move {
                service
                    .accept(
                        open.id,
                        &acting(
                            Player::new(
                                PlayerId::from_snowflake((2000 + i) as u64),
                                format!("p{i}"),
                            ),
                            Venue::default(),
                        ),
                    )
                    .await
            })
        })
        .collect();
    let mut started = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(_) => started += 1,
            Err(e) => assert!(matches!(e, ServiceError::ChallengeClosed(_)), "{e}"),
        }
    }
    assert_eq!(started, 1);
}

/// The game `player` means in the channel `channel` when naming none, which must be found.
async fn game_found_here(service: &Service, channel: u64, player: PlayerId) -> GameId {
    let here = service.game_here(ChannelId::from_snowflake(channel), player);
    here.await.unwrap().id
}

#[tokio::test]
async fn the_game_here_is_the_threads_or_the_players_only_one() {
    let Setup { service, _dir, .. } = setup().await;
    let venue = Venue {
        guild_id: Some(GuildId::from_snowflake(1)),
        channel_id: Some(ChannelId::from_snowflake(50)),
    };
    let options = ChallengeOptions::default();
    let c = service
        .challenge(&acting(alice(), venue), Some(&bob()), options, venue)
        .await
        .unwrap();
    let first = service.accept(c.id, &acting(bob(), venue)).await.unwrap();
    assert_eq!(game_found_here(&service, 50, alice().id).await, first.id);
    assert!(matches!(
        service
            .game_here(ChannelId::from_snowflake(50), carol().id)
            .await,
        Err(ServiceError::NoGameHere)
    ));
    let c = service
        .challenge(&acting(alice(), venue), Some(&carol()), options, venue)
        .await
        .unwrap();
    let second = service.accept(c.id, &acting(carol(), venue)).await.unwrap();
    let err = service
        .game_here(ChannelId::from_snowflake(50), alice().id)
        .await
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "you have several games here: say which one (#{}, #{})",
            first.id, second.id
        )
    );
    // In its thread, a game is found by anyone, finished or not.
    service
        .set_thread(second.id, Some(ChannelId::from_snowflake(777)))
        .await
        .unwrap();
    assert_eq!(game_found_here(&service, 777, bob().id).await, second.id);
    assert_eq!(game_found_here(&service, 50, alice().id).await, first.id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_racing_submissions_apply_only_legal_moves_once() {
    let Setup { service, _dir, .. } = setup().await;
    let game = start(&service, ChallengeOptions::default()).await;
    // Play into a middle game first.
    let mut rng = Rng::with_seed(3);
    let mut view = game;
    for _ in 0..12 {
        let mv = playout::random_move(&view.game, &mut rng).unwrap();
        let player = view.to_move().unwrap().1.id;
        view = service.play(view.id, player, mv, None).await.played().game;
    }

    // Both players fire 100 submissions each: candidate moves from the current position, many
    // conflicting with each other (the same cells), some for the wrong player.
    let mut submissions = Vec::new();
    for i in 0..200 {
        let position = &view.game;
        let color = if i % 2 == 0 { Color::White } else { Color::Red };
        let mv = playout::random_move(position, &mut rng).unwrap();
        submissions.push((view.player(color).id, mv.to_string()));
    }
    let tasks: Vec<_> = submissions
        .into_iter()
        .map(|(player, text)| {
            let service = service.clone();
            let id = view.id;
            tokio::spawn(async move {
                let result = service.play_text(id, player, &text, None).await;
                (player, text, result)
            })
        })
        .collect();
    let mut applied = Vec::new();
    for task in tasks {
        let (player, text, result) = task.await.unwrap();
        match result {
            Ok(MoveOutcome::Played(report)) => {
                applied.push((report.game.version, player, text, report.played.len()));
            }
            Ok(MoveOutcome::LostOnTime(game)) => panic!("game #{} has no clock", game.id),
            Err(
                ServiceError::NotYourTurn(_)
                | ServiceError::Illegal(_)
                | ServiceError::PositionChanged
                | ServiceError::GameOver(_),
            ) => {}
            Err(other) => panic!("{text}: unexpected {other}"),
        }
    }
    assert!(!applied.is_empty());
    applied.sort();

    // The log holds exactly the applied moves, in the order they were applied, once each.
    let after = service.game(view.id).await.unwrap();
    let new_moves = &after.moves[view.moves.len()..];
    let own_moves: Vec<_> = new_moves.iter().filter(|m| !m.forced).collect();
    assert_eq!(own_moves.len(), applied.len());
    for ((_, player, text, _), logged) in applied.iter().zip(&own_moves) {
        assert_eq!(logged.player_id, *player);
        assert_eq!(&logged.mv, &text.parse::<Move>().unwrap());
    }
    // Versions went up by one per write.
    let versions: Vec<i64> = applied.iter().map(|a| a.0).collect();
    let expected: Vec<i64> = (1..=applied.len() as i64)
        .map(|i| view.version + i)
        .collect();
    assert_eq!(versions, expected);
    // And the log replays to the position the service shows.
    let replay = after.record().replay();
    assert!(replay.error.is_none());
    assert_eq!(replay.game, after.game);

    // With the version they saw, only one of many identical button presses applies.
    let seen = after.version;
    if let Some((_, player)) = after.to_move() {
        let mv = playout::random_move(&after.game, &mut rng)
            .unwrap()
            .to_string();
        let tasks: Vec<_> = (0..50)
            .map(|_| {
                let service = service.clone();
                let (id, player, mv) = (after.id, player.id, mv.clone());
                tokio::spawn(async move { service.play_text(id, player, &mv, Some(seen)).await })
            })
            .collect();
        let mut ok = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => ok += 1,
                Err(e) => assert!(
                    matches!(e, ServiceError::PositionChanged | ServiceError::GameOver(_)),
                    "{e}"
                ),
            }
        }
        assert_eq!(ok, 1);
    }
}

#[tokio::test]
async fn deadlines_follow_the_time_per_move() {
    let Setup {
        service,
        clock,
        _dir,
        ..
    } = setup().await;
    let options = ChallengeOptions {
        move_time: Some(Duration::from_secs(3 * 86_400)),
        ..ChallengeOptions::default()
    };
    let game = start(&service, options).await;
    assert_eq!(game.deadline_at, Some(START + 3 * 86_400_000));
    clock.advance(1000);
    let report = service.must_play(game.id, alice().id, "c3 e5").await;
    assert_eq!(report.game.deadline_at, Some(START + 1000 + 3 * 86_400_000));
    let report = service.must_play(game.id, bob().id, "resign").await;
    assert_eq!(report.game.deadline_at, None);
}

#[tokio::test]
async fn a_time_per_move_out_of_range_is_refused() {
    let s = setup().await;
    for seconds in [0, 59, 30 * 86_400 + 1, u64::MAX / 4] {
        let options = ChallengeOptions {
            move_time: Some(Duration::from_secs(seconds)),
            ..ChallengeOptions::default()
        };
        let refused = s
            .service
            .challenge(
                &acting(alice(), Venue::default()),
                Some(&bob()),
                options,
                Venue::default(),
            )
            .await;
        assert!(
            matches!(refused, Err(ServiceError::MoveTimeOutOfRange)),
            "{seconds} s: {refused:?}"
        );
    }
    assert!(
        s.service
            .open_challenges(bob().id)
            .await
            .unwrap()
            .is_empty()
    );
    let options = ChallengeOptions {
        move_time: Some(Duration::from_secs(60)),
        ..ChallengeOptions::default()
    };
    s.service
        .challenge(
            &acting(alice(), Venue::default()),
            Some(&bob()),
            options,
            Venue::default(),
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn games_against_the_ai_are_unrated_untimed_for_it_and_rematched_with_the_loser_opening() {
    use ponte::service::{AiTerms, Level, Opener};
    let Setup {
        service,
        clock,
        _dir,
        ..
    } = setup().await;
    let ai = Player::new(PlayerId::from_snowflake(9000), "ponte");
    let options = ChallengeOptions {
        rated: true,
        move_time: Some(Duration::from_secs(3600)),
        ..small(10, 3)
    };
    let terms = |opener| AiTerms {
        level: Level::Easy,
        options,
        venue: Venue {
            guild_id: Some(GuildId::from_snowflake(1)),
            channel_id: Some(ChannelId::from_snowflake(2)),
        },
        opener,
    };
    let game = service
        .start_ai_game(
            &acting(alice(), Venue::default()),
            &ai,
            terms(Opener::Ai),
            Some(MessageId::from_snowflake(77)),
        )
        .await
        .unwrap();
    assert!(!game.rated, "never rated, whatever was asked");
    assert_eq!(game.ai, Some((ai.id, Level::Easy)));
    assert_eq!(
        game.deadline_at, None,
        "the AI's own move is not on the clock"
    );
    assert_eq!(service.ai_turns().await.unwrap(), vec![game.id]);
    assert!(matches!(
        service
            .start_ai_game(
                &acting(ai.clone(), Venue::default()),
                &ai,
                terms(Opener::Human),
                None
            )
            .await,
        Err(ServiceError::SelfChallenge)
    ));

    // The AI opens (easy: 100 playouts); then the human is on the clock.
    let Some(MoveOutcome::Played(report)) = service.play_ai_turn(game.id).await.unwrap() else {
        panic!("the AI is to move");
    };
    assert_eq!(report.played[0].player.id, ai.id);
    assert_eq!(report.game.deadline_at, Some(START + 3_600_000));
    assert_eq!(
        service.play_ai_turn(game.id).await.unwrap().map(|_| ()),
        None
    );
    assert!(matches!(
        service
            .ai_rematch(game.id, &acting(alice(), Venue::default()))
            .await,
        Err(ServiceError::NotOver(_))
    ));

    // Alice resigns: she lost, so she opens the rematch; outsiders have none.
    clock.advance(60_000);
    service
        .play_text(game.id, alice().id, "resign", None)
        .await
        .unwrap();
    let terms = service
        .ai_rematch(game.id, &acting(alice(), Venue::default()))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((terms.level, terms.opener), (Level::Easy, Opener::Human));
    assert!(!terms.options.rated);
    assert!(matches!(
        service
            .ai_rematch(game.id, &acting(bob(), Venue::default()))
            .await,
        Err(ServiceError::NotYourRematch(_))
    ));
    assert!(service.ai_turns().await.unwrap().is_empty());
}
