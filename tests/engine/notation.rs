//! Move notation (`docs/decisions.md`, "Move notation"): `FromStr` accepts exactly what
//! `Display` writes. Malformed strings of every kind are errors and never panic;
//! whatever parses displays back to the very same text.

use carcassonne_safari::{
    tiles::DESIGN_COUNT, Actor, Animal, Corner, Design, GameState, MeepleTarget, Move, Pos, Rotation, Setup,
};
use proptest::prelude::*;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn parses(s: &str) -> Option<Move> {
    s.parse::<Move>().ok()
}

/// Every way a move can be malformed. Each must be refused.
const MALFORMED: &[&str] = &[
    // Empty and whitespace.
    "",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\0",
    // Extra or other spaces.
    "pass ",
    " pass",
    "pass  ",
    "pass\t",
    "pass\n",
    "pass\r\n",
    "\tpass",
    "token  L",
    "token L ",
    "place 0,1  90",
    "place  0,1 90",
    "place 0,1 90 ",
    "place\t0,1 90",
    "place 0,1\t90",
    "place\u{a0}0,1 90",
    "place 0,1\u{2003}90",
    "ranger 0,-1  3,2",
    "dig 2,-1 ne  L",
    "return 4,0 ",
    "place 0, 1 90",
    "place 0 ,1 90",
    "place 0 , 1 90",
    // Unknown keywords and case mixups.
    "PASS",
    "Pass",
    "pAss",
    "NOBOOST",
    "noBoost",
    "NoBoost",
    "no boost",
    "no-boost",
    "no_boost",
    "Draw CS1:-",
    "DRAW CS1:-",
    "Token L",
    "Place 0,1 90",
    "MEEPLE 0",
    "Meeple baobab",
    "Ranger 0,-1 3,2",
    "Dig 2,-1 ne L",
    "Expand 2,-1 ne L",
    "Boost L",
    "Return 4,0",
    "skip",
    "move 0,1 90",
    "tile 0,1 90",
    "draws CS1:-",
    "passe",
    "pas",
    "p",
    "meeples 0",
    "rangers 0,-1 3,2",
    "tokens L",
    "boosts L",
    "returns 4,0",
    "place:0,1 90",
    "pass;",
    "pass.",
    "pass,",
    // Unicode look-alikes and invisible characters.
    "\u{feff}pass",
    "pass\u{200b}",
    "\u{200b}pass",
    "р\u{430}ss",
    "ｐａｓｓ",
    "pass\u{0301}",
    "🦁",
    "boost 🦁",
    "token Ｌ",
    "token Λ",
    "place １,0 90",
    "place ٣,0 90",
    "place 0,0 ９０",
    "place 0,0 ٩٠",
    "meeple ٣",
    "meeple ０",
    "return ⁴,0",
    "return 4，0",
    "ranger 0,-1 3‚2",
    "return −1,0",
    "return ‐1,0",
    "dig 2,-1 ｎｅ L",
    "dig 2,-1 ne Ｌ",
    "draw CS１:-",
    "draw CS1:—",
    "draw CS1:–",
    // draw
    "draw",
    "draw ",
    "draw CS1",
    "draw CS1:",
    "draw CS1:--",
    "draw CS1:-,-",
    "draw CS1:M",
    "draw cs1:-",
    "draw Cs1:-",
    "draw CS01:-",
    "draw CS0:-",
    "draw CS34:-",
    "draw CS-1:-",
    "draw CS+1:-",
    "draw CS1: -",
    "draw CS1 :-",
    "draw CS1:- ",
    "draw :-",
    "draw :",
    "draw CS26",
    "draw CS26:",
    "draw CS26:E",
    "draw CS26:G,E",
    "draw CS26:e,g",
    "draw CS26:E,G,",
    "draw CS26:,E,G",
    "draw CS26:E,,G",
    "draw CS26:E,G,L",
    "draw CS26:EG",
    "draw CS26:E;G",
    "draw CS26:E G",
    "draw CS26:E,-",
    "draw CS3:E|G",
    "draw CS3:A",
    "draw CS3:",
    "draw CS3:-",
    "draw CS26:E,G CS1:-",
    "draw START-X:E",
    "draw START:E",
    "draw start-w:E",
    "draw 1",
    "draw -",
    // token
    "token",
    "token ",
    "token A",
    "token a",
    "token m",
    "token l",
    "token MM",
    "token M E",
    "token 1",
    "token -",
    "token X",
    "token Monkey",
    "token lion",
    // place
    "place",
    "place 0,1",
    "place 0,1 ",
    "place 90",
    "place 0 1 90",
    "place 0,1,90",
    "place 0;1 90",
    "place (0,1) 90",
    "place 0,1 45",
    "place 0,1 1",
    "place 0,1 360",
    "place 0,1 450",
    "place 0,1 -90",
    "place 0,1 -0",
    "place 0,1 +90",
    "place 0,1 +0",
    "place 0,1 090",
    "place 0,1 00",
    "place 0,1 0090",
    "place 0,1 90.0",
    "place 0,1 9e1",
    "place 0,1 0x5a",
    "place 0,1 R90",
    "place 0,1 90deg",
    "place 0,1 90°",
    "place 0,1 ninety",
    "place 0,1 65626",
    "place 0,1 4294967386",
    "place 0,1 18446744073709551706",
    "place 0,1 90 1",
    "place 0,1 90 90",
    "place -0,1 90",
    "place 0,-0 90",
    "place -0,-0 0",
    "place 01,0 0",
    "place 0,01 0",
    "place 00,0 0",
    "place -01,0 0",
    "place +1,0 0",
    "place 0,+1 0",
    "place --1,0 0",
    "place -,0 0",
    "place 1-,0 0",
    "place 1,-,0 0",
    "place 1,,0 0",
    "place ,0 0",
    "place 0, 0",
    "place , 0",
    "place 0,1,2 0",
    "place 128,0 0",
    "place 0,128 0",
    "place -129,0 0",
    "place 0,-129 0",
    "place 256,0 0",
    "place 99999999999999999999,0 0",
    "place -99999999999999999999999999999999,0 0",
    "place 1e2,0 0",
    "place 0x1,0 0",
    "place 0b1,0 0",
    "place 1.0,0 0",
    "place 1.5,0 0",
    "place a,b 0",
    "place x,y 90",
    "place 1_0,0 0",
    // meeple
    "meeple",
    "meeple ",
    "meeple 256",
    "meeple 1000",
    "meeple 010",
    "meeple -1",
    "meeple -0",
    "meeple +1",
    "meeple 01",
    "meeple 00",
    "meeple 1.0",
    "meeple a",
    "meeple Baobab",
    "meeple BAOBAB",
    "meeple baobab ",
    "meeple boabab",
    "meeple baobabs",
    "meeple bao bab",
    "meeple 1 2",
    "meeple 1 baobab",
    "meeple baobab 1",
    "meeple 0,0",
    // ranger
    "ranger",
    "ranger 0,-1",
    "ranger 0,-1 ",
    "ranger 0,-1 3,2 1,1",
    "ranger 0,-1,3,2",
    "ranger 0,-1 3",
    "ranger -0,-1 3,2",
    "ranger 0,-01 3,2",
    "ranger 0,-1 +3,2",
    "ranger 0,-1 3,2,",
    "ranger 0,-1 128,2",
    "ranger 0,-1 ne",
    // dig / expand
    "dig",
    "dig 2,-1",
    "dig 2,-1 ne",
    "dig 2,-1 ne ",
    "dig 2,-1 NE L",
    "dig 2,-1 Ne L",
    "dig 2,-1 ne l",
    "dig 2,-1 n L",
    "dig 2,-1 en L",
    "dig 2,-1 north L",
    "dig 2,-1 northeast L",
    "dig 2,-1 ne A",
    "dig 2,-1 ne LL",
    "dig 2,-1 ne L Z",
    "dig 2,-1 ne L 1",
    "dig 2,-1 L ne",
    "dig ne 2,-1 L",
    "dig L 2,-1 ne",
    "dig 2,-1 ne -",
    "dig 2,-1 0 L",
    "dig 02,-1 ne L",
    "dig 2,-1 ne L\0",
    "expand",
    "expand 2,-1 ne",
    "expand 2,-1 SE L",
    "expand 2,-1 es L",
    "expand 2,-1 ne a",
    "expand 2,-1 ne M,E",
    "expand 2,-1 sw L L",
    "expand +2,-1 sw L",
    "expand 2,-1 nw Z extra",
    // boost / noboost
    "boost",
    "boost ",
    "boost l",
    "boost A",
    "boost -",
    "boost ML",
    "boost M L",
    "boost 1",
    "noboost L",
    "noboost ",
    "noboost noboost",
    "boost noboost",
    // return
    "return",
    "return ",
    "return 4",
    "return 4,",
    "return ,0",
    "return 4,,0",
    "return 4.0",
    "return 4,0,",
    "return 4,0 5,0",
    "return -,0",
    "return --1,0",
    "return 1-,0",
    "return -0,0",
    "return 0,-0",
    "return 04,0",
    "return +4,0",
    "return 4,+0",
    "return 999,0",
    "return 4,-999",
    "return 4, 0",
    // Several moves or words.
    "pass pass",
    "pass noboost",
    "a b c d e f",
    "dig 2,-1 ne L L L",
    "pass\npass",
];

#[test]
fn malformed_notation_is_an_error() {
    let mut parsed = Vec::new();
    for &bad in MALFORMED {
        if let Ok(m) = bad.parse::<Move>() {
            parsed.push(format!(
                "{bad:?} parsed as {m:?} (displays as {:?})",
                m.to_string()
            ));
        }
    }
    assert!(
        parsed.is_empty(),
        "malformed notation accepted:\n{}",
        parsed.join("\n")
    );
}

#[test]
fn huge_and_repeated_input_is_an_error() {
    let long_number = format!("place {},0 0", "9".repeat(10_000));
    let many_words = "pass ".repeat(10_000);
    let many_spaces = format!("pass{}", " ".repeat(100_000));
    let many_digits_meeple = format!("meeple {}", "1".repeat(1000));
    let zeros = format!("place 0,{} 0", "0".repeat(500));
    let long_design = format!("draw CS26:{}", "E,".repeat(5000));
    let long_kind = format!("draw CS{}:-", "1".repeat(5000));
    for bad in [
        long_number,
        many_words,
        many_spaces,
        many_digits_meeple,
        zeros,
        long_design,
        long_kind,
        "\0".repeat(1000),
        "🦁".repeat(1000),
    ] {
        assert!(bad.parse::<Move>().is_err(), "{:?}...", &bad[..bad.len().min(40)]);
    }
}

#[test]
fn pieces_parse_only_canonical_text() {
    for bad in [
        "", "0", "0,", ",0", "0,0,", "-0,0", "0,-0", "+0,0", "00,0", "01,1", "0 ,0", "0, 0", "128,0",
        "0,-129", "１,0", "0,0 ", " 0,0", "a,0", "--1,0",
    ] {
        assert!(bad.parse::<Pos>().is_err(), "Pos {bad:?}");
    }
    for bad in [
        "",
        "NE",
        "Ne",
        "n",
        "nee",
        " ne",
        "ne ",
        "north-east",
        "ｎｅ",
        "en",
    ] {
        assert!(bad.parse::<Corner>().is_err(), "Corner {bad:?}");
    }
    for bad in [
        "", "1", "45", "360", "-90", "-0", "+0", "+90", "090", "00", "90 ", " 90", "90.0", "９０", "65626",
    ] {
        assert!(bad.parse::<Rotation>().is_err(), "Rotation {bad:?}");
    }
    for (text, pos) in [("0,0", (0, 0)), ("-128,127", (-128, 127)), ("-1,10", (-1, 10))] {
        assert_eq!(text.parse::<Pos>(), Ok(Pos::new(pos.0, pos.1)));
    }
    for c in Corner::ALL {
        assert_eq!(c.to_string().parse::<Corner>(), Ok(c));
    }
    for r in Rotation::ALL {
        assert_eq!(r.to_string().parse::<Rotation>(), Ok(r));
    }
}

#[test]
fn every_design_and_legal_move_of_seeded_games_round_trips() {
    for d in Design::all() {
        let m = Move::Draw(d);
        assert_eq!(parses(&m.to_string()), Some(m), "{m}");
    }
    for seed in 0..40u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut s = GameState::new(&Setup::new(2 + seed as usize % 4)).unwrap();
        while let Some(actor) = s.to_move() {
            let legal = s.legal_moves();
            for &m in &legal {
                let text = m.to_string();
                assert_eq!(parses(&text), Some(m), "{text}");
                assert!(!text.contains("  ") && !text.starts_with(' ') && !text.ends_with(' '));
            }
            let mv = match actor {
                Actor::Chance => s.chance_outcomes().sample(&mut rng).unwrap(),
                Actor::Player(_) => legal[(rng.next_u64() % legal.len() as u64) as usize],
            };
            s = s.apply(mv).unwrap().0;
        }
    }
}

// ---------------------------------------------------------------------------
// Properties.

fn arb_pos() -> impl Strategy<Value = Pos> {
    prop_oneof![
        (-8i8..=8, -8i8..=8).prop_map(|(x, y)| Pos::new(x, y)),
        any::<(i8, i8)>().prop_map(|(x, y)| Pos::new(x, y)),
    ]
}

fn arb_animal() -> impl Strategy<Value = Animal> {
    prop::sample::select(Animal::ALL.to_vec())
}

fn arb_corner() -> impl Strategy<Value = Corner> {
    prop::sample::select(Corner::ALL.to_vec())
}

/// Every move value.
fn arb_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        (0..DESIGN_COUNT).prop_map(|i| Move::Draw(Design::from_index(i).unwrap())),
        arb_animal().prop_map(Move::Token),
        (arb_pos(), prop::sample::select(Rotation::ALL.to_vec())).prop_map(|(p, r)| Move::Place(p, r)),
        any::<u8>().prop_map(|i| Move::Meeple(MeepleTarget::Segment(i))),
        Just(Move::Meeple(MeepleTarget::Baobab)),
        (arb_pos(), arb_pos()).prop_map(|(from, to)| Move::Ranger { from, to }),
        (arb_pos(), arb_corner(), arb_animal()).prop_map(|(p, c, a)| Move::Dig(p, c, a)),
        (arb_pos(), arb_corner(), arb_animal()).prop_map(|(p, c, a)| Move::Expand(p, c, a)),
        Just(Move::Pass),
        arb_animal().prop_map(Move::Boost),
        Just(Move::NoBoost),
        arb_pos().prop_map(Move::Return),
    ]
}

/// Strings built from the notation's own vocabulary, so that many of them are
/// near misses of valid moves.
fn arb_wordy() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        prop::sample::select(vec![
            "draw",
            "token",
            "place",
            "meeple",
            "ranger",
            "dig",
            "expand",
            "pass",
            "boost",
            "noboost",
            "return",
            "baobab",
            "ne",
            "se",
            "sw",
            "nw",
            "NE",
            "M",
            "E",
            "G",
            "L",
            "Z",
            "A",
            "m",
            "-",
            "0",
            "90",
            "180",
            "270",
            "360",
            "-0",
            "+1",
            "01",
            "CS1:-",
            "CS26:E,G",
            "CS26:G,E",
            "CS3:E",
            "START-E:M,-",
            ",",
            "",
        ])
        .prop_map(str::to_string),
        "-?[0-9]{1,4},-?[0-9]{1,4}",
        "[+-]?[0-9]{1,5}",
        "CS[0-9]{1,2}:[-MEGLZ,]{0,6}",
    ];
    (
        prop::collection::vec(word, 1..6),
        prop::sample::select(vec![" ", " ", " ", "  ", "\t", ""]),
    )
        .prop_map(|(words, sep)| words.join(sep))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    /// Display then FromStr gives the move back, and the text is canonical.
    #[test]
    fn display_then_parse_round_trips(m in arb_move()) {
        let text = m.to_string();
        prop_assert_eq!(parses(&text), Some(m), "{}", text);
        prop_assert!(!text.contains("  ") && text.trim() == text);
    }

    /// Whatever parses displays as exactly the text it was parsed from.
    #[test]
    fn parsed_vocabulary_displays_back_exactly(s in arb_wordy()) {
        if let Some(m) = parses(&s) {
            prop_assert_eq!(m.to_string(), s);
        }
    }

    /// Arbitrary Unicode never panics; what parses round-trips exactly.
    #[test]
    fn arbitrary_text_never_panics(s in any::<String>()) {
        if let Some(m) = parses(&s) {
            prop_assert_eq!(m.to_string(), s);
        }
    }

    /// Valid notation with one character inserted, deleted or replaced is either
    /// refused or a different move that displays as the edited text.
    #[test]
    fn one_edit_from_valid_notation(m in arb_move(), at in any::<prop::sample::Index>(), op in 0u8..3,
                                    c in prop_oneof![Just(' '), Just('0'), Just('-'), Just('+'), Just(','),
                                                     any::<char>(), prop::char::range('a', 'z'),
                                                     prop::char::range('A', 'Z'), prop::char::range('0', '9')]) {
        let text = m.to_string();
        let mut chars: Vec<char> = text.chars().collect();
        let i = at.index(chars.len() + 1);
        match op {
            0 => chars.insert(i, c),
            1 if i < chars.len() => { chars.remove(i); }
            _ if i < chars.len() => chars[i] = c,
            _ => chars.push(c),
        }
        let edited: String = chars.into_iter().collect();
        if let Some(m2) = parses(&edited) {
            prop_assert_eq!(m2.to_string(), edited);
        }
    }
}
