//! The words of what the players are owed, as the delivery worker posts them: a new game's
//! first board, an end, reminders, digests, a tournament's posts, and [`said`], which says
//! for each item that is words alone whom it is for and what it says.

use poise::serenity_prelude as serenity;

use super::button_id::ButtonId;
use super::commands::pairings_text;
use super::ids;
use super::messages::{board_pings, board_text, button, mention, result_text};
use super::post::game_channel;
use crate::i18n::{Lang, color_name};
use crate::service::{
    Announcement, DailyPuzzle, GameId, GameView, Owed, PlayerId, PuzzleId, Subject, TournamentId,
    TournamentView,
};
use crate::tr;

/// A digest: the games where it is `player`'s turn, each with the opponent, the move to
/// play, the time left and a link to its thread.
pub fn digest_text(lang: Lang, player: PlayerId, games: &[GameView]) -> String {
    let mut text = tr!(lang, "digest-header", count = games.len());
    for game in games {
        let opponent = if game.white.id == player {
            &game.red
        } else {
            &game.white
        };
        let mut line = tr!(
            lang,
            "digest-line",
            id = game.id,
            opponent = &opponent.name,
            number = game.game.plies() + 1
        );
        if let Some(at) = game.deadline_at {
            let left = tr!(lang, "games-deadline", at = format!("<t:{}:R>", at / 1000));
            line = format!("{line} · {left}");
        }
        if let (Some(guild), Some(channel)) = (game.venue.guild_id, game_channel(game)) {
            line = format!("{line} · https://discord.com/channels/{guild}/{channel}");
        }
        text = format!("{text}\n{line}");
    }
    text
}

/// The reminder, while the game still waits for that move.
pub fn reminder_text(lang: Lang, game: &GameView) -> Option<String> {
    let (color, player) = game.to_move()?;
    let deadline = game.deadline_at? / 1000;
    Some(tr!(
        lang,
        "reminder",
        who = mention(player.id, &player.name),
        id = game.id,
        color = color_name(lang, color),
        at = format!("<t:{deadline}:R>")
    ))
}

/// A new game's first post: its board, with a tournament game's players and round, and a note
/// when the game is played in the channel because no thread could be opened.
pub fn started_text(lang: Lang, game: &GameView, in_channel: bool) -> String {
    let mut text = board_text(lang, game);
    if let Some((tournament, round)) = game.tournament {
        let players = tr!(
            lang,
            "tournament-game-start",
            white = mention(game.white.id, &game.white.name),
            red = mention(game.red.id, &game.red.name),
            round = round,
            id = tournament
        );
        text = format!("{text}\n{players}");
    }
    if in_channel {
        text = format!("{text}\n{}", tr!(lang, "thread-not-opened"));
    }
    text
}

/// A game that ended without a move: its number and how it ended.
pub fn ended_text(lang: Lang, game: &GameView) -> String {
    tr!(
        lang,
        "labelled",
        label = tr!(lang, "game-number", id = game.id),
        text = result_text(lang, game)
    )
}

/// The reminder by direct message, and whom it goes to: the player to move (a player of the
/// terminal, with no Discord account, gets none).
pub fn reminder_dm_text(lang: Lang, game: &GameView) -> Option<(PlayerId, String)> {
    let (_, player) = game.to_move().filter(|(_, p)| p.id.snowflake().is_some())?;
    let deadline = game.deadline_at.unwrap_or_default() / 1000;
    let text = tr!(
        lang,
        "reminder-dm",
        id = game.id,
        at = format!("<t:{deadline}:R>")
    );
    Some((player.id, text))
}

/// A round's pairings; the first round's also say the tournament started.
pub fn round_text(lang: Lang, tournament: &TournamentView, round: u32) -> String {
    let text = pairings_text(lang, tournament, round);
    if round != 1 {
        return text;
    }
    let started = tr!(
        lang,
        "tournament-started",
        id = tournament.id,
        name = &tournament.name
    );
    format!("{started}\n{text}")
}

/// The post a tournament game's thread opens on ("round 2: alice – bob").
pub fn anchor_text(lang: Lang, game: &GameView, tournament: TournamentId, round: u32) -> String {
    tr!(
        lang,
        "tournament-game-anchor",
        tournament = tournament,
        round = round,
        id = game.id,
        white = &game.white.name,
        red = &game.red.name
    )
}

/// A cancelled tournament's post.
pub fn cancelled_text(lang: Lang, tournament: &TournamentView) -> String {
    tr!(
        lang,
        "tournament-cancelled-post",
        id = tournament.id,
        name = &tournament.name
    )
}

/// A game's analysis was given up.
pub fn analysis_failed_text(lang: Lang, game: GameId) -> String {
    tr!(lang, "analysis-failed", id = game)
}

/// Many games wait for the bot: its reply in game `game` may take up to `seconds`.
pub fn slow_reply_text(lang: Lang, game: GameId, seconds: i64) -> String {
    tr!(lang, "slow-reply", id = game, seconds = seconds)
}

/// A daily puzzle's post: what to find, and how many solved the server's one before.
pub fn daily_puzzle_text(lang: Lang, daily: &DailyPuzzle) -> String {
    let mut text = format!("{}\n{}", tr!(lang, "daily-puzzle"), daily.view.text(lang));
    if let Some(before) = daily.before {
        let solved = tr!(
            lang,
            "daily-puzzle-solvers",
            count = before.solvers,
            id = before.puzzle_id
        );
        text = format!("{text}\n{solved}");
    }
    text
}

/// The daily puzzle's Solve button, which opens it privately for whoever clicks.
pub fn daily_puzzle_button(lang: Lang, puzzle: PuzzleId) -> Vec<serenity::CreateActionRow> {
    let solve = button(
        ButtonId::SolvePuzzle(puzzle),
        tr!(lang, "button-solve"),
        serenity::ButtonStyle::Success,
    );
    vec![serenity::CreateActionRow::Buttons(vec![solve])]
}

/// What the delivery worker posts for an item that is words alone: to whom, and what.
#[derive(Debug, PartialEq, Eq)]
pub enum Said {
    /// Nothing is owed any more (no game waits for the player, the game moved on).
    Nothing,
    /// A post in `channel` (a game's thread, or the channel that asked), pinging `pings`.
    InChannel {
        channel: serenity::ChannelId,
        pings: Vec<PlayerId>,
        text: String,
    },
    /// A direct message to `player`.
    Direct { player: PlayerId, text: String },
}

/// The words of an item and whom they are for, when words are all it posts, in `lang` (the
/// server's; a digest is in the player's own). `None` for the items the delivery worker
/// builds itself: boards, a new game's thread, a tournament's messages, an analysis's chart.
/// A new kind of item that is words alone needs an arm here and its words, and nothing in the
/// worker.
pub fn said(lang: Lang, announcement: &Announcement) -> Option<Said> {
    let Announcement { owed, subject } = announcement;
    Some(match (*owed, subject) {
        (Owed::Reminder { .. }, Subject::Game(game)) => {
            match (reminder_text(lang, game), game_channel(game)) {
                (Some(text), Some(channel)) => Said::InChannel {
                    channel,
                    pings: board_pings(game),
                    text,
                },
                _ => Said::Nothing,
            }
        }
        (Owed::ReminderDm { .. }, Subject::Game(game)) => match reminder_dm_text(lang, game) {
            Some((player, text)) => Said::Direct { player, text },
            None => Said::Nothing,
        },
        // Nothing waits: nothing is sent today.
        (Owed::Digest { .. }, Subject::Player { games, .. }) if games.is_empty() => Said::Nothing,
        (Owed::Digest { player }, Subject::Player { lang, games }) => Said::Direct {
            player,
            text: digest_text(*lang, player, games),
        },
        (Owed::AnalysisFailed { game, channel }, Subject::Venue(_)) => Said::InChannel {
            channel: ids::channel(channel),
            pings: Vec::new(),
            text: analysis_failed_text(lang, game),
        },
        (Owed::SlowReply { seconds, .. }, Subject::Game(game)) => match game_channel(game) {
            Some(channel) => Said::InChannel {
                channel,
                pings: Vec::new(),
                text: slow_reply_text(lang, game.id, seconds),
            },
            None => Said::Nothing,
        },
        _ => return None,
    })
}
