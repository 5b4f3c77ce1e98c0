// The rules summary at hand: a dialog with each game's summary (i18n lists of lines).

import { h, modal } from "./dom.js";
import { has, t, tl } from "./i18n.js";
import { gameNames, gameTitle } from "./games/index.js";

function summary(game) {
  return h(
    "section",
    { class: "rules-game", dataset: { game } },
    h("h3", {}, gameTitle(game)),
    h("ul", {}, tl(`rules.${game}`).map((line) => h("li", {}, line))),
  );
}

/** Show the rules of `game` (or of every game that has a summary when none is being played). */
export function showRules(game) {
  const games = game ? [game] : gameNames().filter((name) => has(`rules.${name}`));
  return modal(t("rules.title"), h("div", { class: "rules" }, games.map(summary)), [
    { label: t("dialog.close"), value: null },
  ]);
}
