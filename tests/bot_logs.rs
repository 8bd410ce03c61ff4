//! The bot's logs: the token appears in none of them, even at `RUST_LOG=trace`, against a fake
//! Discord whose gateway reads the IDENTIFY (which carries the token).

#[path = "fake_discord/mod.rs"]
mod fake_discord;

use std::process::Stdio;

use fake_discord::FakeDiscord;
use tokio::io::AsyncReadExt;

const TOKEN: &str = "MTIzNDU2Nzg5.secret-part.ZZtokenZZ";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_in_no_log_line_at_any_level() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let database = format!("sqlite://{}", dir.path().join("ponte.db").display());
    let mut bot = tokio::process::Command::new(env!("CARGO_BIN_EXE_ponte"))
        .arg("bot")
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", fake.base())
        .env("DATABASE_URL", &database)
        .env("RUST_LOG", "trace")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stderr = bot.stderr.take().unwrap();
    let mut stdout = bot.stdout.take().unwrap();
    // Read as it comes: a full pipe would stall the bot.
    let logs = tokio::spawn(async move {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text).await;
        let _ = stdout.read_to_end(&mut text).await;
        text
    });
    fake.wait_identified().await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    bot.kill().await.unwrap();
    let logs = logs.await.unwrap();
    let text = String::from_utf8_lossy(&logs);
    assert!(text.len() > 1000, "the bot logged at trace level: {text}");
    assert!(!text.contains("ZZtokenZZ"), "the token is in the logs");
    // Nor spelled out as bytes, in hexadecimal or as a list of numbers.
    let hex: String = "ZZtokenZZ".bytes().map(|b| format!("{b:02x}")).collect();
    assert!(
        !text.to_lowercase().contains(&hex),
        "the token is in the logs, in hex"
    );
    let list = "ZZtokenZZ"
        .bytes()
        .map(|b| b.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    assert!(!text.contains(&list), "the token is in the logs, as bytes");
}
