//! Arbitrary bytes as move notation: parsing never panics, and whatever parses
//! displays back to exactly the same text (`docs/decisions.md`: `FromStr` accepts exactly
//! what `Display` writes). The crate has no game-record text parser (GameRecord
//! is serde-only), so only moves and their pieces are fuzzed here.
//!
//! cargo +nightly fuzz run notation -- -max_total_time=600
#![no_main]

use carcassonne_safari::{Corner, Move, Pos, Rotation};
use libfuzzer_sys::fuzz_target;

fn exact<T: core::str::FromStr + ToString + PartialEq + core::fmt::Debug>(s: &str) {
    if let Ok(v) = s.parse::<T>() {
        let text = v.to_string();
        assert_eq!(text, s, "parsed {v:?} from {s:?} but it displays as {text:?}");
        assert!(text.parse::<T>().ok() == Some(v), "{text:?} does not parse back");
    }
}

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    exact::<Move>(&s);
    exact::<Pos>(&s);
    exact::<Corner>(&s);
    exact::<Rotation>(&s);
    // Also behind each keyword, so the fuzzer need not find the keywords itself.
    for kw in [
        "draw ", "token ", "place ", "meeple ", "ranger ", "dig ", "expand ", "boost ", "return ",
    ] {
        exact::<Move>(&format!("{kw}{s}"));
    }
});
