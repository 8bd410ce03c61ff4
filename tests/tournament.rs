//! Tournament pairing held to its rules over thousands of random tournaments (3–40 entrants,
//! random results, withdrawals and byes), with a brute-force search as the judge of "where
//! possible": nobody is paired twice in a round; a Swiss never repeats a pairing when some
//! pairing avoids it; byes go to entrants without one; openers stay balanced when they can.

use fastrand::Rng;
use ponte::tournament::{Pairing, Round, Seed, SwissEntrant, pair_swiss, round_robin};

fn balance(e: &SwissEntrant) -> i64 {
    i64::from(e.opened) - i64::from(e.answered)
}

fn met(a: &SwissEntrant, b: &SwissEntrant) -> bool {
    a.opponents.contains(&b.seed)
}

/// Whether a game would push one of the two two openings out of balance (the one behind
/// opens, so only when both are ahead, or both behind).
fn unbalances(a: &SwissEntrant, b: &SwissEntrant) -> bool {
    (balance(a) >= 1 && balance(b) >= 1) || (balance(a) <= -1 && balance(b) <= -1)
}

/// Whether `entrants` can be paired (with a bye to one who has had none, if any has not) with
/// no repeat and, if `balanced`, no opener imbalance: every possibility tried.
fn pairable(entrants: &[SwissEntrant], balanced: bool) -> bool {
    fn matching(rest: &[&SwissEntrant], balanced: bool) -> bool {
        let Some((first, others)) = rest.split_first() else {
            return true;
        };
        (0..others.len()).any(|i| {
            let partner = others[i];
            if met(first, partner) || (balanced && unbalances(first, partner)) {
                return false;
            }
            let remaining: Vec<&SwissEntrant> = others
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, e)| *e)
                .collect();
            matching(&remaining, balanced)
        })
    }
    let all: Vec<&SwissEntrant> = entrants.iter().collect();
    if all.len().is_multiple_of(2) {
        return matching(&all, balanced);
    }
    let any_without = all.iter().any(|e| !e.had_bye);
    (0..all.len())
        .filter(|&b| !any_without || !all[b].had_bye)
        .any(|b| {
            let rest: Vec<&SwissEntrant> = all
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != b)
                .map(|(_, e)| *e)
                .collect();
            matching(&rest, balanced)
        })
}

fn check_everyone_once(round: &Round, active: &[Seed]) {
    let mut seen: Vec<Seed> = round
        .pairings
        .iter()
        .flat_map(|p| [p.opener, p.answerer])
        .chain(round.bye)
        .collect();
    seen.sort_unstable();
    let mut expected = active.to_vec();
    expected.sort_unstable();
    assert_eq!(seen, expected, "everyone still in, exactly once: {round:?}");
    assert_eq!(round.bye.is_some(), active.len() % 2 == 1);
}

#[test]
fn swiss_pairings_keep_the_rules_over_random_tournaments() {
    let mut rng = Rng::with_seed(13);
    let (mut repeats_forced, mut imbalances_forced, mut byes, mut withdrawals) = (0, 0, 0, 0);
    for _ in 0..2_000 {
        let n = rng.usize(3..=40);
        let rounds = rng.usize(1..=(n - 1).min(9));
        let mut entrants: Vec<SwissEntrant> = (0..n)
            .map(|seed| SwissEntrant {
                seed,
                ..SwissEntrant::default()
            })
            .collect();
        let mut withdrawn = vec![false; n];
        for round_number in 0..rounds {
            if round_number > 0 && rng.u32(0..12) == 0 {
                let still: Vec<Seed> = (0..n).filter(|s| !withdrawn[*s]).collect();
                if still.len() > 2 {
                    withdrawn[still[rng.usize(0..still.len())]] = true;
                    withdrawals += 1;
                }
            }
            let active: Vec<SwissEntrant> = entrants
                .iter()
                .filter(|e| !withdrawn[e.seed])
                .cloned()
                .collect();
            let seeds: Vec<Seed> = active.iter().map(|e| e.seed).collect();
            let round = pair_swiss(&active);
            check_everyone_once(&round, &seeds);
            let by_seed = |s: Seed| active.iter().find(|e| e.seed == s).unwrap();

            if let Some(bye) = round.bye {
                byes += 1;
                let anyone_without = active.iter().any(|e| !e.had_bye);
                assert!(
                    !anyone_without || !by_seed(bye).had_bye,
                    "a second bye while others had none"
                );
            }
            let repeated = round
                .pairings
                .iter()
                .any(|p| met(by_seed(p.opener), by_seed(p.answerer)));
            let unbalanced = round
                .pairings
                .iter()
                .any(|p| unbalances(by_seed(p.opener), by_seed(p.answerer)));
            // The judge: a repeat (or an imbalance) only when nothing better existed.
            if active.len() <= 12 {
                if repeated {
                    assert!(!pairable(&active, false), "an avoidable repeat: {round:?}");
                    repeats_forced += 1;
                }
                if unbalanced && !repeated {
                    assert!(
                        !pairable(&active, true),
                        "an avoidable imbalance: {round:?}"
                    );
                    imbalances_forced += 1;
                }
            } else {
                // Larger fields with rounds under half the count always avoid repeats.
                assert!(!repeated || round_number * 2 >= active.len(), "{round:?}");
            }
            // The one behind on openings opens.
            for p in &round.pairings {
                assert!(
                    balance(by_seed(p.opener)) <= balance(by_seed(p.answerer)),
                    "{p:?}"
                );
            }
            play(&mut entrants, &round, &mut rng);
        }
        for e in &entrants {
            assert!(balance(e).abs() <= 2, "{e:?}");
        }
    }
    // The random tournaments did reach the hard cases.
    assert!(byes > 1_000 && withdrawals > 100, "{byes} {withdrawals}");
    assert!(
        repeats_forced > 0 && imbalances_forced > 0,
        "{repeats_forced} {imbalances_forced}"
    );
}

/// Random results for a round's games; the bye scores a win.
fn play(entrants: &mut [SwissEntrant], round: &Round, rng: &mut Rng) {
    for &Pairing { opener, answerer } in &round.pairings {
        let (o, a) = match rng.u32(0..5) {
            0 => (0.5, 0.5),
            1 | 2 => (1.0, 0.0),
            _ => (0.0, 1.0),
        };
        for (seed, other, points, opened) in
            [(opener, answerer, o, true), (answerer, opener, a, false)]
        {
            let e = &mut entrants[seed];
            e.points += points;
            e.opponents.push(other);
            if opened {
                e.opened += 1;
            } else {
                e.answered += 1;
            }
            e.opened_last = Some(opened);
        }
    }
    if let Some(bye) = round.bye {
        entrants[bye].points += 1.0;
        entrants[bye].had_bye = true;
    }
}

/// The first round pairs the top half against the bottom half: 1–5, 2–6, 3–7, 4–8; the odd one
/// out, the last seed, gets the bye.
#[test]
fn the_first_round_pairs_top_half_against_bottom_half() {
    for n in [8, 9] {
        let entrants: Vec<SwissEntrant> = (0..n)
            .map(|seed| SwissEntrant {
                seed,
                ..SwissEntrant::default()
            })
            .collect();
        let round = pair_swiss(&entrants);
        let pairs: Vec<(Seed, Seed)> = round
            .pairings
            .iter()
            .map(|p| (p.opener, p.answerer))
            .collect();
        assert_eq!(pairs, [(0, 4), (1, 5), (2, 6), (3, 7)], "{n}");
        assert_eq!(round.bye, (n == 9).then_some(8));
    }
}

/// The same entrants give the same round.
#[test]
fn pairing_is_deterministic() {
    let mut rng = Rng::with_seed(3);
    let mut entrants: Vec<SwissEntrant> = (0..15)
        .map(|seed| SwissEntrant {
            seed,
            ..SwissEntrant::default()
        })
        .collect();
    for _ in 0..5 {
        let round = pair_swiss(&entrants);
        assert_eq!(round, pair_swiss(&entrants));
        play(&mut entrants, &round, &mut rng);
    }
}

#[test]
fn round_robins_pair_everyone_once_per_round() {
    for n in 3..=40 {
        for round in round_robin(n, false) {
            let active: Vec<Seed> = (0..n).collect();
            check_everyone_once(&round, &active);
        }
    }
}
