//! The game that led to a state, as a persistent list: a child state shares
//! its parent's moves and adds one node, so applying a move costs O(1) and a
//! whole game O(n) (copying the move list at every apply made it O(n²)). The
//! engine's `GameRecord` is built when it is asked for.

use std::sync::Arc;

use carcassonne_safari::record::Seat;
use carcassonne_safari::{GameRecord, Move, Setup};

/// One move and the moves before it.
struct Node {
    mv: Move,
    parent: Option<Arc<Node>>,
}

/// A setup, its seats and the moves played from it.
#[derive(Clone)]
pub(crate) struct History {
    setup: Arc<Setup>,
    seats: Arc<Vec<Seat>>,
    last: Option<Arc<Node>>,
    len: usize,
}

impl History {
    /// The history of `record` (its setup, seats and moves).
    pub(crate) fn of(record: GameRecord) -> History {
        let mut h = History {
            setup: Arc::new(record.setup),
            seats: Arc::new(record.seats),
            last: None,
            len: 0,
        };
        for mv in record.moves {
            h = h.then(mv);
        }
        h
    }

    /// This history followed by `mv`.
    pub(crate) fn then(&self, mv: Move) -> History {
        History {
            setup: Arc::clone(&self.setup),
            seats: Arc::clone(&self.seats),
            last: Some(Arc::new(Node {
                mv,
                parent: self.last.clone(),
            })),
            len: self.len + 1,
        }
    }

    /// The setup.
    pub(crate) fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Number of moves.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The moves, first to last.
    pub(crate) fn moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(self.len);
        let mut node = self.last.as_deref();
        while let Some(n) = node {
            out.push(n.mv);
            node = n.parent.as_deref();
        }
        out.reverse();
        out
    }

    /// The engine's record of this history.
    pub(crate) fn record(&self) -> GameRecord {
        GameRecord::new((*self.setup).clone())
            .with_moves(self.moves())
            .with_seats((*self.seats).clone())
    }
}

impl Drop for Node {
    /// Unlinks the chain iteratively, so that dropping a long game does not
    /// recurse once per move.
    fn drop(&mut self) {
        let mut next = self.parent.take();
        while let Some(n) = next {
            next = match Arc::try_unwrap(n) {
                Ok(mut node) => node.parent.take(),
                Err(_) => None,
            };
        }
    }
}
