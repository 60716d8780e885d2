// @ts-check
// The page's side of the bots' worker: one request at a time, answers matched
// by id, and a reset that drops a search nobody waits for any more. The
// worker keeps the bots of one game; the client remembers which game line and
// step they are at, and sends them the moves played since (the whole record
// when the worker is new or the game was rewound).

export class BotClient {
  /** @param {(message: string) => void} onPanic called when the worker's WebAssembly panics */
  constructor(onPanic) {
    this.onPanic = onPanic;
    this.nextId = 1;
    this.pending = new Map();
    this.worker = null;
    /** Where the worker's bots are: {line, step}, or null when it has none. */
    this.fed = null;
  }

  start() {
    this.fed = null;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => {
      const data = event.data;
      if (data.panic !== undefined) {
        this.onPanic(data.panic);
        return;
      }
      const job = this.pending.get(data.id);
      if (!job) return;
      if (data.progress) {
        job.onProgress?.(data.progress, data.judgement);
        return;
      }
      this.pending.delete(data.id);
      if (data.error) {
        const err = new Error(data.error.message);
        err.name = data.error.name;
        job.reject(err);
      } else {
        job.resolve(data);
      }
    };
    this.worker.onerror = (event) => {
      this.fed = null;
      const err = new Error(`the bots' worker failed: ${event.message ?? "unknown error"}`);
      for (const job of this.pending.values()) job.reject(err);
      this.pending.clear();
    };
  }

  /** Whether a request is being worked on. */
  get busy() {
    return this.pending.size > 0;
  }

  /**
   * Asks for the move of bot `spec` (seeded with `seed` when the seat's bot
   * is new) in the current position of `game` (a wasm `LocalGame`), on the
   * game line `line` (a number the caller changes whenever moves are taken
   * back or replaced).
   * @returns {Promise<{move: string, iterations: number, reused: number, ms: number}>}
   */
  choose(game, line, spec, seed) {
    if (!this.worker) this.start();
    const step = game.step;
    const fed = this.fed;
    const position =
      fed !== null && fed.line === line && fed.step <= step
        ? { from: fed.step, moves: game.moves().slice(fed.step) }
        : { record: game.exportRecord() };
    this.fed = { line, step };
    return this.request({ ...position, spec, seed }).catch((e) => {
      // A refusal may leave the worker's bots elsewhere: the record next time.
      this.fed = null;
      throw e;
    });
  }

  /**
   * Asks for the advisor's hint in the last position of `record`.
   * @returns {Promise<{hint: object, ms: number}>}
   */
  hint(record, seed) {
    return this.request({ kind: "hint", record, seed });
  }

  /**
   * Asks for the advisor's opinion of `move` in the last position of `record`.
   * @returns {Promise<{judgement: object, ms: number}>}
   */
  judge(record, move) {
    return this.request({ kind: "judge", record, move });
  }

  /**
   * Asks for the advisor's review of `record`; `onProgress({done, total},
   * judgement)` runs after each decision judged.
   * @returns {Promise<{review: {judgements: object[], end: number[], endWin: number[], luck: number[]}, ms: number}>}
   */
  review(record, onProgress) {
    return this.request({ kind: "review", record }, onProgress);
  }

  request(message, onProgress = null) {
    if (!this.worker) this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, ...message });
    });
  }

  /** Drops every request: a search still running is stopped with its worker (and its bots). */
  reset() {
    if (this.busy && this.worker) {
      this.worker.terminate();
      this.worker = null;
      this.fed = null;
    }
    for (const job of this.pending.values()) job.reject(Object.assign(new Error("cancelled"), { name: "Cancelled" }));
    this.pending.clear();
  }

  /** Stops the worker and drops every request (the game is over with). */
  close() {
    this.reset();
    this.worker?.terminate();
    this.worker = null;
    this.fed = null;
  }
}
