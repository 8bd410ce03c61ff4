-- Small facts the bot keeps between starts, e.g. a hash of the registered slash commands.
CREATE TABLE bot_state (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
