// English and Japanese strings, loaded from /static/i18n/{lang}.json.
// Keys are flat ("lobby.create"); "{name}" in a string is replaced from params.
// A missing Japanese string falls back to English, a missing English one to its key.

const STORE_KEY = "tabletop.lang";
export const LANGUAGES = { en: "English", ja: "日本語" };
const dicts = {};
let lang = "en";
const listeners = [];

async function load(code) {
  if (!dicts[code]) {
    const response = await fetch(`/static/i18n/${code}.json`);
    dicts[code] = await response.json();
  }
}

/** Load English and the saved (or the browser's) language; call once at start. */
export async function initI18n() {
  const saved = localStorage.getItem(STORE_KEY);
  const wanted = saved || (navigator.language || "en").slice(0, 2);
  lang = wanted in LANGUAGES ? wanted : "en";
  await load("en");
  await load(lang);
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

/** Switch language, remember it, and tell every listener (screens re-render). */
export async function setLanguage(code) {
  if (!(code in LANGUAGES)) return;
  await load(code);
  lang = code;
  localStorage.setItem(STORE_KEY, code);
  document.documentElement.lang = code;
  for (const fn of listeners) fn(code);
}

export function onLanguage(fn) {
  listeners.push(fn);
}

function lookup(key) {
  const mine = dicts[lang] && dicts[lang][key];
  if (mine !== undefined) return mine;
  const en = dicts.en && dicts.en[key];
  return en !== undefined ? en : undefined;
}

/** The string for `key` with {params} filled in. */
export function t(key, params = {}) {
  const text = lookup(key);
  if (text === undefined) return key;
  const str = Array.isArray(text) ? text.join("\n") : String(text);
  return str.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** The string for `key`, or `fallback` when there is none (names from the server). */
export function tf(key, fallback, params = {}) {
  return lookup(key) === undefined ? fallback : t(key, params);
}

/** The list of strings under `key` (rules summaries), or []. */
export function tl(key) {
  const text = lookup(key);
  return Array.isArray(text) ? text : text === undefined ? [] : [String(text)];
}

/** True when a string exists for `key` in English (so callers can fall back). */
export function has(key) {
  return lookup(key) !== undefined;
}

/** A bot spec ("heuristic", "mcts:time=1") in words, or the spec itself. */
export function botLabel(spec) {
  return tf(`bot.${spec}`, spec || "");
}
