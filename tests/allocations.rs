//! Allocation counts of `apply` and `apply_mut` over complete games, with a
//! counting global allocator (counts, not times).
//!
//! - `apply` allocates the new state's board only when the move changes the
//!   board (the board is shared with the old state until then), and the
//!   returned event vector only when there are events: one block each.
//! - `apply_mut` on a state that shares nothing allocates nothing when the
//!   caller's event vector has room.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, Event, GameState, Move, Setup};

/// Counts the allocations (and reallocations) of the current thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the thread's counter may already be gone while it exits.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every call is passed on unchanged to the system allocator; the
// counter is a thread-local `Cell` that never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (out, ALLOCATIONS.with(Cell::get) - before)
}

/// Whether a move changes the board: a tile, a meeple or a watering-hole token
/// is put on it, or a meeple leaves it (a completed feature, baobab or hole).
fn changes_board(mv: Move, events: &[Event]) -> bool {
    matches!(
        mv,
        Move::Place(..) | Move::Meeple(_) | Move::Dig(..) | Move::Expand(..)
    ) || events.iter().any(|e| matches!(e, Event::MeepleReturned { .. }))
}

/// The move a seeded random player makes: moves chosen from the legal list
/// (outside the counted calls) by index.
fn choose(state: &GameState, rng: &mut rand_pcg::Pcg64Mcg) -> Move {
    use carcassonne_safari::rand_core::RngCore;
    match state.to_move().expect("not over") {
        Actor::Chance => state.sample_chance(rng).expect("outcomes"),
        Actor::Player(_) => {
            let moves = state.legal_moves();
            // Meeples and passes more often than uniform play, so that
            // features complete with meeples on them.
            let meeple = moves.iter().find(|m| matches!(m, Move::Meeple(_)));
            match (meeple, rng.next_u32() % 3) {
                (Some(&m), 0) => m,
                _ => moves[(rng.next_u64() % moves.len() as u64) as usize],
            }
        }
    }
}

#[test]
fn apply_allocates_the_changed_board_and_the_events_only() {
    let (mut moves, mut board_copies, mut event_vectors, mut returns) = (0, 0, 0, 0);
    for seed in 0..24 {
        let players = 2 + (seed % 4) as usize;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(players)).expect("valid setup");
        while state.to_move().is_some() {
            let mv = choose(&state, &mut rng);
            let ((next, events), n) = allocations(|| state.apply(mv).expect("legal"));
            let board = changes_board(mv, &events) as u64;
            let vector = !events.is_empty() as u64;
            assert_eq!(
                n,
                board + vector,
                "seed {seed}: `{mv}` with {} events",
                events.len()
            );
            moves += 1;
            board_copies += board;
            event_vectors += vector;
            returns += events
                .iter()
                .filter(|e| matches!(e, Event::MeepleReturned { .. }))
                .count();
            state = next;
        }
    }
    // The games exercised every kind of allocation.
    assert!(moves > 4000 && board_copies > 1000 && event_vectors > 1000 && returns > 50);
}

#[test]
fn apply_mut_allocates_nothing_when_the_event_vector_has_room() {
    for seed in 0..24 {
        let players = 2 + (seed % 4) as usize;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(players)).expect("valid setup");
        let mut events = Vec::with_capacity(256);
        let mut total = 0;
        while state.to_move().is_some() {
            let mv = choose(&state, &mut rng);
            events.clear();
            let (result, n) = allocations(|| state.apply_mut(mv, &mut events));
            result.expect("legal");
            total += n;
        }
        assert_eq!(total, 0, "seed {seed}");
    }
}

#[test]
fn a_clone_allocates_nothing_and_shares_the_board_until_it_changes() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let mut state = GameState::new(&Setup::new(3)).expect("valid setup");
    for _ in 0..120 {
        let mv = choose(&state, &mut rng);
        state = state.apply(mv).expect("legal").0;
    }
    let (copy, n) = allocations(|| state.clone());
    assert_eq!(n, 0, "a clone shares the board");
    assert_eq!(copy, state);
}
