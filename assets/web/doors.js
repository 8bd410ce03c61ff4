// The public board's doors: who the page is for (GET /api/me), a login link opened at
// /login#secret (shown first, spent only on Continue), the Log out button, and the line that
// tells a watcher how players log in. On this machine's board (`ponte web`) none of it shows.

import { api } from "./api.js";
import { t } from "./words.js";

let me = { mode: "local", player: null };

export async function whoAmI() {
  const answer = await api("/api/me");
  if (answer.ok) {
    me = answer.body;
  }
  return me;
}

export function isPublic() {
  return me.mode === "public";
}

// Hides what only this machine's board offers: starting games, lessons and puzzles.
export function hideLocalOnly() {
  for (const id of ["new-game", "start", "learn"]) {
    const node = document.getElementById(id);
    if (node) {
      node.hidden = true;
    }
  }
}

// The game's page address in the address bar (`/g/{page}`), if any.
export function pageInAddress() {
  const match = /^\/g\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  return match ? match[1] : null;
}

// At /login#secret: the link's question and a Continue button; `onIn(page)` once logged in.
// The secret leaves the address bar before the game shows.
export async function openLink(status, message, onIn) {
  const secret = location.hash.slice(1);
  if (!secret) {
    message.textContent = t("web-login-no-link");
    return;
  }
  status.textContent = t("web-login-checking");
  const offer = await api("/api/login/offer", { method: "POST", body: { link: secret } });
  if (!offer.ok) {
    status.textContent = "";
    message.textContent = offer.body.error;
    return;
  }
  status.textContent = offer.body.question;
  const button = document.createElement("button");
  button.type = "button";
  button.id = "login-continue";
  button.textContent = t("web-login-continue");
  document.getElementById("controls").replaceChildren(button);
  button.onclick = async () => {
    button.disabled = true;
    const answer = await api("/api/login", { method: "POST", body: { link: secret } });
    button.remove();
    if (!answer.ok) {
      message.textContent = answer.body.error;
      return;
    }
    history.replaceState(null, "", `/g/${answer.body.page}`);
    await whoAmI();
    showLogout(message);
    onIn(answer.body.page);
  };
}

// The Log out button in the header, for a logged-in player.
export function showLogout(message) {
  let button = document.getElementById("logout");
  if (!me.player) {
    if (button) {
      button.remove();
    }
    return;
  }
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.id = "logout";
    document.querySelector("header").append(button);
  }
  button.textContent = t("web-logout");
  button.onclick = async () => {
    const answer = await api("/api/logout", { method: "POST" });
    if (answer.ok) {
      me = { mode: me.mode, player: null };
      button.remove();
      message.textContent = t("web-logged-out");
    } else {
      message.textContent = answer.body.error;
    }
  };
}

// The line under a watched game: how its players log in. Empty for a player.
export function showWatching(game) {
  let line = document.getElementById("watching");
  if (!line) {
    line = document.createElement("p");
    line.id = "watching";
    document.getElementById("status").after(line);
  }
  line.textContent = isPublic() && !game.you ? t("web-watching") : "";
}
