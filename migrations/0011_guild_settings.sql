-- A server's settings in one table: its language (0008) and whether members who cannot
-- manage the server may create tournaments.
ALTER TABLE guild_languages RENAME TO guild_settings;
ALTER TABLE guild_settings ADD COLUMN members_create_tournaments INTEGER NOT NULL DEFAULT 0;
