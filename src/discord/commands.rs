//! The slash commands. Each one turns its options into a service call and the result into a
//! reply; errors go to the one `on_error`, which answers ephemerally.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::buttons::{announce_end, deliver_board, game_channel};
use super::messages::{board_text, challenge_buttons, challenge_text, game_buttons, move_text};
use super::{Context, Error, UserError, player_of};
use crate::game::{Bitboard, Color, Variant};
use crate::service::{ChallengeOptions, GameView, ServiceError, Venue};

pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        challenge(),
        place(),
        bridge(),
        pass(),
        resign(),
        board(),
        games(),
        abort(),
        notify(),
        leaderboard(),
        stats(),
        export(),
        rules(),
        help(),
    ]
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum BoardSize {
    #[name = "12×12 (default)"]
    Twelve,
    #[name = "10×10 (the original board)"]
    Ten,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SupplyChoice {
    #[name = "the box (default)"]
    Box,
    #[name = "unlimited"]
    Unlimited,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum MoveTime {
    #[name = "no limit"]
    None,
    #[name = "1 hour"]
    OneHour,
    #[name = "1 day"]
    OneDay,
    #[name = "3 days (default)"]
    ThreeDays,
    #[name = "7 days"]
    SevenDays,
}

impl MoveTime {
    fn duration(self) -> Option<Duration> {
        let hours = match self {
            MoveTime::None => return None,
            MoveTime::OneHour => 1,
            MoveTime::OneDay => 24,
            MoveTime::ThreeDays => 72,
            MoveTime::SevenDays => 168,
        };
        Some(Duration::from_secs(hours * 3600))
    }
}

/// Challenge a player, or anyone, to a game of Ponte del Diavolo
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play (leave empty for an open challenge)"] opponent: Option<
        serenity::User,
    >,
    #[description = "Board size"] size: Option<BoardSize>,
    #[description = "Tiles and bridges: the box, or unlimited"] supply: Option<SupplyChoice>,
    #[description = "Time per move"] time: Option<MoveTime>,
    #[description = "Whether the game counts for the server's ratings (default: yes)"]
    rated: Option<bool>,
) -> Result<(), Error> {
    if opponent.as_ref().is_some_and(|o| o.bot) {
        return Err(UserError("bots cannot play; challenge a person".into()).into());
    }
    let size = match size.unwrap_or(BoardSize::Twelve) {
        BoardSize::Twelve => 12,
        BoardSize::Ten => 10,
    };
    let variant = match supply.unwrap_or(SupplyChoice::Box) {
        SupplyChoice::Box => Variant::boxed(size)?,
        SupplyChoice::Unlimited => Variant::unlimited(size)?,
    };
    let options = ChallengeOptions {
        variant,
        move_time: time.unwrap_or(MoveTime::ThreeDays).duration(),
        rated: rated.unwrap_or(true),
    };
    let venue = Venue {
        guild_id: ctx.guild_id().map(|g| g.get() as i64),
        channel_id: Some(ctx.channel_id().get() as i64),
    };
    let service = &ctx.data().service;
    let challenger = player_of(ctx.author());
    let opponent = opponent.as_ref().map(player_of);
    let made = service
        .challenge(&challenger, opponent.as_ref(), options, venue)
        .await?;
    let reply = poise::CreateReply::default()
        .content(challenge_text(&made))
        .components(challenge_buttons(&made));
    let sent = ctx.send(reply).await?;
    let message = sent.message().await?;
    service
        .set_challenge_message(made.id, message.id.get() as i64)
        .await?;
    Ok(())
}

/// The value typed so far for another option of the command being autocompleted.
fn option_value(ctx: Context<'_>, name: &str) -> Option<String> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    app.interaction
        .data
        .options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match &o.value {
            serenity::CommandDataOptionValue::String(s) => Some(s.clone()),
            serenity::CommandDataOptionValue::Integer(i) => Some(i.to_string()),
            serenity::CommandDataOptionValue::Autocomplete { value, .. } => Some(value.clone()),
            _ => None,
        })
}

/// The game a command is about: the one named, or the game of this thread, or the player's
/// only game in this channel.
async fn the_game(ctx: Context<'_>, game: Option<i64>) -> Result<GameView, Error> {
    let service = &ctx.data().service;
    Ok(match game {
        Some(id) => service.game(id).await?,
        None => {
            service
                .game_here(ctx.channel_id().get() as i64, ctx.author().id.get() as i64)
                .await?
        }
    })
}

/// The game being autocompleted, if it can be told.
async fn autocomplete_game(ctx: Context<'_>) -> Option<GameView> {
    let named = option_value(ctx, "game").and_then(|g| g.trim_start_matches('#').parse().ok());
    the_game(ctx, named).await.ok()
}

fn cell_choices(cells: Bitboard, partial: &str) -> serenity::CreateAutocompleteResponse {
    let typed = partial.trim().to_lowercase();
    let choices = cells
        .iter()
        .map(|c| c.to_string())
        .filter(|name| name.starts_with(&typed))
        .take(25)
        .map(|name| serenity::AutocompleteChoice::new(name.clone(), name))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Whether the author is the player to move in `game`.
fn authors_turn(ctx: Context<'_>, game: &GameView) -> bool {
    game.to_move()
        .is_some_and(|(_, p)| p.id == ctx.author().id.get() as i64)
}

async fn ac_first_cell(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    match autocomplete_game(ctx).await {
        Some(game) if authors_turn(ctx, &game) => {
            cell_choices(game.game.legal_first_cells(), partial)
        }
        _ => serenity::CreateAutocompleteResponse::new(),
    }
}

async fn ac_second_cell(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let first = option_value(ctx, "first").and_then(|f| f.trim().parse().ok());
    match (autocomplete_game(ctx).await, first) {
        (Some(game), Some(first)) if authors_turn(ctx, &game) => {
            cell_choices(game.game.legal_second_cells(first), partial)
        }
        _ => serenity::CreateAutocompleteResponse::new(),
    }
}

async fn ac_bridge_from(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    match autocomplete_game(ctx).await {
        Some(game) if authors_turn(ctx, &game) => {
            let ends: Bitboard = game
                .game
                .legal_bridges()
                .iter()
                .flat_map(|b| b.ends())
                .collect();
            cell_choices(ends, partial)
        }
        _ => serenity::CreateAutocompleteResponse::new(),
    }
}

async fn ac_bridge_to(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let from = option_value(ctx, "from").and_then(|f| f.trim().parse().ok());
    match (autocomplete_game(ctx).await, from) {
        (Some(game), Some(from)) if authors_turn(ctx, &game) => {
            cell_choices(game.game.legal_bridge_ends(from), partial)
        }
        _ => serenity::CreateAutocompleteResponse::new(),
    }
}

async fn ac_game(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let me = ctx.author().id.get() as i64;
    let games = ctx
        .data()
        .service
        .active_games(me)
        .await
        .unwrap_or_default();
    let typed = partial.trim().trim_start_matches('#');
    let choices = games
        .iter()
        .filter(|g| g.id.to_string().starts_with(typed))
        .take(25)
        .map(|g| {
            let opponent = if g.white.id == me { &g.red } else { &g.white };
            let turn = match g.to_move() {
                Some((_, p)) if p.id == me => "your turn",
                _ => "their turn",
            };
            serenity::AutocompleteChoice::new(
                format!("#{} vs {} ({turn})", g.id, opponent.name),
                g.id,
            )
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Plays `text` in the game and shows the result: here if this is the game's channel, else in
/// the game's thread with a short note here.
async fn play(ctx: Context<'_>, game: Option<i64>, text: &str) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    let player = player_of(ctx.author());
    let service = &ctx.data().service;
    let report = match service.play(game.id, player.id, text, None).await {
        Err(ServiceError::TimeRanOut(id)) => {
            announce_end(ctx.serenity_context(), service, id).await;
            return Err(ServiceError::TimeRanOut(id).into());
        }
        other => other?,
    };
    let content = move_text(&report);
    let view = report.game;
    let here = game_channel(&view) == Some(ctx.channel_id());
    if !here {
        // Posting elsewhere may take a while: answer within Discord's 3 seconds first.
        ctx.defer_ephemeral().await?;
    }
    if here {
        let png = png_of(&view).await?;
        let reply = poise::CreateReply::default()
            .content(super::messages::fit_message(&content))
            .attachment(serenity::CreateAttachment::bytes(png, "board.png"))
            .components(game_buttons(&view));
        ctx.send(reply).await?;
    } else {
        let note = match deliver_board(ctx.serenity_context(), &ctx.data().service, &view, &content)
            .await
        {
            Ok(channel) => format!("Played in game #{}: the board is in <#{channel}>.", view.id),
            Err(e) => {
                tracing::warn!("could not post the board of game #{}: {e}", view.id);
                format!(
                    "Played in game #{}, but I could not post the board there.",
                    view.id
                )
            }
        };
        ctx.send(poise::CreateReply::default().content(note).ephemeral(true))
            .await?;
    }
    Ok(())
}

/// The board picture, drawn off the async threads.
pub(super) async fn png_of(game: &GameView) -> Result<Vec<u8>, Error> {
    let game = game.clone();
    Ok(tokio::task::spawn_blocking(move || game.png()).await?)
}

/// Place two tiles, e.g. c3 d4
#[poise::command(slash_command, guild_only)]
pub async fn place(
    ctx: Context<'_>,
    #[description = "First cell, e.g. c3 (or both cells: c3 d4)"]
    #[autocomplete = "ac_first_cell"]
    first: String,
    #[description = "Second cell, e.g. d4"]
    #[autocomplete = "ac_second_cell"]
    second: Option<String>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "ac_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let text = match second {
        Some(second) => format!("{} {}", first.trim(), second.trim()),
        None => first.trim().to_string(),
    };
    if text.split_whitespace().count() != 2 || text.contains('-') {
        return Err(UserError(format!(
            "name two cells to place, like `c3 d4` (got \"{text}\"); bridges go with /bridge"
        ))
        .into());
    }
    play(ctx, game, &text).await
}

/// Build a bridge between two of your tiles, e.g. c3 e4
#[poise::command(slash_command, guild_only)]
pub async fn bridge(
    ctx: Context<'_>,
    #[description = "One end: a tile of yours, e.g. c3 (or both: c3-e4)"]
    #[autocomplete = "ac_bridge_from"]
    from: String,
    #[description = "The other end, e.g. e4"]
    #[autocomplete = "ac_bridge_to"]
    to: Option<String>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "ac_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let text = match to {
        Some(to) => format!("{}-{}", from.trim(), to.trim()),
        None => from.trim().replace(' ', "-"),
    };
    play(ctx, game, &text).await
}

/// Pass: only when you cannot place two tiles
#[poise::command(slash_command, guild_only)]
pub async fn pass(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "ac_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    play(ctx, game, "pass").await
}

/// Resign a game (asks you to confirm)
#[poise::command(slash_command, guild_only)]
pub async fn resign(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "ac_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    if game.color_of(ctx.author().id.get() as i64).is_none() {
        return Err(crate::service::ServiceError::NotYourGame(game.id).into());
    }
    if game.is_over() {
        return Err(crate::service::ServiceError::GameOver(game.id).into());
    }
    let button = serenity::CreateButton::new(format!("resign:{}", game.id))
        .label(format!("Yes, resign game #{}", game.id))
        .style(serenity::ButtonStyle::Danger);
    let reply = poise::CreateReply::default()
        .content(format!(
            "Do you really want to resign game #{}? Your opponent wins.",
            game.id
        ))
        .components(vec![serenity::CreateActionRow::Buttons(vec![button])])
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Show the board of a game
#[poise::command(slash_command, guild_only)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "ac_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    let png = png_of(&game).await?;
    let reply = poise::CreateReply::default()
        .content(board_text(&game))
        .attachment(serenity::CreateAttachment::bytes(png, "board.png"));
    ctx.send(reply).await?;
    Ok(())
}

/// Your active games and whose turn it is
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let me = ctx.author().id.get() as i64;
    let games = ctx.data().service.active_games(me).await?;
    let text = if games.is_empty() {
        "You have no games going on. Start one with `/challenge`.".to_string()
    } else {
        games
            .iter()
            .map(|g| {
                let mine = g.color_of(me).unwrap_or(Color::White);
                let opponent = g.player(mine.other());
                let turn = match g.to_move() {
                    Some((_, p)) if p.id == me => "**your turn**".to_string(),
                    Some((_, p)) => format!("{}'s turn", p.name),
                    None => "over".to_string(),
                };
                let place = match game_channel(g) {
                    Some(channel) => format!(" in <#{channel}>"),
                    None => String::new(),
                };
                let deadline = match g.deadline_at {
                    Some(at) => format!(", time runs out <t:{}:R>", at / 1000),
                    None => String::new(),
                };
                format!(
                    "#{}: you ({mine}) vs {}{place}, move {}, {turn}{deadline}",
                    g.id,
                    opponent.name,
                    g.game.plies() + 1
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    ctx.send(
        poise::CreateReply::default()
            .content(super::messages::fit_message(&text))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Call off a game before Red's first move (managers: any game); no result, unrated
#[poise::command(slash_command, guild_only)]
pub async fn abort(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "ac_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    ctx.defer_ephemeral().await?;
    let manages = ctx
        .author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild());
    let manager_of = manages
        .then(|| ctx.guild_id().map(|g| g.get() as i64))
        .flatten();
    let player = player_of(ctx.author());
    let view = ctx
        .data()
        .service
        .abort(game.id, player.id, manager_of)
        .await?;
    let text = format!(
        "Game #{} ({} vs {}) was aborted by {}: no result, and it does not count for ratings.",
        view.id, view.white.name, view.red.name, player.name
    );
    if let Err(error) =
        deliver_board(ctx.serenity_context(), &ctx.data().service, &view, &text).await
    {
        tracing::warn!("could not post the aborted game #{}: {error}", view.id);
    }
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OnOff {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Get a direct message when time is running out in one of your games
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "Direct-message reminders on or off"] reminders: OnOff,
) -> Result<(), Error> {
    let on = matches!(reminders, OnOff::On);
    ctx.data()
        .service
        .set_notify(&player_of(ctx.author()), on)
        .await?;
    let text = if on {
        "I will send you a direct message when a quarter of your time for a move is left."
    } else {
        "No more direct messages; reminders still appear in the game's thread."
    };
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}

fn rating_words(row: &crate::store::RatingRow) -> String {
    let games = crate::service::ratings::games(row);
    let provisional = if crate::service::ratings::is_provisional(row) {
        " (provisional)"
    } else {
        ""
    };
    format!(
        "{:.0} ± {:.0}{provisional} · {}–{}–{} in {games} game{}",
        row.rating,
        row.deviation,
        row.wins,
        row.losses,
        row.draws,
        if games == 1 { "" } else { "s" }
    )
}

/// This server's ratings
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Page (10 players a page)"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    let guild = ctx
        .guild_id()
        .ok_or(crate::service::ServiceError::NoServer)?;
    let me = ctx.author().id.get() as i64;
    let board = ctx
        .data()
        .service
        .leaderboard(guild.get() as i64, page.unwrap_or(1) as usize, me)
        .await?;
    if board.rows.is_empty() {
        ctx.send(
            poise::CreateReply::default()
                .content("No rated games in this server yet. `/challenge` someone!"),
        )
        .await?;
        return Ok(());
    }
    let mut text = format!(
        "**Leaderboard** (page {} of {}; W–L–D; provisional ratings are listed after settled ones)\n",
        board.page, board.pages
    );
    for (rank, row) in &board.rows {
        text.push_str(&format!(
            "{rank}. {} — {}\n",
            row.name,
            rating_words(&row.rating)
        ));
    }
    match &board.viewer {
        Some((rank, row)) if !board.rows.iter().any(|(r, _)| r == rank) => {
            text.push_str(&format!(
                "…\nYou: {rank}. {} — {}",
                row.name,
                rating_words(&row.rating)
            ));
        }
        None => text.push_str("You have no rated game here yet."),
        _ => {}
    }
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}

/// A player's rating, record, streak, recent games and rating over time
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let guild = ctx
        .guild_id()
        .ok_or(crate::service::ServiceError::NoServer)?;
    let user = player.as_ref().unwrap_or(ctx.author());
    let id = user.id.get() as i64;
    let stats = ctx.data().service.stats(guild.get() as i64, id).await?;
    let name = player_of(user).name;
    let mut text = format!("**{name}**\n");
    match &stats.standing {
        Some((rank, row)) => {
            text.push_str(&format!("Rank {rank} · {}\n", rating_words(&row.rating)))
        }
        None => text.push_str("No rated game in this server yet.\n"),
    }
    if stats.streak.1 > 0 {
        let kind = match stats.streak.0 {
            'W' => "win",
            'L' => "loss",
            _ => "draw",
        };
        let plural = if stats.streak.1 == 1 {
            ""
        } else if kind == "loss" {
            "es"
        } else {
            "s"
        };
        text.push_str(&format!(
            "Current streak: {} {kind}{plural}\n",
            stats.streak.1
        ));
    }
    for game in stats.recent.iter().take(5) {
        let mine = game.color_of(id).unwrap_or(Color::White);
        let opponent = &game.player(mine.other()).name;
        let outcome = match game.result.and_then(|r| r.winner) {
            None => "draw",
            Some(w) if w == mine => "won",
            Some(_) => "lost",
        };
        text.push_str(&format!("#{} vs {opponent}: {outcome}\n", game.id));
    }
    // The series starts from the rating every player begins with.
    let mut points = Vec::new();
    if !stats.history.is_empty() {
        points.push((1500.0, 350.0));
    }
    points.extend(stats.history.iter().map(|p| (p.rating, p.deviation)));
    let games = stats.history.len();
    let caption = format!(
        "the start, then after each of {games} rated game{}",
        if games == 1 { "" } else { "s" }
    );
    let title = format!("Rating of {name}");
    let png = tokio::task::spawn_blocking(move || {
        crate::render::rating_plot_png(&title, &caption, &points)
    })
    .await?;
    let reply = poise::CreateReply::default()
        .content(text)
        .attachment(serenity::CreateAttachment::bytes(png, "rating.png"));
    ctx.send(reply).await?;
    Ok(())
}

/// The game's record (for `ponte replay`), as a file
#[poise::command(slash_command, guild_only)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "ac_game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    let (content, file) = export_file(&ctx.data().service, game.id).await?;
    let reply = poise::CreateReply::default()
        .content(content)
        .attachment(file)
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// The words and the file of an export.
pub(super) async fn export_file(
    service: &crate::service::Service,
    game: i64,
) -> Result<(String, serenity::CreateAttachment), Error> {
    let text = service.export(game).await?;
    let file =
        serenity::CreateAttachment::bytes(text.into_bytes(), format!("ponte-game-{game}.txt"));
    Ok((format!("The record of game #{game}."), file))
}

const RULES: &str = "\
**Ponte del Diavolo** — build islands and join them with bridges.
• **Opening:** the challenger places two White tiles. The other player then swaps (takes White) or keeps Red and places two red tiles. Then Red and White alternate.
• **A turn:** place two tiles of your colour on empty cells (`/place c3 d4`), or build one bridge between two of your tiles (`/bridge c3 e4`).
• **Islands:** 4 tiles joined side by side make an island (◆ on the board); 1–3 tiles are a sandbank (paler). A group never exceeds 4 tiles, and an island may not touch another tile of its colour, not even diagonally.
• **Bridges:** two cells apart in a row, column or diagonal, or a knight's move. The cells under a bridge stay empty for good; bridges never cross; one bridge per tile.
• **End:** a player who cannot place two tiles may bridge or `/pass`. After White passes, Red has one last turn; Red's pass ends the game.
• **Score:** each set of islands joined by bridges (through sandbanks too) scores 1, 3, 6, 10, 15… for 1, 2, 3, 4, 5… islands. Ties go to more islands, then more bridges.";

/// The example picture of `/rules`, drawn once.
static RULES_PICTURE: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
    let example = include_str!("../../assets/examples/rules.txt")
        .parse::<crate::game::Record>()
        .map(|r| r.replay().game)
        .unwrap_or_default();
    crate::render::render_png(&crate::render::Picture {
        game: &example,
        white: "White",
        red: "Red",
        title: "Example: islands, sandbanks and the three bridges",
        ending: None,
    })
});

/// A short summary of the rules, with an example board
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let png = tokio::task::spawn_blocking(|| RULES_PICTURE.clone()).await?;
    let reply = poise::CreateReply::default()
        .content(RULES)
        .attachment(serenity::CreateAttachment::bytes(png, "rules.png"))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// How to play with this bot
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = "\
`/challenge [opponent] [size] [supply] [time]` — challenge a player, or anyone; the game gets its own thread.
`/place c3 d4` — place two tiles (the cells are suggested as you type).
`/bridge c3 e4` — build a bridge between two of your tiles.
`/pass` — only when you cannot place two tiles. `/resign` — give up (asks first).
`/board` — show a board. `/games` — your games, whose turn and the time left. `/rules` — the rules.
`/abort` — call a game off before Red's first move. `/export` — the game record as a file.
`/leaderboard [page]`, `/stats [player]` — this server's ratings. `/notify on|off` — direct-message reminders.
In a game's thread the commands act on that game; elsewhere pick it with the `game` option.";
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}
