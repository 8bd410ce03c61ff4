//! How a player hears of their games outside the games' threads: a direct message with each
//! reminder, one daily digest at an hour they pick in their own time zone, or nothing. The
//! digest lists the games where it is their turn when it is sent (nothing is sent on a day when
//! none waits); one is owed a day through the outbox, so a restart or a failed direct message
//! neither loses nor doubles it. A local day (in the player's zone) has one digest at most:
//! moving the hour later, or to another zone, after the day's digest came plans the next on a
//! later day.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

use super::{Actor, GameView, Lang, Millis, PlayerId, Result, Service, ServiceError};
use crate::store::{DueDigest, Owed, StoredNotify};

/// The hour a digest comes at when the player names none.
pub const DIGEST_HOUR: u32 = 8;

/// How a player wants to hear of their games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notify {
    /// A direct message with each reminder (a quarter of the time left).
    Reminders,
    /// One direct message a day at `hour` o'clock in `zone`.
    Digest { hour: u32, zone: Tz },
    /// No direct messages (the reminders in the games' threads stay).
    Nothing,
}

impl Service {
    /// Sets how the one who acts hears of their games; `lang` is the language of their direct
    /// messages.
    ///
    /// # Errors
    /// An hour past 23; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn notify_by(&self, by: &Actor, notify: Notify, lang: Lang) -> Result<()> {
        let player = &by.player;
        if let Notify::Digest { hour, .. } = notify
            && hour > 23
        {
            return Err(ServiceError::DigestHour);
        }
        let now = self.now();
        self.store
            .upsert_player(player.id, &player.name, now)
            .await?;
        let decide = |sent: Option<Millis>| match notify {
            Notify::Reminders => StoredNotify::Reminders,
            Notify::Nothing => StoredNotify::Nothing,
            Notify::Digest { hour, zone } => StoredNotify::Digest {
                hour: i64::from(hour),
                zone: zone.name().to_string(),
                next_at: next_digest_at(now, hour, zone, sent),
            },
        };
        Ok(self
            .store
            .set_notification(player.id, lang.code(), decide)
            .await?)
    }

    /// Owes the digests due now, each once (see the module's text).
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn take_digests(&self) -> Result<usize> {
        let now = self.now();
        let owed = self
            .store
            .take_due_digests(now, |due| next_after(due, now), digest_owed)
            .await?;
        if !owed.is_empty() {
            self.outbox_changed();
        }
        Ok(owed.len())
    }

    /// The games where it is `player`'s turn and their clock runs (not stopped by a vacation)
    /// and has not run out (such a game is lost on time, whether or not the clock's tick has
    /// ended it yet), the nearest deadline first (games without one last, oldest first).
    ///
    /// # Errors
    /// Database failures; a damaged log.
    pub async fn games_waiting_for(&self, player: PlayerId) -> Result<Vec<GameView>> {
        let now = self.now();
        let mut waiting: Vec<GameView> = self
            .active_games(player)
            .await?
            .into_iter()
            .filter(|game| game.to_move().is_some_and(|(_, p)| p.id == player))
            // A game whose clock a vacation stops reminds nobody, the digest included.
            .filter(|game| game.away_until.is_none())
            .filter(|game| game.deadline_at.is_none_or(|deadline| deadline > now))
            .collect();
        waiting.sort_by_key(|game| (game.deadline_at.is_none(), game.deadline_at));
        Ok(waiting)
    }

    /// The language of `player`'s direct messages (English until they say).
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn dm_language(&self, player: PlayerId) -> Result<Lang> {
        let code = self.store.dm_language(player).await?;
        Ok(Lang::of_locale_or_english(code.as_deref()))
    }
}

/// A time zone by its IANA name (`Europe/Berlin`), as players type it.
///
/// # Errors
/// [`ServiceError::UnknownTimeZone`] for a name that is none.
pub fn time_zone(name: &str) -> Result<Tz> {
    name.trim()
        .parse::<Tz>()
        .map_err(|_| ServiceError::UnknownTimeZone(name.chars().take(40).collect()))
}

/// Every time zone's IANA name containing `typed` (any case), for autocomplete.
pub fn time_zones_like(typed: &str) -> impl Iterator<Item = &'static str> {
    let typed = typed.trim().to_lowercase().replace(' ', "_");
    chrono_tz::TZ_VARIANTS
        .iter()
        .map(|zone| zone.name())
        .filter(move |name| name.to_lowercase().contains(&typed))
}

/// What a digest owes: one direct message to its player.
fn digest_owed(due: &DueDigest) -> Vec<Owed> {
    vec![Owed::Digest {
        player: due.player_id,
    }]
}

/// The digest after one owed `now`: at its hour on a later local day (a bot stopped for days
/// owes one digest, not one a day it missed, and one owed late does not make that day owe
/// another).
fn next_after(due: &DueDigest, now: Millis) -> Millis {
    let zone = due.time_zone.parse::<Tz>().unwrap_or(chrono_tz::UTC);
    let hour = u32::try_from(due.digest_hour).unwrap_or(DIGEST_HOUR);
    next_digest_at(now, hour, zone, Some(now))
}

/// The day a moment falls on in `zone`.
fn local_day(at: Millis, zone: Tz) -> NaiveDate {
    let utc = DateTime::<Utc>::from_timestamp_millis(at).unwrap_or_default();
    utc.with_timezone(&zone).date_naive()
}

/// The first moment after `now` when it is `hour` o'clock in `zone`, on a later day (in
/// `zone`) than the last digest, owed at `sent`: a day never has two. On a day when that hour
/// does not exist (the clocks go forward through it) the digest comes an hour later; on one
/// when it comes twice, at the first.
pub fn next_digest_at(now: Millis, hour: u32, zone: Tz, sent: Option<Millis>) -> Millis {
    let today = local_day(now, zone);
    let mut day = sent
        .and_then(|sent| local_day(sent, zone).succ_opt())
        .map_or(today, |after_sent| after_sent.max(today));
    // At most a day and a bit ahead; a few days bound the search whatever the zone does.
    for _ in 0..4 {
        let at = [hour, hour + 1].into_iter().find_map(|h| {
            let local = day.and_hms_opt(h.min(23), 0, 0)?;
            zone.from_local_datetime(&local).earliest()
        });
        if let Some(at) = at
            && at.timestamp_millis() > now
        {
            return at.timestamp_millis();
        }
        day = day.succ_opt().unwrap_or(day);
    }
    now + 86_400_000
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: i64 = 1000;

    /// 2026-11-23 06:30 UTC.
    const NOVEMBER_23_0630_UTC: Millis = 1_795_415_400 * MS;

    #[test]
    fn the_next_digest_is_at_the_players_hour_in_their_zone() {
        // Berlin is UTC+1 in November: 8:00 there is 7:00 UTC, half an hour away.
        let berlin = time_zone("Europe/Berlin").unwrap();
        assert_eq!(
            next_digest_at(NOVEMBER_23_0630_UTC, 8, berlin, None),
            NOVEMBER_23_0630_UTC + 1800 * MS
        );
        // New York is UTC−5: 8:00 there is 13:00 UTC.
        let new_york = time_zone("America/New_York").unwrap();
        assert_eq!(
            next_digest_at(NOVEMBER_23_0630_UTC, 8, new_york, None),
            NOVEMBER_23_0630_UTC + (6 * 3600 + 1800) * MS
        );
        // Tokyo is UTC+9: 8:00 there was 23:00 UTC yesterday; the next is tomorrow's.
        let tokyo = time_zone("Asia/Tokyo").unwrap();
        assert_eq!(
            next_digest_at(NOVEMBER_23_0630_UTC, 8, tokyo, None),
            NOVEMBER_23_0630_UTC + (16 * 3600 + 1800) * MS
        );
    }

    #[test]
    fn a_missing_hour_comes_an_hour_later_and_a_doubled_one_once() {
        let berlin = time_zone("Europe/Berlin").unwrap();
        // 2026-03-29: 2:00 does not exist in Berlin (clocks go to 3:00 = 1:00 UTC).
        let saturday_noon_utc = 1_774_699_200 * MS; // 2026-03-28 12:00 UTC
        let sunday = next_digest_at(saturday_noon_utc, 2, berlin, None);
        assert_eq!(sunday, 1_774_746_000 * MS); // 2026-03-29 01:00 UTC = 3:00 CEST
        // 2026-10-25: 2:00 comes twice (first at 0:00 UTC).
        let saturday = 1_792_843_200 * MS; // 2026-10-24 12:00 UTC
        assert_eq!(
            next_digest_at(saturday, 2, berlin, None),
            1_792_886_400 * MS
        ); // 0:00 UTC
    }

    #[test]
    fn a_day_that_had_its_digest_gets_no_second_whatever_the_hour_or_zone() {
        let berlin = time_zone("Europe/Berlin").unwrap();
        // Today's digest came at 8:00 in Berlin (7:00 UTC); at 6:30 UTC it had not.
        let sent = NOVEMBER_23_0630_UTC + 1800 * MS;
        let now = sent + 3600 * MS;
        // Moved to 20:00 the same day: tomorrow's 20:00, not today's.
        assert_eq!(
            next_digest_at(now, 20, berlin, Some(sent)),
            sent + (24 + 12) * 3600 * MS
        );
        // Before today's, the hour moved later still comes today.
        let yesterday = sent - 86_400 * MS;
        assert_eq!(
            next_digest_at(NOVEMBER_23_0630_UTC, 20, berlin, Some(yesterday)),
            sent + 12 * 3600 * MS
        );
        // To New York, where it is 3:00 on the same day as the digest (2:00 there): 8:00
        // there tomorrow, not in five hours.
        let new_york = time_zone("America/New_York").unwrap();
        assert_eq!(
            next_digest_at(now, 8, new_york, Some(sent)),
            sent + (24 + 6) * 3600 * MS
        );
        // To Tokyo, where the digest came on the 23rd at 16:00 and it is now 17:00: the
        // 24th's 8:00 comes first, and is on another day.
        let tokyo = time_zone("Asia/Tokyo").unwrap();
        assert_eq!(
            next_digest_at(now, 8, tokyo, Some(sent)),
            sent + 16 * 3600 * MS
        );
    }

    #[test]
    fn time_zones_are_found_by_any_part_of_their_name() {
        let found: Vec<&str> = time_zones_like("berl").collect();
        assert_eq!(found, ["Europe/Berlin"]);
        assert!(time_zones_like("new york").any(|z| z == "America/New_York"));
        assert!(matches!(
            time_zone("Mars/Olympus"),
            Err(ServiceError::UnknownTimeZone(_))
        ));
    }
}
