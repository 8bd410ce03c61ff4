//! `/settings`: the language of the server's posts, who creates tournaments, the vacation
//! days, the daily puzzle's channel, and who may watch game pages on the web board, for its
//! managers.

use super::{Context, Data, Error, actor};
use crate::discord::ids::Stored;
use crate::i18n::{Lang, yes_no};
use crate::service::ServiceError;
use crate::tr;

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    /// Follow the server's language as Discord reports it.
    #[name = "server"]
    Server,
    #[name = "English"]
    English,
    #[name = "Deutsch"]
    German,
    #[name = "Français"]
    French,
}

/// This group's commands, for [`super::all`].
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![settings()]
}

/// The server's settings (managers only)
#[poise::command(
    slash_command,
    guild_only,
    subcommands("language", "tournaments", "vacations", "puzzle_channel", "pages"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD"
)]
pub async fn settings(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The language of the bot's posts in this server
#[poise::command(slash_command, guild_only, required_permissions = "MANAGE_GUILD")]
pub async fn language(ctx: Context<'_>, language: LanguageChoice) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?.stored();
    let chosen = match language {
        LanguageChoice::Server => None,
        LanguageChoice::English => Some(Lang::En),
        LanguageChoice::German => Some(Lang::De),
        LanguageChoice::French => Some(Lang::Fr),
    };
    let service = &ctx.data().service;
    service.choose_guild_language(&actor(ctx), chosen).await?;
    // Said in the language the server's posts now use, for everyone to see.
    let now = service.guild_language(Some(guild)).await?;
    let text = match chosen {
        Some(_) => tr!(now, "settings-language-chosen", language = now.own_name()),
        None => tr!(now, "settings-language-server", language = now.own_name()),
    };
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum CreatorsChoice {
    #[name = "managers"]
    Managers,
    #[name = "members"]
    Members,
}

/// Who may create tournaments in this server
#[poise::command(slash_command, guild_only, required_permissions = "MANAGE_GUILD")]
pub async fn tournaments(ctx: Context<'_>, creators: CreatorsChoice) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?.stored();
    let members = matches!(creators, CreatorsChoice::Members);
    let service = &ctx.data().service;
    service
        .allow_members_to_create_tournaments(&actor(ctx), members)
        .await?;
    let lang = service.guild_language(Some(guild)).await?;
    let text = tr!(
        lang,
        "settings-tournament-creators",
        members = yes_no(members)
    );
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}

/// How many vacation days each player has a year in this server (0: no vacations)
#[poise::command(slash_command, guild_only, required_permissions = "MANAGE_GUILD")]
pub async fn vacations(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 365]
    days: i64,
) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?.stored();
    let service = &ctx.data().service;
    service.set_vacation_allowance(&actor(ctx), days).await?;
    let lang = service.guild_language(Some(guild)).await?;
    let text = tr!(lang, "settings-vacation-days", days = days);
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PuzzleChannelChoice {
    /// The daily puzzle is posted in the channel the command is typed in.
    #[name = "here"]
    Here,
    #[name = "off"]
    Off,
}

/// A puzzle a day in this channel, or none (off)
#[poise::command(
    slash_command,
    guild_only,
    rename = "puzzle-channel",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn puzzle_channel(ctx: Context<'_>, post: PuzzleChannelChoice) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?.stored();
    let channel = match post {
        PuzzleChannelChoice::Here => Some(ctx.channel_id().stored()),
        PuzzleChannelChoice::Off => None,
    };
    let service = &ctx.data().service;
    let next = service.set_puzzle_channel(&actor(ctx), channel).await?;
    let lang = service.guild_language(Some(guild)).await?;
    let text = match (channel, next) {
        (Some(channel), Some(at)) => tr!(
            lang,
            "settings-puzzle-channel",
            channel = format!("<#{channel}>"),
            at = format!("<t:{}:t>", at / 1000)
        ),
        _ => tr!(lang, "settings-puzzle-channel-off"),
    };
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}

/// Whether the games' web pages are for their players only
#[poise::command(slash_command, guild_only, required_permissions = "MANAGE_GUILD")]
pub async fn pages(ctx: Context<'_>, private: bool) -> Result<(), Error> {
    let guild = ctx.guild_id().ok_or(ServiceError::NoServer)?.stored();
    let service = &ctx.data().service;
    service.set_private_pages(&actor(ctx), private).await?;
    let lang = service.guild_language(Some(guild)).await?;
    let text = tr!(lang, "settings-private-pages", private = yes_no(private));
    ctx.send(poise::CreateReply::default().content(text))
        .await?;
    Ok(())
}
