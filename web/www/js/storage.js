// The game in progress, kept in the browser (localStorage) after every
// change and resumed after a reload or a closed tab: its record (the
// engine's GameRecord, with the seats) and its seed.

const KEY = "carcassonne-safari/game";

/** Saves `{record, seed}`; a full or forbidden storage is not an error for the game. */
export function saveGame(record, seed) {
  try {
    localStorage.setItem(KEY, JSON.stringify({ version: 1, seed, record }));
    return true;
  } catch {
    return false;
  }
}

/** The saved game `{record, seed}`, or null when there is none or it is unreadable. */
export function loadGame() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (saved && saved.version === 1 && typeof saved.record === "string" && Number.isInteger(saved.seed)) return saved;
  } catch {
    /* nothing usable */
  }
  return null;
}

export function forgetGame() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}
