// The rules summary at hand: a dialog with each game's summary (i18n lists of lines).

import { h, modal } from "./dom.js";
import { t, tl } from "./i18n.js";
import { gameTitle } from "./games/index.js";

const GAMES = ["wicked-labyrinth", "code-of-nine"];

function summary(game) {
  return h(
    "section",
    { class: "rules-game", dataset: { game } },
    h("h3", {}, gameTitle(game)),
    h("ul", {}, tl(`rules.${game}`).map((line) => h("li", {}, line))),
  );
}

/** Show the rules of `game` (or of every game when none is being played). */
export function showRules(game) {
  const games = game ? [game] : GAMES;
  return modal(t("rules.title"), h("div", { class: "rules" }, games.map(summary)), [
    { label: t("dialog.close"), value: null },
  ]);
}
