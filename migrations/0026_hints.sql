-- The hints a player was given in a game against the bot: each one counted, shown in the final
-- announcement and the exported record. 0 in every other game (hints are refused there).
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
