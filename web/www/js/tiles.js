// Drawing one tile (and the pieces on it) as SVG, in tile units: a cell is
// 100 x 100, (0,0) its north-west corner. Everything is computed in board
// orientation (the tile's segments turned by its rotation), so that letters
// stay upright.

export const CELL = 100;
export const SVG_NS = "http://www.w3.org/2000/svg";

/** Player colours by seat, as in the box: yellow, red, green, blue, black. */
export const PLAYER_COLOURS = ["#f2c300", "#d7301f", "#1f9a48", "#2166d1", "#222222"];
export const PLAYER_NAMES = ["yellow", "red", "green", "blue", "black"];

/** The animals: letter, name and badge colour. */
export const ANIMALS = {
  M: { name: "Monkey", colour: "#7a4b24" },
  E: { name: "Elephant", colour: "#5d7183" },
  G: { name: "Giraffe", colour: "#e08a1e" },
  L: { name: "Lion", colour: "#b3262d" },
  Z: { name: "Zebra", colour: "#1d1d1d" },
};

const SAVANNA = "#ead596";
const BUSH = "#4f8f35";
const BUSH_EDGE = "#2f6420";
const TRAIL = "#f4ead0";
const TRAIL_EDGE = "#8c6a3d";

/** Creates an SVG element with attributes. */
export function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  for (const child of children) node.append(child);
  return node;
}

/** Board side of kind side `side` on a tile turned `rotation` degrees. */
export function boardSide(side, rotation) {
  return (side + rotation / 90) % 4;
}

/** Turns the point (x, y) of a cell by `quarter` quarter turns clockwise. */
function turn([x, y], quarter) {
  let p = [x, y];
  for (let i = 0; i < ((quarter % 4) + 4) % 4; i++) p = [CELL - p[1], p[0]];
  return p;
}

const SIDE_MID = [
  [50, 0],
  [100, 50],
  [50, 100],
  [0, 50],
];

/** The point at `depth` from side `side`'s middle towards the centre. */
function inward(side, depth) {
  return turn([50, depth], side);
}

/** The corner point of corner `c` (NE = 0, SE, SW, NW) inset by `inset` along the diagonal. */
export function cornerPoint(corner, inset = 0) {
  return turn([CELL - inset, inset], corner);
}

const f = (n) => Math.round(n * 10) / 10;
const pt = ([x, y]) => `${f(x)},${f(y)}`;

/** Path data of a shape given in the north (or north-east) orientation, turned. */
function turnedPath(commands, quarter) {
  return commands
    .map(([op, ...pts]) => op + pts.map((p) => pt(turn(p, quarter))).join(" "))
    .join(" ");
}

/**
 * The geometry of one segment in board orientation: the SVG path of its shape,
 * where its animals and birds go (`items`: points), and where a meeple stands.
 */
export function segmentGeometry(segment, rotation, tile) {
  const sides = segment.sides.map((s) => boardSide(s, rotation)).sort((a, b) => a - b);
  const count = segment.animals.length + segment.birds;
  if (segment.kind === "bush") return bushGeometry(sides, count);
  return trailGeometry(sides, count, tile, rotation);
}

function spread(centre, dir, count, gap = 23) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const o = (i - (count - 1) / 2) * gap;
    out.push([centre[0] + dir[0] * o, centre[1] + dir[1] * o]);
  }
  return out;
}

function bushGeometry(sides, count) {
  const has = (s) => sides.includes(s);
  if (sides.length === 1) {
    const q = sides[0];
    const d = turnedPath([["M", [0, 0]], ["L", [100, 0]], ["C", [78, 40], [22, 40], [0, 0]], ["Z"]], q);
    // Animals and birds in a row along the edge, the meeple's spot after them.
    const cx = count > 0 ? 38 : 50;
    const items = spread([cx, 12], [1, 0], count, 22).map((p) => turn(p, q));
    const meeple = turn(count > 0 ? [cx + count * 11 + 12, 15] : [50, 16], q);
    return { d, items, meeple };
  }
  if (sides.length === 2 && (sides[1] - sides[0]) % 2 === 1) {
    // Adjacent sides: the corner region between them (shape given for N+E).
    const q = has(0) && has(3) ? 3 : sides[0];
    const d = turnedPath([["M", [0, 0]], ["L", [100, 0]], ["L", [100, 100]], ["Q", [70, 30], [0, 0]], ["Z"]], q);
    const items = spread([62, 15], [1, 0], count).map((p) => turn(p, q));
    const meeple = turn([78, 40], q);
    return { d, items, meeple };
  }
  if (sides.length === 2) {
    // Opposite sides: a band across the tile (shape given for W+E).
    const q = has(1) ? 0 : 1;
    const d = turnedPath(
      [["M", [0, 0]], ["C", [30, 32], [70, 32], [100, 0]], ["L", [100, 100]], ["C", [70, 68], [30, 68], [0, 100]], ["Z"]],
      q,
    );
    const items = spread([62, 50], [1, 0], count, 22).map((p) => turn(p, q));
    const meeple = turn([18, 50], q);
    return { d, items, meeple };
  }
  if (sides.length === 3) {
    // Three sides: everything but a bay on the fourth (shape given for N+E+S).
    const missing = [0, 1, 2, 3].find((s) => !has(s));
    const q = missing - 3;
    const d = turnedPath(
      [["M", [0, 0]], ["L", [100, 0]], ["L", [100, 100]], ["L", [0, 100]], ["C", [38, 70], [38, 30], [0, 0]], ["Z"]],
      q,
    );
    const items = spread([66, 50], [0, 1], count).map((p) => turn(p, q));
    const meeple = turn([40, 18], q);
    return { d, items, meeple };
  }
  return { d: "M0,0 H100 V100 H0 Z", items: spread([50, 50], [1, 0], count), meeple: [50, 30] };
}

const DEAD_END = 38;

function trailGeometry(sides, count, tile, rotation) {
  if (sides.length >= 2) {
    const [a, b] = sides;
    const [ax, ay] = SIDE_MID[a];
    const [bx, by] = SIDE_MID[b];
    const d = `M${ax},${ay} Q50,50 ${bx},${by}`;
    const at = (t) => [
      (1 - t) * (1 - t) * ax + 2 * (1 - t) * t * 50 + t * t * bx,
      (1 - t) * (1 - t) * ay + 2 * (1 - t) * t * 50 + t * t * by,
    ];
    // A through trail next to a dead end (CS11): keep the animal away from it.
    const others = tile ? tile.segments.filter((s) => s.kind === "trail" && s.sides.length === 1) : [];
    const deadSides = others.map((s) => boardSide(s.sides[0], rotation));
    const tAnimal = deadSides.length && (b - a) % 2 === 0 ? 0.22 : 0.3;
    const items = count ? [at(tAnimal)] : [];
    return { d, items, meeple: at(0.62), end: null };
  }
  const s = sides[0];
  const [ax, ay] = SIDE_MID[s];
  const [ex, ey] = inward(s, DEAD_END);
  return {
    d: `M${ax},${ay} L${f(ex)},${f(ey)}`,
    items: count ? [inward(s, 12)] : [],
    meeple: inward(s, count ? 33 : 24),
    end: [ex, ey],
  };
}

/**
 * Where the baobab goes: the first free spot among the corners, the middles of
 * the sides and the centre, avoiding bush and trails.
 */
export function baobabPoint(tile) {
  const rotation = tile.rotation;
  const corner = [0, 0, 0, 0]; // NE, SE, SW, NW: corner c lies between sides c and c + 1
  const bushCorner = [false, false, false, false];
  const side = [0, 0, 0, 0];
  let centre = 0;
  for (const seg of tile.segments) {
    const sides = seg.sides.map((s) => boardSide(s, rotation)).sort((a, b) => a - b);
    for (const s of sides) {
      side[s] += 1;
      // Bush fills the corners beside it; a trail only comes near them.
      const weight = seg.kind === "bush" ? 1 : 0.25;
      corner[s] += weight;
      corner[(s + 3) % 4] += weight;
      if (seg.kind === "bush") bushCorner[s] = bushCorner[(s + 3) % 4] = true;
    }
    // Trails reach the centre (through it, or to a dead end near it).
    if (sides.length >= 2 || seg.kind === "trail") centre += 1;
    if (seg.kind === "trail" && sides.length === 2 && (sides[1] - sides[0]) % 2 === 1) {
      corner[sides[0] === 0 && sides[1] === 3 ? 3 : sides[0]] += 1;
    }
  }
  const candidates = [
    ...[2, 3, 1, 0].map((c) => [corner[c], cornerPoint(c, 26)]),
    ...[3, 2, 1, 0].map((s) => [side[s] + (bushCorner[s] && bushCorner[(s + 3) % 4] ? 1 : 0) + 0.1, inward(s, 22)]),
    [centre + 0.2, [50, 50]],
  ];
  return candidates.reduce((best, c) => (c[0] < best[0] ? c : best))[1];
}

function animalBadge([x, y], letter) {
  const a = ANIMALS[letter] ?? { name: letter, colour: "#444" };
  return el("g", { class: `animal animal-${letter}` }, [
    el("circle", { cx: f(x), cy: f(y), r: 10.5, fill: a.colour, stroke: "#fff", "stroke-width": 2 }),
    el("text", { x: f(x), y: f(y) + 4.6, "text-anchor": "middle", class: "badge-letter" }, [letter]),
  ]);
}

function bird([x, y]) {
  return el("path", {
    class: "bird",
    d: `M${f(x - 9)},${f(y - 1)} Q${f(x - 4)},${f(y - 6)} ${f(x)},${f(y + 3)} Q${f(x + 4)},${f(y - 6)} ${f(x + 9)},${f(y - 1)}`,
  });
}

function baobab([x, y]) {
  return el("g", { class: "baobab" }, [
    el("path", {
      d: `M${x - 4},${y + 13} L${x - 3},${y - 1} L${x + 3},${y - 1} L${x + 4},${y + 13} Z`,
      fill: "#8a5a2b",
      stroke: "#4a2e12",
      "stroke-width": 1,
    }),
    el("ellipse", { cx: x, cy: y - 5, rx: 13, ry: 8, fill: "#2f6b2a", stroke: "#1b4418", "stroke-width": 1.2 }),
    el("ellipse", { cx: x - 3, cy: y - 7, rx: 6, ry: 3, fill: "#4c8f3c" }),
  ]);
}

/**
 * An SVG group drawing `tile` (a TileDraw) with its top-left corner at the
 * origin, turned `rotation` degrees (the tile's own unless given).
 */
export function drawTile(tile, rotation = tile.rotation) {
  const g = el("g", { class: "tile", "data-design": tile.design });
  g.append(el("rect", { x: 0, y: 0, width: CELL, height: CELL, fill: SAVANNA, class: "savanna" }));
  const geoms = tile.segments.map((s) => [s, segmentGeometry(s, rotation, tile)]);
  // Bush under trails, trails on top.
  for (const [s, geo] of geoms) {
    if (s.kind !== "bush") continue;
    g.append(el("path", { d: geo.d, fill: BUSH, stroke: BUSH_EDGE, "stroke-width": 1.5, class: "bush" }));
  }
  for (const [s, geo] of geoms) {
    if (s.kind !== "trail") continue;
    g.append(el("path", { d: geo.d, fill: "none", stroke: TRAIL_EDGE, "stroke-width": 19, "stroke-linecap": "butt" }));
    g.append(el("path", { d: geo.d, fill: "none", stroke: TRAIL, "stroke-width": 12, class: "trail" }));
    if (geo.end) {
      g.append(
        el("circle", { cx: f(geo.end[0]), cy: f(geo.end[1]), r: 7.5, fill: "#8d8a7e", stroke: "#55524a", "stroke-width": 1.2, class: "trail-end" }),
      );
    }
  }
  if (tile.baobab) g.append(baobab(baobabPoint({ ...tile, rotation })));
  for (const [s, geo] of geoms) {
    const letters = [...s.animals];
    geo.items.forEach((p, i) => {
      if (i < letters.length) g.append(animalBadge(p, letters[i]));
      else g.append(bird(p));
    });
  }
  g.append(el("rect", { x: 0, y: 0, width: CELL, height: CELL, fill: "none", class: "tile-edge" }));
  return g;
}

/** A meeple figure standing at (x, y) (its feet), in the seat's colour. */
export function meeple([x, y], seat, extra = {}) {
  const s = 0.9;
  const d =
    `M${x},${y - 24 * s} c${4 * s},0 ${7 * s},${3 * s} ${7 * s},${7 * s} c0,${2.5 * s} ${-1 * s},${4 * s} ${-2.5 * s},${5 * s} ` +
    `l${9 * s},${3 * s} c${2 * s},${0.8 * s} ${2 * s},${4.5 * s} 0,${4.5 * s} l${-6 * s},0 l${5 * s},${9 * s} ` +
    `l${-8 * s},0 l${-4.5 * s},${-6 * s} l${-4.5 * s},${6 * s} l${-8 * s},0 l${5 * s},${-9 * s} l${-6 * s},0 ` +
    `c${-2 * s},0 ${-2 * s},${-3.7 * s} 0,${-4.5 * s} l${9 * s},${-3 * s} c${-1.5 * s},${-1 * s} ${-2.5 * s},${-2.5 * s} ${-2.5 * s},${-5 * s} ` +
    `c0,${-4 * s} ${3 * s},${-7 * s} ${7 * s},${-7 * s} z`;
  return el("path", {
    d,
    fill: PLAYER_COLOURS[seat],
    stroke: seat === 4 ? "#f5f5f5" : "#1a1a1a",
    "stroke-width": 1.6,
    "stroke-linejoin": "round",
    class: `meeple seat-${seat}`,
    ...extra,
  });
}

/** The centre of a meeple on segment `seg` of `tile` (cell units). */
export function meeplePoint(tile, seg) {
  const s = tile.segments[seg];
  return s ? segmentGeometry(s, tile.rotation, tile).meeple : [50, 50];
}

/** A ranger figure centred at (x, y). */
export function ranger([x, y], extra = {}) {
  return el("g", { class: "ranger", ...extra }, [
    el("circle", { cx: x, cy: y, r: 19, fill: "#c9b37a", stroke: "#3d4a1e", "stroke-width": 3 }),
    el("path", {
      d: `M${x - 14},${y - 3} Q${x},${y - 9} ${x + 14},${y - 3} L${x + 9},${y - 6} Q${x + 8},${y - 15} ${x},${y - 15} Q${x - 8},${y - 15} ${x - 9},${y - 6} Z`,
      fill: "#5a6b2a",
      stroke: "#2c3512",
      "stroke-width": 1.2,
    }),
    el("text", { x, y: y + 12, "text-anchor": "middle", class: "ranger-letter" }, ["R"]),
  ]);
}

/** A watering-hole token at corner `corner` of a cell. */
export function waterToken(corner, letter) {
  const [x, y] = cornerPoint(corner, 14);
  const a = ANIMALS[letter] ?? { colour: "#444" };
  return el("g", { class: `water water-${letter}` }, [
    el("circle", { cx: f(x), cy: f(y), r: 12, fill: "#3d9ad6", stroke: "#16558a", "stroke-width": 2 }),
    el("circle", { cx: f(x), cy: f(y), r: 7.5, fill: a.colour, stroke: "#fff", "stroke-width": 1.2 }),
    el("text", { x: f(x), y: f(y) + 3.6, "text-anchor": "middle", class: "badge-letter small" }, [letter]),
  ]);
}
