//! The Discord front end: a thin poise layer. Interactions become service calls; results become
//! messages with the board picture. Every rule and every write goes through the service.

mod announcements;
mod button_id;
mod buttons;
mod commands;
mod config;
mod errors;
mod health;
mod ids;
mod localize;
mod logs;
mod messages;
mod open_board;
mod outbox;
mod outgoing;
mod post;
mod private_board;
mod running;
mod scheduler;
mod tournament_posts;

pub use config::{Config, WebSettings};
pub use errors::{UserError, explain};
pub use logs::{Redacted, start_logs};
pub use running::{Beside, run};

use crate::discord::ids::Stored;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use crate::i18n::Lang;
use crate::service::{Actor, Player, Service};

/// What every command and handler can reach.
pub struct Data {
    pub service: Arc<Service>,
    /// The bot's own user, who plays the AI's side of games against it.
    pub bot: Player,
    /// The commands and clicks being answered, which a stop lets finish.
    pub in_flight: Arc<health::InFlight>,
    /// Where players reach the web board, when it is served.
    pub web: Option<open_board::WebBoard>,
}

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The player behind a Discord user, with the name other players know them by.
pub fn player_of(user: &serenity::User) -> Player {
    let name = user
        .global_name
        .clone()
        .unwrap_or_else(|| user.name.clone());
    Player::new(user.id.stored(), name)
}

/// Who acts in an interaction: its user (named as [`player_of`] names them), from its server,
/// managing that server when the interaction's member has the Manage Server permission there.
/// Every command and button builds its one [`Actor`] here.
pub fn actor_of(
    user: &serenity::User,
    guild: Option<serenity::GuildId>,
    member: Option<&serenity::Member>,
) -> Actor {
    Actor {
        player: player_of(user),
        guild: guild.map(|g| g.stored()),
        manager: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
    }
}

/// What the framework's setup starts once the gateway has let the bot in (see
/// [`running::run`]).
struct Started {
    service: Arc<Service>,
    in_flight: Arc<health::InFlight>,
    guild: Option<serenity::GuildId>,
    every: std::time::Duration,
    stop: tokio::sync::watch::Receiver<bool>,
    let_in: tokio::sync::watch::Sender<bool>,
    delivery: Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>,
    web: Option<open_board::WebBoard>,
}

fn framework(started: Started) -> poise::Framework<Data, Error> {
    let mut commands = commands::all();
    localize::localize(&mut commands);
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            on_error: |error| Box::pin(errors::on_error(error)),
            pre_command: |ctx| Box::pin(before_command(ctx)),
            post_command: |ctx| Box::pin(after_command(ctx)),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            initialize_owners: false,
            // Replies ping nobody unless they say whom (a name may look like a mention, and a
            // public /board must not ping the player to move again).
            allowed_mentions: Some(serenity::CreateAllowedMentions::new()),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let Started {
                    service,
                    in_flight,
                    guild,
                    every,
                    stop,
                    let_in,
                    delivery,
                    web,
                } = started;
                info!(bot = %ready.user.name, "connected to Discord");
                let _ = let_in.send(true);
                register(ctx, &service, &framework.options().commands, guild).await?;
                tokio::spawn(scheduler::run(ctx.clone(), service.clone(), every));
                let worker =
                    tokio::spawn(outbox::run(ctx.clone(), service.clone(), web.clone(), stop));
                *delivery.lock().unwrap_or_else(|e| e.into_inner()) = Some(worker);
                tokio::spawn(service.clone().run_ai());
                tokio::spawn(service.clone().run_analyses());
                let bot = player_of(&ready.user);
                Ok(Data {
                    service,
                    bot,
                    in_flight,
                    web,
                })
            })
        })
        .build()
}

/// Registers the slash commands, but only when their definitions changed since the last start
/// (Discord limits how often commands may be created).
async fn register(
    ctx: &serenity::Context,
    service: &Service,
    commands: &[poise::Command<Data, Error>],
    guild: Option<serenity::GuildId>,
) -> anyhow::Result<()> {
    let definitions = poise::builtins::create_application_commands(commands);
    // The definitions themselves are the fingerprint: stable across builds and Rust versions.
    // Through a JSON value, whose maps are sorted: the localizations are hash maps, whose
    // order changes from one start to the next.
    let fingerprint = serde_json::to_value(&definitions)?.to_string();
    let key = match guild {
        Some(guild) => format!("commands:guild:{guild}"),
        None => "commands:global".to_string(),
    };
    if service.setting(&key).await?.as_deref() == Some(fingerprint.as_str()) {
        info!("slash commands unchanged; not registering");
        return Ok(());
    }
    match guild {
        Some(guild) => {
            guild.set_commands(ctx, definitions).await?;
        }
        None => {
            serenity::Command::set_global_commands(ctx, definitions).await?;
        }
    }
    service.set_setting(&key, &fingerprint).await?;
    info!(commands = commands.len(), "registered slash commands");
    Ok(())
}

/// A command starts: counted as in flight until it has answered, and its server's locale
/// noted.
async fn before_command(ctx: Context<'_>) {
    let running = ctx
        .data()
        .in_flight
        .start(ctx.command().qualified_name.to_string());
    ctx.set_invocation_data(running).await;
    note_guild_locale(ctx).await;
}

/// A command answered as asked.
async fn after_command(ctx: Context<'_>) {
    ended(ctx, health::Outcome::Ok).await;
}

/// Records how the command of `ctx` ended: counted when its interaction is over. A command
/// refused before it started (a check) is counted at once.
async fn ended(ctx: Context<'_>, outcome: health::Outcome) {
    match ctx.invocation_data::<health::Running>().await {
        Some(mut running) => running.ended(outcome),
        None => health::interaction_refused(&ctx.command().qualified_name),
    }
}

/// Remembers the server's locale that Discord sends with a command, for the posts the bot
/// makes later without one (see `Service::guild_language`).
async fn note_guild_locale(ctx: Context<'_>) {
    let poise::Context::Application(app) = ctx else {
        return;
    };
    let (Some(guild), Some(locale)) = (app.interaction.guild_id, &app.interaction.guild_locale)
    else {
        return;
    };
    let service = &ctx.data().service;
    if let Err(error) = service.note_guild_locale(guild.stored(), locale).await {
        warn!("could not note the locale of server {guild}: {error}");
    }
}

/// The language of an answer only the acting user sees: their own Discord locale.
fn user_lang(ctx: Context<'_>) -> Lang {
    Lang::of_locale_or_english(ctx.locale())
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(component),
    } = event
    {
        let data = framework.user_data;
        let mut running = data.in_flight.start(buttons::kind(component));
        let outcome = buttons::handle(framework.serenity_context, data, component).await;
        running.ended(outcome);
    }
    Ok(())
}
