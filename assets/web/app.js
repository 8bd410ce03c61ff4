// The board page: draws the game the server sends and fetches it again whenever the server
// says it changed. Starting games and making moves is play.js's. The server decides what is
// legal; the page only shows what it is told.

import { api } from "./api.js";
import { offerHint } from "./learn.js";
import { initPlay, proposeMove, showGame } from "./play.js";
import { announce } from "./board.js";
import { langs, lang, loadWords, switchLang, t } from "./words.js";

const status = document.getElementById("status");
const message = document.getElementById("message");

let shown = null; // the game as last drawn
let events = null;

function draw(game) {
  shown = game;
  showGame(game);
  announce(status, describe(game));
  // A hint's move is offered as a move of one's own: shown, and played by Confirm.
  offerHint(game, proposeMove);
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

initPlay({
  onGame: draw,
  onStart: (game) => {
    draw(game);
    return open(game.id);
  },
  reload: () => shown && load(shown.id),
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
