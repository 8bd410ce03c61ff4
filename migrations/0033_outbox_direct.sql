-- Whether an item is a message to one player (a digest, a reminder by direct message), written
-- with the item from what the service's `Owed` says of its kind: direct messages are queues of
-- their own, and the query for the head of each queue no longer names their kinds.
ALTER TABLE outbox ADD COLUMN direct INTEGER NOT NULL DEFAULT 0;
UPDATE outbox SET direct = 1 WHERE kind IN ('reminder_dm', 'digest');
