//! The compact action encoding for learning: spatial action planes over a
//! square window that follows the board, as AlphaZero's policy heads do for Go
//! and chess, beside the exact encoding of [`crate::encoding`] (which OpenSpiel
//! keeps).
//!
//! A window of side `W` is placed on the bounding box of the frontier (the
//! empty cells next to a tile, which surround every tile), centred on it; the
//! observation of the vectorised environment uses the same window. Every move
//! of a player's decision is either spatial, at a cell of the window, or one of
//! the flat actions ([`NUM_FLAT`]):
//!
//! - spatial planes ([`NUM_PLANES`], 47 per cell): `place` by rotation (4),
//!   `ranger` by ranger index (2, the index in `GameState::rangers()`) to the
//!   destination cell, `dig` and `expand` by corner and animal (20 each) at the
//!   tile's cell, `return` (1) at the destination cell;
//! - flat actions (12): `meeple 0..3`, `meeple baobab`, `pass`, `boost A`,
//!   `noboost`.
//!
//! Id `(row · W + column) · 47 + plane` for spatial actions (channels last,
//! as a convolution's `(W, W, 47)` output is laid out in JAX and
//! TensorFlow), `47 · W² + k` for flat action `k`.
//!
//! Spatial moves only ever name a tile or a frontier cell, so no legal move
//! falls outside the window while the frontier's bounding box fits in it. It
//! fits always for `W` = [`MAX_SIDE`](crate::window::MAX_SIDE) (77: the 72 land tiles in a row with the
//! 3-cell start tile and a frontier cell at each end); for a smaller window a
//! position whose frontier has outgrown it has no window at all
//! ([`Window::follow`] says so), and the vectorised environment ends such a
//! game as truncated rather than drop a move. Seeded random and greedy games
//! stay far inside the default window of 32 (`python/docs/encodings.md` gives the
//! measured sizes).

use crate::encoding::IdError;
use crate::window::Window;
use carcassonne_safari::{
    rules::SPECIES, tiles::MAX_SEGMENTS, Animal, Corner, GameState, MeepleTarget, Move, Pos, Rotation,
};

const ROTATIONS: u32 = 4;
const RANGERS: u32 = 2;
const CORNERS: u32 = 4;
const ANIMALS: u32 = SPECIES as u32;

/// First spatial plane of each kind.
const PLACE: u32 = 0;
const RANGER: u32 = PLACE + ROTATIONS;
const DIG: u32 = RANGER + RANGERS;
const EXPAND: u32 = DIG + CORNERS * ANIMALS;
const RETURN: u32 = EXPAND + CORNERS * ANIMALS;
/// Spatial action planes per cell (47): `place` by rotation, `ranger` by
/// ranger, `dig` and `expand` by corner and animal, `return`.
pub const NUM_PLANES: u32 = RETURN + 1;

/// First flat action of each kind.
const MEEPLE: u32 = 0;
const PASS: u32 = MEEPLE + MAX_SEGMENTS as u32 + 1;
const BOOST: u32 = PASS + 1;
const NOBOOST: u32 = BOOST + ANIMALS;
/// Number of flat (non-spatial) actions.
pub const NUM_FLAT: u32 = NOBOOST + 1;

/// The names of the spatial planes, in order.
pub fn plane_names() -> Vec<String> {
    let mut out: Vec<String> = Rotation::ALL
        .iter()
        .map(|r| format!("place_{}", r.degrees()))
        .collect();
    out.extend((0..RANGERS).map(|i| format!("ranger_{i}")));
    for kind in ["dig", "expand"] {
        for c in Corner::ALL {
            for a in Animal::ALL {
                out.push(format!("{kind}_{}_{}", c.name(), a.letter()));
            }
        }
    }
    out.push("return".into());
    debug_assert_eq!(out.len(), NUM_PLANES as usize);
    out
}

/// The names of the flat actions, in order (their notation).
pub fn flat_names() -> Vec<String> {
    let mut out: Vec<String> = (0..MAX_SEGMENTS).map(|s| format!("meeple {s}")).collect();
    out.push("meeple baobab".into());
    out.push("pass".into());
    out.extend(Animal::ALL.iter().map(|a| format!("boost {}", a.letter())));
    out.push("noboost".into());
    debug_assert_eq!(out.len(), NUM_FLAT as usize);
    out
}

/// Number of compact action ids for a window of side `side`.
pub const fn num_actions(side: u32) -> u32 {
    NUM_PLANES * side * side + NUM_FLAT
}

/// The compact id of player move `mv` in `state` seen through `window`.
///
/// # Errors
/// [`IdError`] for a chance move, a cell outside the window, a segment above
/// 3, or a `ranger` move whose `from` cell holds no ranger.
pub fn encode(mv: Move, state: &GameState, window: &Window) -> Result<u32, IdError> {
    let area = window.area();
    let at = |p: Pos| {
        window.cell(p).ok_or(IdError::OutsideWindow {
            cell: p,
            window: *window,
        })
    };
    let flat = |k: u32| NUM_PLANES * area + k;
    let spatial = |cell: u32, plane: u32| cell * NUM_PLANES + plane;
    Ok(match mv {
        Move::Draw(_) | Move::Token(_) => return Err(IdError::Chance(mv)),
        Move::Place(p, r) => spatial(at(p)?, PLACE + r as u32),
        Move::Ranger { from, to } => {
            let ranger = crate::encoding::ranger_index(state, from)?;
            spatial(at(to)?, RANGER + ranger)
        }
        Move::Dig(p, c, a) => spatial(at(p)?, DIG + c.index() as u32 * ANIMALS + a.index() as u32),
        Move::Expand(p, c, a) => spatial(at(p)?, EXPAND + c.index() as u32 * ANIMALS + a.index() as u32),
        Move::Return(p) => spatial(at(p)?, RETURN),
        Move::Meeple(MeepleTarget::Segment(s)) if (s as usize) < MAX_SEGMENTS => flat(MEEPLE + s as u32),
        Move::Meeple(MeepleTarget::Segment(s)) => return Err(IdError::NoSegment(s)),
        Move::Meeple(MeepleTarget::Baobab) => flat(MEEPLE + MAX_SEGMENTS as u32),
        Move::Pass => flat(PASS),
        Move::Boost(a) => flat(BOOST + a.index() as u32),
        Move::NoBoost => flat(NOBOOST),
    })
}

/// The move of compact id `id` in `state` seen through `window` (legal or
/// not); a `ranger` id's `from` cell is read from `state`.
///
/// # Errors
/// [`IdError`] for an id out of range or naming a displaced ranger.
pub fn decode(id: u64, state: &GameState, window: &Window) -> Result<Move, IdError> {
    let area = window.area();
    let size = num_actions(window.side);
    if id >= size as u64 {
        return Err(IdError::OutOfRange {
            what: "compact action",
            id,
            size,
        });
    }
    let id = id as u32;
    let (cell, plane) = (id / NUM_PLANES, id % NUM_PLANES);
    if id >= NUM_PLANES * area {
        let k = id - NUM_PLANES * area;
        return Ok(match k {
            k if k < PASS => {
                if k < MAX_SEGMENTS as u32 {
                    Move::Meeple(MeepleTarget::Segment(k as u8))
                } else {
                    Move::Meeple(MeepleTarget::Baobab)
                }
            }
            PASS => Move::Pass,
            k if k < NOBOOST => Move::Boost(Animal::ALL[(k - BOOST) as usize]),
            _ => Move::NoBoost,
        });
    }
    let p = window.pos(cell);
    let watering = |off: u32| {
        (
            Corner::from_index((off / ANIMALS) as u8),
            Animal::ALL[(off % ANIMALS) as usize],
        )
    };
    Ok(match plane {
        p_ if p_ < RANGER => Move::Place(p, Rotation::ALL[(plane - PLACE) as usize]),
        p_ if p_ < DIG => {
            let ranger = (plane - RANGER) as usize;
            let from = state.rangers()[ranger].ok_or(IdError::Displaced {
                what: "compact action",
                id,
                ranger,
            })?;
            Move::Ranger { from, to: p }
        }
        p_ if p_ < EXPAND => {
            let (c, a) = watering(plane - DIG);
            Move::Dig(p, c, a)
        }
        p_ if p_ < RETURN => {
            let (c, a) = watering(plane - EXPAND);
            Move::Expand(p, c, a)
        }
        _ => Move::Return(p),
    })
}

/// Marks the compact id of every move of `moves` (the legal moves of a
/// player's decision in `state`) in `mask` (of length
/// `num_actions(window.side)`, cleared first); returns how many were marked.
///
/// # Errors
/// [`IdError`] naming a move that has no id in the window (never for a window
/// from [`Window::follow`]) or two moves that share an id (a bug).
pub fn write_mask(
    state: &GameState,
    moves: &[Move],
    window: &Window,
    mask: &mut [bool],
) -> Result<usize, IdError> {
    mask.fill(false);
    for &mv in moves {
        let id = encode(mv, state, window)? as usize;
        if std::mem::replace(&mut mask[id], true) {
            return Err(IdError::Shared(id as u32));
        }
    }
    Ok(moves.len())
}
