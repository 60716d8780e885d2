//! The TypeScript declarations of everything the page reads and sends,
//! generated from the Rust types with [ts-rs](https://docs.rs/ts-rs)
//! (feature `ts`): the engine's wire format (`docs/views.md`), its art, this
//! module's own shapes and the game server's protocol (`docs/protocol.md`).
//! They are checked in as `src/types.d.ts` (the module's `.d.ts` includes
//! them, and `tsc` checks the page's JavaScript against them);
//! `web/check-types.sh` regenerates them and fails when the file differs.

use std::any::TypeId;
use std::collections::HashSet;

use ts_rs::{Config, TypeVisitor, TS};

/// The file the declarations are checked in as, from the crate's folder.
pub const PATH: &str = "src/types.d.ts";

/// Declarations in sections: each type given and every type it names, each
/// declared once (in the first section that names it), sorted by name
/// within a section, after a header line.
pub struct Declarations {
    cfg: Config,
    seen: HashSet<TypeId>,
    out: String,
    section: Vec<(String, String)>,
}

impl Default for Declarations {
    fn default() -> Self {
        Declarations::new()
    }
}

impl Declarations {
    /// No declarations yet. Integers are JavaScript numbers (the JSON of
    /// serde), whatever their width.
    pub fn new() -> Declarations {
        Declarations {
            cfg: Config::new().with_large_int("number"),
            seen: HashSet::new(),
            out: String::from(
                "// Generated from the Rust types by ts-rs (`web/check-types.sh --update`); do not edit.\n",
            ),
            section: Vec::new(),
        }
    }

    /// Starts a section headed `title`.
    pub fn section(mut self, title: &str) -> Declarations {
        self.flush();
        self.out.push_str(&format!("\n// ---- {title} ----\n"));
        self
    }

    /// Declares `T` and the types it names (not declared yet).
    pub fn with<T: TS + 'static + ?Sized>(mut self) -> Declarations {
        self.visit::<T>();
        self
    }

    /// The declarations' text.
    pub fn finish(mut self) -> String {
        self.flush();
        self.out
    }

    fn flush(&mut self) {
        self.section.sort();
        for (_, decl) in self.section.drain(..) {
            self.out.push('\n');
            self.out.push_str(&decl);
        }
    }
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        if T::output_path().is_some() {
            let docs = T::docs().unwrap_or_default();
            let decl = format!("{docs}export {}\n", T::decl(&self.cfg));
            self.section.push((T::ident(&self.cfg), decl));
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// Every declaration of `src/types.d.ts`.
pub fn declarations() -> String {
    use carcassonne_safari::events::ScoreCategory;
    use carcassonne_safari::{record, svg, view, GameRecord};
    use carcassonne_safari_server::protocol;
    Declarations::new()
        .section("The engine's wire format (carcassonne_safari::view with serde; docs/views.md)")
        .with::<view::GameView>()
        .with::<view::LogEntry>()
        .with::<view::ScoreSummary>()
        .with::<ScoreCategory>()
        .with::<record::Seat>()
        .with::<GameRecord>()
        .section("The engine's art (carcassonne_safari::svg), in cell units (a cell is 100 x 100)")
        .with::<svg::TileArt>()
        .with::<svg::Palette>()
        .section("This module")
        .with::<crate::GameOptions>()
        .with::<crate::BotLevel>()
        .with::<crate::BotChoice>()
        .with::<crate::advice::Hint>()
        .with::<crate::advice::Judgement>()
        .section("The game server's protocol (carcassonne_safari_server::game::protocol; docs/protocol.md)")
        .with::<protocol::ClientMessage>()
        .with::<protocol::ServerMessage<'static>>()
        .with::<protocol::GameCard>()
        .finish()
}

/// Compares generated declarations with the checked-in ones.
///
/// # Errors
/// Where they first differ, when they differ: the line, its number and the
/// type declared there.
pub fn check(generated: &str, checked_in: &str) -> Result<(), String> {
    if generated == checked_in {
        return Ok(());
    }
    let ours: Vec<&str> = generated.lines().collect();
    let theirs: Vec<&str> = checked_in.lines().collect();
    let i = (0..ours.len().max(theirs.len()))
        .find(|&i| ours.get(i) != theirs.get(i))
        .unwrap_or(ours.len());
    // A declaration is a block of lines (its comment, then `export type`)
    // after an empty line.
    let lines = if i < ours.len() { &ours } else { &theirs };
    let start = lines[..i].iter().rposition(|l| l.is_empty()).map_or(0, |p| p + 1);
    let declared = lines[start..]
        .iter()
        .take_while(|l| !l.is_empty())
        .find_map(|l| l.strip_prefix("export type "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or("(the header)");
    let shown = |line: Option<&&str>| line.map_or("(the end of the file)".to_owned(), |l| format!("{l:?}"));
    Err(format!(
        "{PATH} is not what the Rust types generate: line {} (in the declaration of `{declared}`)\n  checked in: {}\n  generated:  {}",
        i + 1,
        shown(theirs.get(i)),
        shown(ours.get(i)),
    ))
}
