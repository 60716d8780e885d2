// @ts-check
// A game played at this browser: the engine's LocalGame (WebAssembly) with seats
// of people and bots, the bots thinking in a worker. It is the page's game
// source: the controller and the board see only this interface
//   seats, seed, step, view(step), entries(from, to), summary(step),
//   lastTurns(), positions(), moves(), humanToMove, canUndo, thinking,
//   play(move), undo(), exportRecord(), start(), dispose()
// and are told of every change through `onChange`, so that a game coming
// from a server (the same views over a WebSocket) can take its place.

import { BotClient } from "./bot-client.js";

export class LocalGame {
  /**
   * @param {object} wasm the engine module
   * @param {object} game a wasm `LocalGame`
   * @param {{pace?: number, bots?: boolean, onChange: () => void, onError: (e: Error) => void, onPanic: (m: string) => void}} hooks
   *   pace: pause in ms before a bot's move (not before the first after a person's move);
   *   bots: false for a replay (nobody moves by themselves)
   */
  constructor(wasm, game, hooks) {
    this.wasm = wasm;
    this.game = game;
    this.hooks = hooks;
    this.pace = hooks.pace ?? 350;
    this.runBots = hooks.bots !== false;
    this.client = new BotClient(hooks.onPanic);
    this.generation = 0;
    /** The game line: changes whenever moves are taken back or replaced, so that the worker's bots start again from the record. */
    this.line = 0;
    this.thinking = null;
    this.lastHumanMoveAt = null;
    this.botMovesSinceHuman = 0;
    /** Bot timings: {seat, spec, step, move, compute (ms), iterations, reused (the search's kept visits), clickToMove (ms)}. */
    this.timings = [];
  }

  static create(wasm, options, hooks) {
    return new LocalGame(wasm, new wasm.LocalGame(options), hooks);
  }

  static fromRecord(wasm, json, seed, hooks) {
    return new LocalGame(wasm, wasm.LocalGame.fromRecord(json, seed), hooks);
  }

  get seats() { return this.game.seats; }
  get seed() { return this.game.seed; }
  get step() { return this.game.step; }
  get humanToMove() { return !this.thinking && this.game.humanToMove; }
  get canUndo() { return this.runBots && this.game.canUndo; }
  view(step) { return this.game.view(step); }
  entries(from, to) { return this.game.entries(from, to); }
  summary(step) { return this.game.summary(step); }
  lastTurns() { return this.game.lastTurns(); }
  positions() { return Array.from(this.game.positions()); }
  moves() { return this.game.moves(); }
  exportRecord() { return this.game.exportRecord(); }

  /** Resolves draws and lets a bot move when one is to. */
  start() {
    if (!this.runBots) return this.hooks.onChange();
    this.game.advance();
    this.hooks.onChange();
    if (this.game.botToMove) this.requestBot();
  }

  /** Plays a person's move (notation); throws the engine's typed error and changes nothing when refused. */
  play(move) {
    if (!this.runBots) throw Object.assign(new Error("a replay cannot be played; play on from here first"), { name: "NotYourTurn" });
    this.game.play(move);
    this.lastHumanMoveAt = performance.now();
    this.botMovesSinceHuman = 0;
    this.start();
  }

  undo() {
    this.cancelBot();
    this.game.undo();
    this.line++;
    this.start();
  }

  /** Plays on from `step` with `{seed, seats}` (after loading a record). */
  continueFrom(step, options) {
    this.game.continueFrom(step, options);
    this.line++;
    this.runBots = true;
    this.start();
  }

  cancelBot() {
    this.generation++;
    this.client.reset();
    this.thinking = null;
  }

  requestBot() {
    const game = this.game;
    const generation = ++this.generation;
    const step = game.step;
    const spec = game.botToMove;
    const seed = game.botSeed;
    const seat = game.view().to_move;
    const delay = this.botMovesSinceHuman > 0 || this.lastHumanMoveAt === null ? this.pace : 0;
    this.thinking = { seat, since: performance.now() };
    this.hooks.onChange();
    const ask = () => {
      if (generation !== this.generation) return;
      this.client
        .choose(game, this.line, spec, seed)
        .then((reply) => {
          if (generation !== this.generation) return;
          this.thinking = null;
          try {
            game.playBot(reply.move, step);
          } catch (e) {
            this.hooks.onError(e);
            return;
          }
          const first = this.botMovesSinceHuman === 0 && this.lastHumanMoveAt !== null;
          this.botMovesSinceHuman++;
          this.timings.push({ seat, spec, step, move: reply.move, compute: reply.ms, iterations: reply.iterations, reused: reply.reused, clickToMove: first ? performance.now() - this.lastHumanMoveAt : null });
          this.start();
        })
        .catch((e) => {
          if (e.name === "Cancelled" || generation !== this.generation) return;
          this.thinking = null;
          this.hooks.onError(e);
          this.hooks.onChange();
        });
    };
    if (delay > 0) setTimeout(ask, delay);
    else ask();
  }

  dispose() {
    this.cancelBot();
    this.client.close();
    this.game.free();
  }
}
