//! The three languages stay complete: every message (and attribute) exists in English, German
//! and French with the same arguments, every id the code asks for exists, and the files parse.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use ponte::i18n::{self, Lang};

/// Each message or attribute (`id` or `id.attribute`) with the variables it uses.
type Messages = BTreeMap<String, BTreeSet<String>>;

fn messages(lang: Lang, source: &str) -> Messages {
    let resource = fluent_syntax::parser::parse(source)
        .unwrap_or_else(|(_, errors)| panic!("{lang}.ftl does not parse: {errors:?}"));
    let mut found = Messages::new();
    for entry in resource.body {
        match entry {
            Entry::Message(message) => {
                let id = message.id.name.to_string();
                if let Some(value) = &message.value {
                    found.insert(id.clone(), variables(value));
                }
                for attribute in &message.attributes {
                    let key = format!("{id}.{}", attribute.id.name);
                    found.insert(key, variables(&attribute.value));
                }
            }
            Entry::Term(term) => {
                found.insert(format!("-{}", term.id.name), variables(&term.value));
            }
            Entry::Junk { content } => panic!("{lang}.ftl: cannot read {content:?}"),
            _ => {}
        }
    }
    found
}

fn variables(pattern: &Pattern<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, &mut found);
        }
    }
    found
}

fn expression_variables(expression: &Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                found.extend(variables(&variant.value));
            }
        }
        Expression::Inline(inline) => inline_variables(inline, found),
    }
}

fn inline_variables(inline: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, found);
            }
            for argument in &arguments.named {
                inline_variables(&argument.value, found);
            }
        }
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for argument in &arguments.named {
                inline_variables(&argument.value, found);
            }
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, found),
        _ => {}
    }
}

#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    let [english, others @ ..] =
        i18n::sources().map(|(lang, source)| (lang, messages(lang, source)));
    assert!(
        english.1.len() > 20,
        "too few messages: {}",
        english.1.len()
    );
    for (lang, theirs) in &others {
        let missing: Vec<_> = english
            .1
            .keys()
            .filter(|id| !theirs.contains_key(*id))
            .collect();
        let extra: Vec<_> = theirs
            .keys()
            .filter(|id| !english.1.contains_key(*id))
            .collect();
        assert!(missing.is_empty(), "{lang}.ftl lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{lang}.ftl has {extra:?}, which en.ftl does not"
        );
        for (id, arguments) in &english.1 {
            assert_eq!(
                &theirs[id], arguments,
                "{id} takes other arguments in {lang}.ftl than in en.ftl"
            );
        }
    }
}

/// Message ids the code passes to `tr!` as literals.
fn ids_in_code() -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut files = vec![std::path::PathBuf::from("src")];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let code = std::fs::read_to_string(&path).unwrap();
        for (at, _) in code.match_indices("tr!(") {
            // Not include_str!( and the like, nor examples in comments.
            let line = &code[code[..at].rfind('\n').map_or(0, |i| i + 1)..at];
            if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_')
                || line.trim_start().starts_with("//")
            {
                continue;
            }
            let call = &code[at..];
            // tr!(lang, "id", …): the first string literal, when it comes before the first `)`.
            let Some(quote) = call.find('"') else {
                continue;
            };
            if call[..quote].contains(')') {
                continue;
            }
            let rest = &call[quote + 1..];
            let id = &rest[..rest.find('"').unwrap()];
            ids.insert(id.to_string());
        }
    }
    ids
}

#[test]
fn every_message_the_code_asks_for_exists() {
    let ids = ids_in_code();
    assert!(ids.len() > 10, "{ids:?}");
    for id in ids {
        for lang in Lang::ALL {
            assert!(i18n::has(lang, &id), "{lang}.ftl has no message {id}");
        }
    }
}

/// Every message fits Discord's limits in every language (German runs long), with each
/// argument as long as a display name (32 characters): 2,000 characters a message, 80 a
/// button label.
#[test]
fn every_message_fits_discords_limits_in_every_language() {
    let long_name = "W".repeat(32);
    let mut longest = (0, String::new());
    for (lang, source) in i18n::sources() {
        for (id, variables) in messages(lang, source) {
            if id.starts_with('-') {
                continue;
            }
            let mut args = i18n::Args::new();
            for variable in &variables {
                args.set(variable.clone(), long_name.clone());
            }
            let text = i18n::text(lang, &id, &args);
            let length = text.chars().count();
            let limit = if id.starts_with("button-") { 80 } else { 2000 };
            assert!(length <= limit, "{id} in {lang}.ftl: {length} characters");
            if length > longest.0 {
                longest = (length, format!("{id} in {lang}.ftl"));
            }
        }
    }
    assert!(longest.0 > 500, "{longest:?}");
}

/// The bot says *tu* and *du*, never the formal register: in French no *vous*, *votre*, *vos*
/// nor an imperative in *-ez* opening a sentence or carrying a pronoun (*Redemandez-la*); in
/// German no *Sie*, *Ihr*, *Ihnen*… inside a sentence (at its start *Sie* is "she" or "it": die
/// Partie, die Zeit).
#[test]
fn the_bot_speaks_to_players_informally() {
    let french_formal = [" vous", "vous ", "votre", " vos ", "Vous", "Votre", "Vos "];
    let german_formal = [
        " Sie ", " Ihr ", " Ihre", " Ihnen", " Ihren", " Ihrem", " Ihrer", " Ihres",
    ];
    for (lang, source) in i18n::sources() {
        for (number, line) in source.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            let text = line.split_once(" = ").map_or(line, |(_, text)| text);
            let found = match lang {
                Lang::Fr => {
                    let imperative = text.split(['.', '!', '?', ':']).any(|sentence| {
                        let first = sentence.split_whitespace().next().unwrap_or_default();
                        let verb = first.split('-').next().unwrap_or_default();
                        let capital = verb.chars().next().is_some_and(char::is_uppercase);
                        capital && verb.ends_with("ez") && !["Chez", "Assez"].contains(&verb)
                    }) || text
                        .split_whitespace()
                        .any(|w| w.contains("ez-") && !w.starts_with("chez-"));
                    french_formal
                        .iter()
                        .find(|formal| text.contains(*formal))
                        .map(std::string::ToString::to_string)
                        .or(imperative.then(|| "an imperative in -ez".to_string()))
                }
                Lang::De => german_formal
                    .iter()
                    .find(|formal| inside_a_sentence(text, formal))
                    .map(std::string::ToString::to_string),
                Lang::En => None,
            };
            assert!(
                found.is_none(),
                "{lang}.ftl line {}: {found:?} in {line:?}",
                number + 1
            );
        }
    }
}

/// Whether `word` (with its spaces) comes in `text` other than at a sentence's start.
fn inside_a_sentence(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].trim_end();
        !(before.is_empty() || before.ends_with(['.', '!', '?', ':', '\n']))
    })
}

#[test]
fn english_counts_and_articles_agree_with_their_numbers() {
    use ponte::i18n::tr;
    assert_eq!(
        tr!(Lang::En, "diagram-tiles-left", left = 1),
        ", 1 tile left"
    );
    assert_eq!(
        tr!(Lang::En, "diagram-tiles-left", left = 2),
        ", 2 tiles left"
    );
    let challenge = |rated: &str| {
        tr!(
            Lang::En,
            "challenge-text",
            who = "alice",
            whom = "bob",
            rated = rated,
            terms = "8×8",
            opener = "alice",
            expires = "tomorrow"
        )
    };
    assert!(
        challenge("no").contains("bob to an unrated game"),
        "{}",
        challenge("no")
    );
    assert!(
        challenge("yes").contains("bob to a rated game"),
        "{}",
        challenge("yes")
    );
}
