-- When the last move was saved, on Discord's clock (estimated from the id of the interaction
-- that made it): a move sent before then, by a player whose turn it was not, never saw the
-- position it would be played in.
ALTER TABLE games ADD COLUMN last_move_seen_at INTEGER;
