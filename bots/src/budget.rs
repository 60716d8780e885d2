//! How much a searching bot may think per decision.

/// A search budget per decision.
///
/// `Iterations` makes a bot deterministic (same seed, same moves, on every
/// machine); `Time` (with `std`) gives it a fixed wall-clock time instead, so its
/// strength depends on the machine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Budget {
    /// This many search iterations per decision.
    Iterations(u32),
    /// This much wall-clock time per decision.
    #[cfg(feature = "std")]
    Time(std::time::Duration),
}

impl Budget {
    /// A time budget of `ms` milliseconds.
    #[cfg(feature = "std")]
    pub fn millis(ms: u64) -> Budget {
        Budget::Time(std::time::Duration::from_millis(ms))
    }
}

/// Tracks one decision's budget. The clock is read only for a time budget, so
/// that iteration budgets work where there is no clock (WebAssembly in a
/// browser has `std` but no `Instant`).
pub(crate) struct Meter {
    budget: Budget,
    #[cfg(feature = "std")]
    start: Option<std::time::Instant>,
}

impl Meter {
    pub(crate) fn start(budget: Budget) -> Meter {
        Meter {
            budget,
            #[cfg(feature = "std")]
            start: match budget {
                Budget::Time(_) => Some(std::time::Instant::now()),
                Budget::Iterations(_) => None,
            },
        }
    }

    /// Whether a search that has run `done` iterations may run another (at
    /// least one always runs).
    #[inline]
    pub(crate) fn more(&self, done: u32) -> bool {
        match self.budget {
            Budget::Iterations(n) => done < n.max(1),
            #[cfg(feature = "std")]
            Budget::Time(t) => done == 0 || self.start.is_none_or(|s| s.elapsed() < t),
        }
    }
}
