//! The pieces: animal badges, birds, baobabs, player marks, meeples, rangers and water tokens.

use super::*;

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

pub(super) fn bird(at: Point) -> String {
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

pub(super) fn baobab_tree(at: Point) -> String {
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
