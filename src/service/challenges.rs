//! Challenges: offering a game, answering (accept starts it, decline, cancel), expiry, and the
//! rematch after a finished game. Who opens a game is decided here.

use crate::ids::MessageId;
use std::time::Duration;

use super::saving::{GameTerms, new_game};
use super::{
    Actor, ChallengeId, ChallengeOptions, ChallengeStatus, ChallengeView, GameId, GameView, Player,
    PlayerId, Result, Service, ServiceError, Venue,
};
use crate::store::{ChallengeRow, NewChallenge, Origin};

/// The time per move a challenge may set: long enough to answer, short enough that a game ends.
pub const SHORTEST_MOVE_TIME: Duration = Duration::from_secs(60);
pub const LONGEST_MOVE_TIME: Duration = Duration::from_secs(30 * 86_400);

/// How long a challenge waits for an answer.
pub const CHALLENGE_LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

impl Service {
    /// The one who acts challenges `opponent`, or anyone when `opponent` is `None`, in
    /// `venue`.
    ///
    /// # Errors
    /// [`ServiceError::SelfChallenge`], a time per move out of range; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn challenge(
        &self,
        by: &Actor,
        opponent: Option<&Player>,
        options: ChallengeOptions,
        venue: Venue,
    ) -> Result<ChallengeView> {
        if opponent.is_some_and(|o| o.id == by.id()) {
            return Err(ServiceError::SelfChallenge);
        }
        self.offer(&by.player, opponent, options, venue, None).await
    }

    /// Records a challenge (`opener`: who will open, when not the challenger).
    async fn offer(
        &self,
        challenger: &Player,
        opponent: Option<&Player>,
        options: ChallengeOptions,
        venue: Venue,
        opener: Option<PlayerId>,
    ) -> Result<ChallengeView> {
        let move_seconds = checked_move_seconds(options.move_time)?;
        let now = self.now();
        for player in std::iter::once(challenger).chain(opponent) {
            self.store
                .upsert_player(player.id, &player.name, now)
                .await?;
        }
        let id = self
            .store
            .insert_challenge(&NewChallenge {
                challenger_id: challenger.id,
                challenged_id: opponent.map(|o| o.id),
                variant: options.variant,
                move_seconds,
                rated: options.rated,
                guild_id: venue.guild_id,
                channel_id: venue.channel_id,
                created_at: now,
                expires_at: now + CHALLENGE_LIFETIME.as_millis() as i64,
                opener_id: opener,
            })
            .await?;
        self.challenge_view(id).await
    }

    /// # Errors
    /// [`ServiceError::UnknownChallenge`]; database failures.
    pub async fn challenge_view(&self, id: ChallengeId) -> Result<ChallengeView> {
        let row = self.challenge_row(id).await?;
        self.view_challenge(row).await
    }

    async fn challenge_row(&self, id: ChallengeId) -> Result<ChallengeRow> {
        self.store
            .challenge(id)
            .await?
            .ok_or(ServiceError::UnknownChallenge(id))
    }

    async fn view_challenge(&self, row: ChallengeRow) -> Result<ChallengeView> {
        let challenger = self.player(row.challenger_id).await?;
        let opponent = match row.challenged_id {
            Some(id) => Some(self.player(id).await?),
            None => None,
        };
        Ok(ChallengeView::new(&row, challenger, opponent))
    }

    /// Why `row` cannot be answered any more, if it cannot.
    fn closed(&self, row: &ChallengeRow) -> Option<ServiceError> {
        match row.status {
            ChallengeStatus::Open if row.expires_at <= self.now() => {
                Some(ServiceError::ChallengeExpired)
            }
            ChallengeStatus::Open => None,
            ChallengeStatus::Expired => Some(ServiceError::ChallengeExpired),
            other => Some(ServiceError::ChallengeClosed(other)),
        }
    }

    /// Why a challenge that was open a moment ago is not any more.
    async fn closed_meanwhile(&self, id: ChallengeId) -> ServiceError {
        match self.challenge_row(id).await {
            Ok(row) => self
                .closed(&row)
                .unwrap_or(ServiceError::ChallengeClosed(ChallengeStatus::Accepted)),
            Err(error) => error,
        }
    }

    /// Remembers the message that shows a challenge.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_challenge_message(
        &self,
        id: ChallengeId,
        message_id: MessageId,
    ) -> Result<()> {
        Ok(self.store.set_challenge_message(id, message_id).await?)
    }

    /// The one who acts accepts the challenge, from the challenge's server (a challenge of
    /// another server is "no challenge #id"); the game starts with the challenger (in a
    /// rematch, the loser) to open.
    ///
    /// # Errors
    /// Unknown, expired or closed challenges, a challenge for someone else or one's own.
    pub async fn accept(&self, id: ChallengeId, by: &Actor) -> Result<GameView> {
        self.accept_on(id, by, None).await
    }

    /// [`Service::accept`], clicked on the challenge's message `message_id` (where the game's
    /// thread opens, which may be known before the front end recorded it).
    ///
    /// # Errors
    /// As [`Service::accept`].
    #[tracing::instrument(skip(self))]
    pub async fn accept_on(
        &self,
        id: ChallengeId,
        by: &Actor,
        message_id: Option<MessageId>,
    ) -> Result<GameView> {
        let player = &by.player;
        let row = self.challenge_row(id).await?;
        if row.guild_id != by.guild {
            return Err(ServiceError::UnknownChallenge(id));
        }
        if let Some(error) = self.closed(&row) {
            return Err(error);
        }
        if row.challenger_id == player.id {
            return Err(ServiceError::OwnChallenge);
        }
        if let Some(challenged) = row.challenged_id.filter(|c| *c != player.id) {
            return Err(ServiceError::NotForYou(self.player(challenged).await?.name));
        }
        let now = self.now();
        self.store
            .upsert_player(player.id, &player.name, now)
            .await?;
        let opener = row.opener_id.unwrap_or(row.challenger_id);
        let other = if opener == row.challenger_id {
            player.id
        } else {
            row.challenger_id
        };
        // Where the game is shown, its thread opens on the message clicked (else the
        // challenge's recorded one).
        let terms = GameTerms {
            opener,
            other,
            variant: row.variant,
            move_seconds: row.move_seconds,
            rated: row.rated,
            venue: Venue {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
            },
            origin: Origin::Challenge(row.id),
            anchor: message_id,
        };
        match self.start_game(&new_game(terms, now)).await? {
            Some(game) => self.game(game).await,
            // Someone else answered first, or it expired meanwhile.
            None => Err(self.closed_meanwhile(id).await),
        }
    }

    /// The challenged player declines.
    ///
    /// # Errors
    /// Unknown or closed challenges; anyone but the challenged player.
    #[tracing::instrument(skip(self))]
    pub async fn decline(&self, id: ChallengeId, by: &Actor) -> Result<ChallengeView> {
        let row = self.challenge_row(id).await?;
        match row.challenged_id {
            None => return Err(ServiceError::OpenChallengeDecline),
            Some(challenged) if challenged != by.id() => {
                return Err(ServiceError::NotForYou(self.player(challenged).await?.name));
            }
            Some(_) => {}
        }
        self.close_challenge(row, ChallengeStatus::Declined).await
    }

    /// The challenger withdraws the challenge.
    ///
    /// # Errors
    /// Unknown or closed challenges; anyone but the challenger.
    #[tracing::instrument(skip(self))]
    pub async fn cancel(&self, id: ChallengeId, by: &Actor) -> Result<ChallengeView> {
        let row = self.challenge_row(id).await?;
        if row.challenger_id != by.id() {
            let challenger = self.player(row.challenger_id).await?;
            return Err(ServiceError::NotYourChallenge(challenger.name));
        }
        self.close_challenge(row, ChallengeStatus::Cancelled).await
    }

    async fn close_challenge(
        &self,
        row: ChallengeRow,
        status: ChallengeStatus,
    ) -> Result<ChallengeView> {
        if let Some(error) = self.closed(&row) {
            return Err(error);
        }
        if !self
            .store
            .close_challenge(row.id, status, self.now())
            .await?
        {
            return Err(self.closed_meanwhile(row.id).await);
        }
        self.challenge_view(row.id).await
    }

    /// Marks the challenges whose time ran out as expired and returns them.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expire_challenges(&self) -> Result<Vec<ChallengeView>> {
        let mut expired = Vec::new();
        for row in self.store.expire_challenges(self.now()).await? {
            expired.push(self.view_challenge(row).await?);
        }
        Ok(expired)
    }

    /// The open challenges a player made or received.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_challenges(&self, player: PlayerId) -> Result<Vec<ChallengeView>> {
        let mut open = Vec::new();
        for row in self.store.open_challenges_of(player).await? {
            if self.closed(&row).is_none() {
                open.push(self.view_challenge(row).await?);
            }
        }
        Ok(open)
    }

    /// The open challenges `player` may accept in `venue`: those made to them, and those made
    /// to anyone there by someone else, oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn acceptable_challenges(
        &self,
        player: PlayerId,
        venue: Venue,
    ) -> Result<Vec<ChallengeView>> {
        let mut rows = self.store.open_challenges_of(player).await?;
        rows.retain(|row| row.challenged_id == Some(player));
        let to_anyone = self
            .store
            .challenges_to_anyone(venue.guild_id, venue.channel_id)
            .await?;
        rows.extend(to_anyone.into_iter().filter(|r| r.challenger_id != player));
        rows.sort_by_key(|row| row.id);
        let mut open = Vec::new();
        for row in rows {
            if self.closed(&row).is_none() {
                open.push(self.view_challenge(row).await?);
            }
        }
        Ok(open)
    }

    /// A finished game's rematch: the same variant and channel, offered to the other player,
    /// with the loser (after a draw, the player who did not open) opening again.
    ///
    /// # Errors
    /// Unknown or unfinished games; someone who did not play.
    #[tracing::instrument(skip(self))]
    pub async fn rematch(&self, id: GameId, by: &Actor) -> Result<ChallengeView> {
        let player = &by.player;
        let game = self.game(id).await?;
        let Some(result) = game.result else {
            return Err(ServiceError::NotOver(id));
        };
        let Some(mine) = game.color_of(player.id) else {
            return Err(ServiceError::NotYourRematch(id));
        };
        let opponent = game.player(mine.other()).clone();
        let opener = match result.winner {
            Some(winner) => game.player(winner.other()).id,
            None if game.opener == player.id => opponent.id,
            None => player.id,
        };
        // A rematch already offered between these two (by either) is the one to answer.
        for open in self.store.open_challenges_of(player.id).await? {
            let pair = [Some(open.challenger_id), open.challenged_id];
            if pair.contains(&Some(opponent.id))
                && open.opener_id == Some(opener)
                && self.closed(&open).is_none()
            {
                return self.view_challenge(open).await;
            }
        }
        let options = ChallengeOptions {
            variant: game.game.variant(),
            move_time: game.move_time,
            rated: game.rated,
        };
        self.offer(player, Some(&opponent), options, game.venue, Some(opener))
            .await
    }
}

/// The time per move in whole seconds, as stored, if it is within the allowed range.
pub(super) fn checked_move_seconds(move_time: Option<Duration>) -> Result<Option<i64>> {
    match move_time {
        Some(t) if !(SHORTEST_MOVE_TIME..=LONGEST_MOVE_TIME).contains(&t) => {
            Err(ServiceError::MoveTimeOutOfRange)
        }
        _ => Ok(move_time.map(|t| t.as_secs().max(1) as i64)),
    }
}
