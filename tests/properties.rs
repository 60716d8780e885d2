//! Property battery: full random games checked at every decision against brute-force
//! reimplementations of the rules written from `docs/rules.md` / `docs/decisions.md` and the public
//! tile data (`Design`, `TileKind`, `SegmentDef`), never from engine internals.
//!
//! A game is generated from a random `Setup` (2..=5 players, optionally fixed hands
//! of 0..=12 tokens and ranger start cells) and a vector of move indices: decision
//! `i` picks with index `moves[i % len]` under one of three policies (`Policy`):
//! plain `legal[idx % len]`; a move kind first, as the selfplay example does (many
//! more meeples); or a contest-seeking policy (ties, several boost questions, five
//! kinds, baobab completions, token reshuffles). Every game is played to the end.
//!
//! What is checked, at every decision (`check_decision`): the legal moves equal a
//! rules oracle (`oracle`), have no duplicates, are deterministic and `is_legal`;
//! ~30 moves of every kind (random cells near and far, corners, animals, segments,
//! designs, rangers, near misses of legal moves) agree with `is_legal`, and when
//! illegal `apply`/`apply_as` return `Err` and the state is unchanged; clones are
//! equal and hash equal; conservation of tiles, tokens and meeples; ranger rules;
//! the queries agree with bookkeeping from the event stream (`Tracker`); chance
//! outcomes and weights; the union-find features equal a flood fill. After every
//! move: scores never decrease and `Scored` events sum to the change. After every
//! turn (`analyze_turn`): the scoring invariants of R-MAJ, R-TRAIL, R-BUSH,
//! R-BAOBAB, R-RANGER, R-WATER and R-END, and that no meeple stays on anything
//! complete. After every game: a replay gives the same states and events.
//!
//! Cases: the default is `DEFAULT_CASES` per property over `GAME_PROPERTIES`
//! game-playing properties, i.e. 2,500 complete games per `cargo test` run (about
//! 40 s on 2 idle cores in the test profile). For long local runs set
//! `PROPTEST_CASES=N`: every game property then plays N games, e.g.
//! `PROPTEST_CASES=20000 cargo test --test properties` (100,000 games). Set
//! `BATTERY_STATS=1` (with `-- --nocapture`) to print event and situation counts.
//!
//! Golden records: `tests/data/game-*.txt`, replayed by `golden_games_replay`.
//! Regenerate them with
//! `cargo test --test properties -- --ignored regenerate_golden_games`.

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use carcassonne_safari::{
    Actor, Animal, Corner, Design, Edge, Event, FeatureKind, GameState, IllegalReason, MeepleSpot,
    MeepleTarget, Move, Phase, PlayerId, Pos, Rotation, Setup, SetupError, Side, TileView, DESIGN_COUNT,
    SPECIES_POINTS,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Cases per game-playing property when `PROPTEST_CASES` is not set.
const DEFAULT_CASES: u32 = 500;
/// Number of `proptest!` properties below that each play `cases()` full games.
const GAME_PROPERTIES: u32 = 5;
const _: () = assert!(DEFAULT_CASES * GAME_PROPERTIES >= 2000);

// ---------------------------------------------------------------------------
// Rules constants, restated from `docs/rules.md` (not taken from the engine).

const LAND_TILES: usize = 72; // R-COMP-1
const TOKENS_PER_ANIMAL: i64 = 10; // R-COMP-2
const MEEPLES: i64 = 6; // R-COMP-3
const RANGER_POINTS: i64 = 3; // R-RANGER-2
const DIG_POINTS: i64 = 3; // R-WATER-2
const HOLE_OWNER_POINTS: i64 = 3; // R-WATER-4
/// R-TRAIL-3: points for 0..=5 different kinds.
const TABLE: [i64; 6] = [0, 1, 3, 6, 10, 15];
const ANIMALS: [Animal; 5] = [
    Animal::Monkey,
    Animal::Elephant,
    Animal::Giraffe,
    Animal::Lion,
    Animal::Zebra,
];
const SIDES: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];
const CORNERS: [Corner; 4] = [Corner::NE, Corner::SE, Corner::SW, Corner::NW];
const ROTATIONS: [Rotation; 4] = [Rotation::R0, Rotation::R90, Rotation::R180, Rotation::R270];
/// R-SETUP-1: the cells the start tile covers; R-SETUP-2: the rangers' cells.
const START_CELLS: [(i8, i8); 3] = [(-1, 0), (0, 0), (1, 0)];
const DEFAULT_RANGERS: [(i8, i8); 2] = [(0, -1), (0, 1)];
/// The empty cells next to the start tile.
const START_FRONTIER: [(i8, i8); 8] = [
    (-2, 0),
    (2, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 1),
    (0, 1),
    (1, 1),
];

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        max_shrink_iters: 4096,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------
// Geometry, written from R-GEO.

fn aidx(a: Animal) -> usize {
    ANIMALS.iter().position(|&b| b == a).unwrap()
}

fn sidx(s: Side) -> usize {
    SIDES.iter().position(|&b| b == s).unwrap()
}

fn ridx(r: Rotation) -> usize {
    ROTATIONS.iter().position(|&b| b == r).unwrap()
}

fn step(p: Pos, s: Side) -> Pos {
    let (x, y) = (p.x as i16, p.y as i16);
    let (x, y) = match s {
        Side::N => (x, y - 1),
        Side::E => (x + 1, y),
        Side::S => (x, y + 1),
        Side::W => (x - 1, y),
    };
    Pos::new(x as i8, y as i8)
}

fn opposite(s: Side) -> Side {
    SIDES[(sidx(s) + 2) % 4]
}

/// The side of the printed kind that lies on board side `s` when turned by `r`
/// clockwise (turning moves printed N to board E).
fn kind_side(s: Side, r: Rotation) -> Side {
    SIDES[(sidx(s) + 4 - ridx(r)) % 4]
}

/// The two board sides meeting at a corner.
fn corner_sides(c: Corner) -> [Side; 2] {
    match c {
        Corner::NE => [Side::N, Side::E],
        Corner::SE => [Side::E, Side::S],
        Corner::SW => [Side::S, Side::W],
        Corner::NW => [Side::W, Side::N],
    }
}

/// The grid vertex at corner `c` of `cell`, as the coordinates of the vertex's
/// north-west point (the vertex at the NW corner of (x,y) is (x,y)).
fn vertex(cell: Pos, c: Corner) -> (i16, i16) {
    let (x, y) = (cell.x as i16, cell.y as i16);
    match c {
        Corner::NW => (x, y),
        Corner::NE => (x + 1, y),
        Corner::SE => (x + 1, y + 1),
        Corner::SW => (x, y + 1),
    }
}

/// The four (cell, corner) slots meeting at a vertex.
fn vertex_slots(v: (i16, i16)) -> [(Pos, Corner); 4] {
    let p = |x: i16, y: i16| Pos::new(x as i8, y as i8);
    [
        (p(v.0 - 1, v.1 - 1), Corner::SE),
        (p(v.0, v.1 - 1), Corner::SW),
        (p(v.0, v.1), Corner::NW),
        (p(v.0 - 1, v.1), Corner::NE),
    ]
}

/// Two slots at one vertex touch when their cells share an edge (R-WATER-1).
fn cells_touch(a: Pos, b: Pos) -> bool {
    (a.x as i16 - b.x as i16).abs() + (a.y as i16 - b.y as i16).abs() == 1
}

/// The 8 surrounding cells, row by row north to south, west to east (R-BAOBAB-2).
fn ring(p: Pos) -> Vec<Pos> {
    let mut out = Vec::new();
    for dy in -1i16..=1 {
        for dx in -1i16..=1 {
            if dx != 0 || dy != 0 {
                out.push(Pos::new((p.x as i16 + dx) as i8, (p.y as i16 + dy) as i8));
            }
        }
    }
    out
}

fn pos(c: (i8, i8)) -> Pos {
    Pos::new(c.0, c.1)
}

/// A small multiplicative hasher (FxHash): SipHash dominated the battery's run time.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Fx {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(w));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<Fx>>;
type HashSet<T> = std::collections::HashSet<T, BuildHasherDefault<Fx>>;

fn hash_of<T: Hash>(t: &T) -> u64 {
    let mut h = Fx::default();
    t.hash(&mut h);
    h.finish()
}

// ---------------------------------------------------------------------------
// The board as public data, and a brute-force flood fill of its features.

struct Model {
    tiles: HashMap<Pos, TileView>,
}

impl Model {
    fn new(state: &GameState) -> Model {
        let mut tiles = HashMap::default();
        for t in state.tiles() {
            assert!(tiles.insert(t.pos, t).is_none(), "two tiles on {}", t.pos);
        }
        Model { tiles }
    }

    fn occupied(&self, p: Pos) -> bool {
        self.tiles.contains_key(&p)
    }

    /// R-RANGER-1 / R-PLACE-1: empty cells next to at least one tile.
    fn frontier(&self) -> BTreeSet<Pos> {
        let mut out = BTreeSet::new();
        for &p in self.tiles.keys() {
            for s in SIDES {
                let q = step(p, s);
                if !self.occupied(q) {
                    out.insert(q);
                }
            }
        }
        out
    }

    /// What a tile shows on board side `s` (`docs/tiles.md`: edges in printed orientation).
    fn edge(t: &TileView, s: Side) -> Edge {
        t.design.kind().edges[sidx(kind_side(s, t.rotation))]
    }

    /// The segment of a tile touching board side `s`.
    fn seg_at(t: &TileView, s: Side) -> Option<usize> {
        let ks = kind_side(s, t.rotation);
        t.design.kind().segments().iter().position(|sd| sd.touches(ks))
    }

    /// R-PLACE-1 for `design` turned by `rot` on the empty cell `p`.
    fn fits(&self, p: Pos, design: Design, rot: Rotation) -> bool {
        let me = TileView {
            pos: p,
            design,
            rotation: rot,
        };
        SIDES.into_iter().all(|s| match self.tiles.get(&step(p, s)) {
            None => true,
            Some(n) => Model::edge(&me, s) == Model::edge(n, opposite(s)),
        })
    }

    /// Whether corner `c` of the tile at `p` is a watering-hole slot showing only
    /// savanna (R-WATER-1: not on a start-tile seam, neither edge is bush).
    fn savanna_slot(&self, p: Pos, c: Corner) -> bool {
        let Some(t) = self.tiles.get(&p) else {
            return false;
        };
        corner_sides(c).into_iter().all(|s| {
            let seam = t.design.kind().is_start()
                && self
                    .tiles
                    .get(&step(p, s))
                    .is_some_and(|n| n.design.kind().is_start());
            !seam && Model::edge(t, s) != Edge::Bush
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
struct BfFeature {
    kind: FeatureKind,
    segs: BTreeSet<(Pos, u8)>,
    open: u32,
    animals: [u32; 5],
    birds: u32,
    meeples: [u32; 5],
}

impl BfFeature {
    fn species(&self) -> usize {
        self.animals.iter().filter(|&&n| n > 0).count()
    }
    fn has(&self, a: Animal) -> bool {
        self.animals[aidx(a)] > 0
    }
    fn has_meeples(&self) -> bool {
        self.meeples.iter().any(|&m| m > 0)
    }
    /// R-MAJ-1.
    fn majority(&self) -> Vec<usize> {
        let max = *self.meeples.iter().max().unwrap();
        (0..5).filter(|&p| max > 0 && self.meeples[p] == max).collect()
    }
}

struct BfFeatures {
    list: Vec<BfFeature>,
    of: HashMap<(Pos, u8), usize>,
}

/// R-TRAIL-1/2, R-BUSH-1: segments join across shared edges only; an end is open
/// when the neighbouring cell is empty.
fn flood(model: &Model, seg_meeples: &HashMap<(Pos, u8), usize>) -> BfFeatures {
    let mut list = Vec::new();
    let mut of = HashMap::default();
    let mut cells: Vec<&Pos> = model.tiles.keys().collect();
    cells.sort();
    for &p in cells {
        let t = &model.tiles[&p];
        for s0 in 0..t.design.kind().segments().len() {
            if of.contains_key(&(p, s0 as u8)) {
                continue;
            }
            let id = list.len();
            let mut f = BfFeature {
                kind: t.design.kind().segments()[s0].kind,
                segs: BTreeSet::new(),
                open: 0,
                animals: [0; 5],
                birds: 0,
                meeples: [0; 5],
            };
            let mut todo = vec![(p, s0)];
            of.insert((p, s0 as u8), id);
            while let Some((q, s)) = todo.pop() {
                let tq = &model.tiles[&q];
                let def = tq.design.kind().segments()[s];
                assert_eq!(def.kind, f.kind, "one feature mixes trail and bush at {q} {s}");
                f.segs.insert((q, s as u8));
                for (i, a) in ANIMALS.iter().enumerate() {
                    f.animals[i] += tq.design.animals(s).get(*a) as u32;
                }
                f.birds += def.birds as u32;
                if let Some(&owner) = seg_meeples.get(&(q, s as u8)) {
                    f.meeples[owner] += 1;
                }
                for side in SIDES {
                    if !def.touches(kind_side(side, tq.rotation)) {
                        continue;
                    }
                    let r = step(q, side);
                    match model.tiles.get(&r) {
                        None => f.open += 1,
                        Some(n) => {
                            let ns = Model::seg_at(n, opposite(side))
                                .unwrap_or_else(|| panic!("edge mismatch between {q} and {r}"));
                            assert_eq!(n.design.kind().segments()[ns].kind, f.kind, "{q} {r}");
                            if let std::collections::hash_map::Entry::Vacant(e) = of.entry((r, ns as u8)) {
                                e.insert(id);
                                todo.push((r, ns));
                            }
                        }
                    }
                }
            }
            list.push(f);
        }
    }
    BfFeatures { list, of }
}

/// Every meeple on the board, by kind of spot.
#[derive(Default, Clone)]
struct Meeples {
    segs: HashMap<(Pos, u8), usize>,
    baobabs: HashMap<Pos, usize>,
    holes: HashMap<(Pos, Corner), usize>,
}

impl Meeples {
    fn of(state: &GameState) -> Meeples {
        let mut m = Meeples::default();
        for (p, spot) in state.meeples() {
            let dup = match spot {
                MeepleSpot::Segment { pos, seg } => m.segs.insert((pos, seg), p.index()),
                MeepleSpot::Baobab(pos) => m.baobabs.insert(pos, p.index()),
                MeepleSpot::Hole(pos, c) => m.holes.insert((pos, c), p.index()),
            };
            assert!(dup.is_none(), "two meeples on {spot:?}");
        }
        m
    }
    fn count(&self, p: usize) -> i64 {
        let n = self.segs.values().filter(|&&o| o == p).count()
            + self.baobabs.values().filter(|&&o| o == p).count()
            + self.holes.values().filter(|&&o| o == p).count();
        n as i64
    }
}

/// The watering-hole tokens as a map.
fn water(state: &GameState) -> BTreeMap<(Pos, Corner), Animal> {
    let mut w = BTreeMap::new();
    for (p, c, a) in state.water_tokens() {
        assert!(w.insert((p, c), a).is_none(), "two tokens on {p} {c}");
    }
    w
}

/// For an empty open slot: the animals of the hole(s) it touches (R-WATER-3), or
/// `None` when it touches no token (a dig, R-WATER-2).
fn touched_hole_animals(water: &BTreeMap<(Pos, Corner), Animal>, cell: Pos, c: Corner) -> Option<[bool; 5]> {
    let slots = vertex_slots(vertex(cell, c));
    let tok = |i: usize| water.get(&slots[i]).copied();
    let me = slots.iter().position(|&(p, cc)| p == cell && cc == c).unwrap();
    let mut seen = [false; 4];
    let mut todo: Vec<usize> = (0..4)
        .filter(|&i| i != me && tok(i).is_some() && cells_touch(slots[i].0, cell))
        .collect();
    if todo.is_empty() {
        return None;
    }
    let mut animals = [false; 5];
    while let Some(i) = todo.pop() {
        if std::mem::replace(&mut seen[i], true) {
            continue;
        }
        animals[aidx(tok(i).unwrap())] = true;
        for j in 0..4 {
            if j != me && !seen[j] && tok(j).is_some() && cells_touch(slots[i].0, slots[j].0) {
                todo.push(j);
            }
        }
    }
    Some(animals)
}

// ---------------------------------------------------------------------------
// Independent bookkeeping from the event stream.

#[derive(Clone, Debug)]
struct Tracker {
    players: usize,
    pile: Vec<i64>,
    removed: usize,
    supply: [i64; 5],
    discard: [i64; 5],
    hands: Vec<[i64; 5]>,
    meeples: Vec<i64>,
    scores: Vec<i64>,
    rangers: [Option<Pos>; 2],
    water: BTreeMap<(Pos, Corner), Animal>,
    active: usize,
    drawn: Option<Design>,
    placed: Option<Pos>,
    displaced: bool,
}

impl Tracker {
    fn new(setup: &Setup) -> Tracker {
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

    fn update(&mut self, events: &[Event]) {
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
    fn compare(&self, s: &GameState) {
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

// ---------------------------------------------------------------------------
// The legal-move oracle, from the rules.

fn oracle(s: &GameState, tr: &Tracker, model: &Model, feats: &BfFeatures) -> HashSet<Move> {
    let mut out = HashSet::default();
    let active = s.active_player();
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
            let bf = &feats.list[feats.of[&f.segments[0]]];
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

// ---------------------------------------------------------------------------
// Illegal-move candidates: every move kind, random cells near and far.

fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

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

fn candidates(s: &GameState, model: &Model, legal: &[Move], rng: &mut Pcg64Mcg) -> Vec<Move> {
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
fn kind_fits_phase(m: Move, phase: Phase) -> bool {
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

// ---------------------------------------------------------------------------
// Checks at every decision.

/// The board's features from the engine agree with the brute-force flood fill.
fn check_features(s: &GameState, model: &Model, feats: &BfFeatures) {
    let engine = s.features();
    assert_eq!(engine.len(), feats.list.len(), "number of features");
    let by_segs: HashMap<Vec<(Pos, u8)>, &BfFeature> = feats
        .list
        .iter()
        .map(|f| (f.segs.iter().copied().collect(), f))
        .collect();
    for f in &engine {
        let bf = by_segs
            .get(&f.segments)
            .unwrap_or_else(|| panic!("engine feature {:?} is not a brute-force feature", f.segments));
        assert_eq!(f.kind, bf.kind);
        assert_eq!(f.open_ends as u32, bf.open, "open ends of {:?}", f.segments);
        assert_eq!(f.is_complete(), bf.open == 0);
        let animals: Vec<u32> = ANIMALS.iter().map(|&a| f.animals.get(a) as u32).collect();
        assert_eq!(animals, bf.animals, "animals of {:?}", f.segments);
        assert_eq!(f.birds as u32, bf.birds, "birds of {:?}", f.segments);
        let meeples: Vec<u32> = f.meeples.iter().map(|&m| m as u32).collect();
        assert_eq!(meeples, bf.meeples, "meeples of {:?}", f.segments);
        let cells: BTreeSet<Pos> = bf.segs.iter().map(|s| s.0).collect();
        assert_eq!(f.cells(), cells.into_iter().collect::<Vec<_>>());
    }
    for (&(p, seg), &id) in &feats.of {
        let f = s.feature(p, seg).expect("a feature for every segment");
        assert_eq!(
            f.segments,
            feats.list[id].segs.iter().copied().collect::<Vec<_>>()
        );
    }
    for (&p, t) in &model.tiles {
        assert!(s.feature(p, t.design.kind().segments().len() as u8).is_none());
        // R-PLACE-1: every edge shared by two tiles matches.
        for side in SIDES {
            if let Some(n) = model.tiles.get(&step(p, side)) {
                assert_eq!(
                    Model::edge(t, side),
                    Model::edge(n, opposite(side)),
                    "{p} {side:?}"
                );
            }
        }
    }
}

/// Conservation and ranger invariants.
fn check_conservation(s: &GameState, model: &Model, meeples: &Meeples) {
    // R-COMP-1: 72 = placed land tiles + removed + left.
    let land = model
        .tiles
        .values()
        .filter(|t| !t.design.kind().is_start())
        .count();
    assert_eq!(model.tiles.len(), land + 3, "the start tile covers 3 cells");
    for c in START_CELLS {
        assert!(model.tiles[&pos(c)].design.kind().is_start());
    }
    let in_hand = matches!(s.phase(), Phase::Place { .. }) as usize;
    assert_eq!(land + s.tiles_removed() + s.tiles_left() + in_hand, LAND_TILES);
    assert_eq!(s.pile().map(|(_, n)| n as usize).sum::<usize>(), s.tiles_left());
    // R-COMP-2: 50 tokens, 10 per animal.
    let w = water(s);
    for a in ANIMALS {
        let hands: i64 = (0..s.players())
            .map(|p| s.hand(PlayerId(p as u8)).get(a) as i64)
            .sum();
        let board = w.values().filter(|&&b| b == a).count() as i64;
        let total = s.token_supply().get(a) as i64 + s.token_discard().get(a) as i64 + hands + board;
        assert_eq!(total, TOKENS_PER_ANIMAL, "{a:?} tokens");
    }
    for (&(p, c), _) in w.iter() {
        assert!(model.savanna_slot(p, c), "token on a non-slot {p} {c}");
    }
    for &(p, c) in meeples.holes.keys() {
        assert!(w.contains_key(&(p, c)), "hole meeple without a token at {p} {c}");
    }
    for (&(p, seg), _) in meeples.segs.iter() {
        let t = model.tiles.get(&p).expect("meeple on a tile");
        assert!((seg as usize) < t.design.kind().segments().len());
    }
    for &p in meeples.baobabs.keys() {
        assert!(
            model
                .tiles
                .get(&p)
                .expect("baobab meeple on a tile")
                .design
                .kind()
                .baobab
        );
    }
    // R-COMP-3: 6 meeples per player.
    for p in 0..s.players() {
        assert_eq!(
            s.meeples_in_supply(PlayerId(p as u8)) as i64 + meeples.count(p),
            MEEPLES
        );
    }
    for p in s.players()..5 {
        assert_eq!(meeples.count(p), 0);
    }
    // R-RANGER-1.
    let frontier = model.frontier();
    let engine_frontier: BTreeSet<Pos> = s.frontier().iter().copied().collect();
    assert_eq!(
        engine_frontier.len(),
        s.frontier().len(),
        "frontier lists a cell twice"
    );
    assert_eq!(engine_frontier, frontier, "frontier");
    let rangers = s.rangers();
    for r in rangers.iter().flatten() {
        assert!(
            frontier.contains(r),
            "ranger on {r}, not an empty cell next to a tile"
        );
    }
    if let [Some(a), Some(b)] = rangers {
        assert_ne!(a, b, "rangers share a cell");
    }
    let missing = rangers.iter().filter(|r| r.is_none()).count();
    match s.phase() {
        Phase::Action | Phase::Boost { .. } | Phase::DrawToken { .. } | Phase::Return if missing == 1 => {
            assert!(
                s.placed_tile().is_some(),
                "a ranger is off the board outside a turn"
            );
        }
        _ => assert_eq!(missing, 0, "a ranger is off the board in {:?}", s.phase()),
    }
}

/// R-MAJ-2, R-BAOBAB-2, R-WATER-4: no meeple stays on something complete once a
/// turn's scoring is over.
fn check_no_meeple_on_complete(s: &GameState, model: &Model, meeples: &Meeples, feats: &BfFeatures) {
    for (&spot, &owner) in &meeples.segs {
        let f = &feats.list[feats.of[&spot]];
        assert!(
            f.open > 0,
            "p{owner}'s meeple stays on complete {:?} at {spot:?}",
            f.kind
        );
    }
    for (&p, &owner) in &meeples.baobabs {
        assert!(
            !ring(p).iter().all(|&q| model.occupied(q)),
            "p{owner}'s meeple stays on the complete baobab at {p}"
        );
    }
    let w = water(s);
    for (&(p, c), &owner) in &meeples.holes {
        let n = vertex_slots(vertex(p, c))
            .iter()
            .filter(|s| w.contains_key(s))
            .count();
        assert!(n < 4, "p{owner}'s meeple stays on the complete hole at {p} {c}");
    }
}

fn to_move_of(s: &GameState) -> Option<Actor> {
    match s.phase() {
        Phase::GameOver => None,
        Phase::DrawTile | Phase::DrawToken { .. } => Some(Actor::Chance),
        Phase::Boost { player } => Some(Actor::Player(player)),
        _ => Some(Actor::Player(s.active_player())),
    }
}

fn check_decision(s: &GameState, tr: &Tracker, rng: &mut Pcg64Mcg) -> Vec<Move> {
    tr.compare(s);
    let model = Model::new(s);
    let meeples = Meeples::of(s);
    let feats = flood(&model, &meeples.segs);
    check_conservation(s, &model, &meeples);
    if matches!(s.phase(), Phase::Action | Phase::DrawTile | Phase::GameOver) {
        check_features(s, &model, &feats);
    }

    // Clones compare and hash equal.
    let snapshot = s.clone();
    assert_eq!(snapshot, *s);
    assert_eq!(hash_of(&snapshot), hash_of(s));

    let legal: Vec<Move> = s.legal_moves().to_vec();
    assert_eq!(
        legal,
        s.legal_moves().to_vec(),
        "legal_moves is not deterministic"
    );
    assert_eq!(
        legal,
        snapshot.legal_moves().to_vec(),
        "a clone lists other moves"
    );
    let set: HashSet<Move> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "duplicate legal moves: {legal:?}");
    assert_eq!(s.to_move(), to_move_of(s));
    assert_eq!(s.is_over(), s.to_move().is_none());
    if s.to_move().is_none() {
        assert!(legal.is_empty());
    } else {
        assert!(!legal.is_empty(), "no legal move in {:?}", s.phase());
    }
    for &m in &legal {
        assert!(s.is_legal(m), "{m} listed but not is_legal");
        assert!(kind_fits_phase(m, s.phase()), "{m} listed in {:?}", s.phase());
    }
    let expected = oracle(s, tr, &model, &feats);
    if expected != set {
        let extra: Vec<String> = set.difference(&expected).map(|m| m.to_string()).collect();
        let missing: Vec<String> = expected.difference(&set).map(|m| m.to_string()).collect();
        panic!(
            "legal moves differ from the rules in {:?}: extra {extra:?}, missing {missing:?}",
            s.phase()
        );
    }

    // Chance outcomes and their weights (DESIGN: tiles per design / tokens per animal).
    let outcomes = s.chance_outcomes();
    match s.phase() {
        Phase::DrawTile => {
            let want: Vec<(Move, u32)> = Design::all()
                .filter(|d| tr.pile[d.index()] > 0)
                .map(|d| (Move::Draw(d), tr.pile[d.index()] as u32))
                .collect();
            let mut got = outcomes.clone();
            got.sort_by_key(|(m, _)| match m {
                Move::Draw(d) => d.index(),
                _ => usize::MAX,
            });
            assert_eq!(got, want);
            assert_eq!(
                outcomes.iter().map(|o| o.1 as usize).sum::<usize>(),
                s.tiles_left()
            );
        }
        Phase::DrawToken { .. } => {
            let want: HashMap<Move, u32> = ANIMALS
                .iter()
                .filter(|&&a| tr.supply[aidx(a)] > 0)
                .map(|&a| (Move::Token(a), tr.supply[aidx(a)] as u32))
                .collect();
            let got: HashMap<Move, u32> = outcomes.iter().copied().collect();
            assert_eq!(got.len(), outcomes.len());
            assert_eq!(got, want);
            let total: u32 = outcomes.iter().map(|o| o.1).sum();
            assert_eq!(total as i64, tr.supply.iter().sum::<i64>());
        }
        _ => assert!(outcomes.is_empty(), "chance outcomes at a player's decision"),
    }
    if !outcomes.is_empty() {
        let outcome_moves: HashSet<Move> = outcomes.iter().map(|o| o.0).collect();
        assert_eq!(outcome_moves, set, "chance outcomes differ from legal moves");
        assert!(outcomes.iter().all(|o| o.1 > 0));
    }
    let sampled = s.sample_chance(rng);
    match s.to_move() {
        Some(Actor::Chance) => assert!(sampled.is_some_and(|m| set.contains(&m))),
        _ => assert_eq!(sampled, None),
    }

    // Moves not in the list are illegal and change nothing.
    for m in candidates(s, &model, &legal, rng) {
        let is_listed = set.contains(&m);
        assert_eq!(
            s.is_legal(m),
            is_listed,
            "is_legal({m}) disagrees with legal_moves"
        );
        if is_listed {
            continue;
        }
        let err = s.apply(m).expect_err("an unlisted move applied");
        assert_eq!(err.mv, m);
        if s.is_over() {
            assert_eq!(err.reason, IllegalReason::GameOver);
        } else if !kind_fits_phase(m, s.phase()) {
            assert_eq!(err.reason, IllegalReason::WrongPhase(s.phase()), "{m}");
        }
        if let Some(actor) = s.to_move() {
            assert!(s.apply_as(actor, m).is_err());
        }
    }
    // apply_as refuses the right move from the wrong actor.
    if let (Some(actor), Some(&m)) = (s.to_move(), legal.first()) {
        let wrong = match actor {
            Actor::Chance => Actor::Player(PlayerId(0)),
            Actor::Player(_) if rng.next_u32() % 2 == 0 => Actor::Chance,
            Actor::Player(p) => Actor::Player(PlayerId(((p.index() + 1) % s.players()) as u8)),
        };
        let err = s.apply_as(wrong, m).expect_err("apply_as for the wrong actor");
        assert_eq!(err.reason, IllegalReason::NotYourTurn(actor));
        assert!(s.apply_as(actor, m).is_ok());
    }
    if s.is_over() {
        let err = s.apply(Move::Pass).expect_err("a move after the game");
        assert_eq!(err.reason, IllegalReason::GameOver);
    }
    assert_eq!(snapshot, *s, "a refused move changed the state");
    legal
}

// ---------------------------------------------------------------------------
// Scoring invariants over a whole turn, from the event stream.

struct Step {
    before: GameState,
    mv: Move,
    events: Vec<Event>,
    after: GameState,
}

/// Expected final scoring (R-END-2/3/4) from the state it is applied to: entries
/// (player, points), zero entries omitted.
fn final_expectation(s: &GameState) -> Vec<(usize, i64)> {
    let model = Model::new(s);
    let meeples = Meeples::of(s);
    let feats = flood(&model, &meeples.segs);
    let mut out = Vec::new();
    for f in &feats.list {
        if f.open > 0 && f.has_meeples() {
            let points = f.animals.iter().sum::<u32>() as i64 + f.birds as i64;
            for p in f.majority() {
                out.push((p, points));
            }
        }
    }
    for p in 0..s.players() {
        let tokens = s.hand(PlayerId(p as u8)).total() as i64;
        out.push((p, tokens));
    }
    out.retain(|e| e.1 > 0);
    out.sort();
    out
}

/// The final scoring block: walking back from `GameOver` over the run of `Scored`
/// events, the last `want` events with points (zero-point events are skipped).
/// Returns the index of the first event taken and the block, sorted. Taking only as
/// many as expected keeps points scored earlier in the same `apply` (a dig, an
/// expansion, a feature) out of the block; the turn's total catches extra points.
fn final_block(events: &[&Event], want: usize) -> (usize, Vec<(usize, i64)>) {
    assert!(
        matches!(events.last(), Some(Event::GameOver { .. })),
        "GameOver is the last event"
    );
    let mut start = events.len() - 1;
    let mut block = Vec::new();
    while block.len() < want && start > 0 {
        let Event::Scored { player, points, .. } = events[start - 1] else {
            break;
        };
        start -= 1;
        if *points > 0 {
            block.push((player.index(), *points as i64));
        }
    }
    block.sort();
    (start, block)
}

fn score_delta(a: &GameState, b: &GameState) -> Vec<i64> {
    a.scores()
        .iter()
        .zip(b.scores())
        .map(|(x, y)| *y as i64 - *x as i64)
        .collect()
}

fn analyze_turn(steps: &[Step]) {
    let last = steps.last().expect("a turn has steps");
    let over = last.after.is_over();
    // Between turns nothing is pending.
    if over {
        assert_eq!(
            last.after.tiles_left(),
            0,
            "R-END-1: the game ends only with the pile empty"
        );
    } else {
        assert!(last.after.tiles_left() > 0);
    }
    let Some(pi) = steps
        .iter()
        .position(|s| matches!(s.before.phase(), Phase::Place { .. }))
    else {
        // No placement: the setup deal or a removed tile (R-PLACE-2).
        let scored: Vec<&Event> = steps.iter().flat_map(|s| &s.events).collect();
        let mut expected = vec![0i64; last.after.players()];
        if over {
            let want = final_expectation(&last.after);
            let (start, block) = final_block(&scored, want.len());
            assert_eq!(block, want, "final scoring after a removed last tile");
            assert!(scored[..start]
                .iter()
                .all(|e| !matches!(e, Event::Scored { points, .. } if *points > 0)));
            for (p, pts) in want {
                expected[p] += pts;
            }
        } else {
            assert!(scored.iter().all(|e| !matches!(e, Event::Scored { .. })));
        }
        assert_eq!(score_delta(&steps[0].before, &last.after), expected);
        return;
    };
    let n = last.after.players();
    let place = &steps[pi];
    let s_place = &place.after;
    let active = place.before.active_player().index();
    let p_pos = s_place.placed_tile().expect("placed tile");
    let Move::Place(mpos, _) = place.mv else {
        panic!("not a place move")
    };
    assert_eq!(mpos, p_pos);
    let action = &steps[pi + 1];
    assert_eq!(action.before.phase(), Phase::Action);
    let model = Model::new(s_place);
    let tile = model.tiles[&p_pos];
    let mut mm = Meeples::of(s_place);
    match action.mv {
        Move::Meeple(MeepleTarget::Segment(seg)) => {
            mm.segs.insert((p_pos, seg), active);
        }
        Move::Meeple(MeepleTarget::Baobab) => {
            mm.baobabs.insert(p_pos, active);
        }
        _ => {}
    }
    let feats = flood(&model, &mm.segs);
    let mut expected = vec![0i64; n];
    let flat: Vec<(usize, &Event)> = steps[pi..]
        .iter()
        .enumerate()
        .flat_map(|(k, s)| s.events.iter().map(move |e| (pi + k, e)))
        .collect();
    let events: Vec<&Event> = flat.iter().map(|x| x.1).collect();

    // R-RANGER-2.
    let displaced = place
        .events
        .iter()
        .any(|e| matches!(e, Event::RangerDisplaced { .. }));
    assert_eq!(
        displaced,
        place.before.rangers().contains(&Some(p_pos)),
        "R-PLACE-3"
    );
    if displaced {
        expected[active] += RANGER_POINTS;
    }
    let returns = steps.iter().filter(|s| matches!(s.mv, Move::Return(_))).count();
    assert_eq!(
        returns, displaced as usize,
        "R-RANGER-4: the displaced ranger is put back once"
    );

    // R-WATER-2/3/4.
    let w = water(s_place);
    match action.mv {
        Move::Dig(..) => expected[active] += DIG_POINTS,
        Move::Expand(p, c, _) => {
            let slots = vertex_slots(vertex(p, c));
            let nth = 1 + slots.iter().filter(|s| w.contains_key(s)).count() as i64;
            assert!((2..=4).contains(&nth));
            expected[active] += nth + 2;
            if nth == 4 {
                let owners: BTreeSet<usize> = slots.iter().filter_map(|s| mm.holes.get(s).copied()).collect();
                for o in owners {
                    expected[o] += HOLE_OWNER_POINTS;
                }
                assert!(events.iter().any(|e| matches!(e, Event::HoleCompleted { .. })));
            }
        }
        _ => {}
    }

    // R-BAOBAB-2: the placed tile first, then the ring row by row.
    let mut want_baobabs = Vec::new();
    for cell in std::iter::once(p_pos).chain(ring(p_pos)) {
        if let Some(&owner) = mm.baobabs.get(&cell) {
            if ring(cell).iter().all(|&q| model.occupied(q)) {
                want_baobabs.push((cell, owner));
            }
        }
    }
    let got_baobabs: Vec<(Pos, usize)> = events
        .iter()
        .filter_map(|e| match e {
            Event::BaobabCompleted { pos, player } => Some((*pos, player.index())),
            _ => None,
        })
        .collect();
    assert_eq!(got_baobabs, want_baobabs, "completed baobabs");
    // R-BAOBAB-1/2: two tokens per baobab meeple and per completion.
    let mut want_tokens = vec![0i64; n];
    if action.mv == Move::Meeple(MeepleTarget::Baobab) {
        want_tokens[active] += 2;
    }
    for &(_, o) in &want_baobabs {
        want_tokens[o] += 2;
    }
    let mut got_tokens = vec![0i64; n];
    for e in &events {
        if let Event::TokenDrawn { player, .. } = e {
            got_tokens[player.index()] += 1;
        }
    }
    let available = s_place.token_supply().total() as i64 + s_place.token_discard().total() as i64;
    if available >= want_tokens.iter().sum::<i64>() {
        assert_eq!(got_tokens, want_tokens, "tokens drawn for baobabs");
    } else {
        assert!(got_tokens.iter().zip(&want_tokens).all(|(g, w)| g <= w));
    }

    // R-TRAIL/R-BUSH completions, in the placed tile's segment order.
    let mut completed = Vec::new();
    let mut seen = HashSet::default();
    for seg in 0..tile.design.kind().segments().len() {
        let id = feats.of[&(p_pos, seg as u8)];
        if seen.insert(id) && feats.list[id].open == 0 {
            completed.push((seg as u8, id));
        }
    }
    let got_completed: Vec<usize> = (0..events.len())
        .filter(|&i| matches!(events[i], Event::FeatureCompleted { .. }))
        .collect();
    assert_eq!(
        got_completed.len(),
        completed.len(),
        "number of completed features"
    );
    let final_want = if over {
        final_expectation(&last.after)
    } else {
        Vec::new()
    };
    let final_start = if over {
        final_block(&events, final_want.len()).0
    } else {
        events.len()
    };
    let mut want_asks = Vec::new();
    for (&(seg, id), &ei) in completed.iter().zip(&got_completed) {
        let f = &feats.list[id];
        let Event::FeatureCompleted {
            kind,
            pos,
            seg: eseg,
            animals,
            birds,
        } = *events[ei]
        else {
            unreachable!()
        };
        assert_eq!((kind, pos, eseg), (f.kind, p_pos, seg));
        let ev_animals: Vec<u32> = ANIMALS.iter().map(|&a| animals.get(a) as u32).collect();
        assert_eq!(ev_animals, f.animals);
        assert_eq!(birds as u32, f.birds);
        let mut i = ei + 1;
        let mut boosted = [false; 5];
        while let Some(Event::BoostUsed { player, animal }) = events.get(i) {
            assert!(
                f.majority().contains(&player.index()),
                "R-TRAIL-4: boost by a non-scorer"
            );
            assert!(!f.has(*animal) && f.species() < 5, "R-TRAIL-4: ineligible boost");
            assert!(
                !std::mem::replace(&mut boosted[player.index()], true),
                "two boosts by one player"
            );
            i += 1;
        }
        if !f.has_meeples() {
            assert!(!boosted.iter().any(|&b| b), "boost on a feature without meeples");
            assert!(
                i >= final_start
                    || !matches!(events.get(i), Some(Event::Scored { points, .. }) if *points > 0),
                "R-MAJ-3: points for a feature without meeples"
            );
            continue;
        }
        // Who is asked: majority players holding an eligible token, from the active
        // player round the table, with the hands as they are when it is scored.
        let hands_at = &steps[flat[ei].0].after;
        let asks_before = want_asks.len();
        for off in 0..n {
            let p = (active + off) % n;
            let hand = hands_at.hand(PlayerId(p as u8));
            let eligible = f.species() < 5 && ANIMALS.iter().any(|&a| hand.get(a) > 0 && !f.has(a));
            if f.majority().contains(&p) && eligible {
                want_asks.push((f.segs.clone(), p));
            }
        }
        note("(scored feature)");
        if f.majority().len() > 1 {
            note("(tied majority)");
        }
        if want_asks.len() - asks_before > 1 {
            note("(several boost questions)");
        }
        if f.species() == 5 {
            note("(five kinds)");
        }
        if f.species() == 0 && boosted.iter().any(|&b| b) {
            note("(zero kinds boosted)");
        }
        let mut want_points: Vec<(usize, i64)> = f
            .majority()
            .into_iter()
            .map(|p| {
                let kinds = (f.species() + boosted[p] as usize).min(5);
                let birds = if f.kind == FeatureKind::Bush {
                    f.birds as i64
                } else {
                    0
                };
                (p, TABLE[kinds] + birds)
            })
            .collect();
        for &(p, pts) in &want_points {
            expected[p] += pts;
        }
        let mut run = Vec::new();
        while let Some(Event::Scored { player, points, .. }) = events.get(i) {
            run.push((player.index(), *points as i64));
            i += 1;
        }
        run.retain(|e| e.1 > 0);
        run.sort();
        want_points.retain(|e| e.1 > 0);
        want_points.sort();
        assert_eq!(run, want_points, "points of completed {:?} {:?}", f.kind, f.segs);
        // R-MAJ-2: every meeple on it returns.
        let on_it = f.meeples.iter().sum::<u32>() as usize;
        let mut returned = 0;
        while let Some(Event::MeepleReturned { spot, .. }) = events.get(i) {
            let MeepleSpot::Segment { pos, seg } = *spot else {
                panic!("{spot:?}")
            };
            assert!(f.segs.contains(&(pos, seg)));
            returned += 1;
            i += 1;
        }
        assert_eq!(returned, on_it, "meeples returned from {:?}", f.segs);
    }
    let got_asks: Vec<(BTreeSet<(Pos, u8)>, usize)> = steps
        .iter()
        .filter_map(|s| match s.before.phase() {
            Phase::Boost { player } => {
                let f = s.before.scoring_feature().expect("scoring feature");
                Some((f.segments.into_iter().collect(), player.index()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(got_asks, want_asks, "boost questions (DESIGN decision 5)");

    // R-END: final scoring.
    if over {
        let (_, block) = final_block(&events, final_want.len());
        assert_eq!(block, final_want, "final scoring");
        for (p, pts) in final_want {
            expected[p] += pts;
        }
    }
    assert_eq!(
        score_delta(&place.before, &last.after),
        expected,
        "turn of p{active} placing {} at {p_pos}",
        tile.design
    );
}

// ---------------------------------------------------------------------------
// The game driver.

/// How decision `i` picks among the legal moves, given index `moves[i % len]`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Policy {
    /// `legal[idx % len]`.
    Index,
    /// A move kind (first word) by index, then a move of that kind.
    Kind,
    /// Seeks contested and completed features: placements are ranked by what they
    /// do to the features of the placed tile, meeples are placed whenever the
    /// index allows; ties and all other decisions by index.
    Contest,
}

#[derive(Clone, Debug)]
struct GameSpec {
    setup: Setup,
    moves: Vec<u32>,
    policy: Policy,
    seed: u64,
}

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

fn choose(s: &GameState, legal: &[Move], idx: u32, policy: Policy) -> Move {
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
            Phase::Action if idx % 5 != 0 => {
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

/// Plays the whole game of `spec` with every check; returns the moves and events.
fn play_checked(spec: &GameSpec) -> (Vec<Move>, Vec<Vec<Event>>, Vec<u64>, GameState) {
    let mut rng = Pcg64Mcg::seed_from_u64(spec.seed);
    let mut state = GameState::new(&spec.setup).expect("valid setup");
    let mut tr = Tracker::new(&spec.setup);
    let mut moves = Vec::new();
    let mut all_events = Vec::new();
    let mut turn: Vec<Step> = Vec::new();
    let mut hashes = Vec::new();
    let mut i = 0usize;
    loop {
        hashes.push(hash_of(&state));
        let legal = check_decision(&state, &tr, &mut rng);
        if state.is_over() {
            break;
        }
        assert!(i < 5000, "the game does not end");
        let mv = choose(&state, &legal, spec.moves[i % spec.moves.len()], spec.policy);
        i += 1;
        let (next, events) = state
            .apply(mv)
            .unwrap_or_else(|e| panic!("listed move {mv} refused: {e}"));
        assert_ne!(next, state, "{mv} changed nothing");
        // Scores never decrease; Scored events explain every point.
        let mut gained = vec![0i64; state.players()];
        for e in &events {
            if let Event::Scored { player, points, .. } = e {
                gained[player.index()] += *points as i64;
            }
        }
        for p in 0..state.players() {
            assert!(next.scores()[p] >= state.scores()[p], "score of p{p} decreased");
        }
        assert_eq!(
            score_delta(&state, &next),
            gained,
            "Scored events vs score change after {mv}"
        );
        tr.update(&events);
        moves.push(mv);
        all_events.push(events.clone());
        let boundary = matches!(next.phase(), Phase::DrawTile | Phase::GameOver);
        turn.push(Step {
            before: state,
            mv,
            events,
            after: next.clone(),
        });
        if boundary {
            analyze_turn(&turn);
            let model = Model::new(&next);
            let meeples = Meeples::of(&next);
            let feats = flood(&model, &meeples.segs);
            check_no_meeple_on_complete(&next, &model, &meeples, &feats);
            turn.clear();
        }
        state = next;
    }
    assert!(turn.is_empty(), "the game ended inside a turn");
    (moves, all_events, hashes, state)
}

/// Event counts over all games of this process, printed when `BATTERY_STATS` is set.
static STATS: std::sync::Mutex<(usize, BTreeMap<&'static str, usize>)> =
    std::sync::Mutex::new((0, BTreeMap::new()));

/// Counts a rare situation for the `BATTERY_STATS` summary.
fn note(what: &'static str) {
    if std::env::var_os("BATTERY_STATS").is_some() {
        *STATS.lock().unwrap().1.entry(what).or_default() += 1;
    }
}

fn record_stats(events: &[Vec<Event>]) {
    if std::env::var_os("BATTERY_STATS").is_none() {
        return;
    }
    let mut stats = STATS.lock().unwrap();
    stats.0 += 1;
    for ev in events {
        count_events(&mut stats.1, ev);
    }
    if stats.0 % 250 == 0 {
        eprintln!("battery stats: {} games, events {:?}", stats.0, stats.1);
    }
}

/// Plays the game and checks that replaying its moves gives the same states and events.
fn run_game(spec: &GameSpec) -> Result<(), TestCaseError> {
    let (moves, events, hashes, fin) = play_checked(spec);
    record_stats(&events);
    let mut s = GameState::new(&spec.setup).unwrap();
    for (k, (&m, ev)) in moves.iter().zip(&events).enumerate() {
        prop_assert_eq!(
            hash_of(&s),
            hashes[k],
            "another state on replay before step {}",
            k
        );
        let (next, ev2) = s.apply(m).expect("replayed move");
        prop_assert_eq!(&ev2, ev, "events differ on replay at step {} ({})", k, m);
        s = next;
    }
    prop_assert_eq!(&s, &fin, "replay ends in another state");
    prop_assert_eq!(hash_of(&s), hash_of(&fin));
    Ok(())
}

// ---------------------------------------------------------------------------
// Strategies.

/// Fixed hands: usually 0..=4 tokens per player, one time in four up to 12, so
/// that the supply can start nearly or completely empty (R-TOKEN-2 reshuffles and
/// skipped draws). At most 10 of an animal in all.
fn arb_hands(players: usize) -> impl Strategy<Value = Vec<Vec<Animal>>> {
    prop::collection::vec((prop::collection::vec(0usize..5, 0..=12), any::<u8>()), players).prop_map(
        |hands| {
            let mut used = [0i64; 5];
            hands
                .into_iter()
                .map(|(mut h, big)| {
                    if big % 4 != 0 {
                        h.truncate(4);
                    }
                    h.into_iter()
                        .filter(|&a| {
                            used[a] += 1;
                            used[a] <= TOKENS_PER_ANIMAL
                        })
                        .map(|a| ANIMALS[a])
                        .collect()
                })
                .collect()
        },
    )
}

fn arb_rangers() -> impl Strategy<Value = [Pos; 2]> {
    (0usize..8, 0usize..7).prop_map(|(a, b)| {
        let b = if b >= a { b + 1 } else { b };
        [pos(START_FRONTIER[a]), pos(START_FRONTIER[b])]
    })
}

/// `fixed`: 0 = random choice, 1 = always default setup, 2 = always fixed hands and rangers.
fn arb_setup(fixed: u8) -> impl Strategy<Value = Setup> {
    (2usize..=5)
        .prop_flat_map(move |n| {
            let hands = match fixed {
                0 => prop::option::weighted(0.3, arb_hands(n)).boxed(),
                1 => Just(None).boxed(),
                _ => arb_hands(n).prop_map(Some).boxed(),
            };
            let rangers = match fixed {
                0 => prop::option::weighted(0.3, arb_rangers()).boxed(),
                1 => Just(None).boxed(),
                _ => arb_rangers().prop_map(Some).boxed(),
            };
            (Just(n), hands, rangers)
        })
        .prop_map(|(n, hands, rangers)| {
            let mut setup = Setup::new(n);
            setup.rangers = rangers;
            setup.hands = hands;
            setup
        })
}

fn arb_game(fixed: u8, policy: Option<Policy>) -> impl Strategy<Value = GameSpec> {
    (
        arb_setup(fixed),
        prop::collection::vec(any::<u32>(), 1..300),
        match policy {
            Some(p) => Just(p).boxed(),
            None => prop_oneof![Just(Policy::Index), Just(Policy::Kind), Just(Policy::Contest)].boxed(),
        },
        any::<u64>(),
    )
        .prop_map(|(setup, moves, policy, seed)| GameSpec {
            setup,
            moves,
            policy,
            seed,
        })
}

proptest! {
    #![proptest_config(config())]

    /// Plain index replay `moves[i % len]`, every check at every decision.
    #[test]
    fn prop_games_index_replay(spec in arb_game(0, Some(Policy::Index))) {
        run_game(&spec)?;
    }

    /// Move kind first, then a move of that kind: many meeples, boosts and holes.
    #[test]
    fn prop_games_kind_policy(spec in arb_game(0, Some(Policy::Kind))) {
        run_game(&spec)?;
    }

    /// Contested and completed features: ties, several boost questions.
    #[test]
    fn prop_games_contest_policy(spec in arb_game(0, Some(Policy::Contest))) {
        run_game(&spec)?;
    }

    /// The rulebook setup (chance deals the starting tokens), any policy.
    #[test]
    fn prop_games_default_setup(spec in arb_game(1, None)) {
        run_game(&spec)?;
    }

    /// Fixed starting hands and ranger cells, any policy.
    #[test]
    fn prop_games_fixed_setup(spec in arb_game(2, None)) {
        run_game(&spec)?;
    }
}

// ---------------------------------------------------------------------------
// Setup errors.

#[test]
fn invalid_setups_are_refused() {
    for n in [0, 1, 6, 100] {
        assert_eq!(GameState::new(&Setup::new(n)), Err(SetupError::Players(n)));
    }
    let same = Setup::new(2).with_rangers([Pos::new(0, -1), Pos::new(0, -1)]);
    assert!(matches!(
        GameState::new(&same),
        Err(SetupError::RangersShareCell(_))
    ));
    for bad in [(0, 0), (5, 5), (-3, 0), (-2, -1), (127, -128)] {
        let s = Setup::new(2).with_rangers([Pos::new(0, -1), pos(bad)]);
        assert_eq!(
            GameState::new(&s),
            Err(SetupError::RangerCell(pos(bad))),
            "{bad:?}"
        );
    }
    let s = Setup::new(3).with_hands(vec![vec![], vec![]]);
    assert!(matches!(
        GameState::new(&s),
        Err(SetupError::HandsCount { given: 2, players: 3 })
    ));
    let s = Setup::new(2).with_hands(vec![vec![Animal::Lion; 6], vec![Animal::Lion; 5]]);
    assert!(matches!(
        GameState::new(&s),
        Err(SetupError::TooManyTokens {
            animal: Animal::Lion,
            count: 11
        })
    ));
    // Every start-frontier pair is accepted, and the rangers stand where asked.
    for a in START_FRONTIER {
        for b in START_FRONTIER {
            let s = Setup::new(2).with_rangers([pos(a), pos(b)]);
            let g = GameState::new(&s);
            if a == b {
                assert!(g.is_err());
            } else {
                assert_eq!(g.unwrap().rangers(), [Some(pos(a)), Some(pos(b))]);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Golden game records (tests/data/game-*.txt).
//
// Format: a header `game seed=S players=N`, then one move per line in notation,
// then `scores A B ...` and one `event VARIANT COUNT` line per Event variant.
// Regenerate: `cargo test --test properties -- --ignored regenerate_golden_games`
// (the seeds and player counts are in GOLDEN below; the policy is the selfplay
// example's: chance by weight via sample_chance, a move kind uniformly, then a
// move of that kind uniformly, with Pcg64Mcg::seed_from_u64(seed)).

/// Seeds picked so that the records together show every event the selfplay policy
/// produces (boosts, completed baobabs and watering holes). `TileRemoved` and
/// `SupplyReshuffled` never occurred in 1,600 policy games with the default setup.
const GOLDEN: [(u64, usize); 6] = [(97, 2), (32, 2), (57, 3), (173, 4), (19, 5), (330, 5)];
const GOLDEN_RARE: [&str; 2] = ["TileRemoved", "SupplyReshuffled"];

const EVENT_VARIANTS: [&str; 19] = [
    "TokenDrawn",
    "SupplyReshuffled",
    "TileDrawn",
    "TileRemoved",
    "TilePlaced",
    "RangerDisplaced",
    "RangerMoved",
    "RangerReturned",
    "MeeplePlaced",
    "MeepleReturned",
    "HoleDug",
    "HoleExpanded",
    "HoleCompleted",
    "BaobabCompleted",
    "FeatureCompleted",
    "BoostUsed",
    "Scored",
    "GameOver",
    "(total)",
];

fn variant(e: &Event) -> &'static str {
    match e {
        Event::TokenDrawn { .. } => "TokenDrawn",
        Event::SupplyReshuffled { .. } => "SupplyReshuffled",
        Event::TileDrawn { .. } => "TileDrawn",
        Event::TileRemoved { .. } => "TileRemoved",
        Event::TilePlaced { .. } => "TilePlaced",
        Event::RangerDisplaced { .. } => "RangerDisplaced",
        Event::RangerMoved { .. } => "RangerMoved",
        Event::RangerReturned { .. } => "RangerReturned",
        Event::MeeplePlaced { .. } => "MeeplePlaced",
        Event::MeepleReturned { .. } => "MeepleReturned",
        Event::HoleDug { .. } => "HoleDug",
        Event::HoleExpanded { .. } => "HoleExpanded",
        Event::HoleCompleted { .. } => "HoleCompleted",
        Event::BaobabCompleted { .. } => "BaobabCompleted",
        Event::FeatureCompleted { .. } => "FeatureCompleted",
        Event::BoostUsed { .. } => "BoostUsed",
        Event::Scored { .. } => "Scored",
        Event::GameOver { .. } => "GameOver",
        _ => "(other)",
    }
}

fn count_events(counts: &mut BTreeMap<&'static str, usize>, events: &[Event]) {
    for e in events {
        *counts.entry(variant(e)).or_default() += 1;
        *counts.entry("(total)").or_default() += 1;
    }
}

fn golden_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn golden_path(seed: u64, players: usize) -> std::path::PathBuf {
    golden_dir().join(format!("game-s{seed}-p{players}.txt"))
}

fn policy_pick(rng: &mut Pcg64Mcg, moves: &[Move]) -> Move {
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

#[test]
#[ignore = "writes tests/data; run to regenerate the golden records"]
fn regenerate_golden_games() {
    std::fs::create_dir_all(golden_dir()).unwrap();
    for (seed, players) in GOLDEN {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut state = GameState::new(&Setup::new(players)).unwrap();
        let mut text = format!("game seed={seed} players={players}\n");
        let mut counts: BTreeMap<&'static str, usize> = EVENT_VARIANTS.iter().map(|&v| (v, 0)).collect();
        while let Some(actor) = state.to_move() {
            let mv = match actor {
                Actor::Chance => state.sample_chance(&mut rng).unwrap(),
                Actor::Player(_) => policy_pick(&mut rng, &state.legal_moves()),
            };
            text += &format!("{mv}\n");
            let (next, events) = state.apply(mv).unwrap();
            count_events(&mut counts, &events);
            state = next;
        }
        let scores: Vec<String> = state.scores().iter().map(|s| s.to_string()).collect();
        text += &format!("scores {}\n", scores.join(" "));
        for v in EVENT_VARIANTS {
            text += &format!("event {v} {}\n", counts[v]);
        }
        std::fs::write(golden_path(seed, players), text).unwrap();
    }
}

#[test]
fn golden_games_replay() {
    let mut seen_players = BTreeSet::new();
    let mut union: BTreeMap<&'static str, usize> = BTreeMap::new();
    for (seed, players) in GOLDEN {
        let path = golden_path(seed, players);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut lines = text.lines();
        let header = lines.next().unwrap();
        assert_eq!(header, format!("game seed={seed} players={players}"));
        let mut state = GameState::new(&Setup::new(players)).unwrap();
        let mut counts: BTreeMap<&'static str, usize> = EVENT_VARIANTS.iter().map(|&v| (v, 0)).collect();
        let mut want_counts = BTreeMap::new();
        let mut want_scores = None;
        for (no, line) in lines.enumerate() {
            if let Some(rest) = line.strip_prefix("scores ") {
                want_scores = Some(
                    rest.split(' ')
                        .map(|s| s.parse::<u32>().unwrap())
                        .collect::<Vec<_>>(),
                );
            } else if let Some(rest) = line.strip_prefix("event ") {
                let (name, count) = rest.split_once(' ').unwrap();
                want_counts.insert(name.to_string(), count.parse::<usize>().unwrap());
            } else {
                assert!(
                    want_scores.is_none(),
                    "{}:{}: a move after the scores",
                    path.display(),
                    no + 2
                );
                let mv: Move = line
                    .parse()
                    .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), no + 2));
                assert_eq!(mv.to_string(), line);
                assert!(
                    state.is_legal(mv),
                    "{}:{}: {mv} is illegal",
                    path.display(),
                    no + 2
                );
                let (next, events) = state.apply(mv).unwrap();
                count_events(&mut counts, &events);
                state = next;
            }
        }
        assert!(
            state.is_over(),
            "{}: the record ends before the game",
            path.display()
        );
        assert_eq!(
            Some(state.scores().to_vec()),
            want_scores,
            "{}: final scores",
            path.display()
        );
        let got: BTreeMap<String, usize> = counts.iter().map(|(k, v)| (k.to_string(), *v)).collect();
        assert_eq!(got, want_counts, "{}: event counts", path.display());
        seen_players.insert(players);
        for (k, v) in counts {
            *union.entry(k).or_default() += v;
        }
    }
    assert!(
        seen_players.len() >= 4,
        "golden games cover several player counts"
    );
    let missing: Vec<&&str> = union
        .iter()
        .filter(|(k, &v)| v == 0 && !GOLDEN_RARE.contains(k))
        .map(|(k, _)| k)
        .collect();
    assert!(
        missing.is_empty(),
        "golden games never show {missing:?}; pick other seeds"
    );
}

#[test]
fn kind_points_match_r_trail_3() {
    let engine: Vec<i64> = SPECIES_POINTS.iter().map(|&p| p as i64).collect();
    assert_eq!(engine, TABLE);
}
