-- A vacation from the games outside any server (the terminal's) has no server: guild_id NULL,
-- where it was 0. A player has at most one vacation going on per server, and one outside any.
CREATE TABLE vacations_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    -- NULL: outside any server.
    guild_id   INTEGER CHECK (guild_id IS NULL OR guild_id <> 0),
    started_at INTEGER NOT NULL,
    -- When it ends by itself: the days asked for after its start.
    until_at   INTEGER NOT NULL CHECK (until_at > started_at),
    -- When it ended (by itself, or early); NULL while the player is away.
    ended_at   INTEGER CHECK (ended_at IS NULL OR (ended_at >= started_at AND ended_at <= until_at)),
    -- The calendar year (UTC) whose allowance its days count against: the year it started.
    year       INTEGER NOT NULL
);
INSERT INTO vacations_new (id, player_id, guild_id, started_at, until_at, ended_at, year)
    SELECT id, player_id, NULLIF(guild_id, 0), started_at, until_at, ended_at, year
    FROM vacations;
DROP TABLE vacations;
ALTER TABLE vacations_new RENAME TO vacations;
CREATE UNIQUE INDEX vacations_current ON vacations (player_id, guild_id)
    WHERE ended_at IS NULL AND guild_id IS NOT NULL;
CREATE UNIQUE INDEX vacations_current_outside ON vacations (player_id)
    WHERE ended_at IS NULL AND guild_id IS NULL;
CREATE INDEX vacations_ending ON vacations (until_at) WHERE ended_at IS NULL;
