//! Round robin by the Berger tables (FIDE Handbook C.05, Annex 1), built by their rule instead
//! of copied: with n entrants (one more, a sit-out, when the count is odd) and m = n − 1, round
//! r pairs the entrants whose numbers add up to r + 1 modulo m, the last entrant meeting the one
//! left over; the opener of a pair is the one from whom the other is an odd step ahead modulo
//! m, and the last entrant opens in even rounds. A double round robin plays the same rounds
//! again with the openers swapped.

use super::{Pairing, Round, Seed};

/// Every round of a round robin of `entrants` (seeds 0..entrants), in order.
pub fn round_robin(entrants: usize, double: bool) -> Vec<Round> {
    if entrants < 2 {
        return Vec::new();
    }
    // Numbered from 1 as in the tables; `n` is even, and with an odd count it is the sit-out.
    let n = entrants + entrants % 2;
    let m = n - 1;
    let sits_out = |number: usize| number > entrants;
    let seed = |number: usize| -> Seed { number - 1 };
    let mut rounds = Vec::with_capacity(m);
    for r in 1..=m {
        let target = (r + 1) % m;
        let mut round = Round::default();
        let mut pairs = Vec::new();
        // The last entrant's opponent: the one who would be paired with itself.
        let lone = (1..=m)
            .find(|&a| (2 * a) % m == target)
            .expect("m is odd, so 2 has an inverse");
        pairs.push(if r % 2 == 0 { (n, lone) } else { (lone, n) });
        for a in 1..=m {
            let b = (target + m - a % m) % m;
            let b = if b == 0 { m } else { b };
            if a < b && a != lone {
                // The opener is the one from whom the other is an odd step ahead.
                let step = (b + m - a) % m;
                pairs.push(if step % 2 == 1 { (a, b) } else { (b, a) });
            }
        }
        for (opener, answerer) in pairs {
            match (sits_out(opener), sits_out(answerer)) {
                (true, _) => round.bye = Some(seed(answerer)),
                (_, true) => round.bye = Some(seed(opener)),
                _ => round.pairings.push(Pairing {
                    opener: seed(opener),
                    answerer: seed(answerer),
                }),
            }
        }
        rounds.push(round);
    }
    if double {
        let again: Vec<Round> = rounds
            .iter()
            .map(|round| Round {
                pairings: round
                    .pairings
                    .iter()
                    .map(|p| Pairing {
                        opener: p.answerer,
                        answerer: p.opener,
                    })
                    .collect(),
                bye: round.bye,
            })
            .collect();
        rounds.extend(again);
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A round as the tables print it: "1-8 2-7 3-6 4-5", numbers from 1, opener first.
    fn printed(round: &Round) -> String {
        let mut pairs: Vec<String> = round
            .pairings
            .iter()
            .map(|p| format!("{}-{}", p.opener + 1, p.answerer + 1))
            .collect();
        pairs.sort_by_key(|p| {
            // The tables list the pair with the last entrant first, then by table.
            p.split('-').map(|n| n.parse::<usize>().unwrap()).min()
        });
        pairs.join(" ")
    }

    #[test]
    fn the_tables_for_four_six_and_eight() {
        let tables: [(usize, &[&str]); 3] = [
            (4, &["1-4 2-3", "1-2 4-3", "3-1 2-4"]),
            (
                6,
                &[
                    "1-6 2-5 3-4",
                    "1-2 5-3 6-4",
                    "3-1 2-6 4-5",
                    "1-4 2-3 6-5",
                    "5-1 4-2 3-6",
                ],
            ),
            (
                8,
                &[
                    "1-8 2-7 3-6 4-5",
                    "1-2 7-3 6-4 8-5",
                    "3-1 2-8 4-7 5-6",
                    "1-4 2-3 7-5 8-6",
                    "5-1 4-2 3-8 6-7",
                    "1-6 2-5 3-4 8-7",
                    "7-1 6-2 5-3 4-8",
                ],
            ),
        ];
        for (n, expected) in tables {
            let rounds = round_robin(n, false);
            let got: Vec<String> = rounds.iter().map(printed).collect();
            assert_eq!(got, expected, "{n} entrants");
        }
    }

    #[test]
    fn everyone_meets_everyone_once_and_opens_about_half_the_time() {
        for n in 2..=21 {
            let rounds = round_robin(n, false);
            assert_eq!(rounds.len(), n + n % 2 - 1);
            let mut met = vec![vec![0; n]; n];
            let mut opened = vec![0i32; n];
            for round in &rounds {
                let mut seen = vec![false; n];
                for p in &round.pairings {
                    for s in [p.opener, p.answerer] {
                        assert!(!seen[s], "{n}: {s} twice in a round");
                        seen[s] = true;
                    }
                    met[p.opener][p.answerer] += 1;
                    met[p.answerer][p.opener] += 1;
                    opened[p.opener] += 1;
                    opened[p.answerer] -= 1;
                }
                if let Some(bye) = round.bye {
                    assert!(!seen[bye]);
                    seen[bye] = true;
                }
                assert!(seen.iter().all(|s| *s), "{n}: someone missing");
                assert_eq!(round.bye.is_some(), n % 2 == 1);
            }
            for (a, row) in met.iter().enumerate() {
                for (b, times) in row.iter().enumerate() {
                    assert_eq!(*times, usize::from(a != b), "{n}: {a} and {b}");
                }
                assert!(opened[a].abs() <= 1, "{n}: {a} opened {}", opened[a]);
            }
            // Double: every pairing twice, each player opening once.
            let double = round_robin(n, true);
            assert_eq!(double.len(), 2 * rounds.len());
            for (first, second) in rounds.iter().zip(&double[rounds.len()..]) {
                for (p, q) in first.pairings.iter().zip(&second.pairings) {
                    assert_eq!((p.opener, p.answerer), (q.answerer, q.opener));
                }
            }
        }
    }
}
