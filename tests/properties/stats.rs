//! Event counts by variant, for the golden records and for the `BATTERY_STATS`
//! summary: with `BATTERY_STATS=1` (and `-- --nocapture`) the battery prints,
//! every 250 games, how often each event and each rare situation occurred (ties
//! of R-MAJ-1, several boost questions of R-ENGINE-1, five species of R-TRAIL-3,
//! reshuffles of R-TOKEN-2, removed tiles of R-PLACE-2). No rules are checked
//! here.

use std::collections::BTreeMap;

use carcassonne_safari::Event;

/// Event counts over all games of this process, printed when `BATTERY_STATS` is set.
static STATS: std::sync::Mutex<(usize, BTreeMap<&'static str, usize>)> =
    std::sync::Mutex::new((0, BTreeMap::new()));

/// Counts a rare situation for the `BATTERY_STATS` summary.
pub fn note(what: &'static str) {
    if std::env::var_os("BATTERY_STATS").is_some() {
        *STATS.lock().unwrap().1.entry(what).or_default() += 1;
    }
}

/// Adds one game's events to the `BATTERY_STATS` summary, printed every 250 games.
pub fn record_stats(events: &[Vec<Event>]) {
    if std::env::var_os("BATTERY_STATS").is_none() {
        return;
    }
    let mut stats = STATS.lock().unwrap();
    stats.0 += 1;
    for ev in events {
        count_events(&mut stats.1, ev);
    }
    if stats.0.is_multiple_of(250) {
        eprintln!("battery stats: {} games, events {:?}", stats.0, stats.1);
    }
}

/// The event variants in the golden records' order, then the total.
pub const EVENT_VARIANTS: [&str; 19] = [
    "TokenDrawn",
    "SupplyReshuffled",
    "TileDrawn",
    "TileRemoved",
    "TilePlaced",
    "RangerDisplaced",
    "RangerMoved",
    "RangerReturned",
    "MeeplePlaced",
    "MeepleReturned",
    "HoleDug",
    "HoleExpanded",
    "HoleCompleted",
    "BaobabCompleted",
    "FeatureCompleted",
    "BoostUsed",
    "Scored",
    "GameOver",
    "(total)",
];

/// The name of an event's variant.
pub fn variant(e: &Event) -> &'static str {
    match e {
        Event::TokenDrawn { .. } => "TokenDrawn",
        Event::SupplyReshuffled { .. } => "SupplyReshuffled",
        Event::TileDrawn { .. } => "TileDrawn",
        Event::TileRemoved { .. } => "TileRemoved",
        Event::TilePlaced { .. } => "TilePlaced",
        Event::RangerDisplaced { .. } => "RangerDisplaced",
        Event::RangerMoved { .. } => "RangerMoved",
        Event::RangerReturned { .. } => "RangerReturned",
        Event::MeeplePlaced { .. } => "MeeplePlaced",
        Event::MeepleReturned { .. } => "MeepleReturned",
        Event::HoleDug { .. } => "HoleDug",
        Event::HoleExpanded { .. } => "HoleExpanded",
        Event::HoleCompleted { .. } => "HoleCompleted",
        Event::BaobabCompleted { .. } => "BaobabCompleted",
        Event::FeatureCompleted { .. } => "FeatureCompleted",
        Event::BoostUsed { .. } => "BoostUsed",
        Event::Scored { .. } => "Scored",
        Event::GameOver { .. } => "GameOver",
        _ => "(other)",
    }
}

/// Counts `events` by variant and in total.
pub fn count_events(counts: &mut BTreeMap<&'static str, usize>, events: &[Event]) {
    for e in events {
        *counts.entry(variant(e)).or_default() += 1;
        *counts.entry("(total)").or_default() += 1;
    }
}
