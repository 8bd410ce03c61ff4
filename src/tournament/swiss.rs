//! Swiss pairing, written here for want of a maintained crate (none in Rust pairs a Swiss
//! system; the property tests in `tests/tournament.rs` hold it to its rules).
//!
//! The entrants still in are ranked by points, then seed. With an odd count the bye goes to the
//! lowest-ranked entrant who has not had one. The rest are paired from the top: each entrant
//! in turn meets the best-placed partner that is still free, in their own score group first
//! (the top half of a group against its bottom half, as the Dutch system does) and else the
//! next group down, never one they met before, and preferring partners with whom neither
//! opener count goes out of balance. When the choices run into a dead end the search backs up
//! (a bounded search); only when no pairing avoids a repeat does it allow one, fewest first.
//!
//! The opener of a game is the one who has opened less than answered so far; when both are
//! even, the one who answered in their last game.

use super::{Pairing, Round, Seed};

/// An entrant still in the tournament, as the pairing sees them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SwissEntrant {
    pub seed: Seed,
    pub points: f64,
    /// Everyone they were paired with before (a forfeited game counts).
    pub opponents: Vec<Seed>,
    pub opened: u32,
    pub answered: u32,
    pub had_bye: bool,
    /// Whether they opened their last game (`None`: no game yet).
    pub opened_last: Option<bool>,
}

impl SwissEntrant {
    /// Openings minus answers.
    fn balance(&self) -> i64 {
        i64::from(self.opened) - i64::from(self.answered)
    }
}

/// A game of the tournament so far, as the pairing sees it (aborted or forfeited games count:
/// the two were paired).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PastGame {
    pub round: u32,
    pub opener: Seed,
    pub answerer: Seed,
}

/// The entrants still in (`still_in`: seed and points) as the next round's pairing sees them,
/// from every game so far and every bye.
pub fn swiss_entrants(
    still_in: &[(Seed, f64)],
    games: &[PastGame],
    byes: &[Seed],
) -> Vec<SwissEntrant> {
    still_in
        .iter()
        .map(|&(seed, points)| {
            let mine: Vec<&PastGame> = games
                .iter()
                .filter(|g| g.opener == seed || g.answerer == seed)
                .collect();
            let opened = mine.iter().filter(|g| g.opener == seed).count() as u32;
            let last = mine.iter().max_by_key(|g| g.round);
            SwissEntrant {
                seed,
                points,
                opponents: mine
                    .iter()
                    .map(|g| {
                        if g.opener == seed {
                            g.answerer
                        } else {
                            g.opener
                        }
                    })
                    .collect(),
                opened,
                answered: mine.len() as u32 - opened,
                had_bye: byes.contains(&seed),
                opened_last: last.map(|g| g.opener == seed),
            }
        })
        .collect()
}

/// What a pairing may give up, from none to the most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Allow {
    Nothing,
    OpenerImbalance,
    Repeats,
}

/// How many steps a search may take before it gives up and allows more.
const SEARCH_STEPS: u32 = 20_000;

/// The next round for `entrants` (those still in).
pub fn pair_swiss(entrants: &[SwissEntrant]) -> Round {
    let mut ranked: Vec<&SwissEntrant> = entrants.iter().collect();
    ranked.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.seed.cmp(&b.seed)));
    for allow in [Allow::Nothing, Allow::OpenerImbalance, Allow::Repeats] {
        if ranked.len().is_multiple_of(2) {
            if let Some(pairs) = pair_all(&ranked, allow) {
                return round_of(&pairs, None);
            }
            continue;
        }
        // The bye: the lowest-ranked who has not had one (anyone, if all have).
        let mut candidates: Vec<usize> = (0..ranked.len())
            .rev()
            .filter(|&i| !ranked[i].had_bye)
            .collect();
        if candidates.is_empty() {
            candidates = (0..ranked.len()).rev().collect();
        }
        for bye in candidates {
            let rest: Vec<&SwissEntrant> = ranked
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != bye)
                .map(|(_, e)| *e)
                .collect();
            if let Some(pairs) = pair_all(&rest, allow) {
                return round_of(&pairs, Some(ranked[bye].seed));
            }
        }
    }
    unreachable!("allowing repeats, any even count can be paired")
}

fn round_of(pairs: &[(&SwissEntrant, &SwissEntrant)], bye: Option<Seed>) -> Round {
    Round {
        pairings: pairs.iter().map(|(a, b)| openers(a, b)).collect(),
        bye,
    }
}

/// Who opens when `a` (ranked higher) meets `b`.
fn openers(a: &SwissEntrant, b: &SwissEntrant) -> Pairing {
    let a_opens = match a.balance().cmp(&b.balance()) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (a.opened_last, b.opened_last) {
            (Some(false), Some(true)) | (Some(false), None) | (None, Some(true)) => true,
            (Some(true), Some(false)) | (Some(true), None) | (None, Some(false)) => false,
            // Alike: the higher-ranked opens.
            _ => true,
        },
    };
    if a_opens {
        Pairing {
            opener: a.seed,
            answerer: b.seed,
        }
    } else {
        Pairing {
            opener: b.seed,
            answerer: a.seed,
        }
    }
}

/// Whether a game between `a` and `b` would push one of them two openings out of balance:
/// the one with the lower balance opens, so it happens when both are already ahead (or both
/// behind).
fn unbalances(a: &SwissEntrant, b: &SwissEntrant) -> bool {
    (a.balance() >= 1 && b.balance() >= 1) || (a.balance() <= -1 && b.balance() <= -1)
}

fn repeats(a: &SwissEntrant, b: &SwissEntrant) -> usize {
    a.opponents.iter().filter(|o| **o == b.seed).count()
}

/// Pairs all of `ranked` (an even count, best first), or `None` when `allow` is not enough.
fn pair_all<'a>(
    ranked: &[&'a SwissEntrant],
    allow: Allow,
) -> Option<Vec<(&'a SwissEntrant, &'a SwissEntrant)>> {
    // Each entrant's place in their score group, and the group's size.
    let group_place: Vec<(usize, usize)> = (0..ranked.len())
        .map(|i| {
            let first = (0..=i)
                .rev()
                .take_while(|&j| ranked[j].points == ranked[i].points)
                .last()
                .unwrap_or(i);
            let size = ranked[first..]
                .iter()
                .take_while(|e| e.points == ranked[i].points)
                .count();
            (i - first, size)
        })
        .collect();
    let mut free = vec![true; ranked.len()];
    let mut pairs = Vec::with_capacity(ranked.len() / 2);
    let mut steps = SEARCH_STEPS;
    let found = search(
        ranked,
        &group_place,
        allow,
        &mut free,
        &mut pairs,
        &mut steps,
    );
    found.then(|| pairs.iter().map(|&(a, b)| (ranked[a], ranked[b])).collect())
}

fn search(
    ranked: &[&SwissEntrant],
    group_place: &[(usize, usize)],
    allow: Allow,
    free: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    steps: &mut u32,
) -> bool {
    let Some(top) = free.iter().position(|f| *f) else {
        return true;
    };
    if *steps == 0 && allow != Allow::Repeats {
        return false;
    }
    *steps = steps.saturating_sub(1);
    free[top] = false;
    let me = ranked[top];
    let mut partners: Vec<usize> = (top + 1..ranked.len())
        .filter(|&j| free[j])
        .filter(|&j| allow == Allow::Repeats || repeats(me, ranked[j]) == 0)
        .filter(|&j| allow != Allow::Nothing || !unbalances(me, ranked[j]))
        .collect();
    let (place, size) = group_place[top];
    partners.sort_by_key(|&j| {
        let them = ranked[j];
        let same_group = them.points == me.points;
        // Top half against bottom half: the partner `size / 2` places down is the first choice.
        let wanted = place + size / 2;
        let distance = if same_group {
            group_place[j].0.abs_diff(wanted)
        } else {
            j
        };
        (
            repeats(me, them),
            usize::from(unbalances(me, them)),
            (me.points - them.points).abs().to_bits(),
            distance,
        )
    });
    for partner in partners {
        free[partner] = false;
        pairs.push((top, partner));
        if search(ranked, group_place, allow, free, pairs, steps) {
            return true;
        }
        pairs.pop();
        free[partner] = true;
        if allow == Allow::Repeats {
            // Repeats allowed: the best partner always leads to a pairing; no backing up.
            break;
        }
    }
    free[top] = true;
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three rounds of four entrants counted by hand: 0–1 and 2–3, then 1–2 and 3–0 (0 bye in
    /// round 3, so 3 had no game then), with 3 withdrawn and so not asked about.
    #[test]
    fn an_entrant_is_seen_with_every_game_and_bye_so_far() {
        let game = |round, opener, answerer| PastGame {
            round,
            opener,
            answerer,
        };
        let games = [game(1, 0, 1), game(1, 2, 3), game(2, 1, 2), game(2, 3, 0)];
        let entrants = swiss_entrants(&[(0, 2.0), (1, 1.0), (2, 0.5)], &games, &[0]);
        let expected = [
            SwissEntrant {
                seed: 0,
                points: 2.0,
                opponents: vec![1, 3],
                opened: 1,
                answered: 1,
                had_bye: true,
                opened_last: Some(false),
            },
            SwissEntrant {
                seed: 1,
                points: 1.0,
                opponents: vec![0, 2],
                opened: 1,
                answered: 1,
                had_bye: false,
                opened_last: Some(true),
            },
            SwissEntrant {
                seed: 2,
                points: 0.5,
                opponents: vec![3, 1],
                opened: 1,
                answered: 1,
                had_bye: false,
                opened_last: Some(false),
            },
        ];
        assert_eq!(entrants, expected);
        assert_eq!(
            swiss_entrants(&[(4, 0.0)], &games, &[])[0].opened_last,
            None
        );
    }
}
