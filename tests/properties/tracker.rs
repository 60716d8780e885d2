//! Bookkeeping from the event stream alone: the pile, the token supply, discard
//! and hands, meeples, scores, rangers and watering holes as the events say they
//! changed, compared with the state's queries at every decision. Checks on the
//! way: the pile holds 72 land tiles (R-COMP-1), draws come from what is left
//! (R-COMP-2), a reshuffle happens only with an empty supply (R-TOKEN-2), a
//! ranger is displaced only from the placed tile (R-PLACE-3), and the winners
//! are the best scores (R-END-5).

use std::collections::BTreeMap;

use carcassonne_safari::{
    tiles::DESIGN_COUNT, Animal, Corner, Design, Event, GameState, Phase, PlayerId, Pos, Setup,
};

use crate::geometry::{pos, vertex, vertex_slots};
use crate::model::water;
use crate::rules::{aidx, ANIMALS, DEFAULT_RANGERS, LAND_TILES, MEEPLES, TOKENS_PER_ANIMAL};

/// What the events say the pile, tokens, meeples, scores, rangers and holes are.
#[derive(Clone, Debug)]
pub struct Tracker {
    pub players: usize,
    pub pile: Vec<i64>,
    pub removed: usize,
    pub supply: [i64; 5],
    pub discard: [i64; 5],
    pub hands: Vec<[i64; 5]>,
    pub meeples: Vec<i64>,
    pub scores: Vec<i64>,
    pub rangers: [Option<Pos>; 2],
    pub water: BTreeMap<(Pos, Corner), Animal>,
    pub active: usize,
    pub drawn: Option<Design>,
    pub placed: Option<Pos>,
    pub displaced: bool,
}

impl Tracker {
    pub fn new(setup: &Setup) -> Tracker {
        let mut pile = vec![0; DESIGN_COUNT];
        let mut land = 0;
        for d in Design::all() {
            if !d.kind().is_start() {
                pile[d.index()] = d.copies() as i64;
                land += d.copies() as usize;
            }
        }
        assert_eq!(land, LAND_TILES, "R-COMP-1");
        let mut hands = vec![[0; 5]; setup.players];
        let mut supply = [TOKENS_PER_ANIMAL; 5];
        if let Some(h) = &setup.hands {
            for (p, tokens) in h.iter().enumerate() {
                for &a in tokens {
                    hands[p][aidx(a)] += 1;
                    supply[aidx(a)] -= 1;
                }
            }
        }
        Tracker {
            players: setup.players,
            pile,
            removed: 0,
            supply,
            discard: [0; 5],
            hands,
            meeples: vec![MEEPLES; setup.players],
            scores: vec![0; setup.players],
            rangers: setup.rangers.unwrap_or(DEFAULT_RANGERS.map(pos)).map(Some),
            water: BTreeMap::new(),
            active: 0,
            drawn: None,
            placed: None,
            displaced: false,
        }
    }

    pub fn update(&mut self, events: &[Event]) {
        for e in events {
            match *e {
                Event::TokenDrawn { player, animal } => {
                    assert!(
                        self.supply[aidx(animal)] > 0,
                        "drew {animal:?} from an empty supply"
                    );
                    self.supply[aidx(animal)] -= 1;
                    self.hands[player.index()][aidx(animal)] += 1;
                }
                Event::SupplyReshuffled { tokens } => {
                    assert_eq!(
                        self.supply, [0; 5],
                        "reshuffle with a non-empty supply (R-TOKEN-2)"
                    );
                    assert_eq!(tokens as i64, self.discard.iter().sum::<i64>());
                    self.supply = std::mem::take(&mut self.discard);
                }
                Event::TileDrawn { player, design } => {
                    assert!(self.pile[design.index()] > 0, "drew {design} not in the pile");
                    self.pile[design.index()] -= 1;
                    self.active = player.index();
                    self.drawn = Some(design);
                    self.placed = None;
                    self.displaced = false;
                }
                Event::TileRemoved { design } => {
                    assert_eq!(Some(design), self.drawn);
                    self.removed += 1;
                }
                Event::TilePlaced {
                    player, design, pos, ..
                } => {
                    assert_eq!(player.index(), self.active);
                    assert_eq!(Some(design), self.drawn);
                    self.placed = Some(pos);
                }
                Event::RangerDisplaced { from } => {
                    assert_eq!(
                        Some(from),
                        self.placed,
                        "displaced from elsewhere than the placed tile"
                    );
                    let r = self
                        .rangers
                        .iter()
                        .position(|&r| r == Some(from))
                        .expect("a ranger there");
                    self.rangers[r] = None;
                    self.displaced = true;
                }
                Event::RangerMoved { from, to } => {
                    let r = self
                        .rangers
                        .iter()
                        .position(|&r| r == Some(from))
                        .expect("a ranger there");
                    self.rangers[r] = Some(to);
                }
                Event::RangerReturned { to } => {
                    let r = self
                        .rangers
                        .iter()
                        .position(|&r| r.is_none())
                        .expect("a displaced ranger");
                    self.rangers[r] = Some(to);
                }
                Event::MeeplePlaced { player, .. } => {
                    self.meeples[player.index()] -= 1;
                    assert!(self.meeples[player.index()] >= 0);
                }
                Event::MeepleReturned { player, .. } => self.meeples[player.index()] += 1,
                Event::HoleDug {
                    player,
                    pos,
                    corner,
                    animal,
                } => {
                    self.hands[player.index()][aidx(animal)] -= 1;
                    assert!(self.water.insert((pos, corner), animal).is_none());
                }
                Event::HoleExpanded {
                    player,
                    pos,
                    corner,
                    animal,
                    tokens,
                } => {
                    self.hands[player.index()][aidx(animal)] -= 1;
                    assert!(self.water.insert((pos, corner), animal).is_none());
                    let n = vertex_slots(vertex(pos, corner))
                        .iter()
                        .filter(|s| self.water.contains_key(s))
                        .count();
                    assert_eq!(tokens as usize, n, "HoleExpanded token count");
                }
                Event::HoleCompleted { .. }
                | Event::BaobabCompleted { .. }
                | Event::FeatureCompleted { .. } => {}
                Event::BoostUsed { player, animal } => {
                    self.hands[player.index()][aidx(animal)] -= 1;
                    self.discard[aidx(animal)] += 1;
                }
                Event::Scored { player, points, .. } => self.scores[player.index()] += points as i64,
                Event::GameOver { winners } => {
                    let best = *self.scores.iter().max().unwrap();
                    for p in 0..self.players {
                        assert_eq!(
                            winners.contains(PlayerId(p as u8)),
                            self.scores[p] == best,
                            "R-END-5"
                        );
                    }
                }
                other => panic!("the tracker does not know the event {other:?}"),
            }
        }
        for h in &self.hands {
            assert!(h.iter().all(|&n| n >= 0), "negative hand {h:?}");
        }
    }

    /// The queries agree with what the events said happened.
    pub fn compare(&self, s: &GameState) {
        for p in 0..self.players {
            let id = PlayerId(p as u8);
            assert_eq!(s.scores()[p] as i64, self.scores[p], "score of p{p}");
            assert_eq!(s.meeples_in_supply(id) as i64, self.meeples[p], "meeples of p{p}");
            let hand: Vec<i64> = ANIMALS.iter().map(|&a| s.hand(id).get(a) as i64).collect();
            assert_eq!(hand, self.hands[p], "hand of p{p}");
        }
        let supply: Vec<i64> = ANIMALS.iter().map(|&a| s.token_supply().get(a) as i64).collect();
        let discard: Vec<i64> = ANIMALS.iter().map(|&a| s.token_discard().get(a) as i64).collect();
        assert_eq!(supply, self.supply, "token supply");
        assert_eq!(discard, self.discard, "token discard");
        let mut pile = vec![0; DESIGN_COUNT];
        for (d, n) in s.pile() {
            assert!(n > 0, "pile() lists an empty design");
            pile[d.index()] = n as i64;
        }
        assert_eq!(pile, self.pile, "pile by design");
        assert_eq!(s.tiles_left() as i64, self.pile.iter().sum::<i64>());
        assert_eq!(s.tiles_removed(), self.removed);
        assert_eq!(s.rangers(), self.rangers);
        assert_eq!(water(s), self.water);
        match s.phase() {
            Phase::Action | Phase::Boost { .. } | Phase::Return => {
                assert_eq!(s.placed_tile(), self.placed, "placed tile during the turn")
            }
            Phase::DrawTile | Phase::Place { .. } | Phase::GameOver => {
                assert_eq!(s.placed_tile(), None, "placed tile outside a turn's scoring")
            }
            Phase::DrawToken { .. } => {
                if s.placed_tile().is_some() {
                    assert_eq!(s.placed_tile(), self.placed);
                }
            }
        }
    }
}
