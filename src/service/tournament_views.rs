//! What front ends see of a tournament: its entrants, games, byes, standings, crosstable and
//! pairings, read from the store by `tournaments`.

use crate::ids::MessageId;
use std::collections::HashMap;

use super::{Actor, ChallengeOptions, GameView, Millis, Player, PlayerId, Venue};
use crate::game::Color;
use crate::i18n::Lang;
use crate::render::{Crosstable, crosstable_png};
use crate::store::{TournamentId, TournamentStatus};
use crate::tournament::{self, Format, Played, Seed, Standing, TiebreakKind};
use crate::tr;

/// An entrant as front ends show them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub player: Player,
    /// 1 for the first seed, once the tournament started.
    pub seed: Option<usize>,
    /// The round after which they withdrew.
    pub withdrawn_after: Option<u32>,
}

/// A tournament with its entrants, games and byes.
#[derive(Clone, Debug)]
pub struct TournamentView {
    pub id: TournamentId,
    pub name: String,
    pub format: Format,
    pub options: ChallengeOptions,
    pub status: TournamentStatus,
    pub organiser: PlayerId,
    pub venue: Venue,
    pub signup_deadline_at: Option<Millis>,
    /// The last round started (0 before the start).
    pub current_round: u32,
    pub entrants: Vec<Entrant>,
    /// (round, game), by round.
    pub games: Vec<(u32, GameView)>,
    /// (round, player): Swiss byes (a point) or round-robin sit-outs.
    pub byes: Vec<(u32, PlayerId)>,
    pub signup_message_id: Option<MessageId>,
    pub standings_message_id: Option<MessageId>,
}

/// An entrant's line in the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingLine {
    pub rank: usize,
    pub player: Player,
    pub standing: Standing,
    pub withdrawn: bool,
}

impl TournamentView {
    /// All the rounds the tournament plays.
    pub fn rounds(&self) -> u32 {
        self.format.rounds(self.entrants.len())
    }

    /// The entrants' seeds (0 the first), by player.
    /// Entrants are listed by seed, so a seed is a place in the list: never a gap.
    pub(super) fn seeds(&self) -> HashMap<PlayerId, Seed> {
        self.entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.player.id, i))
            .collect()
    }

    /// The finished games as the standings count them: a decided game's winner; a game aborted
    /// or still going does not count.
    fn played(&self) -> Vec<Played> {
        let seeds = self.seeds();
        self.games
            .iter()
            .filter_map(|(_, game)| {
                let result = game.result?;
                if result.ending == super::Ending::Aborted {
                    return None;
                }
                let seed = |id: PlayerId| seeds.get(&id).copied();
                let opener = seed(game.opener)?;
                let other = if game.white.id == game.opener {
                    game.red.id
                } else {
                    game.white.id
                };
                let answerer = seed(other)?;
                let winner = match result.winner {
                    Some(color) => Some(seed(game.player(color).id)?),
                    None => None,
                };
                let points_of = |id: PlayerId| {
                    let color = game.color_of(id).unwrap_or(Color::White);
                    game.game.score(color).points
                };
                Some(Played {
                    opener,
                    answerer,
                    winner,
                    board: (points_of(game.opener), points_of(other)),
                })
            })
            .collect()
    }

    /// The standings now.
    pub fn standings(&self) -> Vec<StandingLine> {
        let seeds = self.seeds();
        let byes: Vec<Seed> = match self.format {
            Format::Swiss { .. } => self
                .byes
                .iter()
                .filter_map(|(_, p)| seeds.get(p).copied())
                .collect(),
            // A round robin's sit-outs score nothing.
            Format::RoundRobin { .. } => Vec::new(),
        };
        let table = tournament::standings(self.format, self.entrants.len(), &self.played(), &byes);
        let by_seed: HashMap<Seed, &Entrant> = self
            .entrants
            .iter()
            .map(|e| (seeds[&e.player.id], e))
            .collect();
        table
            .into_iter()
            .map(|standing| {
                let entrant = by_seed[&standing.seed];
                StandingLine {
                    rank: standing.rank,
                    player: entrant.player.clone(),
                    withdrawn: entrant.withdrawn_after.is_some(),
                    standing,
                }
            })
            .collect()
    }

    /// The crosstable in `lang`: a round robin's grid (each entrant's results against each
    /// other, by rank), or a Swiss's rounds (each round's result and opponent's rank), with
    /// the points and tiebreaks.
    pub fn crosstable(&self, lang: Lang) -> Crosstable {
        let standings = self.standings();
        let rank_of: HashMap<PlayerId, usize> = standings
            .iter()
            .enumerate()
            .map(|(i, line)| (line.player.id, i + 1))
            .collect();
        let shown = self.tiebreaks_shown();
        let rows = standings
            .iter()
            .map(|line| {
                let mut row = vec![line.rank.to_string(), line.player.name.clone()];
                match self.format {
                    Format::RoundRobin { .. } => row.extend(self.grid_cells(line, &standings)),
                    Format::Swiss { .. } => row.extend(self.round_cells(lang, line, &rank_of)),
                }
                row.push(half_points(line.standing.points));
                let tiebreaks = line.standing.tiebreaks.iter().take(shown);
                row.extend(tiebreaks.map(|(_, v)| decimal(*v)));
                row
            })
            .collect();
        Crosstable {
            title: self.name.clone(),
            header: self.crosstable_header(lang, &standings),
            rows,
            dimmed: standings.iter().map(|l| l.withdrawn).collect(),
        }
    }

    /// How many tiebreaks the crosstable shows: the format's own (the direct encounter and
    /// board points only ever separate the few still tied).
    fn tiebreaks_shown(&self) -> usize {
        match self.format {
            Format::RoundRobin { .. } => 1,
            Format::Swiss { .. } => 2,
        }
    }

    /// The crosstable's header: rank, player, a column per opponent (a round robin) or per
    /// round (a Swiss), points, and the tiebreaks shown.
    fn crosstable_header(&self, lang: Lang, standings: &[StandingLine]) -> Vec<String> {
        let mut header = vec![tr!(lang, "crosstable-rank"), tr!(lang, "crosstable-player")];
        let opponents: Vec<String> = match self.format {
            Format::RoundRobin { .. } => (1..=standings.len()).map(|r| r.to_string()).collect(),
            Format::Swiss { .. } => (1..=self.rounds())
                .map(|n| tr!(lang, "crosstable-round", n = n))
                .collect(),
        };
        header.extend(opponents);
        header.push(tr!(lang, "crosstable-points"));
        let tiebreaks = standings.first().map(|l| {
            l.standing
                .tiebreaks
                .iter()
                .map(|(k, _)| tiebreak_name(lang, *k))
        });
        header.extend(tiebreaks.into_iter().flatten().take(self.tiebreaks_shown()));
        header
    }

    /// A round robin's row of `line`: its results against each other entrant, by rank ("×"
    /// against itself; a cell per game played between the two).
    fn grid_cells(&self, line: &StandingLine, standings: &[StandingLine]) -> Vec<String> {
        let me = line.player.id;
        standings
            .iter()
            .map(|other| {
                if other.player.id == me {
                    return "×".into();
                }
                let cells: Vec<String> = self
                    .games
                    .iter()
                    .filter(|(_, g)| {
                        g.color_of(me).is_some() && g.color_of(other.player.id).is_some()
                    })
                    .map(|(_, g)| result_cell(g, me))
                    .collect();
                cells.join(" ")
            })
            .collect()
    }

    /// A Swiss's row of `line`: each round's result and the opponent's rank, or the bye.
    fn round_cells(
        &self,
        lang: Lang,
        line: &StandingLine,
        rank_of: &HashMap<PlayerId, usize>,
    ) -> Vec<String> {
        let me = line.player.id;
        (1..=self.rounds())
            .map(|round| {
                let (games, bye) = self.pairings(round);
                match games.iter().find(|g| g.color_of(me).is_some()) {
                    Some(g) => {
                        let other = if g.white.id == me {
                            g.red.id
                        } else {
                            g.white.id
                        };
                        format!("{} #{}", result_cell(g, me), rank_of[&other])
                    }
                    None if bye == Some(me) => tr!(lang, "crosstable-bye"),
                    None => String::new(),
                }
            })
            .collect()
    }

    /// The crosstable as a PNG. Takes a few milliseconds: call it off the async threads.
    pub fn crosstable_png(&self, lang: Lang) -> Vec<u8> {
        crosstable_png(&self.crosstable(lang))
    }

    /// The games of `round`, and its bye.
    pub fn pairings(&self, round: u32) -> (Vec<&GameView>, Option<PlayerId>) {
        let games = self
            .games
            .iter()
            .filter(|(r, _)| *r == round)
            .map(|(_, g)| g)
            .collect();
        let bye = self.byes.iter().find(|(r, _)| *r == round).map(|(_, p)| *p);
        (games, bye)
    }

    /// Whether `by` may run the tournament: its organiser, or a manager of its server.
    pub fn organised_by(&self, by: &Actor) -> bool {
        by.id() == self.organiser || by.manages(self.venue.guild_id)
    }

    /// Whether every game started so far has ended (a round robin's are all started at once;
    /// a Swiss's current round is its only one still going).
    pub fn round_complete(&self) -> bool {
        self.games.iter().all(|(_, g)| g.is_over())
    }
}

/// Points as players write them: 2, 2½, ½.
fn half_points(points: f64) -> String {
    let whole = points.trunc();
    match (whole as u64, points - whole >= 0.5) {
        (0, true) => "½".into(),
        (n, true) => format!("{n}½"),
        (n, false) => n.to_string(),
    }
}

/// A tiebreak value: whole, or with its fraction (halves and quarters).
fn decimal(value: f64) -> String {
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value}")
    }
}

fn tiebreak_name(lang: Lang, kind: TiebreakKind) -> String {
    match kind {
        TiebreakKind::SonnebornBerger => tr!(lang, "tiebreak-sonneborn-berger"),
        TiebreakKind::Buchholz => tr!(lang, "tiebreak-buchholz"),
        TiebreakKind::BuchholzCut1 => tr!(lang, "tiebreak-buchholz-cut1"),
        TiebreakKind::DirectEncounter => tr!(lang, "tiebreak-direct"),
        TiebreakKind::BoardPoints => tr!(lang, "tiebreak-board-points"),
    }
}
/// A game's result for player `me`, as a crosstable shows it: 1, ½, 0, "–" (aborted) or "·"
/// (still being played).
fn result_cell(game: &GameView, me: PlayerId) -> String {
    match game.result.map(|r| (r.ending, r.winner)) {
        None => "·".into(),
        Some((super::Ending::Aborted, _)) => "–".into(),
        Some((_, None)) => "½".into(),
        Some((_, Some(color))) if game.player(color).id == me => "1".into(),
        Some(_) => "0".into(),
    }
}
