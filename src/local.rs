//! `ponte local`: the bot's whole flow in a terminal, on the same service and database, for
//! anyone without Discord. One command per line; `help` lists them.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

use tokio::io::{AsyncBufReadExt, AsyncWrite, AsyncWriteExt, BufReader};

use crate::game::{Color, Move, Variant, diagram};
use crate::service::{
    AiTerms, ChallengeOptions, ChallengeView, GameId, GameView, LONGEST_MOVE_TIME, Level,
    MoveOutcome, MoveReport, Opener, Player, PlayerId, SHORTEST_MOVE_TIME, Service, ServiceError,
    Venue,
};

const HELP: &str = "\
commands (prefix any with `as NAME` to act as that player):
  play NAME NAME [size N] [unlimited]   start a game at once (the first name opens as White);
                                        a name may be the bot: ai:easy, ai:medium or ai:hard
  challenge NAME|open [size N] [unlimited] [time DAYS]
  accept [#ID]  decline [#ID]  cancel [#ID]
  place c3 d4   bridge c3-e4   swap   pass   resign   (or just type the move: c3 d4)
  board   games   game #ID   record   help   quit
moves are played by the player to move in the current game unless `as NAME` says otherwise";

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
}

impl<'a> Session<'a> {
    /// A session; with `pictures`, the board PNG of every game shown is written there as
    /// `game-<id>.png`.
    pub fn new(service: &'a Service, pictures: Option<PathBuf>) -> Session<'a> {
        Session {
            service,
            actor: None,
            current_game: None,
            pictures,
        }
    }

    /// Writes the game's picture and says where, when pictures are wanted.
    async fn picture(&self, game: &GameView) -> String {
        let Some(dir) = &self.pictures else {
            return String::new();
        };
        let path = dir.join(format!("game-{}.png", game.id));
        let view = game.clone();
        let png = match tokio::task::spawn_blocking(move || view.png()).await {
            Ok(png) => png,
            Err(e) => return format!("\n(no picture: {e})"),
        };
        let written = match tokio::fs::create_dir_all(dir).await {
            Ok(()) => tokio::fs::write(&path, png).await,
            Err(e) => Err(e),
        };
        match written {
            Ok(()) => format!("\npicture: {}", path.display()),
            Err(e) => format!("\n(could not write {}: {e})", path.display()),
        }
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
                return Some(format!("you are now {}", words_name(&self.actor)));
            }
        }
        // The correspondence clock runs before every command, as the bot's runs every minute.
        let clock = self.clock_news().await;
        let command = words[0].to_ascii_lowercase();
        let args = &words[1..];
        let result = match command.as_str() {
            "quit" | "exit" => return None,
            "help" => Ok(HELP.to_string()),
            "play" => self.play_new(args).await,
            "challenge" => self.challenge(args).await,
            "accept" | "decline" | "cancel" => self.answer(&command, args).await,
            "board" => self.board().await,
            "games" => self.games().await,
            "game" => self.switch(args).await,
            "record" => self.record().await,
            "place" | "bridge" => self.play_move(&args.join(" "), explicit_actor).await,
            _ => self.play_move(&words.join(" "), explicit_actor).await,
        };
        let reply = result.unwrap_or_else(|e| format!("error: {e}"));
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
            if let Some(result) = game.result_words(|p| p.name.clone()) {
                news.push(format!("game #{}: {result}", game.id));
            }
        }
        for (game, _) in &tick.reminders {
            if let Some((_, player)) = game.to_move() {
                news.push(format!(
                    "game #{}: {}, a quarter of your time is left",
                    game.id, player.name
                ));
            }
        }
        for challenge in &tick.expired {
            news.push(format!("challenge #{} expired", challenge.id));
        }
        news.join("\n")
    }

    fn acting(&self) -> Result<Player, String> {
        self.actor
            .clone()
            .ok_or_else(|| "say who you are first: `as NAME ...`".to_string())
    }

    async fn play_new(&mut self, args: &[&str]) -> Result<String, String> {
        let [first, second, rest @ ..] = args else {
            return Err("usage: play NAME NAME [size N] [unlimited]".into());
        };
        let options = parse_options(rest)?;
        match (ai_level(first)?, ai_level(second)?) {
            (Some(_), Some(_)) => return Err("the bot cannot play itself".into()),
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
            .map_err(text)?;
        let game = self
            .service
            .accept(challenge.id, &other)
            .await
            .map_err(text)?;
        self.actor = Some(opener);
        self.current_game = Some(game.id);
        Ok(started(&game) + &self.picture(&game).await)
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
            .map_err(text)?;
        self.actor = Some(human);
        self.current_game = Some(game.id);
        let mut out = started(&game);
        out.push_str(&self.ai_replies(game.id).await?);
        if out.ends_with('\n') {
            out.pop();
        }
        let shown = self.service.game(game.id).await.map_err(text)?;
        Ok(out + &self.picture(&shown).await)
    }

    /// The AI's moves while it is to move in game `id` (it thinks here, in the foreground).
    async fn ai_replies(&self, id: GameId) -> Result<String, String> {
        let mut out = String::new();
        while let Some(outcome) = self.service.play_ai_turn(id).await.map_err(text)? {
            if let MoveOutcome::Played(report) = outcome {
                out.push('\n');
                out.push_str(&describe_move(&report));
            }
        }
        Ok(out)
    }

    async fn challenge(&mut self, args: &[&str]) -> Result<String, String> {
        let challenger = self.acting()?;
        let [target, rest @ ..] = args else {
            return Err("usage: challenge NAME|open [size N] [unlimited] [time DAYS]".into());
        };
        let options = parse_options(rest)?;
        let opponent =
            (!target.eq_ignore_ascii_case("open")).then(|| Player::new(local_id(target), *target));
        let challenge = self
            .service
            .challenge(&challenger, opponent.as_ref(), options, Venue::default())
            .await
            .map_err(text)?;
        Ok(describe_challenge(&challenge))
    }

    async fn answer(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        let player = self.acting()?;
        let id = match args.first() {
            Some(id) => parse_id(id)?,
            None => {
                // The newest open challenge this player can answer.
                let open = self
                    .service
                    .open_challenges(player.id)
                    .await
                    .map_err(text)?;
                let answerable = open.iter().rev().find(|c| match command {
                    "cancel" => c.challenger.id == player.id,
                    _ => c.challenger.id != player.id,
                });
                match answerable {
                    Some(c) => c.id,
                    None => return Err(format!("{} has no challenge to {command}", player.name)),
                }
            }
        };
        match command {
            "accept" => {
                let game = self.service.accept(id, &player).await.map_err(text)?;
                self.current_game = Some(game.id);
                Ok(started(&game) + &self.picture(&game).await)
            }
            "decline" => {
                let c = self.service.decline(id, &player).await.map_err(text)?;
                Ok(format!("challenge #{} declined", c.id))
            }
            _ => {
                let c = self.service.cancel(id, &player).await.map_err(text)?;
                Ok(format!("challenge #{} cancelled", c.id))
            }
        }
    }

    async fn current(&self) -> Result<GameView, String> {
        let id = self
            .current_game
            .ok_or("no current game: `play NAME NAME`, `accept` or `game #ID`")?;
        self.service.game(id).await.map_err(text)
    }

    async fn board(&self) -> Result<String, String> {
        let game = self.current().await?;
        Ok(show(&game) + &self.picture(&game).await)
    }

    async fn games(&self) -> Result<String, String> {
        let player = self.acting()?;
        let games = self.service.active_games(player.id).await.map_err(text)?;
        if games.is_empty() {
            return Ok(format!("{} has no active games", player.name));
        }
        let mut out = String::new();
        for game in games {
            let turn = match game.to_move() {
                Some((_, p)) if p.id == player.id => "your turn".to_string(),
                Some((_, p)) => format!("{} to move", p.name),
                None => "over".to_string(),
            };
            let _ = writeln!(
                out,
                "#{}: {} (white) vs {} (red), move {}, {turn}",
                game.id,
                game.white.name,
                game.red.name,
                game.game.plies() + 1
            );
        }
        Ok(out.trim_end().to_string())
    }

    async fn switch(&mut self, args: &[&str]) -> Result<String, String> {
        let id = parse_id(args.first().ok_or("usage: game #ID")?)?;
        let game = self.service.game(id).await.map_err(text)?;
        self.current_game = Some(id);
        Ok(show(&game) + &self.picture(&game).await)
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
                None => return Err(format!("game #{} is over", game.id)),
            },
        };
        if text_move.is_empty() {
            return Err("usage: place c3 d4 / bridge c3-e4".into());
        }
        match self
            .service
            .play(game.id, player.id, text_move, None)
            .await
            .map_err(text)?
        {
            MoveOutcome::Played(report) => {
                let replies = self.ai_replies(game.id).await?;
                let shown = if replies.is_empty() {
                    report.game.clone()
                } else {
                    self.service.game(game.id).await.map_err(text)?
                };
                Ok(describe_move(&report) + &replies + &self.picture(&shown).await)
            }
            MoveOutcome::LostOnTime(game) => Err(format!(
                "{}\n{}",
                ServiceError::TimeRanOut(game.id),
                show(&game)
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
    player.as_ref().map_or("nobody", |p| p.name.as_str())
}

fn text(error: ServiceError) -> String {
    error.to_string()
}

fn parse_id(word: &str) -> Result<i64, String> {
    word.trim_start_matches('#')
        .parse()
        .map_err(|_| format!("\"{word}\" is not an id like #3"))
}

fn parse_options(words: &[&str]) -> Result<ChallengeOptions, String> {
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
                    .ok_or("size needs a number from 6 to 16")?;
            }
            "unlimited" => unlimited = true,
            "time" => {
                let out_of_range = || {
                    format!(
                        "time is the days per move, from a minute (0.0007) to {}",
                        LONGEST_MOVE_TIME.as_secs() / 86_400
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
            other => return Err(format!("unknown option \"{other}\"")),
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

fn describe_challenge(c: &ChallengeView) -> String {
    let variant = c.options.variant;
    let whom = c.opponent.as_ref().map_or("anyone", |o| o.name.as_str());
    format!(
        "challenge #{}: {} challenges {whom} to {}×{} ({}); answer with `as NAME accept`",
        c.id,
        c.challenger.name,
        variant.size(),
        variant.size(),
        variant.supply_words()
    )
}

fn started(game: &GameView) -> String {
    let variant = game.game.variant();
    format!(
        "game #{} started: {} opens with White's first two tiles, then {} keeps Red or swaps ({}×{}, {})\n{}",
        game.id,
        game.white.name,
        game.red.name,
        variant.size(),
        variant.size(),
        variant.supply_words(),
        show(game)
    )
}

fn describe_move(report: &MoveReport) -> String {
    let mut out = String::new();
    for played in &report.played {
        let what = match played.mv {
            Move::Swap => "swaps: takes White".to_string(),
            Move::Pass if played.forced => "cannot place two tiles or bridge: passes".to_string(),
            Move::Pass => "passes".to_string(),
            Move::Resign(_) => "resigns".to_string(),
            mv => format!("plays {mv}"),
        };
        let _ = writeln!(out, "{} ({}) {what}", played.player.name, played.color);
    }
    let game = &report.game;
    let _ = writeln!(
        out,
        "saved: move {} of game #{}",
        game.game.plies(),
        game.id
    );
    out.push_str(&show(game));
    out
}

/// The board and the state of play.
fn show(game: &GameView) -> String {
    let mut out = diagram(&game.game);
    let _ = write!(
        out,
        "game #{}: {} is White, {} is Red",
        game.id, game.white.name, game.red.name
    );
    match (&game.result, game.to_move()) {
        (Some(_), _) => {
            let result = game.result_words(|p| p.name.clone()).unwrap_or_default();
            let _ = write!(out, "\ngame over: {result}");
        }
        (None, Some((color, player))) => {
            let choice = if game.awaiting_pie_choice() {
                " (swap to take White, or place two red tiles)"
            } else {
                ""
            };
            let _ = write!(
                out,
                "\n{} ({}) to move{choice}",
                player.name,
                match color {
                    Color::White => "white",
                    Color::Red => "red",
                }
            );
        }
        (None, None) => {}
    }
    out
}

/// Reads commands from standard input until `quit` or the end of input.
///
/// # Errors
/// When standard input or output fails.
pub async fn run(service: &Service, pictures: Option<PathBuf>) -> std::io::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut out = tokio::io::stdout();
    let mut session = Session::new(service, pictures);
    if interactive {
        write_out(&mut out, "ponte local: type `help` for the commands\n").await?;
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
