//! The legal-move oracle: the set of legal moves of a decision, computed from
//! the rules and the public board (`docs/decisions.md` for the decisions):
//! tile and token draws from what is left (R-COMP-1, R-TOKEN-2), placements
//! (R-PLACE-1), meeples on free features and baobabs (R-ACTION-1), ranger moves
//! unless one was displaced (R-RANGER-3, R-RANGER-5), digs and expansions
//! (R-WATER-2, R-WATER-3), boosts by majority players with an eligible token
//! (R-TRAIL-4, R-MAJ-1), and ranger returns (R-RANGER-4).

use carcassonne_safari::{Animal, Design, GameState, MeepleTarget, Move, Phase, PlayerId};

use crate::geometry::{CORNERS, ROTATIONS};
use crate::hashing::HashSet;
use crate::model::{touched_hole_animals, water, BfFeatures, Model};
use crate::rules::{aidx, ANIMALS};
use crate::tracker::Tracker;

/// The legal moves of the decision in `s`, by the rules.
pub fn oracle(s: &GameState, tr: &Tracker, model: &Model, feats: &BfFeatures) -> HashSet<Move> {
    let mut out = HashSet::default();
    let active = s.turn_player().unwrap_or(PlayerId(0));
    let hand =
        |p: PlayerId| -> Vec<Animal> { ANIMALS.into_iter().filter(|&a| s.hand(p).get(a) > 0).collect() };
    match s.phase() {
        Phase::GameOver => {}
        Phase::DrawTile => {
            for d in Design::all() {
                if tr.pile[d.index()] > 0 {
                    out.insert(Move::Draw(d));
                }
            }
        }
        Phase::DrawToken { .. } => {
            for a in ANIMALS {
                if tr.supply[aidx(a)] > 0 {
                    out.insert(Move::Token(a));
                }
            }
        }
        Phase::Place { design } => {
            assert_eq!(Some(design), tr.drawn, "the tile to place is the one drawn");
            for p in model.frontier() {
                for r in ROTATIONS {
                    if model.fits(p, design, r) {
                        out.insert(Move::Place(p, r));
                    }
                }
            }
        }
        Phase::Action => {
            let placed = s.placed_tile().expect("a tile was placed");
            assert_eq!(Some(placed), tr.placed);
            let t = model.tiles[&placed];
            let kind = t.design.kind();
            let meeple_left = s.meeples_in_supply(active) > 0;
            if meeple_left {
                for seg in 0..kind.segments().len() {
                    if !feats.list[feats.of[&(placed, seg as u8)]].has_meeples() {
                        out.insert(Move::Meeple(MeepleTarget::Segment(seg as u8)));
                    }
                }
                if kind.baobab {
                    out.insert(Move::Meeple(MeepleTarget::Baobab));
                }
            }
            if !tr.displaced {
                let frontier = model.frontier();
                for from in s.rangers().into_iter().flatten() {
                    for &to in &frontier {
                        if !s.rangers().contains(&Some(to)) {
                            out.insert(Move::Ranger { from, to });
                        }
                    }
                }
            }
            let in_hand = hand(active);
            let w = water(s);
            for &cell in model.tiles.keys() {
                for c in CORNERS {
                    if !model.savanna_slot(cell, c) || w.contains_key(&(cell, c)) {
                        continue;
                    }
                    match touched_hole_animals(&w, cell, c) {
                        None if meeple_left => out.extend(in_hand.iter().map(|&a| Move::Dig(cell, c, a))),
                        None => {}
                        Some(at) => out.extend(
                            in_hand
                                .iter()
                                .filter(|&&a| !at[aidx(a)])
                                .map(|&a| Move::Expand(cell, c, a)),
                        ),
                    }
                }
            }
            out.insert(Move::Pass);
        }
        Phase::Boost { player } => {
            let f = s.scoring_feature().expect("a feature is being scored");
            let bf = &feats.list[feats.of[&(f.segments[0].pos, f.segments[0].seg)]];
            assert!(
                bf.open == 0 && f.is_complete(),
                "boost question on an incomplete feature"
            );
            assert!(
                bf.majority().contains(&player.index()),
                "boost question to a non-majority player"
            );
            if bf.species() < 5 {
                for a in hand(player) {
                    if !bf.has(a) {
                        out.insert(Move::Boost(a));
                    }
                }
            }
            assert!(!out.is_empty(), "boost question without an eligible token");
            out.insert(Move::NoBoost);
        }
        Phase::Return => {
            let rangers = s.rangers();
            assert_eq!(rangers.iter().filter(|r| r.is_none()).count(), 1);
            let other = rangers.into_iter().flatten().next();
            for p in model.frontier() {
                if Some(p) != other {
                    out.insert(Move::Return(p));
                }
            }
        }
    }
    out
}
