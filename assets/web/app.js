// The board page: draws the game the server sends, sends two clicked cells as a move, and
// fetches the game again whenever the server says it changed. The server decides what is
// legal; the page only shows what it is told.

const SVG = "http://www.w3.org/2000/svg";
const UNIT = 10;
const MARGIN = 6;

const board = document.getElementById("board");
const status = document.getElementById("status");
const message = document.getElementById("message");

let shown = null; // the game as last drawn
let chosen = null; // the first cell clicked
let events = null;

function cellName(col, row) {
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

function draw(game) {
  shown = game;
  const size = game.size;
  const side = size * UNIT + 2 * MARGIN;
  board.setAttribute("viewBox", `0 0 ${side} ${side}`);
  board.replaceChildren();
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
        "aria-label": colour ? `${name}, ${colour} tile` : `${name}, empty`,
      });
      if (colour) {
        cell.setAttribute("data-tile", colour);
      }
      if (name === chosen) {
        cell.classList.add("chosen");
      }
      cell.addEventListener("click", () => choose(name));
      cell.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          choose(name);
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
    }
    board.append(line);
  }
  for (const bridge of game.bridges) {
    const [x1, y1] = centre(bridge.from, size);
    const [x2, y2] = centre(bridge.to, size);
    board.append(element("line", { x1, y1, x2, y2, class: `bridge ${bridge.color}` }));
  }
  for (const name of game.last_move) {
    const [x, y] = centre(name, size);
    board.append(element("circle", { cx: x, cy: y, r: 3.2, class: "last", "data-last": name }));
  }
  for (let i = 0; i < size; i++) {
    const [x] = centre(cellName(i, 0), size);
    const [, y] = centre(cellName(0, i), size);
    board.append(label(x, MARGIN / 2, cellName(i, 0)[0]));
    board.append(label(MARGIN / 2, y, String(i + 1)));
  }
  status.textContent = describe(game);
}

function label(x, y, text) {
  const node = element("text", { x, y, class: "label", "aria-hidden": "true" });
  node.textContent = text;
  return node;
}

function describe(game) {
  const points = `White (${game.white}) ${game.points.white} · Red (${game.red}) ${game.points.red} points`;
  if (game.over) {
    return `Game over. ${points}`;
  }
  const turn = game.to_move === game.you ? "Your move" : `${game.to_move === "white" ? game.white : game.red} to move`;
  const colour = game.to_move === "white" ? "White" : "Red";
  // The opponent's move in words, so that the live region says what changed.
  const played = game.last_played && game.last_played.by !== (game.you === "white" ? game.white : game.red)
    ? ` ${game.last_played.by} played ${game.last_played.move}.`
    : "";
  return `${turn} (${colour}).${played} ${points}`;
}

async function choose(name) {
  if (!shown || shown.over || shown.to_move !== shown.you) {
    return;
  }
  message.textContent = "";
  if (chosen === null || chosen === name) {
    chosen = chosen === name ? null : name;
    draw(shown);
    return;
  }
  const move = `${chosen} ${name}`;
  chosen = null;
  const answer = await fetch(`/api/games/${shown.id}/moves`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ move, version: shown.version }),
  });
  const body = await answer.json();
  if (answer.ok) {
    draw(body);
  } else {
    message.textContent = body.error;
    await load(shown.id);
  }
}

async function load(id) {
  const answer = await fetch(`/api/games/${id}`);
  const body = await answer.json();
  if (answer.ok) {
    draw(body);
  } else {
    message.textContent = body.error;
  }
}

function follow(id) {
  if (events) {
    events.close();
  }
  events = new EventSource(`/api/games/${id}/events`);
  events.addEventListener("changed", (event) => {
    const version = Number(event.data);
    if (!shown || version < 0 || version !== shown.version) {
      load(id);
    }
  });
}

function open(id) {
  history.replaceState(null, "", `#game=${id}`);
  follow(id);
  return load(id);
}

document.getElementById("new-game").addEventListener("click", async () => {
  message.textContent = "";
  const answer = await fetch("/api/games", { method: "POST" });
  const body = await answer.json();
  if (answer.ok) {
    draw(body);
    await open(body.id);
  } else {
    message.textContent = body.error;
  }
});

const resumed = /^#game=(\d+)$/.exec(location.hash);
if (resumed) {
  open(resumed[1]);
} else {
  status.textContent = "Start a game: you play White and open; click two cells to place two tiles.";
}
