//! A list with a fixed capacity stored inline: the board's tables are sized by
//! the game's own bounds (75 tiles, 112 segments, 152 frontier cells, 50
//! watering-hole vertices), so a state is one block of memory that copies with
//! one `memcpy` and never reallocates.

use core::hash::{Hash, Hasher};
use core::ops::{Deref, DerefMut};

/// Up to `N` items of a `Copy` type, in order. Equality, hashing and `Debug`
/// look at the items in use only.
#[derive(Clone, Copy)]
pub(crate) struct List<T: Copy, const N: usize> {
    len: u16,
    items: [T; N],
}

impl<T: Copy, const N: usize> List<T, N> {
    /// An empty list; `blank` fills the unused capacity.
    pub(crate) const fn new(blank: T) -> Self {
        List {
            len: 0,
            items: [blank; N],
        }
    }

    /// Appends `item`. The capacity is a bound of the game: exceeding it is a bug.
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        assert!((self.len as usize) < N, "a game bound was exceeded");
        self.items[self.len as usize] = item;
        self.len += 1;
    }

    /// Makes this list equal to `other`, copying only the items in use (the
    /// spare room keeps whatever it held: nothing reads it).
    #[inline]
    // Used by the spare boards, which need `std`.
    #[cfg_attr(not(feature = "std"), allow(dead_code))]
    pub(crate) fn copy_from(&mut self, other: &Self) {
        let len = other.len as usize;
        self.items[..len].copy_from_slice(&other.items[..len]);
        self.len = other.len;
    }

    /// Removes the item at `at`, moving the later ones up one place.
    pub(crate) fn remove(&mut self, at: usize) {
        let len = self.len as usize;
        self.items.copy_within(at + 1..len, at);
        self.len -= 1;
    }
}

impl<T: Copy, const N: usize> Deref for List<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy, const N: usize> DerefMut for List<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for List<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for List<T, N> {}

impl<T: Copy + Hash, const N: usize> Hash for List<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl<T: Copy + core::fmt::Debug, const N: usize> core::fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removing_keeps_the_order_and_equality_ignores_spare_room() {
        let mut a: List<u8, 4> = List::new(0);
        let mut b: List<u8, 4> = List::new(9);
        for x in [1, 2, 3] {
            a.push(x);
            b.push(x);
        }
        a.remove(0);
        assert_eq!(*a, [2, 3]);
        b.remove(0);
        assert_eq!(a, b, "the spare slots differ, the lists do not");
        a.push(7);
        a.push(8);
        assert_eq!(*a, [2, 3, 7, 8]);
    }

    #[test]
    #[should_panic(expected = "a game bound was exceeded")]
    fn a_full_list_refuses_more() {
        let mut a: List<u8, 1> = List::new(0);
        a.push(1);
        a.push(2);
    }
}
