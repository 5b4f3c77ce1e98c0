// Rematch at the end of a game: any person at the table asks for one; the server makes
// a new table with the same seats, options and bots (once, however many ask), tells
// every page ("rematch" frame), and seats each person who accepts in their own place
// with a new token. This browser then keeps that token and opens the new table.

import { api } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { refusal } from "./errors.js";
import { saveSeat, seatAt } from "./seats.js";

async function accept(ctx) {
  try {
    const base = `/api/tables/${encodeURIComponent(ctx.tableId)}/seats/${ctx.seat}`;
    const out = await api("POST", `${base}/rematch`, undefined, ctx.token);
    const mine = ctx.table.seats[ctx.seat];
    saveSeat(out.table.id, out.seat, out.token, mine ? mine.name : "");
    location.hash = `#/table/${encodeURIComponent(out.table.id)}?seat=${out.seat}`;
  } catch (err) {
    toast(refusal(err), "error");
  }
}

/** The end panel's rematch line: ask, accept, go to it, or (spectators) watch it. */
export function rematchPanel(ctx) {
  const next = ctx.table && ctx.table.rematch;
  if (ctx.seat === null || !ctx.token) {
    return next
      ? h("p", { class: "rematch" }, h("a", { class: "button", id: "rematch-watch", href: `#/watch/${encodeURIComponent(next)}` }, t("rematch.watch")))
      : null;
  }
  if (next && seatAt(next, ctx.seat)) {
    return h(
      "p",
      { class: "rematch" },
      h("a", { class: "button primary", id: "rematch-go", href: `#/table/${encodeURIComponent(next)}?seat=${ctx.seat}` }, t("rematch.go")),
    );
  }
  return h(
    "p",
    { class: "rematch" },
    next ? h("span", { class: "rematch-offer" }, t("rematch.offered"), " ") : null,
    h(
      "button",
      { class: "primary", id: next ? "rematch-accept" : "rematch", type: "button", onclick: () => accept(ctx) },
      next ? t("rematch.accept") : t("rematch.ask"),
    ),
    " ",
    h("span", { class: "muted" }, t("rematch.help")),
  );
}

async function fillKept(ctx, kept) {
  try {
    const base = `/api/tables/${encodeURIComponent(ctx.tableId)}/seats/${ctx.seat}`;
    const out = await api("POST", `${base}/fill-kept`, { kept: kept.seat }, ctx.token);
    ctx.table = out.table;
    ctx.rerender();
  } catch (err) {
    toast(refusal(err), "error");
  }
}

/** At a rematch that waits for someone: who it waits for, and (for a person seated
 * there) a button per kept seat to let a bot play it instead, so the game can start. */
export function keptSeats(ctx, kept) {
  if (!kept.length) return null;
  return h(
    "div",
    { class: "kept" },
    h("p", {}, t("table.keptFor", { names: kept.map((s) => s.name).join(", ") })),
    ctx.seat !== null && ctx.token
      ? kept.map((s) =>
          h(
            "button",
            { class: "small ghost", type: "button", id: `fill-kept-${s.seat}`, title: t("table.fillKeptHelp", { name: s.name }), onclick: () => fillKept(ctx, s) },
            t("table.fillKept", { name: s.name }),
          ),
        )
      : null,
  );
}
