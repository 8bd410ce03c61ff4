//! Tournaments: sign-up, the start (seeding by rating, all of a round robin's rounds or a
//! Swiss's first), the next Swiss round once every game of a round has ended, withdrawals and
//! the standings. Pairing and ranking are `crate::tournament`'s; every step here is one saved
//! state change that is safe to repeat (a round starts in the transaction that moves the
//! tournament's round, so two results arriving at once start the next round once).
//!
//! Over 600 lines, on purpose: every step of a tournament's life shares the same reads and the
//! start of rounds; what front ends see of a tournament is in `tournament_views`.

use crate::ids::{GuildId, MessageId};
use std::collections::HashMap;

use super::saving::{GameTerms, new_game};
use super::{
    Actor, ChallengeOptions, Entrant, GameId, Millis, Player, PlayerId, Result, Service,
    ServiceError, TournamentView, Venue,
};
use crate::game::Move;
use crate::store::{
    EntrantRow, NewRound, NewTournament, Origin, Owed, StoredFormat, TournamentId, TournamentRow,
    TournamentStatus,
};
use crate::tournament::{self, Format, Pairing, PastGame, Round, Seed, SwissEntrant, pair_swiss};

/// The most Swiss rounds a tournament may have.
pub const MOST_SWISS_ROUNDS: u32 = 20;

/// What an organiser sets up.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentTerms {
    pub name: String,
    pub format: Format,
    pub options: ChallengeOptions,
    /// Sign-up closes and round 1 starts then; `None`: started by hand.
    pub signup_deadline: Option<Millis>,
    /// Whether its games stand still while a player is away on vacation (off by default: a
    /// Swiss round waits for its last game).
    pub pause_for_vacations: bool,
}

fn stored_format(format: Format) -> (StoredFormat, Option<i64>) {
    match format {
        Format::RoundRobin { double: false } => (StoredFormat::RoundRobin, None),
        Format::RoundRobin { double: true } => (StoredFormat::DoubleRoundRobin, None),
        Format::Swiss { rounds } => (StoredFormat::Swiss, Some(i64::from(rounds))),
    }
}

fn format_of(row: &TournamentRow) -> Format {
    match row.format {
        StoredFormat::RoundRobin => Format::RoundRobin { double: false },
        StoredFormat::DoubleRoundRobin => Format::RoundRobin { double: true },
        StoredFormat::Swiss => Format::Swiss {
            rounds: row.swiss_rounds.unwrap_or(1) as u32,
        },
    }
}

impl Service {
    /// Opens sign-up for a tournament in `venue` (a server channel), by a member who manages
    /// the server, or any member where the server allows it; `by` organises it.
    ///
    /// # Errors
    /// Not allowed; an empty name, a Swiss without rounds or with too many, a time per move
    /// out of range, no server; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn create_tournament(
        &self,
        by: &Actor,
        venue: Venue,
        terms: TournamentTerms,
    ) -> Result<TournamentView> {
        let (Some(guild), Some(channel)) = (venue.guild_id, venue.channel_id) else {
            return Err(ServiceError::NoServer);
        };
        if !by.manages(venue.guild_id) && !self.store.members_create_tournaments(guild).await? {
            return Err(ServiceError::ManagersCreateTournaments);
        }
        let name = terms.name.trim();
        if name.is_empty() || name.chars().count() > 80 {
            return Err(ServiceError::TournamentName);
        }
        if let Format::Swiss { rounds } = terms.format
            && !(1..=MOST_SWISS_ROUNDS).contains(&rounds)
        {
            return Err(ServiceError::SwissRounds(MOST_SWISS_ROUNDS));
        }
        let move_seconds = super::challenges::checked_move_seconds(terms.options.move_time)?;
        let now = self.now();
        self.store
            .upsert_player(by.id(), &by.player.name, now)
            .await?;
        let (format, swiss_rounds) = stored_format(terms.format);
        let id = self
            .store
            .create_tournament(&NewTournament {
                guild_id: guild,
                channel_id: channel,
                name: name.to_string(),
                format,
                swiss_rounds,
                variant: terms.options.variant,
                move_seconds,
                rated: terms.options.rated,
                organiser_id: by.id(),
                signup_deadline_at: terms.signup_deadline,
                vacations_pause: terms.pause_for_vacations,
                created_at: now,
            })
            .await?;
        self.tournament(id).await
    }

    /// A tournament with its entrants, games and byes.
    ///
    /// # Errors
    /// No such tournament; database failures.
    pub async fn tournament(&self, id: TournamentId) -> Result<TournamentView> {
        let row = self
            .store
            .tournament(id)
            .await?
            .ok_or(ServiceError::UnknownTournament(id))?;
        let entrants = self
            .store
            .entrants(id)
            .await?
            .into_iter()
            .map(|e: EntrantRow| Entrant {
                player: Player::new(e.player_id, e.name),
                seed: e.seed.map(|s| s as usize),
                withdrawn_after: e.withdrawn_after.map(|r| r as u32),
            })
            .collect();
        let mut games = Vec::new();
        for row in self.store.tournament_games(id).await? {
            games.push((row.round as u32, self.game(row.game_id).await?));
        }
        let byes = self
            .store
            .tournament_byes(id)
            .await?
            .into_iter()
            .map(|(round, player)| (round as u32, player))
            .collect();
        Ok(TournamentView {
            id,
            name: row.name.clone(),
            format: format_of(&row),
            options: ChallengeOptions {
                variant: row.variant,
                move_time: row
                    .move_seconds
                    .map(|s| std::time::Duration::from_secs(s as u64)),
                rated: row.rated,
            },
            status: row.status,
            organiser: row.organiser_id,
            venue: Venue {
                guild_id: Some(row.guild_id),
                channel_id: Some(row.channel_id),
            },
            signup_deadline_at: row.signup_deadline_at,
            current_round: row.current_round as u32,
            entrants,
            games,
            byes,
            signup_message_id: row.signup_message_id,
            standings_message_id: row.standings_message_id,
        })
    }

    /// A tournament of server `guild` taking sign-ups (another server's is "no tournament
    /// #id").
    async fn signing_up(&self, id: TournamentId, guild: Option<GuildId>) -> Result<TournamentView> {
        let view = self.tournament(id).await?;
        if view.venue.guild_id != guild {
            return Err(ServiceError::UnknownTournament(id));
        }
        if view.status != TournamentStatus::Signup {
            return Err(ServiceError::SignupClosed(id));
        }
        Ok(view)
    }

    /// The one who acts signs up, from the tournament's server.
    ///
    /// # Errors
    /// Unknown tournaments, closed sign-up, already in; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn join_tournament(&self, id: TournamentId, by: &Actor) -> Result<TournamentView> {
        self.signing_up(id, by.guild).await?;
        let now = self.now();
        self.store
            .upsert_player(by.id(), &by.player.name, now)
            .await?;
        if !self.store.join_tournament(id, by.id(), now).await? {
            return Err(ServiceError::AlreadyEntered(id));
        }
        self.tournament(id).await
    }

    /// The one who acts leaves while sign-up is open, from the tournament's server.
    ///
    /// # Errors
    /// Unknown tournaments, closed sign-up, not in it; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn leave_tournament(&self, id: TournamentId, by: &Actor) -> Result<TournamentView> {
        self.leave(id, by.id(), by.guild).await
    }

    /// `player` leaves tournament `id` of server `guild` while sign-up is open.
    async fn leave(
        &self,
        id: TournamentId,
        player: PlayerId,
        guild: Option<GuildId>,
    ) -> Result<TournamentView> {
        self.signing_up(id, guild).await?;
        if !self.store.leave_tournament(id, player).await? {
            return Err(ServiceError::NotEntered(id));
        }
        self.tournament(id).await
    }

    /// Closes sign-up and starts the tournament: entrants seeded by their rating in the server
    /// (unrated ones after, in the order they joined), then all of a round robin's games or a
    /// Swiss's first round. Only the organiser or a manager may (`None`: the sign-up deadline
    /// did). A start that another caller made first returns the tournament as it is.
    ///
    /// # Errors
    /// Unknown tournaments, fewer than two entrants, not the organiser, already started.
    #[tracing::instrument(skip(self))]
    pub async fn start_tournament(
        &self,
        id: TournamentId,
        by: Option<&Actor>,
    ) -> Result<TournamentView> {
        // Someone joining or leaving at that very moment makes the start read them again.
        let mut attempts = 0;
        loop {
            match self.try_start_tournament(id, by).await {
                Err(ServiceError::Store(crate::store::StoreError::Conflict)) if attempts < 5 => {
                    attempts += 1;
                }
                other => return other,
            }
        }
    }

    async fn try_start_tournament(
        &self,
        id: TournamentId,
        by: Option<&Actor>,
    ) -> Result<TournamentView> {
        let view = self.tournament(id).await?;
        if let Some(by) = by
            && !view.organised_by(by)
        {
            return Err(ServiceError::NotOrganiser(id));
        }
        if view.status != TournamentStatus::Signup {
            return Err(ServiceError::SignupClosed(id));
        }
        if view.entrants.len() < 2 {
            return Err(ServiceError::TooFewEntrants(id));
        }
        // Seeds: rating first (the server's ladder), then the order they joined.
        let ratings: HashMap<PlayerId, f64> = match view.venue.guild_id {
            Some(guild) => self.store.ratings_in(guild).await?,
            None => Vec::new(),
        }
        .into_iter()
        .map(|r| (r.rating.player_id, r.rating.rating))
        .collect();
        let mut order: Vec<&Entrant> = view.entrants.iter().collect();
        order.sort_by(|a, b| {
            let rating = |e: &Entrant| ratings.get(&e.player.id).copied();
            match (rating(a), rating(b)) {
                (Some(x), Some(y)) => y.total_cmp(&x),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            }
        });
        let players: Vec<PlayerId> = order.iter().map(|e| e.player.id).collect();
        let seeds: Vec<(PlayerId, i64)> = players
            .iter()
            .enumerate()
            .map(|(i, p)| (*p, i as i64 + 1))
            .collect();
        let rounds = match view.format {
            Format::RoundRobin { double } => tournament::round_robin(players.len(), double),
            Format::Swiss { .. } => {
                let entrants: Vec<SwissEntrant> = (0..players.len())
                    .map(|seed| SwissEntrant {
                        seed,
                        ..SwissEntrant::default()
                    })
                    .collect();
                vec![pair_swiss(&entrants)]
            }
        };
        self.start_rounds(&view, 0, &seeds, &players, &rounds)
            .await?;
        self.tournament(id).await
    }

    /// Saves `rounds` (numbered from `after + 1`) as games, once: `false` when another caller
    /// started them first.
    async fn start_rounds(
        &self,
        view: &TournamentView,
        after: u32,
        seeds: &[(PlayerId, i64)],
        players: &[PlayerId],
        rounds: &[Round],
    ) -> Result<bool> {
        let now = self.now();
        let move_seconds = view.options.move_time.map(|t| t.as_secs() as i64);
        let new_rounds: Vec<NewRound> = rounds
            .iter()
            .enumerate()
            .map(|(i, round)| {
                let number = i64::from(after) + i as i64 + 1;
                let pairing = |&Pairing { opener, answerer }: &Pairing| GameTerms {
                    opener: players[opener],
                    other: players[answerer],
                    variant: view.options.variant,
                    move_seconds,
                    rated: view.options.rated,
                    venue: view.venue,
                    origin: Origin::Pairing {
                        tournament: view.id,
                        round: number,
                    },
                    anchor: None,
                };
                NewRound {
                    round: number,
                    games: round
                        .pairings
                        .iter()
                        .map(|p| new_game(pairing(p), now))
                        .collect(),
                    bye: round.bye.map(|seed| players[seed]),
                }
            })
            .collect();
        // One word of the start: a round robin's first round stands for all of them; each game
        // owes what every new game does.
        let owed: Vec<Owed> = new_rounds
            .first()
            .and_then(|first| u32::try_from(first.round).ok())
            .map(|round| Owed::Round {
                tournament: view.id,
                round,
            })
            .into_iter()
            .collect();
        Ok(self
            .start_rounds_saved(view.id, after, seeds, &new_rounds, &owed, now)
            .await?)
    }

    /// Moves a running tournament on when its current round is complete: a Swiss pairs and
    /// starts the next round, and a tournament whose last round is complete ends. Safe to call
    /// any time and from several places at once (after every result, at start-up); returns
    /// whether anything changed.
    ///
    /// # Errors
    /// Unknown tournaments; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn advance_tournament(&self, id: TournamentId) -> Result<bool> {
        // Cheap first: while one of its games goes on (the usual case, after every result and
        // at every tick), there is nothing to do and no need to read every game.
        if self.store.tournament_games_going(id).await? > 0 {
            return Ok(false);
        }
        let view = self.tournament(id).await?;
        if view.status != TournamentStatus::Running || !view.round_complete() {
            return Ok(false);
        }
        if view.current_round >= view.rounds() {
            // Every round was played: the end.
            return self.end_tournament(id, TournamentStatus::Finished).await;
        }
        let Format::Swiss { .. } = view.format else {
            // A round robin starts all its rounds at once; nothing to pair.
            return Ok(false);
        };
        let seeds = view.seeds();
        let players: Vec<PlayerId> = {
            let mut by_seed: Vec<(Seed, PlayerId)> = seeds.iter().map(|(p, s)| (*s, *p)).collect();
            by_seed.sort_unstable();
            by_seed.into_iter().map(|(_, p)| p).collect()
        };
        // Who is still in, with their points; every game so far and every bye, by seed.
        let still_in: Vec<(Seed, f64)> = view
            .standings()
            .iter()
            .filter(|line| !line.withdrawn)
            .map(|line| (seeds[&line.player.id], line.standing.points))
            .collect();
        let games: Vec<PastGame> = view
            .games
            .iter()
            .map(|(round, g)| {
                let other = if g.white.id == g.opener {
                    g.red.id
                } else {
                    g.white.id
                };
                PastGame {
                    round: *round,
                    opener: seeds[&g.opener],
                    answerer: seeds[&other],
                }
            })
            .collect();
        let byes: Vec<Seed> = view.byes.iter().map(|(_, p)| seeds[p]).collect();
        let entrants = tournament::swiss_entrants(&still_in, &games, &byes);
        if entrants.len() < 2 {
            return self.end_tournament(id, TournamentStatus::Finished).await;
        }
        let round = pair_swiss(&entrants);
        self.start_rounds(&view, view.current_round, &[], &players, &[round])
            .await
    }

    /// Moves on the tournament of a game that just ended (its next round, its end). A failure
    /// here is logged, not returned: the game's result is saved whatever happens, and the
    /// clock's next tick tries again.
    /// Ends a tournament as `status` (finished or cancelled), owing its players word of it
    /// either way: the final standings, or the cancellation (the sign-up message loses its
    /// buttons). `false` when it was already over.
    async fn end_tournament(&self, id: TournamentId, status: TournamentStatus) -> Result<bool> {
        let owed = [Owed::Finished { tournament: id }];
        let ended = self
            .store
            .end_tournament(id, status, &owed, self.now())
            .await?;
        if ended {
            self.outbox_changed();
        }
        Ok(ended)
    }

    pub(super) async fn after_game_ended(&self, game: GameId) {
        let moved = match self.store.tournament_of(game).await {
            Ok(Some(tournament)) => self.advance_tournament(tournament).await,
            Ok(None) => return,
            Err(error) => Err(error.into()),
        };
        if let Err(error) = moved {
            tracing::warn!("could not move on the tournament of game #{game}: {error}");
        }
    }

    /// What the clock does for tournaments: starts those whose sign-up deadline came (or
    /// cancels them, with fewer than two entrants) and moves every running one on (after a
    /// restart, a round whose last result was saved just before is started here). Returns the
    /// tournaments that changed.
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn tournament_tick(&self) -> Result<Vec<TournamentId>> {
        let mut changed = Vec::new();
        for due in self.store.signups_due(self.now()).await? {
            match self.start_tournament(due.id, None).await {
                Ok(_) => changed.push(due.id),
                Err(ServiceError::TooFewEntrants(_)) => {
                    if self
                        .end_tournament(due.id, TournamentStatus::Cancelled)
                        .await?
                    {
                        changed.push(due.id);
                    }
                }
                Err(error) => tracing::warn!("could not start tournament #{}: {error}", due.id),
            }
        }
        for id in self.store.running_tournaments().await? {
            match self.advance_tournament(id).await {
                Ok(true) => changed.push(id),
                Ok(false) => {}
                Err(error) => tracing::warn!("could not move on tournament #{id}: {error}"),
            }
        }
        Ok(changed)
    }

    /// `player` withdraws (by themself, or removed by the organiser or a manager: `by`). During
    /// sign-up that is leaving; once it runs, their games still going are resigned (forfeited by
    /// the usual rules) and a Swiss does not pair them again.
    ///
    /// # Errors
    /// Unknown or finished tournaments; someone else's withdrawal without the right; not in it.
    #[tracing::instrument(skip(self))]
    pub async fn withdraw(
        &self,
        id: TournamentId,
        player: &Player,
        by: &Actor,
    ) -> Result<TournamentView> {
        let view = self.tournament(id).await?;
        if by.id() != player.id && !view.organised_by(by) {
            return Err(ServiceError::NotOrganiser(id));
        }
        match view.status {
            TournamentStatus::Signup => {
                return self.leave(id, player.id, view.venue.guild_id).await;
            }
            TournamentStatus::Finished | TournamentStatus::Cancelled => {
                return Err(ServiceError::TournamentOver(id));
            }
            TournamentStatus::Running => {}
        }
        let after = i64::from(view.current_round);
        if !self.store.withdraw_entrant(id, player.id, after).await? {
            return Err(ServiceError::NotEntered(id));
        }
        // Read again: a round paired meanwhile may already hold a game of theirs.
        let view = self.tournament(id).await?;
        for (_, game) in &view.games {
            if game.is_over() || game.color_of(player.id).is_none() {
                continue;
            }
            // Lost on time meanwhile is as good as forfeited.
            match self
                .play(game.id, player.id, Move::Resign(None), None)
                .await
            {
                Ok(_) | Err(ServiceError::GameOver(_)) => {}
                Err(error) => return Err(error),
            }
        }
        self.advance_tournament(id).await?;
        self.tournament(id).await
    }

    /// The organiser (or a manager) calls the tournament off: its games still going are
    /// aborted (no result), and nothing more is paired.
    ///
    /// # Errors
    /// Unknown or finished tournaments; anyone else.
    #[tracing::instrument(skip(self))]
    pub async fn cancel_tournament(&self, id: TournamentId, by: &Actor) -> Result<TournamentView> {
        let view = self.tournament(id).await?;
        if !view.organised_by(by) {
            return Err(ServiceError::NotOrganiser(id));
        }
        if !self.end_tournament(id, TournamentStatus::Cancelled).await? {
            return Err(ServiceError::TournamentOver(id));
        }
        // Read again: a round started meanwhile is called off too.
        let view = self.tournament(id).await?;
        for (_, game) in &view.games {
            if game.is_over() {
                continue;
            }
            // As the server's manager would: any game of the server may be called off.
            let manager = Actor {
                guild: view.venue.guild_id,
                manager: true,
                ..by.clone()
            };
            match self.abort(game.id, &manager).await {
                Ok(_) | Err(ServiceError::GameOver(_)) => {}
                Err(error) => return Err(error),
            }
        }
        self.tournament(id).await
    }

    /// Records the sign-up message (its buttons and entrant list are kept up to date).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_signup_message(&self, id: TournamentId, message: MessageId) -> Result<()> {
        Ok(self.store.set_signup_message(id, message).await?)
    }

    /// A server's tournaments that are not over: (id, name), oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_tournaments(&self, guild: GuildId) -> Result<Vec<(TournamentId, String)>> {
        Ok(self
            .store
            .open_tournaments(guild)
            .await?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect())
    }

    /// Records the message that shows the standings (edited after each result).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_standings_message(&self, id: TournamentId, message: MessageId) -> Result<()> {
        Ok(self.store.set_standings_message(id, message).await?)
    }

    /// Lets members who cannot manage `by`'s server create tournaments there (or not).
    ///
    /// # Errors
    /// [`ServiceError::NoServer`] outside a server; [`ServiceError::ManagersOnly`] to a
    /// member who does not manage it; database failures.
    pub async fn allow_members_to_create_tournaments(
        &self,
        by: &Actor,
        allowed: bool,
    ) -> Result<()> {
        let guild = by.managed_guild()?;
        Ok(self
            .store
            .set_members_create_tournaments(guild, allowed)
            .await?)
    }
}
