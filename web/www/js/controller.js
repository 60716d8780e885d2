// The game controller: holds the game source (a LocalGame, or an OnlineGame
// from the game server, with the same interface), turns board and panel actions
// into moves, keeps the page's own state (the tile's rotation, a selected
// ranger or watering hole), saves the game, and redraws after every change.
// Modes: "play" (a game in progress) and "replay" (a loaded record stepped
// through, and the review; nothing can be played until "Play on from
// here"): the replay's methods are in replay-mode.js, which this class
// extends, and the online game's panels in online-panels.js, mixed in.

import { advisorName, hintBlock, hintMarks } from "./advice.js";
import { Board } from "./board.js";
import { BotClient } from "./bot-client.js";
import { LocalGame } from "./local-game.js";
import { OnlineGame } from "./online-game.js";
import { OnlinePanels } from "./online-panels.js";
import { ReplayMode } from "./replay-mode.js";
import { PLAYED, renderReview, reviewMarks, TRIED } from "./review.js";
import { clearMessage, h, renderLog, renderScores, renderTurn, setStatus, showMessage, showPanic, showSummary } from "./panels.js";
import { saveGame } from "./storage.js";
import { moveInWords } from "./words.js";

const $ = (id) => document.getElementById(id);

export class Controller extends OnlinePanels(ReplayMode) {
  /** @param {object} wasm the engine module; @param {{pace: number}} settings */
  constructor(wasm, settings) {
    super();
    this.wasm = wasm;
    this.pace = settings.pace;
    /** Whether a tap on the board only proposes a move, played once confirmed (a second tap or Confirm). */
    this.confirmMoves = Boolean(settings.confirmMoves);
    this.source = null;
    this.mode = "play";
    this.crashed = false;
    this.loggedStep = 0;
    this.summaryShown = false;
    this.placeStep = null;
    this.ui = this.freshUi();
    this.board = new Board($("board"), (data) => this.boardAction(data));
    this.hooks = { pace: this.pace, onChange: () => this.refresh(), onError: (e) => this.error(e), onPanic: (m) => this.panic(m) };
    // The advisor's own worker: a hint or a review never waits for a bot's move.
    this.advisor = new BotClient((m) => this.panic(m));
    this.advisorName = advisorName(wasm);
    /** The hint of the decision at hand: null, {step, pending}, or {step, hint}. */
    this.advice = null;
    /** What the page does for "Play again" (set by main.js). */
    this.onPlayAgain = null;
  }

  freshUi() {
    return { rotation: 0, selectedRanger: null, showHoles: false, selectedHole: null, pending: null };
  }

  /** A move chosen on the board: played at once, or proposed first when moves are confirmed. */
  propose(move) {
    if (!this.confirmMoves || this.ui.pending?.move === move) {
      this.ui.pending = null;
      this.play(move);
      return;
    }
    this.ui.pending = { step: this.source.step, move };
    this.refresh();
    document.getElementById("btn-confirm")?.focus({ preventScroll: true });
  }

  confirmPending() {
    const p = this.ui.pending;
    if (p && p.step === this.source?.step) this.propose(p.move);
  }

  cancelPending() {
    this.ui.pending = null;
    this.refresh();
  }

  // ------------------------------------------------------------ game life

  /** Starts a game with `{seed, seats}`; a refused setup leaves the current game. */
  newGame(options) {
    return this.use(() => LocalGame.create(this.wasm, options, this.hooks), "play");
  }

  /** Resumes a saved game `{record, seed}`. */
  resume(saved) {
    return this.use(() => LocalGame.fromRecord(this.wasm, saved.record, saved.seed, this.hooks), "play");
  }

  /**
   * Joins online game `where` ({game, token}): plays the token's seat, or
   * watches without one. `onUnauthorized` runs when the token opens no seat.
   */
  playOnline(where, { invites = null, onShowInvites = null, onUnauthorized = () => {}, onRematch = () => {} } = {}) {
    if (this.crashed) return false;
    const ok = this.use(() => new OnlineGame(this.wasm, where, { ...this.hooks, onUnauthorized, onRematch }), "play");
    if (ok) this.invites = invites ? { entry: invites, show: onShowInvites } : null;
    return ok;
  }

  /** Loads a JSON record to step through; a bad record changes nothing. */
  loadRecord(text, name = "the file", { quiet = false } = {}) {
    if (this.crashed) return false;
    // A game in progress at this browser is kept, to go back to ("Back to game N").
    const was = this.source;
    const left = was && !was.online && this.mode === "play" && this.current?.phase.type !== "game_over" ? { record: was.exportRecord(), seed: was.seed } : null;
    const ok = this.use(() => LocalGame.fromRecord(this.wasm, text, 0, { ...this.hooks, bots: false }), "replay", (e) =>
      showMessage(`Could not load ${name}: ${e.message}. The current game is unchanged.`),
    );
    if (ok) this.leftGame = left;
    if (ok && !quiet) {
      const back = left ? ` Your game ${left.seed} is kept: “Back to game ${left.seed}” returns to it.` : "";
      showMessage(`Loaded ${name}: ${this.replay.positions.length} positions. Step through them with ◀ ▶ (or the arrow keys), or review the game.${back}`, "info");
    }
    if (ok) this.refresh();
    return ok;
  }

  /** Goes back to the game in progress that opening a file replaced. */
  backToGame() {
    const left = this.leftGame;
    if (!left || this.mode !== "replay") return false;
    return this.resume(left);
  }

  // ------------------------------------------------------------ advice

  /** Asks the advisor for a hint for the decision at hand (drawn on the board once it answers). */
  askHint() {
    const source = this.source;
    if (this.crashed || this.mode !== "play" || !source?.humanToMove || this.current?.phase.type === "game_over") return;
    const step = source.step;
    if (this.advice?.step === step) return;
    this.advice = { step, pending: true };
    this.refresh();
    const still = () => this.source === source && this.advice?.step === step;
    this.advisor.hint(source.exportRecord(), String(step + 1)).then(
      (r) => {
        if (!still()) return;
        this.advice = { step, hint: r.hint, ms: r.ms };
        this.refresh();
        this.bringIntoView(this.board.adviceCells);
      },
      (e) => {
        if (e.name === "Cancelled" || !still()) return;
        this.advice = null;
        this.error(e);
        this.refresh();
      },
    );
  }

  /**
   * Brings board `cells` into the board's view (all of them, clear of the
   * zoom buttons) and the board onto the screen when they are off it.
   */
  bringIntoView(cells) {
    if (!cells.length) return;
    this.board.ensureVisible(cells, true, true);
    const wrap = this.board.svg.parentElement;
    const r = wrap?.getBoundingClientRect();
    if (r && (r.top < 0 || r.bottom > window.innerHeight)) wrap.scrollIntoView({ block: "start", behavior: "instant" });
  }

  use(make, mode, onError = (e) => this.error(e)) {
    let source;
    try {
      source = make();
    } catch (e) {
      onError(e);
      return false;
    }
    this.source?.dispose();
    this.source = source;
    this.advisor.reset();
    this.advice = null;
    this.review = null;
    this.lesson = null;
    this.invites = null;
    /** The game in progress a file opened replaced: {record, seed}, or null. */
    this.leftGame = null;
    this.mode = mode;
    this.ui = this.freshUi();
    this.loggedStep = 0;
    this.summaryShown = false;
    this.placeStep = null;
    clearMessage();
    $("log").replaceChildren();
    $("replay").hidden = mode !== "replay";
    if (mode !== "replay") renderReview($("review"), null, {});
    if (mode === "replay") {
      const positions = source.positions();
      this.replay = { positions, index: positions.length - 1 };
    }
    this.board.shown = null;
    source.start();
    return true;
  }

  /**
   * Whether a person decides the position shown: theirs in a game, or the
   * decision of a lesson ("learn from your mistakes") in the replay.
   */
  personDecides() {
    return !this.crashed && ((this.mode === "play" && Boolean(this.source?.humanToMove)) || this.lessonDecides());
  }

  /** Plays a person's move (a lesson's: judged); a refused move shows why and changes nothing. */
  play(move) {
    if (!this.personDecides()) return;
    if (this.mode === "replay") {
      this.tryLesson(move);
      return;
    }
    try {
      this.source.play(move);
    } catch (e) {
      this.error(e);
      return;
    }
    clearMessage();
  }

  undo() {
    if (this.crashed || this.mode !== "play" || !this.source?.canUndo) return;
    try {
      this.source.undo();
    } catch (e) {
      this.error(e);
    }
  }

  rotate(delta) {
    if (!this.humanDecides("place")) return;
    this.ui.rotation = (this.ui.rotation + delta + 360) % 360;
    this.ui.pending = null;
    this.refresh();
  }

  humanDecides(phase) {
    return this.personDecides() && this.current?.phase.type === phase;
  }

  // ------------------------------------------------------------ actions

  boardAction(data) {
    if (!this.personDecides()) return;
    const phase = this.current.phase.type;
    switch (data.act) {
      case "place":
        if (phase === "place") this.propose(`place ${data.x},${data.y} ${this.ui.rotation}`);
        break;
      case "rotate-to": {
        const rotations = data.rotations.split(",").map(Number);
        const next = [90, 180, 270].map((k) => (this.ui.rotation + k) % 360).find((r) => rotations.includes(r));
        if (phase === "place" && next !== undefined) {
          this.ui.rotation = next;
          this.refresh();
        }
        break;
      }
      case "move":
        this.propose(data.move);
        break;
      case "select-ranger": {
        const same = this.ui.selectedRanger?.x === Number(data.x) && this.ui.selectedRanger?.y === Number(data.y);
        this.ui.selectedRanger = same ? null : { x: Number(data.x), y: Number(data.y) };
        this.refresh();
        break;
      }
      case "select-hole":
        this.ui.selectedHole = Number(data.index);
        this.refresh();
        document.querySelector("#token-chooser button")?.focus();
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
    return this.mode === "replay" ? this.replay.positions[this.replay.index] : this.source.step;
  }

  name(seat) {
    return this.source?.seats[seat]?.name ?? `Player ${seat + 1}`;
  }

  /** Every player's last tile (until their next turn), from the log. */
  lastTurnMarks() {
    const marks = [];
    if (this.mode !== "play") return marks;
    this.source.lastTurns().forEach((range, seat) => {
      if (!range) return;
      for (const entry of this.source.entries(range[0], range[1])) {
        const placed = entry.events.find((e) => e.type === "tile_placed");
        if (placed) marks.push({ seat, pos: placed.pos });
      }
    });
    return marks;
  }

  refresh() {
    const source = this.source;
    if (!source || this.crashed) return;
    this.renderOnline(source);
    if (source.online && !source.ready) {
      setStatus({ reconnecting: "Reconnecting…", missing: "No such game" }[source.connection] ?? "Connecting to the game…");
      $("turn-title").textContent = "Online game";
      $("turn-body").replaceChildren();
      $("scores").replaceChildren();
      $("pile").textContent = "";
      $("log").replaceChildren();
      $("thinking").hidden = true;
      $("btn-summary").hidden = true;
      return;
    }
    const step = this.shownStep();
    const replay = this.mode === "replay";
    const view = source.view(replay ? step : undefined);
    this.current = view;
    const human = (!replay && source.humanToMove) || this.lessonDecides();
    const lesson = replay && this.lesson && step === this.lessonStep();
    if (this.advice && (replay || !human || this.advice.step !== source.step)) this.advice = null;
    document.body.dataset.review = this.review ? (this.review.finished ? "done" : "running") : "";
    const phase = view.phase.type;
    const newPlacement = human && phase === "place" && this.placeStep !== source.step;
    if (newPlacement) {
      // A new placement: the tile starts unturned at a rotation that fits somewhere.
      this.placeStep = source.step;
      this.ui = this.freshUi();
      const fitting = view.legal.placements.flatMap((p) => p.rotations);
      if (fitting.length && !fitting.includes(0)) this.ui.rotation = Math.min(...fitting);
    }
    if (!human || phase !== "action") Object.assign(this.ui, { selectedRanger: null, showHoles: false, selectedHole: null });
    if (this.ui.pending && (!human || this.ui.pending.step !== source.step)) this.ui.pending = null;
    const seats = source.seats;
    const labels = source.online ? seats.map((_, i) => source.seatLabel(i)) : null;
    const presence = source.online ? seats.map((_, i) => source.presence(i)) : null;
    renderScores(view, seats, { thinkingSeat: source.online ? null : source.thinking?.seat ?? null, over: phase === "game_over", labels, presence });
    // A lesson's decision shows the move tried and the better one once judged, never the game's.
    const judged = lesson ? this.lesson.tried : replay ? this.review?.judgements.get(step) : null;
    const marks = judged
      ? reviewMarks(judged, lesson ? TRIED : PLAYED)
      : [...hintMarks(this.advice?.hint), this.ui.pending ? { move: this.ui.pending.move, label: "Here?", cls: "proposal" } : null].filter(Boolean);
    this.board.render(view, { lastTurns: this.lastTurnMarks() }, human ? this.interaction(view) : null, marks);
    // Within a placement the board stays where the player has it; a new one
    // also takes its squares from under the zoom buttons.
    if (human && phase === "place") this.board.ensureVisible(view.legal.placements.map((p) => p.pos), newPlacement);
    const tileAt = (pos) => this.board.tileAt(pos);
    if (lesson) {
      this.renderLesson(view, human, tileAt);
    } else if (replay) {
      this.renderReplay(view);
    } else {
      renderTurn(view, seats, this.ui, human, source.thinking ?? (source.waiting ? { seat: null, text: source.waiting } : null), {
        rotate: (d) => this.rotate(d),
        play: (m) => this.play(m),
        toggleHoles: () => this.toggleHoles(),
        summary: () => this.showSummary(),
      });
      const body = $("turn-body");
      if (human && this.ui.pending) body.prepend(this.confirmBox(tileAt, view.placed));
      if (source.online) {
        const takeback = this.takebackBox(source, tileAt, view.placed);
        if (takeback) body.prepend(takeback);
      }
      if (human && source.online && source.idleLeft !== null) body.append(this.idleWarning(source));
      if (human && phase !== "game_over") {
        // Under the tile to place and its name (on a phone, above the screen's edge), or at the end of the panel.
        const hint = hintBlock(this.advice, { advisor: this.advisorName, name: (s) => this.name(s), tileAt, placed: view.placed, onAsk: () => this.askHint(), onPlay: (m) => this.play(m) });
        const tile = phase === "place" ? body.querySelector(".tile-name") : null;
        if (tile) tile.after(hint);
        else body.append(hint);
        // A hint with no place on the board (a pass, a boost) marks its button.
        const hinted = this.advice?.hint?.move;
        for (const b of hinted ? body.querySelectorAll("button[data-move]") : []) if (b.dataset.move === hinted) b.classList.add("hinted");
      }
      // The review of the game so far (once a tile is placed), at this browser: the game is kept ("Back to game N").
      if (!source.online && phase !== "game_over" && view.tiles.some((t) => !t.start)) {
        body.append(h("div", { class: "button-row" }, [h("button", { type: "button", class: "small", id: "turn-review-so-far", onclick: () => this.startReview() }, "Review so far")]));
      }
      if (phase === "game_over") {
        const again = this.playAgainOffer(source);
        if (again.text) body.append(h("p", { class: "rematch-note", id: "turn-rematch", role: "status" }, again.text));
        body.append(
          h("div", { class: "button-row end-buttons" }, [
            this.onPlayAgain && again.button ? h("button", { type: "button", class: "primary", id: "turn-again", onclick: () => this.onPlayAgain() }, again.button) : null,
            h("button", { type: "button", id: "turn-review", onclick: () => this.startReview() }, "Review the game"),
          ]),
        );
      }
      // A seat that changed hands online changes names: the log is written again with them.
      const names = seats.map((x) => x.name).join("\n");
      if (names !== this.loggedNames) this.loggedStep = 0;
      this.loggedNames = names;
      if (source.step < this.loggedStep) {
        this.loggedStep = 0;
        $("log").replaceChildren();
      }
      renderLog(source.entries(this.loggedStep), (s) => this.name(s), tileAt, { append: this.loggedStep > 0 });
      this.loggedStep = source.step;
      if (!source.online) saveGame(source.exportRecord(), source.seed);
    }
    $("btn-undo").disabled = replay || !source.canUndo;
    $("btn-undo").textContent = source.online ? "Take back" : "Undo";
    $("btn-undo").title = source.online ? "Ask the other players to let you take back your last move (U)" : "Take back your last move (U)";
    $("btn-summary").hidden = phase !== "game_over";
    if (phase === "game_over") {
      const again = this.playAgainOffer(source);
      $("summary-rematch").textContent = again.text ?? "";
      $("summary-rematch").hidden = !again.text;
      $("summary-again").hidden = !again.button;
      $("summary-again").textContent = again.button ?? "Play again";
    }
    const who = typeof view.to_move === "number" ? `${this.name(view.to_move)} to play` : phase === "game_over" ? "game over" : "";
    const title = replay ? "Replay" : source.online ? (source.watching ? "Watching online" : "Online game") : `Game ${source.seed}`;
    setStatus(`${title} · ${who}`);
    Object.assign(document.body.dataset, { step: String(step), mode: this.mode, thinking: String(Boolean(source.thinking)) });
    this.announceTurn(human && phase !== "game_over" && !replay, source);
    $("thinking").hidden = !source.thinking;
    $("thinking-text").textContent = source.thinking ? source.thinking.text ?? `${this.name(source.thinking.seat)} is thinking…` : "";
    if (!replay && phase === "game_over" && !this.summaryShown) {
      this.summaryShown = true;
      // Nothing more to place: show the whole board.
      this.board.fit();
      this.showSummary();
    }
    if (phase !== "game_over") this.summaryShown = false;
  }

  /** The box that confirms a proposed move (a tap on a touch screen proposes it first). */
  confirmBox(tileAt, placed) {
    const move = this.ui.pending.move;
    return h("div", { class: "confirm-box", id: "confirm-box", role: "group", "aria-label": "Confirm the move" }, [
      h("p", {}, [h("strong", {}, "Play this? "), moveInWords(move, tileAt, placed, "Here?"), h("span", { class: "detail" }, ` (${move})`)]),
      h("div", { class: "button-row" }, [
        h("button", { type: "button", class: "primary", id: "btn-confirm", onclick: () => this.confirmPending() }, "Confirm"),
        h("button", { type: "button", id: "btn-cancel-move", onclick: () => this.cancelPending() }, "Cancel"),
      ]),
    ]);
  }

  /**
   * Your turn in a background tab: the tab's title says so (and a phone that
   * allows it vibrates once per decision); the title comes back when the
   * tab is shown or nobody here decides.
   */
  announceTurn(yours, source) {
    const base = "Carcassonne: Safari";
    const hidden = document.visibilityState === "hidden";
    if (yours && hidden) {
      document.title = `● Your turn – ${base}`;
      const key = `${source.online ? source.gameId : source.seed}:${source.step}`;
      if (this.buzzed !== key) {
        this.buzzed = key;
        navigator.vibrate?.(200);
      }
    } else if (document.title !== base) {
      document.title = base;
    }
  }

  interaction(view) {
    const legal = view.legal;
    switch (view.phase.type) {
      case "place":
        return { kind: "place", placements: legal.placements, rotation: this.ui.rotation, design: view.phase.design };
      case "action":
        return { kind: "action", legal, selectedRanger: this.ui.selectedRanger, showHoles: this.ui.showHoles, selectedHole: this.ui.selectedHole };
      case "return":
        return { kind: "return", legal };
      case "boost":
        return { kind: "boost", feature: view.scoring };
      default:
        return null;
    }
  }

  showSummary() {
    if (!this.source) return;
    const step = this.shownStep();
    showSummary(this.source.summary(step), this.source.view(step), this.source.seats);
  }

  /** Highlights the cells of a log line on the board. */
  highlightCells(cells) {
    this.board.highlightCells(cells);
  }

  // ------------------------------------------------------------ records

  exportRecord() {
    if (!this.source) return;
    const blob = new Blob([this.source.exportRecord()], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `safari-${this.source.online ? `online-${this.source.gameId}` : `game${this.source.seed}`}-step${this.source.step}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  /** The number of players of the game shown. */
  players() {
    return this.source ? this.source.seats.length : 0;
  }

  // ------------------------------------------------------------ errors

  error(e) {
    if (this.crashed) return;
    if (e instanceof WebAssembly.RuntimeError) {
      this.crashed = true;
      return;
    }
    showMessage(`${e.message ?? e}`);
  }

  panic(message) {
    this.crashed = true;
    this.source?.cancelBot?.();
    document.body.classList.add("crashed");
    showPanic(message);
  }
}
