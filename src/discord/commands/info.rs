//! Looking at games: `/board`, `/games`, `/export`, and the help: `/rules`, `/help`.

use std::sync::LazyLock;

use poise::serenity_prelude as serenity;

use super::{
    Context, Data, Error, author_id, autocomplete, game_id, server_lang, tell_author, the_game,
    user_lang,
};
use crate::discord::messages::{away_text, board_text};
use crate::discord::open_board::board_buttons;
use crate::discord::post::{export_file, game_channel};
use crate::game::{Color, Record};
use crate::i18n::{Lang, color_name};
use crate::service::picture;
use crate::tr;

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![board(), games(), export(), rules(), help()]
}

/// Show the board of a game
///
/// With the buttons the board carries where the game is played: the pie choice on Red's first
/// turn, the rematch, replay, analysis and export after the end.
#[poise::command(slash_command, guild_only)]
pub async fn board(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    let game = the_game(ctx, game).await?;
    let lang = server_lang(ctx).await?;
    let png = game.png(lang).await?;
    let reply = poise::CreateReply::default()
        .content(board_text(lang, &game))
        .attachment(serenity::CreateAttachment::bytes(png, "board.png"))
        .components(board_buttons(lang, &game, ctx.data().web.as_ref()));
    ctx.send(reply).await?;
    Ok(())
}

/// Your active games, those waiting for your move first
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let me = author_id(ctx);
    let lang = user_lang(ctx);
    let mut games = ctx.data().service.active_games(me).await?;
    // Those waiting for the author first, the nearest deadline first; the others after.
    games.sort_by_key(|g| {
        let waiting = g.to_move().is_some_and(|(_, p)| p.id == me);
        (!waiting, g.deadline_at.is_none(), g.deadline_at)
    });
    let text = if games.is_empty() {
        tr!(lang, "games-none")
    } else {
        games
            .iter()
            .map(|g| {
                let mine = g.color_of(me).unwrap_or(Color::White);
                let opponent = g.player(mine.other());
                let turn = match g.to_move() {
                    Some((_, p)) if p.id == me => tr!(lang, "games-your-turn"),
                    Some((_, p)) => tr!(lang, "games-their-turn", name = &p.name),
                    None => tr!(lang, "games-over"),
                };
                let mut line = tr!(
                    lang,
                    "games-line",
                    id = g.id,
                    color = color_name(lang, mine),
                    opponent = &opponent.name,
                    number = g.game.plies() + 1,
                    turn = turn
                );
                if let Some(channel) = game_channel(g) {
                    line = format!("{line} · <#{channel}>");
                }
                if let Some(at) = g.deadline_at {
                    let at = format!("<t:{}:R>", at / 1000);
                    line = format!("{line} · {}", tr!(lang, "games-deadline", at = at));
                }
                if let (Some(until), Some((_, away))) = (g.away_until, g.to_move()) {
                    line = format!("{line} · {}", away_text(lang, &away.name, until));
                }
                line
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    tell_author(ctx, &text).await
}

/// The game's record (for `ponte replay`), as a file
#[poise::command(slash_command, guild_only)]
pub async fn export(
    ctx: Context<'_>,
    #[autocomplete = "autocomplete::game"] game: Option<i64>,
) -> Result<(), Error> {
    let game = game_id(ctx, game).await?;
    let (content, file) = export_file(user_lang(ctx), &ctx.data().service, game).await?;
    let reply = poise::CreateReply::default()
        .content(content)
        .attachment(file)
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// The example picture of `/rules` in each language, drawn once.
static RULES_PICTURES: LazyLock<[Vec<u8>; 3]> = LazyLock::new(|| {
    let example = include_str!("../../../assets/examples/rules.txt")
        .parse::<Record>()
        .map(|r| r.replay().game)
        .unwrap_or_default();
    Lang::ALL.map(|lang| {
        picture(
            &example,
            &tr!(lang, "rules-picture-title"),
            &tr!(lang, "rules-white"),
            &tr!(lang, "rules-red"),
            lang,
        )
    })
});

/// A short summary of the rules, with an example board
#[poise::command(slash_command)]
pub async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let png = tokio::task::spawn_blocking(move || RULES_PICTURES[lang as usize].clone()).await?;
    let reply = poise::CreateReply::default()
        .content(tr!(lang, "rules-text"))
        .attachment(serenity::CreateAttachment::bytes(png, "rules.png"))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// How to play with this bot
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    let text = tr!(user_lang(ctx), "help-text");
    ctx.send(poise::CreateReply::default().content(text).ephemeral(true))
        .await?;
    Ok(())
}
