// The game controller: owns the engine's Game, asks the bots' worker for bot
// moves, turns clicks into moves, and redraws the page after every change.
// Modes: "play" (a game in progress) and "replay" (a loaded record stepped
// through; nothing can be played).

import { Board } from "./board.js";
import { BotClient } from "./bot-client.js";
import {
  clearMessage,
  renderLog,
  renderScores,
  renderTurn,
  setStatus,
  setThinking,
  showMessage,
  showPanic,
  showSummary,
} from "./controls.js";

const $ = (id) => document.getElementById(id);

export class Controller {
  /**
   * @param {object} wasm the engine module (Game, ...)
   * @param {{pace: number}} settings pace: pause in ms between two bot decisions
   */
  constructor(wasm, settings) {
    this.wasm = wasm;
    this.pace = settings.pace;
    this.game = null;
    this.options = null;
    this.mode = "play";
    this.generation = 0;
    this.thinking = null;
    this.crashed = false;
    this.loggedStep = 0;
    this.summaryShown = false;
    this.lastHumanMoveAt = null;
    this.botMovesSinceHuman = 0;
    /** Bot timings: {seat, spec, step, clickToMove (ms, first bot move after a person's move), compute (ms)}. */
    this.timings = [];
    this.ui = this.freshUi();
    this.board = new Board($("board"), (data) => this.boardAction(data));
    this.bots = new BotClient((message) => this.panic(message));
  }

  freshUi() {
    return { rotation: 0, selectedRanger: null, showHoles: false, selectedHole: null };
  }

  // ------------------------------------------------------------ game life

  /** Starts a game with `{seed, seats}`; a refused setup leaves the current game. */
  newGame(options) {
    let game;
    try {
      game = new this.wasm.Game(options);
    } catch (e) {
      this.error(e);
      return false;
    }
    this.replaceGame(game, options);
    this.mode = "play";
    this.board.fit();
    this.afterChange();
    return true;
  }

  replaceGame(game, options) {
    this.cancelBot();
    this.game?.free();
    this.game = game;
    this.options = options;
    this.ui = this.freshUi();
    this.loggedStep = 0;
    this.summaryShown = false;
    this.lastHumanMoveAt = null;
    clearMessage();
    renderLog([]);
    $("replay").hidden = true;
    document.body.dataset.mode = this.mode;
  }

  /** After any change: resolve draws, redraw, and let a bot move if one is to. */
  afterChange() {
    if (this.crashed || !this.game) return;
    if (this.mode === "play") this.game.advance();
    this.refresh();
    if (this.mode !== "play") return;
    const d = this.game.decision();
    if (d.phase === "over") {
      if (!this.summaryShown) {
        this.summaryShown = true;
        this.showSummary();
      }
      return;
    }
    if (this.game.botToMove) this.requestBot();
  }

  cancelBot() {
    this.generation++;
    this.bots.reset();
    this.thinking = null;
    setThinking(null);
  }

  requestBot() {
    const game = this.game;
    const generation = ++this.generation;
    const step = game.step;
    const spec = game.botToMove;
    const seed = game.botSeed;
    const seat = game.decision().actor;
    const label = game.scoreboard().players[seat]?.label ?? spec;
    const delay = this.botMovesSinceHuman > 0 || this.lastHumanMoveAt === null ? this.pace : 0;
    this.thinking = { seat, since: performance.now() };
    setThinking(`p${seat} (${label}) is thinking…`);
    this.refreshScores();
    const ask = () => {
      if (generation !== this.generation) return;
      this.bots
        .choose(game.exportRecord(), spec, seed)
        .then((reply) => {
          if (generation !== this.generation || this.game !== game) return;
          this.thinking = null;
          setThinking(null);
          try {
            game.playBot(reply.move, step);
          } catch (e) {
            this.error(e);
            return;
          }
          const first = this.botMovesSinceHuman === 0 && this.lastHumanMoveAt !== null;
          this.botMovesSinceHuman++;
          this.afterChange();
          this.timings.push({
            seat,
            spec,
            step,
            move: reply.move,
            compute: reply.ms,
            iterations: reply.iterations,
            clickToMove: first ? performance.now() - this.lastHumanMoveAt : null,
          });
        })
        .catch((e) => {
          if (e.name === "Cancelled" || generation !== this.generation) return;
          this.thinking = null;
          setThinking(null);
          this.error(e);
        });
    };
    if (delay > 0) setTimeout(ask, delay);
    else ask();
  }

  /** Plays a person's move; a refused move shows why and changes nothing. */
  play(move) {
    if (this.crashed || this.mode !== "play" || !this.game?.humanToMove) return;
    try {
      this.game.play(move);
    } catch (e) {
      this.error(e);
      return;
    }
    clearMessage();
    this.ui = this.freshUi();
    this.lastHumanMoveAt = performance.now();
    this.botMovesSinceHuman = 0;
    this.afterChange();
  }

  undo() {
    if (this.crashed || this.mode !== "play" || !this.game?.canUndo) return;
    this.cancelBot();
    try {
      this.game.undo();
    } catch (e) {
      this.error(e);
      return;
    }
    this.ui = this.freshUi();
    this.loggedStep = 0;
    this.summaryShown = false;
    renderLog([]);
    $("summary").open && $("summary").close();
    this.afterChange();
  }

  rotate(delta) {
    if (!this.humanDecides("place")) return;
    this.ui.rotation = (this.ui.rotation + delta + 360) % 360;
    this.refresh();
  }

  humanDecides(phase) {
    return !this.crashed && this.mode === "play" && this.game?.humanToMove && this.game.decision().phase === phase;
  }

  // ------------------------------------------------------------ board clicks

  boardAction(data) {
    if (this.crashed || this.mode !== "play" || !this.game?.humanToMove) return;
    const d = this.game.decision();
    switch (data.act) {
      case "place":
        if (d.phase === "place") this.play(`place ${data.x},${data.y} ${this.ui.rotation}`);
        break;
      case "rotate-to": {
        // A cell that fits another way: turn the tile to the nearest fitting rotation.
        if (d.phase !== "place") break;
        const rotations = data.rotations.split(",").map(Number);
        const next = [90, 180, 270].map((k) => (this.ui.rotation + k) % 360).find((r) => rotations.includes(r));
        if (next !== undefined) {
          this.ui.rotation = next;
          this.refresh();
        }
        break;
      }
      case "move":
        this.play(data.move);
        break;
      case "select-ranger": {
        const same = this.ui.selectedRanger && this.ui.selectedRanger.x === Number(data.x) && this.ui.selectedRanger.y === Number(data.y);
        this.ui.selectedRanger = same ? null : { x: Number(data.x), y: Number(data.y) };
        this.refresh();
        break;
      }
      case "select-hole":
        this.ui.selectedHole = Number(data.index);
        this.refresh();
        break;
      default:
        break;
    }
  }

  toggleHoles() {
    if (!this.humanDecides("action")) return;
    this.ui.showHoles = !this.ui.showHoles;
    this.ui.selectedHole = null;
    this.refresh();
  }

  // ------------------------------------------------------------ drawing

  /** The step shown: the current one, or the replay cursor. */
  shownStep() {
    return this.mode === "replay" ? this.replay.positions[this.replay.index] : this.game.step;
  }

  refreshScores() {
    if (!this.game) return;
    const sb = this.game.scoreboard(this.shownStep());
    this.labelSeats(sb);
    renderScores(sb, { thinkingSeat: this.thinking?.seat ?? null });
    return sb;
  }

  labelSeats(sb) {
    if (this.mode === "replay") for (const p of sb.players) p.label = "";
  }

  refresh() {
    const game = this.game;
    if (!game) return;
    const step = this.shownStep();
    const sb = this.refreshScores();
    const d = game.decision(step);
    const replay = this.mode === "replay";
    const legal = !replay && d.human ? game.legal() : null;
    this.board.lastPlacedBy = d.placed ? d.activePlayer : null;
    this.board.render(game.board(step), legal ? this.interaction(d, legal) : null);
    if (replay) {
      this.renderReplay(d);
    } else {
      renderTurn(d, legal, sb, this.ui, {
        rotate: (delta) => this.rotate(delta),
        play: (move) => this.play(move),
        toggleHoles: () => this.toggleHoles(),
        summary: () => this.showSummary(),
      });
      renderLog(game.events(this.loggedStep), { append: this.loggedStep > 0 });
      this.loggedStep = game.step;
    }
    $("btn-undo").disabled = replay || !game.canUndo;
    $("btn-summary").hidden = !(d.phase === "over");
    const who = d.actor !== null && d.actor !== undefined ? `p${d.actor} to move` : d.phase === "over" ? "game over" : "";
    setStatus(`${replay ? "Replay" : `Seed ${game.seed}`} · step ${step}${who ? " · " + who : ""}`);
    document.body.dataset.step = String(step);
    document.body.dataset.mode = this.mode;
  }

  interaction(d, legal) {
    switch (d.phase) {
      case "place":
        return { kind: "place", placements: legal.placements, rotation: this.ui.rotation, tile: d.tile, seat: d.actor };
      case "action":
        return { kind: "action", legal, seat: d.actor, selectedRanger: this.ui.selectedRanger, showHoles: this.ui.showHoles, selectedHole: this.ui.selectedHole };
      case "return":
        return { kind: "return", legal, seat: d.actor };
      case "boost":
        return { kind: "boost", feature: d.scoring };
      default:
        return null;
    }
  }

  showSummary() {
    if (!this.game) return;
    const step = this.shownStep();
    const sb = this.game.scoreboard(step);
    this.labelSeats(sb);
    showSummary(this.game.summary(step), sb);
  }

  // ------------------------------------------------------------ records

  exportRecord() {
    if (!this.game) return;
    const json = this.game.exportRecord();
    const blob = new Blob([json], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `safari-seed${this.game.seed}-step${this.game.step}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  /** Loads a JSON record for stepping through; a bad record changes nothing. */
  loadRecord(text, name = "the file") {
    if (this.crashed) return false;
    let game;
    try {
      game = this.wasm.Game.fromRecord(text);
    } catch (e) {
      showMessage(`Could not load ${name}: ${e.message}. The current game is unchanged.`);
      return false;
    }
    this.mode = "replay";
    this.replaceGame(game, { seed: 0, seats: [] });
    const positions = Array.from(game.positions());
    this.replay = { positions, index: positions.length - 1 };
    $("replay").hidden = false;
    this.board.fit();
    this.refresh();
    showMessage(`Loaded ${name}: ${game.step} moves. Step through it with ◀ ▶ (or the arrow keys).`, "info");
    return true;
  }

  stepReplay(where) {
    if (this.mode !== "replay") return;
    const last = this.replay.positions.length - 1;
    const i = { first: 0, prev: this.replay.index - 1, next: this.replay.index + 1, last }[where];
    this.replay.index = Math.max(0, Math.min(last, i));
    this.refresh();
  }

  renderReplay(d) {
    const step = this.shownStep();
    const { positions, index } = this.replay;
    const moves = this.game.moves();
    const title = $("turn-title");
    title.dataset.phase = d.phase;
    title.textContent = "Replay";
    const next = moves[step];
    const body = $("turn-body");
    body.replaceChildren();
    const p = document.createElement("p");
    p.textContent = d.phase === "over" ? "The end of the game." : next ? `Next: ${d.actor !== null ? "p" + d.actor + " " : ""}${next}` : "";
    body.append(p);
    $("rp-label").textContent = `Position ${index + 1} of ${positions.length} (step ${step} of ${moves.length})`;
    renderLog(this.game.events(0, step));
  }

  /** The number of players of the game shown. */
  players() {
    return this.game ? this.game.scoreboard().players.length : 0;
  }

  /** Plays on from the replay's position with `{seed, seats}`; a refusal changes nothing. */
  continueFrom(options) {
    if (this.crashed || this.mode !== "replay") return false;
    try {
      this.game.continueFrom(this.shownStep(), options);
    } catch (e) {
      this.error(e);
      return false;
    }
    this.mode = "play";
    this.options = options;
    this.ui = this.freshUi();
    this.loggedStep = 0;
    this.summaryShown = false;
    this.lastHumanMoveAt = null;
    $("replay").hidden = true;
    clearMessage();
    renderLog([]);
    this.afterChange();
    return true;
  }

  // ------------------------------------------------------------ errors

  error(e) {
    if (this.crashed) return;
    if (e instanceof WebAssembly.RuntimeError) {
      // The panic hook has already shown the message.
      this.crashed = true;
      return;
    }
    showMessage(`${e.name && e.name !== "Error" ? e.name + ": " : ""}${e.message ?? e}`);
  }

  panic(message) {
    this.crashed = true;
    this.cancelBot();
    document.body.classList.add("crashed");
    showPanic(message);
  }
}
