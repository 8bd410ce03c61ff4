//! Button clicks: accept, decline, cancel, the pie choice, resign, rematch, replay, analyse,
//! export, joining or leaving a tournament, answering or opening a puzzle, and opening the web
//! board; what each button is lives in its id ([`ButtonId`]).

use std::sync::{Mutex, PoisonError};

use crate::discord::ids::{self, Stored};
use poise::serenity_prelude as serenity;
use tracing::warn;

use super::button_id::ButtonId;
use super::commands::{answered_shown, learning_shown, shown_puzzle, signup_buttons};
use super::health::Outcome;
use super::messages::{ai_game_text, challenge_buttons, challenge_pings, challenge_text};
use super::outgoing::{self, NOBODY};
use super::post::{analysed_answer, export_file, gif_of};
use super::private_board::PrivateBoard;
use super::tournament_posts::signup_text;
use super::{Data, Error, UserError, actor_of, explain, player_of};
use crate::game::Move;
use crate::i18n::Lang;
use crate::service::{
    Actor, AiTerms, ChallengeId, ChallengeView, Choice, GameId, GameView, Learning, LessonAnswer,
    MoveOutcome, Player, PuzzleId, ServiceError, TournamentView, Venue,
};
use crate::tr;

/// How far a click is answered. Discord takes one first answer (a message, an update of the
/// clicked message, an acknowledgement, a deferral) and after it only edits and follow-ups: a
/// second first answer is refused ("already acknowledged") and its words lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Unanswered,
    /// Deferred privately: Discord shows "thinking…" until the answer's words replace it.
    Deferred,
    /// Answered with a message, an update or an acknowledgement.
    Answered,
}

/// Handles a button click; every failure is answered to the clicker, ephemerally: as the
/// click's first answer, in place of its "thinking…" once deferred, or as a follow-up once
/// answered.
pub async fn handle(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
) -> Outcome {
    let stage = Mutex::new(Stage::Unanswered);
    let Err(error) = dispatch(ctx, data, component, &stage).await else {
        return Outcome::Ok;
    };
    let (message, expected) = explain(&error, clicker_lang(component));
    let message = super::messages::fit_message(&message);
    if !expected {
        warn!(button = %component.data.custom_id, "button failed: {error:#}");
    }
    let stage = *stage.lock().unwrap_or_else(PoisonError::into_inner);
    let answered = match stage {
        Stage::Unanswered => {
            let response = serenity::CreateInteractionResponse::Message(
                outgoing::response(NOBODY).content(&message).ephemeral(true),
            );
            match component.create_response(ctx, response).await {
                Ok(()) => Ok(()),
                // A first answer that reached Discord with its reply lost: Discord refuses a
                // second one, and the words follow up instead.
                Err(_) => {
                    let followup = outgoing::followup(NOBODY).content(message).ephemeral(true);
                    component.create_followup(ctx, followup).await.map(drop)
                }
            }
        }
        Stage::Deferred => {
            let edit = outgoing::edit_response(NOBODY).content(message);
            component.edit_response(ctx, edit).await.map(drop)
        }
        Stage::Answered => {
            let followup = outgoing::followup(NOBODY).content(message).ephemeral(true);
            component.create_followup(ctx, followup).await.map(drop)
        }
    };
    if let Err(e) = answered {
        warn!("could not answer a button: {e}");
    }
    match expected {
        true => Outcome::Refused,
        false => Outcome::Failed,
    }
}

/// The button clicked, as the metrics name it: `button:accept`, `button:swap`... (an id the
/// bot never made is `button:unknown`, so a forged click cannot make up new names).
pub fn kind(component: &serenity::ComponentInteraction) -> String {
    let kind = component
        .data
        .custom_id
        .parse::<ButtonId>()
        .map(|button| button.to_string());
    let kind = kind.as_deref().unwrap_or("unknown");
    format!("button:{}", kind.split(':').next().unwrap_or(kind))
}

/// The language of the one who clicked, for the answers only they see.
fn clicker_lang(component: &serenity::ComponentInteraction) -> Lang {
    Lang::of_locale_or_english(Some(&component.locale))
}

/// A click being answered: where, by whom, in which languages.
struct Click<'a> {
    ctx: &'a serenity::Context,
    data: &'a Data,
    component: &'a serenity::ComponentInteraction,
    /// Who clicked, from which server.
    asker: Actor,
    /// The clicker's language, for the answers only they see.
    lang: Lang,
    /// The server's language, for what everyone sees.
    server: Lang,
    /// How far the click is answered, for the words of a failure.
    stage: &'a Mutex<Stage>,
}

impl Click<'_> {
    /// The click's first answer (every later word edits it or follows up).
    async fn respond(
        &self,
        response: serenity::CreateInteractionResponse,
    ) -> Result<(), serenity::Error> {
        let stage = match response {
            serenity::CreateInteractionResponse::Defer(_) => Stage::Deferred,
            _ => Stage::Answered,
        };
        self.component.create_response(self.ctx, response).await?;
        *self.stage.lock().unwrap_or_else(PoisonError::into_inner) = stage;
        Ok(())
    }

    /// "Thinking…", for the clicker alone, while the answer is made.
    async fn defer(&self) -> Result<(), serenity::Error> {
        let private = outgoing::response(NOBODY).ephemeral(true);
        self.respond(serenity::CreateInteractionResponse::Defer(private))
            .await
    }

    /// Words for the clicker alone, as the click's first answer: a lost answer is only logged.
    async fn say(&self, text: &str) {
        let response = serenity::CreateInteractionResponse::Message(
            outgoing::response(NOBODY).content(text).ephemeral(true),
        );
        if let Err(e) = self.respond(response).await {
            warn!("could not answer a button: {e}");
        }
    }

    /// Open board: a login link or the game's page, for the clicker alone (see
    /// `open_board`); an old button once the web board is no longer served says so.
    async fn open_board(&self, game: GameId) -> Result<(), Error> {
        let Some(web) = &self.data.web else {
            return Err(UserError(tr!(self.lang, "open-board-off")).into());
        };
        let service = &self.data.service;
        let answer = super::open_board::answer(service, web, &self.asker, self.lang, game).await?;
        self.respond(serenity::CreateInteractionResponse::Message(answer))
            .await?;
        Ok(())
    }

    /// Replaces the text and the buttons of the message whose button was clicked.
    async fn update_message(
        &self,
        content: String,
        components: Vec<serenity::CreateActionRow>,
    ) -> Result<(), serenity::Error> {
        let update = serenity::CreateInteractionResponse::UpdateMessage(
            outgoing::response(NOBODY)
                .content(content)
                .components(components),
        );
        self.respond(update).await
    }
}

/// Answers a click by what its button is ([`ButtonId`]).
async fn dispatch(
    ctx: &serenity::Context,
    data: &Data,
    component: &serenity::ComponentInteraction,
    stage: &Mutex<Stage>,
) -> Result<(), Error> {
    let service = &data.service;
    let asker = actor_of(
        &component.user,
        component.guild_id,
        component.member.as_ref(),
    );
    if let (Some(guild), Some(locale)) = (asker.guild, &component.guild_locale) {
        service.note_guild_locale(guild, locale).await?;
    }
    let click = Click {
        ctx,
        data,
        component,
        lang: clicker_lang(component),
        server: service.guild_language(asker.guild).await?,
        asker,
        stage,
    };
    let Ok(button) = component.data.custom_id.parse::<ButtonId>() else {
        return Err(UserError(tr!(click.lang, "button-stale")).into());
    };
    let asker = &click.asker;
    match button {
        ButtonId::Accept(id) => click.accept(id).await,
        ButtonId::Decline(id) => click.closed(&service.decline(id, asker).await?).await,
        ButtonId::Cancel(id) => click.closed(&service.cancel(id, asker).await?).await,
        ButtonId::JoinTournament(id) => {
            let view = service.join_tournament(id, asker).await?;
            click.signup(&view).await
        }
        ButtonId::LeaveTournament(id) => {
            let view = service.leave_tournament(id, asker).await?;
            click.signup(&view).await
        }
        ButtonId::Keep { game, version } => {
            service
                .check_pie_choice(game, asker.id(), Some(version))
                .await?;
            click.say(&tr!(click.lang, "pie-kept")).await;
            Ok(())
        }
        ButtonId::Swap { game, version } => click.play(game, Move::Swap, Some(version)).await,
        // A resignation is always legal: only the swap is tied to the position it was for.
        ButtonId::Resign(game) => click.play(game, Move::Resign(None), None).await,
        ButtonId::Rematch(id) => click.rematch(id).await,
        ButtonId::Replay(id) => click.replay(id).await,
        ButtonId::Analyse(id) => click.analyse(id).await,
        ButtonId::Export(id) => click.export(id).await,
        ButtonId::PuzzleAnswer { puzzle, choice } => click.puzzle_answer(puzzle, choice).await,
        ButtonId::SolvePuzzle(puzzle) => click.solve(puzzle).await,
        ButtonId::LessonAnswer { lesson, choice } => click.lesson_answer(lesson, choice).await,
        ButtonId::LessonAgain => click.lesson_again().await,
        ButtonId::LessonBot => click.lesson_bot().await,
        ButtonId::OpenBoard(id) => click.open_board(id).await,
    }
}

impl Click<'_> {
    /// A challenge accepted: its message says so, without buttons; the thread and the first
    /// board follow from the delivery worker.
    async fn accept(&self, id: ChallengeId) -> Result<(), Error> {
        let (service, player) = (&self.data.service, &self.asker.player);
        let message = Some(self.component.message.id.stored());
        let game = service.accept_on(id, &self.asker, message).await?;
        let accepted = tr!(
            self.server,
            "challenge-accepted",
            name = &player.name,
            id = game.id,
            white = &game.white.name,
            red = &game.red.name
        );
        // Saved: a message that cannot be updated is only logged.
        if let Err(error) = self.update_message(accepted, Vec::new()).await {
            warn!("could not update the accepted challenge #{id}: {error}");
        }
        Ok(())
    }

    /// A challenge declined or cancelled: its message says so, and its buttons go.
    async fn closed(&self, closed: &ChallengeView) -> Result<(), Error> {
        let text = closed_text(self.server, &self.asker.player, closed);
        self.update_message(text, Vec::new()).await?;
        Ok(())
    }

    /// A tournament joined or left: its sign-up message shows the entrants now.
    async fn signup(&self, view: &TournamentView) -> Result<(), Error> {
        let (text, buttons) = (
            signup_text(self.server, view),
            signup_buttons(self.server, view),
        );
        self.update_message(text, buttons).await?;
        Ok(())
    }

    /// A rematch: against the bot it starts at once, else a challenge is offered where the
    /// game started (threads cannot hold threads).
    async fn rematch(&self, id: GameId) -> Result<(), Error> {
        let (ctx, service, asker) = (self.ctx, &self.data.service, &self.asker);
        if let Some(terms) = service.ai_rematch(id, asker).await? {
            return self.rematch_the_bot(terms).await;
        }
        let challenge = service.rematch(id, asker).await?;
        let Some(channel) = challenge.venue.channel_id.map(ids::channel) else {
            return Err(UserError(tr!(self.lang, "rematch-no-channel")).into());
        };
        if challenge.message_id.is_none() {
            let message = outgoing::message(&challenge_pings(&challenge))
                .content(challenge_text(self.server, &challenge))
                .components(challenge_buttons(self.server, &challenge));
            let posted = channel.send_message(ctx, message).await?;
            service
                .set_challenge_message(challenge.id, posted.id.stored())
                .await?;
        }
        let offered = tr!(
            self.lang,
            "rematch-offered",
            channel = format!("<#{channel}>"),
            id = challenge.id
        );
        self.say(&offered).await;
        Ok(())
    }

    /// The game's replay as a GIF, for the one who clicked: drawing takes a moment, so the
    /// answer is deferred.
    async fn replay(&self, id: GameId) -> Result<(), Error> {
        let service = &self.data.service;
        service.check_reach(id, &self.asker).await?;
        self.defer().await?;
        let (content, file) = gif_of(service, self.lang, &service.game(id).await?).await?;
        let followup = outgoing::followup(NOBODY)
            .content(content)
            .add_file(file)
            .ephemeral(true);
        self.component.create_followup(self.ctx, followup).await?;
        Ok(())
    }

    /// The game's analysis, for the one who clicked (deferred: it may take a while).
    async fn analyse(&self, id: GameId) -> Result<(), Error> {
        let service = &self.data.service;
        let channel = self.component.channel_id.stored();
        self.defer().await?;
        let game = service.game_for(id, &self.asker).await?;
        let analysed = service.analyse_game(&game, Some(channel)).await?;
        let (content, chart) = analysed_answer(self.lang, &game, analysed).await?;
        let mut followup = outgoing::followup(NOBODY).content(content);
        if let Some(chart) = chart {
            followup = followup.add_file(chart);
        }
        self.component
            .create_followup(self.ctx, followup.ephemeral(true))
            .await?;
        Ok(())
    }

    /// The game's record as a file, for the one who clicked.
    async fn export(&self, id: GameId) -> Result<(), Error> {
        let service = &self.data.service;
        service.check_reach(id, &self.asker).await?;
        let (content, file) = export_file(self.lang, service, id).await?;
        let reply = serenity::CreateInteractionResponse::Message(
            outgoing::response(NOBODY)
                .content(content)
                .add_file(file)
                .ephemeral(true),
        );
        self.respond(reply).await?;
        Ok(())
    }
}

impl Click<'_> {
    /// An answer to a lesson's choice, for the one who clicked: why not, or right and the next
    /// lesson (deferred: the boards are drawn).
    async fn lesson_answer(&self, lesson: u8, choice: u8) -> Result<(), Error> {
        self.defer().await?;
        let answer = LessonAnswer::Choice(usize::from(choice));
        let answered = self
            .data
            .service
            .answer_lesson(&self.asker, Some(usize::from(lesson)), answer)
            .await?;
        self.private_board(answered_shown(answered, self.lang).await?)
            .await
    }

    /// The lessons again from the first.
    async fn lesson_again(&self) -> Result<(), Error> {
        self.defer().await?;
        let view = self.data.service.start_lesson(&self.asker, 1).await?;
        let shown = learning_shown(Learning::At(Box::new(view)), self.lang).await?;
        self.private_board(shown).await
    }

    /// A learning answer, privately to the one who clicked (after [`Click::defer`]).
    async fn private_board(&self, board: PrivateBoard) -> Result<(), Error> {
        self.component
            .create_followup(self.ctx, board.followup())
            .await?;
        Ok(())
    }

    /// After the lessons: a newcomer's first game against the bot (8×8, easy, unrated; see
    /// [`AiTerms::first_game`]), started at once and announced in the channel as a challenge to
    /// the bot is (games are played in a server).
    async fn lesson_bot(&self) -> Result<(), Error> {
        let Some(guild) = self.component.guild_id else {
            return Err(UserError(tr!(self.lang, "lesson-bot-in-server")).into());
        };
        let terms = AiTerms::first_game(Venue {
            guild_id: Some(guild.stored()),
            channel_id: Some(self.component.channel_id.stored()),
        });
        let (game, thread) = self.start_ai_game(terms, self.server).await?;
        let size = game.game.variant().size();
        let started = tr!(
            self.lang,
            "lesson-bot-started",
            id = game.id,
            size = size,
            thread = format!("<#{thread}>")
        );
        self.say(&started).await;
        Ok(())
    }

    /// A rematch against the bot starts at once, announced where the game was played.
    async fn rematch_the_bot(&self, terms: AiTerms) -> Result<(), Error> {
        let server = self
            .data
            .service
            .guild_language(terms.venue.guild_id)
            .await?;
        let (game, thread) = self.start_ai_game(terms, server).await?;
        let started = tr!(
            self.lang,
            "rematch-started",
            id = game.id,
            thread = format!("<#{thread}>")
        );
        self.say(&started).await;
        Ok(())
    }

    /// A game of the clicker against the bot, announced in its channel (in `server`'s
    /// language): the game and the thread it is played in, which the delivery worker opens on
    /// the announcement (a thread opened on a message has the message's id).
    async fn start_ai_game(
        &self,
        terms: AiTerms,
        server: Lang,
    ) -> Result<(GameView, serenity::ChannelId), Error> {
        let Some(channel) = terms.venue.channel_id.map(ids::channel) else {
            return Err(UserError(tr!(self.lang, "rematch-no-channel")).into());
        };
        let (bot, asker) = (&self.data.bot, &self.asker);
        let text = ai_game_text(server, &asker.player, bot, &terms);
        let posted = channel
            .send_message(self.ctx, outgoing::message(NOBODY).content(text))
            .await?;
        let anchor = posted.id.stored();
        let service = &self.data.service;
        let game = service
            .start_ai_game(asker, bot, terms, Some(anchor))
            .await?;
        Ok((game, ids::channel(ids::thread_of(anchor))))
    }

    /// An answer to a puzzle, for the one who clicked: right or wrong, the accepted moves, the
    /// best move on the board and the rating change (deferred: the board is drawn).
    async fn puzzle_answer(&self, puzzle: PuzzleId, choice: u8) -> Result<(), Error> {
        self.defer().await?;
        let choice = Choice::Nth(usize::from(choice));
        let answer = self
            .data
            .service
            .answer_puzzle(puzzle, &self.asker, choice)
            .await?;
        let lang = self.lang;
        let text = answer.text(lang);
        self.private_board(PrivateBoard::drawn(text, "answer.png", move || answer.png(lang)).await?)
            .await
    }

    /// The daily puzzle opened privately for the one who clicked (deferred: the board is
    /// drawn).
    async fn solve(&self, puzzle: PuzzleId) -> Result<(), Error> {
        self.defer().await?;
        let view = self.data.service.puzzle(puzzle, &self.asker).await?;
        self.private_board(shown_puzzle(view, self.lang).await?)
            .await
    }
}

/// A challenge's message once declined or cancelled: it says so, and its buttons go.
fn closed_text(server: Lang, player: &Player, closed: &ChallengeView) -> String {
    tr!(
        server,
        "challenge-closed",
        challenger = &closed.challenger.name,
        status = closed.status.to_string(),
        name = &player.name
    )
}

impl Click<'_> {
    /// The swap or a resignation from a button; the new board follows from the delivery
    /// worker.
    async fn play(&self, game: GameId, mv: Move, version: Option<i64>) -> Result<(), Error> {
        let player = player_of(&self.component.user);
        let played = self.data.service.play(game, player.id, mv, version).await?;
        if let MoveOutcome::LostOnTime(view) = played {
            return Err(ServiceError::TimeRanOut(view.id).into());
        }
        let ack = serenity::CreateInteractionResponse::Acknowledge;
        if let Err(error) = self.respond(ack).await {
            warn!("could not acknowledge the {mv} in game #{game}: {error}");
        }
        Ok(())
    }
}
