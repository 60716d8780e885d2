// The bots' thread: a module worker that loads the same WebAssembly as the
// page and answers one request at a time with the bot's move, so that the page
// never freezes while a bot thinks.
//
// Request:  { id, record, spec, seed }   (record: JSON game record, seed: decimal)
// Reply:    { id, move, iterations, ms } or { id, error: {name, message} }
// A panic in the WebAssembly is reported as { panic: message }.

import init, { botMove } from "../pkg/carcassonne_safari_web.js";

globalThis.onWasmPanic = (message) => postMessage({ panic: message });

const ready = init();

self.onmessage = async (event) => {
  const { id, record, spec, seed } = event.data;
  try {
    await ready;
    const start = performance.now();
    const choice = botMove(record, spec, seed);
    postMessage({ id, move: choice.move, iterations: choice.iterations, ms: performance.now() - start });
  } catch (e) {
    postMessage({ id, error: { name: e?.name ?? "Error", message: String(e?.message ?? e) } });
  }
};
