-- The notice that the bot's reply will take longer than usual (many games wait for it): the
-- seconds it names, kept with the item in the outbox; and, per game, the ply whose wait was
-- noticed, so that one wait is noticed once, across restarts too.
ALTER TABLE outbox ADD COLUMN seconds INTEGER;
ALTER TABLE games ADD COLUMN slow_notice_ply INTEGER;
