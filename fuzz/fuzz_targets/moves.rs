//! Arbitrary bytes as a sequence of moves fed to `apply`: no panic anywhere; an
//! illegal move returns `Err` naming the move and leaves the state unchanged;
//! `is_legal` agrees with `apply` and with `legal_moves`.
//!
//! Byte 0 picks the setup (players, fixed hands, ranger cells). Then each step
//! reads an opcode byte:
//! - 0..=159: play `legal_moves()[next byte % len]` (most steps, to get deep games);
//! - 160..=199: parse a notation string of `next byte % 24` bytes and apply it;
//! - 200..=239: build a `Move` value directly from the next bytes (any cell,
//!   segment 0..=255, any design, ...) and apply it;
//! - 240..=255: apply a legal move with one field perturbed.
//!
//! cargo +nightly fuzz run moves -- -max_total_time=600
#![no_main]

use carcassonne_safari::{Animal, Corner, Design, GameState, MeepleTarget, Move, Pos, Rotation, Setup, tiles::DESIGN_COUNT};
use libfuzzer_sys::fuzz_target;

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn take(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.0.len());
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        a
    }
}

fn setup(b: u8, bytes: &mut Bytes) -> Setup {
    let players = 2 + (b % 4) as usize;
    let mut s = Setup::new(players);
    if b & 0x10 != 0 {
        // At most 10 tokens of an animal in all (R-COMP-2).
        let mut used = [0u8; 5];
        let hands = (0..players)
            .map(|_| {
                let n = bytes.next().unwrap_or(0) % 13;
                (0..n)
                    .map(|_| (bytes.next().unwrap_or(0) % 5) as usize)
                    .filter(|&a| {
                        used[a] += 1;
                        used[a] <= 10
                    })
                    .map(|a| Animal::ALL[a])
                    .collect()
            })
            .collect();
        s = s.with_hands(hands);
    }
    if b & 0x20 != 0 {
        let cells = [
            (-2, 0),
            (2, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 1),
            (0, 1),
            (1, 1),
        ];
        let a = (bytes.next().unwrap_or(0) % 8) as usize;
        let c = (a + 1 + (bytes.next().unwrap_or(0) % 7) as usize) % 8;
        s = s.with_rangers([Pos::new(cells[a].0, cells[a].1), Pos::new(cells[c].0, cells[c].1)]);
    }
    if b & 0x40 != 0 {
        s = s.with_baobab_tokens_boost(false);
    }
    if b & 0x80 != 0 {
        // A fixed order of up to 24 tiles; impossible orders must be SetupErrors.
        let n = bytes.next().unwrap_or(0) % 25;
        let designs: Vec<Design> = Design::all().collect();
        let order = (0..n)
            .map(|_| designs[bytes.next().unwrap_or(0) as usize % designs.len()])
            .collect();
        s = s.with_tile_order(order);
    }
    s
}

fn raw_move(bytes: &mut Bytes) -> Option<Move> {
    let k = bytes.next()?;
    let mut byte = || bytes.next().unwrap_or(0);
    let mut pos = || Pos::new(byte() as i8, byte() as i8);
    let p = pos();
    let q = pos();
    let (a, c, r) = (byte(), byte(), byte());
    let animal = Animal::ALL[(a % 5) as usize];
    let corner = Corner::ALL[(c % 4) as usize];
    Some(match k % 12 {
        0 => Move::Draw(Design::from_index(a as usize % DESIGN_COUNT)?),
        1 => Move::Token(animal),
        2 => Move::Place(p, Rotation::ALL[(r % 4) as usize]),
        3 => Move::Meeple(MeepleTarget::Segment(a)),
        4 => Move::Meeple(MeepleTarget::Baobab),
        5 => Move::Ranger { from: p, to: q },
        6 => Move::Dig(p, corner, animal),
        7 => Move::Expand(p, corner, animal),
        8 => Move::Pass,
        9 => Move::Boost(animal),
        10 => Move::NoBoost,
        _ => Move::Return(p),
    })
}

fn perturb(m: Move, b: u8) -> Move {
    let d = |p: Pos| {
        Pos::new(
            p.x.wrapping_add((b % 3) as i8 - 1),
            p.y.wrapping_add((b / 3 % 3) as i8 - 1),
        )
    };
    let a = Animal::ALL[(b % 5) as usize];
    match m {
        Move::Place(p, r) => Move::Place(d(p), Rotation::ALL[(r as usize + b as usize) % 4]),
        Move::Ranger { from, to } => Move::Ranger {
            from: d(from),
            to: d(to),
        },
        Move::Dig(p, c, _) => Move::Expand(d(p), Corner::ALL[(c as usize + b as usize) % 4], a),
        Move::Expand(p, c, _) => Move::Dig(d(p), Corner::ALL[(c as usize + b as usize) % 4], a),
        Move::Meeple(_) => Move::Meeple(MeepleTarget::Segment(b)),
        Move::Return(p) => Move::Return(d(p)),
        Move::Boost(_) | Move::NoBoost | Move::Pass => Move::Boost(a),
        Move::Token(_) => Move::Token(a),
        Move::Draw(_) => Move::Draw(Design::from_index(b as usize % DESIGN_COUNT).unwrap()),
    }
}

fn try_move(state: &mut GameState, mv: Move) {
    let legal = state.legal_moves();
    let listed = legal.contains(&mv);
    assert_eq!(
        state.is_legal(mv),
        listed,
        "is_legal({mv}) disagrees with legal_moves"
    );
    let before = state.clone();
    match state.apply(mv) {
        Ok((next, _events)) => {
            assert!(listed, "{mv} applied but is not listed");
            *state = next;
        }
        Err(e) => {
            assert!(!listed, "listed move {mv} refused: {e}");
            assert_eq!(e.mv, mv);
            assert_eq!(*state, before, "a refused move changed the state");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let Some(b) = bytes.next() else { return };
    let setup = setup(b, &mut bytes);
    // Hands and rangers are built valid; a random tile order may be impossible,
    // which must be a SetupError, never a panic.
    let mut state = match GameState::new(&setup) {
        Ok(state) => state,
        Err(_) if !setup.tile_order.is_empty() => return,
        Err(e) => panic!("a valid setup was refused: {e}"),
    };
    while let Some(op) = bytes.next() {
        match op {
            0..=159 => {
                let legal = state.legal_moves();
                if legal.is_empty() {
                    assert!(state.to_move().is_none());
                    try_move(&mut state, Move::Pass);
                    continue;
                }
                let i = bytes.next().unwrap_or(0) as usize;
                try_move(&mut state, legal[i % legal.len()]);
            }
            160..=199 => {
                let n = bytes.next().unwrap_or(0) as usize % 24;
                let text = String::from_utf8_lossy(bytes.take(n)).into_owned();
                if let Ok(mv) = text.parse::<Move>() {
                    assert_eq!(mv.to_string(), text);
                    try_move(&mut state, mv);
                }
            }
            200..=239 => {
                if let Some(mv) = raw_move(&mut bytes) {
                    try_move(&mut state, mv);
                }
            }
            _ => {
                let legal = state.legal_moves();
                if let (Some(i), Some(p)) = (bytes.next(), bytes.next()) {
                    if !legal.is_empty() {
                        try_move(&mut state, perturb(legal[i as usize % legal.len()], p));
                    }
                }
            }
        }
    }
});
