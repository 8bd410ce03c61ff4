//! Suggestions while a player types: legal cells for the player to move (from the service's
//! cached position, so a keystroke costs a lookup, not a replay) and the player's games.

use crate::discord::ids::Stored;
use poise::serenity_prelude as serenity;

use super::{Context, author_id, option_value, the_game, user_lang};
use crate::game::Bitboard;
use crate::i18n::yes_no;
use crate::service::GameView;
use crate::tr;

/// The game being autocompleted, when the author is the player to move in it.
async fn game_to_move_in(ctx: Context<'_>) -> Option<GameView> {
    let named = option_value(ctx, "game").and_then(|g| g.trim_start_matches('#').parse().ok());
    let game = the_game(ctx, named).await.ok()?;
    let authors_turn = game.to_move().is_some_and(|(_, p)| p.id == author_id(ctx));
    authors_turn.then_some(game)
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

pub async fn first_cell(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    match game_to_move_in(ctx).await {
        Some(game) => cell_choices(game.game.legal_first_cells(), partial),
        None => serenity::CreateAutocompleteResponse::new(),
    }
}

pub async fn second_cell(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let first = option_value(ctx, "first").and_then(|f| f.trim().parse().ok());
    match (first, game_to_move_in(ctx).await) {
        (Some(first), Some(game)) => cell_choices(game.game.legal_second_cells(first), partial),
        _ => serenity::CreateAutocompleteResponse::new(),
    }
}

pub async fn bridge_from(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    match game_to_move_in(ctx).await {
        Some(game) => {
            let ends: Bitboard = game
                .game
                .legal_bridges()
                .iter()
                .flat_map(|b| b.ends())
                .collect();
            cell_choices(ends, partial)
        }
        None => serenity::CreateAutocompleteResponse::new(),
    }
}

pub async fn bridge_to(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let from = option_value(ctx, "from").and_then(|f| f.trim().parse().ok());
    match (from, game_to_move_in(ctx).await) {
        (Some(from), Some(game)) => cell_choices(game.game.legal_bridge_ends(from), partial),
        _ => serenity::CreateAutocompleteResponse::new(),
    }
}

pub async fn game(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let me = author_id(ctx);
    let lang = user_lang(ctx);
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
            let yours = g.to_move().is_some_and(|(_, p)| p.id == me);
            let name = tr!(
                lang,
                "autocomplete-game",
                id = g.id,
                opponent = &opponent.name,
                yours = yes_no(yours)
            );
            serenity::AutocompleteChoice::new(
                name.chars().take(100).collect::<String>(),
                g.id.get(),
            )
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The author's latest finished games in this server whose number starts with what was typed
/// (or whose opponent's name holds it), for the commands that review a game.
pub async fn finished_game(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let (me, lang) = (author_id(ctx), user_lang(ctx));
    let Some(guild) = ctx.guild_id() else {
        return serenity::CreateAutocompleteResponse::new();
    };
    let typed = partial.trim().trim_start_matches('#');
    let games = ctx
        .data()
        .service
        .recent_finished_games(guild.stored(), me, typed)
        .await
        .unwrap_or_default();
    let choices = games
        .iter()
        .map(|g| {
            let opponent = if g.white.id == me { &g.red } else { &g.white };
            let name = tr!(
                lang,
                "autocomplete-finished-game",
                id = g.id,
                opponent = &opponent.name
            );
            serenity::AutocompleteChoice::new(
                name.chars().take(100).collect::<String>(),
                g.id.get(),
            )
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The time zones (IANA names, e.g. `Europe/Berlin`) holding what was typed, for `/notify`.
pub async fn time_zone(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = crate::service::time_zones_like(partial)
        .take(25)
        .map(|zone| serenity::AutocompleteChoice::new(zone, zone))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}
