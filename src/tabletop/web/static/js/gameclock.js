// The game clock (a total per player and an increment per decision, as on Board Game
// Arena): the lobby's two fields, the table's setting in the header, and each seat's
// time left in the Players panel. The server says every seat's total in every frame
// (`game_clocks`, deciding or not) and, for a deciding seat, when its time runs out
// (`clocks`); the page counts down from that and holds no clock of its own.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The lobby's fields for a game clock (seconds), beside the per-decision clock. */
export function gameClockFields() {
  return [
    h("label", {}, h("span", {}, t("lobby.gameClock")), h("input", { name: "game_clock", id: "game-clock", type: "number", min: 1, step: "any" })),
    h("label", {}, h("span", {}, t("lobby.increment")), h("input", { name: "increment", id: "increment", type: "number", min: 0.1, step: "any" })),
  ];
}

/** Put the form's game clock into a new table's body (the server refuses what is
 * missing or out of bounds, in words). */
export function readGameClock(data, body) {
  for (const name of ["game_clock", "increment"]) {
    const value = String(data.get(name) || "").trim();
    if (value) body[name] = Number(value);
  }
}

/** "4:05", or "45 s" under a minute. */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return t("table.seatClock", { s });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The header's badge: the table's game clock setting. */
export function gameClockSetting(table) {
  return h(
    "span",
    { class: "clock game-clock-setting", id: "game-clock-setting", title: t("table.gameClockHelp") },
    t("table.gameClock", { total: clockText(table.game_clock), s: table.increment }),
  );
}

/** A seat's game clock in the Players panel, for everyone: counting down while the
 * seat decides (`deadline`, from the frame's `clocks`), else what it has left. */
export function seatGameClock(ctx, seat, deadline) {
  const left = ctx.table.seats[seat].game_left; // kept fresh by the seats frames
  if (left === undefined || left === null) return null;
  const running = deadline !== null && deadline !== undefined && !ctx.over;
  const badge = h("span", {
    class: `seat-clock game-clock ${running ? "running" : ""}`,
    id: `game-clock-${seat}`,
    role: running ? "timer" : null,
    title: t("table.gameClockHelp"),
    dataset: { seat, deadline: running ? deadline : null },
  });
  badge.textContent = clockText(running ? (deadline - performance.now()) / 1000 : left);
  badge.classList.toggle("out", !running && left <= 0);
  tick();
  return badge;
}

let ticker = null;

/** One timer for the page: every running game clock shows its seconds left. */
function tick() {
  if (ticker !== null) return;
  ticker = setInterval(() => {
    const running = document.querySelectorAll(".game-clock[data-deadline]");
    if (!running.length) {
      clearInterval(ticker);
      ticker = null;
    }
    for (const badge of running) {
      const left = (Number(badge.dataset.deadline) - performance.now()) / 1000;
      badge.textContent = clockText(left);
      badge.classList.toggle("urgent", left <= 5);
    }
  }, 250);
}
