// The board as SVG, drawn from the server's view of the game: cells, tiles, bridges, the
// last move, the coordinates. What choosing a cell means is the caller's (`onChoose`).
//
// The cells are an ARIA grid with one tab stop (a roving tabindex): the arrow keys move the
// focus over the cells, Home/End to the row's ends, PageUp/PageDown to the column's ends,
// Ctrl+Home/Ctrl+End to the board's corners, Enter or Space chooses. The cells are kept from
// one drawing to the next (only what lies on them is drawn anew), so a live update never takes
// the focus away from the cell a keyboard or a screen reader is on.

import { t } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const UNIT = 10;
// The coordinates' room, above and left of the cells; below and right only room for the
// outermost lines, so a phone gives the cells all the width it can.
const MARGIN = 5;
const END = 0.5;

// What each board on the page keeps between drawings: its cells, the cell that holds the tab
// stop, and the current `onChoose`.
const boards = new WeakMap();

export function cellName(col, row) {
  return String.fromCharCode(97 + col) + String(row + 1);
}

function place(name) {
  return [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
}

function corner(name, size) {
  const [col, row] = place(name);
  return [MARGIN + col * UNIT, MARGIN + (size - 1 - row) * UNIT];
}

function centre(name, size) {
  const [x, y] = corner(name, size);
  return [x + UNIT / 2, y + UNIT / 2];
}

function element(name, attributes = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) {
    node.setAttribute(key, value);
  }
  return node;
}

// Sets a live region's text only when it says something new: writing the same words again
// would make some screen readers say them again.
export function announce(region, text) {
  if (region.textContent !== text) {
    region.textContent = text;
  }
}

// What a screen reader says of a cell: "c3, red tile", "d4, empty", "c3, white tile, bridge
// to e4", "…, chosen", "…, legal target".
function cellLabel(name, { colour, bridgeTo, chosen, target }) {
  const words = [name, t(colour ? `web-tile-${colour}` : "web-cell-empty")];
  if (bridgeTo) {
    words.push(`${t("web-cell-bridge-to")} ${bridgeTo}`);
  }
  if (chosen) {
    words.push(t("web-cell-chosen"));
  }
  if (target) {
    words.push(t("web-cell-target"));
  }
  return words.join(", ");
}

// Draws `position` (a game's, a lesson's, a puzzle's: size, tiles, bridges, last_move) into
// `svg`. `chosen` is the cell picked first, if any; `targets` the cells the server says may
// follow it (marked); `preview` a move shown before it is sent: { tiles: [cells], color } or
// { bridge: [from, to], color }; `onChoose(name)` is called when a cell is clicked or chosen
// by key.
export function drawBoard(svg, position, { chosen = null, targets = [], preview = null, onChoose = () => {} } = {}) {
  const board = cellsOf(svg, position.size);
  board.onChoose = onChoose;
  const marked = new Set(targets);
  const tiles = new Map(position.tiles.map((tile) => [tile.cell, tile.color]));
  const bridgeTo = new Map();
  for (const bridge of position.bridges) {
    bridgeTo.set(bridge.from, bridge.to);
    bridgeTo.set(bridge.to, bridge.from);
  }
  for (const [name, cell] of board.cells) {
    const colour = tiles.get(name);
    if (colour) {
      cell.setAttribute("data-tile", colour);
    } else {
      cell.removeAttribute("data-tile");
    }
    cell.classList.toggle("chosen", name === chosen);
    cell.classList.toggle("target", marked.has(name));
    const label = cellLabel(name, { colour, bridgeTo: bridgeTo.get(name), chosen: name === chosen, target: marked.has(name) });
    if (cell.getAttribute("aria-label") !== label) {
      cell.setAttribute("aria-label", label);
    }
  }
  board.pieces.replaceChildren(...pieces(position, { chosen, marked, preview }));
}

// The cells of `svg` for a board of `size`, made the first time and whenever the size changes.
function cellsOf(svg, size) {
  const kept = boards.get(svg);
  // Kept unless the size changed or someone else emptied the svg.
  if (kept?.size === size && kept.pieces.parentNode === svg) {
    return kept;
  }
  const focused = svg.contains(document.activeElement) ? document.activeElement.getAttribute("data-cell") : null;
  const side = MARGIN + size * UNIT + END;
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  const board = { size, cells: new Map(), focus: null, onChoose: () => {}, pieces: element("g", { "aria-hidden": "true" }), ring: ring() };
  const rows = [];
  for (let row = size - 1; row >= 0; row--) {
    const line = element("g", { role: "row" });
    for (let col = 0; col < size; col++) {
      const name = cellName(col, row);
      const [x, y] = corner(name, size);
      const cell = element("rect", { x, y, width: UNIT, height: UNIT, class: "cell", role: "gridcell", tabindex: "-1", "data-cell": name });
      board.cells.set(name, cell);
      line.append(cell);
    }
    rows.push(line);
  }
  svg.replaceChildren(...rows, board.pieces, coordinates(size), board.ring);
  if (!kept) {
    listen(svg);
  }
  boards.set(svg, board);
  rove(board, board.cells.has(focused) ? focused : cellName(0, size - 1));
  if (board.cells.has(focused)) {
    board.cells.get(focused).focus();
  }
  return board;
}

// The focus ring: drawn over everything (a tile would hide the cell's own outline), a light
// and a dark line so it shows on any cell, tile and theme; CSS shows it only while the focus
// came from the keyboard.
function ring() {
  const group = element("g", { class: "ring", "aria-hidden": "true" });
  group.append(element("rect", { width: UNIT, height: UNIT, class: "ring-halo" }));
  group.append(element("rect", { width: UNIT, height: UNIT, class: "ring-line" }));
  return group;
}

// Gives cell `name` the board's one tab stop and puts the ring on it.
function rove(board, name) {
  if (board.focus && board.focus !== name) {
    board.cells.get(board.focus)?.setAttribute("tabindex", "-1");
  }
  board.focus = name;
  board.cells.get(name).setAttribute("tabindex", "0");
  const [x, y] = corner(name, board.size);
  board.ring.setAttribute("transform", `translate(${x} ${y})`);
}

function listen(svg) {
  svg.addEventListener("click", (event) => {
    const name = event.target.getAttribute?.("data-cell");
    if (name) {
      boards.get(svg).onChoose(name);
    }
  });
  svg.addEventListener("focusin", (event) => {
    const name = event.target.getAttribute?.("data-cell");
    if (name) {
      rove(boards.get(svg), name);
    }
  });
  svg.addEventListener("keydown", (event) => {
    const board = boards.get(svg);
    const name = event.target.getAttribute?.("data-cell");
    if (!name) {
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      board.onChoose(name);
      return;
    }
    const next = step(name, event, board.size);
    if (next) {
      event.preventDefault();
      rove(board, next);
      board.cells.get(next).focus();
    }
  });
}

// The cell a key moves the focus to from `name`, or null for a key the board does not use.
// Up is towards the higher rows, as the board is drawn.
function step(name, { key, ctrlKey }, size) {
  const [col, row] = place(name);
  const last = size - 1;
  const clamp = (value) => Math.min(last, Math.max(0, value));
  const moves = {
    ArrowLeft: [col - 1, row],
    ArrowRight: [col + 1, row],
    ArrowUp: [col, row + 1],
    ArrowDown: [col, row - 1],
    Home: ctrlKey ? [0, last] : [0, row],
    End: ctrlKey ? [last, 0] : [last, row],
    PageUp: [col, last],
    PageDown: [col, 0],
  };
  const target = moves[key];
  return target ? cellName(clamp(target[0]), clamp(target[1])) : null;
}

// What lies on the cells: tiles (red ones with a dot), bridges (red ones dotted), the move
// shown before it is sent, the last move, the chosen cell and the targets.
function pieces(position, { chosen, marked, preview }) {
  const size = position.size;
  const drawn = [];
  const box = (name, inset, attributes) => {
    const [x, y] = corner(name, size);
    return element("rect", { x: x + inset, y: y + inset, width: UNIT - 2 * inset, height: UNIT - 2 * inset, ...attributes });
  };
  for (const tile of position.tiles) {
    drawn.push(box(tile.cell, 1, { class: `tile ${tile.color}` }));
    if (tile.color === "red") {
      const [cx, cy] = centre(tile.cell, size);
      drawn.push(element("circle", { cx, cy, r: 1.2, class: "mark" }));
    }
  }
  for (const cell of preview?.tiles ?? []) {
    drawn.push(box(cell, 1, { class: `tile preview ${preview.color}`, "data-preview": cell }));
  }
  for (const bridge of position.bridges) {
    drawn.push(...bridgeLines(bridge.from, bridge.to, bridge.color, size, {}));
  }
  if (preview?.bridge) {
    drawn.push(...bridgeLines(preview.bridge[0], preview.bridge[1], preview.color, size, { "data-preview": "bridge" }, "preview"));
  }
  // The last move's cells: a corner turned down, which hides no tile's colour or dot.
  for (const name of position.last_move) {
    const [x, y] = corner(name, size);
    const points = `${x + 0.4},${y + 0.4} ${x + 4.4},${y + 0.4} ${x + 0.4},${y + 4.4}`;
    drawn.push(element("polygon", { points, class: "last", "data-last": name }));
  }
  for (const name of marked) {
    const [cx, cy] = centre(name, size);
    drawn.push(element("circle", { cx, cy, r: 1.8, class: "target-mark" }));
  }
  if (chosen) {
    drawn.push(box(chosen, 1.8, { class: "chosen-mark" }));
  }
  return drawn;
}

// A bridge as a dark casing under a band of its colour; a red bridge's band carries a row of
// light dots, as a red tile carries one: the two colours differ by more than hue.
function bridgeLines(from, to, colour, size, extra, kind = "") {
  const [x1, y1] = centre(from, size);
  const [x2, y2] = centre(to, size);
  const group = element("g", { ...extra, class: `bridge ${colour} ${kind}`.trim() });
  group.append(element("line", { x1, y1, x2, y2, class: "casing" }));
  group.append(element("line", { x1, y1, x2, y2, class: "band" }));
  if (colour === "red") {
    group.append(element("line", { x1, y1, x2, y2, class: "dots" }));
  }
  return [group];
}

function coordinates(size) {
  const group = element("g", { "aria-hidden": "true" });
  for (let i = 0; i < size; i++) {
    const [x] = centre(cellName(i, 0), size);
    const [, y] = centre(cellName(0, i), size);
    group.append(label(x, MARGIN / 2, cellName(i, 0)[0]));
    group.append(label(MARGIN / 2, y, String(i + 1)));
  }
  return group;
}

function label(x, y, text) {
  const node = element("text", { x, y, class: "label" });
  node.textContent = text;
  return node;
}
