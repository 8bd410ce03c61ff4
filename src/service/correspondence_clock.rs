//! A game's correspondence clock as a value: the time each move has, its deadline and
//! reminder, and a clock stopped while the player to move is away. Every rule of a game's time
//! is here; the store keeps the times, and the time itself comes from [`super::Clock`].

use crate::store::{ClockTimes, Millis};

/// A game's correspondence clock: the time each move has, and where the move due now stands —
/// running to a deadline, or stopped while the player to move is away. The player to move is
/// reminded when a quarter of the time per move is left, once per move. A pure value: the
/// store keeps its times ([`ClockTimes`]) and every rule about them is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorrespondenceClock {
    /// The time each move has (`None`: no limit).
    per_move: Option<Millis>,
    face: Face,
}

/// Where the move due now stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Face {
    /// No move is timed: an untimed game, one that is over, or the AI's move.
    Off,
    /// Out of time at `deadline`; the reminder is due at `remind_at` (`None`: given already).
    Running {
        deadline: Millis,
        remind_at: Option<Millis>,
    },
    /// Stopped until `until` (the player to move is away), with the time that was left to the
    /// deadline and to the reminder.
    Paused {
        until: Millis,
        left: Millis,
        remind_in: Option<Millis>,
    },
}

impl CorrespondenceClock {
    /// The clock of a game with `move_seconds` per move (`None`: no limit), no move timed yet.
    pub fn new(move_seconds: Option<i64>) -> CorrespondenceClock {
        CorrespondenceClock {
            per_move: move_seconds.map(|s| s.saturating_mul(1000)),
            face: Face::Off,
        }
    }

    /// The clock of a game with `move_seconds` per move as the store keeps it. Times that
    /// make no clock (a pause without its time left) read as no move timed.
    pub fn stored(move_seconds: Option<i64>, times: ClockTimes) -> CorrespondenceClock {
        let face = match times {
            ClockTimes {
                paused_until: Some(until),
                paused_deadline_in: Some(left),
                paused_remind_in: remind_in,
                ..
            } => Face::Paused {
                until,
                left,
                remind_in,
            },
            ClockTimes {
                paused_until: None,
                deadline_at: Some(deadline),
                remind_at,
                ..
            } => Face::Running {
                deadline,
                remind_at,
            },
            _ => Face::Off,
        };
        CorrespondenceClock {
            face,
            ..CorrespondenceClock::new(move_seconds)
        }
    }

    /// The times the store keeps of this clock.
    pub fn times(self) -> ClockTimes {
        match self.face {
            Face::Off => ClockTimes::default(),
            Face::Running {
                deadline,
                remind_at,
            } => ClockTimes {
                deadline_at: Some(deadline),
                remind_at,
                ..ClockTimes::default()
            },
            Face::Paused {
                until,
                left,
                remind_in,
            } => ClockTimes {
                paused_until: Some(until),
                paused_deadline_in: Some(left),
                paused_remind_in: remind_in,
                ..ClockTimes::default()
            },
        }
    }

    /// The clock of a move that became due at `now`: its whole time per move, and its reminder
    /// when a quarter of that is left (early enough to act on, late enough not to nag).
    #[must_use]
    pub fn start(self, now: Millis) -> CorrespondenceClock {
        let face = match self.per_move {
            None => Face::Off,
            Some(per_move) => {
                let deadline = now.saturating_add(per_move);
                Face::Running {
                    deadline,
                    remind_at: Some(deadline - per_move / 4),
                }
            }
        };
        CorrespondenceClock { face, ..self }
    }

    /// No move timed: the game is over, or the move is the AI's.
    #[must_use]
    pub fn stop(self) -> CorrespondenceClock {
        CorrespondenceClock {
            face: Face::Off,
            ..self
        }
    }

    /// Stops the clock at `now` until `until` (the player to move is away), keeping the time
    /// left to the deadline and to the reminder. A clock that is not running, already out of
    /// time, or an absence already over is left as it is: a loss on time stands.
    #[must_use]
    pub fn pause_at(self, now: Millis, until: Millis) -> CorrespondenceClock {
        match self.face {
            Face::Running {
                deadline,
                remind_at,
            } if deadline > now && until > now => CorrespondenceClock {
                face: Face::Paused {
                    until,
                    left: deadline - now,
                    // A reminder due already but not given yet comes at the return.
                    remind_in: remind_at.map(|at| (at - now).max(0)),
                },
                ..self
            },
            _ => self,
        }
    }

    /// Restarts a stopped clock at `at` with the time it had left; any other is left as it is.
    #[must_use]
    pub fn resume_at(self, at: Millis) -> CorrespondenceClock {
        match self.face {
            Face::Paused {
                left, remind_in, ..
            } => CorrespondenceClock {
                face: Face::Running {
                    deadline: at.saturating_add(left),
                    remind_at: remind_in.map(|r| at.saturating_add(r)),
                },
                ..self
            },
            _ => self,
        }
    }

    /// The clock as it stands at `now`: an absence is over at its end whether or not anyone
    /// has closed it yet, so a clock it stopped runs again from that end.
    #[must_use]
    pub fn as_of(self, now: Millis) -> CorrespondenceClock {
        match self.face {
            Face::Paused { until, .. } if until <= now => self.resume_at(until),
            _ => self,
        }
    }

    /// The reminder taken: the move is reminded once.
    #[must_use]
    pub fn reminded(self) -> CorrespondenceClock {
        match self.face {
            Face::Running { deadline, .. } => CorrespondenceClock {
                face: Face::Running {
                    deadline,
                    remind_at: None,
                },
                ..self
            },
            Face::Paused { until, left, .. } => CorrespondenceClock {
                face: Face::Paused {
                    until,
                    left,
                    remind_in: None,
                },
                ..self
            },
            Face::Off => self,
        }
    }

    /// The time the player to move has left at `now` (`None`: the move is not timed); it does
    /// not run while they are away.
    pub fn time_left(self, now: Millis) -> Option<Millis> {
        match self.as_of(now).face {
            Face::Off => None,
            Face::Running { deadline, .. } => Some((deadline - now).max(0)),
            Face::Paused { left, .. } => Some(left),
        }
    }

    /// Whether the player to move has run out of time at `now`.
    pub fn out_of_time(self, now: Millis) -> bool {
        matches!(self.as_of(now).face, Face::Running { deadline, .. } if deadline <= now)
    }

    /// Whether the player to move is to be reminded at `now`: the reminder's time has come,
    /// the time has not run out, and they are not away.
    pub fn reminder_due(self, now: Millis) -> bool {
        matches!(
            self.as_of(now).face,
            Face::Running { deadline, remind_at: Some(at) } if at <= now && now < deadline
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: Millis = 86_400_000;
    const HOUR: Millis = 3_600_000;

    trait Read {
        /// The deadline of the move due at `now`, while the clock runs.
        fn deadline(self, now: Millis) -> Option<Millis>;
        /// Until when the clock stands still at `now`.
        fn paused_until(self, now: Millis) -> Option<Millis>;
    }

    impl Read for CorrespondenceClock {
        fn deadline(self, now: Millis) -> Option<Millis> {
            self.as_of(now).times().deadline_at
        }

        fn paused_until(self, now: Millis) -> Option<Millis> {
            self.as_of(now).times().paused_until
        }
    }

    /// A move of four days became due at 0.
    fn four_days() -> CorrespondenceClock {
        CorrespondenceClock::new(Some(4 * 86_400)).start(0)
    }

    #[test]
    fn a_started_move_runs_out_at_its_time_and_reminds_at_a_quarter_left() {
        let clock = four_days();
        assert_eq!(clock.deadline(0), Some(4 * DAY));
        assert_eq!(clock.time_left(DAY), Some(3 * DAY));
        assert!(!clock.reminder_due(3 * DAY - 1));
        assert!(clock.reminder_due(3 * DAY));
        assert!(!clock.out_of_time(4 * DAY - 1));
        assert!(clock.out_of_time(4 * DAY));
        assert!(
            !clock.reminder_due(4 * DAY),
            "out of time is no time to remind"
        );
        assert_eq!(clock.time_left(5 * DAY), Some(0));
        // The next move starts afresh.
        let next = clock.start(2 * DAY);
        assert_eq!(next.deadline(2 * DAY), Some(6 * DAY));
        assert!(!next.reminder_due(4 * DAY));
    }

    #[test]
    fn a_reminder_is_due_once() {
        let clock = four_days().reminded();
        assert!(!clock.reminder_due(3 * DAY + HOUR));
        assert_eq!(clock.deadline(0), Some(4 * DAY));
        assert!(clock.out_of_time(4 * DAY));
    }

    #[test]
    fn an_untimed_or_stopped_clock_never_runs_out_nor_reminds() {
        let untimed = CorrespondenceClock::new(None).start(0);
        let stopped = four_days().stop();
        for clock in [untimed, stopped] {
            assert_eq!(clock.time_left(1000 * DAY), None);
            assert!(!clock.out_of_time(1000 * DAY));
            assert!(!clock.reminder_due(1000 * DAY));
            assert_eq!(clock.deadline(0), None);
            assert_eq!(clock.times(), ClockTimes::default());
            // Nothing to stop or to give back.
            assert_eq!(clock.pause_at(0, DAY), clock);
            assert_eq!(clock.resume_at(DAY), clock);
        }
    }

    #[test]
    fn a_pause_over_the_deadline_keeps_the_time_left_and_gives_it_back() {
        // A day in, away for ten days: three days left, kept.
        let paused = four_days().pause_at(DAY, 11 * DAY);
        assert_eq!(paused.paused_until(DAY), Some(11 * DAY));
        assert_eq!(paused.deadline(DAY), None);
        for now in [2 * DAY, 4 * DAY, 10 * DAY] {
            assert_eq!(paused.time_left(now), Some(3 * DAY));
            assert!(
                !paused.out_of_time(now),
                "the old deadline passed at 4 days"
            );
        }
        // Back early, at day 6: the three days count from then.
        let back = paused.resume_at(6 * DAY);
        assert_eq!(back.deadline(6 * DAY), Some(9 * DAY));
        assert_eq!(back.paused_until(6 * DAY), None);
        assert!(back.out_of_time(9 * DAY));
    }

    #[test]
    fn an_absence_over_gives_the_time_back_from_its_end_even_unclosed() {
        let paused = four_days().pause_at(DAY, 11 * DAY);
        // Read long after the return, when the old deadline and the one after it have passed.
        assert_eq!(paused.as_of(12 * DAY), paused.resume_at(11 * DAY));
        assert_eq!(paused.deadline(12 * DAY), Some(14 * DAY));
        assert_eq!(paused.paused_until(11 * DAY), None);
        assert!(!paused.out_of_time(14 * DAY - 1));
        assert!(paused.out_of_time(15 * DAY));
        // Its reminder: a quarter of the time per move before the new deadline.
        assert!(!paused.reminder_due(13 * DAY - 1));
        assert!(paused.reminder_due(13 * DAY));
    }

    #[test]
    fn no_reminder_comes_during_a_pause_and_one_due_comes_at_the_return() {
        let paused = four_days().pause_at(DAY, 11 * DAY);
        // The reminder's old time (day 3) passes while away.
        assert!(!paused.reminder_due(3 * DAY));
        assert!(!paused.reminder_due(10 * DAY));
        // Due but not yet given when the pause began: it comes as soon as they are back.
        let late = four_days().pause_at(3 * DAY + HOUR, 5 * DAY);
        assert!(!late.reminder_due(4 * DAY));
        assert!(late.resume_at(5 * DAY).reminder_due(5 * DAY));
        // Given before the pause: none after it either.
        let given = four_days().reminded().pause_at(3 * DAY + HOUR, 5 * DAY);
        assert!(!given.resume_at(5 * DAY).reminder_due(6 * DAY));
    }

    #[test]
    fn a_clock_out_of_time_or_an_absence_over_does_not_pause() {
        let clock = four_days();
        assert_eq!(clock.pause_at(4 * DAY, 10 * DAY), clock, "the loss stands");
        assert_eq!(clock.pause_at(DAY, DAY), clock, "back already");
        // A second pause keeps the first.
        let paused = clock.pause_at(DAY, 3 * DAY);
        assert_eq!(paused.pause_at(2 * DAY, 9 * DAY), paused);
    }

    #[test]
    fn the_stored_times_read_back_as_the_same_clock() {
        let clocks = [
            CorrespondenceClock::new(Some(86_400)),
            four_days(),
            four_days().reminded(),
            four_days().pause_at(DAY, 3 * DAY),
            four_days().reminded().pause_at(DAY, 3 * DAY),
        ];
        for clock in clocks {
            let read = CorrespondenceClock::stored(Some(4 * 86_400), clock.times());
            assert_eq!(read.times(), clock.times());
            assert_eq!(read.start(0), four_days());
        }
        // A pause without its time left is no clock.
        let damaged = ClockTimes {
            paused_until: Some(DAY),
            ..ClockTimes::default()
        };
        assert_eq!(
            CorrespondenceClock::stored(None, damaged).times(),
            ClockTimes::default()
        );
    }
}
