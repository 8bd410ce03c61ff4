//! Looking at games: `/board`, `/games`, `/export`, and the help: `/rules`, `/help`.

use std::sync::LazyLock;

use poise::serenity_prelude as serenity;

use super::{Context, Error, author_id, autocomplete, game_id, the_game};
use crate::discord::messages::{board_text, fit_message};
use crate::discord::post::{export_file, game_channel, png_of};
use crate::game::{Color, Record};
use crate::service::picture;

/// Show the board of a game
#[poise::command(slash_command, guild_only)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::game"]
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
    let me = author_id(ctx);
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
            .content(fit_message(&text))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// The game's record (for `ponte replay`), as a file
#[poise::command(slash_command, guild_only)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "Which game (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::game"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = game_id(ctx, game).await?;
    let (content, file) = export_file(&ctx.data().service, game).await?;
    let reply = poise::CreateReply::default()
        .content(content)
        .attachment(file)
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
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
static RULES_PICTURE: LazyLock<Vec<u8>> = LazyLock::new(|| {
    let example = include_str!("../../../assets/examples/rules.txt")
        .parse::<Record>()
        .map(|r| r.replay().game)
        .unwrap_or_default();
    picture(
        &example,
        "Example: islands, sandbanks and the three bridges",
        "White",
        "Red",
    )
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
`/challenge [opponent] [size] [supply] [time] [rated]` — challenge a player, or anyone; the game gets its own thread (rated unless you say otherwise). Choose me as the opponent (with `level` easy, medium or hard, and `first`) to play me at once, unrated.
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
