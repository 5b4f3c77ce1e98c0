// A guided first game: a tutorial table is a fixed deal (a chosen seed) for one person
// against heuristic bots, made from the lobby. Its page explains each step of the game
// the first time it comes up, in the player's language, with a "Got it" that puts the
// explanation away for good. The table is an ordinary table on the server; this browser
// remembers which of its tables are tutorials and which steps it has explained. Each
// game's module brings its tutorial (its `tutorial` export: players, seed and steps).

import { api } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { saveSeat } from "./seats.js";
import { gameNames, gameTutorial } from "./games/index.js";

const KEY = "tabletop.tutorials";

/** Whether the person decides now (a tutorial step's moment: its `when`). */
export function deciding(ctx) {
  return ctx.legal.length > 0 && !ctx.over;
}

/** Whether the table's log holds an event of `type` (a tutorial step's moment). */
export function logHas(ctx, type) {
  return ctx.log.some((entry) => entry.events.some((e) => e.type === type));
}

function all() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

function save(tutorials) {
  localStorage.setItem(KEY, JSON.stringify(tutorials));
}

/** Make a tutorial table of `game`, take its seat for this browser; the table's id. */
export async function startTutorial(game, name) {
  const spec = gameTutorial(game);
  const seats = Array.from({ length: spec.players }, (_, i) => (i === 0 ? { type: "open" } : { type: "bot", bot: "heuristic" }));
  const created = await api("POST", "/api/tables", { game, players: spec.players, seats, seed: spec.seed, options: {} });
  const id = created.table.id;
  const joined = await api("POST", `/api/tables/${encodeURIComponent(id)}/seats/0/join`, { name });
  saveSeat(id, 0, joined.token, name);
  const tutorials = all();
  tutorials[id] = { game, seen: [] };
  save(tutorials);
  return id;
}

/** The explanation to show now at this table, or null (not a tutorial; nothing new). */
export function tutorialPanel(ctx) {
  const mine = all()[ctx.tableId];
  if (!mine || ctx.seat === null || !ctx.view) return null;
  const spec = gameTutorial(mine.game);
  if (!spec) return null;
  // an explanation once shown stays until put away, even when its moment has passed
  let step = spec.steps.find((s) => s.id === mine.showing && !mine.seen.includes(s.id));
  if (!step) step = spec.steps.find((s) => !mine.seen.includes(s.id) && s.when(ctx));
  if (!step) return null;
  if (mine.showing !== step.id) {
    const tutorials = all();
    tutorials[ctx.tableId].showing = step.id;
    save(tutorials);
  }
  const n = spec.steps.indexOf(step) + 1;
  const gotIt = () => {
    const tutorials = all();
    tutorials[ctx.tableId].seen.push(step.id);
    save(tutorials);
    ctx.rerender();
  };
  return h(
    "section",
    { class: "panel tutorial", id: "tutorial", role: "note", dataset: { step: step.id } },
    h("h2", {}, t("tutorial.heading", { n, of: spec.steps.length }), " · ", t(`tutorial.${mine.game}.${step.id}.title`)),
    h("p", {}, t(`tutorial.${mine.game}.${step.id}`)),
    h("button", { class: "small primary", id: "tutorial-ok", type: "button", onclick: gotIt }, t("tutorial.gotIt")),
  );
}

/** The lobby's "Learn to play" panel: one button per game with a tutorial. */
export function learnPanel(gameTitle, onStart) {
  return h(
    "section",
    { class: "panel learn", id: "learn" },
    h("h2", {}, t("tutorial.learn")),
    h("p", {}, t("tutorial.learnIntro")),
    gameNames()
      .filter((game) => gameTutorial(game))
      .map((game) =>
        h("button", { class: "primary", type: "button", id: `tutorial-${game}`, onclick: () => onStart(game) }, gameTitle(game)),
      ),
  );
}
