//! The board as states hold it: one [`Board`] block shared by a state and its
//! clones until one of them changes it (copy on write).
//!
//! A state made by `GameState::apply` starts with its parent's board; the first
//! change copies the block. The parent is usually dropped soon after (a game
//! loop keeps the newest state, a search drops the states it has expanded), so
//! with `std` a dropped board that nobody else holds is kept as a spare on its
//! thread, and the next copy goes into a spare instead of new memory: the copy
//! then allocates nothing and copies only the parts of the tables in use
//! ([`Board::copy_from`]; about a third of the block in mid-game). Without
//! `std`, or without a spare, a copy allocates and copies the whole block.

use alloc::sync::Arc;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

use super::Board;

/// A board shared between states, copied when one of them changes it. No
/// `Weak` handle to a board is ever made, so a strong count of one means that
/// the handle is the only one.
#[derive(Clone, Debug)]
pub(crate) struct SharedBoard(Arc<Board>);

#[cfg(feature = "std")]
mod spares {
    use alloc::sync::Arc;
    use alloc::vec::Vec;
    use core::cell::RefCell;

    use super::Board;

    /// Spare boards kept per thread at most: a game loop needs one, a search
    /// that drops states in bursts a few.
    const SPARES: usize = 4;

    std::thread_local! {
        /// Boards that no state holds any more, each the only handle to its block.
        static SPARE: RefCell<Vec<Arc<Board>>> = const { RefCell::new(Vec::new()) };
    }

    /// Keeps `board` (the last handle to its block) as a spare, if there is room.
    pub(super) fn keep(board: &Arc<Board>) {
        let _ = SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut() {
                if spare.len() < SPARES {
                    // The caller's handle goes away right after: this one is then
                    // the only one.
                    spare.push(Arc::clone(board));
                }
            }
        });
    }

    /// A spare board, if the thread has one.
    pub(super) fn take() -> Option<Arc<Board>> {
        SPARE
            .try_with(|spare| spare.try_borrow_mut().ok()?.pop())
            .ok()
            .flatten()
    }
}

impl SharedBoard {
    /// A board held by one state.
    pub(crate) fn new(board: Board) -> SharedBoard {
        SharedBoard(Arc::new(board))
    }

    /// The board, to change: copied first when another state shares it.
    #[inline]
    pub(crate) fn make_mut(&mut self) -> &mut Board {
        #[cfg(feature = "std")]
        if Arc::strong_count(&self.0) > 1 {
            if let Some(mut spare) = spares::take() {
                if let Some(block) = Arc::get_mut(&mut spare) {
                    block.copy_from(&self.0);
                    self.0 = spare;
                }
            }
        }
        Arc::make_mut(&mut self.0)
    }
}

impl Drop for SharedBoard {
    fn drop(&mut self) {
        #[cfg(feature = "std")]
        if Arc::strong_count(&self.0) == 1 {
            spares::keep(&self.0);
        }
    }
}

impl Deref for SharedBoard {
    type Target = Board;

    #[inline]
    fn deref(&self) -> &Board {
        &self.0
    }
}

impl PartialEq for SharedBoard {
    fn eq(&self, other: &SharedBoard) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl Eq for SharedBoard {}

impl Hash for SharedBoard {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}
