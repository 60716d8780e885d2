// The game server's lobby (docs/protocol.md, "HTTP API") and the page's
// Online dialog: create a game (seats of people and bots), show its invite
// links and spectator link, list the open games and take a free seat. The
// links carry the game (and a seat's token) in the address's fragment,
// which browsers never send to a server.

import { seatIcon } from "./art.js";
import { h, levelText } from "./panels.js";

const $ = (id) => document.getElementById(id);

/** A refusal of the lobby, with the server's message (already in a player's words). */
export class LobbyError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "LobbyError";
    this.code = code;
  }
}

async function api(path, body, bearer) {
  const headers = { "content-type": "application/json" };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const init = body === undefined ? {} : { method: "POST", headers, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(new URL(`api/${path}`, new URL("/", location.href)), init);
  } catch {
    throw new LobbyError("offline", "the game server does not answer");
  }
  let json = null;
  try {
    json = await response.json();
  } catch {
    /* not JSON: not the game server */
  }
  if (!response.ok || !json) throw new LobbyError(json?.error?.code ?? "http", json?.error?.message ?? `the server answered ${response.status}`);
  return json;
}

/** Whether the page is served by the game server (its API answers); false on static hosting. */
export async function serverAvailable() {
  try {
    const r = await fetch(new URL("api/health", new URL("/", location.href)), { cache: "no-store" });
    if (!r.ok) return false;
    const health = await r.json();
    return health?.status === "ok";
  } catch {
    return false;
  }
}

export const createGame = (request) => api("games", request);
export const gameSummary = (game) => api(`games/${encodeURIComponent(game)}`);
export const openGames = () => api("games").then((r) => r.games ?? []);
export const joinGame = (game, name) => api(`games/${encodeURIComponent(game)}/join`, name ? { name } : {});
/** The host hands seat `seat` to a bot (the game's idle bot); resolves to the game's card. */
export const handToBot = (game, seat, hostToken) => api(`games/${encodeURIComponent(game)}/seats/${seat}/bot`, {}, hostToken);

/** An absolute link from one of the server's links (`/#game=...`). */
export const absolute = (link) => new URL(link, location.href).href;

/**
 * Reads `#game=GAME&seat=N&token=TOKEN` (or `#game=GAME`) from the address;
 * null when it names no game, `{malformed: why}` when it tries to and is
 * damaged (a cut or mistyped link).
 */
export function linkFromHash(hash = location.hash) {
  const q = new URLSearchParams(hash.replace(/^#/, ""));
  if (!q.has("game")) return null;
  const game = q.get("game");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(game)) return { malformed: "its game name is damaged" };
  const seat = q.has("seat") ? Number(q.get("seat")) : null;
  if (q.has("seat") && !(Number.isInteger(seat) && seat >= 0 && seat < 5)) return { malformed: "its seat number is damaged" };
  const token = q.get("token");
  if (q.has("token") && !/^[A-Za-z0-9_-]{1,128}$/.test(token)) return { malformed: "its seat token is damaged" };
  return { game, seat, token };
}

/**
 * The Online dialog. `open()` shows it; it calls `onPlay({game, seat, token,
 * hostToken, invites, spectate})` once a game is created (after the links
 * are shown), `onJoin({game, seat, token})` when a free seat is taken.
 */
export class OnlineDialog {
  constructor(levels, defaultBot, { onCreated, onJoined, onGoBack = null, yours = () => [] }) {
    this.levels = levels;
    this.onGoBack = onGoBack;
    this.yours = yours;
    this.onCreated = onCreated;
    this.onJoined = onJoined;
    this.dialog = $("online");
    this.choices = [0, 1, 2, 3, 4].map((i) => ({ kind: i < 2 ? "human" : defaultBot, name: "" }));
    $("online-players").addEventListener("change", () => this.renderSeats());
    $("online-close").addEventListener("click", () => this.dialog.close());
    $("online-refresh").addEventListener("click", () => this.refreshGames());
    $("online-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.create();
    });
  }

  /**
   * Opens the dialog; `seats` ([{kind, name}], optional) fills the new
   * game's seats (a rematch: the same people and bots).
   */
  open(seats = null) {
    if (seats?.length >= 2) {
      $("online-players").value = String(seats.length);
      seats.forEach((s, i) => (this.choices[i] = { kind: s.kind, name: s.name ?? "" }));
    }
    $("online-error").hidden = true;
    $("online-create").disabled = false;
    this.renderSeats();
    this.refreshGames();
    this.refreshYours();
    if (!this.dialog.open) this.dialog.showModal();
  }

  /** Your games: the online games this browser holds a seat in, with whose turn it is, to go back to. */
  async refreshYours() {
    const list = $("online-yours");
    const games = this.yours();
    $("online-yours-title").hidden = list.hidden = games.length === 0;
    if (!games.length) return list.replaceChildren();
    list.replaceChildren(...games.map((g) => h("li", { class: "open-game", dataset: { game: g.game } }, [h("span", { class: "muted" }, `${g.game}: looking…`)])));
    await Promise.all(
      games.map(async (g) => {
        const item = list.querySelector(`li[data-game="${g.game}"]`);
        let s;
        try {
          s = await gameSummary(g.game);
        } catch (e) {
          item.replaceChildren(h("span", { class: "muted" }, `${g.game}: ${e.message}`));
          return;
        }
        const you = s.seats[g.seat]?.name ?? `seat ${g.seat + 1}`;
        const others = s.seats.filter((_, i) => i !== g.seat).map((x) => x.name).join(", ");
        const turn = s.status === "over" ? "over" : s.to_move === g.seat ? "your turn" : typeof s.to_move === "number" ? `${s.seats[s.to_move]?.name ?? "someone"} to play` : "starting";
        item.dataset.turn = turn;
        item.replaceChildren(
          h("span", {}, [h("strong", {}, turn === "your turn" ? "Your turn" : turn.replace(/^./, (c) => c.toUpperCase())), ` · you are ${you}, with ${others} · move ${s.seq}`]),
          h("button", { type: "button", class: "go-back", onclick: () => { this.dialog.close(); this.onGoBack?.(g.game); } }, "Go back"),
        );
      }),
    );
  }

  renderSeats() {
    const n = Number($("online-players").value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const c = this.choices[i];
      const select = h("select", { id: `online-seat-${i}`, "aria-label": `Who plays seat ${i + 1}`, onchange: (e) => {
        c.kind = e.target.value;
        this.renderHint();
      } }, [
        h("option", { value: "human" }, "A person"),
        ...this.levels.map((l, k) => h("option", { value: l.id, title: l.about }, levelText(l, k, this.levels.length))),
      ]);
      select.value = this.levels.some((l) => l.id === c.kind) ? c.kind : "human";
      const input = h("input", { id: `online-seat-name-${i}`, type: "text", maxlength: 32, placeholder: c.kind === "human" ? `Player ${i + 1}` : "name", value: c.name, "aria-label": `Name of seat ${i + 1}`, oninput: (e) => (c.name = e.target.value) });
      rows.push(h("div", { class: "seat-row" }, [seatIcon(i, 18), input, select]));
    }
    $("online-seats").replaceChildren(...rows);
    this.renderHint();
  }

  renderHint() {
    const n = Number($("online-players").value);
    const first = this.choices.slice(0, n).findIndex((c) => c.kind === "human");
    $("online-seat-hint").textContent = first < 0 ? "Only bots: you will watch the game." : `You play seat ${first + 1} from this browser; the other people get invite links.`;
  }

  showError(text) {
    $("online-error").textContent = text;
    $("online-error").hidden = false;
  }

  async create() {
    const n = Number($("online-players").value);
    const seats = this.choices.slice(0, n).map((c, i) => {
      const name = c.name.trim() || (c.kind === "human" ? `Player ${i + 1}` : "");
      if (c.kind === "human") return { name };
      const level = this.levels.find((l) => l.id === c.kind);
      return { bot: level?.spec ?? c.kind, name: name || level?.label };
    });
    const request = { seats, listed: $("online-listed").checked };
    $("online-create").disabled = true;
    let created;
    try {
      created = await createGame(request);
    } catch (e) {
      this.showError(`Could not create the game: ${e.message}.`);
      $("online-create").disabled = false;
      return;
    }
    this.dialog.close();
    const mine = created.seats.find((s) => s.token);
    this.onCreated({
      game: created.game,
      seat: mine?.seat ?? null,
      token: mine?.token ?? null,
      hostToken: created.host_token,
      invites: created.seats.filter((s) => s.invite).map((s) => ({ seat: s.seat, name: s.name, invite: absolute(s.invite) })),
      spectate: absolute(created.spectate),
    });
  }

  async refreshGames() {
    const list = $("online-games");
    list.replaceChildren(h("li", { class: "muted" }, "Looking for open games…"));
    let games;
    try {
      games = await openGames();
    } catch (e) {
      list.replaceChildren(h("li", { class: "muted" }, `Could not list the open games: ${e.message}.`));
      return;
    }
    if (!games.length) {
      list.replaceChildren(h("li", { class: "muted" }, "No open game has a free seat right now. Create one and tick “List it”, or ask a friend for an invite link."));
      return;
    }
    list.replaceChildren(
      ...games.map((g) => {
        const free = g.seats.filter((s) => !s.bot && !s.claimed).length;
        const who = g.seats.map((s) => (s.bot ? (/\bbot\b/i.test(s.name) ? s.name : `${s.name} (bot)`) : s.claimed ? s.name : "free seat")).join(", ");
        return h("li", { class: "open-game", dataset: { game: g.game } }, [
          h("span", {}, [h("strong", {}, `${g.players} players`), ` · ${who}`, h("span", { class: "muted" }, ` · ${free} free`)]),
          h("button", { type: "button", class: "take-seat", onclick: () => this.take(g.game) }, "Take a seat"),
        ]);
      }),
    );
  }

  async take(game) {
    const name = $("online-join-name").value.trim() || undefined;
    let joined;
    try {
      joined = await joinGame(game, name);
    } catch (e) {
      this.showError(`Could not take a seat: ${e.message}.`);
      this.refreshGames();
      return;
    }
    this.dialog.close();
    this.onJoined({ game: joined.game, seat: joined.seat, token: joined.token });
  }
}

/**
 * Shows the invite links of a created game (one per person's seat, with copy
 * buttons) and its spectator link; with the host's token, a button per other
 * person's seat hands it to a bot (for someone who does not come).
 */
export function showInvites(entry) {
  const row = (label, link, id, note, extra = null) =>
    h("li", { class: "invite" }, [
      h("label", { for: id }, label),
      h("div", { class: "invite-row" }, [
        h("input", { id, type: "text", readonly: true, value: link, onfocus: (e) => e.target.select() }),
        h("button", { type: "button", class: "copy", "aria-label": `Copy: ${label}`, onclick: (e) => copy(link, e.currentTarget) }, "Copy"),
      ]),
      note ? h("p", { class: "hint small" }, note) : null,
      extra,
    ]);
  const handOver = (s) => {
    if (!entry.hostToken || s.seat === entry.seat) return null;
    const status = h("span", { class: "hint small", role: "status" });
    const button = h("button", { type: "button", class: "hand-to-bot", dataset: { seat: s.seat }, onclick: async () => {
      button.disabled = true;
      try {
        await handToBot(entry.game, s.seat, entry.hostToken);
        status.textContent = " A bot plays this seat now.";
      } catch (e) {
        button.disabled = false;
        status.textContent = ` Could not hand it over: ${e.message}.`;
      }
    } }, "Let a bot play it");
    return h("div", { class: "invite-extra" }, [button, status]);
  };
  const seats = entry.invites.map((s) =>
    row(`Seat ${s.seat + 1}: ${s.name}`, s.invite, `invite-${s.seat}`, s.seat === entry.seat ? "You play this seat here; open the link on another device to play it there." : null, handOver(s)),
  );
  $("invites-list").replaceChildren(...seats, row("Watch the game (no moves)", entry.spectate, "invite-spectate"));
  $("invites").showModal();
}

async function copy(text, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch {
    // No clipboard access: select the text for a manual copy.
    const input = button.parentElement.querySelector("input");
    input.focus();
    input.select();
    ok = document.execCommand?.("copy") ?? false;
  }
  button.textContent = ok ? "Copied" : "Select and copy";
  setTimeout(() => (button.textContent = "Copy"), 2000);
}
