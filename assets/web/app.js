// The board page: draws the game the server sends, sends two clicked cells as a move, and
// fetches the game again whenever the server says it changed. The server decides what is
// legal; the page only shows what it is told.

import { api } from "./api.js";
import { announce, drawBoard } from "./board.js";
import { langs, lang, loadWords, switchLang, t } from "./words.js";

const board = document.getElementById("board");
const status = document.getElementById("status");
const message = document.getElementById("message");

let shown = null; // the game as last drawn
let chosen = null; // the first cell clicked
let events = null;

function draw(game) {
  shown = game;
  drawBoard(board, game, { chosen, onChoose: choose });
  announce(status, describe(game));
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
    if (shown) {
      await load(shown.id);
    } else {
      status.textContent = t("web-start-hint");
    }
  };
}

await loadWords();
offerLangs();
const resumed = /^#game=(\d+)$/.exec(location.hash);
if (resumed) {
  open(resumed[1]);
} else {
  status.textContent = t("web-start-hint");
}
