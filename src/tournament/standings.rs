//! The standings: points (win 1, draw ½, loss 0, a Swiss bye 1), then the tiebreaks —
//! Sonneborn-Berger for a round robin; Buchholz, then Buchholz cut 1, for Swiss — then the
//! direct encounter (the points the tied entrants scored against each other), then the game
//! points scored on the board. Entrants equal on everything share a rank.

use super::{DRAW, Format, HalfPoints, Seed, WIN};

/// A finished game of the tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub opener: Seed,
    pub answerer: Seed,
    /// `None` for a draw.
    pub winner: Option<Seed>,
    /// The points each had on the board when the game ended (opener's, answerer's), however it
    /// ended.
    pub board: (u32, u32),
}

impl Played {
    /// What `seed` scored in this game, in half points (`None`: not their game).
    fn half_points(&self, seed: Seed) -> Option<HalfPoints> {
        if seed != self.opener && seed != self.answerer {
            return None;
        }
        Some(match self.winner {
            None => DRAW,
            Some(w) if w == seed => WIN,
            Some(_) => 0,
        })
    }

    fn opponent(&self, seed: Seed) -> Seed {
        if seed == self.opener {
            self.answerer
        } else {
            self.opener
        }
    }

    fn board_points(&self, seed: Seed) -> u32 {
        if seed == self.opener {
            self.board.0
        } else {
            self.board.1
        }
    }
}

/// Which tiebreak a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TiebreakKind {
    SonnebornBerger,
    Buchholz,
    BuchholzCut1,
    DirectEncounter,
    BoardPoints,
}

/// An entrant's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the first; entrants equal on everything share one.
    pub rank: usize,
    pub seed: Seed,
    pub points: f64,
    /// In the order they decide.
    pub tiebreaks: Vec<(TiebreakKind, f64)>,
    pub games: usize,
}

/// The standings of `entrants` after `games` and `byes` (each a Swiss bye, worth a win; a round
/// robin's sit-outs score nothing and are not listed).
pub fn standings(
    format: Format,
    entrants: usize,
    games: &[Played],
    byes: &[Seed],
) -> Vec<Standing> {
    let points: Vec<f64> = (0..entrants)
        .map(|seed| {
            let played: HalfPoints = games.iter().filter_map(|g| g.half_points(seed)).sum();
            let bye_points = byes.iter().filter(|b| **b == seed).count() as HalfPoints * WIN;
            f64::from(played + bye_points) / 2.0
        })
        .collect();
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|seed| {
            let mine: Vec<&Played> = games
                .iter()
                .filter(|g| g.half_points(seed).is_some())
                .collect();
            let tiebreaks = format_tiebreaks(format, seed, &mine, &points, byes);
            Standing {
                rank: 0,
                seed,
                points: points[seed],
                tiebreaks,
                games: mine.len(),
            }
        })
        .collect();

    break_ties_within_groups(&mut lines, games);
    // Ranks: equal on everything, equal rank.
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && full_key(&lines[i]) == full_key(&lines[i - 1]) {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
}

/// The format's own tiebreaks for `seed`, who played `mine`: a round robin's Sonneborn-Berger,
/// a Swiss's Buchholz and Buchholz cut 1.
fn format_tiebreaks(
    format: Format,
    seed: Seed,
    mine: &[&Played],
    points: &[f64],
    byes: &[Seed],
) -> Vec<(TiebreakKind, f64)> {
    match format {
        Format::RoundRobin { .. } => {
            // Sonneborn-Berger: the points of those beaten, half those of those drawn.
            let sb = mine
                .iter()
                .map(|g| {
                    let theirs = points[g.opponent(seed)];
                    match g.half_points(seed) {
                        Some(WIN) => theirs,
                        Some(DRAW) => theirs / 2.0,
                        _ => 0.0,
                    }
                })
                .sum();
            vec![(TiebreakKind::SonnebornBerger, sb)]
        }
        Format::Swiss { .. } => {
            // Buchholz: the opponents' points; cut 1 drops the lowest (a bye, an
            // unplayed round, counts as an opponent with none).
            let mut theirs: Vec<f64> = mine.iter().map(|g| points[g.opponent(seed)]).collect();
            theirs.extend(byes.iter().filter(|b| **b == seed).map(|_| 0.0));
            theirs.sort_by(f64::total_cmp);
            let buchholz: f64 = theirs.iter().sum();
            let cut = buchholz - theirs.first().copied().unwrap_or(0.0);
            vec![
                (TiebreakKind::Buchholz, buchholz),
                (TiebreakKind::BuchholzCut1, cut),
            ]
        }
    }
}

/// Sorts `lines` by points and the format's tiebreaks; then, within each group still equal,
/// by the direct encounter among its members and the board points (appended to the key).
fn break_ties_within_groups(lines: &mut [Standing], games: &[Played]) {
    let primary = full_key;
    lines.sort_by(|a, b| compare_desc(&primary(a), &primary(b)).then(a.seed.cmp(&b.seed)));
    let mut start = 0;
    while start < lines.len() {
        let key = primary(&lines[start]);
        let end = start
            + lines[start..]
                .iter()
                .take_while(|s| primary(s) == key)
                .count();
        let group: Vec<Seed> = lines[start..end].iter().map(|s| s.seed).collect();
        for line in &mut lines[start..end] {
            let seed = line.seed;
            let direct: HalfPoints = games
                .iter()
                .filter(|g| g.half_points(seed).is_some() && group.contains(&g.opponent(seed)))
                .filter_map(|g| g.half_points(seed))
                .sum();
            let board: u32 = games
                .iter()
                .filter(|g| g.half_points(seed).is_some())
                .map(|g| g.board_points(seed))
                .sum();
            line.tiebreaks
                .push((TiebreakKind::DirectEncounter, f64::from(direct) / 2.0));
            line.tiebreaks
                .push((TiebreakKind::BoardPoints, f64::from(board)));
        }
        lines[start..end]
            .sort_by(|a, b| compare_desc(&full_key(a), &full_key(b)).then(a.seed.cmp(&b.seed)));
        start = end;
    }
}

/// Points, then every tiebreak computed so far, in order.
fn full_key(s: &Standing) -> Vec<f64> {
    let mut key = vec![s.points];
    key.extend(s.tiebreaks.iter().map(|(_, v)| *v));
    key
}

/// Higher first.
fn compare_desc(a: &[f64], b: &[f64]) -> std::cmp::Ordering {
    for (x, y) in a.iter().zip(b) {
        match y.total_cmp(x) {
            std::cmp::Ordering::Equal => continue,
            other => return other,
        }
    }
    std::cmp::Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(winner: Seed, loser: Seed, board: (u32, u32)) -> Played {
        Played {
            opener: winner,
            answerer: loser,
            winner: Some(winner),
            board,
        }
    }

    fn drew(a: Seed, b: Seed) -> Played {
        Played {
            opener: a,
            answerer: b,
            winner: None,
            board: (6, 6),
        }
    }

    fn value(s: &Standing, kind: TiebreakKind) -> f64 {
        s.tiebreaks.iter().find(|(k, _)| *k == kind).unwrap().1
    }

    /// A round robin of four, worked by hand:
    ///   A beats B and C, draws D        → 2½
    ///   B beats C and D                 → 2
    ///   C beats D                       → 1
    ///   D draws A                       → ½
    /// Sonneborn-Berger: A = B 2 + C 1 + ½·D ½ = 3¼; B = C 1 + D ½ = 1½; C = D ½; D = ½·A 2½ = 1¼.
    #[test]
    fn a_round_robin_worked_by_hand() {
        let (a, b, c, d) = (0, 1, 2, 3);
        let games = [
            won(a, b, (10, 3)),
            won(a, c, (6, 1)),
            drew(a, d),
            won(b, c, (3, 1)),
            won(b, d, (4, 0)),
            won(c, d, (1, 0)),
        ];
        let table = standings(Format::RoundRobin { double: false }, 4, &games, &[]);
        let order: Vec<Seed> = table.iter().map(|s| s.seed).collect();
        assert_eq!(order, [a, b, c, d]);
        let points: Vec<f64> = table.iter().map(|s| s.points).collect();
        assert_eq!(points, [2.5, 2.0, 1.0, 0.5]);
        let sb: Vec<f64> = table
            .iter()
            .map(|s| value(s, TiebreakKind::SonnebornBerger))
            .collect();
        assert_eq!(sb, [3.25, 1.5, 0.5, 1.25]);
        assert_eq!(
            table.iter().map(|s| s.rank).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }

    /// Sonneborn-Berger separates equal points: in a round robin of three where everyone beats
    /// one other, all have 1 point and SB 1 — then the direct encounter cannot separate them
    /// (a cycle), and the board points do.
    #[test]
    fn equal_points_go_to_tiebreaks_in_order() {
        let games = [won(0, 1, (3, 1)), won(1, 2, (10, 0)), won(2, 0, (6, 3))];
        let table = standings(Format::RoundRobin { double: false }, 3, &games, &[]);
        // Board points: 0 has 3+3 = 6, 1 has 1+10 = 11, 2 has 0+6 = 6.
        let order: Vec<Seed> = table.iter().map(|s| s.seed).collect();
        assert_eq!(order, [1, 0, 2]);
        // 0 and 2 are equal on everything: they share second place.
        assert_eq!(table.iter().map(|s| s.rank).collect::<Vec<_>>(), [1, 2, 2]);
    }

    /// Swiss, worked by hand (four entrants, two rounds, a bye-free example):
    ///   round 1: A beats B, C beats D; round 2: A beats C, B draws D.
    ///   Points: A 2, C 1, B ½, D ½.
    ///   Buchholz: A = B ½ + C 1 = 1½; C = D ½ + A 2 = 2½; B = A 2 + D ½ = 2½; D = C 1 + B ½ = 1½.
    ///   Cut 1: A 1, C 2, B 2, D 1.
    /// B and D are equal on points (½) but B's Buchholz is higher.
    #[test]
    fn a_swiss_worked_by_hand() {
        let (a, b, c, d) = (0, 1, 2, 3);
        let games = [
            won(a, b, (5, 2)),
            won(c, d, (4, 1)),
            won(a, c, (7, 3)),
            drew(b, d),
        ];
        let table = standings(Format::Swiss { rounds: 2 }, 4, &games, &[]);
        let order: Vec<Seed> = table.iter().map(|s| s.seed).collect();
        assert_eq!(order, [a, c, b, d]);
        let buchholz: Vec<f64> = table
            .iter()
            .map(|s| value(s, TiebreakKind::Buchholz))
            .collect();
        assert_eq!(buchholz, [1.5, 2.5, 2.5, 1.5]);
        let cut: Vec<f64> = table
            .iter()
            .map(|s| value(s, TiebreakKind::BuchholzCut1))
            .collect();
        assert_eq!(cut, [1.0, 2.0, 2.0, 1.0]);
    }

    /// A bye is worth a win, and counts in Buchholz as an opponent with no points (so cut 1
    /// drops it).
    #[test]
    fn a_bye_is_a_point_and_an_empty_opponent() {
        let games = [won(0, 1, (3, 0))];
        let table = standings(Format::Swiss { rounds: 1 }, 3, &games, &[2]);
        let two = table.iter().find(|s| s.seed == 2).unwrap();
        assert_eq!(two.points, 1.0);
        assert_eq!(value(two, TiebreakKind::Buchholz), 0.0);
        let zero = table.iter().find(|s| s.seed == 0).unwrap();
        assert_eq!(zero.points, 1.0);
        // 0 and 2 have a point each; 0's opponent has none either, so the direct encounter
        // (none between them) and the board points (3 against 0) decide.
        assert_eq!(table[0].seed, 0);
        assert_eq!(table[1].seed, 2);
    }

    /// The direct encounter decides between entrants equal on points and Sonneborn-Berger,
    /// before the board points:
    ///   0 beats 1 and 2, draws 3 → 2½;  1 draws 2, beats 3 → 1½;  3 beats 2 → 1½;  2 → ½.
    ///   SB: 1 = ½·2 ½ + 3 1½ = 1¾;  3 = ½·0 2½ + 2 ½ = 1¾.
    /// 1 beat 3, so 1 is ahead although 3 scored far more on the board.
    #[test]
    fn the_direct_encounter_comes_before_board_points() {
        let games = [
            won(0, 1, (2, 1)),
            won(0, 2, (2, 1)),
            drew(0, 3),
            drew(1, 2),
            won(1, 3, (1, 0)),
            won(3, 2, (30, 0)),
        ];
        let table = standings(Format::RoundRobin { double: false }, 4, &games, &[]);
        let order: Vec<Seed> = table.iter().map(|s| s.seed).collect();
        assert_eq!(order, [0, 1, 3, 2]);
        assert_eq!(
            value(&table[1], TiebreakKind::SonnebornBerger),
            value(&table[2], TiebreakKind::SonnebornBerger)
        );
        assert_eq!(value(&table[1], TiebreakKind::DirectEncounter), 1.0);
        assert_eq!(value(&table[2], TiebreakKind::DirectEncounter), 0.0);
        assert!(value(&table[2], TiebreakKind::BoardPoints) > 30.0);
    }
}
