// English and Japanese strings, loaded from /api/web/i18n/{lang} (the shell's and each game's).
// Keys are flat ("lobby.create"); "{name}" in a string is replaced from params, and a
// count {n} picks the plural form ("key_one") where the language has one.
// A missing Japanese string falls back to English, a missing English one to its key.

const STORE_KEY = "tabletop.lang";
export const LANGUAGES = { en: "English", ja: "日本語" };
const dicts = {};
let lang = "en";
const listeners = [];

/** Languages whose letters the app draws with its own web font (docs/web.md, "Fonts"). */
const WEB_FONTS = { ja: '"Noto Sans JP"' };

/** The longest wait for the web font before drawing anyway (offline, a slow link). */
const FONT_WAIT_MS = 4000;

async function load(code) {
  if (!dicts[code]) {
    const response = await fetch(`/api/web/i18n/${code}`);
    dicts[code] = await response.json();
  }
  await loadFont(code);
}

/**
 * Fetch the web font's pieces (one file per range of characters) that the language's
 * strings use, before anything is drawn in it. Chromium keeps text it laid out while
 * a piece was still on its way as empty boxes, even after the piece arrives: the
 * first Japanese screen showed its title and Rules button as boxes.
 */
async function loadFont(code) {
  const family = WEB_FONTS[code];
  if (!family || !document.fonts) return;
  const strings = Object.values(dicts[code]).flat().join("");
  const text = [...new Set(strings)].filter((c) => c >= "\u2e80").join("");
  const loaded = document.fonts.load(`16px ${family}`, text).catch(() => null);
  await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
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

/**
 * The key of the form for the count `n` in the page's language: a string's key is its
 * "other" form, and a language whose plural rules have more forms adds them with the
 * rule's name ("wl.searchN_one": "{n} search piece"); Japanese has none.
 */
function plural(key, n) {
  if (typeof n !== "number") return key;
  const form = new Intl.PluralRules(lang).select(n);
  const own = `${key}_${form}`;
  return form !== "other" && dicts[lang] && dicts[lang][own] !== undefined ? own : key;
}

/** The string for `key` with {params} filled in (the plural form for `params.n`). */
export function t(key, params = {}) {
  const text = lookup(plural(key, params.n));
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
