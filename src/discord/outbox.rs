//! The delivery worker: posts what saved actions owe the players (boards with the mention of
//! the player to move, new games' threads, results, reminders), in order per game, several
//! games' at once, each kind as `announcements` posts it. A failure is retried with backoff by
//! the service's bookkeeping, so a Discord outage delays announcements but loses none; what was pending when the bot stopped goes out when it starts.
//! A refusal for good (a channel gone or closed to the bot, a player's closed direct messages)
//! is counted, logged once and set aside, and the items behind it go ahead.
//! Each post carries the item's id as Discord's nonce, so a post retried after its answer was
//! lost is not shown twice. One worker runs per process.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::futures::StreamExt;
use tracing::{info, warn};

use super::Error;
use super::announcements::post;
use super::health::{self, Outcome};
use super::open_board::WebBoard;
use super::post::{dm_closed, refused};
use crate::service::{DueAnnouncement, Service};

/// Posts made at once. The outbox hands out one item per game (and per tournament, per
/// player's direct messages) at a time, so posts made together never overtake one another
/// within a game; together they pay the round trip to Discord once, not once each (one at a
/// time, a 50 ms round trip allowed about 17 boards a second). Discord's rate limits are
/// waited out by serenity whatever the number.
const AT_ONCE: usize = 8;

/// The due items (oldest first) in groups delivered one after another, each group's items at
/// once. A player's own messages (the digest, a reminder by direct message) speak of their
/// games as they stand, so each waits for everything owed before it and goes alone.
fn in_turn(due: Vec<DueAnnouncement>) -> Vec<Vec<DueAnnouncement>> {
    let mut groups = Vec::new();
    let mut together = Vec::new();
    for item in due {
        if item.owed.is_direct_message() {
            if !together.is_empty() {
                groups.push(std::mem::take(&mut together));
            }
            groups.push(vec![item]);
        } else {
            together.push(item);
        }
    }
    if !together.is_empty() {
        groups.push(together);
    }
    groups
}

/// How long the worker sleeps with nothing due (a write wakes it at once).
const IDLE: Duration = Duration::from_secs(60);

pub async fn run(
    ctx: serenity::Context,
    service: Arc<Service>,
    web: Option<WebBoard>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        if *stop.borrow() {
            return;
        }
        // Created before looking, so a write recorded meanwhile wakes the wait below.
        let recorded = service.announcements_recorded();
        match service.due_announcements().await {
            Ok(due) => {
                for group in in_turn(due) {
                    // Stopping: the posts in hand are finished, the rest wait in the outbox.
                    serenity::futures::stream::iter(group)
                        .for_each_concurrent(AT_ONCE, |item| {
                            let stopping = *stop.borrow();
                            let (ctx, service, web) = (&ctx, &service, web.as_ref());
                            async move {
                                if !stopping {
                                    let posted = post(ctx, service, web, &item).await;
                                    record(service, &item, posted).await;
                                }
                            }
                        })
                        .await;
                    if *stop.borrow() {
                        return;
                    }
                }
            }
            Err(error) => warn!("could not read the announcements due: {error}"),
        }
        let wait = match service.next_announcement_in().await {
            Ok(next) => next.unwrap_or(IDLE).min(IDLE),
            Err(error) => {
                warn!("could not read when announcements are due: {error}");
                IDLE
            }
        };
        if wait.is_zero() {
            continue;
        }
        tokio::select! {
            () = recorded => {}
            () = tokio::time::sleep(wait) => {}
            _ = stop.changed() => {}
        }
    }
}

/// Records how the post of `item` went: delivered (forgotten), refused for good (set aside,
/// counted and logged), or failed for now (tried again after a backoff).
async fn record(service: &Service, item: &DueAnnouncement, outcome: Result<(), Error>) {
    let kind = item.kind();
    let bookkept = match outcome {
        Ok(()) => {
            health::delivery(kind, Outcome::Ok);
            service.announced(item.id).await
        }
        Err(error) => match error.downcast_ref::<serenity::Error>() {
            Some(discord) if dm_closed(discord) => {
                health::delivery(kind, Outcome::Refused);
                info!("direct messages closed: {kind} {} set aside", item.id);
                service
                    .announcement_refused(item.id, &error.to_string())
                    .await
            }
            Some(discord) if refused(discord) => {
                health::delivery(kind, Outcome::Refused);
                warn!("Discord refused announcement {}: {error}", item.id);
                service
                    .announcement_refused(item.id, &error.to_string())
                    .await
            }
            _ => {
                health::delivery(kind, Outcome::Failed);
                // Rate limits are waited out by serenity itself; this is an outage or a
                // server error.
                warn!(
                    "announcement {} failed (attempt {}), will retry: {error}",
                    item.id,
                    item.attempts + 1
                );
                service.announcement_failed(item, &error.to_string()).await
            }
        },
    };
    if let Err(error) = bookkept {
        warn!(
            "could not record the delivery of announcement {}: {error}",
            item.id
        );
    }
}
