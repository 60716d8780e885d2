// What a player reads: names, tiles, animals, phases, moves and events in
// plain words, from the engine's machine names (the wire format). Rule ids
// and notation appear only in the optional details view.

import { animal } from "./art.js";

const NUMBER = ["no", "one", "two", "three", "four", "five", "six"];
const count = (n, one, many = one + "s") => `${NUMBER[n] ?? n} ${n === 1 ? one : many}`;

/** A number of points in words: "1 point", "6 points". */
export const pointsInWords = (n) => `${n} point${n === 1 ? "" : "s"}`;
/** A number of kinds of animals in words: "1 kind of animal", "3 kinds of animals". */
export const kindsInWords = (n) => (n === 1 ? "1 kind of animal" : `${n} kinds of animals`);

/** "Lion", "Elephant", ... */
export const animalName = (letter) => animal(letter).name.replace(/^./, (c) => c.toUpperCase());
const a = (letter) => (/^[AEIOU]/.test(animalName(letter)) ? "an " : "a ") + animalName(letter).toLowerCase();

/** The animals of a letters string in words: "a lion and two giraffes". */
export function animalsInWords(letters) {
  const counts = new Map();
  for (const l of letters) counts.set(l, (counts.get(l) ?? 0) + 1);
  const parts = [...counts].map(([l, n]) => (n === 1 ? a(l) : `${NUMBER[n] ?? n} ${animalName(l).toLowerCase()}s`));
  return list(parts);
}

/** Alternatives in words: "a, b or c". */
export function orList(parts) {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} or ${parts.at(-1)}`;
}

export function list(parts) {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** What a tile shows: "a trail with a lion, a bush with two birds, a baobab". */
export function tileInWords(tile) {
  const parts = tile.segments.map((s) => {
    const what = s.kind === "trail" ? (s.sides.length === 1 ? "a trail ending here" : "a trail") : "a bush";
    const on = [s.animals ? animalsInWords(s.animals) : "", s.birds ? count(s.birds, "bird") : ""].filter(Boolean);
    return on.length ? `${what} with ${list(on)}` : what;
  });
  if (tile.baobab) parts.push("a baobab");
  return parts.length ? list(parts) : "open savanna";
}

/** The rule ids of the scoring reasons (docs/rules.md), for the details view. */
export const REASON_RULES = {
  ranger: "R-RANGER-2",
  dig: "R-WATER-2",
  expand: "R-WATER-3",
  hole_completed: "R-WATER-4",
  feature: "R-TRAIL-3, R-BUSH-2",
  final_feature: "R-END-2",
  final_tokens: "R-END-3",
};

/** Why points were scored, in words. */
export function reasonInWords(r) {
  switch (r.type) {
    case "ranger": return "a tile placed on a ranger";
    case "dig": return "digging a watering hole";
    case "expand": return `the ${["", "first", "second", "third", "fourth"][r.nth] ?? r.nth + "th"} token of a watering hole`;
    case "hole_completed": return "a completed watering hole with their meeple";
    case "feature": {
      const kinds = r.species + (r.boost ? 1 : 0);
      const birds = r.birds ? ` and ${count(r.birds, "bird")}` : "";
      const boost = r.boost ? `, boosted with ${a(r.boost)}` : "";
      return `a completed ${r.kind} with ${count(kinds, "kind")} of animal${kinds === 1 ? "" : "s"}${birds}${boost}`;
    }
    case "final_feature": return `an unfinished ${r.kind} (${count(r.animals, "animal")}${r.birds ? `, ${count(r.birds, "bird")}` : ""})`;
    case "final_tokens": return `${count(r.tokens, "token")} left in hand`;
    default: return r.type.replaceAll("_", " ");
  }
}

/** The score categories of the summary, in their order (ScoreCategory::ALL). */
export const CATEGORIES = [
  ["trails", "Trails"],
  ["bushes", "Bushes"],
  ["rangers", "Rangers"],
  ["watering_holes", "Watering holes"],
  ["final_trails", "End: trails"],
  ["final_bushes", "End: bushes"],
  ["final_tokens", "End: tokens"],
];

function spotInWords(spot, tileAt) {
  if (spot.type === "baobab") return "a baobab";
  if (spot.type === "hole") return "a watering hole";
  const seg = tileAt(spot.pos)?.segments[spot.seg];
  return seg ? `a ${seg.kind}` : "a tile";
}

/**
 * The lines of one move of the log (a LogEntry) in words: `[{text, seat,
 * cells, kind}]`. `name(seat)` names a seat; `tileAt(pos)` gives a TileView.
 */
export function entryInWords(entry, name, tileAt) {
  const lines = [];
  const add = (seat, text, cells = [], kind = "move") => lines.push({ seat, text, cells, kind });
  for (const e of entry.events) {
    switch (e.type) {
      case "tile_placed": {
        const t = tileAt(e.pos);
        add(e.player, `${name(e.player)} placed a tile${t ? ` (${tileInWords(t)})` : ""}`, [e.pos]);
        break;
      }
      case "ranger_displaced": add(null, "It landed on a ranger, who leaves the board for now", [e.from], "note"); break;
      case "ranger_moved": add(entry.actor, `${name(entry.actor)} moved a ranger`, [e.from, e.to]); break;
      case "ranger_returned": add(entry.actor, `${name(entry.actor)} put the ranger back`, [e.to]); break;
      case "meeple_placed": add(e.player, `${name(e.player)} put a meeple on ${spotInWords(e.spot, tileAt)}`, [e.spot.pos]); break;
      case "meeple_returned": add(e.player, `A meeple of ${name(e.player)} goes home`, [e.spot.pos], "note"); break;
      case "hole_dug": add(e.player, `${name(e.player)} dug a watering hole with ${a(e.animal)}`, [e.pos]); break;
      case "hole_expanded": add(e.player, `${name(e.player)} added ${a(e.animal)} to a watering hole`, [e.pos]); break;
      case "hole_completed": add(null, "A watering hole is complete", [], "note"); break;
      case "baobab_completed": add(e.player, `The baobab of ${name(e.player)} is surrounded: two tokens for them`, [e.pos], "note"); break;
      case "feature_completed": add(null, `A ${e.kind} is complete`, [e.pos], "note"); break;
      case "boost_used": add(e.player, `${name(e.player)} boosted with ${a(e.animal)}`); break;
      case "scored": add(e.player, `${name(e.player)} scores ${e.points} for ${reasonInWords(e.reason)}`, [], "score"); break;
      case "token_drawn": add(e.player, `${name(e.player)} draws ${a(e.animal)} token`, [], "draw"); break;
      case "tile_removed": add(null, "The tile drawn fits nowhere and leaves the game", [], "note"); break;
      case "supply_reshuffled": add(null, "The used tokens are shuffled back into the supply", [], "note"); break;
      case "game_over": add(null, `Game over: ${list(e.winners.map(name))} ${e.winners.length > 1 ? "win" : "wins"}`, [], "end"); break;
      case "tile_drawn": break;
      default: break;
    }
  }
  // A pass or a refused boost is the move itself: it comes before what followed it (the end of the game).
  if (entry.move === "pass") lines.unshift({ seat: entry.actor, text: `${name(entry.actor)} passed`, cells: [], kind: "move" });
  if (entry.move === "noboost") lines.unshift({ seat: entry.actor, text: `${name(entry.actor)} did not boost`, cells: [], kind: "move" });
  return lines;
}

/** What is being decided, in words, for the player whose turn it is. */
export function phaseInWords(phase) {
  return (
    {
      place: "places a tile",
      action: "takes an action",
      boost: "may boost",
      return: "puts the ranger back",
      draw_tile: "draws a tile",
      draw_token: "draws a token",
      game_over: "game over",
    }[phase.type] ?? phase.type
  );
}

const CORNERS = { ne: "north-east", se: "south-east", sw: "south-west", nw: "north-west" };
export const cornerInWords = (c) => CORNERS[c] ?? c;

/**
 * A board square in the board's words, from the middle of the start tile
 * (outlined on the board): "2 squares right and 1 up from the middle of the
 * start tile".
 */
export function cellInWords(text) {
  const [x, y] = text.split(",").map(Number);
  if (!x && !y) return "the middle of the start tile";
  const parts = [x > 0 ? `${x} right` : x < 0 ? `${-x} left` : "", y > 0 ? `${y} down` : y < 0 ? `${-y} up` : ""].filter(Boolean);
  const n = Math.abs(x || y);
  parts[0] = parts[0].replace(/^(\d+)/, `$1 square${n === 1 ? "" : "s"}`);
  return `${parts.join(" and ")} from the middle of the start tile`;
}

/**
 * A move in the engine's notation in words, for hints and reviews, named
 * the way the board shows it: by the label `mark` the board draws it with
 * ("place the tile on the square marked Hint, turned 90°"), or else from
 * the start tile ("… 2 squares right and 1 up from the middle of the start tile").
 * `tileAt(pos)` gives a TileView (for the meeple's spot on the tile just
 * placed, at `placed`).
 */
export function moveInWords(move, tileAt = () => null, placed = null, mark = null) {
  const [kind, ...args] = move.split(" ");
  const square = (s) => (mark ? `the square marked “${mark}”` : cellInWords(s));
  const at = (s) => (mark ? `on ${square(s)}` : cellInWords(s));
  switch (kind) {
    case "place": return `place the tile ${at(args[0])}, turned ${args[1]}°`;
    case "meeple": {
      if (args[0] === "baobab") return "put a meeple on the baobab";
      const seg = placed ? tileAt(placed)?.segments[Number(args[0])] : null;
      return `put a meeple on the ${seg ? seg.kind : "spot " + args[0]} of the tile`;
    }
    case "ranger": return mark ? `move the ringed ranger to ${square(args[1])}` : `move a ranger to ${cellInWords(args[1])} (it was ${cellInWords(args[0])})`;
    case "dig": return mark ? `dig a watering hole at the corner marked “${mark}” with ${a(args[2])} token` : `dig a watering hole at the ${cornerInWords(args[1])} corner of the tile ${cellInWords(args[0])} with ${a(args[2])} token`;
    case "expand": return mark ? `add ${a(args[2])} token to the watering hole at the corner marked “${mark}”` : `add ${a(args[2])} token to the watering hole at the ${cornerInWords(args[1])} corner of the tile ${cellInWords(args[0])}`;
    case "pass": return "pass";
    case "boost": return `boost with ${a(args[0])} token`;
    case "noboost": return "not boost";
    case "return": return `put the ranger back ${at(args[0])}`;
    default: return move;
  }
}

/** How often something happens, in words: "about 3 times in 10", "about 1 time in 20". */
export function chanceInWords(p) {
  if (p >= 0.95) return "almost surely";
  if (p >= 0.15) return `about ${Math.round(p * 10)} times in 10`;
  if (p >= 0.02) return `about 1 time in ${Math.round(1 / p)}`;
  return "hardly ever";
}

/** A chance as a percentage: "62%". */
export const percent = (p) => `${Math.round(p * 100)}%`;

const SPOT_CLOSES = { trail: "the trail is completed", bush: "the bush is completed", baobab: "the baobab is surrounded", hole: "the watering hole fills" };
const SPOT_NAMES = { trail: "trail", bush: "bush", baobab: "baobab", hole: "watering hole" };

/**
 * Why a move is worth what it is, in words, from what its turn leads to (an
 * advice Outcome): the points the turn scores and how, what the rest of the
 * turn does, the chance a meeple left out comes home with points, the
 * meeples a pass keeps, what a ranger's move leaves the next player, and
 * the mover's chance to win after it. `me` is the mover; `move` the move.
 */
export function outcomeInWords(outcome, me, move, name) {
  const lines = [];
  const kind = move.split(" ")[0];
  const scored = outcome.events.filter((e) => e.type === "scored");
  // After the placement, points the placement set up are scored whatever the
  // action: they are the turn's, not the decision's.
  const when = kind === "place" ? "By the end of the turn" : "By the end of the turn, with the tile as placed";
  if (scored.length) lines.push(`${when}: ${list(scored.map((e) => `${name(e.player)} scores ${pointsInWords(e.points)} for ${reasonInWords(e.reason)}`))}.`);
  // What the rest of the turn does, as the hint would play it.
  const then = [];
  for (const e of outcome.events) {
    if (e.type === "meeple_placed" && e.player === me && kind === "place") then.push("put a meeple on the tile");
    if (e.type === "hole_dug" && kind === "place") then.push(`dig a watering hole with ${a(e.animal)}`);
    if (e.type === "boost_used" && kind !== "boost") then.push(`boost with ${a(e.animal)}`);
    if (e.type === "ranger_returned" && kind !== "return") then.push("put the ranger back");
  }
  if (then.length) lines.push(`Then ${list(then)}.`);
  for (const r of outcome.reasons) {
    if (r.type === "claim") {
      const what = r.kind ?? r.spot.type;
      lines.push(`The meeple stays on the ${SPOT_NAMES[what] ?? what}: ${SPOT_CLOSES[what] ?? "it completes"} ${chanceInWords(r.chance)} before the game ends, and the meeple comes home with its reward.`);
    } else if (r.type === "keep") {
      const what = r.kind ?? r.spot.type;
      lines.push(`Keeps ${count(r.meeples, "meeple")} for later: on the likeliest free spot, ${SPOT_CLOSES[what] ?? "it completes"} ${chanceInWords(r.chance)} before the game ends.`);
    } else if (r.type === "ranger") {
      lines.push(`${name(r.seat)}, next to place a tile, can expect ${r.after.toFixed(1)} points from the rangers, against ${r.before.toFixed(1)} before.`);
    }
  }
  if (!scored.length && !outcome.reasons.length && !then.length) lines.push("It scores nothing this turn; it leaves the best position for the turns to come.");
  lines.push(`${name(me)}'s chance to win after it: ${percent(outcome.win[me] ?? 0)}.`);
  return lines;
}

/** A number of points with its sign and one decimal at most: "+3", "−1.5". */
export function signed(x) {
  const r = Math.round(x * 10) / 10;
  return `${r > 0 ? "+" : r < 0 ? "\u2212" : "\u00b1"}${Math.abs(r)}`;
}
