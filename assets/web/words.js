// The page's words: every `web-` message of the bot's own Fluent files, fetched from
// /api/words in one language, and that language asked for by every request of the page.
// A sentence with numbers or names in it comes formatted from the server, in the views.

const CHOSEN = "ponte.lang"; // the switch's choice, kept in this browser

let current = { lang: "en", langs: [], words: {} };

// The language the switch chose, or none (then the logged-in player's Discord language, else
// the browser's Accept-Language decides).
export function chosenLang() {
  return localStorage.getItem(CHOSEN);
}

// The headers that make an answer speak the page's language: the switch's choice, only once
// the player chose one, in a header of its own (it comes before everything else).
export function langHeaders() {
  const chosen = chosenLang();
  return chosen ? { "x-ponte-lang": chosen } : {};
}

export async function loadWords() {
  const answer = await fetch("/api/words", { headers: langHeaders() });
  current = await answer.json();
  document.documentElement.lang = current.lang;
  applyWords(document);
  return current;
}

// The words of a message id; the id itself when the files lack it, so a gap shows.
export function t(id) {
  return current.words[id] ?? id;
}

export function lang() {
  return current.lang;
}

export function langs() {
  return current.langs;
}

export async function switchLang(code) {
  localStorage.setItem(CHOSEN, code);
  return loadWords();
}

// Fills every element under `root` that names its words: `data-word` its text,
// `data-word-label` its aria-label, `data-word-title` its title.
export function applyWords(root) {
  for (const node of root.querySelectorAll("[data-word]")) {
    node.textContent = t(node.dataset.word);
  }
  for (const node of root.querySelectorAll("[data-word-label]")) {
    node.setAttribute("aria-label", t(node.dataset.wordLabel));
  }
  for (const node of root.querySelectorAll("[data-word-title]")) {
    node.setAttribute("title", t(node.dataset.wordTitle));
  }
}
