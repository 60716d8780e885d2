//! A tile's art in two layers, with its meeple spots and segment outlines.

use super::*;

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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
