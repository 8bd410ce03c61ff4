-- Games against the bot's own AI: the player who is the AI (the bot's user) and its level.
-- Both NULL in games between people.
ALTER TABLE games ADD COLUMN ai_player_id INTEGER REFERENCES players (id);
ALTER TABLE games ADD COLUMN ai_level TEXT CHECK (ai_level IN ('easy', 'medium', 'hard'));

-- The games where the AI is to move: what the AI's worker resumes after a restart.
CREATE INDEX games_ai_to_move ON games (to_move_id) WHERE ai_player_id IS NOT NULL AND status = 'active';
