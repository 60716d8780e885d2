//! The game's pictures as SVG (feature `svg`): one palette and one drawing
//! of the tiles and pieces, used by [`render`] (a whole position) and by every
//! UI of the project (the browser game draws its board from these pieces).
//! Plain `alloc`, no other dependency.
//!
//! Pieces are SVG fragments in *cell units*: a cell is [`CELL`] × [`CELL`]
//! with (0,0) at its north-west corner, x east and y south. A UI places a
//! tile at cell (x, y) with `transform="translate(100x, 100y)"`.
//!
//! - [`TileArt`]: a tile in any rotation, in two layers (the ground: savanna,
//!   bush, trails, trail ends, baobab; the items above it: animal badges and
//!   birds), with where meeples stand ([`TileArt::spots`]) and the outline of
//!   each segment ([`TileArt::outlines`]), so that a UI draws highlights
//!   *between* the layers and never hides a badge.
//! - [`meeple`], [`player_mark`], [`ranger`], [`water_token`],
//!   [`animal_badge`]: the pieces.
//! - The palette: [`PLAYER_COLOURS`], [`PLAYER_MARKS`] (a shape per seat, so
//!   that colour is never the only cue), [`animal_colour`], [`SELECTION`] (a
//!   colour no player has).
//!
//! ```
//! use carcassonne_safari::{svg, GameState, Setup};
//! let state = GameState::new(&Setup::new(2)).unwrap();
//! let picture = svg::render(&state);
//! assert!(picture.starts_with("<svg") && picture.contains("START-M"));
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

use crate::animals::Animal;
use crate::events::MeepleSpot;
use crate::geometry::{Corner, Pos, Side, Sides};
use crate::moves::MeepleTarget;
use crate::player::PlayerId;
use crate::rules::MAX_PLAYERS;
use crate::state::GameState;
use crate::tiles::FeatureKind;
use crate::view::{SegmentView, TileView};

/// The side of a cell, in cell units.
pub const CELL: f32 = 100.0;

/// Player colours by seat, as in the box: yellow, red, green, blue, black.
pub const PLAYER_COLOURS: [&str; MAX_PLAYERS] = ["#f2c300", "#d7301f", "#1f9a48", "#2166d1", "#222222"];

/// The colours' names, by seat.
pub const PLAYER_COLOUR_NAMES: [&str; MAX_PLAYERS] = ["yellow", "red", "green", "blue", "black"];

/// Each seat's shape, drawn on its meeples and next to its name, so that a
/// player is told by shape as well as by colour: `circle`, `square`,
/// `triangle`, `diamond`, `cross`.
pub const PLAYER_MARKS: [&str; MAX_PLAYERS] = ["circle", "square", "triangle", "diamond", "cross"];

/// The colour of a selection or of what a pointer is over: a magenta that no
/// player has.
pub const SELECTION: &str = "#d4007a";

/// The savanna (the ground of every tile).
pub const SAVANNA: &str = "#ead596";
/// Bush, and its edge.
pub const BUSH: [&str; 2] = ["#4f8f35", "#2f6420"];
/// A trail, and its edge.
pub const TRAIL: [&str; 2] = ["#f4ead0", "#8c6a3d"];
/// Watering-hole water, and its edge.
pub const WATER: [&str; 2] = ["#3d9ad6", "#16558a"];

/// The badge colour of an animal.
pub const fn animal_colour(animal: Animal) -> &'static str {
    match animal {
        Animal::Monkey => "#7a4b24",
        Animal::Elephant => "#5d7183",
        Animal::Giraffe => "#b86a0c",
        Animal::Lion => "#b3262d",
        Animal::Zebra => "#1d1d1d",
    }
}

/// The palette as one value (for bindings; with `serde`, `{players: [{colour,
/// name, mark}], selection, animals: [{letter, name, colour}]}`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Palette;

#[cfg(feature = "serde")]
impl serde::Serialize for Palette {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeSeq, SerializeStruct};
        struct Players;
        impl serde::Serialize for Players {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(Some(MAX_PLAYERS))?;
                for i in 0..MAX_PLAYERS {
                    let (colour, name, mark) = (PLAYER_COLOURS[i], PLAYER_COLOUR_NAMES[i], PLAYER_MARKS[i]);
                    seq.serialize_element(&Style { colour, name, mark })?;
                }
                seq.end()
            }
        }
        #[derive(serde::Serialize)]
        struct Style {
            colour: &'static str,
            name: &'static str,
            mark: &'static str,
        }
        #[derive(serde::Serialize)]
        struct AnimalStyle {
            letter: Animal,
            name: &'static str,
            colour: &'static str,
        }
        let animals: Vec<AnimalStyle> = Animal::ALL
            .into_iter()
            .map(|a| AnimalStyle {
                letter: a,
                name: a.name(),
                colour: animal_colour(a),
            })
            .collect();
        let mut t = s.serialize_struct("Palette", 3)?;
        t.serialize_field("players", &Players)?;
        t.serialize_field("selection", SELECTION)?;
        t.serialize_field("animals", &animals)?;
        t.end()
    }
}

/// A point in cell units.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Point {
    /// East.
    pub x: f32,
    /// South.
    pub y: f32,
}

const fn p(x: f32, y: f32) -> Point {
    Point { x, y }
}

impl Point {
    /// The square of the distance to `other`.
    pub fn distance2(self, other: Point) -> f32 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }

    /// This point turned `quarters` quarter turns clockwise about the cell's centre.
    fn turned(self, quarters: usize) -> Point {
        let mut q = self;
        for _ in 0..quarters % 4 {
            q = p(CELL - q.y, q.x);
        }
        q
    }

    fn offset(self, dx: f32, dy: f32) -> Point {
        p(self.x + dx, self.y + dy)
    }
}

/// A number rounded to a tenth, without a trailing `.0`.
struct N(f32);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = self.0 * 10.0;
        let tenths = if t >= 0.0 {
            (t + 0.5) as i32
        } else {
            (t - 0.5) as i32
        };
        if tenths < 0 {
            f.write_str("-")?;
        }
        let a = tenths.unsigned_abs();
        match a % 10 {
            0 => write!(f, "{}", a / 10),
            d => write!(f, "{}.{d}", a / 10),
        }
    }
}

impl fmt::Display for Point {
    /// `x,y`, rounded to a tenth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", N(self.x), N(self.y))
    }
}

/// The middle of side `s` of the cell.
fn side_mid(s: Side) -> Point {
    p(CELL / 2.0, 0.0).turned(s.index())
}

/// The point at `depth` from side `s`'s middle towards the centre.
fn inward(s: Side, depth: f32) -> Point {
    p(CELL / 2.0, depth).turned(s.index())
}

/// The point `inset` units from `corner` along the cell's diagonal: where a
/// watering-hole token lies (`inset` 14).
pub fn corner_point(corner: Corner, inset: f32) -> Point {
    p(CELL - inset, inset).turned(corner.index())
}

/// Path commands: an operator and its points.
type Path = Vec<(char, Vec<Point>)>;

/// `path` turned `q` quarter turns, as SVG path data.
fn path_data(path: &Path, q: usize) -> String {
    let mut d = String::new();
    for (op, pts) in path {
        if !d.is_empty() {
            d.push(' ');
        }
        d.push(*op);
        for (i, pt) in pts.iter().enumerate() {
            if i > 0 {
                d.push(' ');
            }
            let _ = write!(d, "{}", pt.turned(q));
        }
    }
    d
}

/// A path given in one orientation, turned `q` quarter turns.
fn turned(commands: &[(char, &[Point])], q: usize) -> Path {
    commands
        .iter()
        .map(|(op, pts)| (*op, pts.iter().map(|pt| pt.turned(q)).collect()))
        .collect()
}

/// `count` points spread round `centre` along direction `dir`, `gap` apart.
fn spread(centre: Point, dir: (f32, f32), count: usize, gap: f32) -> Vec<Point> {
    (0..count)
        .map(|i| {
            let o = (i as f32 - (count as f32 - 1.0) / 2.0) * gap;
            p(centre.x + dir.0 * o, centre.y + dir.1 * o)
        })
        .collect()
}

/// The drawing of one segment in the design's own orientation (unturned):
/// its shape, where its animals and birds go, where a meeple stands, and the
/// stone of a trail's dead end.
struct SegmentGeometry {
    path: Path,
    items: Vec<Point>,
    spot: Point,
    end: Option<Point>,
}

fn sides_of(s: &SegmentView) -> Vec<Side> {
    s.sides.iter().collect()
}

/// `unturned`: the tile as printed (rotation 0), whose segments give the
/// sides in the design's orientation.
fn segment_geometry(unturned: &TileView, seg: &SegmentView) -> SegmentGeometry {
    let count = seg.animals.total() as usize + seg.birds as usize;
    match seg.kind {
        FeatureKind::Bush => bush_geometry(seg.sides, count),
        FeatureKind::Trail => trail_geometry(unturned, &sides_of(seg), count),
    }
}

fn bush_geometry(sides: Sides, count: usize) -> SegmentGeometry {
    let has = |s: Side| sides.contains(s);
    let list: Vec<Side> = sides.iter().collect();
    let turn_all = |pts: Vec<Point>, q: usize| pts.into_iter().map(|pt| pt.turned(q)).collect();
    match list.len() {
        1 => {
            // A bay along one edge (shape given for N): animals and birds in a
            // row along the edge, the meeple's spot after them.
            let q = list[0].index();
            let path = turned(
                &[
                    ('M', &[p(0.0, 0.0)]),
                    ('L', &[p(100.0, 0.0)]),
                    ('C', &[p(78.0, 40.0), p(22.0, 40.0), p(0.0, 0.0)]),
                    ('Z', &[]),
                ],
                q,
            );
            let cx = if count > 0 { 34.0 } else { 50.0 };
            let items = turn_all(spread(p(cx, 12.0), (1.0, 0.0), count, 22.0), q);
            let spot = if count > 0 {
                p(cx + count as f32 * 11.0 + 14.0, 14.0)
            } else {
                p(50.0, 16.0)
            };
            SegmentGeometry {
                path,
                items,
                spot: spot.turned(q),
                end: None,
            }
        }
        2 if (list[1].index() - list[0].index()) % 2 == 1 => {
            // Two adjacent sides: the corner between them (shape given for N+E).
            let q = if has(Side::N) && has(Side::W) {
                3
            } else {
                list[0].index()
            };
            let path = turned(
                &[
                    ('M', &[p(0.0, 0.0)]),
                    ('L', &[p(100.0, 0.0)]),
                    ('L', &[p(100.0, 100.0)]),
                    ('Q', &[p(70.0, 30.0), p(0.0, 0.0)]),
                    ('Z', &[]),
                ],
                q,
            );
            let items = turn_all(spread(p(58.0, 13.0), (1.0, 0.0), count, 23.0), q);
            SegmentGeometry {
                path,
                items,
                spot: p(85.0, 38.0).turned(q),
                end: None,
            }
        }
        2 => {
            // Two opposite sides: a band across the tile (shape given for W+E).
            let q = if has(Side::E) { 0 } else { 1 };
            let path = turned(
                &[
                    ('M', &[p(0.0, 0.0)]),
                    ('C', &[p(30.0, 32.0), p(70.0, 32.0), p(100.0, 0.0)]),
                    ('L', &[p(100.0, 100.0)]),
                    ('C', &[p(70.0, 68.0), p(30.0, 68.0), p(0.0, 100.0)]),
                    ('Z', &[]),
                ],
                q,
            );
            // Off the centre, where trails from the other sides may end.
            let cx = if count <= 2 { 72.0 } else { 62.0 };
            let items = turn_all(spread(p(cx, 50.0), (1.0, 0.0), count, 20.0), q);
            SegmentGeometry {
                path,
                items,
                spot: p(16.0, 50.0).turned(q),
                end: None,
            }
        }
        3 => {
            // Three sides: everything but a bay on the fourth (shape given for N+E+S).
            let missing = Side::ALL.into_iter().find(|&s| !has(s)).unwrap_or(Side::W);
            let q = (missing.index() + 1) % 4;
            let path = turned(
                &[
                    ('M', &[p(0.0, 0.0)]),
                    ('L', &[p(100.0, 0.0)]),
                    ('L', &[p(100.0, 100.0)]),
                    ('L', &[p(0.0, 100.0)]),
                    ('C', &[p(38.0, 70.0), p(38.0, 30.0), p(0.0, 0.0)]),
                    ('Z', &[]),
                ],
                q,
            );
            let items = turn_all(spread(p(68.0, 50.0), (0.0, 1.0), count, 23.0), q);
            SegmentGeometry {
                path,
                items,
                spot: p(38.0, 16.0).turned(q),
                end: None,
            }
        }
        _ => SegmentGeometry {
            path: turned(
                &[
                    ('M', &[p(0.0, 0.0)]),
                    ('L', &[p(100.0, 0.0)]),
                    ('L', &[p(100.0, 100.0)]),
                    ('L', &[p(0.0, 100.0)]),
                    ('Z', &[]),
                ],
                0,
            ),
            items: spread(p(50.0, 50.0), (1.0, 0.0), count, 22.0),
            spot: p(50.0, 28.0),
            end: None,
        },
    }
}

/// How far a dead-end trail reaches into the tile.
const DEAD_END: f32 = 38.0;

fn trail_geometry(unturned: &TileView, sides: &[Side], count: usize) -> SegmentGeometry {
    if let [a, b, ..] = *sides {
        let (pa, pb, c) = (side_mid(a), side_mid(b), p(50.0, 50.0));
        let at = |t: f32| {
            let u = 1.0 - t;
            p(
                u * u * pa.x + 2.0 * u * t * c.x + t * t * pb.x,
                u * u * pa.y + 2.0 * u * t * c.y + t * t * pb.y,
            )
        };
        // A straight trail beside a dead end (CS11): keep the animal away from it.
        let dead_end_beside = unturned
            .segments()
            .any(|s| s.kind == FeatureKind::Trail && s.sides.len() == 1);
        let straight = (b.index() - a.index()) % 2 == 0;
        // Beside a dead end, the animal and the meeple keep to the trail's ends.
        let (t_animal, t_spot) = if dead_end_beside && straight {
            (0.22, 0.8)
        } else {
            (0.3, 0.64)
        };
        return SegmentGeometry {
            path: alloc::vec![('M', alloc::vec![pa]), ('Q', alloc::vec![c, pb])],
            items: if count > 0 {
                alloc::vec![at(t_animal)]
            } else {
                Vec::new()
            },
            spot: at(t_spot),
            end: None,
        };
    }
    let s = sides.first().copied().unwrap_or(Side::N);
    let (from, end) = (side_mid(s), inward(s, DEAD_END));
    SegmentGeometry {
        path: alloc::vec![('M', alloc::vec![from]), ('L', alloc::vec![end])],
        items: if count > 0 {
            alloc::vec![inward(s, 12.0)]
        } else {
            Vec::new()
        },
        spot: inward(s, if count > 0 { 33.0 } else { 24.0 }),
        end: Some(end),
    }
}

/// Where the baobab stands on the unturned tile: the first free place among
/// the corners, the middles of the sides and the centre, away from bush and
/// trails.
fn baobab_point(unturned: &TileView) -> Point {
    let mut corner = [0.0f32; 4]; // NE, SE, SW, NW: corner c lies between sides c and c + 1
    let mut bush_corner = [false; 4];
    let mut side = [0.0f32; 4];
    let mut centre = 0.0f32;
    for seg in unturned.segments() {
        let sides = sides_of(&seg);
        let bush = seg.kind == FeatureKind::Bush;
        for s in &sides {
            let i = s.index();
            side[i] += 1.0;
            // Bush fills the corners beside it; a trail only comes near them.
            let weight = if bush { 1.0 } else { 0.25 };
            corner[i] += weight;
            corner[(i + 3) % 4] += weight;
            if bush {
                bush_corner[i] = true;
                bush_corner[(i + 3) % 4] = true;
            }
        }
        // Trails reach the centre (through it, or to a dead end near it).
        if sides.len() >= 2 || !bush {
            centre += 1.0;
        }
        if !bush && sides.len() == 2 && (sides[1].index() - sides[0].index()) % 2 == 1 {
            let (a, b) = (sides[0].index(), sides[1].index());
            corner[if a == 0 && b == 3 { 3 } else { a }] += 1.0;
        }
    }
    let mut best = (f32::MAX, p(50.0, 50.0));
    let mut consider = |weight: f32, at: Point| {
        if weight < best.0 {
            best = (weight, at);
        }
    };
    for c in [2, 3, 1, 0] {
        consider(corner[c], corner_point(Corner::from_index(c as u8), 26.0));
    }
    for s in [3, 2, 1, 0] {
        let both = bush_corner[s] && bush_corner[(s + 3) % 4];
        consider(
            side[s] + if both { 1.0 } else { 0.0 } + 0.1,
            inward(Side::from_index(s as u8), 22.0),
        );
    }
    consider(centre + 0.2, p(50.0, 50.0));
    best.1
}

/// A tile as drawn, in any rotation: the picture in two layers, where
/// meeples stand and the outline of each segment.
///
/// ```
/// use carcassonne_safari::svg::TileArt;
/// use carcassonne_safari::view::TileView;
/// use carcassonne_safari::{Design, MeepleTarget};
/// let design = Design::all().find(|d| d.kind().baobab).unwrap();
/// let art = TileArt::new(&TileView::unplaced(design));
/// assert!(art.ground.contains("class=\"baobab\""));
/// assert!(art.spots.iter().any(|(t, _)| *t == MeepleTarget::Baobab));
/// ```
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct TileArt {
    /// Savanna, bush, trails, trail ends and the baobab: SVG elements in cell units.
    pub ground: String,
    /// Animal badges and birds, drawn above the ground (and above any
    /// highlight a UI draws on the ground).
    pub items: String,
    /// Where a meeple stands on each segment, in segment order, then on the
    /// baobab: the spots a UI offers for `meeple`.
    pub spots: Vec<(MeepleTarget, Point)>,
    /// The SVG path data of each segment's shape, in segment order: a trail's
    /// centre line, a bush's area.
    pub outlines: Vec<String>,
    /// The centres of the badges and birds, in drawing order.
    pub badges: Vec<Point>,
}

impl TileArt {
    /// The art of `tile` (its rotation taken into account; its cell is not:
    /// the art is drawn at (0,0)).
    pub fn new(tile: &TileView) -> TileArt {
        // Drawn on the design as printed, then turned: the same art in every
        // rotation, letters upright.
        let unturned = TileView::unplaced(tile.design);
        let q = tile.rotation as usize;
        let segments: Vec<SegmentView> = unturned.segments().collect();
        let geometry: Vec<SegmentGeometry> =
            segments.iter().map(|s| segment_geometry(&unturned, s)).collect();
        let outlines: Vec<String> = geometry.iter().map(|g| path_data(&g.path, q)).collect();
        let mut ground = String::new();
        let g = &mut ground;
        let _ = write!(
            g,
            "<rect class=\"savanna\" width=\"100\" height=\"100\" fill=\"{SAVANNA}\"/>"
        );
        // Bush under trails.
        for (s, d) in segments.iter().zip(&outlines) {
            if s.kind == FeatureKind::Bush {
                let _ = write!(
                    g,
                    "<path class=\"bush\" d=\"{d}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"/>",
                    BUSH[0], BUSH[1]
                );
            }
        }
        for ((s, geo), d) in segments.iter().zip(&geometry).zip(&outlines) {
            if s.kind != FeatureKind::Trail {
                continue;
            }
            let _ = write!(
                g,
                "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"19\"/>\
                 <path class=\"trail\" d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"12\"/>",
                TRAIL[1], TRAIL[0]
            );
            if let Some(end) = geo.end.map(|e| e.turned(q)) {
                let _ = write!(
                    g,
                    "<circle class=\"trail-end\" cx=\"{}\" cy=\"{}\" r=\"7.5\" fill=\"#8d8a7e\" stroke=\"#55524a\" stroke-width=\"1.2\"/>",
                    N(end.x),
                    N(end.y)
                );
            }
        }
        let baobab = tile.has_baobab().then(|| baobab_point(&unturned).turned(q));
        if let Some(at) = baobab {
            g.push_str(&baobab_tree(at));
        }
        let _ = write!(
            g,
            "<rect class=\"tile-edge\" width=\"100\" height=\"100\" fill=\"none\" stroke=\"#5a461e\" stroke-opacity=\"0.35\"/>"
        );

        let mut items = String::new();
        let mut badges = Vec::new();
        for (s, geo) in segments.iter().zip(&geometry) {
            let mut animals = s.animals.iter();
            for at in geo.items.iter().map(|i| i.turned(q)) {
                match animals.next() {
                    Some(a) => items.push_str(&animal_badge(at, a)),
                    None => items.push_str(&bird(at)),
                }
                badges.push(at);
            }
        }
        let mut spots: Vec<(MeepleTarget, Point)> = segments
            .iter()
            .zip(&geometry)
            .map(|(s, geo)| (MeepleTarget::Segment(s.index), geo.spot.turned(q)))
            .collect();
        if let Some(at) = baobab {
            spots.push((MeepleTarget::Baobab, at.offset(0.0, 4.0)));
        }
        TileArt {
            ground,
            items,
            spots,
            outlines,
            badges,
        }
    }

    /// The spot of `target`, if the tile has it.
    pub fn spot(&self, target: MeepleTarget) -> Option<Point> {
        self.spots.iter().find(|(t, _)| *t == target).map(|&(_, at)| at)
    }
}

/// A whole tile (ground and items) as one group, in cell units, with its
/// design and rotation as data attributes.
///
/// ```
/// use carcassonne_safari::svg;
/// use carcassonne_safari::view::designs;
/// let art = svg::tile(&designs()[0]);
/// assert!(art.starts_with("<g class=\"tile\""));
/// ```
pub fn tile(tile: &TileView) -> String {
    let art = TileArt::new(tile);
    let mut out = String::new();
    let _ = write!(
        out,
        "<g class=\"tile\" data-design=\"{}\" data-rotation=\"{}\">{}{}</g>",
        tile.design,
        tile.rotation.degrees(),
        art.ground,
        art.items
    );
    out
}

/// An animal's badge centred on `at`: a disc in the animal's colour with its
/// letter.
pub fn animal_badge(at: Point, animal: Animal) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<g class=\"animal animal-{l}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"10.5\" fill=\"{c}\" stroke=\"#fff\" stroke-width=\"2\"/>\
         <text x=\"{x}\" y=\"{ty}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"13\" font-weight=\"700\" fill=\"#fff\">{l}</text></g>",
        l = animal.letter(),
        x = N(at.x),
        y = N(at.y),
        ty = N(at.y + 4.6),
        c = animal_colour(animal),
    );
    out
}

fn bird(at: Point) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<path class=\"bird\" d=\"M{} Q{} {} Q{} {}\" fill=\"none\" stroke=\"#14200e\" stroke-width=\"2.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        at.offset(-9.0, -1.0),
        at.offset(-4.0, -6.0),
        at.offset(0.0, 3.0),
        at.offset(4.0, -6.0),
        at.offset(9.0, -1.0)
    );
    out
}

fn baobab_tree(at: Point) -> String {
    let (x, y) = (at.x, at.y);
    let mut out = String::new();
    let _ = write!(
        out,
        "<g class=\"baobab\"><path d=\"M{} L{} L{} L{} Z\" fill=\"#8a5a2b\" stroke=\"#4a2e12\" stroke-width=\"1\"/>\
         <ellipse cx=\"{}\" cy=\"{}\" rx=\"13\" ry=\"8\" fill=\"#2f6b2a\" stroke=\"#1b4418\" stroke-width=\"1.2\"/>\
         <ellipse cx=\"{}\" cy=\"{}\" rx=\"6\" ry=\"3\" fill=\"#4c8f3c\"/></g>",
        p(x - 4.0, y + 13.0),
        p(x - 3.0, y - 1.0),
        p(x + 3.0, y - 1.0),
        p(x + 4.0, y + 13.0),
        N(x),
        N(y - 5.0),
        N(x - 3.0),
        N(y - 7.0)
    );
    out
}

/// The shape of seat `seat` ([`PLAYER_MARKS`]) centred on `at`, `r` units
/// across its half, filled with `fill` and outlined in dark grey.
pub fn player_mark(at: Point, r: f32, seat: PlayerId, fill: &str) -> String {
    let mut out = String::new();
    let (x, y) = (at.x, at.y);
    let stroke = "stroke=\"#1a1a1a\" stroke-width=\"1\"";
    let class = PLAYER_MARKS[seat.index() % MAX_PLAYERS];
    let _ = match seat.index() % MAX_PLAYERS {
        0 => write!(
            out,
            "<circle class=\"mark {class}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{fill}\" {stroke}/>",
            N(x),
            N(y),
            N(r)
        ),
        1 => write!(
            out,
            "<rect class=\"mark {class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" {stroke}/>",
            N(x - r * 0.85),
            N(y - r * 0.85),
            N(r * 1.7),
            N(r * 1.7)
        ),
        2 => write!(
            out,
            "<path class=\"mark {class}\" d=\"M{} L{} L{} Z\" fill=\"{fill}\" {stroke}/>",
            p(x, y - r * 1.05),
            p(x + r, y + r * 0.75),
            p(x - r, y + r * 0.75)
        ),
        3 => write!(
            out,
            "<path class=\"mark {class}\" d=\"M{} L{} L{} L{} Z\" fill=\"{fill}\" {stroke}/>",
            p(x, y - r * 1.15),
            p(x + r, y),
            p(x, y + r * 1.15),
            p(x - r, y)
        ),
        _ => {
            let w = r * 0.38;
            write!(
                out,
                "<path class=\"mark {class}\" d=\"M{} L{} L{} L{} L{} L{} L{} L{} L{} L{} L{} L{} Z\" fill=\"{fill}\" {stroke}/>",
                p(x - w, y - r),
                p(x + w, y - r),
                p(x + w, y - w),
                p(x + r, y - w),
                p(x + r, y + w),
                p(x + w, y + w),
                p(x + w, y + r),
                p(x - w, y + r),
                p(x - w, y + w),
                p(x - r, y + w),
                p(x - r, y - w),
                p(x - w, y - w)
            )
        }
    };
    out
}

/// A meeple of seat `seat` standing with its feet at `feet`: the figure in the
/// seat's colour with the seat's shape on its chest.
pub fn meeple(feet: Point, seat: PlayerId) -> String {
    let (x, y, s) = (feet.x, feet.y, 0.9f32);
    let i = seat.index() % MAX_PLAYERS;
    let mut d = String::new();
    let _ = write!(d, "M{}", p(x, y - 24.0 * s));
    // The classic figure, as relative steps (the path of the box's meeple).
    let steps: &[(char, &[f32])] = &[
        ('c', &[4.0, 0.0, 7.0, 3.0, 7.0, 7.0]),
        ('c', &[0.0, 2.5, -1.0, 4.0, -2.5, 5.0]),
        ('l', &[9.0, 3.0]),
        ('c', &[2.0, 0.8, 2.0, 4.5, 0.0, 4.5]),
        ('l', &[-6.0, 0.0]),
        ('l', &[5.0, 9.0]),
        ('l', &[-8.0, 0.0]),
        ('l', &[-4.5, -6.0]),
        ('l', &[-4.5, 6.0]),
        ('l', &[-8.0, 0.0]),
        ('l', &[5.0, -9.0]),
        ('l', &[-6.0, 0.0]),
        ('c', &[-2.0, 0.0, -2.0, -3.7, 0.0, -4.5]),
        ('l', &[9.0, -3.0]),
        ('c', &[-1.5, -1.0, -2.5, -2.5, -2.5, -5.0]),
        ('c', &[0.0, -4.0, 3.0, -7.0, 7.0, -7.0]),
        ('z', &[]),
    ];
    for (op, nums) in steps {
        d.push(' ');
        d.push(*op);
        for (k, n) in nums.iter().enumerate() {
            if k > 0 {
                d.push(if k % 2 == 1 { ',' } else { ' ' });
            }
            let _ = write!(d, "{}", N(n * s));
        }
    }
    let stroke = if i == 4 { "#f5f5f5" } else { "#1a1a1a" };
    let mut out = String::new();
    let _ = write!(
        out,
        "<g class=\"meeple seat-{i}\"><path d=\"{d}\" fill=\"{}\" stroke=\"{stroke}\" stroke-width=\"1.6\" stroke-linejoin=\"round\"/>{}</g>",
        PLAYER_COLOURS[i],
        player_mark(p(x, y - 9.5), 3.6, seat, "#fff")
    );
    out
}

/// A ranger centred on `at`.
pub fn ranger(at: Point) -> String {
    let (x, y) = (at.x, at.y);
    let mut out = String::new();
    let _ = write!(
        out,
        "<g class=\"ranger\"><circle cx=\"{}\" cy=\"{}\" r=\"19\" fill=\"#c9b37a\" stroke=\"#3d4a1e\" stroke-width=\"3\"/>\
         <path d=\"M{} Q{} {} L{} Q{} {} Q{} {} Z\" fill=\"#5a6b2a\" stroke=\"#2c3512\" stroke-width=\"1.2\"/>\
         <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"11\" font-weight=\"700\" fill=\"#2c3512\">R</text></g>",
        N(x),
        N(y),
        p(x - 14.0, y - 3.0),
        p(x, y - 9.0),
        p(x + 14.0, y - 3.0),
        p(x + 9.0, y - 6.0),
        p(x + 8.0, y - 15.0),
        p(x, y - 15.0),
        p(x - 8.0, y - 15.0),
        p(x - 9.0, y - 6.0),
        N(x),
        N(y + 12.0)
    );
    out
}

/// A watering-hole token at corner `corner` of a cell, with its animal; when
/// `owner` has a meeple on it, the ring is in the owner's colour and carries
/// the owner's shape (the meeple), away from the letter.
pub fn water_token(corner: Corner, animal: Animal, owner: Option<PlayerId>) -> String {
    let at = corner_point(corner, 14.0);
    let (x, y) = (N(at.x), N(at.y));
    let mut out = String::new();
    let _ = write!(out, "<g class=\"water water-{}\">", animal.letter());
    match owner {
        Some(seat) => {
            let i = seat.index() % MAX_PLAYERS;
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"12.5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"4\"/>",
                WATER[0], PLAYER_COLOURS[i]
            );
            // The owner's mark on the ring, on the side towards the tile's centre.
            let towards = corner_point(corner, 26.0);
            let _ = write!(
                out,
                "<g class=\"hole-meeple seat-{i}\">{}</g>",
                player_mark(towards, 5.0, seat, PLAYER_COLOURS[i])
            );
        }
        None => {
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"12\" fill=\"{}\" stroke=\"{}\" stroke-width=\"2\"/>",
                WATER[0], WATER[1]
            );
        }
    }
    let _ = write!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"7.5\" fill=\"{}\" stroke=\"#fff\" stroke-width=\"1.2\"/>\
         <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"10\" font-weight=\"700\" fill=\"#fff\">{}</text></g>",
        animal_colour(animal),
        N(at.y + 3.6),
        animal.letter()
    );
    out
}

/// What to draw besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// Cells to outline, e.g. where the tile to place fits (empty cells are
    /// drawn too).
    pub highlight: Vec<Pos>,
}

impl SvgOptions {
    /// Outlines `cells`.
    pub fn with_highlight(mut self, cells: impl IntoIterator<Item = Pos>) -> SvgOptions {
        self.highlight = cells.into_iter().collect();
        self
    }
}

/// The SVG document of `state`, as text.
pub fn render(state: &GameState) -> String {
    render_with(state, &SvgOptions::default())
}

/// Pixels per cell in [`render`]'s document.
const PIXELS: i32 = 64;
/// The height of the score line, in cell units.
const HEADER: f32 = 40.0;

/// The SVG document of `state` with `options`, as text: the scores, every
/// tile, watering-hole token, meeple and ranger, drawn with the pieces of this
/// module.
///
/// ```
/// use carcassonne_safari::svg::{render_with, SvgOptions};
/// use carcassonne_safari::{GameState, Pos, Setup};
/// let state = GameState::new(&Setup::new(2)).unwrap();
/// let picture = render_with(&state, &SvgOptions::default().with_highlight([Pos::new(0, -1)]));
/// assert!(picture.contains("class=\"highlight\" data-pos=\"0,-1\""));
/// ```
pub fn render_with(state: &GameState, options: &SvgOptions) -> String {
    let (mut x0, mut y0, mut x1, mut y1) = (i8::MAX, i8::MAX, i8::MIN, i8::MIN);
    let cells = state
        .tiles()
        .map(|t| t.pos)
        .chain(state.frontier().iter().copied())
        .chain(options.highlight.iter().copied());
    for c in cells {
        x0 = x0.min(c.x);
        y0 = y0.min(c.y);
        x1 = x1.max(c.x);
        y1 = y1.max(c.y);
    }
    // The top-left corner of a cell, in document units.
    let origin = |c: Pos| {
        p(
            (c.x as i32 - x0 as i32) as f32 * CELL,
            (c.y as i32 - y0 as i32) as f32 * CELL + HEADER,
        )
    };
    let (cols, rows) = (x1 as i32 - x0 as i32 + 1, y1 as i32 - y0 as i32 + 1);
    let (width, height) = (cols as f32 * CELL, rows as f32 * CELL + HEADER);
    let mut out = String::new();
    let w = &mut out;
    // Writing to a String cannot fail.
    let _ = writeln!(
        w,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"sans-serif\">\n\
         <rect width=\"{}\" height=\"{}\" fill=\"#f4efe0\"/>",
        cols * PIXELS,
        (height * PIXELS as f32 / CELL) as i32,
        N(width),
        N(height),
        N(width),
        N(height)
    );
    let _ = write!(w, "<text x=\"26\" y=\"28\" font-size=\"22\">");
    for (i, s) in state.scores().iter().enumerate() {
        let _ = write!(
            w,
            "<tspan fill=\"{}\" font-weight=\"700\">{}</tspan> p{i}: {s}  ",
            PLAYER_COLOURS[i],
            ["●", "■", "▲", "◆", "✚"][i % MAX_PLAYERS]
        );
    }
    let _ = writeln!(w, "tiles left: {}</text>", state.tiles_left());

    for t in state.tiles() {
        let _ = writeln!(
            w,
            "<g data-pos=\"{}\" transform=\"translate({})\">{}</g>",
            t.pos,
            origin(t.pos),
            tile(&t)
        );
    }
    let owners: Vec<(Pos, Corner, PlayerId)> = state
        .meeples()
        .filter_map(|m| match m.spot {
            MeepleSpot::Hole { pos, corner } => Some((pos, corner, m.player)),
            _ => None,
        })
        .collect();
    for token in state.water_tokens() {
        let owner = owners
            .iter()
            .find(|(pos, corner, _)| *pos == token.pos && *corner == token.corner)
            .map(|&(_, _, seat)| seat);
        let _ = writeln!(
            w,
            "<g class=\"token\" transform=\"translate({})\">{}</g>",
            origin(token.pos),
            water_token(token.corner, token.animal, owner)
        );
    }
    for m in state.meeples() {
        let (pos, target) = match m.spot {
            MeepleSpot::Segment { pos, seg } => (pos, MeepleTarget::Segment(seg)),
            MeepleSpot::Baobab { pos } => (pos, MeepleTarget::Baobab),
            MeepleSpot::Hole { .. } => continue, // drawn on its token
        };
        let Some(t) = state.tile_at(pos) else { continue };
        let at = TileArt::new(&t).spot(target).unwrap_or(p(50.0, 50.0));
        let o = origin(pos);
        let _ = writeln!(w, "{}", meeple(p(o.x + at.x, o.y + at.y + 9.0), m.player));
    }
    for r in state.rangers().into_iter().flatten() {
        let o = origin(r);
        let _ = writeln!(w, "{}", ranger(p(o.x + 50.0, o.y + 50.0)));
    }
    for &cell in &options.highlight {
        let o = origin(cell);
        let _ = writeln!(
            w,
            "<rect class=\"highlight\" data-pos=\"{cell}\" x=\"{}\" y=\"{}\" width=\"94\" height=\"94\" \
             fill=\"none\" stroke=\"{SELECTION}\" stroke-width=\"5\"/>",
            N(o.x + 3.0),
            N(o.y + 3.0)
        );
    }
    out.push_str("</svg>\n");
    out
}
