//! Rule ids: every id of the form `R-<SECTION>-<n>` that the code, the tests,
//! the examples or the README cite must be a heading of `docs/rules.md`, and no id
//! may be a heading twice. A comment such as "R-END-2..5" cites `R-END-2` only;
//! name every id of a range that matters.
//!
//! Standard library only: the files are found from `CARGO_MANIFEST_DIR`, folders
//! are walked with `std::fs`, and the pattern `R-[A-Z]+-[0-9]+` is matched by hand.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Folders searched for citations, relative to the crate root. The first four
/// always exist; the others are searched when they are there.
const CITING_DIRS: [&str; 9] = [
    "src",
    "tests",
    "examples",
    "benches",
    "bots",
    "web/src",
    "python/src",
    "python/tests",
    "python/carcassonne_safari",
];

/// Source files searched inside those folders.
const CITING_EXTENSIONS: [&str; 2] = ["rs", "py"];

/// Single files searched for citations.
const CITING_FILES: [&str; 1] = ["README.md"];

/// The page whose headings define the ids.
const RULES_PAGE: &str = "docs/rules.md";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether `b` may stand next to an id without being part of a longer word.
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The id starting at byte `start` of `bytes`, if one does: `R-`, one or more
/// capital letters, `-`, one or more digits (the regular expression
/// `R-[A-Z]+-[0-9]+`, matched as far as it goes). Returns the end of the match.
fn id_at(bytes: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    if bytes.get(i) != Some(&b'R') || bytes.get(i + 1) != Some(&b'-') {
        return None;
    }
    i += 2;
    let letters = i;
    while bytes.get(i).is_some_and(|b| b.is_ascii_uppercase()) {
        i += 1;
    }
    if i == letters || bytes.get(i) != Some(&b'-') {
        return None;
    }
    i += 1;
    let digits = i;
    while bytes.get(i).is_some_and(|b| b.is_ascii_digit()) {
        i += 1;
    }
    (i > digits).then_some(i)
}

/// Every rule id in `text`, in order of appearance, repeats included. An id must
/// not continue a word on its left (`XR-TRAIL-3` cites nothing); on its right it
/// ends where the pattern ends (`R-TRAIL-3/4` cites `R-TRAIL-3`).
fn rule_ids(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_word = i == 0 || !is_word_byte(bytes[i - 1]);
        match id_at(bytes, i).filter(|_| starts_word) {
            Some(end) => {
                out.push(text[i..end].to_string());
                i = end;
            }
            None => i += 1,
        }
    }
    out
}

/// Whether `word` is exactly one rule id.
fn is_rule_id(word: &str) -> bool {
    id_at(word.as_bytes(), 0) == Some(word.len())
}

/// The ids that are markdown headings of `page`: lines starting with `#` whose
/// first word after the hashes is an id, outside fenced code blocks. Repeats are
/// kept, so that duplicates can be found.
fn heading_ids(page: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_fence = false;
    for line in page.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let first = line.trim_start_matches('#').split_whitespace().next();
        if let Some(word) = first.filter(|w| is_rule_id(w)) {
            out.push(word.to_string());
        }
    }
    out
}

/// Every file under `dir` (recursively) with one of `extensions`, skipping
/// `target` folders and hidden folders. Sorted, so failures read the same on
/// every machine.
fn files_under(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                files_under(&path, extensions, out);
            }
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| extensions.contains(&e))
        {
            out.push(path);
        }
    }
}

/// Every cited id with the files (relative to the crate root) that cite it.
fn cited_ids(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    for dir in CITING_DIRS {
        files_under(&root.join(dir), &CITING_EXTENSIONS, &mut files);
    }
    for file in CITING_FILES {
        let path = root.join(file);
        if path.is_file() {
            files.push(path);
        }
    }
    let mut cited: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in files {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let shown = path.strip_prefix(root).unwrap_or(&path).display().to_string();
        for id in rule_ids(&text) {
            cited.entry(id).or_default().insert(shown.clone());
        }
    }
    cited
}

/// The cited ids that are not headings, each as `id (cited in file, file)`.
fn missing(cited: &BTreeMap<String, BTreeSet<String>>, headings: &[String]) -> Vec<String> {
    let defined: BTreeSet<&str> = headings.iter().map(String::as_str).collect();
    cited
        .iter()
        .filter(|(id, _)| !defined.contains(id.as_str()))
        .map(|(id, files)| {
            let files: Vec<&str> = files.iter().map(String::as_str).collect();
            format!("{id} (cited in {})", files.join(", "))
        })
        .collect()
}

/// The ids that are headings more than once, with their count.
fn duplicates(headings: &[String]) -> Vec<String> {
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for id in headings {
        *count.entry(id.as_str()).or_default() += 1;
    }
    count
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(id, n)| format!("{id} ({n} headings)"))
        .collect()
}

fn rules_page() -> String {
    let path = root().join(RULES_PAGE);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_cited_rule_id_is_a_heading_of_docs_rules_md() {
    let cited = cited_ids(&root());
    assert!(
        cited.len() >= 10,
        "found only {} cited rule ids: is the search broken?",
        cited.len()
    );
    let headings = heading_ids(&rules_page());
    let missing = missing(&cited, &headings);
    assert!(
        missing.is_empty(),
        "{} cited rule id(s) have no heading in {RULES_PAGE}:\n  {}",
        missing.len(),
        missing.join("\n  ")
    );
}

#[test]
fn no_rule_id_is_a_heading_twice() {
    let headings = heading_ids(&rules_page());
    assert!(!headings.is_empty(), "{RULES_PAGE} has no rule headings");
    let twice = duplicates(&headings);
    assert!(
        twice.is_empty(),
        "rule id(s) with more than one heading in {RULES_PAGE}: {}",
        twice.join(", ")
    );
}

// ---------------------------------------------------------------------------
// The checker itself: it must find what it should and be able to fail.

#[test]
fn the_extractor_finds_ids_and_rejects_near_misses() {
    assert_eq!(rule_ids("scores as R-TRAIL-3 says"), ["R-TRAIL-3"]);
    assert_eq!(rule_ids("(R-TRAIL-3)"), ["R-TRAIL-3"]);
    assert_eq!(rule_ids("R-TRAIL-3/4, R-END-2..5"), ["R-TRAIL-3", "R-END-2"]);
    assert_eq!(rule_ids("R-MAJ-1R-MAJ-2"), ["R-MAJ-1"]);
    for near_miss in [
        "R-TRAIL",
        "R-TRAIL-",
        "r-trail-3",
        "R-Trail-3",
        "R--3",
        "R-TRAIL-x",
        "XR-TRAIL-3",
        "r_trail_3",
    ] {
        assert_eq!(rule_ids(near_miss), Vec::<String>::new(), "{near_miss:?}");
    }
    assert!(is_rule_id("R-TRAIL-3"));
    assert!(!is_rule_id("R-TRAIL-3,") && !is_rule_id("R-TRAIL") && !is_rule_id("r-trail-3"));
}

#[test]
fn headings_are_read_from_heading_lines_only() {
    let page = "# Rules\n\
                ## Animal trails (R-TRAIL)\n\
                ### R-TRAIL-3 Scoring a completed trail\n\
                Text citing R-TRAIL-4 is no heading.\n\
                #### R-TRAIL-4\n\
                ```\n\
                ### R-TRAIL-1 inside a code block\n\
                ```\n\
                ### R-TRAIL Section word only\n";
    assert_eq!(heading_ids(page), ["R-TRAIL-3", "R-TRAIL-4"]);
}

#[test]
fn the_check_reports_missing_and_duplicate_ids() {
    // Built with `concat!` so that this file does not itself cite the id.
    let unknown = concat!("R-", "NOSUCHRULE-1").to_string();
    let mut cited: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    cited
        .entry(unknown.clone())
        .or_default()
        .insert("src/a.rs".into());
    cited
        .entry("R-TRAIL-3".into())
        .or_default()
        .insert("tests/b.rs".into());
    let headings = vec!["R-TRAIL-3".to_string(), "R-TRAIL-3".to_string()];
    assert_eq!(
        missing(&cited, &headings),
        [format!("{unknown} (cited in src/a.rs)")]
    );
    assert_eq!(duplicates(&headings), ["R-TRAIL-3 (2 headings)"]);
    assert!(missing(&cited, &[unknown, "R-TRAIL-3".into()]).is_empty());
}
