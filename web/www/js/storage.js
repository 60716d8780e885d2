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

// Online games: the seat token of each game this browser plays (and the host
// token of the games it created), kept so that a reload or a closed tab
// rejoins the seat. The tokens never go into the address bar after they are
// read from an invite link.

const ONLINE_KEY = "carcassonne-safari/online";

function onlineSeats() {
  try {
    const saved = JSON.parse(localStorage.getItem(ONLINE_KEY) ?? "null");
    if (saved && saved.version === 1 && saved.games && typeof saved.games === "object") return saved;
  } catch {
    /* nothing usable */
  }
  return { version: 1, games: {} };
}

/** The seat this browser holds in online game `game`: `{seat, token, hostToken?}`, or null. */
export function loadSeat(game) {
  const entry = onlineSeats().games[game];
  return entry && typeof entry.token === "string" && Number.isInteger(entry.seat) ? entry : null;
}

/** Keeps the seat `{seat, token, hostToken?}` of online game `game` (the 20 most recent games are kept). */
export function saveSeat(game, entry) {
  const saved = onlineSeats();
  saved.games[game] = { ...saved.games[game], ...entry, at: Date.now() };
  const recent = Object.entries(saved.games).sort((a, b) => (b[1].at ?? 0) - (a[1].at ?? 0)).slice(0, 20);
  saved.games = Object.fromEntries(recent);
  try {
    localStorage.setItem(ONLINE_KEY, JSON.stringify(saved));
    return true;
  } catch {
    return false;
  }
}

/** The online games this browser holds a seat in, newest first: `[{game, seat, at}]`. */
export function yourGames() {
  return Object.entries(onlineSeats().games)
    .filter(([, e]) => e && typeof e.token === "string" && Number.isInteger(e.seat))
    .map(([game, e]) => ({ game, seat: e.seat, at: e.at ?? 0 }))
    .sort((a, b) => b.at - a.at);
}

/** Forgets the seat of online game `game` (its token no longer opens it). */
export function forgetSeat(game) {
  const saved = onlineSeats();
  delete saved.games[game];
  try {
    localStorage.setItem(ONLINE_KEY, JSON.stringify(saved));
  } catch {
    /* nothing to forget */
  }
}

// Settings of this browser (e.g. "confirm": "on" | "off").
const SETTING = "carcassonne-safari/setting/";

/** A setting's saved value, or null when none is saved. */
export function loadSetting(name) {
  try {
    return localStorage.getItem(SETTING + name);
  } catch {
    return null;
  }
}

export function saveSetting(name, value) {
  try {
    localStorage.setItem(SETTING + name, value);
  } catch {
    /* kept for this page only */
  }
}
