-- Where each player is in the lessons of /learn: the lesson they are at (from 1; one past the
-- last once they went through all), how many wrong answers they gave to it, and when they
-- first finished the lessons (NULL until then; kept when they start again).
CREATE TABLE lesson_progress (
    player_id   INTEGER PRIMARY KEY REFERENCES players (id),
    lesson      INTEGER NOT NULL CHECK (lesson >= 1),
    wrong       INTEGER NOT NULL DEFAULT 0 CHECK (wrong >= 0),
    finished_at INTEGER,
    updated_at  INTEGER NOT NULL
);
