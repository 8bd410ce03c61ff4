// Learning in the page: the lessons and the puzzles in section#learn, each on a board of its
// own and answered as a game is played (two cells for two tiles, a tile of the side to move
// then another cell for a bridge) or by a choice; and the hint button of a game. The server
// judges every answer and says why, in the page's language.

import { api } from "./api.js";
import { drawBoard } from "./board.js";
import { applyWords, t } from "./words.js";

const section = document.getElementById("learn");

// What section#learn shows: a lesson, a puzzle, or nothing yet; with the cell picked first.
let shown = null; // { kind: "lesson" | "puzzle", item, answered }
let chosen = null;

function node(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key.startsWith("data-") || key.startsWith("aria-") || key === "role") {
      element.setAttribute(key, value);
    } else {
      element[key] = value;
    }
  }
  element.append(...children);
  return element;
}

// The server's words into `element`: `**stressed**` as <strong>, lines kept by the CSS.
function say(element, text) {
  element.replaceChildren(
    ...String(text).split("**").map((part, i) => (i % 2 ? node("strong", {}, part) : document.createTextNode(part))),
  );
}

function wordButton(id, onClick, attributes = {}) {
  const button = node("button", { type: "button", "data-word": id, ...attributes });
  button.textContent = t(id);
  button.addEventListener("click", onClick);
  return button;
}

const bar = node(
  "div",
  { className: "learn-bar" },
  wordButton("web-lessons", () => openLessons(), { id: "lessons" }),
  wordButton("web-puzzle", () => openPuzzle(), { id: "puzzle" }),
);
const body = node("div", { id: "learn-body" });
section.replaceChildren(bar, body);

// A move as the board previews it: "c3 d4" two tiles, "c3-e4" a bridge, else nothing.
function previewOf(notation, color) {
  const bridge = /^([a-z]\d+)-([a-z]\d+)$/.exec(notation);
  if (bridge) {
    return { bridge: [bridge[1], bridge[2]], color };
  }
  const tiles = /^([a-z]\d+) ([a-z]\d+)$/.exec(notation);
  return tiles ? { tiles: [tiles[1], tiles[2]], color } : null;
}

// The move two clicked cells make: a bridge from a tile of the side to move, else two tiles.
function moveOf(position, first, second, color) {
  const mine = position.tiles.some((tile) => tile.cell === first && tile.color === color);
  return mine ? `${first}-${second}` : `${first} ${second}`;
}

function drawShown(preview = null) {
  const svg = body.querySelector("svg.learn-board");
  if (!svg || !shown) {
    return;
  }
  const position = shown.after ?? shown.item.position;
  drawBoard(svg, position, { chosen, preview, onChoose: choose });
}

async function choose(name) {
  const item = shown?.item;
  if (!item || shown.answered || !item.to_move || (shown.kind === "lesson" && item.answer !== "move")) {
    return;
  }
  if (chosen === null || chosen === name) {
    chosen = chosen === name ? null : name;
    drawShown();
    return;
  }
  const move = moveOf(item.position, chosen, name, item.to_move);
  chosen = null;
  drawShown(previewOf(move, item.to_move));
  await send({ move });
}

// Sends an answer to what is shown, and shows the server's judgement.
async function send(answer) {
  const { kind, item } = shown;
  const said = body.querySelector(".learn-said");
  const path = kind === "lesson" ? "/api/lessons/answer" : `/api/puzzles/${item.id}/answer`;
  const sent = kind === "lesson" ? { ...answer, lesson: item.number } : answer;
  const reply = await api(path, { method: "POST", body: sent });
  if (shown?.item !== item) {
    return;
  }
  said.classList.toggle("wrong", !reply.ok || !reply.body.right);
  said.classList.toggle("right", reply.ok && reply.body.right);
  if (!reply.ok) {
    say(said, reply.body.error);
    drawShown();
    return;
  }
  say(said, reply.body.said);
  if (kind === "puzzle" || reply.body.right) {
    shown.answered = true;
    shown.after = reply.body.after;
    for (const button of body.querySelectorAll(".learn-choices button")) {
      button.disabled = true;
    }
    const next = kind === "lesson"
      ? wordButton("web-next-lesson", () => showPlace(reply.body.next), { id: "next-lesson" })
      : wordButton("web-next-puzzle", () => openPuzzle(), { id: "next-puzzle" });
    body.querySelector(".learn-next").replaceChildren(next);
  }
  drawShown();
}

// The parts a lesson and a puzzle share: title, words, board, how to answer, choices, verdict.
function frame(kind, item, how, choices, boardWord) {
  shown = { kind, item, answered: false, after: null };
  chosen = null;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "learn-board");
  svg.setAttribute("role", "grid");
  svg.setAttribute("data-word-label", boardWord);
  svg.setAttribute("aria-label", t(boardWord));
  const text = node("div", { className: "learn-text" });
  const article = node(
    "article",
    { className: `learn-item ${kind}` },
    node("h2", {}, item.title),
    text,
    svg,
    node("p", { className: "learn-how", "data-word": how }, t(how)),
    node("div", { className: "learn-choices" }, ...choices),
    node("p", { className: "learn-said", "aria-live": "polite" }),
    node("div", { className: "learn-next" }),
  );
  return { article, text };
}

function choiceButton(label, index, color) {
  const button = node("button", { type: "button", className: "choice", "data-choice": String(index) }, label);
  button.addEventListener("click", () => send({ choice: index }));
  const preview = previewOf(label, color);
  if (preview) {
    // The choice drawn on the board while it is pointed at, before it is sent.
    button.addEventListener("mouseenter", () => !shown.answered && drawShown(preview));
    button.addEventListener("mouseleave", () => !shown.answered && drawShown());
  }
  return button;
}

function showLesson(lesson) {
  const choices = lesson.answer === "move"
    ? [wordButton("web-pass", () => send({ move: "pass" }), { id: "lesson-pass" })]
    : lesson.choices.map((label, index) => choiceButton(label, index, lesson.to_move));
  const how = lesson.answer === "move" ? "web-lesson-how-move" : "web-lesson-how-choice";
  const { article, text } = frame("lesson", lesson, how, choices, "web-lesson-board");
  const explanation = node("p");
  say(explanation, lesson.text);
  const task = node("p", { className: "learn-task" }, node("strong", {}, lesson.task));
  text.append(explanation, task);
  article.append(lessonPicker(lesson.number, lesson.total));
  body.replaceChildren(article);
  drawShown();
}

// Any lesson, by its number: to go back to one or skip ahead.
function lessonPicker(current, total) {
  const select = node("select", { id: "lesson-number" });
  for (let number = 1; number <= total; number++) {
    select.append(node("option", { value: String(number), selected: number === current }, String(number)));
  }
  select.addEventListener("change", () => startLesson(select.value));
  return node(
    "label",
    { className: "learn-pick" },
    node("span", { "data-word": "web-lesson-pick" }, t("web-lesson-pick")),
    " ",
    select,
  );
}

function showPlace(place) {
  if (place.lesson) {
    showLesson(place.lesson);
    body.scrollIntoView({ block: "start" });
    return;
  }
  shown = null;
  const finished = node("p", { className: "learn-said right" });
  say(finished, place.finished);
  body.replaceChildren(node("article", { className: "learn-item" }, finished, wordButton("web-start-again", () => startLesson(1), { id: "start-again" })));
}

function showError(reply) {
  shown = null;
  body.replaceChildren(node("p", { className: "learn-said wrong" }, reply.body?.error ?? ""));
}

async function openLessons() {
  const reply = await api("/api/lessons");
  reply.ok ? showPlace(reply.body) : showError(reply);
}

async function startLesson(number) {
  const reply = await api(`/api/lessons/${number}`, { method: "POST" });
  reply.ok ? showPlace(reply.body) : showError(reply);
}

async function openPuzzle() {
  const reply = await api("/api/puzzles/next");
  if (!reply.ok) {
    showError(reply);
    return;
  }
  const puzzle = reply.body;
  const choices = puzzle.choices.map((label, index) => choiceButton(label, index, puzzle.to_move));
  const { article, text } = frame("puzzle", puzzle, "web-puzzle-how", choices, "web-puzzle-board");
  const task = node("p", { className: "learn-task" });
  say(task, puzzle.task);
  text.append(task);
  body.replaceChildren(article);
  drawShown();
  body.scrollIntoView({ block: "start" });
}

// The server's words of what is shown in the language just chosen: fetched again once the
// switch has kept its choice (the page's own words follow through `data-word`).
document.getElementById("lang")?.addEventListener("change", () => {
  setTimeout(() => {
    if (shown?.kind === "lesson" && !shown.answered) {
      openLessons();
    }
  }, 0);
});

// The hint button of the game shown, in div#assist: when it is the page's move, the move
// the AI would play is offered on the board as the move to confirm (`showPreview`), with its
// words.
let hinted = null; // the game and version the hint words are for

export function offerHint(game, showPreview) {
  const controls = document.getElementById("assist");
  let box = document.getElementById("hint-box");
  if (!box) {
    box = node(
      "div",
      { id: "hint-box" },
      wordButton("web-hint", () => askHint(), { id: "hint" }),
      node("p", { id: "hint-words", "aria-live": "polite" }),
    );
  }
  if (box.parentElement !== controls) {
    controls.append(box);
  }
  box.game = game;
  box.showPreview = showPreview;
  box.hidden = game.over || !game.you || game.to_move !== game.you;
  if (hinted !== `${game.id}@${game.version}`) {
    hinted = null;
    box.querySelector("#hint-words").textContent = "";
  }
}

async function askHint() {
  const box = document.getElementById("hint-box");
  const game = box.game;
  const words = box.querySelector("#hint-words");
  const button = box.querySelector("#hint");
  button.disabled = true;
  const reply = await api(`/api/games/${game.id}/hint`, { method: "POST" });
  button.disabled = false;
  if (box.game.id !== game.id || box.game.version !== game.version) {
    return;
  }
  words.classList.toggle("wrong", !reply.ok);
  if (!reply.ok) {
    words.textContent = reply.body.error;
    return;
  }
  hinted = `${game.id}@${game.version}`;
  say(words, reply.body.said);
  box.showPreview({ move: reply.body.move, ...reply.body.preview });
}

applyWords(section);
