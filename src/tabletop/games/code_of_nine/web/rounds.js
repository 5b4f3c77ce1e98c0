// Code of Nine's end-of-round summary, read from the log: where each player placed
// pawns, the items and Will each gained or lost, and what they hold now. Scores stay
// hidden until the memory cards are revealed at the end, so the summary shows holdings.

import { h, seatDot } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { ITEMS, itemCount, locationName } from "./parts.js";

/** The last round that ended in the log: `{round, rows}` (a row per player), or null. */
export function lastRound(log, players) {
  let current = null;
  let ended = null;
  const fresh = () => Array.from({ length: players }, () => ({ places: [], items: ITEMS.map(() => 0), will: 0 }));
  current = fresh();
  for (const entry of log) {
    for (const ev of entry.events) {
      if (ev.type === "PawnPlaced" && ev.player < players) current[ev.player].places.push(ev.location);
      else if (ev.type === "WillGained" && ev.holder < players) current[ev.holder].will += ev.amount;
      else if (ev.type === "ItemMoved") {
        const i = ITEMS.indexOf(ev.item);
        if (ev.receiver !== null && ev.receiver < players) current[ev.receiver].items[i] += ev.count;
        if (ev.giver !== null && ev.giver < players) current[ev.giver].items[i] -= ev.count;
      } else if (ev.type === "RoundEnded") {
        ended = { round: ev.round, rows: current };
        current = fresh();
      }
    }
  }
  return ended;
}

function change(row) {
  const parts = [];
  row.items.forEach((n, i) => {
    if (n) parts.push(`${n > 0 ? "+" : "−"}${itemCount(ITEMS[i], Math.abs(n))}`);
  });
  if (row.will) parts.push(t("con.sum.will", { n: row.will }));
  return parts.length ? parts.join(", ") : "—";
}

/** The summary of the round that just ended, until its reader closes it. */
export function roundSummary(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.replay) return null;
  const done = lastRound(ctx.log, v.players);
  if (!done || ctx.ui.conSummaryClosed === done.round) return null;
  const name = (id) => {
    const loc = v.locations.find((l) => l.id === id);
    return loc ? locationName(loc) : id;
  };
  return h(
    "section",
    { class: "panel round-summary", id: "round-summary" },
    h("h2", {}, t("con.sum.title", { round: done.round })),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "scores" },
        h("thead", {}, h("tr", {}, ["final.player", "con.sum.placed", "con.sum.change"].map((k) => h("th", {}, t(k))))),
        h(
          "tbody",
          {},
          done.rows.map((row, p) =>
            h(
              "tr",
              { dataset: { seat: p } },
              h("td", {}, seatDot(p), " ", ctx.name(p)),
              h(
                "td",
                { class: "placed" },
                row.places.length ? row.places.map((id, i) => [i ? ", " : "", h("span", { dataset: { location: id } }, name(id))]) : "—",
              ),
              h("td", {}, change(row)),
            ),
          ),
        ),
      ),
    ),
    h(
      "button",
      {
        class: "small ghost",
        id: "close-summary",
        onclick: () => {
          ctx.ui.conSummaryClosed = done.round;
          ctx.rerender();
        },
      },
      t("con.sum.close"),
    ),
  );
}
