-- The language of each server's public posts: the one chosen with /settings language (NULL:
-- follow Discord), and the server's locale as Discord last reported it with an interaction
-- (the delivery worker posts without one).
CREATE TABLE guild_languages (
    guild_id INTEGER PRIMARY KEY,
    chosen TEXT,
    discord_locale TEXT
);
