// The review of a game in the page (the replay mode's panel): for the
// position shown, the move played against the advisor's, drawn together on
// the board in two colours with a legend; the mistakes by turn, with the
// player, the kind of decision and the tile in hand, filtered by player; and
// a graph of each player's chance to win, the mistakes and the lucky draws
// marked, that goes to the decision tapped. Also the replay's own words: the
// turn, the tile in hand, the move that follows.

import { playerColour, SVG_NS } from "./art.js";
import { h, playerTag, tilePicture } from "./panels.js";
import { moveInWords, percent, phaseInWords, signed, tileInWords } from "./words.js";
import { designInfo } from "./art.js";

const round = (x) => String(Math.round(x));

/**
 * A mistake: a decision the judge does not agree with — it gave away more
 * than the judge's noise (a point of expected margin) against its best.
 */
export const isMistake = (j) => !j.agrees;

/** The labels and classes of the two moves drawn at a judged decision. */
export const PLAYED = { label: "Played", cls: "played" };
export const BETTER = { label: "Better", cls: "better" };
/** The label and class of the move tried in a lesson ("learn from your mistakes"). */
export const TRIED = { label: "Yours", cls: "played" };

/** How many of a player's worst decisions a lesson goes through. */
export const LESSON_SIZE = 5;

/**
 * What a decision was, from the view of its position and the move played:
 * `{turn, seat, phase, design, kind}`; `turn` counts from 1 as a player
 * does, `design` is the tile in hand (to place, or placed this turn),
 * `kind` the kind of decision in words ("placing the tile", "action: a
 * meeple", "boost", ...).
 */
export function decisionOf(view, played) {
  const phase = view.phase.type;
  const placed = view.placed ? view.tiles.find((t) => t.pos.x === view.placed.x && t.pos.y === view.placed.y) : null;
  const design = phase === "place" ? view.phase.design : placed?.design ?? null;
  const seat = typeof view.to_move === "number" ? view.to_move : view.turn_player;
  return { turn: view.turn + 1, seat, phase, design, kind: kindInWords(phase, played) };
}

/** The kind of a decision in words, from its phase and the move played. */
export function kindInWords(phase, played = "") {
  const move = played.split(" ")[0];
  switch (phase) {
    case "place": return "placing the tile";
    case "action":
      return {
        meeple: "action: a meeple",
        ranger: "action: a ranger",
        dig: "action: a watering hole",
        expand: "action: a watering hole",
        pass: "action: pass",
      }[move] ?? "action";
    case "boost": return move === "noboost" ? "boost: none" : "boost";
    case "return": return "putting the ranger back";
    default: return phaseInWords({ type: phase });
  }
}

/** A tile design as a small picture, described for screen readers. */
function tileIcon(design, size = 26) {
  const info = designInfo(design);
  return tilePicture(design, 0, size, `tile in hand: ${info ? tileInWords(info) : design}`);
}

/**
 * The replay's panel text for the position at `step`: the turn, who decides
 * what with the tile in hand, and the move that follows in words. `ctx`:
 * {name, moves, tileAt, placedAt}.
 */
export function replayText(view, step, { name, moves, tileAt }) {
  const out = [];
  const next = moves[step];
  const phase = view.phase.type;
  if (phase === "game_over") return [h("p", { id: "replay-now" }, "The end of the game.")];
  if (typeof view.to_move !== "number") {
    out.push(h("p", { id: "replay-now" }, step === 0 ? "The start of the game: the tokens are dealt, then the first tile is drawn." : "Next: a draw."));
    return out;
  }
  const who = view.to_move;
  const d = decisionOf(view, next ?? "");
  out.push(
    h("p", { id: "replay-now", class: "replay-now" }, [
      h("strong", {}, `Turn ${d.turn}`),
      " · ",
      playerTag(who, name(who)),
      ` · ${d.kind.split(":")[0]}`,
    ]),
  );
  if (d.design) {
    const info = designInfo(d.design);
    out.push(
      h("div", { class: "replay-tile", id: "replay-tile" }, [
        tileIcon(d.design, phase === "place" ? 64 : 40),
        h("span", { class: "small" }, [phase === "place" ? "Tile in hand: " : "Tile placed this turn: ", info ? tileInWords(info) : d.design]),
      ]),
    );
  }
  if (next) {
    out.push(h("p", { class: "small", id: "replay-next" }, [`Next, ${name(who)} chose to ${moveInWords(next, tileAt, view.placed)}.`, h("span", { class: "detail" }, ` (${next})`)]));
  }
  return out;
}

/**
 * The marks to draw on the board at a judged decision: the move played (as
 * `mine` labels it), and the better one unless the judge agrees with it.
 */
export function reviewMarks(j, mine = PLAYED) {
  if (!j) return [];
  return [{ move: j.played, ...mine }, j.agrees ? null : { move: j.best, ...BETTER }].filter(Boolean);
}

/**
 * The worst decisions of `seat` in a finished review, for a lesson: its
 * mistakes, the `LESSON_SIZE` that gave away most, in the order of the game.
 */
export function lessonOf(review, seat) {
  return review.list
    .filter((j) => j.seat === seat && isMistake(j))
    .sort((a, b) => b.loss - a.loss)
    .slice(0, LESSON_SIZE)
    .sort((a, b) => a.step - b.step);
}

/**
 * The lesson's panel ("learn from your mistakes", after lichess): which of
 * the player's worst decisions this is, what the game's move gave away, and
 * once a move is tried, the advisor's opinion of it against the game's.
 * `lesson`: {seat, judgements, at, tried, pending}; `on`: {retry, next, end}.
 */
export function lessonBox(lesson, { advisor, name, tileAt, placedAt, describe, on }) {
  const j = lesson.judgements[lesson.at];
  const d = describe(j.step, j.played);
  const last = lesson.at + 1 >= lesson.judgements.length;
  const out = [
    h("p", { class: "replay-now" }, [h("strong", {}, `Mistake ${lesson.at + 1} of ${lesson.judgements.length}`), " · ", h("strong", {}, `Turn ${d.turn}`), " · ", playerTag(j.seat, name(j.seat)), ` · ${d.kind.split(":")[0]}`]),
    h("p", {}, `In the game, ${name(j.seat)} gave away ${j.loss.toFixed(1)} expected points here: ${moveInWords(j.played, tileAt, placedAt)}. Find a better move.`),
  ];
  const t = lesson.tried;
  if (lesson.pending) out.push(h("p", { role: "status", id: "lesson-result" }, [h("span", { class: "spinner" }), ` ${advisor} is weighing your move…`]));
  else if (t) {
    const found = t.agrees;
    const better = t.loss < j.loss - 0.05;
    const verdict = found
      ? t.played === t.best
        ? `Well found: ${advisor} plays it too.`
        : `Well found: within a point of ${advisor}'s own move.`
      : better
        ? `Better than the game's move: it gives away ${t.loss.toFixed(1)} expected points instead of ${j.loss.toFixed(1)}. ${advisor} would ${moveInWords(t.best, tileAt, placedAt, BETTER.label)}.`
        : `Not better: it gives away ${t.loss.toFixed(1)} expected points (the game's move ${j.loss.toFixed(1)}).`;
    out.push(h("p", { role: "status", id: "lesson-result", class: `review-now ${found ? "good" : better ? "" : "bad"}` }, verdict));
    out.push(
      h("div", { class: "button-row" }, [
        found ? null : h("button", { type: "button", id: "lesson-retry", onclick: on.retry }, "Try again"),
        h("button", { type: "button", class: "primary", id: "lesson-next", onclick: on.next }, last ? "Finish" : "Next mistake"),
      ]),
    );
  }
  out.push(h("div", { class: "button-row" }, [h("button", { type: "button", class: "small", id: "lesson-end", onclick: on.end }, "Back to the review")]));
  return h("div", { class: "lesson", id: "lesson", role: "group", "aria-label": "Learn from your mistakes" }, out);
}

/** The seats the mistakes list shows first: the one person of the game, or everyone. */
export function defaultFilter(seats) {
  const people = seats.map((s, i) => (s.bot ? null : i)).filter((i) => i !== null);
  return people.length === 1 ? people[0] : null;
}

/**
 * The review panel: progress while the worker judges, then for the
 * position shown the move played against the advisor's (with the board's
 * legend), the expected points each player gave away, the mistakes by turn
 * (filtered by player; buttons that go to their decision) and the graph.
 * `review`: {judgements: Map(step → Judgement), list, done, total,
 * finished, end, filter}. `ctx.describe(step, played)` gives a decision's
 * `decisionOf`; `ctx.onFilter(seat | null)` chooses the player.
 */
export function renderReview(box, review, ctx) {
  box.replaceChildren();
  if (!review) {
    box.hidden = true;
    return;
  }
  const { advisor, name, seats, step, tileAt, placedAt, onJump, describe, onFilter, onLearn } = ctx;
  box.hidden = false;
  box.append(h("h3", {}, `Review by ${advisor}`));
  if (!review.finished) {
    box.append(
      h("p", { class: "small", id: "review-progress-text" }, `Judging every decision: ${review.done} of ${review.total || "…"}`),
      h("progress", { id: "review-progress", max: String(review.total || 1), value: String(review.done), "aria-label": "Review progress" }),
    );
  }
  const j = review.judgements.get(step);
  if (j) {
    // Within the judge's noise of its best move, the move played agrees: nothing else is drawn.
    const same = j.agrees;
    const legend = (m, text) => h("span", { class: `legend-item ${m.cls}` }, [h("span", { class: "swatch", "aria-hidden": "true" }), text]);
    box.append(
      h("div", { class: `review-now ${same ? "good" : j.loss >= 2 ? "bad" : ""}`, id: "review-now" }, [
        h("p", {}, [playerTag(j.seat, name(j.seat)), ` played: ${moveInWords(j.played, tileAt, placedAt, PLAYED.label)}.`]),
        same
          ? h("p", {}, j.played === j.best ? `${advisor} agrees.` : `${advisor} agrees: within a point of its own move, too close to tell apart.`)
          : h("p", {}, [`${advisor} would ${moveInWords(j.best, tileAt, placedAt, BETTER.label)}: ${name(j.seat)} gave away ${j.loss.toFixed(1)} expected points.`]),
        h("p", { class: "legend small", id: "review-legend" }, [
          "On the board: ",
          legend(PLAYED, "the move played"),
          same ? "" : legend(BETTER, `the move ${advisor} prefers`),
          ...(onBoard(j.played) && (same || onBoard(j.best)) ? [] : [" (a pass or a boost has no place on the board)"]),
        ]),
      ]),
    );
  }
  const lost = seats.map(() => 0);
  for (const x of review.list) lost[x.seat] += x.loss;
  box.append(
    h("p", { class: "small", id: "review-errors" }, ["Expected points given away by the decisions: ", ...seats.flatMap((_, s) => [s ? ", " : "", playerTag(s, name(s)), ` ${lost[s].toFixed(1)}`])]),
  );
  // What the tiles and tokens drawn gave or took, on the same scale: the
  // expected margin after each draw less its mean over everything the draw
  // could have given.
  if (review.finished && review.luck) {
    const luck = review.luck;
    box.append(
      h("p", { class: "small", id: "review-luck" }, ["Expected points the draws gave: ", ...seats.flatMap((_, s) => [s ? ", " : "", playerTag(s, name(s)), ` ${signed(luck[s] ?? 0)}`])]),
    );
  }
  const filter = review.filter ?? null;
  box.append(
    h("div", { class: "button-row review-filter", id: "review-filter", role: "group", "aria-label": "Show the mistakes of" }, [
      h("button", { type: "button", class: `small${filter === null ? " toggled" : ""}`, "aria-pressed": String(filter === null), dataset: { seat: "all" }, onclick: () => onFilter(null) }, "Everyone"),
      ...seats.map((_, s) =>
        h("button", { type: "button", class: `small${filter === s ? " toggled" : ""}`, "aria-pressed": String(filter === s), dataset: { seat: String(s) }, onclick: () => onFilter(s) }, playerTag(s, name(s))),
      ),
    ]),
  );
  const mistakes = review.list.filter((x) => isMistake(x) && (filter === null || x.seat === filter)).sort((a, b) => a.step - b.step);
  if (mistakes.length) {
    // "Learn from your mistakes": one player's worst decisions, tried again.
    if (review.finished && filter !== null && onLearn) {
      const size = mistakes.length > LESSON_SIZE ? `the ${LESSON_SIZE} worst` : String(mistakes.length);
      box.append(h("button", { type: "button", class: "primary", id: "review-learn", onclick: () => onLearn(filter) }, `Learn from ${name(filter)}'s mistakes (${size})`));
    }
    box.append(
      h("h4", {}, `Mistakes by turn (${mistakes.length})`),
      h(
        "ol",
        { class: "mistakes", id: "review-mistakes" },
        mistakes.map((x) => {
          const d = describe(x.step, x.played);
          return h("li", {}, [
            h("button", { type: "button", class: `small${x.step === step ? " toggled" : ""}`, dataset: { step: x.step, seat: x.seat, turn: d.turn }, onclick: () => onJump(x.step) }, [
              h("strong", {}, `Turn ${d.turn}`),
              " · ",
              playerTag(x.seat, name(x.seat)),
              ` · ${d.kind}`,
              d.design ? tileIcon(d.design) : null,
              h("span", { class: "loss" }, signed(-x.loss)),
            ]),
          ]);
        }),
      ),
    );
  } else if (review.finished) {
    box.append(h("p", { class: "small", id: "review-no-mistakes" }, `No decision${filter === null ? "" : ` of ${name(filter)}`} gave away more than a point.`));
  }
  box.append(winGraph(review, seats, name, step, onJump));
}

/** Whether a move has a place on the board (a pass or a boost has none). */
const onBoard = (move) => !/^(pass|boost|noboost)\b/.test(move);

/** The luck of the draws before a decision (expected points) that the graph marks. */
export const LUCKY = 3;

/**
 * The graph of every player's chance to win over the decisions reviewed,
 * from 0 to 100% with an even game (one in as many as there are players)
 * marked: each mistake a dot on its player's line (larger from 2 points
 * given away), each run of draws that gave a player `LUCKY` points or more
 * a triangle in that player's colour on the axis. A tap (or a click) goes
 * to the decision nearest to it.
 */
export function winGraph(review, seats, name, step, onJump = () => {}) {
  const points = review.list.map((j) => ({ step: j.step, values: j.win, seat: j.seat, loss: j.loss, agrees: j.agrees, luck: j.luck ?? [] }));
  if (review.finished && review.endWin) points.push({ step: Infinity, values: review.endWin, luck: [] });
  const W = 280;
  const H = 150;
  const pad = { l: 34, r: 8, t: 8, b: 18 };
  const n = Math.max(1, points.length - 1);
  const x = (i) => pad.l + (i / n) * (W - pad.l - pad.r);
  const y = (v) => H - pad.b - v * (H - pad.t - pad.b);
  const svg = document.createElementNS(SVG_NS, "svg");
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text) node.textContent = text;
    svg.append(node);
    return node;
  };
  Object.entries({ viewBox: `0 0 ${W} ${H}`, width: "100%", class: "score-graph", id: "review-graph", role: "img" }).forEach(([k, v]) => svg.setAttribute(k, v));
  const last = points.at(-1)?.values ?? [];
  svg.setAttribute("aria-label", `Each player's chance to win over the game, ending at ${seats.map((_, s) => `${name(s)} ${percent(last[s] ?? 0)}`).join(", ")}. Dots mark mistakes, triangles lucky draws. Tap the graph to go to a decision.`);
  const even = 1 / Math.max(1, seats.length);
  for (const v of [0, even, 1]) {
    add("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: v === even ? "grid even" : "grid" });
    add("text", { x: pad.l - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" }, percent(v));
  }
  add("text", { x: (W + pad.l) / 2, y: H - 4, "text-anchor": "middle", class: "axis" }, "decisions → (tap to go there)");
  const at = points.findIndex((p) => p.step >= step);
  if (at >= 0) add("line", { x1: x(at), x2: x(at), y1: pad.t, y2: H - pad.b, class: "now" });
  seats.forEach((_, s) => {
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.values[s] ?? 0).toFixed(1)}`).join("");
    if (d) add("path", { d, fill: "none", stroke: playerColour(s), "stroke-width": 2, class: `line seat-${s}`, "stroke-dasharray": s % 2 ? "5 2" : "none" });
  });
  points.forEach((p, i) => {
    if (p.seat !== undefined && isMistake(p)) add("circle", { cx: x(i), cy: y(p.values[p.seat] ?? 0), r: p.loss >= 2 ? 4 : 2.5, fill: playerColour(p.seat), class: "mistake", "data-step": p.step });
    const lucky = p.luck.reduce((b, l, s) => (l > (p.luck[b] ?? -Infinity) ? s : b), 0);
    if ((p.luck[lucky] ?? 0) >= LUCKY) {
      const [cx, cy] = [x(i), H - pad.b];
      add("path", { d: `M${(cx - 3.5).toFixed(1)},${cy}L${cx.toFixed(1)},${cy - 6}L${(cx + 3.5).toFixed(1)},${cy}Z`, fill: playerColour(lucky), class: "luck", "data-step": p.step });
    }
  });
  // The decision under a tap: the nearest point along the x axis.
  const decisions = points.filter((p) => Number.isFinite(p.step));
  if (decisions.length) {
    svg.classList.add("tappable");
    svg.addEventListener("click", (e) => {
      const r = svg.getBoundingClientRect();
      const ux = ((e.clientX - r.left) / Math.max(r.width, 1)) * W;
      const i = Math.max(0, Math.min(decisions.length - 1, Math.round(((ux - pad.l) / (W - pad.l - pad.r)) * n)));
      onJump(decisions[i].step);
    });
  }
  const here = (review.judgements.get(step)?.win ?? (at < 0 ? last : points[at]?.values)) ?? [];
  const caption = here.length
    ? [`Chance to win${Number.isFinite(points[at]?.step) ? " at this decision" : " at the end"}: `, ...seats.flatMap((_, s) => [s ? " · " : "", playerTag(s, name(s)), ` ${percent(here[s] ?? 0)}`])]
    : ["Chance to win: ", ...seats.flatMap((_, s) => [s ? " · " : "", playerTag(s, name(s))])];
  return h("figure", { class: "graph" }, [
    svg,
    h("figcaption", { class: "small", id: "review-graph-caption" }, caption),
    h("p", { class: "small graph-key" }, `A dot on a line: that player's mistake. A triangle: draws that gave the player of its colour ${LUCKY} expected points or more.`),
  ]);
}
