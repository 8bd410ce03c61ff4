-- The service decides when a move's reminder is due and stores that time with the deadline;
-- the store only compares times. A sent reminder clears `remind_at` (one reminder per move).

ALTER TABLE games ADD COLUMN remind_at INTEGER;

-- Games that were waiting for their reminder keep it: at a quarter of the time per move before
-- the deadline, as the service has always reminded.
UPDATE games SET remind_at = deadline_at - move_seconds * 250
 WHERE status = 'active' AND deadline_at IS NOT NULL AND move_seconds IS NOT NULL
   AND (reminded_deadline IS NULL OR reminded_deadline <> deadline_at);

ALTER TABLE games DROP COLUMN reminded_deadline;

CREATE INDEX games_by_reminder ON games (remind_at) WHERE remind_at IS NOT NULL;
