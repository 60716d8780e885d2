//! A quick, seeded run of the protocol fuzzing harness (the cargo-fuzz
//! target `server/fuzz` runs the same harness on inputs that libFuzzer
//! grows): random bytes, and inputs shaped to get deep into games (every
//! seat says hello, then mostly legal moves sent by any connection, mixed
//! with every other kind of frame). No input may panic the server, change a
//! game without a legal move of the seat to move, or leave a game in memory
//! that differs from its stored record.

use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari_server::harness::{Harness, Outcome};

/// An input that greets every connection first, then mostly moves.
fn shaped(rng: &mut rand_pcg::Pcg64, len: usize) -> Vec<u8> {
    let players = (rng.next_u32() % 4) as u8;
    let mut input = vec![players];
    for who in 0..players + 4 {
        input.extend([2, who, 0]);
    }
    while input.len() < len {
        // Mostly legal moves sent by one of the seats (the one to move is
        // among them), else any frame from any connection.
        if rng.next_u32() % 10 < 7 {
            input.push(3);
            input.push((rng.next_u32() % (u32::from(players) + 2)) as u8);
        } else {
            input.push((rng.next_u32() % 12) as u8);
            input.push(rng.next_u32() as u8);
        }
        for _ in 0..3 {
            input.push(rng.next_u32() as u8);
        }
    }
    input
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_protocol_harness_holds_on_seeded_inputs() {
    let harness = Harness::new().await;
    let mut rng = rand_pcg::Pcg64::seed_from_u64(17);
    let mut total = Outcome::default();
    let mut inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        vec![0; 64],
        vec![255; 64],
        b"{\"type\":\"move\"}".to_vec(),
    ];
    for i in 0..240 {
        let len = 8 + (rng.next_u32() % 700) as usize;
        if i % 3 == 0 {
            let mut bytes = vec![0; len];
            rng.fill_bytes(&mut bytes);
            inputs.push(bytes);
        } else {
            inputs.push(shaped(&mut rng, len));
        }
    }
    for (i, input) in inputs.iter().enumerate() {
        match harness.run(input).await {
            Ok(o) => {
                total.frames += o.frames;
                total.moves += o.moves;
                total.errors += o.errors;
            }
            Err(e) => panic!("input {i} ({} bytes): {e}", input.len()),
        }
    }
    // The inputs reached deep into games and through every refusal.
    assert!(total.moves > 200, "{total:?}");
    assert!(total.errors > 1000, "{total:?}");
}
