//! The service on a full disk (`common::full_disk`: every write refused as SQLite refuses it
//! when the disk has no room): every request whose answer rests on a write is answered that
//! nothing was saved, and nothing of it is kept; once there is room again the same request
//! works.

mod common;

use std::sync::Arc;

use common::full_disk::FullDisk;
use ponte::game::Move;
use ponte::service::{
    Actor, AiTerms, Answered, ChallengeOptions, ChallengeStatus, ChannelId, Choice, Format,
    GameView, GuildId, Lang, Learning, LessonAnswer, Level, ManualClock, Notify, Opener, Player,
    PlayerId, Service, ServiceError, TournamentStatus, TournamentTerms, Venue,
};
use tempfile::TempDir;

fn alice() -> Player {
    Player::new(PlayerId::from_snowflake(1001), "alice")
}
fn bob() -> Player {
    Player::new(PlayerId::from_snowflake(1002), "bob")
}
fn bot() -> Player {
    Player::new(PlayerId::from_snowflake(9), "ponte")
}

/// `player` acting from no server (as in the terminal).
fn acting(player: Player) -> Actor {
    Actor::member(player, None)
}

/// A service on a new database of a disk that still has room.
async fn on_a_disk() -> (TempDir, FullDisk, Service) {
    let dir = tempfile::tempdir().unwrap();
    let disk = FullDisk::new();
    let clock = Arc::new(ManualClock::new(common::START));
    let service = Service::open_with_clock(&disk.url(&dir), clock)
        .await
        .unwrap();
    (dir, disk, service)
}

/// The refusal of a write the disk had no room for: a fault of the store, which tells the
/// player that nothing was changed.
fn nothing_saved<T>(result: Result<T, ServiceError>) {
    match result {
        Err(error @ ServiceError::Store(_)) => {
            assert!(
                error.words(Lang::En).contains("nothing was changed"),
                "{}",
                error.words(Lang::En)
            );
        }
        Err(other) => panic!("expected a failure to save, got {other}"),
        Ok(_) => panic!("answered as if it was saved"),
    }
}

/// A game of alice against the bot at `easy`, alice opening.
async fn against_the_bot(service: &Service) -> GameView {
    let terms = AiTerms {
        level: Level::Easy,
        options: ChallengeOptions::default(),
        venue: Venue::default(),
        opener: Opener::Human,
    };
    service
        .start_ai_game(&acting(alice()), &bot(), terms, None)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_hint_on_a_full_disk_is_not_given_and_not_counted() {
    let (_dir, disk, service) = on_a_disk().await;
    let game = against_the_bot(&service).await;
    service.hint(game.id, &acting(alice())).await.unwrap();
    disk.fill();
    nothing_saved(service.hint(game.id, &acting(alice())).await);
    nothing_saved(service.hint(game.id, &acting(alice())).await);
    assert_eq!(service.game(game.id).await.unwrap().hints, 1);
    disk.free();
    let hint = service.hint(game.id, &acting(alice())).await.unwrap();
    assert_eq!(hint.game.hints, 2, "the hint given is the second counted");
    assert_eq!(service.game(game.id).await.unwrap().hints, 2);
}

#[tokio::test]
async fn a_lesson_answer_on_a_full_disk_is_not_counted_and_does_not_move_on() {
    let (_dir, disk, service) = on_a_disk().await;
    let who = acting(alice());
    service.learning(&who).await.unwrap();
    let wrong = LessonAnswer::Move("c3 c3".parse().unwrap());
    let right = LessonAnswer::Move("a1 b2".parse().unwrap());
    disk.fill();
    nothing_saved(service.answer_lesson(&who, None, wrong).await);
    nothing_saved(service.answer_lesson(&who, Some(1), right).await);
    disk.free();
    let Learning::At(at) = service.learning(&who).await.unwrap() else {
        panic!("the lessons are over");
    };
    assert_eq!(at.number, 1, "still at the first lesson");
    let again = service.answer_lesson(&who, None, wrong).await.unwrap();
    let Answered::Wrong { tries, .. } = again else {
        panic!("{again:?}");
    };
    assert_eq!(
        tries, 1,
        "the wrong answer on the full disk was not counted"
    );
}

#[tokio::test]
async fn a_puzzle_answer_on_a_full_disk_is_not_rated() {
    let (_dir, disk, service) = on_a_disk().await;
    service.load_built_in_puzzles().await.unwrap();
    let who = acting(alice());
    let puzzle = service.next_puzzle(&who).await.unwrap().unwrap();
    // Full at once, and full after the player's name is kept (the answer's own write).
    for commits in [0, 1] {
        disk.fill_after_commits(commits);
        nothing_saved(service.answer_puzzle(puzzle.id, &who, Choice::Nth(1)).await);
        disk.free();
        assert_eq!(service.puzzle_rating(&who).await.unwrap(), None);
        assert_eq!(
            service.puzzle(puzzle.id, &who).await.unwrap().answered,
            None
        );
    }
    let answered = service
        .answer_puzzle(puzzle.id, &who, Choice::Nth(1))
        .await
        .unwrap();
    assert!(answered.change.is_some(), "rated now, as a first answer");
}

#[tokio::test]
async fn a_challenge_on_a_full_disk_is_not_made_and_no_answer_to_one_is_kept() {
    let (_dir, disk, service) = on_a_disk().await;
    let options = ChallengeOptions::default;
    // Full at once; then full once both names are kept, for the challenge's own write.
    for commits in [0, 2] {
        disk.fill_after_commits(commits);
        nothing_saved(
            service
                .challenge(&acting(alice()), Some(&bob()), options(), Venue::default())
                .await,
        );
        disk.free();
        assert!(
            service
                .open_challenges(alice().id)
                .await
                .unwrap()
                .is_empty()
        );
    }

    let offered = service
        .challenge(&acting(alice()), Some(&bob()), options(), Venue::default())
        .await
        .unwrap();
    disk.fill();
    nothing_saved(service.accept(offered.id, &acting(bob())).await);
    nothing_saved(service.decline(offered.id, &acting(bob())).await);
    nothing_saved(service.cancel(offered.id, &acting(alice())).await);
    disk.free();
    let kept = service.challenge_view(offered.id).await.unwrap();
    assert_eq!((kept.status, kept.game_id), (ChallengeStatus::Open, None));
    let game = service.accept(offered.id, &acting(bob())).await;
    let game = game.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.game.plies(), 0);
}

#[tokio::test]
async fn a_move_and_a_resignation_on_a_full_disk_are_not_kept() {
    let (_dir, disk, service) = on_a_disk().await;
    let venue = Venue::default();
    let game = common::start_game(&service, &alice(), &bob(), Default::default(), venue).await;
    disk.fill();
    let mv = "c3 d4".parse().unwrap();
    nothing_saved(service.play(game.id, alice().id, mv, None).await);
    nothing_saved(
        service
            .play(game.id, alice().id, Move::Resign(None), None)
            .await,
    );
    disk.free();
    let kept = service.game(game.id).await.unwrap();
    assert_eq!((kept.game.plies(), kept.result), (0, None));
    assert_eq!(kept.version, game.version);
}

const GUILD: u64 = 7;

fn in_server() -> Venue {
    Venue {
        guild_id: Some(GuildId::from_snowflake(GUILD)),
        channel_id: Some(ChannelId::from_snowflake(70)),
    }
}

fn terms() -> TournamentTerms {
    TournamentTerms {
        name: "cup".to_string(),
        format: Format::RoundRobin { double: false },
        options: ChallengeOptions::default(),
        signup_deadline: None,
        pause_for_vacations: false,
    }
}

#[tokio::test]
async fn a_tournament_on_a_full_disk_is_not_made_and_no_sign_up_to_one_is_kept() {
    let (_dir, disk, service) = on_a_disk().await;
    let guild = GuildId::from_snowflake(GUILD);
    let organiser = Actor::manager(alice(), guild);
    for commits in [0, 1] {
        disk.fill_after_commits(commits);
        nothing_saved(
            service
                .create_tournament(&organiser, in_server(), terms())
                .await,
        );
        disk.free();
        assert!(service.open_tournaments(guild).await.unwrap().is_empty());
    }

    let made = service
        .create_tournament(&organiser, in_server(), terms())
        .await
        .unwrap();
    let alice = Actor::member(alice(), Some(guild));
    let bob = Actor::member(bob(), Some(guild));
    service.join_tournament(made.id, &alice).await.unwrap();
    disk.fill_after_commits(1);
    nothing_saved(service.join_tournament(made.id, &bob).await);
    disk.fill();
    nothing_saved(service.join_tournament(made.id, &bob).await);
    nothing_saved(service.leave_tournament(made.id, &alice).await);
    nothing_saved(service.cancel_tournament(made.id, &organiser).await);
    disk.free();
    let kept = service.tournament(made.id).await.unwrap();
    let entrants: Vec<PlayerId> = kept.entrants.iter().map(|e| e.player.id).collect();
    assert_eq!(entrants, [alice.id()]);
    assert_eq!(kept.status, TournamentStatus::Signup);
}

#[tokio::test]
async fn a_vacation_and_a_setting_on_a_full_disk_are_not_kept() {
    let (_dir, disk, service) = on_a_disk().await;
    let guild = GuildId::from_snowflake(GUILD);
    let alice = Actor::member(alice(), Some(guild));
    let manager = Actor::manager(bob(), guild);
    service.set_vacation_allowance(&manager, 10).await.unwrap();
    // Full once alice's name is kept, for the vacation's own write; then full at once.
    disk.fill_after_commits(1);
    nothing_saved(service.start_vacation(&alice, 3).await);
    disk.fill();
    nothing_saved(service.start_vacation(&alice, 3).await);
    nothing_saved(service.set_vacation_allowance(&manager, 20).await);
    nothing_saved(
        service
            .choose_guild_language(&manager, Some(Lang::De))
            .await,
    );
    nothing_saved(
        service
            .allow_members_to_create_tournaments(&manager, true)
            .await,
    );
    nothing_saved(service.notify_by(&alice, Notify::Nothing, Lang::En).await);
    disk.free();
    let status = service.vacation_status(&alice).await.unwrap();
    assert_eq!((status.away_until, status.allowance), (None, 10));
    assert_eq!(service.guild_language(Some(guild)).await.unwrap(), Lang::En);
    assert!(matches!(
        service
            .create_tournament(&alice, in_server(), terms())
            .await,
        Err(ServiceError::ManagersCreateTournaments)
    ));

    service.start_vacation(&alice, 3).await.unwrap();
    disk.fill();
    nothing_saved(service.end_vacation(&alice).await);
    disk.free();
    let status = service.vacation_status(&alice).await.unwrap();
    assert!(status.away_until.is_some(), "still away");
}
