// What the advisor (the two-ply "Expert bot", run in the page's worker) says, in the
// page: the hint for the decision at hand, and the review of a game — each
// decision's best move and the expected points given away, the biggest
// mistakes first, and a graph of every player's expected final score.

import { playerColour, SVG_NS } from "./art.js";
import { h, playerTag } from "./panels.js";
import { moveInWords, signed } from "./words.js";

const round = (x) => String(Math.round(x));

/** The advisor's name in the page: its bot level's label when it is one. */
export function advisorName(wasm) {
  const spec = wasm.advisorSpec();
  return wasm.botLevels().find((l) => l.spec === spec)?.label ?? `the ${spec} bot`;
}

/**
 * The hint part of the turn panel: a button, "thinking", or the hint in
 * words with what it expects. `advice`: null, {pending}, or {hint}.
 */
export function hintBlock(advice, { advisor, name, tileAt, placed, onAsk }) {
  if (!advice) {
    return h("div", { class: "hint-box" }, [h("button", { type: "button", id: "btn-hint", title: `What would ${advisor} do? (I)`, onclick: onAsk }, "Hint")]);
  }
  if (advice.pending) {
    return h("div", { class: "hint-box", id: "hint-text", role: "status" }, [h("span", { class: "spinner" }), ` ${advisor} is thinking…`]);
  }
  const hint = advice.hint;
  const o = hint.outcome;
  const me = hint.seat;
  const points = o.points[me] ?? 0;
  const others = o.expected.map((x, s) => [s, x]).filter(([s]) => s !== me);
  return h("div", { class: "hint-box", id: "hint-text", role: "status", dataset: { move: hint.move } }, [
    h("p", {}, [h("strong", {}, `Hint from ${advisor}: `), `${moveInWords(hint.move, tileAt, placed)}.`, h("span", { class: "detail" }, ` (${hint.move})`)]),
    h("p", { class: "small" }, [
      points ? `By the end of this turn: +${points} point${points === 1 ? "" : "s"}. ` : "No points this turn. ",
      `Expected final score: ${name(me)} ${round(o.expected[me])}`,
      ...others.map(([s, x]) => `, ${name(s)} ${round(x)}`),
      ` (${o.margin >= 0 ? "ahead by" : "behind by"} ${Math.abs(Math.round(o.margin))}).`,
    ]),
  ]);
}

/**
 * The review panel: progress while the worker judges, then for the
 * position shown the move played against the advisor's, the expected
 * points each player gave away, the biggest mistakes (buttons that go to
 * their position) and the graph. `review`: {judgements: Map(step → Judgement),
 * list, done, total, finished, end}.
 */
export function renderReview(box, review, { advisor, name, seats, step, tileAt, placedAt, onJump, positionOf = (s) => s }) {
  box.replaceChildren();
  if (!review) {
    box.hidden = true;
    return;
  }
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
    const same = j.played === j.best;
    box.append(
      h("div", { class: `review-now ${same ? "good" : j.loss >= 2 ? "bad" : ""}`, id: "review-now" }, [
        h("p", {}, [playerTag(j.seat, name(j.seat)), ` played: ${moveInWords(j.played, tileAt, placedAt)}.`]),
        same
          ? h("p", {}, `${advisor} agrees.`)
          : h("p", {}, [`${advisor} would ${moveInWords(j.best, tileAt, placedAt)} (drawn on the board)`, j.loss >= 0.05 ? `: ${name(j.seat)} gave away ${j.loss.toFixed(1)} expected points.` : ", about as good."]),
      ]),
    );
  }
  const lost = seats.map(() => 0);
  for (const x of review.list) lost[x.seat] += x.loss;
  box.append(
    h("p", { class: "small" }, ["Expected points given away: ", ...seats.flatMap((_, s) => [s ? ", " : "", playerTag(s, name(s)), ` ${lost[s].toFixed(1)}`])]),
  );
  const worst = review.list.filter((x) => x.loss >= 0.5).sort((a, b) => b.loss - a.loss).slice(0, 8);
  if (worst.length) {
    box.append(
      h("h4", {}, "Biggest mistakes"),
      h(
        "ol",
        { class: "mistakes", id: "review-mistakes" },
        worst.map((x) =>
          h("li", {}, [
            h("button", { type: "button", class: `small${x.step === step ? " toggled" : ""}`, dataset: { step: x.step }, onclick: () => onJump(x.step) }, [playerTag(x.seat, name(x.seat)), ` position ${positionOf(x.step)}: ${signed(-x.loss)}`]),
          ]),
        ),
      ),
    );
  } else if (review.finished) {
    box.append(h("p", { class: "small" }, "No decision lost half a point or more."));
  }
  box.append(scoreGraph(review, seats, name, step));
}

/** The graph of every player's expected final score over the decisions reviewed. */
export function scoreGraph(review, seats, name, step) {
  const points = review.list.map((j) => ({ step: j.step, values: j.before }));
  if (review.finished && review.end) points.push({ step: Infinity, values: review.end });
  const W = 280;
  const H = 150;
  const pad = { l: 30, r: 8, t: 8, b: 18 };
  const max = Math.max(10, ...points.flatMap((p) => p.values));
  const n = Math.max(1, points.length - 1);
  const x = (i) => pad.l + (i / n) * (W - pad.l - pad.r);
  const y = (v) => H - pad.b - (v / max) * (H - pad.t - pad.b);
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
  svg.setAttribute("aria-label", `Expected final scores over the game: ${seats.map((_, s) => `${name(s)} ${Math.round(last[s] ?? 0)}`).join(", ")}`);
  for (const v of [0, max / 2, max]) {
    add("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: "grid" });
    add("text", { x: pad.l - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" }, round(v));
  }
  add("text", { x: (W + pad.l) / 2, y: H - 4, "text-anchor": "middle", class: "axis" }, "decisions →");
  const at = points.findIndex((p) => p.step >= step);
  if (at >= 0) add("line", { x1: x(at), x2: x(at), y1: pad.t, y2: H - pad.b, class: "now" });
  seats.forEach((_, s) => {
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.values[s] ?? 0).toFixed(1)}`).join("");
    if (d) add("path", { d, fill: "none", stroke: playerColour(s), "stroke-width": 2, class: `line seat-${s}`, "stroke-dasharray": s % 2 ? "5 2" : "none" });
  });
  return h("figure", { class: "graph" }, [svg, h("figcaption", { class: "small" }, ["Expected final score: ", ...seats.flatMap((_, s) => [s ? " · " : "", playerTag(s, name(s))])])]);
}
