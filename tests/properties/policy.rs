//! How the battery's games choose their moves: the three policies of the
//! properties (`Policy`), and the reference random policy of
//! `docs/decisions.md` (the `selfplay` example's) that the golden records
//! follow. No rules are checked here.

use carcassonne_safari::{GameState, Move, Phase};
use rand_core::RngCore;
use rand_pcg::Pcg64Mcg;

/// A uniform index below `n`, as the `selfplay` example draws it.
pub fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// How decision `i` picks among the legal moves, given index `moves[i % len]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// `legal[idx % len]`.
    Index,
    /// A move kind (first word) by index, then a move of that kind.
    Kind,
    /// Seeks contested and completed features: placements are ranked by what they
    /// do to the features of the placed tile, meeples are placed whenever the
    /// index allows; ties and all other decisions by index.
    Contest,
}

/// `Policy::Kind`: a move kind (first word) by `idx`, in the order the list first
/// shows the kinds, then a move of that kind by `idx / kinds`.
fn choose_by_kind(legal: &[Move], idx: u32) -> Move {
    let mut kinds: Vec<&str> = Vec::new();
    for m in legal {
        if !kinds.contains(&m.keyword()) {
            kinds.push(m.keyword());
        }
    }
    let kind = kinds[idx as usize % kinds.len()];
    let of_kind: Vec<Move> = legal.iter().copied().filter(|m| m.keyword() == kind).collect();
    of_kind[(idx as usize / kinds.len()) % of_kind.len()]
}

/// What a placement does to the features of the placed tile, for `Policy::Contest`.
fn contest_value(s: &GameState, mv: Move) -> u32 {
    let Move::Place(p, _) = mv else { return 0 };
    let Ok((next, _)) = s.apply(mv) else { return 0 };
    let segs = next.tile_at(p).map_or(0, |t| t.design.kind().segments().len());
    let mut value = 0;
    for seg in 0..segs {
        let Some(f) = next.feature(p, seg as u8) else {
            continue;
        };
        let owners = f.meeples.iter().filter(|&&m| m > 0).count() as u32;
        value += 10 * owners.saturating_sub(1);
        if owners > 0 && f.is_complete() {
            value += 20 + 30 * owners;
        }
    }
    value
}

/// The move `policy` picks among `legal` with index `idx`.
pub fn choose(s: &GameState, legal: &[Move], idx: u32, policy: Policy) -> Move {
    match policy {
        Policy::Index => legal[idx as usize % legal.len()],
        Policy::Kind => choose_by_kind(legal, idx),
        Policy::Contest => match s.phase() {
            Phase::Place { .. } => {
                let values: Vec<u32> = legal.iter().map(|&m| contest_value(s, m)).collect();
                let best = *values.iter().max().unwrap();
                let top: Vec<Move> = legal
                    .iter()
                    .zip(&values)
                    .filter(|x| *x.1 == best)
                    .map(|x| *x.0)
                    .collect();
                top[idx as usize % top.len()]
            }
            Phase::Action if !idx.is_multiple_of(5) => {
                let meeples: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, Move::Meeple(_)))
                    .collect();
                if meeples.is_empty() {
                    choose_by_kind(legal, idx)
                } else {
                    meeples[(idx / 5) as usize % meeples.len()]
                }
            }
            _ => choose_by_kind(legal, idx),
        },
    }
}

/// The reference random policy at a player's decision (`docs/decisions.md`, the
/// `selfplay` example): a move kind uniformly among the kinds of the legal moves,
/// then a move of that kind uniformly.
pub fn policy_pick(rng: &mut Pcg64Mcg, moves: &[Move]) -> Move {
    let mut kinds: Vec<&str> = Vec::new();
    for m in moves {
        if !kinds.contains(&m.keyword()) {
            kinds.push(m.keyword());
        }
    }
    let kind = kinds[below(rng, kinds.len())];
    let of_kind: Vec<Move> = moves.iter().copied().filter(|m| m.keyword() == kind).collect();
    of_kind[below(rng, of_kind.len())]
}
