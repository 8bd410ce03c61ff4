//! The daily digest in the service on a hand-moved clock: owed once a day at the player's hour
//! in their time zone, never twice across a restart, listing the games waiting for them when
//! it is sent (none: the front end sends nothing).

mod common;

use std::sync::Arc;

use common::{PlayText, START};
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, Announcement, ChallengeOptions, GameView, Lang, ManualClock, Notify, OutboxId, Player,
    PlayerId, Service, Venue, time_zone,
};

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
const MINUTE: i64 = 60_000;

fn player(n: i64) -> Player {
    Player::new(PlayerId::from_snowflake((1000 + n) as u64), format!("p{n}"))
}

/// The digests due now: (player, language, games listed).
async fn digests_due(service: &Service) -> Vec<(PlayerId, Lang, Vec<i64>)> {
    service.tick().await;
    service
        .due_announcements()
        .await
        .unwrap()
        .into_iter()
        .filter_map(|due| match due.announcement {
            Announcement::Digest {
                player,
                lang,
                games,
            } => Some((player, lang, games.iter().map(|g| g.id.get()).collect())),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_digest_is_owed_once_a_day_at_the_players_hour_in_their_zone() {
    let dir = tempfile::tempdir().unwrap();
    // START is 2023-11-14 22:13:20 UTC; 8:00 in Berlin (UTC+1) is 7:00 UTC, 8 h 46 min 40 s on.
    let clock = Arc::new(ManualClock::new(START));
    let service = common::open_service(&dir, clock.clone()).await;
    let (a, b) = (player(1), player(2));
    let berlin = time_zone("Europe/Berlin").unwrap();
    service
        .notify_by(
            &Actor::member(b.clone(), None),
            Notify::Digest {
                hour: 8,
                zone: berlin,
            },
            Lang::De,
        )
        .await
        .unwrap();
    assert!(digests_due(&service).await.is_empty());
    clock.advance(8 * HOUR + 46 * 60_000);
    assert!(digests_due(&service).await.is_empty(), "a minute early");
    clock.advance(60_000);
    // Nothing waits for b: the digest lists nothing (and the bot sends nothing).
    assert_eq!(digests_due(&service).await, [(b.id, Lang::De, vec![])]);
    let item = service.due_announcements().await.unwrap()[0].id;
    service.announced(item).await.unwrap();

    // A game where b is to move; the next day's digest lists it, and a restart in between
    // owes it once.
    let game = four_day_game(&service, &a, &b).await;
    service.must_play(game.id, a.id, "c3 e5").await;
    clock.advance(24 * HOUR);
    assert_eq!(
        digests_due(&service).await,
        [(b.id, Lang::De, vec![game.id.get()])]
    );
    drop(service);
    let service = common::open_service(&dir, clock.clone()).await;
    assert_eq!(
        digests_due(&service).await,
        [(b.id, Lang::De, vec![game.id.get()])],
        "still owed once after the restart"
    );
    // On vacation there, b's game is left out: its clock stands still.
    service
        .announced(service.due_announcements().await.unwrap()[0].id)
        .await
        .unwrap();
    service
        .start_vacation(
            &Actor::member(b.clone(), Some(GuildId::from_snowflake(77))),
            3,
        )
        .await
        .unwrap();
    clock.advance(24 * HOUR);
    assert_eq!(digests_due(&service).await, [(b.id, Lang::De, vec![])]);
    // Back to reminders: no more digests.
    service
        .set_notify(&Actor::member(b.clone(), None), true)
        .await
        .unwrap();
    clock.advance(24 * HOUR);
    assert_eq!(
        digests_due(&service).await.len(),
        1,
        "only yesterday's, still owed"
    );
}

/// Every item the outbox holds, delivered in the order the delivery worker takes them: its id,
/// its kind and the games it is about (a digest: the games it lists).
async fn deliver_all(service: &Service) -> Vec<(OutboxId, String, Vec<i64>)> {
    let delivered = common::deliver_due(service).await.into_iter();
    delivered
        .map(|item| {
            let games = match &item.announcement {
                Announcement::Digest { games, .. } => games.iter().map(|g| g.id.get()).collect(),
                Announcement::Ended(game) => vec![game.id.get()],
                _ => Vec::new(),
            };
            (item.id, item.kind().to_owned(), games)
        })
        .collect()
}

/// The losses on time and digests among what was delivered, in delivery order.
fn losses_and_digests(delivered: &[(OutboxId, String, Vec<i64>)]) -> Vec<(&str, Vec<i64>)> {
    let told: Vec<_> = delivered
        .iter()
        .filter(|(_, kind, _)| ["ended", "digest"].contains(&kind.as_str()))
        .collect();
    assert!(
        told.windows(2).all(|w| w[0].0 < w[1].0),
        "delivered oldest first: {told:?}"
    );
    told.into_iter()
        .map(|(_, kind, games)| (kind.as_str(), games.clone()))
        .collect()
}

/// The server's channel where these games are played.
fn venue() -> Venue {
    Venue {
        guild_id: Some(GuildId::from_snowflake(77)),
        channel_id: Some(ChannelId::from_snowflake(5)),
    }
}

/// A game in the server with four days a move, opened by `a` (who is to move).
async fn four_day_game(service: &Service, a: &Player, b: &Player) -> GameView {
    let four_days = ChallengeOptions {
        move_time: Some(std::time::Duration::from_secs(4 * 86_400)),
        ..ChallengeOptions::default()
    };
    common::start_game(service, a, b, four_days, venue()).await
}

/// Two games where b is to move, both opened by a: the first with four days a move, the
/// second without a clock.
async fn two_games_waiting_for(service: &Service, a: &Player, b: &Player) -> (GameView, GameView) {
    let timed = four_day_game(service, a, b).await;
    let untimed = common::start_game(service, a, b, ChallengeOptions::default(), venue()).await;
    for game in [&timed, &untimed] {
        service.must_play(game.id, a.id, "c3 e5").await;
    }
    (timed, untimed)
}

#[tokio::test]
async fn after_a_stop_across_a_deadline_and_the_digest_hour_the_loss_comes_first() {
    let (dir, clock, service) = common::service_on_a_hand_clock().await;
    let (a, b) = (player(1), player(2));
    digest_at(&service, &b, 8, "Europe/Berlin").await;
    let (timed, untimed) = two_games_waiting_for(&service, &a, &b).await;
    deliver_all(&service).await;
    // Stopped for four days and ten hours: b's deadline (START + 4 days, 22:13 UTC) and the
    // digest's hour (8:00 in Berlin, 7:00 UTC) have both passed when it starts again.
    drop(service);
    clock.advance(4 * DAY + 10 * HOUR);
    let service = common::open_service(&dir, clock.clone()).await;
    let tick = service.tick().await;
    assert_eq!(tick.timeouts.len(), 1);
    assert_eq!(
        losses_and_digests(&deliver_all(&service).await),
        [
            ("ended", vec![timed.id.get()]),
            ("digest", vec![untimed.id.get()])
        ],
        "the loss is told first, and the digest lists only the game still going"
    );
}

#[tokio::test]
async fn a_deadline_and_the_digest_hour_in_one_tick_tell_the_loss_first() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let (a, b) = (player(1), player(2));
    // START is 22:13:20 UTC: b's digest comes at 23:00 UTC, 47 minutes on, and every day.
    digest_at(&service, &b, 23, "UTC").await;
    let (timed, untimed) = two_games_waiting_for(&service, &a, &b).await;
    clock.advance(47 * MINUTE);
    for _ in 0..4 {
        service.tick().await;
        let delivered = deliver_all(&service).await;
        let told = losses_and_digests(&delivered);
        assert_eq!(
            told,
            [("digest", vec![timed.id.get(), untimed.id.get()])],
            "the nearest deadline first"
        );
        clock.advance(DAY);
    }
    // The fifth day: b's time ran out at 22:13:20 and the digest is due at 23:00, and the
    // clock ticks once, at 23:00:20.
    service.tick().await;
    assert_eq!(
        losses_and_digests(&deliver_all(&service).await),
        [
            ("ended", vec![timed.id.get()]),
            ("digest", vec![untimed.id.get()])
        ]
    );
}

#[tokio::test]
async fn a_digest_made_after_a_deadline_leaves_out_that_game_before_the_clock_ends_it() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let (a, b) = (player(1), player(2));
    digest_at(&service, &b, 23, "UTC").await;
    let (timed, untimed) = two_games_waiting_for(&service, &a, &b).await;
    deliver_all(&service).await;
    clock.advance(47 * MINUTE);
    // Owed now; made (when Discord answers again) after the deadline, before a tick.
    service.tick().await;
    clock.advance(4 * DAY);
    assert_eq!(
        losses_and_digests(&deliver_all(&service).await),
        [("digest", vec![untimed.id.get()])]
    );
    let waiting = service.games_waiting_for(b.id).await.unwrap();
    assert_eq!(
        waiting.iter().map(|g| g.id).collect::<Vec<_>>(),
        [untimed.id]
    );
    assert!(
        service.game(timed.id).await.unwrap().result.is_none(),
        "not ended yet"
    );
}

/// b's digest at `hour` in `zone`, set at the clock's time.
async fn digest_at(service: &Service, b: &Player, hour: u32, zone: &str) {
    let zone = time_zone(zone).unwrap();
    service
        .notify_by(
            &Actor::member(b.clone(), None),
            Notify::Digest { hour, zone },
            Lang::En,
        )
        .await
        .unwrap();
}

/// How many digests the tick at the clock's time owes (each delivered at once).
async fn digests_now(service: &Service) -> usize {
    service.tick().await;
    let delivered = deliver_all(service).await;
    delivered
        .iter()
        .filter(|(_, kind, _)| *kind == "digest")
        .count()
}

#[tokio::test]
async fn moving_the_hour_later_after_the_days_digest_gives_none_more_that_day() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let b = player(2);
    // START is 2023-11-14 22:13:20 UTC; 8:00 in Berlin is 7:00 UTC on the 15th.
    digest_at(&service, &b, 8, "Europe/Berlin").await;
    clock.advance(8 * HOUR + 47 * MINUTE);
    assert_eq!(digests_now(&service).await, 1, "the 15th's, at 8:00");
    // At 9:00 b moves it to 20:00: the 15th has had its digest.
    clock.advance(HOUR);
    digest_at(&service, &b, 20, "Europe/Berlin").await;
    clock.advance(11 * HOUR);
    assert_eq!(digests_now(&service).await, 0, "20:00 on the 15th");
    clock.advance(DAY - MINUTE);
    assert_eq!(
        digests_now(&service).await,
        0,
        "a minute before 20:00 on the 16th"
    );
    clock.advance(MINUTE);
    assert_eq!(digests_now(&service).await, 1, "20:00 on the 16th");
    // Reminders for a while, and the digest again, later still: the 16th has had it.
    clock.advance(HOUR);
    service
        .set_notify(&Actor::member(b.clone(), None), true)
        .await
        .unwrap();
    digest_at(&service, &b, 22, "Europe/Berlin").await;
    clock.advance(HOUR);
    assert_eq!(digests_now(&service).await, 0, "22:00 on the 16th");
    clock.advance(DAY);
    assert_eq!(digests_now(&service).await, 1, "22:00 on the 17th");
}

#[tokio::test]
async fn moving_to_another_zone_after_the_days_digest_gives_none_more_that_day() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let b = player(2);
    digest_at(&service, &b, 8, "Europe/Berlin").await;
    clock.advance(8 * HOUR + 47 * MINUTE);
    assert_eq!(
        digests_now(&service).await,
        1,
        "8:00 in Berlin, 2:00 in New York"
    );
    // At 8:00 UTC (3:00 in New York) b moves to New York, at 8:00 there (13:00 UTC): that
    // day, there too, has had its digest.
    clock.advance(HOUR);
    digest_at(&service, &b, 8, "America/New_York").await;
    clock.advance(5 * HOUR);
    assert_eq!(
        digests_now(&service).await,
        0,
        "8:00 on the 15th in New York"
    );
    clock.advance(DAY);
    assert_eq!(
        digests_now(&service).await,
        1,
        "8:00 on the 16th in New York"
    );
}
