//! Starting games in the terminal: one that starts at once (between two names, or against
//! the bot), a challenge, its answer, and a rematch.

use super::Session;
use super::command::{Answer, Players};
use super::words::{LocalError, describe_challenge, show, started, started_line};
use crate::service::{AiTerms, ChallengeId, ChallengeOptions, GameId, Player, Venue};
use crate::service::{machine_actor, machine_bot, machine_player};
use crate::tr;

impl Session<'_> {
    /// `play`: a game that starts at once, the first player opening.
    pub(super) async fn play(
        &mut self,
        players: Players,
        options: ChallengeOptions,
    ) -> Result<String, LocalError> {
        let (first, second) = match players {
            Players::People(first, second) => (first, second),
            Players::Bot {
                human,
                level,
                opener,
            } => {
                let terms = AiTerms {
                    level,
                    options: ChallengeOptions {
                        rated: false,
                        ..options
                    },
                    venue: Venue::default(),
                    opener,
                };
                return self.play_the_bot(machine_player(&human), terms).await;
            }
        };
        let opener = machine_player(&first);
        let other = machine_player(&second);
        let challenge = self
            .service
            .challenge(
                &machine_actor(opener.clone()),
                Some(&other),
                options,
                Venue::default(),
            )
            .await?;
        let game = self
            .service
            .accept(challenge.id, &machine_actor(other))
            .await?;
        self.actor = opener;
        self.make_current(game.id).await;
        Ok(started(self.lang, &game, self.service.now()) + &self.picture(&game).await)
    }

    pub(super) async fn play_the_bot(
        &mut self,
        human: Player,
        terms: AiTerms,
    ) -> Result<String, LocalError> {
        let game = self
            .service
            .start_ai_game(&machine_actor(human.clone()), &machine_bot(), terms, None)
            .await?;
        self.actor = human;
        self.make_current(game.id).await;
        // The game is saved: a first move of the bot that fails is tried again later.
        let replies = self.ai_replies_or_later(game.id).await;
        if replies.is_empty() {
            return Ok(started(self.lang, &game, self.service.now()) + &self.picture(&game).await);
        }
        // The bot opened: the start, its move, and the board once.
        let shown = self.service.game(game.id).await?;
        let mut out = started_line(self.lang, &game);
        out.push_str(&replies);
        out.push_str(&show(self.lang, &shown, self.service.now()));
        Ok(out + &self.picture(&shown).await)
    }

    pub(super) async fn challenge(
        &mut self,
        opponent: Option<&str>,
        options: ChallengeOptions,
    ) -> Result<String, LocalError> {
        let challenger = self.acting();
        let opponent = opponent.map(machine_player);
        let challenge = self
            .service
            .challenge(
                &machine_actor(challenger),
                opponent.as_ref(),
                options,
                Venue::default(),
            )
            .await?;
        Ok(describe_challenge(self.lang, &challenge))
    }

    pub(super) async fn answer(
        &mut self,
        answer: Answer,
        challenge: Option<ChallengeId>,
    ) -> Result<String, LocalError> {
        let player = self.acting();
        let id = match challenge {
            Some(id) => id,
            None => {
                // The newest open challenge this player can answer: to accept, one made to them
                // or to anyone; to decline, one made to them; to cancel, their own.
                let open = match answer {
                    Answer::Accept => {
                        let here = Venue::default();
                        self.service.acceptable_challenges(player.id, here).await?
                    }
                    Answer::Decline | Answer::Cancel => {
                        self.service.open_challenges(player.id).await?
                    }
                };
                let answerable = open.iter().rev().find(|c| match answer {
                    Answer::Cancel => c.challenger.id == player.id,
                    Answer::Accept => c.challenger.id != player.id,
                    Answer::Decline => c.opponent.as_ref().is_some_and(|o| o.id == player.id),
                });
                match answerable {
                    Some(c) => c.id,
                    None => {
                        return Err(LocalError::NothingToAnswer {
                            name: player.name,
                            answer,
                        });
                    }
                }
            }
        };
        let by = machine_actor(player);
        match answer {
            Answer::Accept => {
                let game = self.service.accept(id, &by).await?;
                self.make_current(game.id).await;
                Ok(started(self.lang, &game, self.service.now()) + &self.picture(&game).await)
            }
            Answer::Decline => {
                let c = self.service.decline(id, &by).await?;
                Ok(tr!(self.lang, "local-declined", id = c.id))
            }
            Answer::Cancel => {
                let c = self.service.cancel(id, &by).await?;
                Ok(tr!(self.lang, "local-cancelled", id = c.id))
            }
        }
    }

    /// A finished game again between the same two, the loser opening: against the bot at
    /// once, else as a challenge to the other player.
    pub(super) async fn rematch(&mut self, game: Option<GameId>) -> Result<String, LocalError> {
        let player = self.acting();
        let game = self.named_or_current(game).await?;
        let by = machine_actor(player);
        if let Some(terms) = self.service.ai_rematch(game.id, &by).await? {
            return self.play_the_bot(by.player, terms).await;
        }
        let challenge = self.service.rematch(game.id, &by).await?;
        Ok(describe_challenge(self.lang, &challenge))
    }
}
