-- An attempt at an analysis is counted as it starts (0013), and marked running until its
-- failure is recorded. An attempt still marked when the worker starts was cut off by the process
-- ending (a stop, a kill), not failed by itself: the worker takes it back, uncounted and due at
-- once, so only attempts that fail make an analysis give up.
ALTER TABLE analyses ADD COLUMN attempt_started_at INTEGER;
