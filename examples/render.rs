//! Writes an SVG picture of a game.
//!
//! ```text
//! cargo run --example render --features svg,serde -- [--seed S] [--players N] [--out FILE]
//! cargo run --example render --features svg,serde -- game.json [--out FILE]
//! ```
//!
//! Without a file it plays a seeded random game to the end (seed 1, 2 players);
//! with a JSON game record it replays it. The picture goes to `--out` (default
//! `game.svg`). A record that does not replay is reported with its step and reason.

use std::process::ExitCode;

use carcassonne_safari::{svg, Actor, GameRecord, GameState, Setup};
use rand_core::{RngCore, SeedableRng};

fn random_game(seed: u64, players: usize) -> Result<GameState, String> {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).map_err(|e| e.to_string())?;
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => state.sample_chance(&mut rng).ok_or("no chance outcome")?,
            Actor::Player(_) => {
                let moves = state.legal_moves();
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            }
        };
        state = state.apply(mv).map_err(|e| e.to_string())?.0;
    }
    Ok(state)
}

fn run() -> Result<String, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let number = |flag: &str, default: u64| -> Result<u64, String> {
        value(flag).map_or(Ok(default), |v| v.parse().map_err(|e| format!("{flag}: {e}")))
    };
    let state = match args.first() {
        Some(path) if !path.starts_with("--") => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            let record: GameRecord =
                serde_json::from_str(&text).map_err(|e| format!("{path}: not a game record: {e}"))?;
            record.replay().map_err(|e| format!("{path}: {e}"))?.0
        }
        _ => random_game(number("--seed", 1)?, number("--players", 2)? as usize)?,
    };
    let out = value("--out").unwrap_or_else(|| "game.svg".into());
    std::fs::write(&out, svg::render(&state)).map_err(|e| format!("{out}: {e}"))?;
    Ok(out)
}

fn main() -> ExitCode {
    match run() {
        Ok(out) => {
            println!("wrote {out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("render: {e}");
            ExitCode::FAILURE
        }
    }
}
