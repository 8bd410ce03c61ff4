-- When the last daily digest was owed (UTC). Its local day, in the zone the player has when the
-- next one is planned, has had its digest: a day never owes two, whatever the hour or the zone
-- become meanwhile. A player with a digest planned had their last one a day before it at most
-- (the digest is planned for the next time its hour comes), which is what is recorded for them.
ALTER TABLE players ADD COLUMN digest_sent_at INTEGER;
UPDATE players SET digest_sent_at = digest_next_at - 86400000 WHERE digest_next_at IS NOT NULL;
