//! The words and components of the bot's messages: challenges, moves, boards and results.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;

use crate::game::{Color, Move, Score};
use crate::service::{
    AiTerms, ChallengeOptions, ChallengeView, Ending, GameView, MoveReport, Opener, PlayedMove,
    Player, move_time_words,
};

/// What a message may ping: users it mentions, never @everyone or roles a display name spells.
/// Allows pinging exactly these players (local players, with negative ids, never): a name
/// that looks like a mention, `<@123>`, pings nobody.
pub fn pings(players: &[i64]) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new().users(
        players
            .iter()
            .filter(|id| **id > 0)
            .map(|id| serenity::UserId::new(*id as u64)),
    )
}

/// Who a board message means to ping: the player to move, or both players at the end.
pub fn board_pings(game: &GameView) -> Vec<i64> {
    let people = match game.to_move() {
        Some((_, player)) => vec![player.id],
        None if game.is_over() => vec![game.white.id, game.red.id],
        None => Vec::new(),
    };
    // The bot does not ping itself when it is the AI to move.
    let ai = game.ai.map(|(id, _)| id);
    people.into_iter().filter(|id| Some(*id) != ai).collect()
}

/// Who a challenge means to ping: the challenged player.
pub fn challenge_pings(challenge: &ChallengeView) -> Vec<i64> {
    challenge.opponent.iter().map(|o| o.id).collect()
}

/// A mention of a player (local players have negative ids and are named instead).
pub fn mention(id: i64, name: &str) -> String {
    if id > 0 {
        format!("<@{id}>")
    } else {
        format!("**{name}**")
    }
}

fn variant_words(options: &ChallengeOptions) -> String {
    let variant = options.variant;
    let size = variant.size();
    format!(
        "{size}×{size}, {}, {}",
        variant.supply_words(),
        move_time_words(options.move_time)
    )
}

pub fn challenge_text(challenge: &ChallengeView) -> String {
    let who = mention(challenge.challenger.id, &challenge.challenger.name);
    let whom = match &challenge.opponent {
        Some(opponent) => mention(opponent.id, &opponent.name),
        None => "anyone".to_string(),
    };
    let opener = if challenge.opener == challenge.challenger.id {
        "The challenger".to_string()
    } else {
        challenge
            .opponent
            .as_ref()
            .map_or("The other player".to_string(), |o| o.name.clone())
    };
    let rated = if challenge.options.rated {
        "rated"
    } else {
        "unrated"
    };
    format!(
        "{who} challenges {whom} to a {rated} game of Ponte del Diavolo ({}). \
         {opener} opens with White's first two tiles; the other player then keeps Red or swaps. \
         The challenge expires <t:{}:R>.",
        variant_words(&challenge.options),
        challenge.expires_at / 1000
    )
}

/// The reply that starts a game against the bot (its thread opens on it).
pub fn ai_game_text(human: &Player, bot: &Player, terms: &AiTerms) -> String {
    let opens = match terms.opener {
        Opener::Human => human.name.as_str(),
        Opener::Ai => bot.name.as_str(),
    };
    format!(
        "{} plays {} ({}) in an unrated game of Ponte del Diavolo ({}). {opens} opens \
         with White's first two tiles; the other then keeps Red or swaps. The game follows in \
         its thread.",
        human.name,
        bot.name,
        terms.level,
        variant_words(&terms.options),
    )
}

pub fn challenge_buttons(challenge: &ChallengeView) -> Vec<serenity::CreateActionRow> {
    let id = challenge.id;
    let mut buttons = vec![
        serenity::CreateButton::new(format!("accept:{id}"))
            .label("Accept")
            .style(serenity::ButtonStyle::Success),
    ];
    if challenge.opponent.is_some() {
        buttons.push(
            serenity::CreateButton::new(format!("decline:{id}"))
                .label("Decline")
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    buttons.push(
        serenity::CreateButton::new(format!("cancel:{id}"))
            .label("Cancel")
            .style(serenity::ButtonStyle::Danger),
    );
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// The buttons a board message carries: the pie choice, or after the end Rematch and Export.
pub fn game_buttons(game: &GameView) -> Vec<serenity::CreateActionRow> {
    match game.result {
        Some(result) if result.ending != Ending::Aborted => {
            let id = game.id;
            vec![serenity::CreateActionRow::Buttons(vec![
                serenity::CreateButton::new(format!("rematch:{id}"))
                    .label("Rematch")
                    .style(serenity::ButtonStyle::Primary),
                serenity::CreateButton::new(format!("export:{id}"))
                    .label("Export")
                    .style(serenity::ButtonStyle::Secondary),
            ])]
        }
        _ => pie_buttons(game),
    }
}

/// The buttons of the pie choice, made for the game's current version.
pub fn pie_buttons(game: &GameView) -> Vec<serenity::CreateActionRow> {
    let ai_chooses = game
        .ai
        .is_some_and(|(ai, _)| game.to_move().is_some_and(|(_, p)| p.id == ai));
    if !game.awaiting_pie_choice() || ai_chooses {
        return Vec::new();
    }
    let (id, version) = (game.id, game.version);
    vec![serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new(format!("swap:{id}:{version}"))
            .label("Swap — take White")
            .style(serenity::ButtonStyle::Primary),
        serenity::CreateButton::new(format!("keep:{id}:{version}"))
            .label("Keep Red")
            .style(serenity::ButtonStyle::Secondary),
    ])]
}

fn count(n: u32, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn score_line(game: &GameView) -> String {
    let side = |color: Color| {
        let score = game.game.score(color);
        let mut line = format!(
            "{} ({color}): {}, {}, {}",
            game.player(color).name,
            count(score.points, "point"),
            count(score.islands, "island"),
            count(score.bridges, "bridge")
        );
        if let Some(left) = game.game.tiles_left(color) {
            let _ = write!(line, ", {} left", count(u32::from(left), "tile"));
        }
        line
    };
    format!("{}\n{}", side(Color::White), side(Color::Red))
}

fn played_line(played: &PlayedMove) -> String {
    let who = format!("**{}** ({})", played.player.name, played.color);
    match played.mv {
        Move::Place(a, b) => format!("{who} placed `{a} {b}`."),
        Move::Bridge(a, b) => format!("{who} built the bridge `{a}-{b}`."),
        Move::Swap => format!("{who} swapped and now plays White."),
        Move::Pass if played.forced => {
            format!("{who} can neither place two tiles nor bridge, so passes automatically.")
        }
        Move::Pass => format!("{who} passed."),
        Move::Resign(_) => format!("{who} resigned."),
    }
}

/// Whose turn it is, with a mention, or the result.
pub fn turn_line(game: &GameView) -> String {
    if game.result.is_some() {
        return result_text(game);
    }
    let Some((color, player)) = game.to_move() else {
        return String::new();
    };
    if let Some((_, level)) = game.ai.filter(|(ai, _)| *ai == player.id) {
        return format!("{} ({level}) is thinking ({color})…", player.name);
    }
    let who = mention(player.id, &player.name);
    let deadline = match game.deadline_at {
        Some(at) => format!(" (time runs out <t:{}:R>)", at / 1000),
        None => String::new(),
    };
    if game.game.plies() == 0 {
        format!("{who}, you open: place White's first two tiles with `/place`.{deadline}")
    } else if game.awaiting_pie_choice() {
        format!(
            "{who}, your choice: **Swap** to take White's tiles, or **Keep Red** and place two red tiles with `/place`.{deadline}"
        )
    } else if game.game.is_last_turn() {
        format!("{who}, White has passed: this is your last turn ({color}).{deadline}")
    } else {
        format!("{who}, your turn ({color}).{deadline}")
    }
}

/// The message after a move.
pub fn move_text(report: &MoveReport) -> String {
    let game = &report.game;
    let mut text = format!("Game #{}: ", game.id);
    for played in &report.played {
        text.push_str(&played_line(played));
        text.push(' ');
    }
    let _ = write!(text, "\n{}\n{}", score_line(game), turn_line(game));
    text
}

/// The board message for a game as it stands.
pub fn board_text(game: &GameView) -> String {
    let plies = game.game.plies();
    let when = if game.is_over() {
        format!("ended after move {plies}")
    } else {
        format!("move {}", plies + 1)
    };
    format!(
        "Game #{}: {} (White) vs {} (Red), {when}.\n{}\n{}",
        game.id,
        game.white.name,
        game.red.name,
        score_line(game),
        turn_line(game)
    )
}

fn networks_line(score: &Score) -> String {
    if score.networks.is_empty() {
        return "no islands".to_string();
    }
    score
        .networks
        .iter()
        .map(|n| {
            let cells: Vec<String> = n.islands.iter().map(|c| c.to_string()).collect();
            format!(
                "{} ({}) = {}",
                count(n.islands.len() as u32, "island"),
                cells.join(", "),
                count(n.points, "point")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The final announcement: how it ended, both scores and the networks.
pub fn result_text(game: &GameView) -> String {
    let name = |color: Color| {
        let p = game.player(color);
        format!("{} ({color})", mention(p.id, &p.name))
    };
    let Some(headline) = game.result_words(|p| mention(p.id, &p.name)) else {
        return String::new();
    };
    let side = |color: Color| {
        let score = game.game.score(color);
        format!(
            "{}: {}, {}, {} — {}",
            name(color),
            count(score.points, "point"),
            count(score.islands, "island"),
            count(score.bridges, "bridge"),
            networks_line(&score)
        )
    };
    format!(
        "**Game over:** {headline}.\n{}\n{}",
        side(Color::White),
        side(Color::Red)
    )
}

/// Discord's limit for a message's text.
const MESSAGE_LIMIT: usize = 2000;

/// `text` cut at a line end to fit one message, saying how many lines were left out.
pub fn fit_message(text: &str) -> String {
    if text.len() <= MESSAGE_LIMIT {
        return text.to_string();
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = String::new();
    for (i, line) in lines.iter().enumerate() {
        let more = format!("\n…and {} more", lines.len() - i);
        if kept.len() + line.len() + 1 + more.len() > MESSAGE_LIMIT {
            return kept + &more;
        }
        if !kept.is_empty() {
            kept.push('\n');
        }
        kept.push_str(line);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_messages_are_cut_at_a_line_and_say_so() {
        let text: String = (0..300)
            .map(|i| format!("line {i} of a very long list of games"))
            .collect::<Vec<_>>()
            .join("\n");
        let fitted = fit_message(&text);
        assert!(fitted.len() <= MESSAGE_LIMIT);
        assert!(fitted.starts_with("line 0 of"));
        let last = fitted.lines().last().unwrap();
        assert!(
            last.starts_with("…and ") && last.ends_with(" more"),
            "{last}"
        );
        assert_eq!(fit_message("short"), "short");
    }
}
