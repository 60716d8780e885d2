//! Writes an SVG picture of a game.
//!
//! ```text
//! cargo run --example render --features svg,serde -- [--seed S] [--players N] [--out FILE]
//! cargo run --example render --features svg,serde -- game.json [--out FILE]
//! ```
//!
//! Without a file it plays a seeded random game to the end (seed 1, 2
//! players); with a JSON game record it replays it. The picture goes to
//! `--out` (default `game.svg`). A record that does not replay is reported with
//! its step and reason.

mod support;

use std::process::ExitCode;

use carcassonne_safari::svg;
use support::{exit, number, Failure, Source};

const USAGE: &str = "usage: render [FILE] [--out SVG] | render [--seed S] [--players N] [--out SVG]
  FILE         a JSON game record to draw (without it: a seeded random game)
  --seed S     the random game's seed (default 1)
  --players N  the random game's players, 2 to 5 (default 2)
  --out SVG    where to write the picture (default game.svg)";

fn run() -> Result<(), Failure> {
    use lexopt::prelude::*;
    let (mut source, mut out) = (Source::default(), None);
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("seed") => source.seed = Some(number(&mut parser, "--seed")?),
            Long("players") => source.players = Some(number(&mut parser, "--players")?),
            Value(path) if source.file.is_none() => source.file = Some(path.string()?),
            Long("out") => out = Some(parser.value()?.string()?),
            Short('h') | Long("help") => {
                support::say(format_args!("{USAGE}"));
                return Ok(());
            }
            _ => return Err(arg.unexpected().into()),
        }
    }
    let (record, name) = source.record()?;
    let (state, _) = record
        .replay()
        .map_err(|e| Failure::Failed(format!("{name}: {e}")))?;
    let out = out.unwrap_or_else(|| "game.svg".into());
    std::fs::write(&out, svg::render(&state)).map_err(|e| Failure::Failed(format!("{out}: {e}")))?;
    support::say(format_args!("wrote {out}"));
    Ok(())
}

fn main() -> ExitCode {
    exit("render", USAGE, run())
}
