// The online game's panels, mixed into the controller (controller.js): who
// this page is in the game and the connection banner, a seat handed to a
// bot, the take-back prompt and what became of it, the idle countdown, and
// the end of the game's offer (a rematch online, "Play again" here).
// `OnlinePanels(Base)` is `Base` with these methods; they read the
// controller's `name()`, `source` and `invites`.

import { h, playerTag, showMessage } from "./panels.js";
import { moveInWords } from "./words.js";

const $ = (id) => document.getElementById(id);

/** `Base` (a controller class) with the online game's panels. */
export const OnlinePanels = (Base) =>
  class extends Base {
    /**
     * Online, the take-back waiting or what became of the last one: the other
     * players' prompt (Accept / Decline), the asking player's wait, or the
     * outcome; null when there is nothing to say.
     */
    takebackBox(source, tileAt, placed) {
      const t = source.takebackState;
      const names = (seats) => seats.map((i) => this.name(i)).join(", ");
      if (t) {
        const what = h("span", { class: "detail" }, ` (${t.move})`);
        if (t.answer) {
          return h("div", { class: "confirm-box takeback-box", id: "takeback-box", role: "group", "aria-label": "Take-back request" }, [
            h("p", {}, [h("strong", {}, `${this.name(t.seat)} asks to take back their move: `), moveInWords(t.move, tileAt, placed), what]),
            h("div", { class: "button-row" }, [
              h("button", { type: "button", class: "primary", id: "takeback-accept", onclick: () => this.answerTakeback(true) }, "Accept"),
              h("button", { type: "button", id: "takeback-decline", onclick: () => this.answerTakeback(false) }, "Decline"),
            ]),
          ]);
        }
        const text = t.mine
          ? `You asked to take back your move: waiting for ${names(t.waiting)} to answer.`
          : `${this.name(t.seat)} asks to take back their move${t.waiting.length ? `: waiting for ${names(t.waiting)}` : ""}.`;
        return h("p", { class: "takeback-note", id: "takeback-note", role: "status" }, [text, what]);
      }
      const n = source.takebackNote;
      if (!n) return null;
      const mine = source.role === "player" && n.seat === source.seat;
      const whose = mine ? "Your" : `${this.name(n.seat)}'s`;
      const text = {
        accepted: mine ? "Your move was taken back: decide again." : `${whose} move was taken back.`,
        declined: `${n.by === null ? "A player" : n.by === source.seat && source.role === "player" ? "You" : this.name(n.by)} declined the take-back: ${mine ? "your" : "the"} move stays.`,
        cancelled: "The take-back was dropped: a move was made first.",
        expired: `Not everyone answered in time: ${mine ? "your" : "the"} move stays.`,
      }[n.outcome];
      return text ? h("p", { class: "takeback-note", id: "takeback-note", role: "status" }, text) : null;
    }

    /** Accepts or declines the take-back waiting (online). */
    answerTakeback(accept) {
      if (!this.source?.answerTakeback?.(accept)) showMessage("Not connected to the game server: the answer was not sent. Try again once connected.");
    }

    /**
     * What the end of the game offers: `{text, button}`. At this browser,
     * "Play again" (same seats, a new deal). Online, a rematch the people
     * agree on through the server: who asked, who is awaited, and the button
     * (ask, agree, go to the new game) or none while waiting.
     */
    playAgainOffer(source) {
      if (!source.online) return { text: null, button: "Play again" };
      const r = source.rematchState;
      const names = (seats) => seats.map((i) => this.name(i)).join(", ");
      if (r.next) return { text: "The rematch is ready: the same seats, a new deal.", button: "Go to the rematch" };
      if (r.mine === true) return { text: `You asked for a rematch: waiting for ${names(r.waiting)} to agree.`, button: null };
      const others = r.asked.filter((i) => i !== source.seat);
      if (r.mine === false) {
        return others.length
          ? { text: `${names(others)} ${others.length > 1 ? "ask" : "asks"} for a rematch: the same seats, a new deal.`, button: "Play again" }
          : { text: null, button: "Play again" };
      }
      return { text: others.length ? `${names(others)} ${others.length > 1 ? "ask" : "asks"} for a rematch.` : null, button: null };
    }

    /**
     * Online, with an idle time: how long this person has before a bot takes
     * the seat, shown from the start of the decision and counted down.
     */
    idleWarning(source) {
      const p = h("p", { class: "idle-warning", id: "idle-warning", role: "timer" });
      const tick = (first = false) => {
        const left = source.idleLeft;
        if (left === null || (!first && !p.isConnected)) return;
        const s = Math.ceil(left);
        p.textContent = s > 90 ? `Move within ${Math.ceil(s / 60)} minutes, or a bot plays your seat.` : `Move within ${s} s, or a bot plays your seat.`;
        p.classList.toggle("urgent", s <= 30);
        setTimeout(tick, 1000);
      };
      tick(true);
      return p;
    }

    /** A banner when a seat passes to a bot online (its person was away, or the host handed it over). */
    noticeHandedSeats(source) {
      const handed = (source.serverSeats ?? []).map((s) => (s.bot ? s.handed ?? null : null));
      const seen = this.handedSeen?.game === source ? this.handedSeen.handed : null;
      this.handedSeen = { game: source, handed };
      if (!seen || seen.length !== handed.length) return;
      handed.forEach((why, i) => {
        if (!why || seen[i] === why) return;
        const you = i === source.seat && source.role === "player";
        const text = why === "idle"
          ? you
            ? "You were away too long: a bot plays your seat now. Reload the page to take it back."
            : `${this.name(i)} was away too long: a bot plays their seat now (it plays fast).`
          : you
            ? "The host handed your seat to a bot."
            : `The host handed ${this.name(i)}'s seat to a bot.`;
        showMessage(text, "info");
      });
    }

    /** The online parts of the page: who this page is in the game, and the connection banner. */
    renderOnline(source) {
      const info = $("online-info");
      const banner = $("connection");
      const body = document.body.dataset;
      if (!source.online) {
        info.hidden = true;
        banner.hidden = true;
        body.online = "";
        body.connection = "";
        return;
      }
      body.online = source.connection === "missing" ? "missing" : source.ready ? source.role ?? "connecting" : "connecting";
      this.noticeHandedSeats(source);
      body.connection = source.connection;
      info.hidden = false;
      info.className = `online-info ${source.watching ? "watching" : "playing"}`;
      if (source.watching) info.replaceChildren(h("strong", {}, "Watching"), h("span", {}, "this online game: you see every move and cannot play."));
      else if (source.role === "player") info.replaceChildren(h("strong", {}, "Online"), h("span", {}, ["you play ", playerTag(source.seat, this.name(source.seat))]));
      else info.replaceChildren(h("strong", {}, "Online"), h("span", {}, "joining…"));
      if (this.invites?.show) info.append(h("button", { type: "button", id: "btn-invites", class: "small", onclick: () => this.invites.show(this.invites.entry) }, "Invite links"));
      const lost = source.connection === "reconnecting";
      banner.hidden = !lost && source.connection !== "connecting";
      if (source.connection === "missing") info.className = "online-info missing";
      if (source.connection === "missing") info.replaceChildren(h("strong", {}, "Online"), h("span", {}, "no such game on this server. Start a game with New game or Online."));
      banner.className = `connection ${lost ? "lost" : ""}`;
      banner.textContent = lost
        ? `Reconnecting… the connection to the game server is lost (attempt ${source.attempts}). Your seat is kept; nothing you played is lost.`
        : "Connecting to the game server…";
    }
  };
