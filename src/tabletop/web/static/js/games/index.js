// The game screens by game name. Adding a game's screen: write games/<name>.js with
// render, describe and final (see docs/web.md), then add one line here.

import { t } from "../i18n.js";
import wickedLabyrinth from "./wicked-labyrinth.js";
import codeOfNine from "./code-of-nine.js";

const MODULES = {
  "wicked-labyrinth": wickedLabyrinth,
  "code-of-nine": codeOfNine,
};

/** The screen module for a game; an unknown game gets a plain view dump. */
export function gameModule(name) {
  return MODULES[name] || plain;
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
