// Starting games and making moves by clicking. The server decides what is legal: a first
// click asks it where the move may go (targets), a second click on one of those shows the
// move (a preview) until it is confirmed, and a click anywhere else asks the server to judge
// the move, whose reason is shown and nothing is sent. Swap, pass and resign are offered as
// the server says they are allowed now.

import { api } from "./api.js";
import { drawBoard } from "./board.js";
import { t } from "./words.js";

const CONFIRM = "ponte.confirm"; // "off" when moves are sent without a preview

const board = document.getElementById("board");
const controls = document.getElementById("controls");
const message = document.getElementById("message");

let hooks = { onGame: () => {}, onStart: () => {}, reload: () => {} };
let game = null; // the game as last shown
let chosen = null; // the first cell clicked
let targets = { tiles: [], bridge_ends: [] };
let preview = null; // { move, tiles | bridge, color }
let resigning = false; // the resignation asked, waiting for Yes or No
let asked = 0; // the newest question to the server: older answers are dropped

function confirming() {
  return localStorage.getItem(CONFIRM) !== "off";
}

function ourTurn() {
  return game !== null && !game.over && game.to_move !== null && game.to_move === game.you;
}

function clearMove() {
  chosen = null;
  targets = { tiles: [], bridge_ends: [] };
  preview = null;
  asked += 1;
}

// Draws `shown` (a game's view from the server) with the move being made on it. A new
// version of the game drops a move half made on the old one.
export function showGame(shown) {
  if (!game || shown.id !== game.id) {
    // A game on the board: the form folds away, one click opens it again.
    document.getElementById("start").open = false;
  }
  if (!game || shown.id !== game.id || shown.version !== game.version) {
    clearMove();
    resigning = false;
  }
  game = shown;
  render();
}

function render() {
  drawBoard(board, game, {
    chosen,
    targets: [...targets.tiles, ...targets.bridge_ends],
    preview,
    onChoose: choose,
  });
  for (const name of targets.bridge_ends) {
    board.querySelector(`[data-cell="${name}"]`)?.classList.add("bridge-end");
  }
  renderControls();
}

function button(id, word, onClick) {
  const node = document.createElement("button");
  node.type = "button";
  node.id = id;
  node.textContent = t(word);
  node.addEventListener("click", onClick);
  return node;
}

function renderControls() {
  const row = document.createElement("div");
  row.className = "play-buttons";
  if (preview) {
    row.append(button("confirm", "web-confirm", () => send(preview.move)));
    row.append(button("cancel", "web-cancel", cancel));
  }
  if (ourTurn() && game.may_swap) {
    row.append(button("swap", "web-swap", () => send("swap")));
  }
  if (ourTurn() && game.may_pass) {
    row.append(button("pass", "web-pass", () => send("pass")));
  }
  if (!game.over && game.you) {
    if (resigning) {
      const really = document.createElement("span");
      really.className = "really";
      really.textContent = t("web-resign-really");
      row.append(really, button("resign-yes", "web-yes", resign), button("resign-no", "web-no", () => {
        resigning = false;
        renderControls();
      }));
    } else {
      row.append(button("resign", "web-resign", () => {
        resigning = true;
        renderControls();
      }));
    }
  }
  const parts = [row];
  // What the next click does: confirm the move shown, or choose where the move goes.
  const next = preview ? "web-preview-hint" : chosen ? "web-choose-next" : null;
  if (next) {
    const hint = document.createElement("p");
    hint.className = "play-hint";
    hint.textContent = t(next);
    parts.push(hint);
  }
  parts.push(confirmSetting());
  controls.replaceChildren(...parts);
}

function confirmSetting() {
  const label = document.createElement("label");
  label.className = "confirm-setting";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "confirm-moves";
  box.checked = confirming();
  box.addEventListener("change", () => {
    localStorage.setItem(CONFIRM, box.checked ? "on" : "off");
  });
  label.append(box, " ", t("web-confirm-moves"));
  return label;
}

function cancel() {
  clearMove();
  render();
}

async function choose(cell) {
  if (!ourTurn()) {
    return;
  }
  message.textContent = "";
  if (preview) {
    // The previewed move's last cell again confirms it; any other cell starts anew.
    const last = preview.tiles ? preview.tiles[1] : preview.bridge[1];
    if (cell === last) {
      return send(preview.move);
    }
    clearMove();
  }
  if (chosen === cell) {
    return cancel();
  }
  if (chosen === null) {
    return first(cell);
  }
  return second(chosen, cell);
}

async function first(cell) {
  chosen = cell;
  targets = { tiles: [], bridge_ends: [] };
  const question = ++asked;
  render();
  const answer = await api(`/api/games/${game.page}/targets?from=${cell}`);
  if (question !== asked) {
    return;
  }
  if (!answer.ok) {
    clearMove();
    return refused(answer);
  }
  if (answer.body.tiles.length === 0 && answer.body.bridge_ends.length === 0) {
    clearMove();
    message.textContent = t("web-no-move-from");
  } else {
    targets = answer.body;
  }
  render();
}

async function second(from, cell) {
  const color = game.to_move;
  if (targets.tiles.includes(cell)) {
    return offer({ move: `${from} ${cell}`, tiles: [from, cell], color });
  }
  if (targets.bridge_ends.includes(cell)) {
    return offer({ move: `${from}-${cell}`, bridge: [from, cell], color });
  }
  // Not offered: the server says why. From a tile of the mover's own the pair reads as a
  // bridge, else as two tiles.
  const own = game.tiles.some((tile) => tile.cell === from && tile.color === color);
  const move = own ? `${from}-${cell}` : `${from} ${cell}`;
  const question = ++asked;
  const answer = await api(`/api/games/${game.page}/check?move=${encodeURIComponent(move)}&version=${game.version}`);
  if (question !== asked) {
    return;
  }
  clearMove();
  if (!answer.ok) {
    return refused(answer);
  }
  // Legal after all (the position moved on under the page): shown like any other.
  return offer(own ? { move, bridge: [from, cell], color } : { move, tiles: [from, cell], color });
}

// Shows `move` ({ move, tiles | bridge, color }: a hint's, say) as the move about to be
// made, waiting for Confirm whatever the setting: the player did not choose it by clicking.
export function proposeMove(move) {
  if (!game || !ourTurn()) {
    return;
  }
  chosen = null;
  preview = move;
  targets = { tiles: [], bridge_ends: [] };
  render();
}

function offer(move) {
  if (!confirming()) {
    return send(move.move);
  }
  preview = move;
  targets = { tiles: [], bridge_ends: [] };
  render();
}

async function send(move) {
  const version = game.version;
  clearMove();
  message.textContent = "";
  const answer = await api(`/api/games/${game.page}/moves`, {
    method: "POST",
    body: { move, version },
  });
  if (answer.ok) {
    hooks.onGame(answer.body);
  } else {
    refused(answer);
  }
}

async function resign() {
  resigning = false;
  message.textContent = "";
  const answer = await api(`/api/games/${game.page}/resign`, {
    method: "POST",
    body: { version: game.version },
  });
  if (answer.ok) {
    hooks.onGame(answer.body);
  } else {
    refused(answer);
  }
}

// A refusal in the server's words; a game that moved on is fetched again.
function refused(answer) {
  message.textContent = answer.body?.error ?? String(answer.status);
  if (answer.status === 409) {
    hooks.reload();
  } else if (game) {
    render();
  }
}

// The start form's options as the server reads them.
function options(form) {
  const data = new FormData(form);
  const common = { size: Number(data.get("size")), supply: data.get("supply") };
  if (data.get("opponent") === "people") {
    return { opponent: "people", white: data.get("white"), red: data.get("red"), ...common };
  }
  return { opponent: "ai", level: data.get("level"), opener: data.get("opener"), ...common };
}

async function start(body) {
  message.textContent = "";
  const answer = await api("/api/games", { method: "POST", body });
  if (answer.ok) {
    hooks.onStart(answer.body);
  } else {
    message.textContent = answer.body?.error ?? String(answer.status);
  }
}

// Wires the lobby's form and the keys. `onGame(game)` shows a game the server answered with,
// `onStart(game)` opens a game just started, `reload()` fetches the shown game again.
export function initPlay(given) {
  hooks = { ...hooks, ...given };
  const form = document.getElementById("start-form");
  const opponent = form.elements.opponent;
  const fit = () => {
    const people = opponent.value === "people";
    for (const node of form.querySelectorAll(".for-ai")) {
      node.hidden = people;
    }
    for (const node of form.querySelectorAll(".for-people")) {
      node.hidden = !people;
    }
  };
  opponent.addEventListener("change", fit);
  fit();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    start(options(form));
  });
  document.getElementById("new-game").addEventListener("click", () => start(undefined));
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || !game || event.target.closest?.("button, input, select, textarea")) {
      return;
    }
    if (event.key === "Enter" && preview) {
      event.preventDefault();
      send(preview.move);
    } else if (event.key === "Escape" && (preview || chosen)) {
      event.preventDefault();
      cancel();
    }
  });
}
