// The Wicked Labyrinth's pieces drawn from view data: elements, tokens, corridor cards,
// the labyrinth ring and action labels. Shared by the play screen and the replay.

import { api } from "/static/js/api.js";
import { h, s } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";

export const COLOURS = ["red", "green", "blue", "yellow"];
export const RANKS = ["low", "middle", "high"];

/** Every action of the game by notation, as the rules describe it: its kind and fields. */
const ACTIONS = new Map((await api("GET", "/api/web/games/wicked-labyrinth/actions")).map((a) => [a.notation, a]));

/** The notation of the action of `kind` with these `fields` (the rules' names), or null. */
export function notationOf(kind, fields) {
  for (const a of ACTIONS.values()) {
    if (a.kind === kind && Object.entries(fields).every(([k, v]) => a.fields[k] === v)) return a.notation;
  }
  return null;
}

export function colourName(c) {
  return t(`wl.colour.${c}`);
}
export function rankName(r) {
  return t(`wl.rank.${r}`);
}
export function elementName(e) {
  return t(`wl.element.${e}`);
}

/** The letter drawn on an element or token of colour `e` ("R", "赤"), so colour is
 * never the only cue; the spells' marks are shapes (a triangle, a split circle). */
export function colourLetter(e) {
  return [...COLOURS, "white"].includes(e) ? t(`wl.letter.${e}`) : "";
}

/** A small HTML mark for one element (fragment colour or spell). */
export function elementMark(e, extra = "", decorative = false) {
  const label = elementName(e);
  const named = decorative ? { "aria-hidden": "true" } : { title: label, "aria-label": label, role: "img" };
  return h("span", { class: `el el-${e} ${extra}`, ...named, dataset: { cue: colourLetter(e) || e } }, colourLetter(e));
}

/** An SVG mark for one element at (x, y). */
function elementSvg(e, x, y, r = 8) {
  if (e === "promotion") {
    return s("path", { d: `M${x} ${y - r} L${x + r} ${y + r * 0.8} L${x - r} ${y + r * 0.8} Z`, class: "svg-el el-promotion" }, s("title", {}, elementName(e)));
  }
  if (e === "colour_change") {
    return s(
      "g",
      { class: "svg-el el-colour_change" },
      s("title", {}, elementName(e)),
      s("path", { d: `M${x} ${y - r} A${r} ${r} 0 0 0 ${x} ${y + r} Z`, class: "half-a" }),
      s("path", { d: `M${x} ${y - r} A${r} ${r} 0 0 1 ${x} ${y + r} Z`, class: "half-b" }),
    );
  }
  return s(
    "g",
    { class: `svg-el el-${e}`, dataset: { cue: colourLetter(e) } },
    s("circle", { cx: x, cy: y, r }),
    s("text", { x, y: y + 3.5, class: "el-letter" }, colourLetter(e)),
  );
}

/** A declaration ({search, witch, soul}) in words. */
export function declarationText(d) {
  if (!d) return t("wl.closedHand");
  const parts = [t("wl.searchN", { n: d.search })];
  if (d.witch) parts.push(t("wl.witchSign"));
  if (d.soul) parts.push(t("wl.soulSign"));
  return parts.join(" + ");
}

/** A declaration as marks: search pieces as pips, then the sign pieces. */
export function declarationMarks(d) {
  return h(
    "span",
    { class: "hand-marks" },
    h("span", { class: "pips", "aria-hidden": "true" }, Array.from({ length: d.search }, () => h("span", { class: "pip" }))),
    h("span", { class: "count", "aria-hidden": "true" }, String(d.search)),
    d.witch ? h("span", { class: "sign witch", title: t("wl.witchSign"), "aria-hidden": "true" }, t("wl.witchLetter")) : null,
    d.soul ? h("span", { class: "sign soul", title: t("wl.soulSign"), "aria-hidden": "true" }, t("wl.soulLetter")) : null,
    h("span", { class: "sr-only" }, declarationText(d)),
  );
}

/** An action (by its notation) in plain words, from the rules' description of it. */
export function actionText(n, view, seat) {
  const a = ACTIONS.get(n);
  const f = a ? a.fields : {};
  switch (a && a.kind) {
    case "Declare":
      return declarationText(f);
    case "ChooseWhite":
      return t("wl.act.white", { colour: colourName(f.colour) });
    case "ReturnLow":
      return t("wl.act.return", { colour: colourName(f.colour) });
    case "PairPromotion":
    case "SpellPromotion": {
      const up = RANKS[RANKS.indexOf(f.rank) + 1];
      const text = t(a.kind === "PairPromotion" ? "wl.act.pair" : "wl.act.spell", { colour: colourName(f.colour), rank: rankName(f.rank), up: rankName(up) });
      return f.room ? `${text} ${t("wl.act.room", { colour: colourName(f.room), rank: rankName(up) })}` : text;
    }
    case "DiscardPromotion":
      return t("wl.act.discardPromotion");
    case "ColourChange":
      return t("wl.act.change", { colour: colourName(f.colour), rank: rankName(f.rank), to: colourName(f.to) });
    case "DiscardColourChange":
      return t("wl.act.discardChange");
    case "AchieveSmall":
    case "AchieveGreat": {
      const which = a.kind === "AchieveSmall" ? "small" : "great";
      const board = view && seat !== null ? view.boards[seat] : null;
      const slots = board ? board[`${which}_oracles`] : [];
      const card = slots[f.slot - 1];
      return t(`wl.act.${which}`, { card: card ? card.card.id : String(f.slot) });
    }
    case "Done":
      return t("wl.act.done");
    default:
      return n;
  }
}

/** The colour a choice of a colour is about (a white fragment's, a returned token's), or null. */
export function actionColour(n) {
  const a = ACTIONS.get(n);
  return a && ["ChooseWhite", "ReturnLow"].includes(a.kind) ? a.fields.colour : null;
}

/** The token an action works on ({colour, rank}) so a clicked token can filter actions. */
export function actionToken(n) {
  const a = ACTIONS.get(n);
  const onToken = a && ["PairPromotion", "SpellPromotion", "ColourChange"].includes(a.kind);
  return onToken ? { colour: a.fields.colour, rank: a.fields.rank } : null;
}

/** The corridor cards around the labyrinth tile, clockwise from the witch's head. */
export function labyrinthSvg(view) {
  const k = view.labyrinth.length;
  const size = 320;
  const c = size / 2;
  const radius = 118;
  const searchedAll = view.phase !== "search";
  const cards = view.labyrinth.map((card, i) => {
    const angle = -Math.PI / 2 + (i * 2 * Math.PI) / Math.max(k, 1);
    const x = c + radius * Math.cos(angle);
    const y = c + radius * Math.sin(angle);
    const searched = searchedAll || i < view.corridor;
    const current = !searchedAll && i === view.corridor;
    const w = 58;
    const hgt = 74;
    const parts = [
      s("rect", { x: x - w / 2, y: y - hgt / 2, width: w, height: hgt, rx: 7, class: "card-bg" }),
      s("text", { x, y: y - hgt / 2 + 12, class: "card-id" }, card.id),
      searched ? s("text", { x: x + w / 2 - 4, y: y - hgt / 2 + 12, class: "card-done" }, "✓") : null,
    ];
    const n = card.upper.length;
    card.upper.forEach((e, j) => parts.push(elementSvg(e, x + (j - (n - 1) / 2) * 20, y - 8)));
    parts.push(s("line", { x1: x - w / 2 + 6, x2: x + w / 2 - 6, y1: y + 8, y2: y + 8, class: "card-split" }));
    parts.push(elementSvg(card.lower, x, y + 22));
    return s(
      "g",
      {
        class: `corridor ${searched ? "searched" : ""} ${current ? "current" : ""}`,
        dataset: { index: i, id: card.id },
      },
      parts,
    );
  });
  return s(
    "svg",
    // drawn for the eye; corridorList says the same in words
    { viewBox: `0 0 ${size} ${size}`, class: "labyrinth", "aria-hidden": "true" },
    s("circle", { cx: c, cy: c, r: 62, class: "tile" }),
    s("path", { d: `M${c - 22} ${c - 30} Q${c} ${c - 56} ${c + 22} ${c - 30}`, class: "horns" }),
    s("circle", { cx: c, cy: c - 14, r: 16, class: "witch" }),
    s("text", { x: c, y: c + 16, class: "tile-text" }, t("wl.roundOf", { round: view.round })),
    s("text", { x: c, y: c + 34, class: "tile-sub" }, t("wl.deckLeft", { n: view.unseen_corridors })),
    cards,
  );
}

/** Where a corridor is in the round's search: "searched", "current" or "ahead". */
function corridorState(view, i) {
  if (view.phase !== "search" || i < view.corridor) return "searched";
  return i === view.corridor ? "current" : "ahead";
}

/** The labyrinth in words, beside its drawing: each corridor clockwise from the witch's
 * head, whether it is searched, and what 1st and 2nd gain from it. */
export function corridorList(view) {
  const key = { searched: "wl.corridorSearched", current: "wl.corridorCurrent", ahead: "wl.corridorAhead" };
  const names = (list) => list.map(elementName).join(", ");
  return h(
    "div",
    { class: "sr-only", id: "corridor-words" },
    h("h2", {}, t("wl.labyrinth")),
    h(
      "ol",
      { id: "corridor-list" },
      view.labyrinth.map((card, i) =>
        h(
          "li",
          { dataset: { id: card.id, state: corridorState(view, i) } },
          t(key[corridorState(view, i)], { id: card.id }),
          ". ",
          t("wl.corridorGains", { upper: names(card.upper), lower: elementName(card.lower) }),
        ),
      ),
    ),
    h("p", {}, t("wl.roundOf", { round: view.round }), ". ", t("wl.deckLeft", { n: view.unseen_corridors }), "."),
  );
}
