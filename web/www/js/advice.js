// What the advisor (the two-ply "Expert bot", run in the page's worker) says, in the
// page: the hint for the decision at hand (the review of a game is review.js).

import { h } from "./panels.js";
import { moveInWords, outcomeInWords, percent } from "./words.js";


/** The advisor's name in the page: its bot level's label when it is one. */
export function advisorName(wasm) {
  const spec = wasm.advisorSpec();
  return wasm.botLevels().find((l) => l.spec === spec)?.label ?? `the ${spec} bot`;
}

/** The labels the board draws the hint's alternatives with, in their order. */
export const ALTERNATIVE_LABELS = ["2nd", "3rd"];

/**
 * The marks to draw on the board for a hint: its move, then its
 * alternatives (their labels low in the square when it is the hint's).
 */
export function hintMarks(hint) {
  if (!hint) return [];
  const square = (move) => move.split(" ").at(move.startsWith("ranger") ? 2 : 1);
  return [
    { move: hint.move, label: "Hint" },
    ...hint.alternatives.map((a, i) => ({ move: a.move, label: ALTERNATIVE_LABELS[i], cls: square(a.move) === square(hint.move) ? "alternative low" : "alternative" })),
  ];
}

/**
 * The hint part of the turn panel: a button, "thinking", or the hint in
 * words, why, and the moves about as good, with a button that plays it.
 * `advice`: null, {pending}, or {hint}.
 */
export function hintBlock(advice, { advisor, name, tileAt, placed, onAsk, onPlay }) {
  if (!advice) {
    return h("div", { class: "hint-box" }, [h("button", { type: "button", id: "btn-hint", title: `What would ${advisor} do? (I)`, onclick: onAsk }, "Hint")]);
  }
  if (advice.pending) {
    return h("div", { class: "hint-box", id: "hint-text", role: "status" }, [h("span", { class: "spinner" }), ` ${advisor} is thinking…`]);
  }
  const hint = advice.hint;
  const me = hint.seat;
  const why = outcomeInWords(hint.outcome, me, hint.move, name);
  const alternatives = hint.alternatives.map((alt, i) =>
    h("li", { dataset: { move: alt.move } }, [
      `${capitalised(moveInWords(alt.move, tileAt, placed, ALTERNATIVE_LABELS[i]))}: chance to win ${percent(alt.outcome.win[me] ?? 0)}`,
      h("span", { class: "detail" }, ` (${alt.move})`),
    ]),
  );
  return h("div", { class: "hint-box", id: "hint-text", role: "status", dataset: { move: hint.move } }, [
    h("p", {}, [h("strong", {}, `Hint from ${advisor}: `), `${moveInWords(hint.move, tileAt, placed, "Hint")}.`, h("span", { class: "detail" }, ` (${hint.move})`)]),
    h("ul", { class: "small hint-why", id: "hint-why", "aria-label": "Why" }, why.map((line) => h("li", {}, line))),
    alternatives.length ? h("div", { class: "small", id: "hint-alternatives" }, [h("p", {}, "About as good:"), h("ul", {}, alternatives)]) : null,
    h("div", { class: "button-row" }, [h("button", { type: "button", id: "btn-play-hint", class: "small", onclick: () => onPlay(hint.move) }, "Play this")]),
  ]);
}

const capitalised = (s) => s.charAt(0).toUpperCase() + s.slice(1);
