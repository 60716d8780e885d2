//! The position key (`GameState::position_key`): equal for equal positions
//! whatever the order of play, and as unlikely to collide as chance allows.

use crate::support;

use std::collections::hash_map::{DefaultHasher, Entry};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari::{Actor, Design, GameState, PlayerId, Setup};
use support::*;

fn design(text: &str) -> Design {
    text.parse().expect("a design")
}

/// Two tiles placed by two players in either order, each with a meeple.
#[test]
fn two_move_orders_reaching_one_position_give_one_key() {
    let (a, b) = (design("CS7:E"), design("CS3:G"));
    let game = |order: Vec<Design>| {
        GameState::new(
            &Setup::new(2)
                .with_hands(vec![vec![], vec![]])
                .with_tile_order(order),
        )
        .unwrap()
    };
    // p0 puts A west of the start tile, p1 puts B east of it.
    let first = st(
        &game(vec![a, b]),
        &[
            "draw CS7:E",
            "place -2,0 0",
            "meeple 0",
            "draw CS3:G",
            "place 2,0 180",
            "meeple 0",
        ],
    );
    // The other way round: p0 puts B east, p1 puts A west.
    let second = st(
        &game(vec![b, a]),
        &[
            "draw CS3:G",
            "place 2,0 180",
            "meeple 0",
            "draw CS7:E",
            "place -2,0 0",
            "meeple 0",
        ],
    );
    assert_ne!(first, second, "the meeples belong to other players");
    assert_ne!(first.position_key(), second.position_key());
    assert!(!first.same_position(&second));
    // Same tiles, same meeple owners, same everything: now the orders agree.
    let third = st(
        &game(vec![b, a]),
        &[
            "draw CS3:G",
            "place 2,0 180",
            "pass",
            "draw CS7:E",
            "place -2,0 0",
            "pass",
        ],
    );
    let fourth = st(
        &game(vec![a, b]),
        &[
            "draw CS7:E",
            "place -2,0 0",
            "pass",
            "draw CS3:G",
            "place 2,0 180",
            "pass",
        ],
    );
    assert_eq!(third.tiles().count(), 5);
    assert_ne!(third, fourth, "the states remember the order of play");
    assert_eq!(third.position_key(), fourth.position_key());
    assert!(third.same_position(&fourth), "the same position by two orders");
    assert!(fourth.same_position(&third));
    assert!(!third.same_position(&first));
    // One more move apart: no longer the same position.
    let next = third.play(third.legal_moves()[0]).unwrap();
    assert!(!next.same_position(&fourth));
}

/// Everything the public queries say about a position, hashed twice with
/// different seeds: 128 bits that tell positions apart.
fn fingerprint(s: &GameState) -> u128 {
    let mut tiles: Vec<_> = s.tiles().map(|t| (t.pos, t.design, t.rotation)).collect();
    tiles.sort();
    let mut meeples: Vec<String> = s.meeples().map(|m| format!("{} {}", m.player, m.spot)).collect();
    meeples.sort();
    let mut tokens: Vec<_> = s.water_tokens().collect();
    tokens.sort();
    let mut rangers: Vec<_> = s.rangers().into_iter().flatten().collect();
    rangers.sort();
    let seats: Vec<_> = (0..s.players() as u8)
        .map(|p| (s.hand(PlayerId(p)), s.meeples_in_supply(PlayerId(p))))
        .collect();
    let half = |salt: u64| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        (&tiles, &meeples, &tokens, &rangers, &seats, s.scores()).hash(&mut h);
        (s.token_supply(), s.token_discard(), s.pile().collect::<Vec<_>>()).hash(&mut h);
        (format!("{:?}", s.phase()), s.to_move(), s.turn_player(), s.turn()).hash(&mut h);
        h.finish()
    };
    (half(1) as u128) << 64 | half(2) as u128
}

#[test]
fn different_positions_do_not_collide_over_a_million_states() {
    let mut seen: HashMap<u64, u128> = HashMap::with_capacity(1 << 20);
    let (mut states, mut collisions, mut seed) = (0usize, 0usize, 0u64);
    while states < 1_000_000 {
        seed += 1;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(2 + (seed % 4) as usize)).unwrap();
        while let Some(actor) = state.to_move() {
            match seen.entry(state.position_key()) {
                Entry::Vacant(e) => {
                    e.insert(fingerprint(&state));
                }
                Entry::Occupied(e) => collisions += (*e.get() != fingerprint(&state)) as usize,
            }
            states += 1;
            let mv = match actor {
                Actor::Chance => state.chance_outcomes().sample(&mut rng).unwrap(),
                Actor::Player(_) => {
                    let moves = state.legal_moves();
                    moves[(rng.next_u64() % moves.len() as u64) as usize]
                }
            };
            state = state.apply(mv).unwrap().0;
        }
    }
    // A 64-bit key over a million positions: a collision has a chance of
    // about 3e-8.
    assert_eq!(collisions, 0, "{collisions} collisions in {states} states");
    assert!(seen.len() > 900_000, "{} distinct keys", seen.len());
}
