-- Vacations: a player away from one server's games for whole days. While away, the clock of
-- each of their games there in which they are to move stands still: its deadline is taken off
-- the game and kept as the time that was left, given back when they return.
CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    guild_id   INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    -- When it ends by itself: the days asked for after its start.
    until_at   INTEGER NOT NULL CHECK (until_at > started_at),
    -- When it ended (by itself, or early); NULL while the player is away.
    ended_at   INTEGER CHECK (ended_at IS NULL OR (ended_at >= started_at AND ended_at <= until_at)),
    -- The calendar year (UTC) whose allowance its days count against: the year it started.
    year       INTEGER NOT NULL
);
CREATE UNIQUE INDEX vacations_current ON vacations (player_id, guild_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_ending ON vacations (until_at) WHERE ended_at IS NULL;

-- A game whose clock stands still: until when (the vacation's planned end, shown to the
-- opponent), and the time that was left to the deadline and to the reminder (NULL: already
-- reminded). deadline_at and remind_at are NULL meanwhile, so the clock passes it by.
ALTER TABLE games ADD COLUMN paused_until INTEGER;
ALTER TABLE games ADD COLUMN paused_deadline_in INTEGER CHECK (paused_deadline_in >= 0);
ALTER TABLE games ADD COLUMN paused_remind_in INTEGER;

-- Whole days of vacation a player has per calendar year in a server (0: no vacations).
ALTER TABLE guild_settings ADD COLUMN vacation_days INTEGER NOT NULL DEFAULT 30
    CHECK (vacation_days BETWEEN 0 AND 365);
-- Whether a tournament's games stand still while a player is away (a Swiss round waits for
-- its last game, so off unless the organiser allows it).
ALTER TABLE tournaments ADD COLUMN vacations_pause INTEGER NOT NULL DEFAULT 0;
