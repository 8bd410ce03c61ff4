// The board as SVG, drawn from the server's view of the game: cells, tiles, bridges, the
// last move, the coordinates. What a click on a cell means is the caller's (`onChoose`).

import { t } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const UNIT = 10;
const MARGIN = 6;

export function cellName(col, row) {
  return String.fromCharCode(97 + col) + String(row + 1);
}

function centre(name, size) {
  const col = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1)) - 1;
  return [MARGIN + col * UNIT + UNIT / 2, MARGIN + (size - 1 - row) * UNIT + UNIT / 2];
}

function element(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) {
    node.setAttribute(key, value);
  }
  return node;
}

// What a screen reader says of a cell: "c3, red tile", "d4, empty".
function cellLabel(name, colour) {
  return `${name}, ${t(colour ? `web-tile-${colour}` : "web-cell-empty")}`;
}

// Draws `position` (a game's, a lesson's, a puzzle's: size, tiles, bridges, last_move) into
// `svg`. `chosen` is the cell picked first, if any; `targets` the cells the server says may
// follow it (marked); `preview` a move shown before it is sent: { tiles: [cells], color } or
// { bridge: [from, to], color }; `onChoose(name)` is called when a cell is clicked or chosen
// by key.
export function drawBoard(svg, position, { chosen = null, targets = [], preview = null, onChoose = () => {} } = {}) {
  const game = position;
  const marked = new Set(targets);
  const previewed = new Set(preview?.tiles ?? []);
  const size = game.size;
  const side = size * UNIT + 2 * MARGIN;
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.replaceChildren();
  const tiles = new Map(game.tiles.map((tile) => [tile.cell, tile.color]));
  for (let row = size - 1; row >= 0; row--) {
    const line = element("g", { role: "row" });
    for (let col = 0; col < size; col++) {
      const name = cellName(col, row);
      const colour = tiles.get(name);
      const [x, y] = [MARGIN + col * UNIT, MARGIN + (size - 1 - row) * UNIT];
      const cell = element("rect", {
        x, y, width: UNIT, height: UNIT,
        class: "cell",
        role: "gridcell",
        tabindex: "0",
        "data-cell": name,
        "aria-label": cellLabel(name, colour),
      });
      if (colour) {
        cell.setAttribute("data-tile", colour);
      }
      if (name === chosen) {
        cell.classList.add("chosen");
      }
      if (marked.has(name)) {
        cell.classList.add("target");
      }
      cell.addEventListener("click", () => onChoose(name));
      cell.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onChoose(name);
        }
      });
      line.append(cell);
      // The tile inside its cell, so that no neighbour's grid line covers its outline.
      if (colour) {
        line.append(element("rect", { x: x + 1, y: y + 1, width: UNIT - 2, height: UNIT - 2, class: `tile ${colour}` }));
      }
      if (colour === "red") {
        line.append(element("circle", { cx: x + UNIT / 2, cy: y + UNIT / 2, r: 1.2, class: "mark" }));
      }
      if (previewed.has(name)) {
        line.append(element("rect", { x: x + 1, y: y + 1, width: UNIT - 2, height: UNIT - 2, class: `tile preview ${preview.color}`, "data-preview": name }));
      }
    }
    svg.append(line);
  }
  for (const bridge of game.bridges) {
    const [x1, y1] = centre(bridge.from, size);
    const [x2, y2] = centre(bridge.to, size);
    svg.append(element("line", { x1, y1, x2, y2, class: `bridge ${bridge.color}` }));
  }
  if (preview?.bridge) {
    const [x1, y1] = centre(preview.bridge[0], size);
    const [x2, y2] = centre(preview.bridge[1], size);
    svg.append(element("line", { x1, y1, x2, y2, class: `bridge preview ${preview.color}`, "data-preview": "bridge" }));
  }
  for (const name of game.last_move) {
    const [x, y] = centre(name, size);
    svg.append(element("circle", { cx: x, cy: y, r: 3.2, class: "last", "data-last": name }));
  }
  for (let i = 0; i < size; i++) {
    const [x] = centre(cellName(i, 0), size);
    const [, y] = centre(cellName(0, i), size);
    svg.append(label(x, MARGIN / 2, cellName(i, 0)[0]));
    svg.append(label(MARGIN / 2, y, String(i + 1)));
  }
}

function label(x, y, text) {
  const node = element("text", { x, y, class: "label", "aria-hidden": "true" });
  node.textContent = text;
  return node;
}
