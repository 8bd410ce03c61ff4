-- Server tournaments: round robin (single or double) and Swiss, for correspondence play.
CREATE TABLE tournaments (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id             INTEGER NOT NULL,
    channel_id           INTEGER NOT NULL,
    name                 TEXT    NOT NULL,
    format               TEXT    NOT NULL
                         CHECK (format IN ('round_robin', 'double_round_robin', 'swiss')),
    swiss_rounds         INTEGER CHECK (swiss_rounds >= 1),
    size                 INTEGER NOT NULL CHECK (size BETWEEN 6 AND 16),
    tiles                INTEGER CHECK (tiles >= 0),
    bridges              INTEGER CHECK (bridges >= 0),
    move_seconds         INTEGER CHECK (move_seconds > 0),
    rated                INTEGER NOT NULL,
    organiser_id         INTEGER NOT NULL REFERENCES players (id),
    status               TEXT    NOT NULL DEFAULT 'signup'
                         CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    -- Sign-up closes and round 1 starts then; NULL: started by hand.
    signup_deadline_at   INTEGER,
    -- The last round paired (0 before the start): bumped in the transaction that starts a
    -- round, so two results arriving at once pair the next round once.
    current_round        INTEGER NOT NULL DEFAULT 0,
    signup_message_id    INTEGER,
    standings_message_id INTEGER,
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL
);

CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_entrants (
    tournament_id    INTEGER NOT NULL REFERENCES tournaments (id),
    player_id        INTEGER NOT NULL REFERENCES players (id),
    -- 1 for the first seed; set when the tournament starts.
    seed             INTEGER,
    joined_at        INTEGER NOT NULL,
    -- The round after which they withdrew (0: before round 1 was paired); NULL: still in.
    withdrawn_after  INTEGER,
    PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;

-- A tournament's games are ordinary games that know their tournament and round.
ALTER TABLE games ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
ALTER TABLE games ADD COLUMN tournament_round INTEGER;
CREATE INDEX games_by_tournament ON games (tournament_id, tournament_round)
    WHERE tournament_id IS NOT NULL;

-- Byes (Swiss, a point) and sit-outs (a round robin with an odd count, no point).
CREATE TABLE tournament_byes (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    round          INTEGER NOT NULL,
    player_id      INTEGER NOT NULL REFERENCES players (id),
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;
