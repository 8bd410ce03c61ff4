//! Tournaments through the service on a real SQLite file: a whole Swiss and a whole round robin,
//! results from normal play, each round started once even when two results arrive at once.

mod common;

use std::sync::Arc;

use common::{PlayText, START};
use fastrand::Rng;
use ponte::i18n::Lang;
use ponte::ids::{ChannelId, GuildId};
use ponte::service::{
    Actor, Announcement, ChallengeOptions, Format, GameView, ManualClock, Player, PlayerId,
    Service, ServiceError, TournamentStatus, TournamentTerms, TournamentView, Venue,
};

const GUILD: GuildId = GuildId::from_snowflake(77);

fn venue() -> Venue {
    Venue {
        guild_id: Some(GUILD),
        channel_id: Some(ChannelId::from_snowflake(88)),
    }
}

fn players(n: i64) -> Vec<Player> {
    (1..=n)
        .map(|i| Player::new(PlayerId::from_snowflake((5000 + i) as u64), format!("p{i}")))
        .collect()
}

async fn service() -> (tempfile::TempDir, Arc<Service>) {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let service = common::open_service(&dir, clock).await;
    (dir, service)
}

async fn signed_up(service: &Service, format: Format, entrants: &[Player]) -> TournamentView {
    let terms = TournamentTerms {
        name: "Club championship".into(),
        format,
        options: ChallengeOptions {
            move_time: Some(std::time::Duration::from_secs(3 * 86_400)),
            ..ChallengeOptions::default()
        },
        signup_deadline: None,
        pause_for_vacations: false,
    };
    let t = service
        .create_tournament(&Actor::manager(entrants[0].clone(), GUILD), venue(), terms)
        .await
        .unwrap();
    for p in entrants {
        service
            .join_tournament(t.id, &Actor::member(p.clone(), Some(GUILD)))
            .await
            .unwrap();
    }
    t
}

/// Ends `game` by a resignation of a random side (a result from normal play).
async fn resign(service: &Service, game: &GameView, rng: &mut Rng) {
    let resigner = if rng.bool() { &game.white } else { &game.red };
    service
        .play_text(game.id, resigner.id, "resign", None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_whole_swiss_is_paired_round_by_round_and_ends() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let entrants = players(7);
    let t = signed_up(&service, Format::Swiss { rounds: 4 }, &entrants).await;
    assert_eq!(t.status, TournamentStatus::Signup);
    // Only the organiser (or a manager) starts it.
    let not_organiser = service
        .start_tournament(t.id, Some(&Actor::member(entrants[1].clone(), Some(GUILD))))
        .await;
    assert!(matches!(not_organiser, Err(ServiceError::NotOrganiser(_))));
    let mut t = service
        .start_tournament(t.id, Some(&Actor::member(entrants[0].clone(), Some(GUILD))))
        .await
        .unwrap();
    assert_eq!((t.status, t.current_round), (TournamentStatus::Running, 1));
    assert_eq!(t.games.len(), 3);
    // Sign-up is closed now.
    let late = service
        .join_tournament(
            t.id,
            &Actor::member(
                Player::new(PlayerId::from_snowflake(9), "late"),
                Some(GUILD),
            ),
        )
        .await;
    assert!(matches!(late, Err(ServiceError::SignupClosed(_))));

    // Its players cannot call a tournament game off (they resign or withdraw).
    let (_, first) = &t.games[0];
    let refused = service
        .abort(first.id, &Actor::member(first.white.clone(), None))
        .await;
    assert!(matches!(refused, Err(ServiceError::TournamentGameAbort(_))));

    let mut rng = Rng::with_seed(4);
    for round in 1..=4 {
        assert_eq!(t.current_round, round);
        // Nothing moves while games of the round go on.
        assert!(!service.advance_tournament(t.id).await.unwrap());
        // The round's last two results arrive at once: the next round starts once.
        let going: Vec<&GameView> = t
            .games
            .iter()
            .map(|(_, g)| g)
            .filter(|g| !g.is_over())
            .collect();
        if round == 2 {
            // Losses on time count like any result: the hand-moved clock passes the deadline
            // (three days a move) and the clock's tick ends every game of the round.
            clock.advance(3 * 86_400_000 + 1);
            let tick = service.tick().await;
            assert_eq!(tick.timeouts.len(), 3, "{tick:?}");
        } else {
            let (last_two, first) = going.split_at(2);
            for game in first {
                resign(&service, game, &mut rng).await;
            }
            let (mut one, mut other) = (Rng::with_seed(round.into()), Rng::with_seed(7));
            tokio::join!(
                resign(&service, last_two[0], &mut one),
                resign(&service, last_two[1], &mut other)
            );
        }
        // The result itself moved the tournament on: nothing is left to do.
        assert!(!service.advance_tournament(t.id).await.unwrap());
        t = service.tournament(t.id).await.unwrap();
        let expected_games = 3 * (round as usize + usize::from(round < 4));
        assert_eq!(t.games.len(), expected_games, "after round {round}");
    }
    assert_eq!(t.status, TournamentStatus::Finished);
    // Four byes, to four different entrants.
    let mut byes: Vec<PlayerId> = t.byes.iter().map(|(_, p)| *p).collect();
    byes.sort_unstable();
    byes.dedup();
    assert_eq!(byes.len(), 4);
    // No pairing twice.
    let mut pairs: Vec<(PlayerId, PlayerId)> = t
        .games
        .iter()
        .map(|(_, g)| (g.white.id.min(g.red.id), g.white.id.max(g.red.id)))
        .collect();
    pairs.sort_unstable();
    let all = pairs.len();
    pairs.dedup();
    assert_eq!(pairs.len(), all);
    // Points: one a game, one a bye.
    let standings = t.standings();
    let total: f64 = standings.iter().map(|l| l.standing.points).sum();
    assert_eq!(total, 12.0 + 4.0);
    assert_eq!(standings[0].rank, 1);

    // The crosstable: a row per entrant, by rank, a column per round, points and Buchholz.
    let table = t.crosstable(Lang::En);
    assert_eq!(
        table.header,
        [
            "#", "Player", "R1", "R2", "R3", "R4", "Pts", "Buchholz", "BH−1"
        ]
    );
    assert_eq!(table.rows.len(), 7);
    assert!(table.rows.iter().all(|row| row.len() == table.header.len()));
    assert_eq!(table.rows[0][1], standings[0].player.name);
    let byes_shown = table.rows.iter().flatten().filter(|c| *c == "bye").count();
    assert_eq!(byes_shown, 4);
    let png = t.crosstable_png(Lang::De);
    let image = image::load_from_memory(&png).unwrap();
    assert!(image.height() > 7 * 30);
    std::fs::write(
        std::env::temp_dir().join("ponte-crosstable-swiss.png"),
        &png,
    )
    .unwrap();
}

#[tokio::test]
async fn a_round_robin_starts_every_game_at_once() {
    let (_dir, service) = service().await;
    let entrants = players(5);
    let t = signed_up(&service, Format::RoundRobin { double: true }, &entrants).await;
    let t = service.start_tournament(t.id, None).await.unwrap();
    // 5 entrants: 5 rounds of 2 games, twice.
    assert_eq!(t.current_round, 10);
    assert_eq!(t.games.len(), 20);
    assert_eq!(t.byes.len(), 10);
    let mut rng = Rng::with_seed(9);
    for (_, game) in &t.games {
        resign(&service, game, &mut rng).await;
    }
    let t = service.tournament(t.id).await.unwrap();
    assert_eq!(t.status, TournamentStatus::Finished);
    let total: f64 = t.standings().iter().map(|l| l.standing.points).sum();
    assert_eq!(total, 20.0, "sit-outs score nothing");
    // Each pair met twice, each opening once.
    for a in &entrants {
        for b in &entrants {
            if a.id < b.id {
                let openers: Vec<PlayerId> = t
                    .games
                    .iter()
                    .filter(|(_, g)| g.color_of(a.id).is_some() && g.color_of(b.id).is_some())
                    .map(|(_, g)| g.opener)
                    .collect();
                assert_eq!(openers.len(), 2);
                assert_ne!(openers[0], openers[1]);
            }
        }
    }
    // The grid: each entrant against each, two results per cell in a double round robin.
    let table = t.crosstable(Lang::Fr);
    assert_eq!(table.header[..3], ["#", "Joueur", "1"]);
    for (r, row) in table.rows.iter().enumerate() {
        assert_eq!(row[2 + r], "×");
        for (c, cell) in row[2..7].iter().enumerate() {
            if c != r {
                assert_eq!(cell.split(' ').count(), 2, "{cell}");
            }
        }
    }
    let png = t.crosstable_png(Lang::Fr);
    std::fs::write(std::env::temp_dir().join("ponte-crosstable-rr.png"), &png).unwrap();
}

/// The sign-up deadline starts a tournament at the clock's tick; one with fewer than two
/// entrants is cancelled instead.
#[tokio::test]
async fn the_signup_deadline_starts_the_tournament() {
    let (_dir, clock, service) = common::service_on_a_hand_clock().await;
    let entrants = players(4);
    let terms = |deadline| TournamentTerms {
        name: "Weekend Swiss".into(),
        format: Format::Swiss { rounds: 2 },
        options: ChallengeOptions::default(),
        signup_deadline: Some(deadline),
        pause_for_vacations: false,
    };
    // Two tournaments alike, one that fills and one nobody joins.
    let organiser = Actor::manager(entrants[0].clone(), GUILD);
    let create = || service.create_tournament(&organiser, venue(), terms(START + 60_000));
    let full = create().await.unwrap();
    for p in &entrants {
        service
            .join_tournament(full.id, &Actor::member(p.clone(), Some(GUILD)))
            .await
            .unwrap();
    }
    let empty = create().await.unwrap();
    assert!(service.tick().await.tournaments.is_empty());
    clock.advance(61_000);
    let tick = service.tick().await;
    assert_eq!(tick.tournaments, [full.id, empty.id]);
    let full = service.tournament(full.id).await.unwrap();
    assert_eq!(
        (full.status, full.games.len()),
        (TournamentStatus::Running, 2)
    );
    let empty = service.tournament(empty.id).await.unwrap();
    assert_eq!(empty.status, TournamentStatus::Cancelled);
    // Seeds were given at the start: 1 to 4.
    let seeds: Vec<Option<usize>> = full.entrants.iter().map(|e| e.seed).collect();
    assert_eq!(seeds, [Some(1), Some(2), Some(3), Some(4)]);
}

/// A withdrawal forfeits the games still going and is never paired again; only the player,
/// the organiser or a manager may withdraw someone. Cancelling aborts what is left.
#[tokio::test]
async fn withdrawals_forfeit_and_cancelling_aborts() {
    let (_dir, service) = service().await;
    let entrants = players(6);
    let t = signed_up(&service, Format::Swiss { rounds: 3 }, &entrants).await;
    let t = service.start_tournament(t.id, None).await.unwrap();
    let quitter = &entrants[3];
    let someone = entrants[1].clone();
    let refused = service
        .withdraw(t.id, quitter, &Actor::member(someone, Some(GUILD)))
        .await;
    assert!(matches!(refused, Err(ServiceError::NotOrganiser(_))));
    let t = service
        .withdraw(t.id, quitter, &Actor::member(quitter.clone(), Some(GUILD)))
        .await
        .unwrap();
    let (_, game) = t
        .games
        .iter()
        .find(|(_, g)| g.color_of(quitter.id).is_some())
        .unwrap();
    let result = game.result.expect("forfeited");
    assert_ne!(
        result.winner.map(|c| game.player(c).id),
        Some(quitter.id),
        "the one who withdrew lost"
    );
    let again = service
        .withdraw(t.id, quitter, &Actor::member(quitter.clone(), Some(GUILD)))
        .await;
    assert!(matches!(again, Err(ServiceError::NotEntered(_))));

    // The rest of round 1 ends; round 2 pairs the five still in (one bye), not the quitter.
    let mut rng = Rng::with_seed(2);
    for (_, game) in &t.games {
        if !game.is_over() {
            resign(&service, game, &mut rng).await;
        }
    }
    let t = service.tournament(t.id).await.unwrap();
    assert_eq!(t.current_round, 2);
    let (round_two, bye) = t.pairings(2);
    assert_eq!(round_two.len(), 2);
    assert!(bye.is_some_and(|b| b != quitter.id));
    assert!(round_two.iter().all(|g| g.color_of(quitter.id).is_none()));
    assert!(
        t.standings()
            .iter()
            .any(|l| l.player.id == quitter.id && l.withdrawn)
    );

    // The organiser cancels: round 2's games are aborted, nothing more is paired.
    let t = service
        .cancel_tournament(t.id, &Actor::member(entrants[0].clone(), Some(GUILD)))
        .await
        .unwrap();
    assert_eq!(t.status, TournamentStatus::Cancelled);
    assert!(t.pairings(2).0.iter().all(|g| g.is_over()));
    assert!(!service.advance_tournament(t.id).await.unwrap());
    // The cancellation is owed to the players: delivering the tournament's items in order (as
    // the worker does) comes to it.
    let mut cancelled_announced = false;
    for _ in 0..100 {
        let due = service.due_announcements().await.unwrap();
        if due.is_empty() {
            break;
        }
        for item in due {
            cancelled_announced |= matches!(
                &item.announcement,
                Announcement::Finished(t) if t.status == TournamentStatus::Cancelled
            );
            service.announced(item.id).await.unwrap();
        }
    }
    assert!(cancelled_announced);
    let over = service
        .cancel_tournament(t.id, &Actor::member(entrants[0].clone(), Some(GUILD)))
        .await;
    assert!(matches!(over, Err(ServiceError::TournamentOver(_))));
}

/// Members who cannot manage the server create tournaments only where the server allows it.
#[tokio::test]
async fn members_create_tournaments_where_the_server_allows_it() {
    let (_dir, service) = service().await;
    let member = Player::new(PlayerId::from_snowflake(42), "member");
    let terms = || TournamentTerms {
        name: "Open".into(),
        format: Format::RoundRobin { double: false },
        options: ChallengeOptions::default(),
        signup_deadline: None,
        pause_for_vacations: false,
    };
    let refused = service
        .create_tournament(
            &Actor::member(member.clone(), Some(GUILD)),
            venue(),
            terms(),
        )
        .await;
    assert!(matches!(
        refused,
        Err(ServiceError::ManagersCreateTournaments)
    ));
    service
        .allow_members_to_create_tournaments(
            &Actor::manager(Player::new(PlayerId::from_snowflake(7), "owner"), GUILD),
            true,
        )
        .await
        .unwrap();
    let as_member = Actor::member(member.clone(), Some(GUILD));
    let create = || service.create_tournament(&as_member, venue(), terms());
    let made = create().await.unwrap();
    assert_eq!(made.organiser, member.id);
    // Several at once in one server, a player in several.
    let other = create().await.unwrap();
    // From another server, its tournaments are not there to join or leave.
    let elsewhere = Actor::member(member.clone(), Some(GuildId::from_snowflake(78)));
    assert!(matches!(
        service.join_tournament(made.id, &elsewhere).await,
        Err(ServiceError::UnknownTournament(_))
    ));
    for t in [made.id, other.id] {
        service
            .join_tournament(t, &Actor::member(member.clone(), Some(GUILD)))
            .await
            .unwrap();
    }
    assert!(matches!(
        service.leave_tournament(made.id, &elsewhere).await,
        Err(ServiceError::UnknownTournament(_))
    ));
    assert_eq!(service.open_tournaments(GUILD).await.unwrap().len(), 2);
}
