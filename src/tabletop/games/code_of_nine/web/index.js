// Code of Nine's screen: the board by section, the Ruins, every sheet (Will, pawns,
// items, protections, looks), one's own memory cards and the cards one has seen, the
// setup choices and each location's follow-up as dialogs, and the scoring card by card.

import { decisionPanel, h, keysLine, seatDot, toast } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { roveKey } from "/static/js/focus.js";
import { roundSummary } from "./rounds.js";
import { ITEMS, actionText, cardFace, cardTitle, itemCount, locationEffect, locationName, slotName } from "./parts.js";

function holderName(s, ctx) {
  const holder = ctx.view && ctx.view.holders && ctx.view.holders[s];
  return holder && holder.ghost ? t("con.ghost") : null;
}

// ------------------------------------------------------------------ the board

function pawnMarks(loc, ctx) {
  // each pawn has its seat's number on it, and its holder's name for screen readers
  const marks = loc.seats.map((p) =>
    h("span", { class: `pawn p${p}`, title: ctx.name(p), role: "img", "aria-label": t("con.pawnOf", { who: ctx.name(p) }) }, String(p + 1)),
  );
  const extra = loc.pawns - loc.seats.length;
  if (extra > 0) marks.push(h("span", { class: "pawn-extra" }, `+${extra}`));
  return marks;
}

function locationTile(ctx, loc, placeable, rover) {
  const legal = placeable.has(loc.id);
  const canPlace = ctx.seat !== null && !ctx.replay && ctx.view.phase === "place" && ctx.legal.length && !ctx.over;
  const places = loc.places === 0 ? t("con.placesAny") : t("con.placesN", { n: loc.places });
  // whether a pawn may go here, in words and a mark (never by colour alone)
  const state = !loc.open ? "closed" : canPlace && !legal ? "blocked" : canPlace ? "legal" : null;
  const body = [
    h("span", { class: "loc-name" }, locationName(loc), loc.attack ? h("span", { class: "attack", title: t("con.attack") }, " ⚔") : null),
    state
      ? h(
          "span",
          { class: `loc-state ${state}`, id: `state-${loc.id}`, dataset: { cue: state } },
          h("span", { "aria-hidden": "true" }, state === "legal" ? "✓ " : "✕ "),
          t(`con.state.${state}`),
        )
      : null,
    h("span", { class: "loc-cost" }, loc.cost ? t("con.costWill", { n: loc.cost }) : t("con.free")),
    h("span", { class: "loc-places" }, places),
    h("span", { class: "loc-effect" }, effectOf(loc, ctx)),
    h("span", { class: "pawns" }, pawnMarks(loc, ctx)),
  ];
  const cls = `location ${loc.open ? "open" : "closed"} ${legal ? "legal" : ""} ${loc.attack ? "attack" : ""}`;
  if (!canPlace) return h("div", { class: cls, dataset: { location: loc.id } }, body);
  const decision = ctx.decision;
  // a location the rules do not allow now is aria-disabled with its reason, and a
  // press on it says why at once (nothing is sent)
  const refuse = () => {
    ctx.lastError = refused(loc.id, ctx);
    toast(ctx.lastError, "error");
    ctx.rerender();
  };
  return h(
    "button",
    {
      class: cls,
      dataset: { location: loc.id, decision, rove: "", autofocus: loc.id === rover ? "" : undefined },
      tabindex: loc.id === rover ? 0 : -1,
      title: legal ? t("con.placeHere") : t(`con.state.${state}`),
      "aria-disabled": legal ? null : "true",
      "aria-describedby": `state-${loc.id}`,
      onclick: legal ? () => ctx.act(loc.id, decision).catch(() => {}) : refuse,
    },
    body,
  );
}

function boardPanel(ctx) {
  const v = ctx.view;
  const placeable = new Set(v.phase === "place" ? ctx.legal : []);
  const shown = v.locations.filter((l) => v.expert || !isExpertOnly(l, ctx));
  const canPlace = placeable.size > 0 && ctx.seat !== null && !ctx.replay && !ctx.over;
  // the board is one Tab stop (roving tabindex): the location last moved to by the arrow
  // keys, else the first one a pawn may go to
  const order = shown.map((l) => l.id);
  if (!order.includes(ctx.ui.conLocation) || !canPlace) ctx.ui.conLocation = null;
  const rover = canPlace ? ctx.ui.conLocation || order.find((id) => placeable.has(id)) : null;
  const onKey = (event) => {
    const moved = roveKey(event, [...event.currentTarget.querySelectorAll("button[data-rove]")]);
    if (moved) ctx.ui.conLocation = moved.dataset.location;
  };
  return h(
    "section",
    { class: "panel con-board", id: "board", "aria-labelledby": "board-title", onkeydown: canPlace ? onKey : undefined },
    h("h2", { id: "board-title" }, t("con.board")),
    canPlace ? h("p", { class: "keys", id: "board-keys" }, keysLine(t("con.boardKeys"))) : null,
    // the board's sections ("1 only", "2-5"...) in board order, as the view lists them
    [...new Set(shown.map((l) => l.sections))].map((section) => {
      const locs = shown.filter((l) => l.sections === section);
      const active = locs.some((l) => openThisRound(l, v.round, ctx));
      return h(
        "div",
        { class: `section ${active ? "active" : "future"}`, dataset: { section } },
        h("h3", {}, t("con.section", { section: t(`con.sectionName.${section}`) }), active ? null : ` (${t("con.notThisRound")})`),
        h("div", { class: "locations" }, locs.map((l) => locationTile(ctx, l, placeable, rover))),
      );
    }),
  );
}

/** Whether a location's section is open in `round`, from the table's reference data
 * (the board's rounds for it); every one is, until that data is read. */
function openThisRound(loc, round, ctx) {
  const ref = ctx.reference && ctx.reference.locations && ctx.reference.locations.find((r) => r.id === loc.id);
  return !ref || (ref.first_round <= round && round <= ref.last_round);
}

function isExpertOnly(loc, ctx) {
  const ref = ctx.reference && ctx.reference.locations && ctx.reference.locations.find((r) => r.id === loc.id);
  return Boolean(ref && ref.expert);
}

function effectOf(loc, ctx) {
  const text = locationEffect(loc.id);
  if (text) return text;
  const ref = ctx.reference && ctx.reference.locations && ctx.reference.locations.find((r) => r.id === loc.id);
  return ref ? ref.effect : "";
}

function ruinsPanel(ctx) {
  const v = ctx.view;
  return h(
    "section",
    { class: "panel ruins", id: "ruins" },
    h("h2", {}, t("con.ruins")),
    h("ul", { class: "items" }, ITEMS.map((item, i) => (item === "medal" && !v.expert ? null : h("li", { class: `item ${item}` }, h("span", { class: `icon ${item}`, "aria-hidden": "true", dataset: { cue: item } }), itemCount(item, v.ruins[i]))))),
    v.expert
      ? h("p", {}, t("con.ninth"), ": ", v.ninth ? cardFace(v.ninth, null, "ninth") : t("con.unknown"))
      : null,
    h("p", { class: "muted" }, t("con.deckLeft", { n: v.deck }), v.released ? ` · ${t("con.released")}` : ""),
  );
}

/** A holder's protections and looks, in words (the sheets' Notes). */
function sheetNotes(hd, ctx) {
  return [
    hd.protected_from_looks ? t("con.safeLooks") : null,
    hd.protected_from_attacks ? t("con.safeAttacks") : null,
    hd.changed_cards ? t("con.changed") : null,
    hd.has_looked_at.length ? t("con.hasSeen", { list: hd.has_looked_at.map(([o, slot]) => `${ctx.name(o)} ${slotName(slot)}`).join(", ") }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

function sheetsPanel(ctx) {
  const v = ctx.view;
  const holders = v.holders.filter((hd) => hd.seat < v.players || hd.ghost);
  return h(
    "section",
    { class: "panel sheets", id: "sheets" },
    h("h2", {}, t("con.sheets")),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        {},
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", {}, t("con.holder")),
            h("th", {}, t("con.will")),
            h("th", {}, t("con.pawnsLeft")),
            ITEMS.filter((i) => i !== "medal" || v.expert).map((i) => h("th", {}, h("span", { class: `icon ${i}`, title: t(`con.q.${i}.many`), "aria-hidden": "true", dataset: { cue: i } }), h("span", { class: "th-text" }, t(`con.q.${i}.many`)))),
            h("th", { class: "notes" }, t("con.notes")),
          ),
        ),
        h(
          "tbody",
          {},
          holders.map((hd) => {
            const notes = sheetNotes(hd, ctx);
            return h(
              "tr",
              { class: `${hd.seat === ctx.seat ? "me" : ""} ${v.deciding.includes(hd.seat) ? "deciding" : ""}`, dataset: { seat: hd.seat } },
              h(
                "td",
                {},
                seatDot(hd.seat),
                ctx.name(hd.seat),
                hd.seat === v.start_player && !hd.ghost ? h("span", { class: "start", title: t("con.startPlayer") }, " ★") : null,
                notes ? h("div", { class: "notes-inline" }, notes) : null, // phones: no notes column
              ),
              h("td", { class: "num" }, String(hd.will)),
              h("td", { class: "num" }, hd.ghost ? "–" : String(hd.pawns)),
              ITEMS.filter((i) => i !== "medal" || v.expert).map((i) => h("td", { class: "num" }, String(hd.items[ITEMS.indexOf(i)]))),
              h("td", { class: "notes" }, notes),
            );
          }),
        ),
      ),
    ),
  );
}

function memoryPanel(ctx) {
  const v = ctx.view;
  if (ctx.seat === null) return null;
  const placed = !["deal", "change", "redeal", "assign"].includes(v.phase);
  const mine = v.my_cards.map((card, i) => cardFace(card, placed ? slotName(i === 0 ? "abyss" : "shoal") : t("con.dealt")));
  return h(
    "section",
    { class: "panel memory", id: "memory" },
    h("h2", {}, t("con.myMemory")),
    h("div", { class: "cards" }, mine.length ? mine : h("p", { class: "muted" }, t("con.noCards"))),
    h("h3", {}, t("con.seenTitle")),
    v.seen.length
      ? h("div", { class: "cards seen" }, v.seen.map((sc) => cardFace(sc.card, t("con.seenOf", { who: ctx.name(sc.owner), slot: slotName(sc.slot) }))))
      : h("p", { class: "muted" }, t("con.seenNone")),
  );
}

// ------------------------------------------------------------------ decisions

function decisionDialog(ctx) {
  const v = ctx.view;
  if (ctx.seat === null || ctx.replay || ctx.over || !ctx.legal.length || v.phase === "place") return null;
  let title;
  let hint;
  let body = null;
  let kind = v.phase;
  if (v.phase === "change") {
    title = t("con.changeTitle");
    hint = t("con.changeHint");
    body = h("div", { class: "cards" }, v.my_cards.map((c) => cardFace(c, t("con.dealt"))));
  } else if (v.phase === "assign") {
    title = t("con.assignTitle");
    hint = t("con.assignHint");
  } else if (v.pending) {
    kind = "follow";
    const loc = v.locations.find((l) => l.id === v.pending.location);
    title = loc ? locationName(loc) : v.pending.location;
    hint = t(`con.step.${v.pending.step}`);
  } else {
    title = t("con.choose");
    hint = "";
  }
  const decision = ctx.decision;
  return decisionPanel(
    title,
    hint,
    body,
    ctx.legal.map((n) =>
      h(
        "button",
        { class: "choice", dataset: { action: n, decision }, disabled: ctx.busy, onclick: () => ctx.act(n, decision).catch(() => {}) },
        actionText(n, ctx),
      ),
    ),
    kind,
  );
}

function turnLine(ctx) {
  const v = ctx.view;
  const deciding = v.deciding.map((p) => ctx.name(p)).join(", ");
  const mine = ctx.seat !== null && v.deciding.includes(ctx.seat) && !ctx.replay;
  return h(
    "p",
    { class: `status-line ${mine ? "your-turn" : ""}`, id: "turn", tabindex: -1, dataset: { phase: v.phase } },
    h("strong", {}, t("con.roundOf", { round: v.round })),
    " · ",
    t(`con.phase.${v.phase}`),
    v.expert ? ` · ${t("con.expert")}` : "",
    deciding && v.phase !== "over" ? ` · ${mine ? t("con.yourTurn") : t("con.turnOf", { who: deciding })}` : "",
  );
}

function render(ctx) {
  return h(
    "div",
    { class: "con" },
    turnLine(ctx),
    roundSummary(ctx),
    decisionDialog(ctx),
    h("div", { class: "con-grid" }, boardPanel(ctx), h("div", { class: "con-side" }, memoryPanel(ctx), ruinsPanel(ctx))),
    sheetsPanel(ctx),
  );
}

// ------------------------------------------------------------------ the log

function describe(ev, ctx) {
  const who = (p) => ctx.name(p);
  // a memory card by number and title ("#11 Unburdened"), from the table's reference
  const titles = (ctx.reference && ctx.reference.cards) || {};
  const card = (n) => (titles[n] ? `#${n} ${cardTitle({ title: titles[n] })}` : `#${n}`);
  const holder = (p) => (p === null ? t("con.theRuins") : who(p));
  switch (ev.type) {
    case "CardsDealt":
      return ev.cards ? t("con.ev.dealtMine", { cards: ev.cards.map(card).join(", ") }) : t("con.ev.dealt", { who: who(ev.holder) });
    case "ChangeCommitted":
      if (ev.change === null) return t("con.ev.committed", { who: who(ev.player) });
      return t("con.ev.committedMine", { change: t(ev.change ? "con.ev.committedChange" : "con.ev.committedKeep") });
    case "CardsChanged":
      return t(ev.change ? "con.ev.changed" : "con.ev.kept", { who: who(ev.player) });
    case "CardsPlaced":
      return ev.abyss !== null ? t("con.ev.placedMine", { who: who(ev.holder), abyss: card(ev.abyss), shoal: card(ev.shoal) }) : t("con.ev.placed", { who: who(ev.holder) });
    case "NinthMemoryRevealed":
      return t("con.ev.ninth", { card: card(ev.card) });
    case "PawnPlaced": {
      const loc = ctx.view && ctx.view.locations.find((l) => l.id === ev.location);
      return t("con.ev.pawn", { who: who(ev.player), location: loc ? locationName(loc) : ev.location, cost: ev.cost });
    }
    case "WillGained":
      return t("con.ev.will", { who: who(ev.holder), n: ev.amount });
    case "ItemMoved":
      return t("con.ev.item", { items: itemCount(ev.item, ev.count), from: holder(ev.giver), to: holder(ev.receiver) });
    case "CardLooked":
      if (ev.blocked) return t("con.ev.lookBlocked", { who: who(ev.looker), owner: who(ev.owner), slot: slotName(ev.slot) });
      return ev.card !== null
        ? t("con.ev.lookMine", { who: who(ev.looker), owner: who(ev.owner), slot: slotName(ev.slot), card: card(ev.card) })
        : t("con.ev.look", { who: who(ev.looker), owner: who(ev.owner), slot: slotName(ev.slot) });
    case "StartPlayerTaken":
      return t("con.ev.start", { who: who(ev.player) });
    case "Protected":
      return t(`con.ev.protected.${ev.against}`, { who: who(ev.player) });
    case "AttackBlocked":
      return t("con.ev.blocked", { who: who(ev.player), target: who(ev.target) });
    case "NinthMemoryExchanged":
      return t("con.ev.exchanged", { who: who(ev.player), slot: slotName(ev.slot), card: card(ev.ninth) });
    case "LegaciesReleased":
      return t("con.ev.released", { a: who(ev.players[0]), b: who(ev.players[1]) });
    case "RoundEnded":
      return t("con.ev.roundEnded", { round: ev.round });
    case "GameEnded":
      return t("con.ev.gameEnded", { winners: ev.winners.map(who).join(", ") });
    default:
      return ev.type;
  }
}

// ------------------------------------------------------------------ the end

function final(data, ctx) {
  const result = data.result;
  const holders = data.holders;
  const cards = data.cards;
  const last = data.steps[data.steps.length - 1];
  const head = h(
    "tr",
    {},
    h("th", {}, t("con.scoringStep")),
    holders.map((hd) => h("th", { class: result.winners.includes(hd.seat) ? "winner" : "" }, ctx.name(hd.seat))),
  );
  const cardsRow = h(
    "tr",
    { class: "cards-row" },
    h("td", {}, t("con.revealed")),
    holders.map((hd) => h("td", {}, `${slotName("abyss")} #${hd.abyss} · ${slotName("shoal")} #${hd.shoal}`)),
  );
  const rows = data.steps.map((step, i) => {
    const label =
      step.order === null
        ? t("con.scoringBase")
        : step.cards.map((n) => `#${n} ${cardTitle(cards[n])}`).join(" + ");
    const texts = step.cards.map((n) => h("div", { class: "card-text" }, t("con.order", { n: step.order }), ": ", cardFace(cards[n], null, "inline")));
    return h(
      "tr",
      { class: "step", style: `--i:${i}` },
      h("td", {}, h("strong", {}, label), step.order === null ? null : h("details", {}, h("summary", {}, t("con.whatItSays")), texts)),
      step.scores.slice(0, holders.length).map((score, p) => {
        const before = i ? data.steps[i - 1].scores[p] : null;
        const delta = before === null || score === before ? "" : ` (${score > before ? "+" : ""}${score - before})`;
        const out = step.eligible && !step.eligible[p];
        return h("td", { class: `num ${out ? "out" : ""}` }, `${score}${delta}`, out ? h("span", { class: "out-mark", title: t("con.cannotWin") }, " ✕") : null);
      }),
    );
  });
  return h(
    "div",
    { class: "final-con" },
    h("p", { class: "winners", id: "winners" }, t("final.winners", { names: result.winners.map((p) => ctx.name(p)).join(", ") })),
    h("p", {}, t("con.scoringIntro")),
    h("div", { class: "table-wrap" }, h("table", { class: "scores card-by-card", id: "score-table" }, h("thead", {}, head), h("tbody", {}, cardsRow, rows))),
    h(
      "p",
      { class: "muted" },
      t("con.finalValues", {
        values: ITEMS.map((item, i) => `${t(`con.q.${item}.one`)} ${last.values[i]}`).join(", "),
      }),
      " ",
      last.eligible.some((ok) => !ok) ? t("con.someCannotWin") : "",
    ),
    h(
      "table",
      { class: "scores placings" },
      h("thead", {}, h("tr", {}, h("th", {}, t("final.place")), h("th", {}, t("final.player")), h("th", {}, t("final.score")))),
      h(
        "tbody",
        {},
        result.placings
          .map((place, p) => ({ place, p }))
          .sort((a, b) => a.place - b.place)
          .map(({ place, p }) =>
            h("tr", { class: result.winners.includes(p) ? "winner" : "" }, h("td", {}, String(place)), h("td", {}, ctx.name(p), result.eligible[p] ? "" : ` (${t("con.cannotWin")})`), h("td", { class: "num" }, String(result.scores[p]))),
          ),
      ),
    ),
  );
}

/** A player's Will and items, for the Players panel (what the sheets show, at a glance). */
function seatInfo(seat, ctx) {
  const v = ctx.view;
  const hd = v.holders.find((x) => x.seat === seat);
  if (!hd) return null;
  const items = ITEMS.filter((i) => i !== "medal" || v.expert);
  return h(
    "span",
    { class: "resources" },
    h("span", { class: "res", title: t("con.will") }, h("span", { class: "res-label" }, t("con.will")), h("b", { dataset: { item: "will" } }, String(hd.will))),
    items.map((item) =>
      h(
        "span",
        { class: "res", title: t(`con.q.${item}.many`) },
        h("span", { class: `icon ${item}`, role: "img", "aria-label": t(`con.q.${item}.many`), dataset: { cue: item } }),
        h("b", { dataset: { item } }, String(hd.items[ITEMS.indexOf(item)])),
      ),
    ),
  );
}

/** Events a screen reader is told of as they happen (the log has every one). */
const ANNOUNCED = new Set(["CardsChanged", "NinthMemoryRevealed", "CardLooked", "LegaciesReleased", "NinthMemoryExchanged", "RoundEnded", "GameEnded"]);

/** What the table's status region says for a step's events (js/focus.js announce). */
function announce(events, ctx) {
  return events
    .filter((ev) => ANNOUNCED.has(ev.type))
    .map((ev) => describe(ev, ctx))
    .join(" ");
}

/** What the clock did for a seat whose time ran out, from its step's events. */
function timedOut(events, seat, ctx) {
  for (const ev of events) {
    if (ev.type === "CardsChanged" && ev.player === seat && !ev.change) return t("con.timeout.keep");
    if (ev.type === "PawnPlaced" && ev.player === seat) {
      const loc = ctx.view && ctx.view.locations.find((l) => l.id === ev.location);
      return t("con.timeout.pawn", { location: loc ? locationName(loc) : ev.location });
    }
  }
  return null;
}

/** A placement the rules refused, in the player's words (the shell's `refused`): the
 * location by its name, and whether the server shows it closed this round. */
function refused(action, ctx) {
  const loc = ctx.view && ctx.view.locations.find((l) => l.id === action);
  if (!loc) return null;
  return t(loc.open ? "con.refused.place" : "con.refused.closed", { location: locationName(loc) });
}

/** A seat's choice in words (the replay's captions): the label its button had. */
function choiceText(notation, ctx) {
  return actionText(notation, ctx);
}

export { tutorial } from "./tutorial.js";

export default { render, describe, final, holderName, timedOut, seatInfo, choiceText, refused, announce };
