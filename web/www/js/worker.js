// The bots' thread: a module worker that loads the same WebAssembly as the
// page and answers one request at a time, so that the page never freezes
// while a bot thinks.
//
// The bots of the game being played are kept here from one decision to the
// next (`SeatBots`: one bot per seat, fed the moves as they are played), so
// that a search reuses what it searched before and a learned bot parses its
// model once.
//
// Requests:
//   { id, record, spec, seed }            the bot's move in the last position of `record`,
//                                         by the bots of that game (new ones)
//   { id, from, moves, spec, seed }       the bot's move after `moves` (the moves played
//                                         since step `from`, the kept bots' position)
//       -> { id, move, iterations, reused, ms }
//   { id, kind: "hint", record, seed }    the advisor's hint for the last position -> { id, hint, ms }
//   { id, kind: "judge", record, move }   the advisor's opinion of `move` in the last position
//       -> { id, judgement, ms }
//   { id, kind: "review", record }        the advisor's review of every decision:
//       progress { id, progress: {done, total}, judgement } after each one,
//       then     { id, review: {judgements, end, endWin, luck}, ms }
// A refusal is { id, error: {name, message} }; a panic in the WebAssembly is
// reported as { panic: message }.

import init, { Reviewer, SeatBots, hint, judge } from "../pkg/carcassonne_safari_web.js";

globalThis.onWasmPanic = (message) => postMessage({ panic: message });

const ready = init();

/** The bots of the game being played: a wasm `SeatBots`, or null before the first move asked. */
let bots = null;

function botChoice({ record, from, moves, spec, seed }) {
  if (record !== undefined) {
    bots?.free();
    bots = null;
    bots = new SeatBots(record);
  } else if (bots === null || bots.step !== from) {
    throw Object.assign(new Error(`the worker's bots are at step ${bots?.step ?? "none"}, not ${from}: send the record`), { name: "BotError" });
  } else {
    bots.play(moves);
  }
  return bots.choose(spec, seed);
}

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
    return { judgements, end: Array.from(reviewer.end()), endWin: Array.from(reviewer.endWin()), luck: Array.from(reviewer.luck()) };
  } finally {
    reviewer.free();
  }
}

self.onmessage = async (event) => {
  const { id, kind = "move", record, seed } = event.data;
  try {
    await ready;
    const start = performance.now();
    if (kind === "hint") {
      postMessage({ id, hint: hint(record, seed), ms: performance.now() - start });
    } else if (kind === "judge") {
      postMessage({ id, judgement: judge(record, event.data.move), ms: performance.now() - start });
    } else if (kind === "review") {
      postMessage({ id, review: review(id, record), ms: performance.now() - start });
    } else {
      const choice = botChoice(event.data);
      postMessage({ id, move: choice.move, iterations: choice.iterations, reused: choice.reused, ms: performance.now() - start });
    }
  } catch (e) {
    postMessage({ id, error: { name: e?.name ?? "Error", message: String(e?.message ?? e) } });
  }
};
