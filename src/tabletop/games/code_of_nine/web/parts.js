// Code of Nine's words drawn from view data: items, memory card effects, locations,
// follow-up steps and actions. Memory card text is built from the card's effects (the
// same data that scores it), so a card reads the same in both languages.

import { api } from "/static/js/api.js";
import { h } from "/static/js/dom.js";
import { t, tf } from "/static/js/i18n.js";

export const ITEMS = ["statue", "coin", "book", "legacy", "medal"];

/** Every action of the game by notation, as the rules describe it: its kind and fields. */
const ACTIONS = new Map((await api("GET", "/api/web/games/code-of-nine/actions")).map((a) => [a.notation, a]));

/** "2 coins" / "コイン2枚" */
export function itemCount(item, n) {
  return t(n === 1 ? `con.count.${item}.one` : `con.count.${item}.many`, { n });
}

function noun(q, one) {
  return t(one ? `con.q.${q}.one` : `con.q.${q}.many`);
}

function pointsText(points) {
  return t(points >= 0 ? "con.eff.score" : "con.eff.lose", { n: Math.abs(points) });
}

function whoText(e) {
  if (e.when === "most") return t("con.eff.who.most", { q: noun(e.of, false) });
  if (e.when === "fewest") return t("con.eff.who.fewest", { q: noun(e.of, false) });
  if (e.when === "at_most" && e.count === 0) return t("con.eff.who.none", { q: noun(e.of, true) });
  if (e.when === "at_least" && e.count === 1 && e.of !== "will") return t("con.eff.who.any", { q: noun(e.of, true) });
  return t(e.when === "at_least" ? "con.eff.who.atLeast" : "con.eff.who.atMost", { n: e.count, q: noun(e.of, e.count === 1) });
}

/** One effect of a memory card in plain words (mirrors memory_cards.effect_text). */
export function effectText(e) {
  let text;
  if (e.kind === "value_set") text = t("con.eff.valueSet", { item: noun(e.item, true), n: e.value });
  else if (e.kind === "value_add") text = t(e.value >= 0 ? "con.eff.valueMore" : "con.eff.valueLess", { item: noun(e.item, true), n: Math.abs(e.value) });
  else if (e.kind === "per") {
    const what = e.every === 1 ? t("con.eff.each", { q: noun(e.of, true) }) : t("con.eff.every", { n: e.every, q: noun(e.of, false) });
    text = t("con.eff.per", { points: pointsText(e.points), what });
  } else if (e.kind === "bonus") text = t("con.eff.bonus", { who: whoText(e), points: pointsText(e.points) });
  else if (e.kind === "sets") text = t("con.eff.sets", { points: pointsText(e.points), items: e.items.map((i) => noun(i, true)).join(t("con.eff.and")) });
  else text = t("con.eff.cannotWin", { who: whoText(e) });
  if (e.released === true) text = t("con.eff.ifReleased", { text });
  if (e.released === false) text = t("con.eff.ifNotReleased", { text });
  return text;
}

/** A memory card's title in the reader's language: translated by its English title, so
 * a card file with other cards keeps its own titles. */
export function cardTitle(card) {
  return tf(`con.cardTitle.${card.title}`, card.title);
}

export function cardText(card) {
  return card.effects.map(effectText).join(" ");
}

/** A memory card face: number, title, order number and effect. */
export function cardFace(card, label, extra = "") {
  return h(
    "div",
    { class: `memory-card ${extra}`, dataset: { number: card.number } },
    label ? h("span", { class: "slot-label" }, label) : null,
    h("span", { class: "card-number" }, `#${card.number}`),
    h("strong", { class: "card-title" }, cardTitle(card)),
    h("span", { class: "card-order", title: t("con.orderHelp") }, t("con.order", { n: card.order })),
    h("p", { class: "card-text" }, cardText(card)),
  );
}

export function locationName(loc) {
  const key = `con.loc.${loc.id}.name`;
  const text = t(key);
  return text === key ? loc.name : text;
}

export function locationEffect(id) {
  const key = `con.loc.${id}.effect`;
  const text = t(key);
  return text === key ? "" : text;
}

export function slotName(slot) {
  return t(`con.slot.${slot}`);
}

/** How many of `item` the pending location's choice gives (Venerable Cathedral: 2
 * coins or 1 statue), from the table's reference data; 1 where it offers no counts. */
function offered(ctx, item) {
  const pending = ctx.view.pending;
  const refs = (ctx.reference && ctx.reference.locations) || [];
  const ref = pending ? refs.find((r) => r.id === pending.location) : null;
  const entry = ref && (ref.choice || []).find((c) => c.item === item);
  return entry ? entry.count : 1;
}

/** An action (by its notation) in plain words, from the rules' description of it. */
export function actionText(n, ctx) {
  const a = ACTIONS.get(n);
  const f = a ? a.fields : {};
  switch (a && a.kind) {
    case "ChangeCards":
      return t(f.change ? "con.act.change" : "con.act.keep");
    case "ChooseAbyss": {
      const card = (ctx.view.my_cards || []).find((c) => c.number === f.card);
      return t("con.act.abyss", { card: card ? `#${card.number} ${cardTitle(card)}` : `#${f.card}` });
    }
    case "Target":
      return f.seat === null ? t("con.act.nobody") : ctx.name(f.seat);
    case "ChooseItem":
      return f.item === null ? t("con.act.noItem") : itemCount(f.item, offered(ctx, f.item));
    case "ChooseSlot":
      return t("con.act.slot", { slot: slotName(f.slot) });
    case "Done":
      return t("con.act.done");
    case "Place": {
      const loc = ctx.view.locations.find((l) => l.id === f.location);
      return loc ? t("con.act.place", { location: locationName(loc) }) : n;
    }
    default:
      return n;
  }
}
