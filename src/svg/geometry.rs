//! Geometry in cell units: points, paths turned by quarter turns, and where each segment's art goes on a tile.

use super::*;

/// A point in cell units.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Point {
    /// East.
    pub x: f32,
    /// South.
    pub y: f32,
}

pub(super) const fn p(x: f32, y: f32) -> Point {
    Point { x, y }
}

impl Point {
    /// The square of the distance to `other`.
    pub fn distance2(self, other: Point) -> f32 {
        let (dx, dy) = (self.x - other.x, self.y - other.y);
        dx * dx + dy * dy
    }

    /// This point turned `quarters` quarter turns clockwise about the cell's centre.
    pub(super) fn turned(self, quarters: usize) -> Point {
        let mut q = self;
        for _ in 0..quarters % 4 {
            q = p(CELL - q.y, q.x);
        }
        q
    }

    pub(super) fn offset(self, dx: f32, dy: f32) -> Point {
        p(self.x + dx, self.y + dy)
    }
}

/// A number rounded to a tenth, without a trailing `.0`.
pub(super) struct N(pub(super) f32);

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
pub(super) fn side_mid(s: Side) -> Point {
    p(CELL / 2.0, 0.0).turned(s.index())
}

/// The point at `depth` from side `s`'s middle towards the centre.
pub(super) fn inward(s: Side, depth: f32) -> Point {
    p(CELL / 2.0, depth).turned(s.index())
}

/// The point `inset` units from `corner` along the cell's diagonal: where a
/// watering-hole token lies (`inset` 14).
pub fn corner_point(corner: Corner, inset: f32) -> Point {
    p(CELL - inset, inset).turned(corner.index())
}

/// Path commands: an operator and its points.
pub(super) type Path = Vec<(char, Vec<Point>)>;

/// `path` turned `q` quarter turns, as SVG path data.
pub(super) fn path_data(path: &Path, q: usize) -> String {
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
pub(super) fn turned(commands: &[(char, &[Point])], q: usize) -> Path {
    commands
        .iter()
        .map(|(op, pts)| (*op, pts.iter().map(|pt| pt.turned(q)).collect()))
        .collect()
}

/// `count` points spread round `centre` along direction `dir`, `gap` apart.
pub(super) fn spread(centre: Point, dir: (f32, f32), count: usize, gap: f32) -> Vec<Point> {
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
pub(super) struct SegmentGeometry {
    pub(super) path: Path,
    pub(super) items: Vec<Point>,
    pub(super) spot: Point,
    pub(super) end: Option<Point>,
}

pub(super) fn sides_of(s: &SegmentView) -> Vec<Side> {
    s.sides.iter().collect()
}

/// `unturned`: the tile as printed (rotation 0), whose segments give the
/// sides in the design's orientation.
pub(super) fn segment_geometry(unturned: &TileView, seg: &SegmentView) -> SegmentGeometry {
    let count = seg.animals.total() as usize + seg.birds as usize;
    match seg.kind {
        FeatureKind::Bush => bush_geometry(seg.sides, count),
        FeatureKind::Trail => trail_geometry(unturned, &sides_of(seg), count),
    }
}

pub(super) fn bush_geometry(sides: Sides, count: usize) -> SegmentGeometry {
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
pub(super) const DEAD_END: f32 = 38.0;

pub(super) fn trail_geometry(unturned: &TileView, sides: &[Side], count: usize) -> SegmentGeometry {
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
pub(super) fn baobab_point(unturned: &TileView) -> Point {
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
