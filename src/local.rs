//! `ponte local`: the bot's whole flow in a terminal, on the same service and database, for
//! anyone without Discord. One command per line; `help` lists them.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use crate::game::{Color, Move, Variant};
use crate::i18n::{Lang, diagram, variant_words, with_color};
use crate::service::{
    AiTerms, AnalysisView, Asker, ChallengeOptions, ChallengeView, GameId, GameView,
    LONGEST_MOVE_TIME, Level, MoveOutcome, MoveReport, Opener, Player, PlayerId,
    SHORTEST_MOVE_TIME, Service, ServiceError, Venue,
};
use crate::tr;

/// A stable id for a local player's name: negative, so it never meets a Discord id.
pub fn local_id(name: &str) -> PlayerId {
    // FNV-1a over the lower-cased name.
    let hash = name
        .to_lowercase()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    -((hash >> 1) as i64).max(1)
}

/// The terminal session: who is acting, which game is current, where pictures go.
pub struct Session<'a> {
    service: &'a Service,
    actor: Option<Player>,
    current_game: Option<GameId>,
    pictures: Option<PathBuf>,
    lang: Lang,
}

impl<'a> Session<'a> {
    /// A session; with `pictures`, the board PNG of every game shown is written there as
    /// `game-<id>.png`.
    pub fn new(service: &'a Service, pictures: Option<PathBuf>, lang: Lang) -> Session<'a> {
        Session {
            service,
            actor: None,
            current_game: None,
            pictures,
            lang,
        }
    }

    /// Writes the game's picture and says where, when pictures are wanted.
    async fn picture(&self, game: &GameView) -> String {
        if self.pictures.is_none() {
            return String::new();
        }
        let view = game.clone();
        let lang = self.lang;
        match tokio::task::spawn_blocking(move || view.png(lang)).await {
            Ok(png) => format!(
                "\n{}",
                self.save(format!("game-{}.png", game.id), png).await
            ),
            Err(e) => format!("\n{}", tr!(lang, "local-no-picture", error = e.to_string())),
        }
    }

    /// Writes `bytes` as the file `name` in the pictures directory and says where (or why
    /// not). Only called when there is a directory.
    async fn save(&self, name: String, bytes: Vec<u8>) -> String {
        let lang = self.lang;
        let Some(dir) = &self.pictures else {
            return String::new();
        };
        let path = dir.join(name);
        let written = match tokio::fs::create_dir_all(dir).await {
            Ok(()) => tokio::fs::write(&path, bytes).await,
            Err(e) => Err(e),
        };
        match written {
            Ok(()) => tr!(lang, "local-picture", path = path.display().to_string()),
            Err(e) => tr!(
                lang,
                "local-picture-failed",
                path = path.display().to_string(),
                error = e.to_string()
            ),
        }
    }

    /// The current game's replay, written as `game-<id>.gif`.
    async fn replay(&self) -> Result<String, String> {
        let lang = self.lang;
        if self.pictures.is_none() {
            return Err(tr!(lang, "local-no-pictures"));
        }
        let game = self.current().await?;
        let id = game.id;
        let gif = self
            .service
            .replay_gif(&game, lang)
            .await
            .map_err(|e| e.words(lang))?;
        Ok(self.save(format!("game-{id}.gif"), gif).await)
    }

    /// The current game's analysis (computed here if it was not before): the moves that
    /// changed it most, and its chart written as `game-<id>-analysis.png`.
    async fn analyse(&self) -> Result<String, String> {
        let lang = self.lang;
        let game = self.current().await?;
        let asker = Asker {
            player: game.white.id,
            guild: game.venue.guild_id,
        };
        let analysis = self
            .service
            .analysis_now(game.id, asker)
            .await
            .map_err(|e| e.words(lang))?;
        let mut out = analysis.summary(lang);
        if self.pictures.is_some() {
            let title = AnalysisView::title(lang, &game);
            let chart = tokio::task::spawn_blocking(move || analysis.chart(lang, &title))
                .await
                .map_err(|e| e.to_string())?;
            let saved = self.save(format!("game-{}-analysis.png", game.id), chart);
            out = format!("{out}\n{}", saved.await);
        }
        Ok(out)
    }

    /// Runs one input line and returns what to print, or `None` to quit.
    pub async fn run_line(&mut self, line: &str) -> Option<String> {
        let line = line.trim();
        // A line starting with `#` is a comment (`#` inside a line marks ids: `game #3`).
        if line.is_empty() || line.starts_with('#') {
            return Some(String::new());
        }
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let mut explicit_actor = None;
        if words.len() >= 2 && words[0].eq_ignore_ascii_case("as") {
            let player = Player::new(local_id(words[1]), words[1]);
            self.actor = Some(player.clone());
            explicit_actor = Some(player);
            words.drain(..2);
            if words.is_empty() {
                return Some(tr!(
                    self.lang,
                    "local-you-are",
                    name = words_name(&self.actor)
                ));
            }
        }
        // The correspondence clock runs before every command, as the bot's runs every minute.
        let clock = self.clock_news().await;
        let command = words[0].to_ascii_lowercase();
        let args = &words[1..];
        let result = match command.as_str() {
            "quit" | "exit" => return None,
            "help" => Ok(tr!(self.lang, "local-help")),
            "play" => self.play_new(args).await,
            "challenge" => self.challenge(args).await,
            "accept" | "decline" | "cancel" => self.answer(&command, args).await,
            "board" => self.board().await,
            "games" => self.games().await,
            "game" => self.switch(args).await,
            "record" => self.record().await,
            "replay" => self.replay().await,
            "analyse" | "analyze" => self.analyse().await,
            "place" | "bridge" => self.play_move(&args.join(" "), explicit_actor).await,
            _ => self.play_move(&words.join(" "), explicit_actor).await,
        };
        let reply = result.unwrap_or_else(|e| tr!(self.lang, "local-error", error = e));
        Some(if clock.is_empty() {
            reply
        } else {
            format!("{clock}\n{reply}")
        })
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
        news.join("\n")
    }

    fn acting(&self) -> Result<Player, String> {
        self.actor
            .clone()
            .ok_or_else(|| tr!(self.lang, "local-say-who"))
    }

    async fn play_new(&mut self, args: &[&str]) -> Result<String, String> {
        let [first, second, rest @ ..] = args else {
            return Err(tr!(self.lang, "local-usage-play"));
        };
        let options = parse_options(self.lang, rest)?;
        match (ai_level(first)?, ai_level(second)?) {
            (Some(_), Some(_)) => return Err(tr!(self.lang, "local-bot-itself")),
            (Some(level), None) => {
                return self.play_the_bot(second, level, options, Opener::Ai).await;
            }
            (None, Some(level)) => {
                return self
                    .play_the_bot(first, level, options, Opener::Human)
                    .await;
            }
            (None, None) => {}
        }
        let opener = Player::new(local_id(first), *first);
        let other = Player::new(local_id(second), *second);
        let challenge = self
            .service
            .challenge(&opener, Some(&other), options, Venue::default())
            .await
            .map_err(|e| e.words(self.lang))?;
        let game = self
            .service
            .accept(challenge.id, &other)
            .await
            .map_err(|e| e.words(self.lang))?;
        self.actor = Some(opener);
        self.current_game = Some(game.id);
        Ok(started(self.lang, &game) + &self.picture(&game).await)
    }

    async fn play_the_bot(
        &mut self,
        name: &str,
        level: Level,
        options: ChallengeOptions,
        opener: Opener,
    ) -> Result<String, String> {
        let human = Player::new(local_id(name), name);
        let terms = AiTerms {
            level,
            options: ChallengeOptions {
                rated: false,
                ..options
            },
            venue: Venue::default(),
            opener,
        };
        let game = self
            .service
            .start_ai_game(&human, &bot(), terms, None)
            .await
            .map_err(|e| e.words(self.lang))?;
        self.actor = Some(human);
        self.current_game = Some(game.id);
        let mut out = started(self.lang, &game);
        out.push_str(&self.ai_replies(game.id).await?);
        if out.ends_with('\n') {
            out.pop();
        }
        let shown = self
            .service
            .game(game.id)
            .await
            .map_err(|e| e.words(self.lang))?;
        Ok(out + &self.picture(&shown).await)
    }

    /// The AI's moves while it is to move in game `id` (it thinks here, in the foreground).
    async fn ai_replies(&self, id: GameId) -> Result<String, String> {
        let mut out = String::new();
        while let Some(outcome) = self
            .service
            .play_ai_turn(id)
            .await
            .map_err(|e| e.words(self.lang))?
        {
            if let MoveOutcome::Played(report) = outcome {
                out.push('\n');
                out.push_str(&describe_move(self.lang, &report));
            }
        }
        Ok(out)
    }

    async fn challenge(&mut self, args: &[&str]) -> Result<String, String> {
        let challenger = self.acting()?;
        let [target, rest @ ..] = args else {
            return Err(tr!(self.lang, "local-usage-challenge"));
        };
        let options = parse_options(self.lang, rest)?;
        let opponent =
            (!target.eq_ignore_ascii_case("open")).then(|| Player::new(local_id(target), *target));
        let challenge = self
            .service
            .challenge(&challenger, opponent.as_ref(), options, Venue::default())
            .await
            .map_err(|e| e.words(self.lang))?;
        Ok(describe_challenge(self.lang, &challenge))
    }

    async fn answer(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        let player = self.acting()?;
        let id = match args.first() {
            Some(id) => parse_id(self.lang, id)?,
            None => {
                // The newest open challenge this player can answer.
                let open = self
                    .service
                    .open_challenges(player.id)
                    .await
                    .map_err(|e| e.words(self.lang))?;
                let answerable = open.iter().rev().find(|c| match command {
                    "cancel" => c.challenger.id == player.id,
                    _ => c.challenger.id != player.id,
                });
                match answerable {
                    Some(c) => c.id,
                    None => {
                        return Err(tr!(
                            self.lang,
                            "local-nothing-to-answer",
                            name = &player.name,
                            command = command
                        ));
                    }
                }
            }
        };
        match command {
            "accept" => {
                let game = self
                    .service
                    .accept(id, &player)
                    .await
                    .map_err(|e| e.words(self.lang))?;
                self.current_game = Some(game.id);
                Ok(started(self.lang, &game) + &self.picture(&game).await)
            }
            "decline" => {
                let c = self
                    .service
                    .decline(id, &player)
                    .await
                    .map_err(|e| e.words(self.lang))?;
                Ok(tr!(self.lang, "local-declined", id = c.id))
            }
            _ => {
                let c = self
                    .service
                    .cancel(id, &player)
                    .await
                    .map_err(|e| e.words(self.lang))?;
                Ok(tr!(self.lang, "local-cancelled", id = c.id))
            }
        }
    }

    async fn current(&self) -> Result<GameView, String> {
        let id = self
            .current_game
            .ok_or_else(|| tr!(self.lang, "local-no-current"))?;
        self.service.game(id).await.map_err(|e| e.words(self.lang))
    }

    async fn board(&self) -> Result<String, String> {
        let game = self.current().await?;
        Ok(show(self.lang, &game) + &self.picture(&game).await)
    }

    async fn games(&self) -> Result<String, String> {
        let player = self.acting()?;
        let lang = self.lang;
        let games = self
            .service
            .active_games(player.id)
            .await
            .map_err(|e| e.words(lang))?;
        if games.is_empty() {
            return Ok(tr!(lang, "local-no-games", name = &player.name));
        }
        let mut out = String::new();
        for game in games {
            let turn = match game.to_move() {
                Some((_, p)) if p.id == player.id => tr!(lang, "local-your-turn"),
                Some((_, p)) => tr!(lang, "local-to-move", who = &p.name),
                None => tr!(lang, "games-over"),
            };
            let line = tr!(
                lang,
                "local-games-line",
                id = game.id,
                white = with_color(lang, &game.white.name, Color::White),
                red = with_color(lang, &game.red.name, Color::Red),
                number = game.game.plies() + 1,
                turn = turn
            );
            let _ = writeln!(out, "{line}");
        }
        Ok(out.trim_end().to_string())
    }

    async fn switch(&mut self, args: &[&str]) -> Result<String, String> {
        let first = args
            .first()
            .ok_or_else(|| tr!(self.lang, "local-usage-game"))?;
        let id = parse_id(self.lang, first)?;
        let game = self
            .service
            .game(id)
            .await
            .map_err(|e| e.words(self.lang))?;
        self.current_game = Some(id);
        Ok(show(self.lang, &game) + &self.picture(&game).await)
    }

    async fn record(&self) -> Result<String, String> {
        let game = self.current().await?;
        Ok(game.record().to_string().trim_end().to_string())
    }

    async fn play_move(
        &mut self,
        text_move: &str,
        actor: Option<Player>,
    ) -> Result<String, String> {
        let game = self.current().await?;
        let player = match actor {
            Some(player) => player,
            // Hot seat: the move is made by whoever is to move.
            None => match game.to_move() {
                Some((_, p)) => p.clone(),
                None => return Err(tr!(self.lang, "error-game-over", id = game.id)),
            },
        };
        if text_move.is_empty() {
            return Err(tr!(self.lang, "local-usage-move"));
        }
        let mv = match text_move.parse::<Move>() {
            Ok(mv) => mv,
            Err(bad) => return Err(self.service.unparsed(game.id, bad).await.words(self.lang)),
        };
        match self
            .service
            .play(game.id, player.id, mv, None)
            .await
            .map_err(|e| e.words(self.lang))?
        {
            MoveOutcome::Played(report) => {
                let replies = self.ai_replies(game.id).await?;
                let shown = if replies.is_empty() {
                    report.game.clone()
                } else {
                    self.service
                        .game(game.id)
                        .await
                        .map_err(|e| e.words(self.lang))?
                };
                Ok(describe_move(self.lang, &report) + &replies + &self.picture(&shown).await)
            }
            MoveOutcome::LostOnTime(game) => Err(format!(
                "{}\n{}",
                ServiceError::TimeRanOut(game.id).words(self.lang),
                show(self.lang, &game)
            )),
        }
    }
}

/// The bot's own player in the terminal.
fn bot() -> Player {
    Player::new(local_id("ponte"), "ponte")
}

/// The level when `name` is the bot (`ai:hard`).
fn ai_level(name: &str) -> Result<Option<Level>, String> {
    match name.to_ascii_lowercase().strip_prefix("ai:") {
        Some(level) => level.parse().map(Some),
        None => Ok(None),
    }
}

fn words_name(player: &Option<Player>) -> &str {
    player.as_ref().map_or("-", |p| p.name.as_str())
}

fn parse_id(lang: Lang, word: &str) -> Result<i64, String> {
    word.trim_start_matches('#')
        .parse()
        .map_err(|_| tr!(lang, "local-not-an-id", word = word))
}

fn parse_options(lang: Lang, words: &[&str]) -> Result<ChallengeOptions, String> {
    let mut size = 12u8;
    let mut unlimited = false;
    let mut move_time = None;
    let mut words = words.iter();
    while let Some(word) = words.next() {
        match word.to_ascii_lowercase().as_str() {
            "size" => {
                size = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| tr!(lang, "local-size-needs-number"))?;
            }
            "unlimited" => unlimited = true,
            "time" => {
                let out_of_range = || {
                    tr!(
                        lang,
                        "local-time-range",
                        days = LONGEST_MOVE_TIME.as_secs() / 86_400
                    )
                };
                let days: f64 = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(out_of_range)?;
                let time = std::time::Duration::try_from_secs_f64(days * 86_400.0)
                    .ok()
                    .filter(|t| (SHORTEST_MOVE_TIME..=LONGEST_MOVE_TIME).contains(t))
                    .ok_or_else(out_of_range)?;
                move_time = Some(time);
            }
            other => return Err(tr!(lang, "local-unknown-option", option = other)),
        }
    }
    let variant = if unlimited {
        Variant::unlimited(size)
    } else {
        Variant::boxed(size)
    }
    .map_err(|e| e.to_string())?;
    Ok(ChallengeOptions {
        variant,
        move_time,
        rated: true,
    })
}

fn describe_challenge(lang: Lang, c: &ChallengeView) -> String {
    let whom = c
        .opponent
        .as_ref()
        .map_or_else(|| tr!(lang, "challenge-anyone"), |o| o.name.clone());
    tr!(
        lang,
        "local-challenge",
        id = c.id,
        challenger = &c.challenger.name,
        whom = whom,
        variant = variant_words(lang, c.options.variant)
    )
}

fn started(lang: Lang, game: &GameView) -> String {
    let line = tr!(
        lang,
        "local-started",
        id = game.id,
        white = &game.white.name,
        red = &game.red.name,
        variant = variant_words(lang, game.game.variant())
    );
    format!("{line}\n{}", show(lang, game))
}

fn describe_move(lang: Lang, report: &MoveReport) -> String {
    let mut out = String::new();
    for played in &report.played {
        let who = with_color(lang, &played.player.name, played.color);
        let line = match played.mv {
            Move::Swap => tr!(lang, "local-played-swap", who = who),
            Move::Pass if played.forced => tr!(lang, "local-played-forced-pass", who = who),
            Move::Pass => tr!(lang, "local-played-pass", who = who),
            Move::Resign(_) => tr!(lang, "local-played-resign", who = who),
            mv => tr!(lang, "local-played", who = who, move = mv.to_string()),
        };
        let _ = writeln!(out, "{line}");
    }
    let game = &report.game;
    let saved = tr!(lang, "local-saved", ply = game.game.plies(), id = game.id);
    let _ = writeln!(out, "{saved}");
    out.push_str(&show(lang, game));
    out
}

/// The board and the state of play.
fn show(lang: Lang, game: &GameView) -> String {
    let mut out = diagram(lang, &game.game);
    out.push_str(&tr!(
        lang,
        "local-players",
        id = game.id,
        white = &game.white.name,
        red = &game.red.name
    ));
    match (&game.result, game.to_move()) {
        (Some(_), _) => {
            let result = game
                .result_words(lang, |p| p.name.clone())
                .unwrap_or_default();
            let _ = write!(out, "\n{}", tr!(lang, "local-game-over", result = result));
        }
        (None, Some((color, player))) => {
            let who = with_color(lang, &player.name, color);
            let line = if game.awaiting_pie_choice() {
                tr!(lang, "local-to-move-pie", who = who)
            } else {
                tr!(lang, "local-to-move", who = who)
            };
            let _ = write!(out, "\n{line}");
        }
        (None, None) => {}
    }
    out
}

/// Reads commands from standard input until `quit` or the end of input.
///
/// # Errors
/// When standard input or output fails.
pub async fn run(service: &Service, pictures: Option<PathBuf>, lang: Lang) -> std::io::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut out = tokio::io::stdout();
    let mut session = Session::new(service, pictures, lang);
    if interactive {
        let welcome = tr!(lang, "local-welcome");
        write_out(&mut out, &format!("{welcome}\n")).await?;
    }
    loop {
        if interactive {
            write_out(&mut out, "> ").await?;
        }
        let Some(line) = lines.next_line().await? else {
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

async fn write_out(out: &mut (impl AsyncWrite + Unpin), text: &str) -> std::io::Result<()> {
    out.write_all(text.as_bytes()).await?;
    out.flush().await
}
