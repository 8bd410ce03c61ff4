-- When a finished game's puzzles were cut from its analysis (written in the transaction that
-- keeps them); NULL while they are to be cut, so that a restart cuts each game once.
ALTER TABLE analyses ADD COLUMN puzzles_cut_at INTEGER;
