//! Replays a JSON game record and tells what happened, event by event.
//!
//! ```text
//! cargo run --example replay --features serde -- game.json            # narrate a record
//! cargo run --example replay --features serde -- game.json --json     # print it (normalised)
//! cargo run --example replay --features serde -- --seed 7 --players 3 # narrate a random game
//! cargo run --example replay --features serde -- --seed 7 --json      # print its record
//! ```
//!
//! A record is `{"setup": {"players": 2, ...}, "moves": ["token L", ...]}`
//! (`docs/decisions.md`). A record that does not replay is reported with the
//! step, the move and the reason; one that ends before the game does says so.

mod support;

use std::process::ExitCode;

use carcassonne_safari::Event;
use support::{exit, number, Failure, Source};

const USAGE: &str = "usage: replay [FILE] [--json] | replay [--seed S] [--players N] [--json]
  FILE         a JSON game record to replay (without it: a seeded random game)
  --seed S     the random game's seed (default 1)
  --players N  the random game's players, 2 to 5 (default 2)
  --json       print the record as JSON instead of telling the game";

fn run() -> Result<(), Failure> {
    use lexopt::prelude::*;
    let (mut source, mut json) = (Source::default(), false);
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("seed") => source.seed = Some(number(&mut parser, "--seed")?),
            Long("players") => source.players = Some(number(&mut parser, "--players")?),
            Value(path) if source.file.is_none() => source.file = Some(path.string()?),
            Long("json") => json = true,
            Short('h') | Long("help") => {
                support::say(format_args!("{USAGE}"));
                return Ok(());
            }
            _ => return Err(arg.unexpected().into()),
        }
    }
    let (record, name) = source.record()?;
    if json {
        let text = serde_json::to_string_pretty(&record).map_err(|e| Failure::Failed(e.to_string()))?;
        support::say(format_args!("{text}"));
        return Ok(());
    }
    let (state, events) = record
        .replay()
        .map_err(|e| Failure::Failed(format!("{name}: {e}")))?;
    for e in &events {
        // Draws are many; the story is in the rest.
        if !matches!(e, Event::TileDrawn { .. }) {
            support::say(format_args!("{e}"));
        }
    }
    let scores: Vec<String> = state.scores().iter().map(|s| s.to_string()).collect();
    if state.is_over() {
        support::say(format_args!("final scores: {}", scores.join(", ")));
    } else {
        support::say(format_args!(
            "unfinished after step {}: scores so far {}; the next decision is {}",
            record.moves.len(),
            scores.join(", "),
            state.phase()
        ));
    }
    Ok(())
}

fn main() -> ExitCode {
    exit("replay", USAGE, run())
}
