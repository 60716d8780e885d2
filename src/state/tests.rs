//! Unit tests of the state: the fast paths against the rules read directly.

use super::*;
use crate::events::Event;
use crate::geometry::{Corner, Rotation, Side};
use crate::moves::{MeepleTarget, Move, MoveKind};
use alloc::vec;
use alloc::vec::Vec;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Plays a seeded game of uniformly random legal moves, calling `f` on every
/// position with the move about to be made.
fn play(seed: u64, players: usize, mut f: impl FnMut(&GameState, Move)) {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).unwrap();
    while state.to_move().is_some() {
        let moves = state.legal_moves();
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        f(&state, mv);
        state = state.apply(mv).unwrap().0;
    }
}

/// Moves that are illegal in most positions, to compare the errors.
fn probes(state: &GameState) -> Vec<Move> {
    let somewhere = state.frontier().first().copied().unwrap_or_default();
    vec![
        Move::Pass,
        Move::NoBoost,
        Move::Place(Pos::new(0, 0), Rotation::R0),
        Move::Place(somewhere, Rotation::R90),
        Move::Meeple(MeepleTarget::Baobab),
        Move::Dig(Pos::new(-1, 0), Corner::NW, Animal::Lion),
        Move::Return(Pos::new(40, 40)),
    ]
}

#[test]
fn apply_mut_agrees_with_apply() {
    for seed in 0..12 {
        for players in 2..=5 {
            play(seed, players, |state, mv| {
                for probe in probes(state).into_iter().chain([mv]) {
                    let mut in_place = state.clone();
                    let mut events = vec![Event::GameOver {
                        winners: PlayerSet(1),
                    }];
                    let result = in_place.apply_mut(probe, &mut events);
                    match state.apply(probe) {
                        Ok((next, new_events)) => {
                            assert_eq!(result, Ok(()), "{probe}");
                            assert_eq!(in_place, next, "{probe}");
                            assert_eq!(events[1..], new_events[..], "{probe}");
                        }
                        Err(e) => {
                            assert_eq!(result, Err(e), "{probe}");
                            assert_eq!(&in_place, state, "{probe}: unchanged");
                            assert_eq!(events.len(), 1, "{probe}: no events");
                        }
                    }
                }
            });
        }
    }
}

#[test]
fn boards_copied_into_spares_equal_boards_changed_in_place() {
    // `apply` copies the board at each change, into a spare block left by a
    // dropped state when there is one, and then only the parts of the tables in
    // use (see `board::shared`); a state that never shares its board is changed
    // in place and never copied. Both must hold the same position at every step.
    for seed in 0..8 {
        for players in 2..=5 {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let mut copied = GameState::new(&Setup::new(players)).unwrap();
            let mut in_place = GameState::new(&Setup::new(players)).unwrap();
            let mut events = Vec::new();
            while copied.to_move().is_some() {
                let moves = copied.legal_moves();
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                copied = copied.apply(mv).unwrap().0;
                in_place.apply_mut(mv, &mut events).unwrap();
                assert_eq!(copied, in_place, "seed {seed}, {players} players: {mv}");
                assert_eq!(copied.position_key(), in_place.position_key());
                assert_eq!(copied.legal_moves(), in_place.legal_moves());
            }
        }
    }
}

/// R-PLACE-1 read directly off the neighbouring tiles.
fn fits_directly(state: &GameState, p: Pos, design: Design, rot: Rotation) -> bool {
    let kind = design.kind();
    Side::ALL.into_iter().all(|s| match state.board.at(p.step(s)) {
        None => true,
        Some(n) => n.design.kind().edge(s.opposite(), n.rot) == kind.edge(s, rot),
    })
}

/// The dig and expand moves, read directly off the tiles and the holes.
fn water_moves_directly(state: &GameState) -> Vec<Move> {
    let p = state.active as usize;
    let hand = state.hands[p];
    let mut out = Vec::new();
    for t in state.board.tiles.iter() {
        for c in Corner::ALL {
            let [a, b] = c.sides();
            let seam = t.seams & (1 << a as u8 | 1 << b as u8) != 0;
            if seam || !t.design.kind().savanna_corner(c, t.rot) {
                continue;
            }
            let (v, slot) = c.vertex(t.pos);
            let vertex = state.board.holes.get(v);
            if vertex.is_some_and(|v| v.tokens[slot as usize].is_some()) {
                continue;
            }
            match vertex.filter(|v| v.touches_token(slot)) {
                None if state.meeples[p] > 0 => {
                    out.extend(hand.distinct().map(|a| Move::Dig(t.pos, c, a)));
                }
                None => {}
                Some(v) => {
                    let at_hole = v.hole_animals(slot);
                    out.extend(
                        hand.distinct()
                            .filter(|a| !at_hole.contains(*a))
                            .map(|a| Move::Expand(t.pos, c, a)),
                    );
                }
            }
        }
    }
    out
}

#[test]
fn fast_move_lists_agree_with_the_rules_read_directly() {
    for seed in 100..112 {
        for players in 2..=5 {
            play(seed, players, |state, _| {
                let moves = state.legal_moves();
                match state.phase {
                    Phase::Place { design } => {
                        let want: Vec<Move> = state
                            .frontier()
                            .iter()
                            .flat_map(|&p| Rotation::ALL.map(|r| (p, r)))
                            .filter(|&(p, r)| fits_directly(state, p, design, r))
                            .map(|(p, r)| Move::Place(p, r))
                            .collect();
                        assert_eq!(moves[..], want[..]);
                        for (i, &p) in state.frontier().iter().enumerate() {
                            assert_eq!(state.board.frontier_index(p), Some(i));
                            assert_eq!(state.board.constraint_of(p), state.board.constraint_directly(p));
                        }
                    }
                    Phase::Action => {
                        let water: Vec<Move> = moves
                            .iter()
                            .copied()
                            .filter(|m| matches!(m, Move::Dig(..) | Move::Expand(..)))
                            .collect();
                        assert_eq!(water, water_moves_directly(state));
                        let rangers = moves.iter().filter(|m| matches!(m, Move::Ranger { .. })).count();
                        let on_board = state.rangers.iter().flatten().count();
                        let want = if state.displaced.is_none() {
                            on_board * (state.frontier().len() - on_board)
                        } else {
                            0
                        };
                        assert_eq!(rangers, want);
                    }
                    _ => {}
                }
            });
        }
    }
}

#[test]
fn moves_by_kind_agree_with_the_full_list() {
    for seed in 200..216 {
        for players in 2..=5 {
            play(seed, players, |state, _| {
                let all = state.legal_moves();
                let mut into = Vec::new();
                state.generate_moves(crate::movegen::MoveFilter::All, |m| {
                    into.extend_from_slice(m);
                    false
                });
                assert_eq!(into[..], all[..]);
                let mut first_seen: Vec<MoveKind> = Vec::new();
                for m in &all {
                    if !first_seen.contains(&m.kind()) {
                        first_seen.push(m.kind());
                    }
                }
                assert_eq!(state.legal_kinds()[..], first_seen[..], "{:?}", state.phase());
                for kind in MoveKind::ALL {
                    let want: Vec<Move> = all.iter().copied().filter(|m| m.kind() == kind).collect();
                    let mut listed = Vec::new();
                    state.generate_moves(kind.into(), |m| {
                        listed.extend_from_slice(m);
                        false
                    });
                    assert_eq!(listed, want, "{kind}");
                    // A listener that stops at once sees the first move only.
                    let mut first = Vec::new();
                    let stopped = state.generate_moves(kind.into(), |m| {
                        first.push(m[0]);
                        true
                    });
                    assert_eq!(stopped, !want.is_empty(), "{kind}");
                    assert_eq!(
                        first,
                        want.first().copied().into_iter().collect::<Vec<_>>(),
                        "{kind}"
                    );
                }
            });
        }
    }
}

#[test]
fn the_kept_position_key_equals_the_key_from_scratch() {
    for seed in 300..312 {
        for players in 2..=5 {
            play(seed, players, |state, _| {
                assert_eq!(state.position_key(), state.position_key_from_scratch());
            });
        }
    }
}
