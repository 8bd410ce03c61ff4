//! The `ponte` command: `replay` a game record (more subcommands come with the bot).

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
