-- Which game a puzzle comes from, how hard its cut found it, and whether it is still served.
--
-- A built-in puzzle's game is the lab's self-play game of its variant and this seed (a
-- server's puzzle has its `game_id`): puzzles of one game are never served one after the
-- other, since a game's next position often still wants the move the one before taught.
ALTER TABLE puzzles ADD COLUMN seed INTEGER;
-- The mover's chance after each candidate as the judging search found it, in the order shown,
-- separated by spaces; empty when not known.
ALTER TABLE puzzles ADD COLUMN judged TEXT NOT NULL DEFAULT '';
-- When a built-in puzzle left the shipped set (kept for its answers, no longer served); NULL
-- while it is served.
ALTER TABLE puzzles ADD COLUMN retired_at INTEGER;
