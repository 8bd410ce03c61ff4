//! A match's record file, as `ponte-lab arena` writes it and `ponte replay --game N` reads it:
//! a header naming the match (players, board, seed), the games asked for, the command, commit,
//! date and machine, then each game's block appended whole as it ends (its result line, its
//! record, its end line).

/// The commit the binary was built from ("+changes" when its sources differed from it).
pub const COMMIT: &str = env!("PONTE_COMMIT");

/// How a match's record file starts.
pub const MATCH_LINE: &str = "# arena: ";
/// The header's second line, before the number of games asked for.
pub const GAMES_LINE: &str = "# games: ";
/// How a game's block starts in a record file, before its number and result.
pub const GAME_LINE: &str = "# result: game ";
/// How a game's block ends, before its number: a block without its end was cut short.
pub const END_LINE: &str = "# end of game ";

/// One whole game's block in a match's record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// The game's number in the match, from 1.
    pub number: usize,
    /// Its result line after `# result: game N `.
    pub result: String,
    /// Its record's lines, the first line of the file being 0.
    pub lines: std::ops::Range<usize>,
    /// Its record's text.
    pub record: String,
}

/// Whether `text` is a match's record file of `ponte-lab arena`: it starts with the line naming
/// the match and the games asked for. (The record of a single game that the arena wrote in a
/// folder of one file a game starts with the first line only, then its result.)
pub fn is_match(text: &str) -> bool {
    let mut lines = text.lines();
    lines
        .next()
        .is_some_and(|line| line.starts_with(MATCH_LINE))
        && lines
            .next()
            .is_some_and(|line| line.starts_with(GAMES_LINE))
}

/// The whole games' blocks of a match's record file, in the file's order; a block cut short
/// (no end line before the next block or the file's end) is left out.
pub fn read_games(text: &str) -> Vec<SavedGame> {
    let lines: Vec<&str> = text.lines().collect();
    let mut games = Vec::new();
    let mut open: Option<(usize, &str, usize)> = None;
    for (at, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix(GAME_LINE) {
            let (number, result) = rest.split_once(' ').unwrap_or((rest, ""));
            open = number.parse().ok().map(|number| (number, result, at + 1));
        } else if let Some((number, result, first)) = open
            && line.strip_prefix(END_LINE) == Some(number.to_string().as_str())
        {
            let record = lines[first..at]
                .iter()
                .map(|line| format!("{line}\n"))
                .collect();
            games.push(SavedGame {
                number,
                result: result.to_owned(),
                lines: first..at,
                record,
            });
            open = None;
        }
    }
    games
}

/// Game `number` of a match's record file as a record of its own, on the lines it has in the
/// file (the lines before it left blank), so that a replay's line numbers are the file's.
///
/// # Errors
/// The file holds no whole game of that number.
pub fn game_text(text: &str, number: usize) -> Result<String, String> {
    let games = read_games(text);
    let game = games
        .iter()
        .find(|game| game.number == number)
        .ok_or_else(|| {
            format!(
                "no game {number} in this match's record, which holds {} whole games",
                games.len()
            )
        })?;
    Ok("\n".repeat(game.lines.start) + &game.record)
}
