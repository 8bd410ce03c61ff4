//! The `ponte` command: `local` play in a terminal, `replay` a game record.

use std::io::Read;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "ponte", version, about = "Ponte del Diavolo by correspondence")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play in the terminal on the same service and database as the bot
    Local {
        /// The SQLite database (default: $DATABASE_URL, else sqlite://ponte.db)
        #[arg(long)]
        database: Option<String>,
    },
    /// Replay a game record and report the final position
    Replay {
        /// The record file, or - (the default) for standard input
        #[arg(default_value = "-")]
        file: String,
        /// Print one JSON object instead of a text board
        #[arg(long)]
        json: bool,
    },
}

fn main() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Local { database } => {
            let _ = dotenvy::dotenv();
            let url = database
                .or_else(|| std::env::var("DATABASE_URL").ok())
                .unwrap_or_else(|| "sqlite://ponte.db".to_string());
            let runtime = tokio::runtime::Runtime::new()?;
            runtime.block_on(async {
                let service = ponte::service::Service::open(&url)
                    .await
                    .with_context(|| format!("opening {url}"))?;
                ponte::local::run(&service).await?;
                service.store().close().await;
                anyhow::Ok(())
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Replay { file, json } => {
            let text = match read_input(&file) {
                Ok(text) => text,
                Err(error) => {
                    eprintln!("ponte replay: {error:#}");
                    return Ok(ExitCode::from(2));
                }
            };
            let (report, status) = ponte::replay::run(&text, json);
            if status == 2 {
                eprint!("{report}");
            } else {
                print!("{report}");
            }
            Ok(ExitCode::from(status as u8))
        }
    }
}

fn read_input(file: &str) -> anyhow::Result<String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the record from standard input")?;
        Ok(text)
    } else {
        std::fs::read_to_string(file).with_context(|| format!("reading {file}"))
    }
}
