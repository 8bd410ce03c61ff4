# ponte's words in English. Every message here exists in de.ftl and fr.ftl with the same
# arguments (a test checks). Cells (c3), bridges (c3-e4) and numbers come in as arguments.

## The game's vocabulary

# A colour in running text; $color is white or red.
color = { $color ->
    [white] white
   *[red] red
}
count-points = { $n ->
    [one] { $n } point
   *[other] { $n } points
}
count-islands = { $n ->
    [one] { $n } island
   *[other] { $n } islands
}
count-bridges = { $n ->
    [one] { $n } bridge
   *[other] { $n } bridges
}
count-tiles = { $n ->
    [one] { $n } tile
   *[other] { $n } tiles
}
supply-unlimited = unlimited supply
supply-limited = { $tiles } tiles each, { $bridges } bridges
# A label and what follows it, as "alice (white): 3 points".
labelled = { $label }: { $text }
move-pass = pass
move-swap = swap

diagram-bridges = { $color } bridges: { $bridges }
diagram-last-move = last move: { $move } (move { $number })
# $figures: the counts of points, islands, bridges and tiles ("3 points"), joined by commas.
diagram-score = { $color }  { $figures }
diagram-tiles-left = { $left ->
    [one] , { $left } tile left
   *[other] , { $left } tiles left
}
diagram-bridges-left = bridges left in the pool: { $left }

## Why a move is illegal

illegal-game-over = the game is over
illegal-off-board = { $cell } is off the { $size }×{ $size } board
illegal-same-cell = the two tiles must go on two different cells, not both on { $cell }
illegal-bridge-to-itself = a bridge needs two different tiles, not { $cell } twice
illegal-occupied = { $cell } is already taken by a { $owner ->
    [white] white
   *[red] red
} tile
illegal-under-bridge = { $cell } is under the bridge { $bridge }
illegal-not-enough-tiles = you have { $left } { $left ->
    [one] tile
   *[other] tiles
} left, so you cannot place two
illegal-group-too-large = that makes a group of { $size } tiles at { $cell }; a group may have at most 4
illegal-island-touches-diagonally = the island { $island } would touch your tile at { $tile } diagonally
illegal-not-your-tile = there is no { $color ->
    [white] white
   *[red] red
} tile on { $cell } to carry a bridge
illegal-not-a-bridge = { $a } and { $b } are not a bridge apart: a bridge spans two cells in a row, column or diagonal, or a knight's move
illegal-already-bridged = the tile on { $cell } already carries the bridge { $bridge }
illegal-over-tile = the bridge { $bridge } would pass over the { $owner ->
    [white] white
   *[red] red
} tile on { $cell }
illegal-crossing = the bridge { $bridge } would cross the bridge { $other }
illegal-no-bridges-left = no bridge is left: the pool of { $pool } is used up
illegal-swap-not-now = swap is only allowed as the second move, right after White's first two tiles
illegal-may-not-pass = you can still place two tiles (for example { $a } { $b }), so you may not pass

## The caption under the board picture

caption-title = Game #{ $id }
caption-bridges-left = { $left } of { $pool } bridges left
caption-bridges-unlimited = unlimited bridges
caption-tiles-each = { $n } tiles each
caption-tiles-unlimited = unlimited tiles
caption-tiles-left = { $n ->
    [one] { $n } tile left
   *[other] { $n } tiles left
}
player-color = { $name } ({ $color })
caption-game-over = Game over: { $ending }
caption-game-over-plain = Game over
caption-move = Move { $number }: { $move }
caption-to-move-pie = { $who } to move: swap, or place two red tiles
caption-last-turn = { $who } has the last turn
caption-to-move = { $who } to move
plot-title = Rating of { $name }
plot-caption = { $games ->
    [one] the start, then after { $games } rated game
   *[other] the start, then after each of { $games } rated games
}
plot-no-games = No rated games yet.

## Games: time per move and results

move-time-none = no time limit
move-time-days = { $n ->
    [one] { $n } day per move
   *[other] { $n } days per move
}
move-time-hours = { $n ->
    [one] { $n } hour per move
   *[other] { $n } hours per move
}
move-time-minutes = { $n ->
    [one] { $n } minute per move
   *[other] { $n } minutes per move
}
# $winner and $loser are a player with their colour, "alice (white)".
result-aborted = the game was aborted: no result
result-resignation = { $winner } wins, by resignation
result-timeout = { $winner } wins on time: { $loser } ran out of time
result-islands = { $winner } wins on the first tiebreak: points equal ({ $points }–{ $points }), more islands ({ $ours }–{ $theirs })
result-bridges = { $winner } wins on the second tiebreak: points and islands equal, more bridges ({ $ours }–{ $theirs })
result-points = { $winner } wins on points ({ $ours }–{ $theirs })
result-draw = a draw: points, islands and bridges all equal ({ $white }–{ $red })
result-end-last-turn = { $white } passed, so { $red } had the last turn ({ $move }); then the game was scored
result-end-red-passed = { $red } passed, which ends the game at once: it was scored as it stood

## What the service refuses

error-unknown-game = there is no game #{ $id }
error-unknown-challenge = there is no challenge #{ $id }
error-not-your-game = you are not playing in game #{ $id }
error-not-your-turn = it is not your turn: { $name } is to move
error-game-over = game #{ $id } is over
error-position-changed = the position changed before your move arrived: look at the new board and try again
error-not-a-move = "{ $text }" is not a move: write two cells to place (c3 e5), two cells joined by a dash to bridge (c3-e4), swap, pass or resign
error-self-challenge = you cannot challenge yourself
error-move-time-out-of-range = the time per move can be from 1 minute to 30 days
error-own-challenge = you cannot accept your own challenge
error-not-for-you = this challenge is for { $name }
error-not-your-challenge = only { $name } can cancel this challenge
error-open-challenge-decline = an open challenge cannot be declined; just leave it, it expires by itself
error-challenge-expired = this challenge has expired
error-challenge-closed = { $status ->
    [accepted] this challenge was already accepted
    [declined] this challenge was already declined
    [cancelled] this challenge was already cancelled
    [expired] this challenge was already expired
   *[open] this challenge is still open
}
error-no-game-here = there is no game of yours here
error-time-ran-out = the time for this move ran out: game #{ $id } is lost on time
error-too-late-to-abort = a game can only be aborted before Red's first move; after that, resign
error-not-your-abort = only the players, or a member who can manage this server, can abort game #{ $id }
error-not-your-rematch = rematches are for the two players of game #{ $id }
error-not-over = game #{ $id } is not over yet
error-no-server = leaderboards belong to a server
error-which-game = you have several games here: say which one ({ $games })
error-damaged = game #{ $id } is damaged (its saved moves: { $reason }), so nothing more can be saved in it
error-store = Sorry, I could not read or save that (a problem on my side): nothing was changed. Please try again in a moment.
error-unexpected = Sorry, something went wrong on my side. Please try again in a moment.

## Discord: challenges and games against the bot

challenge-anyone = anyone
challenge-opener-challenger = The challenger
challenge-opener-other = The other player
# $rated is yes or no; $terms the board, supply and time ("12×12, 60 tiles each, 22 bridges, 3 days per move").
challenge-text = { $who } challenges { $whom } to { $rated ->
    [yes] a rated
   *[no] an unrated
} game of Ponte del Diavolo ({ $terms }). { $opener } opens with White's first two tiles; the other player then keeps Red or swaps. The challenge expires { $expires }.
challenge-accepted = { $name } accepted: game #{ $id } — { $white } (White) vs { $red } (Red).
# $status is declined or cancelled.
challenge-closed = The challenge of { $challenger } was { $status ->
    [declined] declined
   *[cancelled] cancelled
} by { $name }.
challenge-expired = The challenge of { $challenger } has expired.
challenge-other-bot = other bots cannot play; challenge a person, or me
challenge-bot-options = `level` and `first` are for games against me: choose me as the opponent
challenge-bot-rated = games against me are never rated: leave `rated` out
ai-game-text = { $human } plays { $bot } ({ $level }) in an unrated game of Ponte del Diavolo ({ $terms }). { $opener } opens with White's first two tiles; the other then keeps Red or swaps. The game follows in its thread.
ai-game-not-started = The game could not start: { $reason }
# A level of the bot; $level is easy, medium or hard.
level = { $level ->
    [easy] easy
    [medium] medium
   *[hard] hard
}
rematch-no-channel = this game has no channel for a rematch
rematch-offered = Rematch offered in { $channel } (challenge #{ $id }).
rematch-started = Rematch: game #{ $id } starts in { $thread }.

## Discord: buttons

button-accept = Accept
button-decline = Decline
button-cancel = Cancel
button-rematch = Rematch
button-export = Export
button-swap = Swap — take White
button-keep = Keep Red
button-resign = Yes, resign game #{ $id }
button-stale = this button is no longer valid
pie-kept = You keep Red: place your two red tiles with `/place`.

## Discord: moves and boards

game-number = Game #{ $id }
played-place = { $who } placed `{ $cells }`.
played-bridge = { $who } built the bridge `{ $bridge }`.
played-swap = { $who } swapped and now plays White.
played-forced-pass = { $who } can neither place two tiles nor bridge, so passes automatically.
played-pass = { $who } passed.
played-resign = { $who } resigned.
turn-ai-thinking = { $name } ({ $level }) is thinking ({ $color })…
turn-deadline = (time runs out { $at })
turn-open = { $who }, you open: place White's first two tiles with `/place`.
turn-pie = { $who }, your choice: **Swap** to take White's tiles, or **Keep Red** and place two red tiles with `/place`.
turn-last = { $who }, White has passed: this is your last turn ({ $color }).
turn-yours = { $who }, your turn ({ $color }).
# $over is yes or no.
board-headline = Game #{ $id }: { $white } (White) vs { $red } (Red), { $over ->
    [yes] ended after move { $plies }
   *[no] move { $number }
}.
networks-none = no islands
game-over = **Game over:** { $headline }.
move-saved = Saved: move { $ply } of game #{ $id }. The board follows.
move-saved-elsewhere = Saved: move { $ply } of game #{ $id }. The board follows in { $channel }.
# $elsewhere names the command the move belongs to: place, bridge, pass, resign, swap, or none.
place-takes-two-cells = /place takes two cells, like `c3 d4`{ $elsewhere ->
    [bridge] : to build a bridge, use /bridge
    [pass] : to pass, use /pass
    [resign] : to resign, use /resign (it asks first)
    [swap] : to swap, use /swap or the Swap button under the board
   *[none] {""}
}
bridge-takes-two-cells = /bridge takes two cells, like `c3-e4`{ $elsewhere ->
    [place] : to place tiles, use /place
    [pass] : to pass, use /pass
    [resign] : to resign, use /resign (it asks first)
    [swap] : to swap, use /swap or the Swap button under the board
   *[none] {""}
}
resign-confirm = Do you really want to resign game #{ $id }? Your opponent wins.
game-aborted = Game #{ $id } ({ $white } vs { $red }) was aborted by { $name }: no result, and it does not count for ratings. The board follows.
thread-not-opened = (I could not open a thread for this game, so it is played here in the channel.)
thread-refused = (I could not post in the game's thread, so the game goes on here.)
reminder = ⏰ { $who }, a quarter of your time is left in game #{ $id } ({ $color } to move): it runs out { $at }.
reminder-dm = Your move in game #{ $id } of Ponte del Diavolo: time runs out { $at }.
export-record = The record of game #{ $id }.

## Discord: lists, standings and help

autocomplete-game = #{ $id } vs { $opponent } ({ $yours ->
    [yes] your turn
   *[no] their turn
})
games-none = You have no games going on. Start one with `/challenge`.
games-your-turn = **your turn**
games-their-turn = { $name }'s turn
games-over = over
games-line = #{ $id }: you ({ $color }) vs { $opponent }, move { $number }, { $turn }
games-deadline = time runs out { $at }
notify-on = I will send you a direct message when a quarter of your time for a move is left.
notify-off = No more direct messages; reminders still appear in the game's thread.
notify-digest = Every day at { $hour } ({ $zone }) I will send you one direct message listing the games where it is your turn, and nothing on a day when none waits. Reminders still appear in the games' threads.
digest-header = { $count ->
    [one] Your daily digest: 1 game waits for your move.
   *[other] Your daily digest: { $count } games wait for your move.
}
digest-line = #{ $id } against { $opponent }, move { $number }
error-unknown-time-zone = "{ $name }" is not a time zone: pick one from the list, e.g. Europe/Berlin.
error-digest-needs-zone = Tell me your time zone (the `zone` option, e.g. Europe/Berlin): Discord does not tell me.
error-digest-hour = The digest's hour is 0 to 23.
# $provisional is yes or no.
rating-line = { $rating } ± { $deviation }{ $provisional ->
    [yes] {" "}(provisional)
   *[no] {""}
} · { $wins }–{ $losses }–{ $draws } in { $games ->
    [one] { $games } game
   *[other] { $games } games
}
leaderboard-empty = No rated games in this server yet. `/challenge` someone!
leaderboard-title = **Leaderboard** (page { $page } of { $pages }; W–L–D; provisional ratings are listed after settled ones)
leaderboard-you = You: { $line }
leaderboard-you-unrated = You have no rated game here yet.
stats-rank = Rank { $rank } · { $rating }
stats-unrated = No rated game in this server yet.
# $kind is win, loss or draw.
stats-streak = Current streak: { $kind ->
    [win] { $n ->
        [one] { $n } win
       *[other] { $n } wins
    }
    [loss] { $n ->
        [one] { $n } loss
       *[other] { $n } losses
    }
   *[draw] { $n ->
        [one] { $n } draw
       *[other] { $n } draws
    }
}
# $outcome is won, lost or draw; $rated yes or no.
stats-game = #{ $id } vs { $opponent }: { $outcome ->
    [won] won
    [lost] lost
   *[draw] draw
}{ $rated ->
    [yes] {""}
   *[no] {" "}(unrated)
}
stats-against-ai = Against me (won–lost–drawn, unrated): { $records }
settings-language-chosen = From now on I post in { $language } in this server.
settings-language-server = From now on I post in this server's language ({ $language }), as Discord reports it.
guild-only = Games are played in a server channel, not in direct messages.
managers-only = Only members who can manage this server can change its settings.
argument-unreadable = I could not read "{ $input }": { $error }
argument-missing = Something is missing: { $error }
rules-picture-title = Islands and bridges
rules-white = White
rules-red = Red
rules-text = **Ponte del Diavolo** — build islands and join them with bridges.
    • **Opening:** one player places two White tiles: the challenger (against me, as `first` says; in a rematch, who lost, or after a draw who did not open; in a tournament, as the pairing says). The other player then swaps (takes White) or keeps Red and places two red tiles. Then Red and White alternate.
    • **A turn:** place two tiles of your colour on empty cells (`/place c3 d4`), or build one bridge between two of your tiles (`/bridge c3 e4`).
    • **Islands:** 4 tiles joined side by side make an island (one block with ◆ on the board); 1–3 tiles are a sandbank (separate smaller squares). A group never exceeds 4 tiles, and an island may not touch another tile of its colour, not even diagonally.
    • **Bridges:** two cells apart in a row, column or diagonal, or a knight's move. The cells under a bridge stay empty for good; bridges never cross; one bridge per tile.
    • **End:** a player who cannot place two tiles may bridge or `/pass`. After White passes, Red has one last turn; Red's pass ends the game.
    • **Score:** each set of islands joined by bridges (through sandbanks too) scores 1, 3, 6, 10, 15… for 1, 2, 3, 4, 5… islands. Ties go to more islands, then more bridges; still tied, it is a draw.
help-text = `/challenge [opponent] [size] [supply] [time] [rated]` — challenge a player, or anyone; the game gets its own thread (rated unless you say otherwise). Choose me as the opponent (with `level` easy, medium or hard, and `first`) to play me at once, unrated.
    `/place c3 d4` — place two tiles (the cells are suggested as you type).
    `/bridge c3 e4` — build a bridge between two of your tiles.
    `/swap` — the pie rule: on Red's first turn you may take White and its two tiles instead of placing (or use the Swap button under the board).
    `/pass` — only when you cannot place two tiles. `/resign` — give up (asks first).
    `/hint` — against the bot: the move it would play for you, and why (only you see it; hints are counted).
    `/learn` — the rules in eight short lessons. `/puzzle` — find the move that keeps an advantage.
    `/board` — show a board. `/games` — your games, whose turn and the time left. `/rules` — the rules.
    `/abort` — call a game off before Red's first move. `/export` — the game record as a file.
    `/replay [game]` — an animated replay of a finished game. `/analyse [game]` — where it was won and lost, as the AI sees it.
    `/leaderboard [page]`, `/stats [player]` — this server's ratings. `/notify on|off|daily digest` — reminders by direct message, or one digest a day.
    `/vacation start|end|status` — time away: your clocks stand still.
    `/settings language|tournaments|vacations|puzzle-channel|pages` — my language here, who creates tournaments, vacation days, a daily puzzle in this channel, private web pages (managers). `/web logout` — log out of the web board everywhere.
    `/tournament create|start|standings|pairings|withdraw|cancel` — server tournaments (round robin or Swiss); join with the button under the sign-up message.
    In a game's thread the commands act on that game; elsewhere pick it with the `game` option. `/help` — this list.

## Discord: the slash commands. A command's name (English: the code's own), .description,
## and per option its name, -description and -choice-N (its choices in order).

cmd-challenge = challenge
    .description = Challenge a player, anyone, or the bot itself to a game of Ponte del Diavolo
    .opponent = opponent
    .opponent-description = Who to play (the bot itself, or empty for an open challenge)
    .size = size
    .size-description = Board size
    .size-choice-0 = 12×12 (default)
    .size-choice-1 = 10×10 (the smaller board)
    .supply = supply
    .supply-description = Tiles and bridges: the box, or unlimited
    .supply-choice-0 = the box (default)
    .supply-choice-1 = unlimited
    .time = time
    .time-description = Time per move
    .time-choice-0 = no limit
    .time-choice-1 = 1 hour
    .time-choice-2 = 1 day
    .time-choice-3 = 3 days (default)
    .time-choice-4 = 7 days
    .rated = rated
    .rated-description = Whether the game counts for the server's ratings (default: yes)
    .level = level
    .level-description = Against the bot: how strong it plays (default: medium)
    .level-choice-0 = easy
    .level-choice-1 = medium
    .level-choice-2 = hard
    .first = first
    .first-description = Against the bot: who opens, me or the bot (default: me)
    .first-choice-0 = me
    .first-choice-1 = bot
cmd-place = place
    .description = Place two tiles, e.g. c3 d4
    .first = first
    .first-description = First cell, e.g. c3 (or both cells: c3 d4)
    .second = second
    .second-description = Second cell, e.g. d4
    .game = game
    .game-description = Which game (only needed outside the game's thread)
cmd-bridge = bridge
    .description = Build a bridge between two of your tiles, e.g. c3 e4
    .from = from
    .from-description = One end: a tile of yours, e.g. c3 (or both: c3-e4)
    .to = to
    .to-description = The other end, e.g. e4
    .game = game
    .game-description = Which game (only needed outside the game's thread)
cmd-pass = pass
    .description = Pass: only when you cannot place two tiles
    .game = game
    .game-description = Which game (only needed outside the game's thread)
cmd-resign = resign
    .description = Resign a game (asks you to confirm)
    .game = game
    .game-description = Which game (only needed outside the game's thread)
cmd-board = board
    .description = Show the board of a game
    .game = game
    .game-description = Which game (only needed outside the game's thread)
cmd-games = games
    .description = Your active games, those waiting for your move first
cmd-abort = abort
    .description = Call off a game before Red's first move (managers: any game); no result, unrated
    .game = game
    .game-description = Which game (only needed outside the game's thread)
cmd-notify = notify
    .description = How you hear of your games by direct message: reminders, a daily digest, or nothing
    .reminders = reminders
    .reminders-description = Direct-message reminders on or off
    .reminders-choice-0 = on
    .reminders-choice-1 = off
    .reminders-choice-2 = a daily digest
    .hour = hour
    .hour-description = The digest's hour in your time zone, 0 to 23 (default 8)
    .zone = zone
    .zone-description = Your time zone, e.g. Europe/Berlin (needed for the digest)
cmd-leaderboard = leaderboard
    .description = This server's ratings
    .page = page
    .page-description = Page (10 players a page)
cmd-stats = stats
    .description = A player's rating, record, streak, recent games and rating over time
    .player = player
    .player-description = Whose stats (default: yours)
cmd-export = export
    .description = The game's record (for `ponte replay`), as a file
    .game = game
    .game-description = Which game (only needed outside the game's thread)
cmd-rules = rules
    .description = A short summary of the rules, with an example board
cmd-help = help
    .description = How to play with this bot
cmd-settings = settings
    .description = The server's settings (managers only)
cmd-settings-language = language
    .description = The language of the bot's posts in this server
    .language = language
    .language-description = English, Deutsch, Français, or the server's language as Discord reports it
    .language-choice-0 = the server's language
    .language-choice-1 = English
    .language-choice-2 = Deutsch
    .language-choice-3 = Français

## The terminal (ponte local). The commands themselves stay English words.

local-welcome = ponte local: you play as { $name } (`as NAME` plays as someone else).
    New to the game? Type `learn`: { $lessons } short lessons teach it. `puzzle` gives you a position to solve, `help` lists every command.
local-help =
    commands (prefix any with `as NAME` to act as that player):
      play NAME NAME [size N] [unlimited]   start a game at once (the first name opens as White);
                                            a name may be the bot: ai:easy, ai:medium or ai:hard
      challenge NAME|open [size N] [unlimited] [time DAYS]
      accept [#ID]  decline [#ID]  cancel [#ID]
      place c3 d4   bridge c3-e4   swap   pass   resign (then yes)   (or just type the move: c3 d4)
      board   games   game #ID   record   replay [#ID]   analyse [#ID]   rules   help   quit
      vacation NAME DAYS   back NAME   (a player away: their clocks stand still)
      rematch [#ID]   a finished game again, the loser opening
      hint   against the bot: the move it would play for you, and why (hints are counted)
    moves are played by the player to move in the current game unless `as NAME` says otherwise
    the board: w W white tiles (W: in an island), r R red, ─ │ ╱ ╲ a bridge over the cells no tile may go on,
      {"["}w] the last move's tiles; rules prints the rules in short
local-unknown-command = "{ $word }" is not a command (help lists them){ $nearest ->
    [none] {""}
   *[other] : did you mean { $nearest }?
}
local-you-are = you are now { $name }
local-error = error: { $error }
local-news-result = game #{ $id }: { $result }
local-news-reminder = game #{ $id }: { $name }, a quarter of your time is left
local-news-expired = challenge #{ $id } expired
local-say-who = `as` needs a name: `as NAME`, alone or before a command
local-usage-play = usage: play NAME NAME [size N] [unlimited]
local-bot-itself = the bot cannot play itself
local-usage-challenge = usage: challenge NAME|open [size N] [unlimited] [time DAYS]
local-nothing-to-answer = { $name } has no challenge to { $command }
local-declined = challenge #{ $id } declined
local-cancelled = challenge #{ $id } cancelled
local-no-current = no current game: `play NAME NAME`, `accept` or `game #ID`
local-no-current-open = no current game: `game #ID` takes up one of these
local-no-games = { $name } has no active games
local-your-turn = your turn
local-games-line = #{ $id }: { $white } vs { $red }, move { $number }, { $turn }
local-usage-game = usage: game #ID
local-usage-vacation = usage: vacation NAME DAYS
local-usage-back = usage: back NAME
local-vacation = { $name } is on vacation until { $until }: the clocks of their games stand still ({ $left } days left this year)
local-back = { $name } is back: their clocks run again ({ $left } days left this year)
local-not-an-id = "{ $word }" is not an id like #3
local-size-needs-number = size needs a number from 6 to 16
local-time-range = time is the days per move, from a minute (0.0007) to { $days }
local-unknown-option = unknown option "{ $option }"
local-challenge = challenge #{ $id }: { $challenger } challenges { $whom } to { $variant }; answer with `as NAME accept`
local-started = game #{ $id } started: { $white } opens with White's first two tiles, then { $red } keeps Red or swaps ({ $variant })
local-played-swap = { $who } swaps: takes White
local-played-forced-pass = { $who } cannot place two tiles or bridge: passes
local-played-pass = { $who } passes
local-played-resign = { $who } resigns
local-played = { $who } plays { $move }
local-saved = saved: move { $ply } of game #{ $id }
local-players = game #{ $id }: { $white } is White, { $red } is Red
local-game-over = game over: { $result }
local-to-move = { $who } to move
local-to-move-pie = { $who } to move (swap to take White, or place two red tiles)
local-bot-to-move = it is { $name }'s turn, and it plays its own moves: wait for it, or name the player who moves (as NAME …)
local-ai-later = { $error }: your move is saved; the bot plays its reply in game #{ $id } before your next command
local-picture = picture: { $path }
local-no-picture = (no picture: { $error })
local-picture-failed = (could not write { $path }: { $error })

## Tournaments

error-unknown-tournament = there is no tournament #{ $id }
error-tournament-name = a tournament needs a name of at most 80 characters
error-swiss-rounds = a Swiss tournament has from 1 to { $most } rounds
error-signup-closed = sign-up for tournament #{ $id } is closed
error-already-entered = you are already in tournament #{ $id }
error-not-entered = you are not in tournament #{ $id }
error-not-organiser = only the organiser, or a member who can manage this server, can do that in tournament #{ $id }
error-too-few-entrants = tournament #{ $id } needs at least two entrants to start
error-tournament-over = tournament #{ $id } is over
crosstable-rank = #
crosstable-player = Player
crosstable-round = R{ $n }
crosstable-points = Pts
crosstable-bye = bye
tiebreak-sonneborn-berger = SB
tiebreak-buchholz = Buchholz
tiebreak-buchholz-cut1 = BH−1
tiebreak-direct = Direct
tiebreak-board-points = Board
tournament-game-anchor = Tournament #{ $tournament }, round { $round }: { $white } – { $red } (game #{ $id })
tournament-format-round-robin = { $double ->
    [yes] double round robin
   *[no] round robin
}
tournament-format-swiss = { $rounds ->
    [one] Swiss, { $rounds } round
   *[other] Swiss, { $rounds } rounds
}
tournament-signup = **{ $name }** (tournament #{ $id }): { $format }, { $terms }, { $rated ->
    [yes] rated
   *[no] unrated
}.
tournament-signup-until = Sign-up closes { $at }: press **Join** to play.
tournament-signup-by-hand = Sign-up is open until the organiser starts the tournament: press **Join** to play.
tournament-signup-closed = Sign-up is closed.
tournament-cancelled = The tournament was cancelled.
tournament-entrants = { $count ->
    [0] No entrants yet.
   *[other] Entrants ({ $count }): { $names }
}
button-join = Join
button-leave = Leave
tournament-started = **{ $name }** (tournament #{ $id }) has started: each game has its own thread.
tournament-round = **Round { $round } of { $rounds }**
tournament-pairing = Game #{ $id }: { $opener } opens against { $other }
tournament-game-start = { $white } and { $red }: the game of round { $round } of tournament #{ $id } starts here.
tournament-bye = { $name } { $swiss ->
    [yes] has the bye (one point)
   *[no] sits this round out
}
tournament-standings = **{ $name }**, standings { $stage ->
    [after] after round { $round } of { $rounds }
    [during] during round { $round } of { $rounds }
   *[games] after { $played } of { $games } games
}:
tournament-standing = { $rank }. { $name } — { $points }{ $withdrawn ->
    [yes] {" "}(withdrawn)
   *[no] {""}
}
tournament-winner = 🏆 { $name } wins the tournament!
tournament-withdrawn = { $name } has withdrawn from **{ $tournament }** (tournament #{ $id }); their remaining games are forfeited.
cmd-tournament = tournament
    .description = Server tournaments: round robin and Swiss, by correspondence
cmd-tournament-create = create
    .description = Open sign-up for a tournament (managers)
    .name = name
    .name-description = The tournament's name
    .format = format
    .format-description = Round robin (everyone plays everyone) or Swiss
    .format-choice-0 = round robin
    .format-choice-1 = double round robin
    .format-choice-2 = Swiss
    .rounds = rounds
    .rounds-description = Swiss: how many rounds (default 5)
    .size = size
    .size-description = Board size
    .size-choice-0 = 12×12 (default)
    .size-choice-1 = 10×10 (the smaller board)
    .supply = supply
    .supply-description = Tiles and bridges: the box, or unlimited
    .supply-choice-0 = the box (default)
    .supply-choice-1 = unlimited
    .time = time
    .time-description = Time per move
    .time-choice-0 = no limit
    .time-choice-1 = 1 hour
    .time-choice-2 = 1 day
    .time-choice-3 = 3 days (default)
    .time-choice-4 = 7 days
    .rated = rated
    .rated-description = Whether the games count for the server's ratings (default: yes)
    .signup = signup
    .signup-description = How long sign-up stays open (default: until started by hand)
    .signup-choice-0 = until started by hand
    .signup-choice-1 = 1 day
    .signup-choice-2 = 3 days
    .signup-choice-3 = 7 days
    .vacations = vacations
    .vacations-description = Whether a game stands still while its player to move is on vacation (default: no)
cmd-tournament-start = start
    .description = Close sign-up and start the tournament (organiser or managers)
    .tournament = tournament
    .tournament-description = Which tournament
cmd-tournament-standings = standings
    .description = The standings and the crosstable
    .tournament = tournament
    .tournament-description = Which tournament
cmd-tournament-pairings = pairings
    .description = A round's games
    .tournament = tournament
    .tournament-description = Which tournament
    .round = round
    .round-description = Which round (default: the current one)
cmd-tournament-withdraw = withdraw
    .description = Withdraw (organisers: remove a player); remaining games are forfeited
    .tournament = tournament
    .tournament-description = Which tournament
    .player = player
    .player-description = Who withdraws (default: you)
cmd-tournament-cancel = cancel
    .description = Call a tournament off (organiser or managers); unfinished games are aborted
    .tournament = tournament
    .tournament-description = Which tournament
tournament-start-saved = Tournament #{ $id } has started: the pairings follow in the channel.
error-managers-create-tournaments = in this server only members who can manage it create tournaments
settings-tournament-creators = { $members ->
    [yes] From now on any member can create tournaments in this server.
   *[no] From now on only members who can manage this server create tournaments.
}
cmd-settings-tournaments = tournaments
    .description = Who may create tournaments in this server
    .creators = creators
    .creators-description = Members who manage the server, or every member
    .creators-choice-0 = managers
    .creators-choice-1 = members
cmd-settings-vacations = vacations
    .description = How many vacation days each player has a year in this server (0: none)
    .days = days
    .days-description = Days a year, 0 to 365 (default 30)
settings-vacation-days = { $days ->
    [0] Vacations are off in this server from now on.
    [one] From now on each player has 1 vacation day a year in this server.
   *[other] From now on each player has { $days } vacation days a year in this server.
}
cmd-vacation = vacation
    .description = Time away from this server's games: your clocks stand still
cmd-vacation-start = start
    .description = Go on vacation for whole days: your clocks stand still, no reminders
    .days = days
    .days-description = How many days (a day begun counts whole)
cmd-vacation-end = end
    .description = Come back early: your clocks run again, the days not begun return
cmd-vacation-status = status
    .description = Whether you are away, and the vacation days you have left this year
vacation-started = You are on vacation until { $until }: in your games here where it is your turn the clock stands still, and you get no reminders. { $left ->
    [one] 1 day left this year.
   *[other] { $left } days left this year.
}
vacation-ended = Welcome back: your clocks run again, each with the time it had left. { $left ->
    [one] 1 vacation day left this year.
   *[other] { $left } vacation days left this year.
}
vacation-status = You are not on vacation; { $left } of { $allowance } days left this year.
vacation-status-away = You are on vacation until { $until }; { $left } of { $allowance } days left this year.
away-until = { $name } is on vacation until { $until }: the clock stands still.
error-tournament-game-abort = game #{ $id } is a tournament game: resign it, or withdraw from the tournament
tournament-cancelled-post = **{ $name }** (tournament #{ $id }) was cancelled; unfinished games were aborted.
tournament-cancel-saved = Tournament #{ $id } is cancelled.

## After the game: replays and analyses

autocomplete-finished-game = #{ $id } vs { $opponent }
button-replay = Replay
replay-posted = The replay of game #{ $id }: { $white } against { $red }.
cmd-replay = replay
    .description = An animated replay of a game (default: this thread's, else your latest)
    .game = game
    .game-description = Which game (default: this thread's, else your latest finished game)
button-analyse = Analyse
cmd-analyse = analyse
    .description = Where a finished game was won and lost, as the AI sees it
    .game = game
    .game-description = Which game (default: this thread's, else your latest finished game)
error-aborted-analysis = Game #{ $id } was aborted: there is nothing to analyse.
error-vacations-off = Vacations are off in this server.
error-already-away = You are on vacation until { $until } already: `/vacation end` brings you back.
error-vacation-days = { $left ->
    [0] You have no vacation days left this year.
    [one] You have 1 vacation day left this year: ask for 1.
   *[other] Ask for 1 to { $left } days: that is what you have left this year.
}
error-not-away = You are not on vacation.
error-vacation-allowance = A server gives 0 to { $most } vacation days a year.
analysis-started = Analysing game #{ $id }: the AI looks at each of its { $positions } positions. The result will be posted here when it is done.
analysis-running = The AI is already analysing game #{ $id }; the result will be posted here too.
analysis-failed = The analysis of game #{ $id } could not be made. Ask for it again later.
analysis-heading = The moves that changed the game most, as the AI sees them:
analysis-moment = Move { $number }, { $who } played { $played }: White's chances { $fell ->
    [yes] fell
   *[no] rose
} from { $before }% to { $after }%; the AI preferred { $preferred }.
analysis-steady = No move changed the game by more than { $points }% of winning chances: a steady game.
analysis-title = Game #{ $id }
    { $white } (White) against { $red } (Red)
analysis-caption = White's chances of winning move by move ({ $playouts } playouts a position)
local-no-pictures = replays are written beside the pictures: start without --no-pictures
analyse-cli-start = start
analyse-cli-white = White { $percent }%

## Progress bars on a terminal (ponte local's analyse, ponte analyse and gif): $done is the
## count (12/83) and $left the time left (20s), both filled in by the bar as it moves.

progress-positions = { $done } positions analysed, { $left } left
progress-frames = { $done } frames drawn, { $left } left

## /swap: the pie rule's choice as a command.

cmd-swap = swap
    .description = Swap: take White and its first two tiles (only on Red's first turn)
    .game = game
    .game-description = Which game (only needed outside the game's thread)

## Analyses: who played a turning point when the game has no players (a record): its colour.

analysis-color = { $color ->
    [white] White
   *[red] Red
}

## The terminal (ponte local): the kind of move a verb names, the last turn, the clock, the
## board's colours and the game resumed at start.

# $elsewhere is the kind of move that was typed instead: bridge, place, pass, resign, swap or none.
local-verb-place = `place` needs two cells for two tiles, like `place c3 d4`{ $elsewhere ->
    [bridge] : to build the bridge { $move }, type `bridge { $move }`
    [pass] : to pass, type `pass`
    [resign] : to resign, type `resign`
    [swap] : to swap, type `swap`
   *[none] {""}
}
local-verb-bridge = `bridge` needs the two ends of a bridge, like `bridge c3-e4` or `bridge c3 e4`{ $elsewhere ->
    [place] : to place two tiles on { $move }, type `place { $move }`
    [pass] : to pass, type `pass`
    [resign] : to resign, type `resign`
    [swap] : to swap, type `swap`
   *[none] {""}
}
local-to-move-last = { $who } to move: White has passed, this is the last turn
local-cannot-place-two = { $reason }: no two tiles fit on the board any more, so build a bridge or `pass`
local-already-away = { $name } is on vacation until { $until } already: `back { $name }` brings them back
local-vacation-days = { $left ->
    [0] { $name } has no vacation days left this year
    [one] { $name } has 1 vacation day left this year: ask for 1
   *[other] ask for 1 to { $left } days: { $name } has that many left this year
}
local-not-away = { $name } is not on vacation
local-rules = Ponte del Diavolo — build islands and join them with bridges.
    • Opening: one player places two White tiles: in `play A B`, A; against the bot, the name written first (`play ai:easy alice`: the bot opens; `play alice ai:easy`: alice opens); after `challenge`, the challenger; in a `rematch`, the loser (after a draw, whoever did not open). The other player then types `swap` (takes White) or keeps Red and places two red tiles. Then Red and White alternate.
    • A turn: place two tiles of your colour on empty cells (`c3 d4` or `place c3 d4`), or build one bridge between two of your tiles (`c3-e4` or `bridge c3 e4`).
    • Islands: 4 tiles joined side by side make an island (W or R on the board); 1–3 tiles are a sandbank (w or r). A group never exceeds 4 tiles, and an island may not touch another tile of its colour, not even diagonally.
    • Bridges: two cells apart in a row, column or diagonal, or a knight's move. The cells under a bridge (its line on the board: ─ │ ╱ ╲) stay empty for good; bridges never cross; one bridge per tile.
    • End: a player who cannot place two tiles may bridge or `pass`. After White passes, Red has one last turn; Red's pass ends the game. `resign` gives up.
    • Score: each set of islands joined by bridges (through sandbanks too) scores 1, 3, 6, 10, 15… for 1, 2, 3, 4, 5… islands. Ties go to more islands, then more bridges, then it is a draw.
local-clock = time runs out { $at } ({ $left } left)
local-clock-away = { $name } is on vacation until { $until }: the clock stands still
time-left = { $days ->
    [0] { $hours ->
        [0] { $minutes } min
       *[other] { $hours } h { $minutes } min
    }
   *[other] { $days } d { $hours } h
}
local-resumed = game #{ $id } goes on where it stood: `board` shows it, `games` lists the others
local-resign-ask = Resign game #{ $id } as { $who }? Type `yes` to confirm; anything else keeps the game going.
local-resign-kept = not resigned: game #{ $id } goes on
local-resign-not-yours = { $who } cannot resign for { $named }: `resign` gives up your own side only (the other player's: `as NAME resign`)
local-ai-thinking = { $name } ({ $level }) is thinking, at most { $seconds } s
local-unknown-player = nobody called { $name } has played here: a vacation is for a player of the terminal's games

## Many games wait for the bot: its reply in game $id may take up to $seconds seconds.
slow-reply = ⏳ Many games are waiting for me: my reply in game #{ $id } may take up to { $seconds } s.

## Hints against the bot (/hint, and hint in the terminal). $move is the move suggested (c3 d4,
## c3-e4); $cell and $sandbank are cells; $color is the opponent's colour in running text.
hint-caption = Hint for game #{ $id }
hint-given = 💡 Hint for game #{ $id }: { $why }
    Hints are counted: this is hint { $count } in this game.
hint-island-made = { $move } completes { $islands ->
    [one] an island
   *[other] { $islands } islands
} (at { $cell }): { $points ->
    [one] 1 more point
   *[other] { $points } more points
} for you.
hint-islands-joined = { $move }: this bridge joins your islands into one network, and joined islands score more together (1, 3, 6, 10… for 1, 2, 3, 4… islands): { $points ->
    [one] 1 more point
   *[other] { $points } more points
} for you.
hint-groups-linked = { $move }: this bridge links two of your groups, so the islands you complete on both sides will score together (1, 3, 6… instead of 1 each).
hint-bridge-added = { $move }: this bridge adds no points and links nothing new for later; but with equal points and islands, more bridges win.
hint-island-stopped = { $move } takes the last room the { $color } sandbank at { $cell } had: it can never become an island now.
hint-cell-taken = { $move } takes { $cell }, a cell the { $color } sandbank at { $sandbank } could grow into: less room for its island.
hint-sandbank-grown = { $move } grows your sandbank at { $cell } to { $tiles } tiles: { $left ->
    [one] one more tile makes
   *[other] { $left } more tiles make
} an island.
hint-new-sandbanks = { $move } starts { $sandbanks ->
    [one] a new sandbank
   *[other] { $sandbanks } new sandbanks
} with room to grow into { $sandbanks ->
    [one] an island
   *[other] islands
}.
hint-no-island = { $move }: no island can come of these tiles any more; the bot finds no better use of this turn.
hint-swap = Swap (the pie rule): take White and its two tiles; the bot judges them worth more than placing two red tiles.
hint-pass = Pass: you cannot place two tiles any more, and no bridge adds to your points.
hint-pass-bridge-scores = Pass: you cannot place two tiles any more. A bridge would add points, though: it is worth a look.
hint-resign = Resign: the bot sees no way left to win.
# In the final announcement of a game in which hints were given.
result-hints = 💡 { $count ->
    [one] 1 hint
   *[other] { $count } hints
} taken
error-hint-rated = game #{ $id } is rated: hints are only given in unrated games against the bot
error-hint-between-people = game #{ $id } is played between people: hints are only given in games against the bot
error-hint-failed = Sorry, I could not find a hint this time (a problem on my side): nothing was counted. Please try again in a moment.
cmd-hint = hint
    .description = Against the bot: the move it would play for you, and why (hints are counted)
    .game = game
    .game-description = Which game (only needed outside the game's thread)

## Puzzles: /puzzle, the terminal's `puzzle`, the daily puzzle
puzzle-title = Puzzle #{ $id } · { $color ->
    [white] White
   *[red] Red
} to move · rated { $rating }
# Over the board; whose move it is, the caption says below.
puzzle-picture-title = Puzzle #{ $id }
puzzle-task-game = { $color ->
    [white] White
   *[red] Red
} was winning here; the move played in the game lost it. Find a move that keeps the advantage.
puzzle-task = { $color ->
    [white] White
   *[red] Red
} to move: find a move that keeps the advantage.
puzzle-answered-before = You answered this puzzle before ({ $answer }, { $correct ->
    [yes] right
   *[no] wrong
}): another answer changes nothing.
puzzle-right = ✅ Right: { $move } keeps the advantage.
puzzle-wrong-played = ❌ Not this one: { $move } is the move played in the game, the one that lost the advantage.
puzzle-wrong = ❌ Not this one: { $move } lets the advantage go.
puzzle-accepted = { $count ->
    [one] Accepted move
   *[other] Accepted moves
}: { $moves }
puzzle-best-line = Best line: { $moves } (the picture shows its first move).
puzzle-why = Why: { $why }
puzzle-rating-change = Your puzzle rating: { $before } → { $after } ({ $change })
puzzle-rating-unchanged = Puzzle #{ $id } was answered before: your puzzle rating stays { $rating }.
puzzle-answer-caption = Puzzle #{ $id }: the answer
puzzle-none = No puzzle is left for you here for now: new ones come from this server's finished games.
error-unknown-puzzle = there is no puzzle #{ $id } here
error-not-a-choice = that is not one of the choices: { $choices }
cmd-puzzle = puzzle
    .description = A position from this server's games: find the move that keeps the advantage
local-help-puzzle = Puzzles:  puzzle  (a position to solve, for you, or for another player: `as NAME puzzle`)  ·  solve a | solve 2 | solve g2 g4  (your answer, by letter, number or move)
local-puzzle-how = Answer with `solve` and a letter, a number or the move: `solve a`, `solve 1` or `solve { $example }`.
local-usage-solve = usage: solve a | solve 2 | solve g2 g4 (a letter from a to d, a number from 1 to 4, or one of the moves shown)
local-no-puzzle = no puzzle is shown: type `puzzle` first
## The lessons of /learn (and learn in the terminal)
lesson-title = Lesson { $number } of { $total } — { $name }
lesson-placing-title = Placing tiles
lesson-placing-text = Ponte del Diavolo is played by White and Red on a square board. On a turn you do one thing: place **two** tiles of your colour on two empty cells, or build one bridge (lesson 4). A single tile is never a move. White opens. Cells are named by column and row: a1 is the bottom-left corner.
lesson-placing-task = You are White on an empty 6×6 board: place your first two tiles, for example c3 d4.
lesson-placing-right = Your two tiles are on the board; now it would be Red's turn.
lesson-islands-title = Islands
lesson-islands-text = Tiles of one colour that touch side by side form a group. A group of exactly 4 tiles is an **island**; a group of 1 to 3 tiles is a **sandbank**. A group may never have more than 4 tiles, so a fifth tile never joins an island. White has an island at a1–b2 and a sandbank at e4–e5.
lesson-islands-task = Place two white tiles that make a second island.
lesson-islands-right = That is a second island: four tiles, and no tile can ever join it.
lesson-distance-title = The distance rule
lesson-distance-text = An island may not touch any other tile of its colour, **not even diagonally**. Sandbanks may touch each other diagonally, but a sandbank that touches another group of its colour diagonally can never become an island there. Colours never constrain each other: red tiles may touch a white island. White has an island at b2–c3.
lesson-distance-task = Which of these placements is illegal for White?
lesson-distance-right = A tile diagonal to an island of its colour is never allowed.
lesson-bridges-title = Bridges
lesson-bridges-text = Instead of placing tiles, you may build one **bridge** between two of your tiles. It has one of three shapes: straight over one cell (c3-e3), diagonal over one cell (c3-e5), or a knight's move over two cells (c3-d5). The cells it passes over must be empty and never take a tile. A tile carries at most one bridge, and bridges may not cross. White has two islands, a1–b2 and d1–e2, and two sandbanks, b4 and d4.
lesson-bridges-task = Join White's two islands with a bridge.
lesson-bridges-right = Joined islands score together: two islands joined are worth 3 points, not 1 + 1.
lesson-pie-title = The pie rule
lesson-pie-text = White's first two tiles could be a strong start, so the second player chooses: place two red tiles as usual, or **swap**: take over White with its tiles on the board, while the first player plays Red and moves next. So the first player opens neither too strongly nor too weakly. White has opened with c3 d4; it is Red's turn.
lesson-pie-task = Which of these moves may Red make now?
lesson-pie-right = Swap is allowed now, as the second move of the game, and never later.
lesson-passing-title = Passing, the last turn
lesson-passing-text = In this game each player has 5 tiles. White has one left, so White cannot place two tiles. A player who cannot place two tiles may build a bridge or **pass**; passing while two tiles can still be placed is not allowed. When White passes, Red has exactly one more turn, then the game ends. When Red passes, the game ends at once.
lesson-passing-task = Pass for White.
lesson-passing-right = Red now has exactly one more turn (a pass included), then the game ends and is scored.
lesson-scoring-title = Scoring
lesson-scoring-text = At the end, each colour's groups are joined by its bridges. A set of joined groups with n islands scores by the table: 1 island 1 point, 2 islands 3, 3 islands 6, 4 islands 10, 5 islands 15 (n·(n+1)/2). Sandbanks score nothing, but they carry connections.
lesson-scoring-task = How many points has White?
lesson-scoring-right = The islands a1–b2 and d1–e2, joined by the bridge b1-d1, score 3; the island a7–b8 alone scores 1: 4 points.
lesson-scoring-wrong = Count each set of joined islands by the table, then add the sets up.
lesson-tiebreaks-title = Tiebreaks
lesson-tiebreaks-text = The game is over: both players used all their tiles, White passed, and Red built the bridge g2-g4 on the last turn. More points win. With equal points, more islands win (all islands, joined or not); with equal islands too, more bridges; else it is a draw.
lesson-tiebreaks-task = Who wins this game?
lesson-tiebreaks-right = Both have 3 points, but White has 3 islands and Red 2, so White wins: Red's bridge would only count if the islands were equal too.
lesson-tiebreaks-wrong = Compare the points first, then the islands, then the bridges.
lesson-right = ✅ Right! { $said }
lesson-wrong = ❌ Not quite: { $why } Try again.
lesson-wrong-told = ❌ Not quite: { $why } The answer: **{ $solution }**
lesson-refused = That move is not allowed: { $reason }.
lesson-missed-place = that is not a placement of two tiles.
lesson-missed-island = those tiles make no island (an island is exactly 4 tiles side by side).
lesson-missed-join = that bridge joins no two islands, so White's score stays the same.
lesson-missed-pass = that move is legal, but this lesson asks you to pass.
lesson-choice-legal = { $move } is a legal move here.
lesson-choice-illegal = { $move } is not allowed here: { $reason }.
lesson-choice-points = { $points ->
    [one] 1 point
   *[other] { $points } points
}
lesson-choice-won = { $winner ->
    [white] White wins
    [red] Red wins
   *[none] A draw
}{ $by ->
    [points] {""}: more points
    [islands] {""}: equal points, more islands
    [bridges] {""}: equal points and islands, more bridges
   *[draw] {""}: all equal
}
lesson-finished = 🎓 You have been through all { $total } lessons of Ponte del Diavolo. Play your first game against the bot at easy, on an 8×8 board, or start again.
lesson-how-move = Answer with `/place`, `/bridge` or `/pass` as in a game (outside a game's thread), or with `/learn` and its `move` option.
lesson-how-choice = Answer with a button.
lesson-move-answered = Lesson { $number }: you have no game here, so your move answered your lesson (a game's moves go in its thread).
lesson-bot-started = Your game #{ $id } against the bot at easy, on { $size }×{ $size }, starts in { $thread }. Good luck!
lesson-bot-in-server = Games are played in a server's channels: use this button, or `/challenge` with the bot, in a server.
button-lesson-bot = Play the bot at easy
button-lesson-again = Start again
local-lesson-how-move = Type your move as in a game (c3 d4, b1-d1, pass).
local-lesson-how-choice = Type the number of your answer:
local-lesson-finished = 🎓 You have been through all { $total } lessons. Play the bot at easy: play { $name } ai:easy size 8. Or start again: learn 1.
local-help-learn = Lessons:  learn  (the lesson you are at, for you, or for another player: `as NAME learn`)  ·  learn 3 | learn again  (a lesson by number, or from the first)  ·  answer with a move as in a game (when no game is current; else learn c3 d4) or with a choice's number: 2
local-usage-learn = usage: learn | learn 3 | learn again | learn c3 d4 (a lesson by number, from the first again, or a move answering your lesson)
local-no-lesson = no lesson waits for an answer: type `learn`
local-lesson-game-current = Game #{ $id } is current: a move typed alone is played there. Answer the lesson with learn and the move: learn c3 d4.
error-unknown-lesson = there is no lesson { $number }: the lessons are numbered 1 to { $total }
error-no-lesson = no lesson is waiting for an answer: /learn shows where you are
error-lesson-answered = that lesson is answered already: you are at lesson { $number } now
error-lesson-wants-move = this lesson asks for a move, not a choice
error-lesson-wants-choice = this lesson asks you to choose one of its answers, not a move
cmd-learn = learn
    .description = Learn Ponte del Diavolo by playing: eight short lessons, privately
    .lesson = lesson
    .lesson-description = Go to this lesson (1 to 8); 1 starts again
    .move = move
    .move-description = Your move for the lesson, e.g. c3 d4, b1-d1 or pass
daily-puzzle = 🗓️ **The daily puzzle** — click Solve to try it privately.
daily-puzzle-solvers = { $count ->
    [0] Nobody solved yesterday's puzzle #{ $id }.
    [one] 1 player solved yesterday's puzzle #{ $id }.
   *[other] { $count } players solved yesterday's puzzle #{ $id }.
}
button-solve = Solve
settings-puzzle-channel = From now on a puzzle is posted in { $channel } every day at { $at } (noon UTC).
settings-puzzle-channel-off = From now on no daily puzzle is posted in this server.
error-managers-only = only the server's managers may change this
cmd-settings-puzzle-channel = puzzle-channel
    .description = A puzzle a day in this channel, or none (off)
    .post = post
    .post-description = here: every day in this channel; off: no daily puzzle
    .post-choice-0 = here
    .post-choice-1 = off

## The web board (`ponte web`). Every `web-` message is sent to the page as it is, so none
## has arguments: a sentence with a number or a name is formatted by the server.

web-language = Language
web-board = The board
web-new-game = New game against easy (8×8)
web-start-hint = Start a game: you play White and open; click two cells to place two tiles.
web-cell-empty = empty
web-tile-white = white tile
web-tile-red = red tile
web-server-fault = Something went wrong on the server; nothing was changed.

## The web board: starting games and making moves

web-start-title = Start a game
web-start-opponent = Opponent
web-start-against-ai = the AI
web-start-against-people = two people at this screen
web-start-level = Level
web-level-easy = easy
web-level-medium = medium
web-level-hard = hard
web-start-size = Board
web-start-supply = Tiles and bridges
web-supply-finite = as in the box
web-supply-note = Only the boxes of 10×10 and 12×12 limit tiles and bridges; other boards play unlimited.
web-supply-unlimited = unlimited
web-start-opener = Who opens
web-opener-you = you (White)
web-opener-ai = the AI
web-start-white = White (opens)
web-start-red = Red
web-start = Start
web-confirm = Confirm
web-cancel = Cancel
web-swap = Swap
web-pass = Pass
web-resign = Resign
web-resign-really = Really resign?
web-yes = Yes
web-no = No
web-confirm-moves = Confirm each move before it is sent
web-preview-hint = Confirm the move (Enter) or cancel it (Escape).
web-choose-next = Now a cell for the second tile, or the other end of a bridge.
web-no-move-from = No move of yours starts on this cell.
page-ai-to-move = it is { $name }'s turn, and it plays its own moves: wait for it
page-not-a-cell = "{ $text }" is not a cell: write a column letter and a row number, like c7
page-start-opponent = "{ $value }" is no opponent: choose ai or people
page-start-level = "{ $value }" is no level: choose easy, medium or hard
page-start-size = the board is 8×8 to 12×12, not { $size }×{ $size }
page-start-supply = "{ $value }" is no supply: choose finite or unlimited
page-start-opener = "{ $value }" is not who opens: choose you or ai
page-start-people-only = { $option } is only for a game between two people
page-start-ai-only = { $option } is only for a game against the AI
page-start-names = a game between two people needs both names, White's and Red's
page-start-name = a name has 1 to { $most } characters
page-start-bot-name = { $name } is the AI's name: choose another one

## The web board: lessons, puzzles and hints

web-lessons = Lessons
web-puzzle = Puzzle
web-hint = Hint
web-next-lesson = Next lesson
web-start-again = Start again from lesson 1
web-next-puzzle = Another puzzle
web-lesson-board = The lesson's board
web-puzzle-board = The puzzle's board
web-lesson-how-move = Click two empty cells to place two tiles; click one of your tiles, then another, for a bridge.
web-lesson-how-choice = Choose your answer:
web-puzzle-how = Click the move on the board (two cells), or choose it:
web-lesson-pick = Go to lesson
web-answer-move-or-choice = An answer is a move or a choice, one of the two.
web-not-a-lesson-number = A lesson is named by its number.

## The web board: keyboards and screen readers.

web-cell-bridge-to = bridge to
web-cell-chosen = chosen
web-cell-target = legal target
web-board-keys = Arrow keys move over the board's cells; Enter or Space chooses a cell.

## The web board: the guard

web-other-site = Refused: this request came from another website. Only ponte's own page may change your games.
web-no-such-address = There is nothing at this address.
web-too-large = This request is too large; nothing was changed.
web-bad-request = The server does not understand this request; nothing was changed.

## The web board: what the game shows, the list of games, history and downloads. `panel-`
## messages have arguments and are formatted by the server; $who is a name with its colour.

panel-your-move = Your move ({ $color }).
panel-to-move = { $who } to move.
panel-played = { $name } played { $move }.
panel-pie-choice = Swap to take White, or place two red tiles.
panel-last-turn = White has passed: this is the last turn.
panel-over = Game over: { $result }.
panel-clock = Time runs out in { $left }.
panel-clock-away = { $name } is on vacation: the clock stands still.
panel-tiles-left = { $n ->
    [one] { $n } tile left
   *[other] { $n } tiles left
}
panel-step = Move { $n } of { $total }: { $move }
panel-no-position = This game has { $total } moves: there is no position after move { $n }.
panel-step-start = The start, before move 1 of { $total }
panel-list-your-turn = your turn ({ $color })
panel-list-to-move = { $who } to move
panel-analysis-waiting = The AI is analysing the game; this takes about half a minute.
web-panel-players = Players
web-panel-moves = Moves
web-panel-history = History
web-panel-first = First position
web-panel-back = One move back
web-panel-forward = One move forward
web-panel-now = Back to now
web-panel-past = You are looking at an earlier position: moves wait until you are back to now.
web-panel-moved-on = The game moved on while you looked back.
web-panel-downloads = Downloads
web-panel-replay = Replay (GIF)
web-panel-record = Game record
web-panel-analysis = Analysis
web-panel-score = The score
web-panel-clock = Clock
web-panel-pie = Pie rule: Red may swap to take White.
web-lobby-games = Your games
web-lobby-none = No games going on.
web-lobby-open = Open
web-panel-pool = Bridges left in the pool

## The web board from Discord: login links, sessions and watchers
error-link-unknown = This login link is not one ponte gave. Click Open board in the game's thread for a new one.
error-link-used = This login link was used already: each opens the board once. Click Open board in the game's thread for a new one.
error-link-expired = This login link is older than 15 minutes. Click Open board in the game's thread for a new one.
error-unknown-page = There is no game page at this address.
error-page-private = This server's game pages show only to their players. Click Open board in the game's thread to log in.
error-watchers-cannot-move = Only the game's players move here. If you play in it, click Open board in the game's thread to log in.

## The public web board's page: logging in with a link, watching, limits
doors-continue-as = Continue as { $name } in game #{ $game }?
web-too-many = Too many requests at once: wait a few seconds, then try again.
web-login-continue = Continue
web-login-checking = Looking at your login link…
web-login-no-link = This address holds no login link. Click Open board in the game's thread on Discord for one.
web-logout = Log out
web-logged-out = You are logged out, in every browser.
web-watching = You are watching this game. Its players log in with Open board in the game's thread on Discord.
web-public-home = Open a game from its address, or log in with Open board in a game's thread on Discord.

## The web board from Discord: the Open board button, /web logout, private pages
button-open-board = Open board
open-board-login = Your personal link to game #{ $id } on the web board. It is for you alone: it logs you in as you, works once and only for { $minutes } minutes. Don't share it.
open-board-login-button = Log in and open the board
open-board-watch = Game #{ $id } on the web board: you can watch it there (only its players move).
open-board-watch-button = Watch the game
open-board-off = The web board is not served any more.
open-board-page = On the web board: { $address }
logged-out-everywhere = { $count ->
    [0] You were not logged in to the web board anywhere; any link you had not opened yet no longer works.
    [one] Logged out of the web board on 1 device; any link you had not opened yet no longer works.
   *[other] Logged out of the web board on { $count } devices; any link you had not opened yet no longer works.
}
cmd-web = web
    .description = The web board
cmd-web-logout = logout
    .description = Log out of the web board everywhere
cmd-settings-pages = pages
    .description = Whether the games' web pages are for their players only
    .private = private
    .private-description = True: only a game's players see its page; False: anyone with its address
settings-private-pages = { $private ->
    [yes] From now on the web pages of this server's games show only to their players.
   *[no] From now on anyone with a game's address can watch its web page.
}
