//! Replays a JSON game record and tells what happened, event by event.
//!
//! ```text
//! cargo run --example replay --features serde -- game.json
//! cargo run --example replay --features serde -- --seed 7 --players 3          # narrate a random game
//! cargo run --example replay --features serde -- --seed 7 --players 3 --json   # print its record
//! ```
//!
//! A record is `{"setup": {"players": 2, "rangers": null, "hands": null},
//! "moves": ["token L", ...]}`. A record that does not replay is reported with the
//! step, the move and the reason.

use std::process::ExitCode;

use carcassonne_safari::{Actor, Event, GameRecord, GameState, Setup};
use rand_core::{RngCore, SeedableRng};

fn random_record(seed: u64, players: usize) -> Result<GameRecord, String> {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let setup = Setup::new(players);
    let mut state = GameState::new(&setup).map_err(|e| e.to_string())?;
    let mut record = GameRecord::new(setup);
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => state.sample_chance(&mut rng).ok_or("no chance outcome")?,
            Actor::Player(_) => {
                let moves = state.legal_moves();
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            }
        };
        state = state.apply(mv).map_err(|e| e.to_string())?.0;
        record.moves.push(mv);
    }
    Ok(record)
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| -> Result<Option<u64>, String> {
        match args.iter().position(|a| a == flag) {
            None => Ok(None),
            Some(i) => args
                .get(i + 1)
                .ok_or(format!("{flag} needs a value"))?
                .parse()
                .map(Some)
                .map_err(|e| format!("{flag}: {e}")),
        }
    };
    let record = match args.first() {
        Some(path) if !path.starts_with("--") => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            serde_json::from_str::<GameRecord>(&text)
                .map_err(|e| format!("{path}: not a game record: {e}"))?
        }
        _ => random_record(
            value("--seed")?.unwrap_or(1),
            value("--players")?.unwrap_or(2) as usize,
        )?,
    };
    if args.iter().any(|a| a == "--json") {
        println!(
            "{}",
            serde_json::to_string_pretty(&record).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    let (state, events) = record.replay().map_err(|e| e.to_string())?;
    for e in &events {
        // Draws and token deals are many; the story is in the rest.
        if !matches!(e, Event::TileDrawn { .. }) {
            println!("{e}");
        }
    }
    let scores: Vec<String> = state.scores().iter().map(|s| s.to_string()).collect();
    println!("final scores: {}", scores.join(", "));
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {e}");
            ExitCode::FAILURE
        }
    }
}
