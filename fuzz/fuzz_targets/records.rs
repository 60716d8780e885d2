//! JSON game records: `serde_json::from_slice::<GameRecord>` and
//! `GameRecord::replay` never panic, on the raw bytes and on a record built from
//! them (a setup, then moves that are legal moves of the position reached, legal
//! moves with one byte changed, or any text). A move that does not parse fails
//! the whole record with an error naming its step; a move that does not apply
//! fails the replay with `ReplayError::Illegal` at its step (`docs/decisions.md`,
//! "Game records").
//!
//! cargo +nightly fuzz run records -- -max_total_time=120
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use carcassonne_safari::{Animal, Design, GameRecord, GameState, Move, Setup, record::ReplayError, tiles::DESIGN_COUNT};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input {
    players: u8,
    hands: Option<Vec<Vec<u8>>>,
    tile_order: Vec<u16>,
    moves: Vec<Step>,
}

/// One move string: the n-th legal move of the position reached so far, that move
/// with byte `at` set to `to`, or any text.
#[derive(Arbitrary, Debug)]
enum Step {
    Legal(u16),
    Mutated(u16, u8, u8),
    Text(String),
}

/// Deserializes and replays `json`; a replay error must name a step of the record.
fn check(json: &[u8]) -> Result<Result<(), ReplayError>, serde_json::Error> {
    let record: GameRecord = serde_json::from_slice(json)?;
    let result = record.replay().map(drop);
    if let Err(e @ ReplayError::Illegal { step, .. }) = &result {
        assert!(*step < record.moves.len(), "{e}");
        assert!(e.to_string().starts_with(&format!("step {step}: ")), "{e}");
    }
    Ok(result)
}

fuzz_target!(|data: &[u8]| {
    let _ = check(data);
    let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(data)) else {
        return;
    };
    let design = |i: &u16| Design::from_index(*i as usize % DESIGN_COUNT).unwrap();
    let hand = |h: &Vec<u8>| h.iter().map(|&b| Animal::ALL[b as usize % 5]).collect();
    let mut setup = Setup::new(input.players as usize % 7);
    setup.tile_order = input.tile_order.iter().map(design).collect();
    setup.hands = input.hands.map(|hands| hands.iter().map(hand).collect());
    // Play along to write legal moves, and note what must fail: the first move that
    // does not parse fails the record; else an impossible setup or the first move
    // that does not apply fails the replay.
    let (mut state, mut texts) = (GameState::new(&setup).ok(), Vec::new());
    let (setup_ok, mut unparsed, mut illegal) = (state.is_some(), None, None);
    for step in input.moves {
        let legal: Vec<Move> = state.iter().flat_map(GameState::legal_moves).collect();
        let pick = |i: u16| match legal.len() {
            0 => "pass".to_string(),
            n => legal[i as usize % n].to_string(),
        };
        let text = match step {
            Step::Legal(i) => pick(i),
            Step::Mutated(i, at, to) => {
                let mut bytes = pick(i).into_bytes();
                let at = at as usize % bytes.len();
                bytes[at] = to;
                String::from_utf8_lossy(&bytes).into_owned()
            }
            Step::Text(text) => text,
        };
        let mv = text.parse::<Move>();
        if mv.is_err() {
            unparsed.get_or_insert(texts.len());
        }
        if let Some(s) = state.take() {
            state = mv.ok().and_then(|mv| s.apply(mv).ok()).map(|next| next.0);
            if state.is_none() {
                illegal = Some(texts.len());
            }
        }
        texts.push(text);
    }
    let json = serde_json::json!({ "setup": setup, "moves": texts }).to_string();
    match (check(json.as_bytes()), unparsed) {
        (Err(e), Some(k)) => assert!(e.to_string().contains(&format!("step {k}: ")), "{e}"),
        (Ok(Err(ReplayError::Setup(_))), None) => assert!(!setup_ok),
        (Ok(Err(ReplayError::Illegal { step, .. })), None) => assert!(setup_ok && illegal == Some(step)),
        (Ok(Ok(())), None) => assert!(setup_ok && illegal.is_none()),
        (result, unparsed) => panic!("{result:?}, first move that does not parse: {unparsed:?}"),
    }
});
