-- A game's, a challenge's and a tournament's variant as one value, in the notation of a game
-- record's header: "size 10 tiles 40 bridges 15", "unlimited" where there is no limit. It
-- replaces the size, tiles and bridges columns (NULL supply meant unlimited). Every write names
-- the variant; a value the program cannot read ('' included) is an error when read, never the
-- default game.

ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT '';
UPDATE games SET variant = 'size ' || size
    || ' tiles ' || coalesce(tiles, 'unlimited')
    || ' bridges ' || coalesce(bridges, 'unlimited');
ALTER TABLE games DROP COLUMN size;
ALTER TABLE games DROP COLUMN tiles;
ALTER TABLE games DROP COLUMN bridges;

ALTER TABLE challenges ADD COLUMN variant TEXT NOT NULL DEFAULT '';
UPDATE challenges SET variant = 'size ' || size
    || ' tiles ' || coalesce(tiles, 'unlimited')
    || ' bridges ' || coalesce(bridges, 'unlimited');
ALTER TABLE challenges DROP COLUMN size;
ALTER TABLE challenges DROP COLUMN tiles;
ALTER TABLE challenges DROP COLUMN bridges;

ALTER TABLE tournaments ADD COLUMN variant TEXT NOT NULL DEFAULT '';
UPDATE tournaments SET variant = 'size ' || size
    || ' tiles ' || coalesce(tiles, 'unlimited')
    || ' bridges ' || coalesce(bridges, 'unlimited');
ALTER TABLE tournaments DROP COLUMN size;
ALTER TABLE tournaments DROP COLUMN tiles;
ALTER TABLE tournaments DROP COLUMN bridges;
