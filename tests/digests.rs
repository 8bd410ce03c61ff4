//! The daily digest in the service on a hand-moved clock: owed once a day at the player's hour
//! in their time zone, never twice across a restart, listing the games waiting for them when
//! it is sent (none: the front end sends nothing).

mod common;

use std::sync::Arc;

use common::{PlayText, Played, START};
use ponte::service::{
    Announcement, ChallengeOptions, Lang, ManualClock, Notify, Player, PlayerId, Service, Venue,
    time_zone,
};

const HOUR: i64 = 3_600_000;

fn player(n: i64) -> Player {
    Player::new(PlayerId(1000 + n), format!("p{n}"))
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
            } => Some((player, lang, games.iter().map(|g| g.id.0).collect())),
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
            &b,
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
    let venue = Venue {
        guild_id: Some(77),
        channel_id: Some(5),
    };
    let four_days = ChallengeOptions {
        move_time: Some(std::time::Duration::from_secs(4 * 86_400)),
        ..ChallengeOptions::default()
    };
    let game = common::start_game(&service, &a, &b, four_days, venue).await;
    service
        .play_text(game.id, a.id, "c3 e5", None)
        .await
        .played();
    clock.advance(24 * HOUR);
    assert_eq!(
        digests_due(&service).await,
        [(b.id, Lang::De, vec![game.id.0])]
    );
    drop(service);
    let service = common::open_service(&dir, clock.clone()).await;
    assert_eq!(
        digests_due(&service).await,
        [(b.id, Lang::De, vec![game.id.0])],
        "still owed once after the restart"
    );
    // On vacation there, b's game is left out: its clock stands still.
    service
        .announced(service.due_announcements().await.unwrap()[0].id)
        .await
        .unwrap();
    service.start_vacation(&b, 77, 3).await.unwrap();
    clock.advance(24 * HOUR);
    assert_eq!(digests_due(&service).await, [(b.id, Lang::De, vec![])]);
    // Back to reminders: no more digests.
    service.set_notify(&b, true).await.unwrap();
    clock.advance(24 * HOUR);
    assert_eq!(
        digests_due(&service).await.len(),
        1,
        "only yesterday's, still owed"
    );
}
