-- The web board's doors. A login link and a session are secrets held by a player's browser;
-- only their SHA-256 hashes are kept here, so a copy of the database opens no door.
CREATE TABLE web_links (
    hash        TEXT    PRIMARY KEY,           -- hex SHA-256 of the link's secret
    player_id   INTEGER NOT NULL REFERENCES players (id),
    game_id     INTEGER NOT NULL REFERENCES games (id),
    lang        TEXT,                          -- the player's Discord language, for the page
    expires_at  INTEGER NOT NULL,
    used_at     INTEGER                        -- spent: a link opens one session, once
);
CREATE INDEX web_links_expiry ON web_links (expires_at);

CREATE TABLE web_sessions (
    hash        TEXT    PRIMARY KEY,           -- hex SHA-256 of the session cookie
    player_id   INTEGER NOT NULL REFERENCES players (id),
    lang        TEXT,
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL
);
CREATE INDEX web_sessions_player ON web_sessions (player_id);

-- Each game's page address: random, so that game numbers (which count up) do not list every
-- game's page; made the first time a page of the game is asked for.
CREATE TABLE game_pages (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    address     TEXT    NOT NULL UNIQUE
);

-- Whether a server's game pages show only to their players (else to anyone with the address).
ALTER TABLE guild_settings ADD COLUMN private_pages INTEGER NOT NULL DEFAULT 0;
