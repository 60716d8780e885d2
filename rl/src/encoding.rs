//! The fixed action encoding for learning: every move of every reachable
//! position has exactly one integer id, and every id decodes to at most one move.
//!
//! Two id spaces, as in OpenSpiel: player decisions use `0..NUM_ACTIONS`, chance
//! outcomes use `0..num_chance_outcomes()`. Which space an id belongs to is told
//! by the position: chance ids at chance nodes, player ids at player decisions.
//!
//! Cells are numbered inside a diamond around the start tile, whose bounds come
//! from the game's own geometry (no window that could drop a legal move): the
//! start tile covers (-1,0), (0,0), (1,0) and every land tile is placed next to
//! a tile already down, so the `k`-th land tile lies within distance `k` of the
//! start tile, where the distance of (x,y) is `max(|x|-1, 0) + |y|` (Manhattan
//! distance to the nearest start cell). With 72 land tiles, tiles lie within
//! [`TILE_RADIUS`] = 72 and the empty cells next to them (where tiles are placed
//! and rangers stand) within [`FRONTIER_RADIUS`] = 73. A diamond of radius `r`
//! holds `2r² + 6r + 3` cells, numbered row by row from north to south, west to
//! east.

use std::sync::OnceLock;

use carcassonne_safari::{
    tiles::LAND_TILES, tiles::MAX_SEGMENTS, Actor, Animal, Corner, Design, GameState, MeepleTarget, Move,
    MoveKind, Pos, Rotation,
};

/// Every land tile lies within this distance of the start tile.
pub const TILE_RADIUS: i32 = LAND_TILES as i32;
/// Every empty cell next to a tile (placements, rangers) lies within this
/// distance of the start tile.
pub const FRONTIER_RADIUS: i32 = TILE_RADIUS + 1;

/// The distance of cell (x,y) from the start tile: the Manhattan distance to the
/// nearest of its three cells.
pub fn start_distance(x: i32, y: i32) -> i32 {
    (x.abs() - 1).max(0) + y.abs()
}

/// Cells within distance `r` of the start tile.
pub const fn cells_within(r: i32) -> u32 {
    (2 * r * r + 6 * r + 3) as u32
}

/// Cells of the frontier diamond (placements, rangers, returns).
pub const FRONTIER_CELLS: u32 = cells_within(FRONTIER_RADIUS);
/// Cells of the tile diamond (watering holes at tile corners).
pub const TILE_CELLS: u32 = cells_within(TILE_RADIUS);

/// Cells of the rows north of row `y` in the diamond of radius `r` (row `k` has
/// `2(r-|k|)+3` cells).
fn row_start(y: i32, r: i32) -> u32 {
    let (n, r) = ((y + r) as i64, r as i64);
    let abs_sum = if y <= 0 {
        let a = (-y) as i64;
        (r * (r + 1) - a * (a + 1)) / 2
    } else {
        let y = y as i64;
        r * (r + 1) / 2 + (y - 1) * y / 2
    };
    (n * (2 * r + 3) - 2 * abs_sum) as u32
}

/// The index of `p` in the diamond of radius `r`, if it lies inside.
pub fn cell_index(p: Pos, r: i32) -> Option<u32> {
    let (x, y) = (p.x as i32, p.y as i32);
    if start_distance(x, y) > r {
        return None;
    }
    let w = r - y.abs();
    Some(row_start(y, r) + (x + w + 1) as u32)
}

/// The cell with index `i` in the diamond of radius `r` (`i < cells_within(r)`).
pub fn cell_at(i: u32, r: i32) -> Option<Pos> {
    if i >= cells_within(r) {
        return None;
    }
    // The last row whose start is at most `i`.
    let (mut lo, mut hi) = (-r, r);
    while lo < hi {
        let mid = (lo + hi + 1).div_euclid(2);
        if row_start(mid, r) <= i {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let y = lo;
    let w = r - y.abs();
    let x = (i - row_start(y, r)) as i32 - w - 1;
    Some(Pos::new(x as i8, y as i8))
}

/// A block of consecutive ids for one kind of player move.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    /// The kind of move.
    pub kind: MoveKind,
    /// The first id.
    pub base: u32,
    /// How many ids.
    pub size: u32,
}

const ANIMALS: u32 = 5;
const CORNERS: u32 = 4;
const ROTATIONS: u32 = 4;
/// `meeple 0..3` and `meeple baobab`.
const MEEPLE_TARGETS: u32 = MAX_SEGMENTS as u32 + 1;

const fn blocks() -> [Block; 9] {
    let sizes = [
        (MoveKind::Place, FRONTIER_CELLS * ROTATIONS),
        (MoveKind::Meeple, MEEPLE_TARGETS),
        (MoveKind::Ranger, 2 * FRONTIER_CELLS),
        (MoveKind::Dig, TILE_CELLS * CORNERS * ANIMALS),
        (MoveKind::Expand, TILE_CELLS * CORNERS * ANIMALS),
        (MoveKind::Pass, 1),
        (MoveKind::Boost, ANIMALS),
        (MoveKind::NoBoost, 1),
        (MoveKind::Return, FRONTIER_CELLS),
    ];
    let mut out = [Block {
        kind: MoveKind::Pass,
        base: 0,
        size: 0,
    }; 9];
    let mut base = 0;
    let mut i = 0;
    while i < sizes.len() {
        out[i] = Block {
            kind: sizes[i].0,
            base,
            size: sizes[i].1,
        };
        base += sizes[i].1;
        i += 1;
    }
    out
}

/// The player id blocks, in id order.
pub const BLOCKS: [Block; 9] = blocks();
/// Number of player action ids.
pub const NUM_ACTIONS: u32 = BLOCKS[8].base + BLOCKS[8].size;

const PLACE: Block = BLOCKS[0];
const MEEPLE: Block = BLOCKS[1];
const RANGER: Block = BLOCKS[2];
const DIG: Block = BLOCKS[3];
const EXPAND: Block = BLOCKS[4];
const PASS: Block = BLOCKS[5];
const BOOST: Block = BLOCKS[6];
const NOBOOST: Block = BLOCKS[7];
const RETURN: Block = BLOCKS[8];

/// The land designs in table order (chance ids of `draw`) and each design's rank.
struct LandDesigns {
    list: Vec<Design>,
    rank: Vec<Option<u32>>,
}

fn land_designs() -> &'static LandDesigns {
    static LAND: OnceLock<LandDesigns> = OnceLock::new();
    LAND.get_or_init(|| {
        let list: Vec<Design> = Design::land().collect();
        let mut rank = vec![None; Design::all().count()];
        for (i, d) in list.iter().enumerate() {
            rank[d.index()] = Some(i as u32);
        }
        LandDesigns { list, rank }
    })
}

/// The land tile designs, in the order of their `draw` chance ids.
pub fn land_design_list() -> &'static [Design] {
    &land_designs().list
}

/// The rank of a land design in [`land_design_list`] (`None` for the start
/// tile's parts).
pub fn land_rank(d: Design) -> Option<usize> {
    land_designs()
        .rank
        .get(d.index())
        .copied()
        .flatten()
        .map(|r| r as usize)
}

/// Number of chance outcome ids: one per land design (`draw`), then one per
/// animal (`token`).
pub fn num_chance_outcomes() -> u32 {
    land_designs().list.len() as u32 + ANIMALS
}

/// Why a move has no action id, or an id names no move (in the exact
/// encoding of this module or the compact one of [`crate::compact`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// A cell farther from the start tile than any empty cell next to a tile.
    #[error("cell {0} is farther than {FRONTIER_RADIUS} from the start tile, where no move can go")]
    BeyondFrontier(Pos),
    /// A cell farther from the start tile than any tile.
    #[error("cell {0} is farther than {TILE_RADIUS} from the start tile, where no tile can be")]
    BeyondTiles(Pos),
    /// A cell outside the compact encoding's window.
    #[error("cell {cell} is outside the window {window:?}")]
    OutsideWindow {
        /// The cell.
        cell: Pos,
        /// The window.
        window: crate::window::Window,
    },
    /// A draw of a start tile part.
    #[error("{0} is not a land tile")]
    NotLand(Design),
    /// A chance outcome given where a player move is encoded.
    #[error("`{0}` is a chance outcome, not a player move")]
    Chance(Move),
    /// A segment number no tile has.
    #[error("no tile has a segment {0} (at most {MAX_SEGMENTS} segments)")]
    NoSegment(u8),
    /// A ranger move from a cell no ranger stands on.
    #[error("no ranger stands on {0}")]
    NoRanger(Pos),
    /// An id beyond the end of its space.
    #[error("{what} id {id} is out of range 0..{size}")]
    OutOfRange {
        /// The id space: `player action`, `chance outcome` or `compact action`.
        what: &'static str,
        /// The id.
        id: u64,
        /// The size of the space.
        size: u32,
    },
    /// A ranger id naming a ranger that is not on the board.
    #[error("{what} {id}: ranger {ranger} is displaced (not on the board)")]
    Displaced {
        /// The id space: `action` or `compact action`.
        what: &'static str,
        /// The id.
        id: u32,
        /// The ranger's index in `GameState::rangers()`.
        ranger: usize,
    },
    /// A legal move without an id (the encoding would be incomplete: a bug).
    #[error("legal move `{mv}` has no action id: {reason}")]
    Unencoded {
        /// The move.
        mv: Move,
        /// Why.
        reason: Box<IdError>,
    },
    /// A legal move whose id is in the other space (a bug).
    #[error("legal move `{0}` is in the wrong id space")]
    WrongSpace(Move),
    /// Two legal moves with one compact id (a bug).
    #[error("two legal moves share compact id {0}")]
    Shared(u32),
}

/// Which id space an id belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Space {
    /// Player decisions: `0..NUM_ACTIONS`.
    Player,
    /// Chance outcomes: `0..num_chance_outcomes()`.
    Chance,
}

/// The id space of the decision in `state`, `None` once the game is over.
pub fn space_of(state: &GameState) -> Option<Space> {
    match state.to_move()? {
        Actor::Chance => Some(Space::Chance),
        Actor::Player(_) => Some(Space::Player),
    }
}

/// Size of an id space.
pub fn space_size(space: Space) -> u32 {
    match space {
        Space::Player => NUM_ACTIONS,
        Space::Chance => num_chance_outcomes(),
    }
}

fn frontier_cell(p: Pos) -> Result<u32, IdError> {
    cell_index(p, FRONTIER_RADIUS).ok_or(IdError::BeyondFrontier(p))
}

fn tile_cell(p: Pos) -> Result<u32, IdError> {
    cell_index(p, TILE_RADIUS).ok_or(IdError::BeyondTiles(p))
}

/// The id of `mv` and its space. Rangers are told apart by their index in
/// `state.rangers()`, so a `ranger` move needs a ranger standing on its `from`
/// cell; every other move is encoded from the move alone (legal or not).
///
/// # Errors
/// [`IdError`] when the move has no id: a cell out of the game's reach, a
/// segment number above 3, a start tile part, or no ranger on the `from` cell.
pub fn encode(mv: Move, state: &GameState) -> Result<(Space, u32), IdError> {
    let id = match mv {
        Move::Draw(d) => {
            let rank = land_designs().rank.get(d.index()).copied().flatten();
            let rank = rank.ok_or(IdError::NotLand(d))?;
            return Ok((Space::Chance, rank));
        }
        Move::Token(a) => return Ok((Space::Chance, land_designs().list.len() as u32 + a.index() as u32)),
        Move::Place(p, r) => PLACE.base + frontier_cell(p)? * ROTATIONS + r as u32,
        Move::Meeple(MeepleTarget::Segment(s)) if (s as usize) < MAX_SEGMENTS => MEEPLE.base + s as u32,
        Move::Meeple(MeepleTarget::Segment(s)) => return Err(IdError::NoSegment(s)),
        Move::Meeple(MeepleTarget::Baobab) => MEEPLE.base + MAX_SEGMENTS as u32,
        Move::Ranger { from, to } => {
            let ranger = ranger_index(state, from)?;
            RANGER.base + ranger * FRONTIER_CELLS + frontier_cell(to)?
        }
        Move::Dig(p, c, a) => {
            DIG.base + (tile_cell(p)? * CORNERS + c.index() as u32) * ANIMALS + a.index() as u32
        }
        Move::Expand(p, c, a) => {
            EXPAND.base + (tile_cell(p)? * CORNERS + c.index() as u32) * ANIMALS + a.index() as u32
        }
        Move::Pass => PASS.base,
        Move::Boost(a) => BOOST.base + a.index() as u32,
        Move::NoBoost => NOBOOST.base,
        Move::Return(p) => RETURN.base + frontier_cell(p)?,
    };
    Ok((Space::Player, id))
}

/// The move with id `id` in `space`; a `ranger` id names the ranger by its index
/// in `state.rangers()`, whose cell becomes the move's `from`.
///
/// # Errors
/// [`IdError`] when `id` is out of range or names a displaced ranger.
pub fn decode(space: Space, id: u64, state: &GameState) -> Result<Move, IdError> {
    let size = space_size(space);
    if id >= size as u64 {
        let what = match space {
            Space::Player => "player action",
            Space::Chance => "chance outcome",
        };
        return Err(IdError::OutOfRange { what, id, size });
    }
    let id = id as u32;
    if space == Space::Chance {
        let land = &land_designs().list;
        return Ok(match land.get(id as usize) {
            Some(&d) => Move::Draw(d),
            None => Move::Token(Animal::ALL[id as usize - land.len()]),
        });
    }
    let block = BLOCKS
        .iter()
        .rev()
        .find(|b| b.base <= id)
        .expect("block 0 starts at 0");
    let off = id - block.base;
    let cell = |i: u32, r: i32| cell_at(i, r).expect("the block size bounds the cell index");
    let watering = |off: u32| {
        let animal = Animal::ALL[(off % ANIMALS) as usize];
        let corner = Corner::from_index((off / ANIMALS % CORNERS) as u8);
        (cell(off / ANIMALS / CORNERS, TILE_RADIUS), corner, animal)
    };
    Ok(match block.kind {
        MoveKind::Place => Move::Place(
            cell(off / ROTATIONS, FRONTIER_RADIUS),
            Rotation::ALL[(off % ROTATIONS) as usize],
        ),
        MoveKind::Meeple if off < MAX_SEGMENTS as u32 => Move::Meeple(MeepleTarget::Segment(off as u8)),
        MoveKind::Meeple => Move::Meeple(MeepleTarget::Baobab),
        MoveKind::Ranger => {
            let ranger = (off / FRONTIER_CELLS) as usize;
            let from = state.rangers()[ranger].ok_or(IdError::Displaced {
                what: "action",
                id,
                ranger,
            })?;
            Move::Ranger {
                from,
                to: cell(off % FRONTIER_CELLS, FRONTIER_RADIUS),
            }
        }
        MoveKind::Dig => {
            let (p, c, a) = watering(off);
            Move::Dig(p, c, a)
        }
        MoveKind::Expand => {
            let (p, c, a) = watering(off);
            Move::Expand(p, c, a)
        }
        MoveKind::Pass => Move::Pass,
        MoveKind::Boost => Move::Boost(Animal::ALL[off as usize]),
        MoveKind::NoBoost => Move::NoBoost,
        MoveKind::Return => Move::Return(cell(off, FRONTIER_RADIUS)),
        MoveKind::Draw | MoveKind::Token => unreachable!("player blocks hold no chance kinds"),
    })
}

/// The ids of every legal move of `state`, ascending, with their space (`None`
/// once the game is over).
///
/// # Errors
/// [`IdError`] if a legal move has no id (the encoding would be incomplete:
/// a bug).
pub fn legal_ids(state: &GameState) -> Result<Option<(Space, Vec<u32>)>, IdError> {
    let Some(space) = space_of(state) else {
        return Ok(None);
    };
    let moves = state.legal_moves();
    let mut ids = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let (s, id) = encode(mv, state).map_err(|e| IdError::Unencoded {
            mv,
            reason: Box::new(e),
        })?;
        if s != space {
            return Err(IdError::WrongSpace(mv));
        }
        ids.push(id);
    }
    ids.sort_unstable();
    Ok(Some((space, ids)))
}

/// The index in `GameState::rangers()` of the ranger standing on `from`: the
/// ranger part of a ranger move's id in both encodings.
pub(crate) fn ranger_index(state: &GameState, from: Pos) -> Result<u32, IdError> {
    state
        .rangers()
        .iter()
        .position(|&r| r == Some(from))
        .map(|i| i as u32)
        .ok_or(IdError::NoRanger(from))
}
