//! Why a move is illegal: [`GameState::is_legal`] and the reasons of
//! [`IllegalReason`], one check per rule.

use super::GameState;
use crate::animals::{Animal, AnimalCounts};
use crate::error::IllegalReason;
use crate::features::FeatureData;
use crate::geometry::{Corner, Pos};
use crate::moves::{MeepleTarget, Move};
use crate::player::PlayerId;
use crate::state::Phase;
use crate::tiles::Design;

impl GameState {
    /// Whether `mv` is legal now; agrees exactly with [`GameState::legal_moves`].
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Why `mv` is illegal now, if it is.
    pub(super) fn check(&self, mv: Move) -> Result<(), IllegalReason> {
        use IllegalReason as R;
        let p = self.active as usize;
        match (self.phase, mv) {
            (Phase::GameOver, _) => Err(R::GameOver),
            (Phase::DrawToken { .. }, Move::Token(a)) => {
                if self.supply.contains(a) {
                    Ok(())
                } else {
                    Err(R::TokenNotInSupply)
                }
            }
            (Phase::DrawTile, Move::Draw(d)) => match self.next_in_order() {
                Some(next) if next != d => Err(R::NotNextInOrder(next)),
                _ if self.pile[d.index()] == 0 => Err(R::TileNotInPile),
                _ => Ok(()),
            },
            (Phase::Place { design }, Move::Place(pos, rot)) => {
                if self.board.occupied(pos) {
                    Err(R::CellOccupied)
                } else if !self.board.is_frontier(pos) {
                    Err(R::NotAdjacent)
                } else if let Some(side) = self.board.mismatch(pos, design, rot) {
                    Err(R::EdgesDoNotMatch(side))
                } else {
                    Ok(())
                }
            }
            (Phase::Action, Move::Meeple(target)) => {
                let tile = self.placed.expect("a tile was placed") as usize;
                let kind = self.board.tiles[tile].design.kind();
                if self.meeples[p] == 0 {
                    return Err(R::NoMeepleLeft);
                }
                match target {
                    MeepleTarget::Baobab if !kind.baobab => Err(R::NoBaobab),
                    MeepleTarget::Baobab => Ok(()),
                    MeepleTarget::Segment(s) if s as usize >= kind.segments().len() => {
                        Err(R::NoSuchSegment(s))
                    }
                    MeepleTarget::Segment(s) => {
                        if self
                            .board
                            .features
                            .get(self.board.tiles[tile].node(s as usize))
                            .has_meeples()
                        {
                            Err(R::FeatureOccupied)
                        } else {
                            Ok(())
                        }
                    }
                }
            }
            (Phase::Action, Move::Ranger { from, to }) => {
                if self.displaced.is_some() {
                    Err(R::RangerDisplacedThisTurn)
                } else if !self.rangers.contains(&Some(from)) {
                    Err(R::NoRangerThere(from))
                } else {
                    self.check_ranger_cell(to)
                }
            }
            (Phase::Action, Move::Dig(pos, c, a)) => {
                if self.hands[p].get(a) == 0 {
                    return Err(R::TokenNotInHand(a));
                }
                if self.meeples[p] == 0 {
                    return Err(R::NoMeepleLeft);
                }
                let (v, slot) = self.open_slot(pos, c)?;
                if self.board.holes.get(v).is_some_and(|v| v.touches_token(slot)) {
                    Err(R::TouchesHole)
                } else {
                    Ok(())
                }
            }
            (Phase::Action, Move::Expand(pos, c, a)) => {
                if self.hands[p].get(a) == 0 {
                    return Err(R::TokenNotInHand(a));
                }
                let (v, slot) = self.open_slot(pos, c)?;
                match self.board.holes.get(v).filter(|v| v.touches_token(slot)) {
                    None => Err(R::NoHoleToExpand),
                    Some(v) if v.hole_animals(slot).contains(a) => Err(R::AnimalAlreadyAtHole(a)),
                    Some(_) => Ok(()),
                }
            }
            (Phase::Action, Move::Pass) => Ok(()),
            (Phase::Boost { player }, Move::Boost(a)) => {
                let f = self
                    .board
                    .features
                    .get(self.scoring_node().expect("a feature is scored"));
                if self.hands[player.index()].get(a) == 0 {
                    Err(R::TokenNotInHand(a))
                } else if self.boost_hand(player).get(a) == 0 {
                    Err(R::TokenWonThisStep(a))
                } else if f.animals.contains(a) {
                    Err(R::AnimalOnFeature(a))
                } else {
                    Ok(())
                }
            }
            (Phase::Boost { .. }, Move::NoBoost) => Ok(()),
            (Phase::Return, Move::Return(to)) => self.check_ranger_cell(to),
            (phase, _) => Err(R::WrongPhase(phase)),
        }
    }

    /// R-RANGER-1: an empty cell next to a tile without the other ranger.
    fn check_ranger_cell(&self, to: Pos) -> Result<(), IllegalReason> {
        if !self.board.is_frontier(to) {
            Err(IllegalReason::RangerCellInvalid(to))
        } else if self.rangers.contains(&Some(to)) {
            Err(IllegalReason::RangerOnRanger(to))
        } else {
            Ok(())
        }
    }

    /// R-WATER-1: the corner of a tile is a slot showing only savanna and holding
    /// no token. Returns its vertex and slot index.
    fn open_slot(&self, pos: Pos, c: Corner) -> Result<(Pos, u8), IllegalReason> {
        let t = self.board.at(pos).ok_or(IllegalReason::NoTile(pos))?;
        if !t.savanna_slot(c) {
            return Err(IllegalReason::SlotNotOpen);
        }
        let (v, slot) = c.vertex(pos);
        match self.board.holes.token(v, slot) {
            Some(_) => Err(IllegalReason::SlotTaken),
            None => Ok((v, slot)),
        }
    }

    /// The tokens `player` may boost with now: the hand, less the tokens won at
    /// a baobab in this scoring step when [`Setup::baobab_tokens_boost`] is off.
    fn boost_hand(&self, player: PlayerId) -> AnimalCounts {
        let (hand, won) = (self.hands[player.index()], self.baobab_won[player.index()]);
        AnimalCounts(core::array::from_fn(|i| hand.0[i] - won.0[i]))
    }

    /// R-TRAIL-4: the distinct animals `player` may boost feature `f` with (none
    /// when all five kinds are on it).
    pub(super) fn boost_tokens(&self, player: PlayerId, f: &FeatureData) -> impl Iterator<Item = Animal> {
        let animals = f.animals;
        self.boost_hand(player)
            .distinct()
            .filter(move |&a| !animals.contains(a))
    }

    /// The next design of [`Setup::tile_order`], while the order lasts.
    pub(super) fn next_in_order(&self) -> Option<Design> {
        let drawn = crate::tiles::LAND_TILES - self.tiles_left as usize;
        self.tile_order.as_ref()?.get(drawn).copied()
    }
}
