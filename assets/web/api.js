// Requests to ponte's API, in the page's language. An answer is { ok, status, body }; a
// refusal's body is { error } in the player's words.

import { langHeaders } from "./words.js";

export async function api(path, { method = "GET", body } = {}) {
  const headers = { ...langHeaders() };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
  }
  const answer = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { error: text };
  }
  return { ok: answer.ok, status: answer.status, body: parsed };
}
