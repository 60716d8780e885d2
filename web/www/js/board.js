// The board: an SVG that pans (drag) and zooms (wheel, buttons), draws a
// BoardView from the engine and the interactive targets of the current
// decision. It never decides anything: clicks go to `onAction`.

import {
  CELL,
  PLAYER_COLOURS,
  baobabPoint,
  cornerPoint,
  drawTile,
  el,
  meeple,
  meeplePoint,
  ranger,
  segmentGeometry,
  waterToken,
} from "./tiles.js";

const MIN_ZOOM = 0.15;
const MAX_ZOOM = 3;

export class Board {
  /**
   * @param {SVGSVGElement} svg the board element
   * @param {(action: DOMStringMap, target: Element) => void} onAction called with
   *   the data attributes of a clicked target
   */
  constructor(svg, onAction) {
    this.svg = svg;
    this.onAction = onAction;
    this.view = { x: -250, y: -200, w: 600, h: 450 };
    this.autoFit = true;
    this.board = null;
    this.layers = {};
    for (const name of ["tiles", "marks", "water", "pieces", "highlight", "targets", "ghost"]) {
      this.layers[name] = el("g", { class: `layer-${name}` });
      svg.append(this.layers[name]);
    }
    this.installPanZoom();
    svg.addEventListener("click", (e) => this.click(e));
    svg.addEventListener("pointerover", (e) => this.hover(e, true));
    svg.addEventListener("pointerout", (e) => this.hover(e, false));
    new ResizeObserver(() => this.applyView()).observe(svg);
  }

  // ---------------------------------------------------------------- view

  installPanZoom() {
    let drag = null;
    this.dragged = false;
    this.svg.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, view: { ...this.view }, id: e.pointerId };
      this.dragged = false;
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (!drag || drag.id !== e.pointerId) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!this.dragged && Math.hypot(dx, dy) < 5) return;
      if (!this.dragged) {
        this.dragged = true;
        this.svg.setPointerCapture(e.pointerId);
        this.svg.classList.add("panning");
      }
      const scale = this.unitsPerPixel();
      this.view.x = drag.view.x - dx * scale;
      this.view.y = drag.view.y - dy * scale;
      this.autoFit = false;
      this.applyView();
    });
    const end = (e) => {
      if (drag && drag.id === e.pointerId) {
        drag = null;
        this.svg.classList.remove("panning");
      }
    };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointercancel", end);
    this.svg.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        const factor = Math.exp(Math.sign(e.deltaY) * Math.min(Math.abs(e.deltaY), 100) * 0.0025);
        this.zoomAt(factor, this.toBoard(e.clientX, e.clientY));
      },
      { passive: false },
    );
  }

  unitsPerPixel() {
    const r = this.svg.getBoundingClientRect();
    return Math.max(this.view.w / Math.max(r.width, 1), this.view.h / Math.max(r.height, 1));
  }

  toBoard(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const s = this.unitsPerPixel();
    // preserveAspectRatio xMidYMid meet: the view is centred in the element.
    const cx = this.view.x + this.view.w / 2;
    const cy = this.view.y + this.view.h / 2;
    return [cx + (clientX - r.left - r.width / 2) * s, cy + (clientY - r.top - r.height / 2) * s];
  }

  /** Zooms by `factor` (> 1 zooms out) keeping board point `at` in place. */
  zoomAt(factor, at) {
    const r = this.svg.getBoundingClientRect();
    const minW = (r.width || 800) * MIN_ZOOM;
    const maxW = (r.width || 800) / MIN_ZOOM;
    const w = Math.min(Math.max(this.view.w * factor, minW / MAX_ZOOM), maxW * 4);
    const k = w / this.view.w;
    const [ax, ay] = at ?? [this.view.x + this.view.w / 2, this.view.y + this.view.h / 2];
    this.view = {
      x: ax - (ax - this.view.x) * k,
      y: ay - (ay - this.view.y) * k,
      w: this.view.w * k,
      h: this.view.h * k,
    };
    this.autoFit = false;
    this.applyView();
  }

  /** Fits the whole board (tiles and the cells around them) in the view. */
  fit() {
    this.autoFit = true;
    this.fitNow();
  }

  fitNow() {
    if (!this.board) return;
    const cells = [...this.board.tiles, ...this.board.frontier];
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const c of cells) {
      x0 = Math.min(x0, c.x);
      y0 = Math.min(y0, c.y);
      x1 = Math.max(x1, c.x);
      y1 = Math.max(y1, c.y);
    }
    const pad = 0.35 * CELL;
    let w = (x1 - x0 + 1) * CELL + 2 * pad;
    let h = (y1 - y0 + 1) * CELL + 2 * pad;
    // Never zoom in further than 1.6 px per unit on a small board.
    const r = this.svg.getBoundingClientRect();
    const aspect = r.width && r.height ? r.width / r.height : 4 / 3;
    const minW = Math.max(r.width / 1.6, 500);
    if (w < minW) w = minW;
    if (w / h < aspect) w = h * aspect;
    else h = w / aspect;
    const cx = ((x0 + x1 + 1) / 2) * CELL;
    const cy = ((y0 + y1 + 1) / 2) * CELL;
    this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.applyView();
  }

  applyView() {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
  }

  // ---------------------------------------------------------------- drawing

  tileAt(x, y) {
    return this.board?.tiles.find((t) => t.x === x && t.y === y);
  }

  /**
   * Draws `board` (a BoardView) with the targets of `interaction`:
   * `{ kind: "place", placements, rotation, tile, seat }`,
   * `{ kind: "action", legal, seat, selectedRanger, showHoles }`,
   * `{ kind: "return", legal, seat }`, `{ kind: "boost", feature }` or null.
   */
  render(board, interaction = null) {
    this.board = board;
    this.interaction = interaction;
    for (const layer of Object.values(this.layers)) layer.replaceChildren();
    this.drawTiles(board);
    this.drawPieces(board);
    if (interaction) this.drawInteraction(interaction);
    if (this.autoFit) this.fitNow();
  }

  drawTiles(board) {
    const { tiles, marks } = this.layers;
    for (const t of board.tiles) {
      const g = drawTile(t);
      g.setAttribute("transform", `translate(${t.x * CELL},${t.y * CELL})`);
      g.dataset.x = t.x;
      g.dataset.y = t.y;
      tiles.append(g);
    }
    // The start tile is one tile over three cells.
    const start = board.tiles.filter((t) => t.start);
    if (start.length) {
      const x0 = Math.min(...start.map((t) => t.x));
      const y0 = Math.min(...start.map((t) => t.y));
      marks.append(el("rect", { x: x0 * CELL, y: y0 * CELL, width: start.length * CELL, height: CELL, class: "start-outline" }));
    }
    if (board.placed) {
      const t = this.tileAt(board.placed.x, board.placed.y);
      const seat = this.lastPlacedBy ?? null;
      marks.append(
        el("rect", {
          x: board.placed.x * CELL + 2,
          y: board.placed.y * CELL + 2,
          width: CELL - 4,
          height: CELL - 4,
          class: "placed-outline",
          style: seat !== null ? `stroke:${PLAYER_COLOURS[seat]}` : undefined,
          "data-design": t?.design,
        }),
      );
    }
  }

  drawPieces(board) {
    const { water, pieces } = this.layers;
    for (const w of board.water) {
      const g = waterToken(w.corner, w.animal);
      g.setAttribute("transform", `translate(${w.x * CELL},${w.y * CELL})`);
      water.append(g);
    }
    for (const m of board.meeples) {
      const t = this.tileAt(m.x, m.y);
      if (!t) continue;
      let p;
      if (m.spot === "segment") p = meeplePoint(t, m.seg);
      else if (m.spot === "baobab") p = baobabPoint(t).map((v, i) => v + (i === 1 ? 4 : 0));
      else p = cornerPoint(m.corner, 30);
      pieces.append(meeple([m.x * CELL + p[0], m.y * CELL + p[1] + 9], m.player, { "data-spot": m.spot }));
    }
    for (const r of board.rangers) {
      pieces.append(ranger([r.x * CELL + 50, r.y * CELL + 50], { "data-x": r.x, "data-y": r.y }));
    }
  }

  /** Outlines the segments of a feature (a FeatureView). */
  highlightFeature(feature, cls = "feature-highlight") {
    const layer = this.layers.highlight;
    if (!feature) return;
    for (const s of feature.segments) {
      const t = this.tileAt(s.x, s.y);
      if (!t) continue;
      const seg = t.segments[s.seg];
      const geo = segmentGeometry(seg, t.rotation, t);
      layer.append(
        el("path", {
          d: geo.d,
          transform: `translate(${s.x * CELL},${s.y * CELL})`,
          class: `${cls} ${seg.kind}`,
        }),
      );
    }
  }

  cellTarget(x, y, cls, data) {
    const attrs = { x: x * CELL + 3, y: y * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 8, class: `target ${cls}` };
    const r = el("rect", attrs);
    for (const [k, v] of Object.entries(data)) r.dataset[k] = v;
    return r;
  }

  drawInteraction(it) {
    const { targets } = this.layers;
    if (it.kind === "place") {
      for (const p of it.placements) {
        const fits = p.rotations.includes(it.rotation);
        const cls = fits ? "place-target" : "place-other";
        const r = this.cellTarget(p.x, p.y, cls, {
          act: fits ? "place" : "rotate-to",
          x: p.x,
          y: p.y,
          rotations: p.rotations.join(","),
        });
        targets.append(r);
        if (!fits) {
          targets.append(
            el("text", { x: p.x * CELL + 82, y: p.y * CELL + 28, "text-anchor": "middle", class: "rotate-hint" }, ["\u21bb"]),
          );
        }
      }
    } else if (it.kind === "action") {
      this.drawActionTargets(it);
    } else if (it.kind === "return") {
      for (const r of it.legal.returns) {
        targets.append(this.cellTarget(r.x, r.y, "return-target", { act: "move", move: r.move }));
      }
    } else if (it.kind === "boost") {
      this.highlightFeature(it.feature, "feature-scoring");
    }
  }

  drawActionTargets(it) {
    const { targets } = this.layers;
    const legal = it.legal;
    const placed = this.board.placed;
    const tile = placed ? this.tileAt(placed.x, placed.y) : null;
    const colour = PLAYER_COLOURS[it.seat];
    if (tile) {
      for (const m of legal.meeples) {
        const p = m.segment === null ? baobabPoint(tile) : segmentGeometry(tile.segments[m.segment], tile.rotation, tile).meeple;
        const spot = el("g", { class: "target meeple-target", "data-act": "move", "data-move": m.move, "data-spot": m.segment ?? "baobab" }, [
          el("circle", { cx: placed.x * CELL + p[0], cy: placed.y * CELL + p[1], r: 11, fill: colour, class: "spot" }),
        ]);
        if (m.feature) spot.dataset.feature = JSON.stringify(m.feature);
        targets.append(spot);
      }
    }
    for (const r of legal.rangers) {
      const selected = it.selectedRanger && it.selectedRanger.x === r.from.x && it.selectedRanger.y === r.from.y;
      targets.append(
        el("circle", {
          cx: r.from.x * CELL + 50,
          cy: r.from.y * CELL + 50,
          r: 25,
          class: `target ranger-target${selected ? " selected" : ""}`,
          "data-act": "select-ranger",
          "data-x": r.from.x,
          "data-y": r.from.y,
        }),
      );
      if (selected) {
        for (const to of r.to) targets.append(this.cellTarget(to.x, to.y, "ranger-to", { act: "move", move: to.move }));
      }
    }
    if (it.showHoles) {
      legal.holes.forEach((h, i) => {
        const [x, y] = cornerPoint(h.corner, 14);
        targets.append(
          el("circle", {
            cx: h.x * CELL + x,
            cy: h.y * CELL + y,
            r: 11,
            class: `target hole-target ${h.action}${it.selectedHole === i ? " selected" : ""}`,
            "data-act": "select-hole",
            "data-index": i,
          }),
        );
      });
    }
  }

  // ---------------------------------------------------------------- events

  targetOf(e) {
    const t = e.target instanceof Element ? e.target.closest("[data-act]") : null;
    return t && this.svg.contains(t) ? t : null;
  }

  click(e) {
    if (this.dragged) {
      this.dragged = false;
      return;
    }
    const t = this.targetOf(e);
    if (t) this.onAction({ ...t.dataset }, t);
  }

  hover(e, entering) {
    const t = this.targetOf(e);
    const ghost = this.layers.ghost;
    const highlight = this.layers.highlight;
    if (!entering) {
      ghost.replaceChildren();
      if (this.interaction?.kind !== "boost") highlight.replaceChildren();
      return;
    }
    if (!t) return;
    const it = this.interaction;
    if (t.dataset.act === "place" && it?.kind === "place") {
      const g = drawTile(it.tile, it.rotation);
      g.setAttribute("transform", `translate(${t.dataset.x * CELL},${t.dataset.y * CELL})`);
      g.classList.add("ghost");
      ghost.replaceChildren(g);
    } else if (t.dataset.feature) {
      highlight.replaceChildren();
      this.highlightFeature(JSON.parse(t.dataset.feature));
    }
  }
}
