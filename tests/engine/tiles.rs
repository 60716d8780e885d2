//! The tile table (R-COMP-1, `docs/tiles.md`): the crate's copy against the
//! canonical `../shared/tiles.txt` (when it is there), the parsed table against
//! its own text, and the totals `docs/tiles.md` states.

use carcassonne_safari::{
    tiles::Edge, tiles::TileKind, tiles::LAND_TILES, tiles::TILE_TABLE, Animal, Corner, Design, FeatureKind,
    Rotation, Side,
};

/// The non-comment lines of a table, each split into fields.
fn table_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .filter(|f| !f.is_empty())
        .collect()
}

fn land() -> impl Iterator<Item = &'static TileKind> {
    TileKind::all().iter().filter(|k| !k.is_start())
}

#[test]
fn r_comp_1_table_matches_shared_tiles_txt_line_by_line() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/tiles.txt");
    let Ok(shared) = std::fs::read_to_string(path) else {
        println!("note: {path} is not there; the comparison with the canonical table is skipped");
        return;
    };
    let ours = table_lines(TILE_TABLE);
    let theirs = table_lines(&shared);
    assert_eq!(ours.len(), theirs.len(), "number of tile lines");
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(a, b, "tile line {} differs from ../shared/tiles.txt", i + 1);
    }
}

/// Writes a parsed kind back in the `tiles.txt` format.
fn render(k: &TileKind) -> Vec<String> {
    let edges: String = k
        .edges
        .iter()
        .map(|e| match e {
            Edge::Savanna => 's',
            Edge::Trail => 't',
            Edge::Bush => 'b',
        })
        .collect();
    let mut f = vec![
        k.name.to_string(),
        k.count.to_string(),
        edges,
        if k.baobab { "yes" } else { "no" }.to_string(),
    ];
    if k.segments().is_empty() {
        f.push("-".into());
    }
    for s in k.segments() {
        let sides: String = Side::ALL
            .iter()
            .filter(|&&side| s.touches(side))
            .map(|side| format!("{side:?}"))
            .collect();
        f.push(match s.kind {
            FeatureKind::Trail => format!("T:{sides}"),
            FeatureKind::Bush => format!("B:{sides}/{}", s.birds),
        });
    }
    let mut copies: Vec<String> = Vec::new();
    for d in Design::all().filter(|d| d.kind() == k) {
        let text = d.to_string();
        let animals = text.split_once(':').unwrap().1.to_string();
        for _ in 0..d.copies() {
            copies.push(animals.clone());
        }
    }
    f.push(copies.join("|"));
    f
}

#[test]
fn r_comp_1_parsed_table_renders_back_to_its_text() {
    // Copies of one design are grouped, so compare copies as multisets.
    let text = table_lines(TILE_TABLE);
    assert_eq!(text.len(), TileKind::all().len());
    for (line, kind) in text.iter().zip(TileKind::all().iter()) {
        let mut ours = render(kind);
        let mut theirs = line.clone();
        let sort = |v: &mut Vec<String>| {
            let last = v.pop().unwrap();
            let mut c: Vec<&str> = last.split('|').collect();
            c.sort_unstable();
            v.push(c.join("|"));
        };
        sort(&mut ours);
        sort(&mut theirs);
        assert_eq!(ours, theirs, "kind {}", kind.name);
    }
}

#[test]
fn r_comp_1_totals_of_tiles_md() {
    let copies = |pred: &dyn Fn(&TileKind) -> bool| -> usize {
        land().filter(|k| pred(k)).map(|k| k.count as usize).sum()
    };
    assert_eq!(copies(&|_| true), LAND_TILES);
    assert_eq!(LAND_TILES, 72);
    assert_eq!(land().count(), 33);
    assert_eq!(copies(&|k| k.baobab), 29);
    assert_eq!(copies(&|k| k.edges.contains(&Edge::Bush)), 45);
    assert_eq!(copies(&|k| k.edges.contains(&Edge::Trail)), 46);
    let birds = |k: &TileKind| k.segments().iter().map(|s| s.birds as usize).sum::<usize>();
    assert_eq!(land().map(|k| k.count as usize * birds(k)).sum::<usize>(), 34);
    assert_eq!(
        TileKind::all()
            .iter()
            .filter(|k| k.is_start())
            .map(birds)
            .sum::<usize>(),
        1
    );
    for a in Animal::ALL {
        let n: usize = Design::all()
            .map(|d| {
                let segs = d.kind().segments().len();
                (0..segs).map(|s| d.animals(s).get(a) as usize).sum::<usize>() * d.copies() as usize
            })
            .sum();
        assert_eq!(n, 20, "{a:?} counting the start tile");
    }
    // Designs: every land copy is in exactly one design.
    assert_eq!(Design::land().map(|d| d.copies() as usize).sum::<usize>(), 72);
}

#[test]
fn r_water_1_pure_savanna_corners_are_derived_from_the_edges() {
    // A corner is a slot exactly when neither of its two edges is bush. 160 such
    // corners on the 72 land tiles (counted from tiles.txt by hand-written script).
    let mut total = 0;
    for k in land() {
        for c in Corner::ALL {
            let [a, b] = c.sides();
            let expected = k.edges[a.index()] != Edge::Bush && k.edges[b.index()] != Edge::Bush;
            assert_eq!(k.savanna_corner(c, Rotation::R0), expected, "{} {c}", k.name);
            // Rotating the tile rotates the corner with it.
            for r in Rotation::ALL {
                assert_eq!(k.savanna_corner(c.rotated(r), r), expected, "{} {c} {r}", k.name);
            }
            total += expected as usize * k.count as usize;
        }
    }
    assert_eq!(total, 160);
}

#[test]
fn r_comp_1_no_trail_crossings_and_no_bush_without_an_edge() {
    for k in TileKind::all().iter() {
        for s in k.segments() {
            let edges = Side::ALL.iter().filter(|&&d| s.touches(d)).count();
            assert!(edges >= 1, "{}: a segment touching no edge", k.name);
            if s.kind == FeatureKind::Trail {
                assert!(edges <= 2, "{}: a trail crossing", k.name);
                assert_eq!(s.birds, 0, "{}: birds on a trail", k.name);
            }
        }
    }
}

#[test]
fn r_setup_1_start_tile_slots_only_at_outer_savanna_corners() {
    // docs/tiles.md: the start tile's only watering-hole slots are START-W's NW corner
    // and START-E's SE corner; a dig is legal there and nowhere else on it.
    use carcassonne_safari::{GameState, Move, Pos, Setup};
    let start = GameState::new(&Setup::new(2).with_hands(vec![vec![Animal::Lion], vec![]])).unwrap();
    // Reach an action decision with a tile placed away from the start tile's corners.
    let mut s = start.apply("draw CS1:-".parse().unwrap()).unwrap().0;
    let place = s
        .legal_moves()
        .into_iter()
        .find(|m| matches!(m, Move::Place(p, _) if *p == Pos::new(0, -1)))
        .unwrap();
    s = s.apply(place).unwrap().0;
    let digs: Vec<(Pos, Corner)> = s
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Dig(p, c, _) if p.y == 0 => Some((p, c)),
            _ => None,
        })
        .collect();
    assert_eq!(
        digs,
        vec![(Pos::new(-1, 0), Corner::NW), (Pos::new(1, 0), Corner::SE)]
    );
}
