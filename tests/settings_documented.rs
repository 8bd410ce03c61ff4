//! Every setting the code reads from the environment is written down where a host looks for
//! it: the bot's settings in `.env.example` and docs/hosting.md, the settings honoured only
//! against a fake Discord in docs/hosting.md, the tests' own switch (redrawing the reference pictures) in docs/players.md.

use std::collections::BTreeSet;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The names `src/` passes to `call` as a string literal: `env::var("NAME")`.
fn names_read(call: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut folders = vec![Path::new(ROOT).join("src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                    .collect();
                if !name.is_empty() && rest[name.len()..].starts_with('"') {
                    found.insert(name);
                }
            }
        }
    }
    found
}

fn read(file: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(file)).unwrap()
}

#[test]
fn every_setting_read_is_written_down() {
    let example = read(".env.example");
    let hosting = read("docs/hosting.md");
    let players = read("docs/players.md");
    let mut settings = names_read("env::var(\"");
    settings.extend(names_read("env::var_os(\""));
    assert!(settings.contains("PONTE_PUZZLES"), "{settings:?}");
    for name in &settings {
        if name == "UPDATE_GOLDEN" {
            assert!(players.contains(name), "{name} in docs/players.md");
            continue;
        }
        assert!(example.contains(name), "{name} in .env.example");
        assert!(hosting.contains(name), "{name} in docs/hosting.md");
    }
    let testing = names_read("testing(\"");
    assert!(testing.contains("PONTE_SCHEDULER_SECONDS"), "{testing:?}");
    for name in &testing {
        assert!(hosting.contains(name), "{name} in docs/hosting.md");
    }
}
