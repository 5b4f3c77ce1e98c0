// Goofspiel's screen: the point card up, every seat's points and whether it has bid,
// the turns so far (who took each card, one's own bid), and one's hand as the bids.
// Only the seat's own bids ever show: the others stay hidden, as the rules keep them.

import { h } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

function pointCard(v) {
  if (v.over) return h("p", { class: "gs-status", id: "gs-status" }, t("gs.over"));
  if (v.point_card === null) return h("p", { class: "gs-status", id: "gs-status" }, t("gs.drawing"));
  return h(
    "div",
    { class: "gs-up", id: "gs-up" },
    h("span", { class: "gs-turn" }, t("gs.turn", { n: v.turn + 1, of: v.num_cards })),
    h("span", { class: "gs-card point", id: "point-card", title: t("gs.pointCard") }, String(v.point_card)),
  );
}

function seatState(seat, ctx) {
  const v = ctx.view;
  if (v.over || v.point_card === null) return "";
  if (seat === ctx.seat && v.my_bid !== null) return t("gs.youBid", { card: v.my_bid });
  return v.deciding.includes(seat) ? t("gs.deciding") : t("gs.sealed");
}

function seatsPanel(ctx) {
  const v = ctx.view;
  return h(
    "section",
    { class: "panel gs-seats", id: "gs-seats" },
    h("h2", {}, t("gs.points")),
    h(
      "table",
      { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, t("final.player")), h("th", {}, t("gs.points")), h("th", {}, t("gs.bid")))),
      h(
        "tbody",
        {},
        v.points.map((points, seat) =>
          h(
            "tr",
            { class: seat === ctx.seat ? "me" : "", dataset: { seat: String(seat) } },
            h("td", {}, ctx.name(seat)),
            h("td", { class: "num", dataset: { points: String(seat) } }, String(points)),
            h("td", {}, seatState(seat, ctx)),
          ),
        ),
      ),
    ),
  );
}

function turnsPanel(ctx) {
  const v = ctx.view;
  if (!v.winners.length) return null;
  return h(
    "section",
    { class: "panel gs-turns", id: "gs-turns" },
    h("h2", {}, t("gs.turns")),
    h(
      "ol",
      {},
      v.winners.map((winner, i) =>
        h(
          "li",
          {},
          h("span", { class: "gs-card small" }, String(v.point_cards[i])),
          " ",
          winner === null ? t("gs.tied") : t("gs.took", { name: ctx.name(winner) }),
          i < v.my_bids.length ? ` · ${t("gs.yourBid", { card: v.my_bids[i] })}` : "",
        ),
      ),
    ),
    h("p", { class: "muted" }, t("gs.faceDown", { cards: v.remaining_point_cards.join(" ") || "-" })),
  );
}

function handPanel(ctx) {
  const v = ctx.view;
  if (v.hand === null || !v.hand.length) return null;
  const legal = new Set(ctx.replay ? [] : ctx.legal);
  const decision = ctx.decision;
  return h(
    "section",
    { class: "panel gs-hand", id: "hand" },
    // a new decision's start for the table's focus keeper (js/focus.js)
    h("h2", { id: "hand-title", tabindex: -1, dataset: { autofocus: legal.size ? "" : undefined } }, legal.size ? t("gs.chooseBid", { card: v.point_card }) : t("gs.hand")),
    h(
      "div",
      { class: "gs-cards" },
      v.hand.map((card) => {
        const notation = `b${card}`;
        if (!legal.has(notation)) return h("span", { class: "gs-card", dataset: { card: String(card) } }, String(card));
        return h(
          "button",
          {
            class: "gs-card bid",
            dataset: { card: String(card), decision },
            title: t("gs.bidCard", { card }),
            onclick: () => ctx.act(notation, decision).catch(() => {}),
          },
          String(card),
        );
      }),
    ),
  );
}

function render(ctx) {
  return h("div", { class: "gs-grid" }, h("div", {}, pointCard(ctx.view), handPanel(ctx), turnsPanel(ctx)), seatsPanel(ctx));
}

function describe(ev, ctx) {
  switch (ev.type) {
    case "PointCardRevealed":
      return t("gs.ev.revealed", { n: ev.turn, card: ev.card });
    case "BidSealed":
      if (ev.card === null) return ev.forced ? null : t("gs.ev.hasBid", { name: ctx.name(ev.player) });
      return ev.forced ? t("gs.ev.lastCard", { card: ev.card }) : t("gs.ev.youBid", { card: ev.card });
    case "TurnResolved":
      return ev.winner === null ? t("gs.ev.tied", { card: ev.card }) : t("gs.ev.took", { name: ctx.name(ev.winner), card: ev.card });
    case "GameEnded":
      return t("gs.ev.ended", { scores: ev.scores.join(", ") });
    default:
      return null;
  }
}

function final(data, ctx) {
  const result = data.result;
  return h(
    "div",
    { class: "final-gs" },
    h("p", { class: "winners", id: "winners" }, t("final.winners", { names: result.winners.map((p) => ctx.name(p)).join(", ") })),
    h(
      "table",
      { class: "scores placings", id: "score-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("final.place")), h("th", {}, t("final.player")), h("th", {}, t("final.score")))),
      h(
        "tbody",
        {},
        result.placings
          .map((place, p) => ({ place, p }))
          .sort((a, b) => a.place - b.place)
          .map(({ place, p }) =>
            h("tr", { class: result.winners.includes(p) ? "winner" : "" }, h("td", {}, String(place)), h("td", {}, ctx.name(p)), h("td", { class: "num" }, String(result.scores[p]))),
          ),
      ),
    ),
    h("p", { class: "muted" }, t("gs.bidsStayHidden")),
  );
}

/** A seat's points, for the Players panel. */
function seatInfo(seat, ctx) {
  const v = ctx.view;
  if (!v || !v.points) return null;
  return h("span", { class: "resources" }, h("span", { class: "res" }, h("span", { class: "res-label" }, t("gs.points")), h("b", {}, String(v.points[seat]))));
}

/** A bid in words (the replay's captions). */
function choiceText(notation) {
  return t("gs.bidCard", { card: notation.slice(1) });
}

export { tutorial } from "./tutorial.js";

export default { render, describe, final, seatInfo, choiceText };
