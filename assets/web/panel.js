// What the game shows beside its board (aside#panel): both sides' counts, the clock, the
// moves, stepping back through the history, the downloads and, at the end, the score
// explained; and the list of games going on (in section#lobby). Every sentence comes said
// from the server; the page's own words are `web-` messages.

import { api } from "./api.js";
import { drawBoard } from "./board.js";
import { applyWords, t } from "./words.js";

const panel = document.getElementById("panel");
const board = document.getElementById("board");

let game = null; // the live game as last shown
let step = null; // the number of moves of the position looked at, or null: now
let movedOn = false; // the game changed while an old position was shown
let backToNow = () => {};

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") {
      node.className = value;
    } else if (key.startsWith("data-")) {
      node.setAttribute(key, value);
    } else {
      node[key] = value;
    }
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

// Whether an earlier position is shown: then no move may be made.
export function looking() {
  return step !== null;
}

// `onNow` draws the live game again when the player comes back from the history.
export function onBackToNow(onNow) {
  backToNow = onNow;
}

// Shows `live` (the server's BoardView) in the panel. While an older position is looked at,
// the board keeps it and the panel says that the game moved on.
export function showPanel(live) {
  if (game && step !== null && (live.id !== game.id || live.version !== game.version)) {
    movedOn = live.id === game.id;
    if (!movedOn) {
      step = null;
    }
  }
  game = live;
  render();
}

function side(view) {
  const tiles = view.tiles_left_words ? ` · ${view.tiles_left_words}` : "";
  return el(
    "li",
    { class: `side ${view.color}`, "data-side": view.color },
    el("span", { class: "swatch" }),
    el("strong", {}, `${view.name} (${view.color_words})`),
    el("span", { class: "counts" }, `${view.counts}${tiles}`),
  );
}

function historyBar() {
  const at = step ?? game.plies;
  const go = (n) => () => look(n);
  const button = (word, label, n, disabled) =>
    el("button", { type: "button", class: "step", disabled, title: t(word), "data-step": word }, label);
  const bar = el(
    "div",
    { class: "history", role: "group" },
    button("web-panel-first", "|<", 0, at === 0),
    button("web-panel-back", "<", at - 1, at === 0),
    button("web-panel-forward", ">", at + 1, at >= game.plies),
    button("web-panel-now", ">|", game.plies, step === null),
  );
  bar.setAttribute("aria-label", t("web-panel-history"));
  const targets = [0, at - 1, at + 1, null];
  [...bar.children].forEach((child, i) => {
    child.setAttribute("aria-label", t(child.dataset.step));
    child.onclick = targets[i] === null ? now : go(targets[i]);
  });
  return bar;
}

function moves() {
  const list = el("ol", { class: "moves" });
  for (const line of game.moves) {
    const item = el("li", { class: line.color, value: line.number }, `${line.by}: ${line.move}`);
    if (line.number === (step ?? game.plies)) {
      item.setAttribute("aria-current", "step");
    }
    item.onclick = () => look(line.number);
    list.append(item);
  }
  return list;
}

function downloads() {
  const base = `/api/games/${game.page}`;
  const analysis = el("div", { class: "analysis" });
  const ask = el("button", { type: "button", class: "link", "data-word": "web-panel-analysis" });
  ask.onclick = () => analyse(analysis, 0);
  return el(
    "div",
    { class: "downloads" },
    el("h3", { "data-word": "web-panel-downloads" }),
    el("a", { href: `${base}/replay.gif`, download: `game-${game.id}.gif`, "data-word": "web-panel-replay" }),
    el("a", { href: `${base}/record`, download: `game-${game.id}.txt`, "data-word": "web-panel-record" }),
    game.over ? ask : null,
    analysis,
  );
}

// Asks for the analysis, again every few seconds while the AI is at it.
async function analyse(into, tries) {
  const answer = await api(`/api/games/${game.page}/analysis`);
  into.replaceChildren(el("p", {}, answer.body.words ?? answer.body.error));
  if (answer.ok && answer.body.ready) {
    into.append(el("img", { src: answer.body.chart, alt: t("web-panel-analysis"), class: "chart" }));
  } else if (answer.status === 202 && tries < 60) {
    setTimeout(() => analyse(into, tries + 1), 3000);
  }
}

function ending() {
  if (!game.ending) {
    return null;
  }
  return el(
    "div",
    { class: "ending", "data-ending": "" },
    el("h3", { "data-word": "web-panel-score" }),
    el("p", { class: "result" }, game.ending.result),
    ...game.ending.scores.map((line) => el("p", { class: "score" }, line)),
    game.ending.end_of_play ? el("p", { class: "end-of-play" }, game.ending.end_of_play) : null,
  );
}

function render() {
  if (!game) {
    panel.replaceChildren();
    return;
  }
  const parts = [
    ending(),
    el("ul", { class: "sides", "aria-label": t("web-panel-players") }, ...game.sides.map(side)),
    game.bridges_left === null ? null : el("p", { class: "pool" }, bridgesLeft()),
    game.clock ? el("p", { class: "clock" }, game.clock) : null,
    game.pie_choice ? el("p", { class: "pie", "data-word": "web-panel-pie" }) : null,
    el("h3", { "data-word": "web-panel-history" }),
    historyBar(),
    el("p", { class: "where", id: "where" }),
    movedOn ? el("p", { class: "moved-on", "data-word": "web-panel-moved-on" }) : null,
    step === null ? null : el("p", { class: "past", "data-word": "web-panel-past" }),
    el("h3", { "data-word": "web-panel-moves" }),
    moves(),
    downloads(),
  ];
  panel.replaceChildren(...parts.filter((part) => part !== null));
  applyWords(panel);
}

function bridgesLeft() {
  // The pool's count is a number the page may show with its own word.
  return `${t("web-panel-pool")}: ${game.bridges_left}`;
}

// Shows the position after `n` moves, the live game left alone.
async function look(n) {
  if (!game || n < 0 || n > game.plies) {
    return;
  }
  if (n === game.plies && !movedOn) {
    now();
    return;
  }
  const answer = await api(`/api/games/${game.page}/positions/${n}`);
  if (!answer.ok) {
    return;
  }
  step = n;
  render();
  drawBoard(board, answer.body, {});
  board.dataset.step = String(n);
  document.getElementById("where").textContent = answer.body.words;
}

function now() {
  step = null;
  movedOn = false;
  delete board.dataset.step;
  render();
  backToNow();
}

// The list of games going on here, newest first: a click opens one.
export async function showLobby(onOpen) {
  const lobby = document.getElementById("lobby");
  let list = document.getElementById("games");
  if (!list) {
    list = el("div", { id: "games" });
    lobby.append(list);
  }
  const answer = await api("/api/games");
  if (!answer.ok) {
    return;
  }
  const games = answer.body.games;
  const items = games.map((line) => {
    const open = el(
      "button",
      { type: "button", class: "game-line", "data-game": String(line.id) },
      `#${line.id} ${line.white} – ${line.red}: ${line.status}`,
    );
    open.onclick = () => onOpen(line.page);
    return el("li", {}, open);
  });
  list.replaceChildren(
    el("h2", { "data-word": "web-lobby-games" }),
    items.length ? el("ul", { class: "games" }, ...items) : el("p", { "data-word": "web-lobby-none" }),
  );
  applyWords(list);
}
