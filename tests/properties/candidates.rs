//! Moves to try that are probably illegal: every move kind with random cells
//! near the board and far from it, corners, animals, segments, designs and
//! rangers, and near misses of legal moves (one field changed). The checks
//! require `is_legal` to agree with the legal list for each, and an unlisted one
//! to be refused without changing the state (R-ENGINE-6 for the wrong actor).

use carcassonne_safari::{tiles::DESIGN_COUNT, Animal, Design, GameState, MeepleTarget, Move, Phase, Pos};
use rand_core::RngCore;
use rand_pcg::Pcg64Mcg;

use crate::geometry::{ridx, step, CORNERS, ROTATIONS, SIDES};
use crate::model::Model;
use crate::policy::below;
use crate::rules::ANIMALS;

fn rand_animal(rng: &mut Pcg64Mcg) -> Animal {
    ANIMALS[below(rng, 5)]
}

fn rand_cell(rng: &mut Pcg64Mcg, model: &Model, frontier: &[Pos]) -> Pos {
    match below(rng, 5) {
        0 => {
            let cells: Vec<&Pos> = model.tiles.keys().collect();
            *cells[below(rng, cells.len())]
        }
        1 if !frontier.is_empty() => frontier[below(rng, frontier.len())],
        4 => Pos::new(rng.next_u32() as i8, rng.next_u32() as i8),
        _ => {
            let (x0, x1) = model
                .tiles
                .keys()
                .fold((0i16, 0i16), |(a, b), p| (a.min(p.x as i16), b.max(p.x as i16)));
            let (y0, y1) = model
                .tiles
                .keys()
                .fold((0i16, 0i16), |(a, b), p| (a.min(p.y as i16), b.max(p.y as i16)));
            let x = x0 - 3 + below(rng, (x1 - x0 + 7) as usize) as i16;
            let y = y0 - 3 + below(rng, (y1 - y0 + 7) as usize) as i16;
            Pos::new(x as i8, y as i8)
        }
    }
}

/// A legal move with one field changed: a near miss.
fn perturb(m: Move, rng: &mut Pcg64Mcg) -> Move {
    let nudge = |p: Pos, rng: &mut Pcg64Mcg| step(p, SIDES[below(rng, 4)]);
    match m {
        Move::Draw(_) => Move::Draw(Design::from_index(below(rng, DESIGN_COUNT)).unwrap()),
        Move::Token(_) => Move::Token(rand_animal(rng)),
        Move::Place(p, r) if below(rng, 2) == 0 => {
            Move::Place(p, ROTATIONS[(ridx(r) + 1 + below(rng, 3)) % 4])
        }
        Move::Place(p, r) => Move::Place(nudge(p, rng), r),
        Move::Meeple(_) => Move::Meeple(MeepleTarget::Segment(below(rng, 10) as u8)),
        Move::Ranger { from, to } if below(rng, 2) == 0 => Move::Ranger {
            from: nudge(from, rng),
            to,
        },
        Move::Ranger { from, to } => Move::Ranger {
            from,
            to: nudge(to, rng),
        },
        Move::Dig(p, c, a) | Move::Expand(p, c, a) => {
            let (p, c, a) = match below(rng, 3) {
                0 => (nudge(p, rng), c, a),
                1 => (p, CORNERS[below(rng, 4)], a),
                _ => (p, c, rand_animal(rng)),
            };
            if below(rng, 2) == 0 {
                Move::Dig(p, c, a)
            } else {
                Move::Expand(p, c, a)
            }
        }
        Move::Pass | Move::NoBoost => Move::Boost(rand_animal(rng)),
        Move::Boost(_) => Move::Boost(rand_animal(rng)),
        Move::Return(p) => Move::Return(nudge(p, rng)),
    }
}

/// About 30 moves of every kind for `s`, most of them illegal.
pub fn candidates(s: &GameState, model: &Model, legal: &[Move], rng: &mut Pcg64Mcg) -> Vec<Move> {
    let frontier: Vec<Pos> = model.frontier().into_iter().collect();
    let mut out = Vec::with_capacity(32);
    let cell = |rng: &mut Pcg64Mcg| rand_cell(rng, model, &frontier);
    out.push(Move::Draw(Design::from_index(below(rng, DESIGN_COUNT)).unwrap()));
    out.push(Move::Token(rand_animal(rng)));
    for _ in 0..3 {
        let p = cell(rng);
        out.push(Move::Place(p, ROTATIONS[below(rng, 4)]));
    }
    out.push(Move::Meeple(MeepleTarget::Segment(below(rng, 10) as u8)));
    out.push(Move::Meeple(MeepleTarget::Segment(rng.next_u32() as u8)));
    out.push(Move::Meeple(MeepleTarget::Baobab));
    for _ in 0..2 {
        let rangers: Vec<Pos> = s.rangers().into_iter().flatten().collect();
        let from = if !rangers.is_empty() && below(rng, 3) > 0 {
            rangers[below(rng, rangers.len())]
        } else {
            cell(rng)
        };
        let to = cell(rng);
        out.push(Move::Ranger { from, to });
    }
    for _ in 0..3 {
        let p = cell(rng);
        out.push(Move::Dig(p, CORNERS[below(rng, 4)], rand_animal(rng)));
        let p = cell(rng);
        out.push(Move::Expand(p, CORNERS[below(rng, 4)], rand_animal(rng)));
    }
    out.push(Move::Pass);
    out.push(Move::NoBoost);
    out.push(Move::Boost(rand_animal(rng)));
    for _ in 0..2 {
        let p = cell(rng);
        out.push(Move::Return(p));
    }
    if !legal.is_empty() {
        for _ in 0..4 {
            out.push(perturb(legal[below(rng, legal.len())], rng));
        }
    }
    out
}

/// Whether a move's kind can be asked for at all in `phase`.
pub fn kind_fits_phase(m: Move, phase: Phase) -> bool {
    matches!(
        (phase, m),
        (Phase::DrawTile, Move::Draw(_))
            | (Phase::DrawToken { .. }, Move::Token(_))
            | (Phase::Place { .. }, Move::Place(..))
            | (
                Phase::Action,
                Move::Meeple(_) | Move::Ranger { .. } | Move::Dig(..) | Move::Expand(..) | Move::Pass
            )
            | (Phase::Boost { .. }, Move::Boost(_) | Move::NoBoost)
            | (Phase::Return, Move::Return(_))
    )
}
