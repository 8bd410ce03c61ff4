//! Vacations in the service on a hand-moved clock: the clock of a game whose player to move is
//! away stands still (a deadline that would have passed is kept, no reminder comes) and gives
//! back the time that was left; the opponent's clock runs; the allowance is counted in whole
//! days by calendar year; refusals write nothing.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{PlayText, Played, START};
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, ChallengeOptions, Format, GameView, ManualClock, MoveOutcome, Player, PlayerId, Service,
    ServiceError, TournamentTerms, VacationStatus, Venue,
};

const DAY: i64 = 86_400_000;
const HOUR: i64 = 3_600_000;
const GUILD: GuildId = GuildId::from_snowflake(77);
/// A server other than [`GUILD`].
const OTHER_GUILD: GuildId = GuildId::from_snowflake(78);

fn player(n: i64) -> Player {
    Player::new(PlayerId::from_snowflake((1000 + n) as u64), format!("p{n}"))
}

/// `p` as a member of [`GUILD`], where these vacations are taken.
fn member(p: &Player) -> Actor {
    Actor::member(p.clone(), Some(GUILD))
}

/// `p` leaves for `days` days, which must be granted.
async fn leave(service: &Service, p: &Player, days: i64) -> VacationStatus {
    service.start_vacation(&member(p), days).await.unwrap()
}

/// `p` comes back before the vacation's end, which must be accepted.
async fn come_back(service: &Service, p: &Player) -> VacationStatus {
    service.end_vacation(&member(p)).await.unwrap()
}

/// A game with four days a move in the server; `a` opens (and is to move).
async fn four_day_game(service: &Service, a: &Player, b: &Player) -> GameView {
    let options = ChallengeOptions {
        move_time: Some(Duration::from_secs(4 * 86_400)),
        ..ChallengeOptions::default()
    };
    let venue = Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(5)),
    };
    common::start_game(service, a, b, options, venue).await
}

async fn opened() -> (tempfile::TempDir, Arc<ManualClock>, Arc<Service>) {
    let (dir, clock, service) = common::service_on_a_hand_clock().await;
    (dir, clock, service)
}

#[tokio::test]
async fn the_clock_of_the_player_away_stands_still_and_gives_the_time_back() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    clock.advance(DAY);
    // Three days left when a leaves for ten.
    let status = leave(&service, &a, 10).await;
    assert_eq!(status.away_until, Some(START + 11 * DAY));
    assert_eq!(status.days_left, 20);
    let paused = service.game(game.id).await.unwrap();
    assert_eq!(paused.deadline_at, None);
    assert_eq!(paused.away_until, Some(START + 11 * DAY));

    // Past the old deadline, and past the reminder: neither comes.
    clock.advance(5 * DAY);
    let tick = service.tick().await;
    assert!(tick.timeouts.is_empty() && tick.reminders.is_empty());
    assert!(service.game(game.id).await.unwrap().result.is_none());

    // The days are used (the clock ticks a while after): the game has its three days again,
    // counted from the vacation's end, not from the tick.
    clock.advance(5 * DAY + 2 * HOUR);
    service.tick().await;
    let back = service.game(game.id).await.unwrap();
    assert_eq!(back.away_until, None);
    assert_eq!(back.deadline_at, Some(START + 11 * DAY + 3 * DAY));
    assert_eq!(
        service.vacation_status(&member(&a)).await.unwrap(),
        VacationStatus {
            away_until: None,
            days_left: 20,
            allowance: 30
        }
    );
    // The reminder, which had not come yet, comes at a quarter of the time left.
    clock.advance(2 * DAY);
    assert_eq!(service.tick().await.reminders.len(), 1);
    clock.advance(DAY - 2 * HOUR);
    let tick = service.tick().await;
    assert_eq!(tick.timeouts.len(), 1, "then the clock runs out as ever");
}

#[tokio::test]
async fn a_move_to_a_player_away_waits_and_the_opponents_clock_runs() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    let other = four_day_game(&service, &b, &a).await;
    leave(&service, &b, 7).await;
    // a is to move in the first game, and plays: b's clock starts stopped.
    assert_eq!(
        service.game(game.id).await.unwrap().deadline_at,
        Some(START + 4 * DAY),
        "a's clock runs"
    );
    clock.advance(HOUR);
    service.must_play(game.id, a.id, "c3 e5").await;
    let waiting = service.game(game.id).await.unwrap();
    assert_eq!(
        (waiting.deadline_at, waiting.away_until),
        (None, Some(START + 7 * DAY))
    );
    // b is to move in the other game from the start (they open it): stopped at the vacation.
    assert_eq!(service.game(other.id).await.unwrap().deadline_at, None);
    // b comes back early, 2 days and 1 hour later: 3 days taken, the rest returned; each game
    // has its time from now.
    clock.advance(2 * DAY);
    let status = come_back(&service, &b).await;
    assert_eq!((status.away_until, status.days_left), (None, 27));
    let now = START + 2 * DAY + HOUR;
    assert_eq!(
        service.game(game.id).await.unwrap().deadline_at,
        Some(now + 4 * DAY)
    );
    assert_eq!(
        service.game(other.id).await.unwrap().deadline_at,
        Some(now + 4 * DAY)
    );
}

#[tokio::test]
async fn the_allowance_counts_whole_days_by_calendar_year() {
    // START is 2023-11-14 22:13 UTC.
    let (_dir, clock, service) = opened().await;
    let a = player(1);
    leave(&service, &a, 20).await;
    clock.advance(20 * DAY);
    service.tick().await;
    let refused = service.start_vacation(&member(&a), 11).await;
    assert!(
        matches!(refused, Err(ServiceError::VacationDays(10))),
        "{refused:?}"
    );
    assert_eq!(
        refused.unwrap_err().to_string(),
        "Ask for 1 to 10 days: that is what you have left this year."
    );
    // January 2024: a new year, a new allowance.
    clock.advance(30 * DAY);
    let status = service.vacation_status(&member(&a)).await.unwrap();
    assert_eq!(status.days_left, 30);
    // Managers set it; 0 turns vacations off.
    service
        .set_vacation_allowance(&Actor::manager(a.clone(), GUILD), 0)
        .await
        .unwrap();
    assert!(matches!(
        service.start_vacation(&member(&a), 1).await,
        Err(ServiceError::VacationsOff)
    ));
    assert!(matches!(
        service.set_vacation_allowance(&member(&a), 30).await,
        Err(ServiceError::ManagersOnly)
    ));
    assert!(matches!(
        service
            .set_vacation_allowance(&Actor::manager(a.clone(), GUILD), 366)
            .await,
        Err(ServiceError::VacationAllowance(365))
    ));
}

#[tokio::test]
async fn wrong_requests_are_refused_and_write_nothing() {
    let (_dir, _clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    for days in [0, -3, 31] {
        let refused = service.start_vacation(&member(&a), days).await;
        assert!(
            matches!(refused, Err(ServiceError::VacationDays(30))),
            "{days}: {refused:?}"
        );
    }
    assert!(matches!(
        service.end_vacation(&member(&a)).await,
        Err(ServiceError::NotAway)
    ));
    let untouched = service.game(game.id).await.unwrap();
    assert_eq!(untouched.deadline_at, Some(START + 4 * DAY));
    assert_eq!(
        service
            .vacation_status(&member(&a))
            .await
            .unwrap()
            .days_left,
        30
    );
    leave(&service, &a, 3).await;
    let again = service.start_vacation(&member(&a), 3).await;
    assert!(
        matches!(again, Err(ServiceError::AlreadyAway(until)) if until == START + 3 * DAY),
        "{again:?}"
    );
    assert_eq!(
        again.unwrap_err().to_string(),
        "You are on vacation until 2023-11-17 22:13 UTC already: `/vacation end` brings you back."
    );
    // Another server's games and allowance are apart.
    assert_eq!(
        service
            .vacation_status(&Actor::member(a.clone(), Some(OTHER_GUILD)))
            .await
            .unwrap(),
        VacationStatus {
            away_until: None,
            days_left: 30,
            allowance: 30
        }
    );
}

/// A round robin of two (one game), its games pausing for vacations or not; the game.
async fn tournament_game(service: &Service, players: &[Player; 2], pause: bool) -> GameView {
    let terms = TournamentTerms {
        name: "Club".into(),
        format: Format::RoundRobin { double: false },
        options: ChallengeOptions {
            move_time: Some(Duration::from_secs(4 * 86_400)),
            ..ChallengeOptions::default()
        },
        signup_deadline: None,
        pause_for_vacations: pause,
    };
    let venue = Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(5)),
    };
    let organiser = Actor::manager(players[0].clone(), GUILD);
    let t = service
        .create_tournament(&organiser, venue, terms)
        .await
        .unwrap();
    for p in players {
        service.join_tournament(t.id, &member(p)).await.unwrap();
    }
    let t = service.start_tournament(t.id, None).await.unwrap();
    t.games[0].1.clone()
}

#[tokio::test]
async fn tournament_games_stand_still_only_where_the_tournament_allows_it() {
    let (_dir, _clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let going_on = tournament_game(&service, &[a.clone(), b.clone()], false).await;
    let pausing = tournament_game(&service, &[a.clone(), b.clone()], true).await;
    // The same player opens both (the organiser's order): they go away.
    let (_, to_move) = going_on.to_move().unwrap();
    assert_eq!(pausing.to_move().unwrap().1.id, to_move.id);
    let away = if to_move.id == a.id { &a } else { &b };
    leave(&service, away, 5).await;
    let kept = service.game(going_on.id).await.unwrap();
    assert_eq!(kept.deadline_at, going_on.deadline_at, "the clock runs");
    assert_eq!(kept.away_until, None);
    let stopped = service.game(pausing.id).await.unwrap();
    assert_eq!(stopped.deadline_at, None, "the clock stands still");
    assert_eq!(stopped.away_until, Some(START + 5 * DAY));
}

#[tokio::test]
async fn a_game_started_for_a_player_away_waits_for_them() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    leave(&service, &b, 2).await;
    clock.advance(HOUR);
    // b opens: their clock starts stopped, with the whole time kept.
    let game = four_day_game(&service, &b, &a).await;
    assert_eq!(
        (game.deadline_at, game.away_until),
        (None, Some(START + 2 * DAY))
    );
    // a opens the other: a's clock runs.
    let other = four_day_game(&service, &a, &b).await;
    assert_eq!(other.deadline_at, Some(START + HOUR + 4 * DAY));
    clock.advance(2 * DAY);
    service.tick().await;
    let back = service.game(game.id).await.unwrap();
    assert_eq!(back.deadline_at, Some(START + 2 * DAY + 4 * DAY));
}

#[tokio::test]
async fn a_vacation_is_over_at_its_end_before_the_clock_closes_it() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    clock.advance(DAY);
    // Three days left when a leaves for two; back at START + 3 days.
    leave(&service, &a, 2).await;
    // An hour after the end, before any tick: a is not away anywhere they look.
    clock.advance(2 * DAY + HOUR);
    let status = service.vacation_status(&member(&a)).await.unwrap();
    assert_eq!((status.away_until, status.days_left), (None, 28));
    assert_eq!(service.away_until(a.id, Some(GUILD)).await.unwrap(), None);
    let back = START + 3 * DAY;
    let seen = service.game(game.id).await.unwrap();
    assert_eq!(
        (seen.away_until, seen.deadline_at),
        (None, Some(back + 3 * DAY)),
        "the game's clock runs from the vacation's end"
    );
    let listed = service.active_games(a.id).await.unwrap();
    assert_eq!(
        (listed[0].away_until, listed[0].deadline_at),
        (None, Some(back + 3 * DAY)),
        "as `/games` lists it"
    );
    let waiting = service.games_waiting_for(a.id).await.unwrap();
    assert_eq!(waiting.len(), 1, "and the digest lists it");
    // Back already: nothing to end.
    assert!(matches!(
        service.end_vacation(&member(&a)).await,
        Err(ServiceError::NotAway)
    ));
    // A new vacation starts at once; the game keeps the time it had from the first one's end.
    let status = leave(&service, &a, 1).await;
    let now = back + HOUR;
    assert_eq!((status.away_until, status.days_left), (Some(now + DAY), 27));
    let paused = service.game(game.id).await.unwrap();
    assert_eq!(
        (paused.deadline_at, paused.away_until),
        (None, Some(now + DAY))
    );
    clock.advance(HOUR);
    come_back(&service, &a).await;
    assert_eq!(
        service.game(game.id).await.unwrap().deadline_at,
        Some(now + HOUR + 3 * DAY - HOUR)
    );
}

#[tokio::test]
async fn clocks_given_to_a_player_whose_vacation_is_over_run() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    leave(&service, &b, 1).await;
    // A minute after b's vacation ended, before any tick: a moves, and b's clock runs.
    clock.advance(DAY + 60_000);
    let now = START + DAY + 60_000;
    service.must_play(game.id, a.id, "c3 e5").await;
    let moved = service.game(game.id).await.unwrap();
    assert_eq!(
        (moved.deadline_at, moved.away_until),
        (Some(now + 4 * DAY), None)
    );
    // A new game b opens: b's clock runs from its start.
    let opened = four_day_game(&service, &b, &a).await;
    let started = service.game(opened.id).await.unwrap();
    assert_eq!(
        (started.deadline_at, started.away_until),
        (Some(now + 4 * DAY), None)
    );
    // The tick that closes the vacation later leaves both clocks alone.
    service.tick().await;
    assert_eq!(
        service.game(game.id).await.unwrap().deadline_at,
        Some(now + 4 * DAY)
    );
    assert_eq!(
        service.game(opened.id).await.unwrap().deadline_at,
        Some(now + 4 * DAY)
    );
}

#[tokio::test]
async fn time_that_ran_out_after_a_vacations_end_loses_the_game_before_any_tick() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    clock.advance(3 * DAY);
    // One day left when a leaves for one: it runs out two days after START + 3 days.
    leave(&service, &a, 1).await;
    clock.advance(2 * DAY + HOUR);
    let late = service.play_text(game.id, a.id, "c3 e5", None).await;
    assert!(
        matches!(late, Ok(MoveOutcome::LostOnTime(ref g)) if g.id == game.id),
        "{late:?}"
    );
    assert!(service.game(game.id).await.unwrap().result.is_some());
}

#[tokio::test]
async fn a_new_vacation_starts_at_once_after_one_is_over() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    leave(&service, &a, 1).await;
    // An hour after its end, before any tick, a leaves again.
    clock.advance(DAY + HOUR);
    let now = START + DAY + HOUR;
    let status = leave(&service, &a, 2).await;
    assert_eq!(
        (status.away_until, status.days_left),
        (Some(now + 2 * DAY), 27)
    );
    // The hour between the two ran on the game's clock.
    clock.advance(HOUR);
    come_back(&service, &a).await;
    assert_eq!(
        service.game(game.id).await.unwrap().deadline_at,
        Some(now + HOUR + 4 * DAY - HOUR)
    );
}

#[tokio::test]
async fn stopping_and_restarting_a_clock_is_a_change_of_the_game() {
    let (_dir, clock, service) = opened().await;
    let (a, b) = (player(1), player(2));
    let game = four_day_game(&service, &a, &b).await;
    // b's game, where a is not to move, is not stopped, so it does not change.
    let theirs = four_day_game(&service, &b, &a).await;
    leave(&service, &a, 3).await;
    let paused = service.game(game.id).await.unwrap();
    assert_eq!(
        paused.version,
        game.version + 1,
        "a button of before is stale"
    );
    assert!(paused.updated_at >= game.updated_at);
    assert_eq!(
        service.game(theirs.id).await.unwrap().version,
        theirs.version
    );
    // The stale version is refused as a position that changed, the fresh one plays.
    let stale = service
        .play_text(game.id, a.id, "c3 e5", Some(game.version))
        .await;
    assert!(
        matches!(stale, Err(ServiceError::PositionChanged)),
        "{stale:?}"
    );
    clock.advance(HOUR);
    come_back(&service, &a).await;
    let back = service.game(game.id).await.unwrap();
    assert_eq!(back.version, paused.version + 1);
    assert_eq!(back.deadline_at, Some(START + HOUR + 4 * DAY));
    // A reminder taken changes no version: the board's buttons still work.
    clock.advance(3 * DAY + HOUR);
    let reminded = service.tick().await.reminders;
    assert!(
        reminded.iter().any(|(g, _)| g.id == game.id),
        "{reminded:?}"
    );
    assert_eq!(service.game(game.id).await.unwrap().version, back.version);
    service
        .play_text(game.id, a.id, "c3 e5", Some(back.version))
        .await
        .played();
}
