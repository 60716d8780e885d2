//! The action encodings and observations over whole games: every legal move
//! has one id, ids decode back to their moves, the masks mark exactly the
//! legal moves, the two layouts of the planes hold the same values.

use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari::{Actor, GameState, Move, Setup};
use carcassonne_safari_bots::BotRng;
use carcassonne_safari_rl::compact::{self, num_actions};
use carcassonne_safari_rl::encoding::{self, legal_ids, space_size, Space};
use carcassonne_safari_rl::observation::{num_scalars, observe_into, Layout, NUM_PLANES};
use carcassonne_safari_rl::window::{Window, DEFAULT_SIDE};

/// The states of a game of `players` played by uniformly random moves from
/// deal `seed`, every `every`-th state.
fn states(players: usize, seed: u64, every: usize) -> Vec<GameState> {
    let mut rng = BotRng::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).unwrap();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(actor) = state.to_move() {
        if i % every == 0 {
            out.push(state.clone());
        }
        i += 1;
        let mv = match actor {
            Actor::Chance => state.chance_outcomes().sample(&mut rng).unwrap(),
            Actor::Player(_) => {
                let moves = state.legal_moves();
                moves[(rng.next_u64() % moves.len() as u64) as usize]
            }
        };
        state = state.play(mv).unwrap();
    }
    out.push(state);
    out
}

#[test]
fn exact_ids_are_distinct_in_range_and_decode_to_their_moves() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3)] {
        for state in states(players, seed, 3) {
            let Some((space, ids)) = legal_ids(&state).unwrap() else {
                assert!(state.is_over());
                continue;
            };
            let moves: Vec<Move> = match space {
                Space::Chance => state.chance_outcomes().iter().map(|(m, _)| m).collect(),
                Space::Player => state.legal_moves().to_vec(),
            };
            assert_eq!(ids.len(), moves.len());
            let mut sorted = ids.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), ids.len(), "two moves share an id");
            for &mv in &moves {
                let (s, id) = encoding::encode(mv, &state).unwrap();
                assert_eq!(s, space);
                assert!(id < space_size(space));
                assert!(ids.contains(&id));
                assert_eq!(encoding::decode(space, id as u64, &state).unwrap(), mv);
            }
            // An id beyond the space is refused, not decoded.
            assert!(encoding::decode(space, space_size(space) as u64, &state).is_err());
        }
    }
}

#[test]
fn compact_masks_mark_exactly_the_legal_moves() {
    for (players, seed) in [(2, 4), (4, 5)] {
        for state in states(players, seed, 2) {
            let Some(Actor::Player(_)) = state.to_move() else {
                continue;
            };
            let window = Window::follow(&state, DEFAULT_SIDE).unwrap();
            let legal = state.legal_moves();
            let mut mask = vec![false; num_actions(window.side) as usize];
            let marked = compact::write_mask(&state, &legal, &window, &mut mask).unwrap();
            assert_eq!(marked, legal.len());
            assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
            for (id, _) in mask.iter().enumerate().filter(|(_, &m)| m) {
                let mv = compact::decode(id as u64, &state, &window).unwrap();
                assert!(legal.contains(&mv), "id {id} decodes to {mv:?}, not legal");
            }
            // An unmarked id does not decode to a legal move.
            if let Some(id) = mask.iter().position(|&m| !m) {
                let decoded = compact::decode(id as u64, &state, &window);
                assert!(decoded.map_or(true, |mv| !legal.contains(&mv)));
            }
        }
    }
}

#[test]
fn the_two_layouts_hold_the_same_planes() {
    for state in states(2, 6, 25) {
        let window = Window::centred(0, 0, 15);
        let area = window.area() as usize;
        let legal = state.legal_moves();
        let mut first = vec![0u8; NUM_PLANES * area];
        let mut last = vec![0u8; NUM_PLANES * area];
        let mut s1 = vec![0f32; num_scalars()];
        let mut s2 = vec![0f32; num_scalars()];
        observe_into(
            &state,
            0,
            &window,
            Layout::PlanesFirst,
            &legal,
            &mut first,
            &mut s1,
        );
        observe_into(
            &state,
            0,
            &window,
            Layout::ChannelsLast,
            &legal,
            &mut last,
            &mut s2,
        );
        assert_eq!(s1, s2);
        for plane in 0..NUM_PLANES {
            for cell in 0..area {
                assert_eq!(first[plane * area + cell], last[cell * NUM_PLANES + plane]);
            }
        }
        // The start tile is at the window's centre, and it shows.
        let centre = window.cell(carcassonne_safari::Pos::new(0, 0)).unwrap() as usize;
        assert!((0..NUM_PLANES).any(|p| first[p * area + centre] != 0));
    }
}
