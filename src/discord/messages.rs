//! The words and components of the bot's messages: challenges, moves, boards and results. The
//! posts the delivery worker makes of what the players are owed are in `announcements.rs`.

use std::fmt::Write as _;

use poise::serenity_prelude as serenity;

use super::button_id::ButtonId;
use crate::game::{Color, Move};
use crate::i18n::{Lang, color_name, count, score_words, variant_words, with_color, yes_no};
use crate::service::{
    AiTerms, ChallengeOptions, ChallengeView, Ending, GameView, Level, MoveReport, Opener,
    PlayedMove, Player, PlayerId, move_time_words,
};
use crate::tr;

/// Who a board message means to ping: the player to move, or both players at the end, and both
/// at a tournament game's start (nobody challenged the other: both learn of it there).
pub fn board_pings(game: &GameView) -> Vec<PlayerId> {
    let both = vec![game.white.id, game.red.id];
    let people = match game.to_move() {
        Some(_) if game.tournament.is_some() && game.game.plies() == 0 => both,
        Some((_, player)) => vec![player.id],
        None if game.is_over() => both,
        None => Vec::new(),
    };
    // The bot does not ping itself when it is the AI to move.
    let ai = game.ai.map(|(id, _)| id);
    people.into_iter().filter(|id| Some(*id) != ai).collect()
}

/// Who a challenge means to ping: the challenged player.
pub fn challenge_pings(challenge: &ChallengeView) -> Vec<PlayerId> {
    challenge.opponent.iter().map(|o| o.id).collect()
}

/// A mention of a player (local players have negative ids and are named instead).
pub fn mention(id: PlayerId, name: &str) -> String {
    if id.snowflake().is_some() {
        format!("<@{id}>")
    } else {
        format!("**{name}**")
    }
}

fn terms_words(lang: Lang, options: &ChallengeOptions) -> String {
    format!(
        "{}, {}",
        variant_words(lang, options.variant),
        move_time_words(lang, options.move_time)
    )
}

pub fn challenge_text(lang: Lang, challenge: &ChallengeView) -> String {
    let who = mention(challenge.challenger.id, &challenge.challenger.name);
    let whom = match &challenge.opponent {
        Some(opponent) => mention(opponent.id, &opponent.name),
        None => tr!(lang, "challenge-anyone"),
    };
    let opener = if challenge.opener == challenge.challenger.id {
        tr!(lang, "challenge-opener-challenger")
    } else {
        challenge
            .opponent
            .as_ref()
            .map_or_else(|| tr!(lang, "challenge-opener-other"), |o| o.name.clone())
    };
    tr!(
        lang,
        "challenge-text",
        who = who,
        whom = whom,
        rated = yes_no(challenge.options.rated),
        terms = terms_words(lang, &challenge.options),
        opener = opener,
        expires = format!("<t:{}:R>", challenge.expires_at / 1000)
    )
}

/// The reply that starts a game against the bot (its thread opens on it).
pub fn ai_game_text(lang: Lang, human: &Player, bot: &Player, terms: &AiTerms) -> String {
    let opens = match terms.opener {
        Opener::Human => human.name.as_str(),
        Opener::Ai => bot.name.as_str(),
    };
    tr!(
        lang,
        "ai-game-text",
        human = &human.name,
        bot = &bot.name,
        level = level_name(lang, terms.level),
        terms = terms_words(lang, &terms.options),
        opener = opens
    )
}

/// A level of the AI in words: "easy", "mittel", "difficile".
pub fn level_name(lang: Lang, level: Level) -> String {
    tr!(lang, "level", level = level.name())
}

/// A button that does what `id` says.
pub fn button(id: ButtonId, label: String, style: serenity::ButtonStyle) -> serenity::CreateButton {
    serenity::CreateButton::new(id.to_string())
        .label(label)
        .style(style)
}

pub fn challenge_buttons(lang: Lang, challenge: &ChallengeView) -> Vec<serenity::CreateActionRow> {
    let id = challenge.id;
    let mut buttons = vec![button(
        ButtonId::Accept(id),
        tr!(lang, "button-accept"),
        serenity::ButtonStyle::Success,
    )];
    if challenge.opponent.is_some() {
        buttons.push(button(
            ButtonId::Decline(id),
            tr!(lang, "button-decline"),
            serenity::ButtonStyle::Secondary,
        ));
    }
    buttons.push(button(
        ButtonId::Cancel(id),
        tr!(lang, "button-cancel"),
        serenity::ButtonStyle::Danger,
    ));
    vec![serenity::CreateActionRow::Buttons(buttons)]
}

/// The buttons a board message carries: the pie choice, or after the end Rematch and Export.
pub fn game_buttons(lang: Lang, game: &GameView) -> Vec<serenity::CreateActionRow> {
    match game.result {
        Some(result) if result.ending != Ending::Aborted => {
            let id = game.id;
            vec![serenity::CreateActionRow::Buttons(vec![
                button(
                    ButtonId::Rematch(id),
                    tr!(lang, "button-rematch"),
                    serenity::ButtonStyle::Primary,
                ),
                button(
                    ButtonId::Replay(id),
                    tr!(lang, "button-replay"),
                    serenity::ButtonStyle::Secondary,
                ),
                button(
                    ButtonId::Analyse(id),
                    tr!(lang, "button-analyse"),
                    serenity::ButtonStyle::Secondary,
                ),
                button(
                    ButtonId::Export(id),
                    tr!(lang, "button-export"),
                    serenity::ButtonStyle::Secondary,
                ),
            ])]
        }
        _ => pie_buttons(lang, game),
    }
}

/// The buttons of the pie choice, made for the game's current version.
pub fn pie_buttons(lang: Lang, game: &GameView) -> Vec<serenity::CreateActionRow> {
    let ai_chooses = game
        .ai
        .is_some_and(|(ai, _)| game.to_move().is_some_and(|(_, p)| p.id == ai));
    if !game.awaiting_pie_choice() || ai_chooses {
        return Vec::new();
    }
    let (game, version) = (game.id, game.version);
    vec![serenity::CreateActionRow::Buttons(vec![
        button(
            ButtonId::Swap { game, version },
            tr!(lang, "button-swap"),
            serenity::ButtonStyle::Primary,
        ),
        button(
            ButtonId::Keep { game, version },
            tr!(lang, "button-keep"),
            serenity::ButtonStyle::Secondary,
        ),
    ])]
}

fn score_line(lang: Lang, game: &GameView) -> String {
    let side = |color: Color| {
        let score = game.game.score(color);
        let mut line = tr!(
            lang,
            "labelled",
            label = with_color(lang, &game.player(color).name, color),
            text = format!(
                "{}, {}, {}",
                count(lang, "points", score.points),
                count(lang, "islands", score.islands),
                count(lang, "bridges", score.bridges)
            )
        );
        if let Some(left) = game.game.tiles_left(color) {
            let _ = write!(line, ", {}", tr!(lang, "caption-tiles-left", n = left));
        }
        line
    };
    format!("{}\n{}", side(Color::White), side(Color::Red))
}

fn played_line(lang: Lang, played: &PlayedMove) -> String {
    let who = format!(
        "**{}** ({})",
        played.player.name,
        color_name(lang, played.color)
    );
    match played.mv {
        Move::Place(a, b) => tr!(lang, "played-place", who = who, cells = format!("{a} {b}")),
        Move::Bridge(a, b) => tr!(
            lang,
            "played-bridge",
            who = who,
            bridge = format!("{a}-{b}")
        ),
        Move::Swap => tr!(lang, "played-swap", who = who),
        Move::Pass if played.forced => tr!(lang, "played-forced-pass", who = who),
        Move::Pass => tr!(lang, "played-pass", who = who),
        Move::Resign(_) => tr!(lang, "played-resign", who = who),
    }
}

/// Whose turn it is, with a mention, or the result.
pub fn turn_line(lang: Lang, game: &GameView) -> String {
    if game.result.is_some() {
        return result_text(lang, game);
    }
    let Some((color, player)) = game.to_move() else {
        return String::new();
    };
    let color_word = color_name(lang, color);
    if let Some((_, level)) = game.ai.filter(|(ai, _)| *ai == player.id) {
        return tr!(
            lang,
            "turn-ai-thinking",
            name = &player.name,
            level = level_name(lang, level),
            color = color_word
        );
    }
    let who = mention(player.id, &player.name);
    let deadline = match (game.deadline_at, game.away_until) {
        (Some(at), _) => format!(
            " {}",
            tr!(lang, "turn-deadline", at = format!("<t:{}:R>", at / 1000))
        ),
        (None, Some(until)) => format!(" {}", away_text(lang, &player.name, until)),
        (None, None) => String::new(),
    };
    let line = if game.game.plies() == 0 {
        tr!(lang, "turn-open", who = who)
    } else if game.awaiting_pie_choice() {
        tr!(lang, "turn-pie", who = who)
    } else if game.game.is_last_turn() {
        tr!(lang, "turn-last", who = who, color = color_word)
    } else {
        tr!(lang, "turn-yours", who = who, color = color_word)
    };
    line + &deadline
}

/// The message after a move.
pub fn move_text(lang: Lang, report: &MoveReport) -> String {
    let game = &report.game;
    let mut text = tr!(
        lang,
        "labelled",
        label = tr!(lang, "game-number", id = game.id),
        text = ""
    );
    for played in &report.played {
        text.push_str(&played_line(lang, played));
        text.push(' ');
    }
    let _ = write!(
        text,
        "\n{}\n{}",
        score_line(lang, game),
        turn_line(lang, game)
    );
    text
}

/// The board message for a game as it stands.
pub fn board_text(lang: Lang, game: &GameView) -> String {
    let plies = game.game.plies();
    let headline = tr!(
        lang,
        "board-headline",
        id = game.id,
        white = &game.white.name,
        red = &game.red.name,
        over = yes_no(game.is_over()),
        plies = plies,
        number = plies + 1
    );
    format!(
        "{headline}\n{}\n{}",
        score_line(lang, game),
        turn_line(lang, game)
    )
}

/// The final announcement: how it ended, both scores and the networks.
pub fn result_text(lang: Lang, game: &GameView) -> String {
    let Some(headline) = game.result_words(lang, |p| mention(p.id, &p.name)) else {
        return String::new();
    };
    let side = |color: Color| {
        let p = game.player(color);
        tr!(
            lang,
            "labelled",
            label = with_color(lang, &mention(p.id, &p.name), color),
            text = score_words(lang, &game.game.score(color))
        )
    };
    let mut text = format!(
        "{}\n{}\n{}",
        tr!(lang, "game-over", headline = headline),
        side(Color::White),
        side(Color::Red)
    );
    if game.hints > 0 {
        text = format!("{text}\n{}", tr!(lang, "result-hints", count = game.hints));
    }
    text
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
        let more = format!("\n… (+{})", lines.len() - i);
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

/// "alice is on vacation until <t:…:f>: the clock stands still."
pub fn away_text(lang: Lang, name: &str, until: i64) -> String {
    tr!(
        lang,
        "away-until",
        name = name,
        until = format!("<t:{}:f>", until / 1000)
    )
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
        assert!(last.starts_with("… (+") && last.ends_with(')'), "{last}");
        assert_eq!(fit_message("short"), "short");
    }
}
