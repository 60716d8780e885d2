// The bots' thread: a module worker that loads the same WebAssembly as the
// page and answers one request at a time, so that the page never freezes
// while a bot thinks.
//
// Requests:
//   { id, record, spec, seed }            the bot's move   -> { id, move, iterations, ms }
//   { id, kind: "hint", record, seed }    the advisor's hint for the last position -> { id, hint, ms }
//   { id, kind: "review", record }        the advisor's review of every decision:
//       progress { id, progress: {done, total}, judgement } after each one,
//       then     { id, review: {judgements, end}, ms }
// A refusal is { id, error: {name, message} }; a panic in the WebAssembly is
// reported as { panic: message }.

import init, { Reviewer, botMove, hint } from "../pkg/carcassonne_safari_web.js";

globalThis.onWasmPanic = (message) => postMessage({ panic: message });

const ready = init();

function review(id, record) {
  const reviewer = new Reviewer(record);
  try {
    const total = reviewer.total;
    const judgements = [];
    postMessage({ id, progress: { done: 0, total } });
    for (let j = reviewer.next(); j !== undefined; j = reviewer.next()) {
      judgements.push(j);
      postMessage({ id, progress: { done: judgements.length, total }, judgement: j });
    }
    return { judgements, end: Array.from(reviewer.end()) };
  } finally {
    reviewer.free();
  }
}

self.onmessage = async (event) => {
  const { id, kind = "move", record, spec, seed } = event.data;
  try {
    await ready;
    const start = performance.now();
    if (kind === "hint") {
      postMessage({ id, hint: hint(record, seed), ms: performance.now() - start });
    } else if (kind === "review") {
      postMessage({ id, review: review(id, record), ms: performance.now() - start });
    } else {
      const choice = botMove(record, spec, seed);
      postMessage({ id, move: choice.move, iterations: choice.iterations, ms: performance.now() - start });
    }
  } catch (e) {
    postMessage({ id, error: { name: e?.name ?? "Error", message: String(e?.message ?? e) } });
  }
};
