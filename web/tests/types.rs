//! The TypeScript declarations checked in (`src/types.d.ts`) are the ones the
//! Rust types generate (feature `ts`; `web/check-types.sh` runs this test,
//! `--update` rewrites the file).
#![cfg(feature = "ts")]

use carcassonne_safari_web::types::{check, declarations, Declarations, PATH};
use carcassonne_safari_web::BotChoice;
use ts_rs::TS;

fn checked_in() -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PATH)).unwrap_or_default()
}

#[test]
fn the_checked_in_declarations_are_generated() {
    let generated = declarations();
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(PATH),
            &generated,
        )
        .unwrap();
        return;
    }
    if let Err(why) = check(&generated, &checked_in()) {
        panic!("{why}\nregenerate them: `bash web/check-types.sh --update`");
    }
}

// `BotChoice` as it was before it said what its search reused: the Rust type
// changed (by a field) under the same name and docs.
/// What a bot decided.
#[derive(TS)]
#[ts(rename = "BotChoice")]
#[allow(dead_code)]
struct OlderBotChoice {
    /// The move, in the engine's notation.
    #[ts(rename = "move")]
    mv: String,
    /// Search iterations run for this decision (0 for bots that do not
    /// search).
    iterations: u32,
}

/// The declaration of `T` alone, as the declarations write it.
fn declaration<T: TS + 'static>() -> String {
    let text = Declarations::new().with::<T>().finish();
    // Less the header line.
    text.split_once('\n').unwrap().1.to_owned()
}

#[test]
fn a_changed_rust_type_fails_the_check() {
    // The declarations as they are, and as they would be generated had
    // `BotChoice` not changed: the check fails, naming the type.
    let current = declarations();
    let (now, before) = (declaration::<BotChoice>(), declaration::<OlderBotChoice>());
    assert_ne!(now, before);
    assert!(current.contains(&now), "the declarations hold BotChoice's");
    let older = current.replace(&now, &before);
    let err = check(&current, &older).unwrap_err();
    assert!(err.contains("(in the declaration of `BotChoice`)"), "{err}");
    // The older type ends where the current one goes on (with `reused`).
    assert!(err.contains(r#"checked in: "iterations: number, };""#), "{err}");
    // A change anywhere: a line more at the end, a line less.
    assert!(check(&current, &format!("{current}export type Extra = number;\n")).is_err());
    assert!(check(&current, current.trim_end_matches("\n")).is_err());
    // And the declarations as generated pass.
    assert_eq!(check(&current, &current), Ok(()));
}
