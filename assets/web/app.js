// The board page: draws the game the server sends and fetches it again whenever the server
// says it changed. Starting games and making moves is play.js's. The server decides what is
// legal; the page only shows what it is told.

import { api } from "./api.js";
import { offerHint } from "./learn.js";
import { looking, onBackToNow, showLobby, showPanel } from "./panel.js";
import { initPlay, proposeMove, showGame } from "./play.js";
import { announce } from "./board.js";
import { langs, lang, loadWords, switchLang, t } from "./words.js";
import { hideLocalOnly, isPublic, openLink, pageInAddress, showLogout, showWatching, whoAmI } from "./doors.js";

const status = document.getElementById("status");
const message = document.getElementById("message");

let shown = null; // the game as last drawn
let events = null;

function draw(game) {
  shown = game;
  // While an earlier position is looked at, the board keeps it; the panel says the game moved.
  if (!looking()) {
    showGame(game);
  }
  // The server's words: whose turn, what the opponent just played (said by the live region,
  // once: a redraw with the same words says nothing again).
  announce(status, game.status);
  showWatching(game);
  // A hint's move is offered as a move of one's own: shown, and played by Confirm (on this
  // machine's board only).
  if (!isPublic()) {
    offerHint(game, proposeMove);
  }
  showPanel(game);
  showLobby(open);
}
onBackToNow(() => shown && draw(shown));

let reading = null; // the read of a game in flight, if any
let wanted = null; // the game the page shows (or is about to)
let missed = false; // a read was asked for while another was in flight

// Reads game `id` (its page address on the public board) and draws it; `asked` is a read already under way (the first one, asked
// beside the words). A read asked for during another is made after it, not beside it: two
// reads at a time would draw whichever answered last.
async function load(id, asked = null) {
  wanted = String(id);
  if (reading) {
    missed = true;
    return;
  }
  reading = asked ?? api(`/api/games/${id}`);
  const answer = await reading;
  reading = null;
  if (!answer.ok) {
    message.textContent = answer.body.error;
  } else if (answer.body.page === wanted) {
    draw(answer.body);
  }
  if (missed) {
    missed = false;
    await load(wanted);
  }
}

function follow(id) {
  if (events) {
    events.close();
  }
  events = new EventSource(`/api/games/${id}/events`);
  events.addEventListener("changed", (event) => {
    const version = Number(event.data);
    // The first event is the version now: the page's own first read usually has it already.
    if (!shown || shown.page !== String(id) || version < 0 || version !== shown.version) {
      load(id);
    }
  });
}

function open(id, asked = null) {
  history.replaceState(null, "", isPublic() ? `/g/${id}` : `#game=${id}`);
  follow(id);
  showLobby(open);
  return load(id, asked);
}

initPlay({
  onGame: draw,
  onStart: (game) => {
    draw(game);
    return open(game.id);
  },
  reload: () => shown && load(shown.page),
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
    showLogout(message);
    if (shown) {
      await load(shown.page);
    } else if (!isPublic()) {
      status.textContent = t("web-start-hint");
    }
  };
}

// A game named in the address is asked for at once, beside the words: the board needs both,
// and one round trip after the other would double the wait before it is drawn. On the public
// board the address is `/g/{page}`, or `/login#secret` for a login link.
const page = pageInAddress();
const resumed = page ?? /^#game=(\d+)$/.exec(location.hash)?.[1];
const firstRead = resumed ? api(`/api/games/${resumed}`) : null;
const [, who] = await Promise.all([loadWords(), whoAmI()]);
offerLangs();
if (who.mode === "public") {
  hideLocalOnly();
  showLogout(message);
}
if (resumed) {
  open(resumed, firstRead);
} else if (who.mode === "public" && location.pathname === "/login") {
  openLink(status, message, (opened) => open(opened));
} else {
  showLobby(open);
  status.textContent = t(who.mode === "public" ? "web-public-home" : "web-start-hint");
}
