// The replay and the review, the controller's second mode (controller.js is
// the game being played): a game opened from a file, or a finished game
// reviewed, stepped through position by position; the advisor judging every
// decision in its worker; the review's mistakes, filter and graph going to
// a decision; playing on from a position. `Controller` extends this class:
// its methods use the controller's source, board and refresh.

import { clearMessage, renderLog, renderTurn } from "./panels.js";
import { decisionOf, defaultFilter, lessonBox, lessonOf, renderReview, replayText } from "./review.js";

const $ = (id) => document.getElementById(id);

/** The replay and review mode of the controller (see `Controller`). */
export class ReplayMode {
  constructor() {
    /** The review of the game shown: null or {judgements, list, done, total, finished, end, filter, decisions}. */
    this.review = null;
    /** The replay's positions (steps) and the one shown: {positions, index}. */
    this.replay = null;
    /**
     * "Learn from your mistakes": null or {seat, judgements (the player's
     * worst, in game order), at, tried (the advisor's judgement of the move
     * tried), pending}.
     */
    this.lesson = null;
  }

  /** Starts a lesson on the worst decisions of `seat` in the finished review. */
  startLesson(seat) {
    if (this.mode !== "replay" || !this.review?.finished) return;
    const judgements = lessonOf(this.review, seat);
    if (!judgements.length) return;
    this.lesson = { seat, judgements, at: 0, tried: null, pending: false };
    this.openLesson();
  }

  /** Shows the lesson's decision, nothing tried yet, the board on its tile (or its squares to place it). */
  openLesson() {
    Object.assign(this.lesson, { tried: null, pending: false });
    this.ui = this.freshUi();
    this.placeStep = null;
    this.jumpTo(this.lessonStep());
    const view = this.current;
    const cells = view.placed ? [view.placed] : (view.legal?.placements ?? []).map((p) => p.pos);
    this.board.focus(cells);
    this.bringIntoView(cells);
  }

  /** The step of the lesson's decision. */
  lessonStep() {
    return this.lesson?.judgements[this.lesson.at].step;
  }

  /** Whether the replay shows the lesson's decision, waiting for a move. */
  lessonDecides() {
    const l = this.lesson;
    return Boolean(l && this.mode === "replay" && !l.tried && !l.pending && this.shownStep() === this.lessonStep());
  }

  /** Has the advisor judge `move`, tried at the lesson's decision. */
  tryLesson(move) {
    const lesson = this.lesson;
    const record = JSON.parse(this.source.exportRecord());
    record.moves = record.moves.slice(0, this.lessonStep());
    Object.assign(lesson, { pending: true, tried: null });
    this.ui.pending = null;
    this.refresh();
    this.advisor.judge(JSON.stringify(record), move).then(
      (r) => {
        if (this.lesson !== lesson) return;
        Object.assign(lesson, { pending: false, tried: r.judgement });
        this.refresh();
      },
      (e) => {
        if (e.name === "Cancelled" || this.lesson !== lesson) return;
        lesson.pending = false;
        this.error(e);
        this.refresh();
      },
    );
  }

  /** The next decision of the lesson, or back to the review after the last. */
  nextLesson() {
    if (!this.lesson) return;
    if (this.lesson.at + 1 >= this.lesson.judgements.length) {
      this.endLesson();
      return;
    }
    this.lesson.at += 1;
    this.openLesson();
  }

  /** Ends the lesson: the review again, at the lesson's decision. */
  endLesson() {
    this.lesson = null;
    this.refresh();
  }

  /** The panel of the lesson's decision: the lesson, then the decision's own controls while a move is awaited. */
  renderLesson(view, deciding, tileAt) {
    const body = $("turn-body");
    if (deciding) {
      renderTurn(view, this.source.seats, this.ui, true, null, {
        rotate: (d) => this.rotate(d),
        play: (m) => this.play(m),
        toggleHoles: () => this.toggleHoles(),
        summary: () => {},
      });
      if (this.ui.pending) body.prepend(this.confirmBox(tileAt, view.placed));
    } else {
      body.replaceChildren();
    }
    body.prepend(
      lessonBox(this.lesson, {
        advisor: this.advisorName,
        name: (s) => this.name(s),
        tileAt,
        placedAt: view.placed,
        describe: (s, played) => this.describeDecision(s, played),
        on: { retry: () => this.openLesson(), next: () => this.nextLesson(), end: () => this.endLesson() },
      }),
    );
    $("review").hidden = true;
    $("rp-label").textContent = "Learn from your mistakes";
  }

  /**
   * Reviews the game shown: a finished game (or any game) becomes a replay,
   * and the advisor judges every decision in its worker, the replay showing
   * each judgement as it comes.
   */
  startReview() {
    if (this.crashed || !this.source || (this.mode === "replay" && this.review)) return;
    const record = this.source.exportRecord();
    if (this.mode === "play" && !this.loadRecord(record, "this game", { quiet: true })) return;
    $("summary").close?.();
    const source = this.source;
    const review = { judgements: new Map(), list: [], done: 0, total: 0, finished: false, end: null, endWin: null, luck: null, filter: defaultFilter(source.seats), decisions: new Map() };
    this.review = review;
    let drawn = 0;
    const still = () => this.source === source && this.review === review;
    this.refresh();
    this.advisor
      .review(record, (progress, j) => {
        if (!still()) return;
        review.done = progress.done;
        review.total = progress.total;
        if (j) {
          review.judgements.set(j.step, j);
          review.list.push(j);
        }
        const now = performance.now();
        if (now - drawn > 200) {
          drawn = now;
          this.refresh();
        }
      })
      .then(
        (r) => {
          if (!still()) return;
          Object.assign(review, { finished: true, end: r.review.end, endWin: r.review.endWin, luck: r.review.luck, ms: r.ms });
          document.body.dataset.review = "done";
          this.refresh();
        },
        (e) => {
          if (e.name === "Cancelled" || !still()) return;
          this.review = null;
          this.error(e);
          this.refresh();
        },
      );
  }

  /**
   * Shows the replay at the decision of `step`: the board frames the moves
   * drawn there (the one played and the better one), zooming in on them
   * when its tiles are small, and, on a page taller than the screen, comes
   * into view.
   */
  jumpTo(step) {
    if (this.mode !== "replay") return;
    const i = this.replay.positions.indexOf(step);
    if (i >= 0) this.replay.index = i;
    this.refresh();
    // Tiles a player can see: a whole board's view zooms in on the moves drawn.
    this.board.focus(this.board.adviceCells);
    this.bringIntoView(this.board.adviceCells);
  }

  /** Shows the mistakes of `seat` in the review (null: everyone's). */
  filterReview(seat) {
    if (!this.review) return;
    this.review.filter = seat;
    this.refresh();
  }

  /** What the decision at `step` was (turn, kind, tile in hand), worked out once per review. */
  describeDecision(step, played) {
    const cache = this.review?.decisions;
    if (cache?.has(step)) return cache.get(step);
    const d = decisionOf(this.source.view(step), played);
    cache?.set(step, d);
    return d;
  }

  stepReplay(where) {
    if (this.mode !== "replay") return;
    const last = this.replay.positions.length - 1;
    const i = { first: 0, prev: this.replay.index - 1, next: this.replay.index + 1, last }[where];
    this.replay.index = Math.max(0, Math.min(last, i));
    this.refresh();
  }

  renderReplay(view) {
    const step = this.shownStep();
    const { positions, index } = this.replay;
    $("turn-title").textContent = "Replay";
    const tileAt = (pos) => this.board.tileAt(pos);
    $("turn-body").replaceChildren(...replayText(view, step, { name: (s) => this.name(s), moves: this.source.moves(), tileAt }));
    $("rp-label").textContent = `Position ${index + 1} of ${positions.length}`;
    $("rp-review").hidden = Boolean(this.review);
    $("rp-back").hidden = !this.leftGame;
    if (this.leftGame) $("rp-back").textContent = `Back to game ${this.leftGame.seed}`;
    renderLog(this.source.entries(0, step), (s) => this.name(s), tileAt);
    renderReview($("review"), this.review, {
      advisor: this.advisorName,
      name: (s) => this.name(s),
      seats: this.source.seats,
      step,
      tileAt,
      placedAt: view.placed,
      onJump: (s) => this.jumpTo(s),
      onFilter: (seat) => this.filterReview(seat),
      onLearn: (seat) => this.startLesson(seat),
      describe: (s, played) => this.describeDecision(s, played),
    });
  }

  /** Plays on from the replay's position with `{seed, seats}`; a refusal changes nothing. */
  continueFrom(options) {
    if (this.crashed || this.mode !== "replay") return false;
    const step = this.shownStep();
    this.mode = "play";
    this.loggedStep = 0;
    $("log").replaceChildren();
    try {
      this.source.continueFrom(step, options);
    } catch (e) {
      this.mode = "replay";
      this.error(e);
      this.refresh();
      return false;
    }
    $("replay").hidden = true;
    this.review = null;
    this.lesson = null;
    this.leftGame = null;
    renderReview($("review"), null, {});
    clearMessage();
    return true;
  }
}
