//! The bot's words in English, German and French: one Fluent file per language
//! (`assets/locales/*.ftl`, built into the binary), and the language of each reader.
//!
//! Everything a player reads is a message of these files, looked up by id with named
//! arguments ([`tr!`]); plurals and cases are the files' own selectors. The rules engine stays
//! language-free: its errors are typed data that `words` turns into sentences.

mod words;

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentValue;
pub use words::{
    Hidden, color_name, count, diagram, illegal_move, move_words, painted_diagram,
    painted_diagram_hiding, score_words, side_name, time_left, variant_words, with_color,
};

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Fr];

    /// The language's code, as Discord and Fluent write it: `en`, `de`, `fr`.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language of a locale such as Discord's `de`, `en-GB` or `fr`, or the environment's
    /// `de_CH.UTF-8`; `None` for one the bot does not speak.
    pub fn of_locale(locale: &str) -> Option<Lang> {
        let language = locale
            .split(['-', '_', '.', '@'])
            .next()?
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|lang| lang.code() == language)
    }

    /// The language of `locale`, English for an unknown or missing one.
    pub fn of_locale_or_english(locale: Option<&str>) -> Lang {
        locale.and_then(Lang::of_locale).unwrap_or_default()
    }

    /// The language's own name: "English", "Deutsch", "Français".
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
        }
    }

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/locales/en.ftl"),
            Lang::De => include_str!("../../assets/locales/de.ftl"),
            Lang::Fr => include_str!("../../assets/locales/fr.ftl"),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[derive(Debug, thiserror::Error)]
#[error("unknown language {0:?}: say en, de or fr")]
pub struct UnknownLang(String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(text: &str) -> Result<Lang, UnknownLang> {
        Lang::of_locale(text.trim()).ok_or_else(|| UnknownLang(text.to_string()))
    }
}

/// `yes` or `no`: the keys of a message's variants chosen by a flag.
pub fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// The Fluent source of each language, for tests that compare them.
pub fn sources() -> [(Lang, &'static str); 3] {
    Lang::ALL.map(|lang| (lang, lang.source()))
}

static BUNDLES: LazyLock<[FluentBundle<FluentResource>; 3]> =
    LazyLock::new(|| Lang::ALL.map(bundle));

fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().expect("the codes are language ids");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No invisible isolation marks around arguments: Discord's markdown and the picture's
    // font would show or trip over them.
    bundle.set_use_isolating(false);
    let resource = FluentResource::try_new(lang.source().to_string())
        .unwrap_or_else(|(_, errors)| panic!("assets/locales/{lang}.ftl: {errors:?}"));
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("assets/locales/{lang}.ftl: {errors:?}"));
    bundle
}

/// The message `id` (or `id.attribute`) in `lang` with `args`. A message missing from a
/// language falls back to English (a test keeps the files complete), then to its id.
pub fn text(lang: Lang, id: &str, args: &FluentArgs) -> String {
    format(lang, id, args)
        .or_else(|| format(Lang::En, id, args))
        .unwrap_or_else(|| {
            tracing::warn!("no message {id} in assets/locales");
            id.to_string()
        })
}

/// Every message whose id starts with `prefix`, in `lang`, formatted without arguments: the
/// words a page shows as they are (a sentence with arguments is formatted where it is said).
pub fn messages_with_prefix(lang: Lang, prefix: &str) -> Vec<(&'static str, String)> {
    // A message starts a line with its id; attributes, comments and continued lines do not.
    Lang::En
        .source()
        .lines()
        .filter_map(|line| line.split_once(" ="))
        .map(|(id, _)| id)
        .filter(|id| id.starts_with(prefix) && !id.contains(char::is_whitespace))
        .map(|id| (id, text(lang, id, &FluentArgs::new())))
        .collect()
}

/// Whether `id` (or `id.attribute`) is a message of the files.
pub fn has(lang: Lang, id: &str) -> bool {
    format(lang, id, &FluentArgs::new()).is_some()
}

fn format(lang: Lang, id: &str, args: &FluentArgs) -> Option<String> {
    let bundle = &BUNDLES[lang as usize];
    let (id, attribute) = match id.split_once('.') {
        Some((id, attribute)) => (id, Some(attribute)),
        None => (id, None),
    };
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(attribute) => message.get_attribute(attribute)?.value(),
        None => message.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!("message {id} in {lang}: {errors:?}");
    }
    Some(text.into_owned())
}

/// `tr!(lang, "message-id", name = value, …)`: the message in `lang` with its named arguments
/// (numbers select plurals; anything else is shown as text).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = $crate::i18n::Args::new();
        $( args.set(stringify!($name), $crate::i18n::arg($value)); )*
        $crate::i18n::text($lang, $id, &args)
    }};
}
pub use tr;

pub type Args<'a> = FluentArgs<'a>;

/// A message argument: numbers stay numbers (for plurals), the rest becomes text.
pub fn arg<'a>(value: impl Into<Arg<'a>>) -> FluentValue<'a> {
    value.into().0
}

/// What [`arg`] takes.
pub struct Arg<'a>(FluentValue<'a>);

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl<'a> From<$t> for Arg<'a> {
            fn from(n: $t) -> Arg<'a> {
                Arg(FluentValue::from(n))
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64, f64);

macro_rules! id_args {
    ($($t:ty),*) => {$(
        impl<'a> From<$t> for Arg<'a> {
            fn from(id: $t) -> Arg<'a> {
                Arg(FluentValue::from(id.get()))
            }
        }
    )*};
}
id_args!(
    crate::ids::GameId,
    crate::ids::PlayerId,
    crate::ids::ChallengeId,
    crate::ids::TournamentId,
    crate::ids::PuzzleId
);

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Arg<'a> {
        Arg(FluentValue::from(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Arg<'a> {
        Arg(FluentValue::from(text.as_str()))
    }
}

impl<'a> From<String> for Arg<'a> {
    fn from(text: String) -> Arg<'a> {
        Arg(FluentValue::from(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_name_their_language() {
        assert_eq!(Lang::of_locale("de"), Some(Lang::De));
        assert_eq!(Lang::of_locale("en-GB"), Some(Lang::En));
        assert_eq!(Lang::of_locale("fr"), Some(Lang::Fr));
        assert_eq!(Lang::of_locale("de_CH.UTF-8"), Some(Lang::De));
        assert_eq!(Lang::of_locale("pt-BR"), None);
        assert_eq!(Lang::of_locale_or_english(Some("ja")), Lang::En);
        assert_eq!(Lang::of_locale_or_english(None), Lang::En);
        assert_eq!("FR".parse::<Lang>().unwrap(), Lang::Fr);
        assert!("xx".parse::<Lang>().is_err());
    }

    #[test]
    fn plurals_follow_each_language() {
        assert_eq!(count(Lang::En, "points", 1), "1 point");
        assert_eq!(count(Lang::En, "points", 0), "0 points");
        assert_eq!(count(Lang::De, "points", 2), "2 Punkte");
        // French counts zero as one.
        assert_eq!(count(Lang::Fr, "points", 0), "0 point");
        assert_eq!(count(Lang::Fr, "islands", 3), "3 îles");
        let boxed = crate::game::Variant::default();
        assert_eq!(
            variant_words(Lang::En, boxed),
            "12×12, 60 tiles each, 22 bridges"
        );
        assert_eq!(
            variant_words(Lang::De, boxed),
            "12×12, je 60 Steine, 22 Brücken"
        );
    }
}
