// The games this page can show, as the server lists them (/api/web/games): each game's
// screen is an ES module in its own folder (served under /static/games/<name>/) with
// render, describe and final (see docs/web.md), its stylesheet and its tutorial. The
// shell names no game: a game without a web module is shown as plain data.

import { api } from "../api.js";
import { t } from "../i18n.js";

const GAMES = new Map(); // name -> { module, tutorial }, in the server's order

/** Load every game's module and stylesheet; call once at start, before any screen. */
export async function loadGames() {
  const games = await api("GET", "/api/web/games");
  const loading = [];
  for (const game of games) {
    const entry = { module: plain, tutorial: null };
    GAMES.set(game.name, entry);
    if (game.css) loading.push(stylesheet(game.css)); // linked in order: the cascade's order
    if (game.module) {
      loading.push(
        import(game.module).then((found) => {
          entry.module = found.default;
          entry.tutorial = found.tutorial || null;
        }),
      );
    }
  }
  await Promise.all(loading);
}

function stylesheet(href) {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** The names of the games, in the server's order. */
export function gameNames() {
  return [...GAMES.keys()];
}

/** The screen module for a game; an unknown game gets a plain view dump. */
export function gameModule(name) {
  const entry = GAMES.get(name);
  return entry ? entry.module : plain;
}

/** A game's tutorial (its deal and steps), or null for a game without one. */
export function gameTutorial(name) {
  const entry = GAMES.get(name);
  return entry ? entry.tutorial : null;
}

export function gameTitle(name, fallback) {
  const key = `game.${name}`;
  const text = t(key);
  return text === key ? fallback || name : text;
}

const plain = {
  render(ctx) {
    const pre = document.createElement("pre");
    pre.textContent = JSON.stringify(ctx.view, null, 2);
    return pre;
  },
  describe(ev) {
    return ev.type;
  },
  final(data) {
    const pre = document.createElement("pre");
    pre.textContent = JSON.stringify(data.result, null, 2);
    return pre;
  },
};
