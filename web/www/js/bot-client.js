// The page's side of the bots' worker: one request at a time, answers matched
// by id, and a reset that drops a search nobody waits for any more.

export class BotClient {
  /** @param {(message: string) => void} onPanic called when the worker's WebAssembly panics */
  constructor(onPanic) {
    this.onPanic = onPanic;
    this.nextId = 1;
    this.pending = new Map();
    this.worker = null;
  }

  start() {
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
   * Asks for the move of bot `spec` in the last position of `record`.
   * @returns {Promise<{move: string, iterations: number, ms: number}>}
   */
  choose(record, spec, seed) {
    return this.request({ record, spec, seed });
  }

  /**
   * Asks for the advisor's hint in the last position of `record`.
   * @returns {Promise<{hint: object, ms: number}>}
   */
  hint(record, seed) {
    return this.request({ kind: "hint", record, seed });
  }

  /**
   * Asks for the advisor's review of `record`; `onProgress({done, total},
   * judgement)` runs after each decision judged.
   * @returns {Promise<{review: {judgements: object[], end: number[]}, ms: number}>}
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

  /** Drops every request: a search still running is stopped with its worker. */
  reset() {
    if (this.busy && this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    for (const job of this.pending.values()) job.reject(Object.assign(new Error("cancelled"), { name: "Cancelled" }));
    this.pending.clear();
  }
}
