// The board page: draws the game the server sends, sends two clicked cells as a move, and
// fetches the game again whenever the server says it changed. The server decides what is
// legal; the page only shows what it is told.

import { api } from "./api.js";
import { drawBoard } from "./board.js";
import { looking, onBackToNow, showLobby, showPanel } from "./panel.js";
import { langs, lang, loadWords, switchLang, t } from "./words.js";

const board = document.getElementById("board");
const status = document.getElementById("status");
const message = document.getElementById("message");

let shown = null; // the game as last drawn
let chosen = null; // the first cell clicked
let events = null;

function draw(game) {
  shown = game;
  // While an earlier position is looked at, the board keeps it; the panel says the game moved.
  if (!looking()) {
    drawBoard(board, game, { chosen, onChoose: choose });
  }
  // The server's words: whose turn, what the opponent just played (said by the live region).
  status.textContent = game.status;
  showPanel(game);
  showLobby(open);
}
onBackToNow(() => shown && draw(shown));

async function choose(name) {
  if (!shown || looking() || shown.over || shown.to_move !== shown.you) {
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
  const answer = await api(`/api/games/${shown.id}/moves`, {
    method: "POST",
    body: { move, version: shown.version },
  });
  if (answer.ok) {
    draw(answer.body);
  } else {
    message.textContent = answer.body.error;
    await load(shown.id);
  }
}

async function load(id) {
  const answer = await api(`/api/games/${id}`);
  if (answer.ok) {
    draw(answer.body);
  } else {
    message.textContent = answer.body.error;
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
  showLobby(open);
  return load(id);
}

document.getElementById("new-game").addEventListener("click", async () => {
  message.textContent = "";
  const answer = await api("/api/games", { method: "POST" });
  if (answer.ok) {
    draw(answer.body);
    await open(answer.body.id);
  } else {
    message.textContent = answer.body.error;
  }
});

// The language switch: every word of the page, and the server's, in the language chosen.
function offerLangs() {
  const select = document.getElementById("lang");
  select.replaceChildren(
    ...langs().map(({ code, name }) => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = name;
      option.selected = code === lang();
      return option;
    }),
  );
  select.onchange = async () => {
    await switchLang(select.value);
    offerLangs();
    showLobby(open);
    if (shown) {
      await load(shown.id);
    } else {
      status.textContent = t("web-start-hint");
    }
  };
}

await loadWords();
offerLangs();
showLobby(open);
const resumed = /^#game=(\d+)$/.exec(location.hash);
if (resumed) {
  open(resumed[1]);
} else {
  status.textContent = t("web-start-hint");
}
