-- Correspondence play: reminders, direct-message opt-in, ratings per server, rematch openers.

-- The deadline a reminder was last sent for (one reminder per move).
ALTER TABLE games ADD COLUMN reminded_deadline INTEGER;
-- Whether the game's result has been applied to the ratings (exactly once).
ALTER TABLE games ADD COLUMN rating_applied INTEGER NOT NULL DEFAULT 0;

-- Players who asked for a direct message when a reminder is due.
ALTER TABLE players ADD COLUMN notify_dm INTEGER NOT NULL DEFAULT 0;

-- Who opens a game from this challenge (a rematch: the loser); NULL means the challenger.
ALTER TABLE challenges ADD COLUMN opener_id INTEGER REFERENCES players (id);

-- Glicko-2 ratings, one per player per server.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    player_id   INTEGER NOT NULL REFERENCES players (id),
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    wins        INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, player_id)
);

-- Every rating change, for the plot of a player's rating over time.
CREATE TABLE rating_history (
    guild_id   INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    game_id    INTEGER NOT NULL REFERENCES games (id),
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    at         INTEGER NOT NULL,
    PRIMARY KEY (guild_id, player_id, game_id)
);
