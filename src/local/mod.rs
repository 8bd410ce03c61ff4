//! `ponte local`: the bot's whole flow in a terminal, on the same service and database, for
//! anyone without Discord. One command per line (read into a [`Line`] by `command.rs`, then
//! run here); `help` lists them. What it says is in `words.rs`; starting games is in
//! `games.rs`, hints in `hint.rs`, puzzles in `puzzle.rs`, lessons in `learn.rs`, the files it
//! writes in `pictures.rs`.

mod command;
mod games;
mod hint;
mod input;
mod learn;
mod pictures;
mod puzzle;
mod resign;
mod words;

use std::io::IsTerminal;
use std::path::PathBuf;

use tokio::io::AsyncWriteExt;

use crate::game::{BadMove, Move};
use crate::i18n::Lang;
use crate::progress::Spinner;
use crate::service::{
    GameId, GameView, MoveOutcome, Player, Service, ServiceError, default_player, machine_actor,
    machine_bot, machine_player, utc,
};
use crate::stop::Signals;
use crate::tr;

use command::{Command, Line};
use input::Input;
use words::{LocalError, describe_move, games_list, show};

/// The setting that keeps the terminal's current game from one start to the next.
const CURRENT_GAME: &str = "local.current_game";

/// The terminal session: who is acting, which game is current, where pictures go.
pub struct Session<'a> {
    service: &'a Service,
    /// Who acts: the terminal's player ([`default_player`]) until a line names
    /// someone else.
    actor: Player,
    current_game: Option<GameId>,
    pictures: Option<PathBuf>,
    lang: Lang,
    /// The puzzle shown last, which `solve` answers.
    puzzle: Option<crate::service::PuzzleId>,
    /// A resignation asked for, which the next line confirms or not.
    resigning: Option<resign::Resigning>,
}

impl<'a> Session<'a> {
    /// A session where `player` acts until a line names someone else; with `pictures`, the
    /// board PNG of every game shown is written there as `game-<id>.png`.
    pub fn new(
        service: &'a Service,
        player: Player,
        pictures: Option<PathBuf>,
        lang: Lang,
    ) -> Session<'a> {
        Session {
            service,
            actor: player,
            current_game: None,
            pictures,
            lang,
            puzzle: None,
            resigning: None,
        }
    }

    /// Runs one input line and returns what to print, or `None` to quit.
    pub async fn run_line(&mut self, line: &str) -> Option<String> {
        if let Some(resigning) = self.resigning.take() {
            return self.confirm_resign(resigning, line).await;
        }
        let (actor, command) = match Line::parse(line) {
            Line::Nothing => return Some(String::new()),
            Line::As(name) => {
                self.actor = machine_player(&name);
                return Some(tr!(self.lang, "local-you-are", name = name));
            }
            Line::Quit => {
                // The clock runs before every command, this one too.
                self.clock_news().await;
                return None;
            }
            Line::Command { actor, command } => (actor.as_deref().map(machine_player), command),
        };
        if let Some(actor) = &actor {
            self.actor.clone_from(actor);
        }
        // The correspondence clock runs before every command, as the bot's runs every minute.
        let clock = self.clock_news().await;
        let result = match command {
            Ok(command) => self.execute(command, actor).await,
            Err(error) => Err(LocalError::Words(error)),
        };
        Some(self.reply(&clock, result))
    }

    /// What a command said (or why it did nothing), after the `clock`'s news.
    fn reply(&self, clock: &str, result: Result<String, LocalError>) -> String {
        let reply = result
            .unwrap_or_else(|error| tr!(self.lang, "local-error", error = error.words(self.lang)));
        if clock.is_empty() {
            reply
        } else {
            format!("{clock}\n{reply}")
        }
    }

    /// Runs a command; a move is made by `mover` when the line named one (`as NAME …`), else
    /// by whoever is to move.
    async fn execute(
        &mut self,
        command: Command,
        mover: Option<Player>,
    ) -> Result<String, LocalError> {
        match command {
            Command::Help => Ok(self.help()),
            // The rules in the terminal's commands and the text board's symbols.
            Command::Rules => Ok(tr!(self.lang, "local-rules")),
            Command::Play { players, options } => self.play(players, options).await,
            Command::Challenge { opponent, options } => {
                self.challenge(opponent.as_deref(), options).await
            }
            Command::Answer { answer, challenge } => self.answer(answer, challenge).await,
            Command::Board => {
                let game = self.current().await?;
                Ok(show(self.lang, &game, self.service.now()) + &self.picture(&game).await)
            }
            Command::Games => {
                let player = self.acting();
                let games = self.service.active_games(player.id).await?;
                Ok(games_list(self.lang, &player, &games, self.service.now()))
            }
            Command::Switch(id) => {
                let game = self.service.game(id).await?;
                self.make_current(id).await;
                Ok(show(self.lang, &game, self.service.now()) + &self.picture(&game).await)
            }
            Command::Record => {
                let game = self.current().await?;
                Ok(game.record().to_string().trim_end().to_string())
            }
            Command::Replay(game) => self.replay(game).await,
            Command::Analyse(game) => self.analyse(game).await,
            Command::Vacation { name, days } => self.vacation(name, days).await,
            Command::Back(name) => self.back(name).await,
            Command::Rematch(game) => self.rematch(game).await,
            Command::Hint => self.hint(mover).await,
            Command::Puzzle => self.puzzle().await,
            Command::Solve(choice) => self.solve(choice).await,
            Command::Learn(ask) => self.learn(ask).await,
            Command::Choose(number) => self.choose(number).await,
            // A game wins: the move answers a lesson only when no game is current.
            Command::Move(mv) if self.answers_lesson().await? => {
                let learner = machine_actor(self.acting());
                self.lesson_move(&learner, mv).await
            }
            // A resignation is asked for, and the next line confirms it.
            Command::Move(Ok(Move::Resign(named))) => self.ask_resign(named, mover).await,
            Command::Move(mv) => self.play_move(mv, mover).await,
        }
    }

    /// `vacation NAME DAYS`: a player of the terminal away, their clocks standing still.
    async fn vacation(&self, name: String, days: i64) -> Result<String, LocalError> {
        let by = machine_actor(machine_player(&name));
        // A name typed wrong would start a vacation nobody takes.
        if self.service.known_player(by.id()).await?.is_none() {
            return Err(LocalError::UnknownPlayer { name });
        }
        let status = self
            .service
            .start_vacation(&by, days)
            .await
            .map_err(|error| LocalError::of_vacation(error, &name))?;
        Ok(tr!(
            self.lang,
            "local-vacation",
            name = name,
            until = utc(status.away_until.unwrap_or_default()),
            left = status.days_left
        ))
    }

    /// `back NAME`: the vacation ends, the clocks run again.
    async fn back(&self, name: String) -> Result<String, LocalError> {
        let by = machine_actor(machine_player(&name));
        let status = self
            .service
            .end_vacation(&by)
            .await
            .map_err(|error| LocalError::of_vacation(error, &name))?;
        Ok(tr!(
            self.lang,
            "local-back",
            name = name,
            left = status.days_left
        ))
    }

    /// The commands: the terminal's own, then puzzles and lessons.
    fn help(&self) -> String {
        [
            tr!(self.lang, "local-help"),
            tr!(self.lang, "local-help-puzzle"),
            tr!(self.lang, "local-help-learn"),
        ]
        .join("\n")
    }

    /// Losses on time, reminders and expired challenges since the last command.
    async fn clock_news(&self) -> String {
        let tick = self.service.tick().await;
        let mut news = Vec::new();
        for game in &tick.timeouts {
            if let Some(result) = game.result_words(self.lang, |p| p.name.clone()) {
                news.push(tr!(
                    self.lang,
                    "local-news-result",
                    id = game.id,
                    result = result
                ));
            }
        }
        for (game, _) in &tick.reminders {
            if let Some((_, player)) = game.to_move() {
                news.push(tr!(
                    self.lang,
                    "local-news-reminder",
                    id = game.id,
                    name = &player.name
                ));
            }
        }
        for challenge in &tick.expired {
            news.push(tr!(self.lang, "local-news-expired", id = challenge.id));
        }
        // The bot's turns that wait (a restart, a reply that could not be saved) are played
        // now, as the bot's worker plays them: only the terminal's own bot's, as a Discord bot
        // on the same database plays its own.
        let waiting = self.service.ai_turns().await.unwrap_or_default();
        for id in waiting {
            let ours = self.service.game(id).await.ok().and_then(|g| g.ai);
            if ours.is_none_or(|(ai, _)| ai != machine_bot().id) {
                continue;
            }
            let replies = self.ai_replies_or_later(id).await;
            let shown = match self.service.game(id).await {
                Ok(game) => show(self.lang, &game, self.service.now()) + &self.picture(&game).await,
                Err(_) => String::new(),
            };
            news.push(format!("{replies}{shown}").trim_end().to_string());
        }
        news.join("\n")
    }

    /// The bot's replies in game `id`, or, when they could not be saved, that it will try
    /// again before the next command (the player's own move is saved whatever happens here).
    async fn ai_replies_or_later(&self, id: GameId) -> String {
        match self.ai_replies(id).await {
            Ok(replies) => replies,
            Err(error) => {
                let error = error.words(self.lang);
                tr!(self.lang, "local-ai-later", id = id, error = error) + "\n"
            }
        }
    }

    /// Makes game `id` the current one, here and for the next start of the terminal.
    async fn make_current(&mut self, id: GameId) {
        self.current_game = Some(id);
        let kept = self
            .service
            .set_setting(CURRENT_GAME, &id.to_string())
            .await;
        if let Err(error) = kept {
            tracing::warn!("the current game #{id} is not kept for the next start: {error}");
        }
    }

    /// The game that was current when the terminal last ran, if it is still being played:
    /// it is current again, and said so.
    async fn resume(&mut self) -> Option<String> {
        let id: GameId = self
            .service
            .setting(CURRENT_GAME)
            .await
            .ok()??
            .parse()
            .ok()?;
        let game = self.service.game(id).await.ok()?;
        if game.result.is_some() {
            return None;
        }
        self.current_game = Some(id);
        Some(tr!(self.lang, "local-resumed", id = id))
    }

    fn acting(&self) -> Player {
        self.actor.clone()
    }

    /// Game `id` when one is named, else the current game.
    async fn named_or_current(&self, id: Option<GameId>) -> Result<GameView, LocalError> {
        match id {
            Some(id) => Ok(self.service.game(id).await?),
            None => self.current().await,
        }
    }

    async fn current(&self) -> Result<GameView, LocalError> {
        let Some(id) = self.current_game else {
            // The games still going on here are listed, so one can be taken up at once.
            let open = self.service.active_games_off_discord().await?;
            return Err(LocalError::NoCurrentGame(open));
        };
        Ok(self.service.game(id).await?)
    }

    /// The AI's moves while it is to move in game `id` (it thinks here, in the foreground,
    /// saying so while it does).
    async fn ai_replies(&self, id: GameId) -> Result<String, LocalError> {
        let mut out = String::new();
        loop {
            let thinking = self.thinking(id).await;
            let Some(outcome) = self.service.play_ai_turn(id).await? else {
                break;
            };
            drop(thinking);
            if let MoveOutcome::Played(report) = outcome {
                out.push_str(&describe_move(self.lang, &report));
            }
        }
        Ok(out)
    }

    /// That the AI is thinking in game `id` and for how long at most, when it is to move there
    /// and thinks for a time (not `easy`'s few milliseconds): a spinner on a terminal (until
    /// it is dropped), else a line on standard output, a log's, before the wait.
    async fn thinking(&self, id: GameId) -> Option<Spinner> {
        let game = self.service.game(id).await.ok()?;
        let (ai, level) = game.ai?;
        let (_, to_move) = game.to_move().filter(|(_, player)| player.id == ai)?;
        let time = self.service.ai_think_time(level)?;
        let words = tr!(
            self.lang,
            "local-ai-thinking",
            name = &to_move.name,
            level = level.name(),
            seconds = time.as_millis().div_ceil(1000) as u64
        );
        if !std::io::stdout().is_terminal() {
            use std::io::Write as _;
            let mut out = std::io::stdout().lock();
            // A log that cannot be written loses this line only; the reply will say why.
            let _ = writeln!(out, "{words}").and_then(|()| out.flush());
        }
        Spinner::on_terminal(words)
    }

    /// A move in the current game.
    async fn play_move(
        &mut self,
        mv: Result<Move, BadMove>,
        mover: Option<Player>,
    ) -> Result<String, LocalError> {
        let game = self.current().await?;
        let player = match mover {
            Some(player) => player,
            // Hot seat: the move is made by whoever is to move.
            None => match game.to_move() {
                Some((_, p)) => p.clone(),
                None => return Err(ServiceError::GameOver(game.id).into()),
            },
        };
        // The bot plays its own moves: none is typed for it.
        if game.ai.is_some_and(|(ai, _)| ai == player.id) {
            return Err(LocalError::BotToMove { name: player.name });
        }
        let mv = match mv {
            Ok(mv) => mv,
            Err(bad) => return Err(self.service.unparsed(game.id, bad).await.into()),
        };
        let played = match self.service.play(game.id, player.id, mv, None).await {
            // Two tiles refused where no two tiles fit any more: the way on is said.
            Err(ServiceError::Illegal(illegal))
                if matches!(mv, Move::Place(..)) && !game.game.can_place_two() =>
            {
                return Err(LocalError::CannotPlaceTwo(illegal));
            }
            played => played?,
        };
        match played {
            MoveOutcome::Played(report) => {
                // Saved is saved: a reply that fails is tried again later, not reported as a
                // failure of this move.
                let replies = self.ai_replies_or_later(game.id).await;
                let shown = if replies.is_empty() {
                    report.game.clone()
                } else {
                    self.service.game(game.id).await?
                };
                let board = show(self.lang, &shown, self.service.now());
                let picture = self.picture(&shown).await;
                Ok(describe_move(self.lang, &report) + &replies + &board + &picture)
            }
            MoveOutcome::LostOnTime(game) => Err(LocalError::LostOnTime(Box::new(game))),
        }
    }
}

/// Reads commands from standard input until `quit`, the end of input (on a terminal, with a
/// line editor: Ctrl-D or Ctrl-C there too) or one of `signals`.
///
/// # Errors
/// When standard input or output fails.
pub async fn run(
    service: &Service,
    pictures: Option<PathBuf>,
    lang: Lang,
    mut signals: Signals,
) -> std::io::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    // Colours on a terminal that shows them; none when piped, with NO_COLOR or TERM=dumb;
    // CLICOLOR_FORCE forces them.
    let colour = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    let mut out = Out {
        stdout: tokio::io::stdout(),
        colour,
    };
    let player = default_player(service).await;
    let mut session = Session::new(service, player, pictures, lang);
    if interactive {
        let welcome = tr!(
            lang,
            "local-welcome",
            name = &session.actor.name,
            lessons = crate::service::LESSONS
        );
        write_out(&mut out, &format!("{welcome}\n")).await?;
    }
    // What fell due while nobody was here, and the bot's waiting turns, at once.
    let news = session.clock_news().await;
    if !news.is_empty() {
        write_out(&mut out, &format!("{news}\n")).await?;
    }
    if let Some(resumed) = session.resume().await {
        write_out(&mut out, &format!("{resumed}\n")).await?;
    }
    let mut input = Input::of_stdin(interactive);
    loop {
        // SIGTERM or SIGINT ends the session as the end of input does: between commands, so
        // the database is closed (by the caller) with nothing half done. A signal that came
        // while the database was opened, or during a command, ends it here too.
        let line = tokio::select! {
            line = input.next_line() => line?,
            () = signals.next() => None,
        };
        let Some(line) = line else {
            break;
        };
        match session.run_line(&line).await {
            None => break,
            Some(reply) if reply.is_empty() => {}
            Some(reply) => write_out(&mut out, &format!("{reply}\n")).await?,
        }
    }
    Ok(())
}

/// Standard output, and whether it shows colours.
struct Out {
    stdout: tokio::io::Stdout,
    colour: bool,
}

async fn write_out(out: &mut Out, text: &str) -> std::io::Result<()> {
    let plain;
    let text = if out.colour {
        text
    } else {
        plain = anstream::adapter::strip_str(text).to_string();
        &plain
    };
    out.stdout.write_all(text.as_bytes()).await?;
    out.stdout.flush().await
}
