// What the advisor (the two-ply "Expert bot", run in the page's worker) says, in the
// page: the hint for the decision at hand (the review of a game is review.js).

import { h } from "./panels.js";
import { moveInWords } from "./words.js";

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
