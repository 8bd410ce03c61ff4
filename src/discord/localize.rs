//! The slash commands in every language: descriptions, and German and French names, for each
//! command, option and choice, from the Fluent files (`cmd-…` messages). The English names are
//! the code's own (handlers read options by them; Discord reports the English name whatever
//! the user's language).
//!
//! A command `place` reads `cmd-place` (its name) with `.description`, and per option
//! `.first` (its name), `.first-description` and `.first-choice-0`, `.first-choice-1`… (its
//! choices, in order). A subcommand `settings language` reads `cmd-settings-language`.

use std::borrow::Cow;

use super::{Data, Error};
use crate::i18n::{self, Args, Lang};

type Localizations = Cow<'static, [(Cow<'static, str>, Cow<'static, str>)]>;

/// Fills in descriptions (English) and the localized names and descriptions of every command,
/// option and choice.
pub fn localize(commands: &mut [poise::Command<Data, Error>]) {
    for command in commands {
        localize_command("cmd", command);
    }
}

/// Localizes `command`, whose messages start with `prefix` (`cmd`, or the parent's id).
fn localize_command(prefix: &str, command: &mut poise::Command<Data, Error>) {
    let id = format!("{prefix}-{}", command.name);
    let text = |lang: Lang, attribute: Option<&str>| {
        let key = match attribute {
            Some(attribute) => format!("{id}.{attribute}"),
            None => id.clone(),
        };
        i18n::text(lang, &key, &Args::new())
    };
    command.description = Some(text(Lang::En, Some("description")).into());
    set(&mut command.name_localizations, |lang| text(lang, None));
    set(&mut command.description_localizations, |lang| {
        text(lang, Some("description"))
    });
    for parameter in &mut command.parameters {
        let name = parameter.name.to_string();
        parameter.description = Some(text(Lang::En, Some(&format!("{name}-description"))).into());
        set(&mut parameter.name_localizations, |lang| {
            text(lang, Some(&name))
        });
        set(&mut parameter.description_localizations, |lang| {
            text(lang, Some(&format!("{name}-description")))
        });
        for (index, choice) in parameter.choices.to_mut().iter_mut().enumerate() {
            let key = format!("{name}-choice-{index}");
            choice.name = text(Lang::En, Some(&key)).into();
            set(&mut choice.localizations, |lang| text(lang, Some(&key)));
        }
    }
    for subcommand in &mut command.subcommands {
        localize_command(&id, subcommand);
    }
}

/// Sets the German and French entries of `localizations`.
fn set(localizations: &mut Localizations, words: impl Fn(Lang) -> String) {
    *localizations = [Lang::De, Lang::Fr]
        .map(|lang| (Cow::Borrowed(lang.code()), Cow::Owned(words(lang))))
        .to_vec()
        .into();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord's rules for names (lower case, no spaces, at most 32) and descriptions (1–100),
    /// and English names that are the code's own.
    #[test]
    fn every_command_is_named_and_described_within_discords_limits() {
        let mut commands = super::super::commands::all();
        localize(&mut commands);
        let definitions = poise::builtins::create_application_commands(&commands);
        let json = serde_json::to_value(&definitions).unwrap();
        let mut checked = 0;
        let mut check = |item: &serde_json::Value| {
            let name = item["name"].as_str().unwrap();
            let is_choice = item.get("value").is_some();
            let limit = if is_choice { 100 } else { 32 };
            let mut names = vec![name.to_string()];
            if let Some(localized) = item["name_localizations"].as_object() {
                assert_eq!(localized.len(), 2, "{name}: {localized:?}");
                names.extend(localized.values().map(|v| v.as_str().unwrap().to_string()));
            }
            for name in &names {
                let length = name.chars().count();
                assert!((1..=limit).contains(&length), "{name:?}");
                if !is_choice {
                    assert!(
                        name.chars()
                            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
                            && name.to_lowercase() == *name,
                        "{name:?} is no slash command name"
                    );
                }
            }
            if !is_choice {
                let description = item["description"].as_str().unwrap();
                let localized = item["description_localizations"].as_object().unwrap();
                assert_eq!(localized.len(), 2, "{name}: {localized:?}");
                for text in localized
                    .values()
                    .map(|v| v.as_str().unwrap())
                    .chain([description])
                {
                    let length = text.chars().count();
                    assert!((1..=100).contains(&length), "{name}: {text:?} ({length})");
                    assert!(!text.starts_with("cmd-"), "{name}: no words for {text}");
                }
            }
            checked += 1;
        };
        fn walk(item: &serde_json::Value, check: &mut dyn FnMut(&serde_json::Value)) {
            check(item);
            for key in ["options", "choices"] {
                for child in item[key].as_array().into_iter().flatten() {
                    walk(child, check);
                }
            }
        }
        for command in json.as_array().unwrap() {
            walk(command, &mut check);
        }
        assert!(checked > 40, "{checked}");
        // The English names are the code's (handlers read options by them).
        for command in &commands {
            let id = format!("cmd-{}", command.name);
            assert_eq!(i18n::text(Lang::En, &id, &Args::new()), command.name);
            for parameter in &command.parameters {
                let option = format!("{id}.{}", parameter.name);
                assert_eq!(i18n::text(Lang::En, &option, &Args::new()), parameter.name);
            }
        }
    }

    /// `/help` names every command and subcommand, in the player's language and in one
    /// message, so a command added to a group's list cannot be left out of it.
    #[test]
    fn help_names_every_command_in_every_language() {
        let commands = crate::discord::commands::all();
        for lang in Lang::ALL {
            let help = i18n::text(lang, "help-text", &Args::new());
            // One Discord message, whole: `fit_message` would cut its last lines.
            assert!(
                help.chars().count() <= 2000,
                "{lang:?}: {}",
                help.chars().count()
            );
            for command in &commands {
                let id = format!("cmd-{}", command.name);
                let name = i18n::text(lang, &id, &Args::new());
                assert!(help.contains(&format!("/{name}")), "{lang:?}: /{name}");
                // Subcommands are listed as in `/vacation start|end|status`.
                let listed = help
                    .split(&format!("`/{name} "))
                    .nth(1)
                    .and_then(|rest| rest.split('`').next())
                    .unwrap_or_default();
                for subcommand in &command.subcommands {
                    let key = format!("{id}-{}", subcommand.name);
                    let sub = i18n::text(lang, &key, &Args::new());
                    assert!(
                        listed.split('|').any(|s| s == sub),
                        "{lang:?}: /{name} {sub}"
                    );
                }
            }
        }
    }
}
