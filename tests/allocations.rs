//! Allocation counts of `apply` and `apply_mut` over complete games, with a
//! counting global allocator (counts, not times).
//!
//! - `apply` allocates the new state's board only when the move changes the
//!   board (the board is shared with the old state until then), and the
//!   returned event vector only when there are events: one block each.
//! - A loop that drops the old state reuses its board: a board that no state
//!   holds any more is kept as a spare on its thread, and a change of the
//!   board copies into it without allocating.
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
        Actor::Chance => state.chance_outcomes().sample(rng).expect("outcomes"),
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

/// Counts of one kind of run over complete games.
#[derive(Default)]
struct Tally {
    moves: u64,
    board_copies: u64,
    event_vectors: u64,
    returns: u64,
}

impl Tally {
    fn add(&mut self, changed: bool, events: &[Event]) {
        self.moves += 1;
        self.board_copies += changed as u64;
        self.event_vectors += !events.is_empty() as u64;
        self.returns += events
            .iter()
            .filter(|e| matches!(e, Event::MeepleReturned { .. }))
            .count() as u64;
    }

    /// The games exercised every kind of allocation.
    fn check(&self) {
        assert!(
            self.moves > 4000 && self.board_copies > 1000 && self.event_vectors > 1000 && self.returns > 50
        );
    }
}

#[test]
fn apply_allocates_the_changed_board_and_the_events_only() {
    // Every state is kept (a history, as an undo stack keeps it, and every
    // game's history to the end), so no board is ever given up: each change of
    // the board is a new block.
    let mut tally = Tally::default();
    let mut games = Vec::new();
    for seed in 0..24 {
        let players = 2 + (seed % 4) as usize;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut history = vec![GameState::new(&Setup::new(players)).expect("valid setup")];
        while let Some(state) = history.last().filter(|s| s.to_move().is_some()) {
            let mv = choose(state, &mut rng);
            let ((next, events), n) = allocations(|| state.apply(mv).expect("legal"));
            let changed = changes_board(mv, &events);
            let expected = changed as u64 + !events.is_empty() as u64;
            assert_eq!(n, expected, "seed {seed}: `{mv}` with {} events", events.len());
            tally.add(changed, &events);
            history.push(next);
        }
        games.push(history);
    }
    tally.check();
}

#[test]
fn a_game_loop_reuses_the_board_it_drops() {
    // The loop keeps only the newest state: the board of the state it drops,
    // when no other state holds it, is kept as a spare on the thread (at most
    // four), and the next change of the board copies into a spare instead of
    // allocating.
    const SPARES: u64 = 4;
    let mut tally = Tally::default();
    let (mut spares, mut board_allocations) = (0, 0);
    for seed in 0..24 {
        let players = 2 + (seed % 4) as usize;
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(players)).expect("valid setup");
        while state.to_move().is_some() {
            let mv = choose(&state, &mut rng);
            let ((next, events), n) = allocations(|| state.apply(mv).expect("legal"));
            let changed = changes_board(mv, &events);
            let new_block = changed && spares == 0;
            spares -= (changed && !new_block) as u64;
            let expected = new_block as u64 + !events.is_empty() as u64;
            assert_eq!(n, expected, "seed {seed}: `{mv}` with {} events", events.len());
            tally.add(changed, &events);
            board_allocations += new_block as u64;
            // The old state goes; its board is a spare when `next` has its own.
            state = next;
            spares = (spares + changed as u64).min(SPARES);
        }
        // The finished game's board becomes a spare as well.
        drop(state);
        spares = (spares + 1).min(SPARES);
    }
    tally.check();
    assert_eq!(board_allocations, 1, "only the first change allocates");
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
