-- An analysis that fails (the database refused its result, say) is tried again later, each
-- wait twice the one before; after a few failures, or at once when the game's log cannot be
-- replayed, it is given up and every waiting channel is told (through the outbox, kind
-- 'analysis', written in the same transaction). Asking again starts it afresh.
ALTER TABLE analyses ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
-- When the worker may try again; NULL: at once.
ALTER TABLE analyses ADD COLUMN next_attempt_at INTEGER;
ALTER TABLE analyses ADD COLUMN last_error TEXT;
-- Set when given up; NULL while it is still to be made (or made).
ALTER TABLE analyses ADD COLUMN failed_at INTEGER;
