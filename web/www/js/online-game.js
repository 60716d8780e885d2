// @ts-check
// A game played on the game server (docs/protocol.md): one WebSocket per
// game, the server's views drawn as they come, moves sent with the game's
// sequence number, heartbeats, and a reconnect with backoff that says
// `hello` with the seat's token again and so resumes the seat.
//
// It is a game source like LocalGame (seats, step, view, entries, summary,
// lastTurns, humanToMove, play, exportRecord, start, dispose). The current
// position is the server's own GameView; the log, the final scores and
// earlier positions come from the engine (WebAssembly) replaying the game's
// record, which the server sends in `state` and extends in every `update`.

import { gameSummary } from "./lobby.js";

// The protocol's messages and the engine's wire format, as generated from the
// Rust types (web/src/types.d.ts; `tsc -p web/tsconfig.json` checks this file).
/** @typedef {import("../../src/types").ClientMessage} ClientMessage */
/** @typedef {import("../../src/types").ServerMessage} ServerMessage */
/** @typedef {import("../../src/types").StateMessage} StateMessage */
/** @typedef {import("../../src/types").UpdateMessage} UpdateMessage */
/** @typedef {import("../../src/types").ErrorMessage} ErrorMessage */
/** @typedef {import("../../src/types").SeatInfo} SeatInfo */
/** @typedef {import("../../src/types").TakebackState} TakebackState */
/** @typedef {import("../../src/types").GameRecord} GameRecord */
/** @typedef {import("../../src/types").GameView} GameView */
/** @typedef {import("../../src/types").Role} Role */
/** @typedef {import("../../src/types").Status} Status */

export const PROTOCOL_VERSION = 1;

/** Reconnect delays: 0.5 s doubling to 30 s, each with up to 50% random jitter added. */
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/** What a refusal of the server means, in a player's words. */
const REFUSALS = {
  stale: "The game had moved on before your move arrived, so it was not played. The board shows the game as it is now.",
  illegal_move: "That move is not allowed here",
  bad_move: "The server did not understand that move",
  not_your_turn: "It is not your turn.",
  spectator: "You are watching this game: you cannot move in it.",
  seat_is_bot: "A bot plays your seat now (the host handed it over): you can watch the game.",
  game_over: "The game is over.",
  internal: "The server could not save your move: nothing changed. Try again.",
  unauthorized: "This link does not open a seat of this game: its token is wrong or no longer valid (check that the whole link was copied). You are watching the game.",
  rate_limited: "Too many messages at once: the server closed the connection. Reconnecting…",
  protocol_version: "This page and the server speak different versions: reload the page.",
  nothing_to_take_back: "There is no move of yours to take back: only your last move can be, before the next tile or token is drawn.",
  takeback_pending: "A take-back is already waiting for its answers.",
  no_takeback: "That take-back is no longer waiting for an answer.",
  not_asked: "Your answer to that take-back is not needed.",
};

/** An Error for a refusal `{code, message}` of the server, in a player's words. */
export function refusalError(code, message) {
  const words = REFUSALS[code];
  let text;
  if (!words) text = `The server refused: ${message}`;
  else if (code === "illegal_move" || code === "bad_move") {
    // The reason, without the move's notation the server quotes first (shown with Details in the log).
    const reason = message.replace(/^[^`]*`[^`]*`:\s*/, "").replace(/\.$/, "");
    text = reason ? `${words}: ${reason}.` : `${words}.`;
  }
  else text = words;
  return Object.assign(new Error(text), { name: "Refused", code });
}

/** The WebSocket address of game `game` on the server that serves this page. */
export function socketUrl(game, base = location.href) {
  const url = new URL(`api/games/${encodeURIComponent(game)}/ws`, new URL("/", base));
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

export class OnlineGame {
  /**
   * @param {object} wasm the engine module
   * @param {{game: string, token: string | null}} where the game and the seat's token (null to watch)
   * @param {{onChange: () => void, onError: (e: Error) => void, onUnauthorized?: () => void, onRematch?: (game: string) => void, socketUrl?: string}} hooks
   */
  constructor(wasm, where, hooks) {
    this.wasm = wasm;
    this.gameId = where.game;
    this.token = where.token ?? null;
    this.hooks = hooks;
    this.url = hooks.socketUrl ?? socketUrl(where.game);
    this.online = true;
    /** "connecting" | "open" | "reconnecting" | "closed" */
    this.connection = "connecting";
    this.attempts = 0;
    /** @type {Role | null} */
    this.role = null;
    /** @type {number | null} */
    this.seat = null;
    this.seq = 0;
    /** @type {Status | null} */
    this.status = null;
    /** @type {SeatInfo[]} */
    this.serverSeats = [];
    /** Per seat, whether a connection to the server plays it (the server's `connected`); empty before it says. */
    this.connected = [];
    /** The finished game's rematch as the server says it: who asked (per seat) and the new game once dealt. */
    this.rematch = { asked: [], next: null };
    /** The take-back waiting for its answers, as the server says it (`{seat, seq, move, agreed, needed}`), or null. @type {TakebackState | null} */
    this.takeback = null;
    /** What became of the last take-back (`{outcome, seat, by}`), shown until the next move; null when there is nothing to say. */
    this.takebackNote = null;
    /** @type {GameRecord | null} */
    this.record = null;
    this.game = null;
    /** The position after the last move, as the server sends it. @type {GameView | null} */
    this.current = null;
    this.pending = null;
    this.ws = null;
    this.timers = { retry: null, ping: null };
    this.unanswered = 0;
    /** Pongs heard: the server answers the heartbeat. */
    this.pongs = 0;
    this.nextRef = 1;
    this.disposed = false;
    /** The game's idle time (seconds before an idle person's seat goes to a bot; 0: never), from its summary. */
    this.idleSecs = 0;
    /** When the last move arrived here (ms): the server counts the idle time from the last move. */
    this.lastMoveAt = Date.now();
  }

  /** Seconds left before a bot takes this page's seat if no move is made, or null when no such clock runs. */
  get idleLeft() {
    if (!this.idleSecs || !this.humanToMove) return null;
    return Math.max(0, this.idleSecs - (Date.now() - this.lastMoveAt) / 1000);
  }

  // ---------------------------------------------------------------- source interface

  get seed() { return null; }
  /** The number of moves in the record: the step of the next move (the seq also counts take-backs). */
  get step() { return this.record?.moves.length ?? 0; }
  get ready() { return Boolean(this.game && this.current); }
  /** Online, undoing is a take-back the other people agree to: see `canTakeBack`. */
  get canUndo() { return this.canTakeBack; }
  get watching() { return this.role === "spectator"; }

  /** The seats as the record names them, with who plays them now (a bot, or a person). */
  get seats() {
    const named = this.record?.seats ?? [];
    return this.serverSeats.map((s, i) => ({ name: s.name ?? named[i]?.name ?? `Player ${i + 1}`, bot: s.bot ?? null }));
  }

  /** Whether this page's person decides now: a player connected, whose seat is to move, with no move on its way. */
  get humanToMove() {
    const mine = this.serverSeats[this.seat];
    return this.ready && this.connection === "open" && this.role === "player" && !this.pending && !mine?.bot && this.current.to_move === this.seat;
  }

  /** Someone else decides: `{seat, text}` (a person elsewhere, or a bot on the server). */
  get thinking() {
    if (!this.ready || this.connection !== "open") return null;
    const who = this.current.to_move;
    if (typeof who !== "number" || (who === this.seat && !this.serverSeats[who]?.bot)) return null;
    const seat = this.seats[who];
    const name = seat?.name ?? `seat ${who + 1}`;
    const handed = this.serverSeats[who]?.handed;
    return { seat: who, text: handed ? `A bot plays for ${name}…` : seat?.bot ? `${name} is thinking…` : `Waiting for ${name}…` };
  }

  /** What the turn panel says while no move can be made here, or null. */
  get waiting() {
    if (this.connection !== "open") return "Waiting for the connection to the game server…";
    if (this.pending) return "Sending your move…";
    return null;
  }

  view(step) {
    return step === undefined || step >= this.step ? this.current : this.game.view(step);
  }
  entries(from, to) { return this.game.entries(from, to); }
  summary(step) { return this.game.summary(step); }
  lastTurns() { return this.game.lastTurns(); }
  positions() { return Array.from(this.game.positions()); }
  moves() { return this.game.moves(); }
  exportRecord() { return this.game.exportRecord(); }

  /**
   * Whether seat `seat`'s person is connected to the game now: true or false
   * for a person's seat that was taken, null when there is nothing to say (a
   * bot's seat, a seat not taken yet, no connection here, an older server).
   */
  presence(seat) {
    const s = this.serverSeats[seat];
    if (!s || s.bot || !s.claimed || this.connection !== "open") return null;
    const on = this.connected[seat];
    return typeof on === "boolean" ? on : null;
  }

  /** Whether seat `seat`'s person has a say in a rematch: a person's seat that was taken, not handed to a bot by the host. */
  hasSay(seat) {
    const s = this.serverSeats[seat];
    return Boolean(s && s.claimed && (!s.bot || s.handed === "idle"));
  }

  /**
   * The rematch as this page tells it: `{asked, waiting, mine, next}`: the
   * seats that asked, the seats still to agree, whether this page's seat
   * asked (null when it has no say), and the new game once dealt.
   */
  get rematchState() {
    const seats = this.serverSeats.map((_, i) => i);
    const asked = seats.filter((i) => this.rematch.asked[i] === true);
    const waiting = seats.filter((i) => this.hasSay(i) && this.rematch.asked[i] !== true);
    const mine = this.role === "player" && this.hasSay(this.seat) ? this.rematch.asked[this.seat] === true : null;
    return { asked, waiting, mine, next: this.rematch.next };
  }

  /**
   * Whether this page's person may ask to take back their last move: a
   * player connected, whose seat no bot plays, in a game not over, with no
   * take-back waiting and no move on its way, whose seat made the game's
   * last move (a chance draw after it ends what may be taken back).
   */
  get canTakeBack() {
    if (!this.ready || this.connection !== "open" || this.role !== "player" || this.pending || this.takeback) return false;
    if (this.serverSeats[this.seat]?.bot || this.current.phase?.type === "game_over") return false;
    const n = this.step;
    if (n === 0) return false;
    const last = this.game.entries(n - 1, n)?.[0];
    return last?.actor === this.seat;
  }

  /** Asks the other people to let this seat take back its last move; the server's `takeback` message answers. */
  undo() {
    if (!this.canTakeBack) return;
    if (!this.send({ type: "takeback", seq: this.seq })) throw Object.assign(new Error("Not connected to the server: the take-back was not asked for."), { name: "NotConnected" });
    this.takebackNote = null;
  }

  /**
   * The take-back as this page tells it: `{seat, move, mine, answer, waiting}`
   * while one waits (`answer`: whether this page's answer is needed and not
   * given yet; `waiting`: the seats still to answer), else null.
   */
  get takebackState() {
    const t = this.takeback;
    if (!t) return null;
    const seats = this.serverSeats.map((_, i) => i);
    const waiting = seats.filter((i) => t.needed?.[i] && !t.agreed?.[i]);
    const mine = this.role === "player" && t.seat === this.seat;
    const answer = this.role === "player" && !mine && waiting.includes(this.seat);
    return { seat: t.seat, move: t.move, mine, answer, waiting };
  }

  /** Accepts (`true`) or declines the take-back waiting; false when not connected. */
  answerTakeback(accept) {
    if (!this.takeback) return false;
    return this.send({ type: "takeback_answer", seq: this.takeback.seq, accept: Boolean(accept) });
  }

  /** Asks the others for a rematch of the finished game (or agrees to theirs); false when not connected. */
  askRematch() {
    return this.send({ type: "rematch" });
  }

  /** A word on each seat for the score board: who plays it, who has not come yet. */
  seatLabel(seat) {
    const s = this.serverSeats[seat];
    if (!s) return "";
    const parts = [];
    if (seat === this.seat && this.role === "player") parts.push("you");
    if (s.bot && s.handed === "idle") parts.push(seat === this.seat ? "a bot plays while you were away: reload to play again" : "a bot plays while away");
    else if (s.bot && s.handed === "host") parts.push("handed to a bot");
    else if (s.bot) parts.push("bot");
    else if (!s.claimed) parts.push("not joined yet");
    return parts.join(" · ");
  }

  /** Sends a person's move with the game's seq; the server's `update` is its acknowledgement. */
  play(move) {
    if (!this.humanToMove) throw Object.assign(new Error(this.role === "spectator" ? REFUSALS.spectator : REFUSALS.not_your_turn), { name: "NotYourTurn" });
    const ref = this.nextRef++;
    if (!this.send({ type: "move", seq: this.seq, move, ref })) throw Object.assign(new Error("Not connected to the server: the move was not sent."), { name: "NotConnected" });
    this.pending = { ref, move, seq: this.seq };
    this.hooks.onChange();
  }

  start() {
    this.connect();
    this.hooks.onChange();
  }

  dispose() {
    this.disposed = true;
    this.connection = "closed";
    clearTimeout(this.timers.retry);
    clearInterval(this.timers.ping);
    if (this.ws) {
      this.ws.onclose = this.ws.onmessage = this.ws.onerror = null;
      this.ws.close(1000);
    }
    this.game?.free();
    this.game = null;
  }

  // ---------------------------------------------------------------- connection

  connect() {
    if (this.disposed) return;
    clearTimeout(this.timers.retry);
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.lost();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.hello();
    };
    ws.onmessage = (event) => {
      if (ws !== this.ws) return;
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(message);
    };
    ws.onclose = () => {
      if (ws === this.ws) this.lost();
    };
    ws.onerror = () => {
      /* a close follows */
    };
  }

  hello() {
    /** @type {ClientMessage} */
    const hello = this.token ? { type: "hello", protocol: PROTOCOL_VERSION, token: this.token } : { type: "hello", protocol: PROTOCOL_VERSION };
    this.send(hello);
  }

  /** @param {ClientMessage} message */
  send(message) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  /** The connection is gone: try again after a backoff (0.5 s doubling to 30 s, with jitter). */
  lost() {
    if (this.disposed) return;
    if (!this.record && this.attempts === 0) this.checkExists();
    clearInterval(this.timers.ping);
    this.ws = null;
    this.pending = null;
    this.connection = "reconnecting";
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** this.attempts);
    const delay = base * (1 + Math.random() * 0.5);
    this.attempts++;
    this.retryAt = Date.now() + delay;
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(() => this.connect(), delay);
    this.hooks.onChange();
  }

  /** Before the first `state`: a game the server does not know is not worth reconnecting to. */
  async checkExists() {
    let missing = false;
    try {
      const r = await fetch(new URL(`api/games/${encodeURIComponent(this.gameId)}`, new URL("/", this.url.replace(/^ws/, "http"))));
      missing = r.status === 404;
    } catch {
      /* the server is away: keep trying */
    }
    if (!missing || this.disposed || this.record) return;
    this.disposed = true;
    this.connection = "missing";
    clearTimeout(this.timers.retry);
    this.hooks.onError(Object.assign(new Error("There is no such game on this server: the link is wrong or from another server."), { name: "NoSuchGame" }));
    this.hooks.onChange();
  }

  /** Pings every `heartbeat_secs`; two pings unanswered mean the connection is lost. */
  heartbeat(seconds) {
    clearInterval(this.timers.ping);
    this.unanswered = 0;
    const every = Math.max(1, Number(seconds) || 20) * 1000;
    this.timers.ping = setInterval(() => {
      if (this.unanswered >= 2) {
        const ws = this.ws;
        this.lost();
        ws?.close();
        return;
      }
      this.unanswered++;
      this.send({ type: "ping", t: Date.now() });
    }, every);
  }

  // ---------------------------------------------------------------- messages

  /** @param {ServerMessage} m */
  receive(m) {
    switch (m.type) {
      case "welcome":
        this.role = m.role;
        this.seat = typeof m.seat === "number" ? m.seat : null;
        this.heartbeat(m.limits?.heartbeat_secs);
        gameSummary(this.gameId).then(
          (s) => {
            this.idleSecs = Number(s.idle_secs) || 0;
            this.hooks.onChange();
          },
          () => {},
        );
        break;
      case "state":
        this.applyState(m);
        break;
      case "update":
        this.applyUpdate(m);
        break;
      case "seats":
        this.serverSeats = m.seats ?? this.serverSeats;
        this.hooks.onChange();
        break;
      case "rematch": {
        const dealt = typeof m.next === "string" && !this.rematch.next;
        this.rematch = { asked: Array.isArray(m.asked) ? m.asked : [], next: typeof m.next === "string" ? m.next : null };
        this.hooks.onChange();
        // Everyone agreed just now: the page goes to the new game.
        if (dealt) this.hooks.onRematch?.(this.rematch.next);
        break;
      }
      case "takeback": {
        const request = { seat: m.seat, seq: m.seq, move: m.move, agreed: m.agreed ?? [], needed: m.needed ?? [] };
        this.takeback = m.outcome === "asked" ? request : null;
        this.takebackNote = m.outcome === "asked" ? null : { outcome: m.outcome, seat: m.seat, by: typeof m.by === "number" ? m.by : null };
        this.hooks.onChange();
        break;
      }
      case "presence":
        if (Array.isArray(m.connected)) this.connected = m.connected;
        this.hooks.onChange();
        break;
      case "pong":
        this.unanswered = 0;
        this.pongs++;
        break;
      case "error":
        this.refused(m);
        break;
      default:
        break;
    }
  }

  /** @param {StateMessage} m */
  applyState(m) {
    let game;
    try {
      game = this.wasm.LocalGame.fromRecord(JSON.stringify(m.record));
    } catch (e) {
      this.hooks.onError(e);
      return;
    }
    this.game?.free();
    this.game = game;
    this.record = m.record;
    this.seq = m.seq;
    this.status = m.status;
    this.serverSeats = m.seats ?? this.serverSeats;
    this.connected = Array.isArray(m.connected) ? m.connected : [];
    this.rematch = { asked: Array.isArray(m.rematch?.asked) ? m.rematch.asked : [], next: typeof m.rematch?.next === "string" ? m.rematch.next : null };
    this.takeback = m.takeback ? { ...m.takeback, agreed: m.takeback.agreed ?? [], needed: m.takeback.needed ?? [] } : null;
    this.current = m.view;
    this.pending = null;
    this.connection = "open";
    this.attempts = 0;
    this.hooks.onChange();
  }

  /** @param {UpdateMessage} m */
  applyUpdate(m) {
    if (!this.record || m.seq <= this.seq) return;
    if (m.from !== this.seq) {
      // Messages were missed: ask for the whole game.
      this.send({ type: "sync" });
      return;
    }
    const record = { ...this.record, moves: [...this.record.moves, ...m.entries.map((e) => e.move)] };
    let game;
    try {
      game = this.wasm.LocalGame.fromRecord(JSON.stringify(record));
    } catch (e) {
      this.send({ type: "sync" });
      this.hooks.onError(e);
      return;
    }
    this.game?.free();
    this.game = game;
    this.record = record;
    this.seq = m.seq;
    this.status = m.status ?? this.status;
    this.current = m.view;
    this.pending = null;
    this.takebackNote = null;
    this.lastMoveAt = Date.now();
    this.hooks.onChange();
  }

  /** @param {ErrorMessage} m */
  refused(m) {
    if (m.code === "unauthorized") {
      // The token opens no seat (any more): watch instead; the connection may say hello again.
      this.token = null;
      this.hooks.onUnauthorized?.();
      this.hello();
    }
    if (m.code === "stale") this.send({ type: "sync" });
    if (m.code === "already_greeted") return;
    this.pending = null;
    this.hooks.onError(refusalError(m.code, m.message ?? ""));
    this.hooks.onChange();
  }
}
