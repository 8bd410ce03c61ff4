use std::process::Command;

fn main() {
    // Rebuild when a migration changes: `sqlx::migrate!` embeds them at compile time.
    println!("cargo:rerun-if-changed=migrations");
    // The web board's page, built into the binary (precompressed) by memory-serve, in debug
    // builds too: the tests run the binary as players get it. Quietly: it would warn on every
    // build that it read the folder.
    // SAFETY: the build script runs on one thread; nothing reads the environment meanwhile.
    unsafe { std::env::set_var("MEMORY_SERVE_QUIET", "1") };
    memory_serve::load_directory_with_embed("./assets/web", true);
    // The commit the binary is built from, which `ponte arena` writes into a match's record.
    println!("cargo:rustc-env=PONTE_COMMIT={}", commit());
}

/// The commit checked out, with "+changes" when the sources differ from it, or "unknown"
/// outside a git checkout. The script runs again when the checkout moves to another commit
/// or a source changes.
fn commit() -> String {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned())
    };
    let Some(head) = git(&["rev-parse", "--short=7", "HEAD"]) else {
        return "unknown".to_owned();
    };
    let mut watched = vec!["HEAD".to_owned(), "packed-refs".to_owned()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&["rev-parse", "--git-path", &name])
            && std::path::Path::new(&path).exists()
        {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    let sources = ["src", "Cargo.toml", "Cargo.lock", "build.rs"];
    for path in sources {
        println!("cargo:rerun-if-changed={path}");
    }
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(sources);
    match git(&status) {
        Some(changes) if changes.is_empty() => head,
        _ => format!("{head}+changes"),
    }
}
