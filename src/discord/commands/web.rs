//! `/web logout`: ends every web board session of its author, on every device.

use super::{Context, Data, Error, author_id, tell_author, user_lang};
use crate::tr;

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![web()]
}

/// The web board
#[poise::command(slash_command, subcommands("logout"), subcommand_required)]
pub async fn web(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Log out of the web board everywhere
#[poise::command(slash_command)]
pub async fn logout(ctx: Context<'_>) -> Result<(), Error> {
    let ended = ctx
        .data()
        .service
        .log_out_everywhere(author_id(ctx))
        .await?;
    tell_author(
        ctx,
        &tr!(user_lang(ctx), "logged-out-everywhere", count = ended),
    )
    .await
}
