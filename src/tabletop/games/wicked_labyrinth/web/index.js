// The Wicked Labyrinth's screen: the labyrinth, every player's board, the declaration
// panel, the reveal of each corridor, choices as dialogs, and soul processing with
// tentative actions (undo until "done") previewed by the server on a copy.

import { decisionPanel, h, keysLine, seatDot, toast } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { refusal } from "/static/js/errors.js";
import {
  COLOURS,
  RANKS,
  actionText,
  actionColour,
  actionToken,
  notationOf,
  colourLetter,
  colourName,
  corridorList,
  declarationMarks,
  declarationText,
  elementMark,
  elementName,
  labyrinthSvg,
  rankName,
} from "./parts.js";
import { revealPanel } from "./rounds.js";

/** The action that ends a seat's soul processing. */
const DONE = notationOf("Done", {});

// ------------------------------------------------------------------ boards

function tokenRow(board, rank, spots, clickable, focus, onToken) {
  const r = RANKS.indexOf(rank);
  const marks = [];
  COLOURS.forEach((colour, c) => {
    for (let i = 0; i < board.tokens[r][c]; i++) {
      const focused = focus && focus.colour === colour && focus.rank === rank;
      const name = t("wl.tokenName", { rank: rankName(rank), colour: colourName(colour) });
      marks.push(
        clickable
          ? h(
              "button",
              {
                class: `tok ${colour} ${focused ? "focus" : ""}`,
                title: name,
                "aria-label": name,
                "aria-pressed": focused ? "true" : "false",
                dataset: { colour, rank, i, cue: colourLetter(colour) },
                onclick: () => onToken({ colour, rank }),
              },
              colourLetter(colour),
            )
          : h("span", { class: `tok ${colour}`, title: name, role: "img", "aria-label": name, dataset: { cue: colourLetter(colour) } }, colourLetter(colour)),
      );
    }
  });
  while (marks.length < spots) marks.push(h("span", { class: "tok empty", "aria-hidden": "true" }));
  return h("div", { class: `rank-row ${rank}` }, h("span", { class: "rank-label" }, rankName(rank)), h("span", { class: "toks" }, marks));
}

function oracleCards(board, legal, onAchieve) {
  const greats = board.great_oracles.map((slot, i) => {
    const action = notationOf("AchieveGreat", { slot: i + 1 });
    const can = legal.includes(action);
    return h(
      can ? "button" : "div",
      {
        class: `oracle great ${slot.achieved ? "achieved" : ""} ${can ? "can" : ""}`,
        dataset: { action: can ? action : undefined },
        onclick: can ? () => onAchieve(action) : undefined,
        title: t("wl.greatHelp"),
      },
      h("span", { class: "oracle-id" }, slot.card.id),
      h("span", { class: "req" }, slot.card.colours.map((c) => elementMark(c, "high"))),
      h("span", { class: "pts" }, slot.achieved ? t("wl.achieved") : t("wl.greatPoints")),
    );
  });
  const smalls = board.small_oracles.map((slot, i) => {
    const action = notationOf("AchieveSmall", { slot: i + 1 });
    const can = legal.includes(action);
    return h(
      can ? "button" : "div",
      {
        class: `oracle small ${slot.achieved ? "achieved" : ""} ${can ? "can" : ""}`,
        dataset: { action: can ? action : undefined },
        onclick: can ? () => onAchieve(action) : undefined,
        title: t("wl.smallHelp"),
      },
      h("span", { class: "oracle-id" }, slot.card.id),
      h(
        "span",
        { class: "req" },
        slot.card.requires.map((r) =>
          h("span", { class: "need" }, `${r.count}×`, elementMark(r.colour), h("small", {}, t("wl.rankOrHigher", { rank: rankName(r.rank) }))),
        ),
      ),
      h("span", { class: "reward" }, "→ ", slot.card.reward.map((e) => elementMark(e))),
      h("span", { class: "pts" }, slot.achieved ? t("wl.achieved") : t("wl.smallPoints")),
    );
  });
  return h("div", { class: "oracles" }, greats, smalls);
}

function boardPanel(ctx, board, opts = {}) {
  const { clickable = false, focus = null, onToken = () => {}, legal = [], onAchieve = () => {}, preview = null, scoreNow = board.score } = opts;
  const mine = board.seat === ctx.seat;
  const view = ctx.view;
  // each rank's token spots, low first, from the table's reference data (the rules')
  const capacity = (ctx.reference && ctx.reference.capacity) || [];
  const status =
    view.phase === "search" && view.deciding.length > 1
      ? board.committed
        ? t("wl.committed")
        : board.deciding === "declare"
          ? t("wl.thinking")
          : ""
      : view.phase === "soul_processing"
        ? board.deciding === "idle"
          ? t("wl.processingDone")
          : t("wl.processing")
        : "";
  return h(
    "section",
    { class: `board panel p${board.seat} ${mine ? "mine" : ""}`, dataset: { seat: board.seat } },
    h(
      "header",
      {},
      seatDot(board.seat),
      h("strong", {}, ctx.name(board.seat)),
      h("span", { class: "score", title: t("wl.scoreNow") }, t("wl.points", { n: scoreNow })),
      preview !== null
        ? h("span", { class: "score-preview", id: "score-preview" }, t("wl.previewPoints", { n: preview }))
        : null,
      status ? h("span", { class: `board-status ${board.committed ? "committed" : ""}` }, status) : null,
    ),
    h(
      "div",
      { class: "screen-pieces", title: t("wl.behindScreen") },
      h("span", {}, t("wl.searchLeft", { n: board.search_pieces })),
      signMark("witch", board.witch_sign),
      signMark("soul", board.soul_sign),
    ),
    h(
      "div",
      { class: "tokens" },
      ["high", "middle", "low"].map((rank) => tokenRow(board, rank, capacity[RANKS.indexOf(rank)], clickable, focus, onToken)),
    ),
    h(
      "div",
      { class: "extras" },
      h("span", { title: t("wl.element.promotion") }, elementMark("promotion"), ` ×${board.promotion_spells}`),
      h("span", { title: t("wl.element.colour_change") }, elementMark("colour_change"), ` ×${board.colour_change_spells}`),
      h("span", { class: "impurity", title: t("wl.impurity") }, t("wl.impurityN", { n: board.impurity })),
      board.pending_gains.length ? h("span", { class: "gains" }, t("wl.pendingGains"), board.pending_gains.map((e) => elementMark(e))) : null,
    ),
    oracleCards(board, legal, onAchieve),
  );
}

/** A sign piece behind the screen; a used one is struck through and says so in words. */
function signMark(sign, left) {
  return h(
    "span",
    { class: `sign ${sign} ${left ? "" : "used"}`, dataset: { cue: left ? "left" : "used" } },
    left ? null : h("span", { "aria-hidden": "true" }, "✕ "),
    t(`wl.${sign}Sign`),
    left ? null : h("span", { class: "sr-only" }, ` (${t("wl.used")})`),
  );
}

// ------------------------------------------------------------------ decisions

function declarationPanel(ctx) {
  const board = ctx.view.boards[ctx.seat];
  const ui = (ctx.ui.declare = ctx.ui.declare && ctx.ui.declare.decision === ctx.decision ? ctx.ui.declare : { decision: ctx.decision, search: 0, witch: false, soul: false });
  const notation = notationOf("Declare", { search: ui.search, witch: ui.witch, soul: ui.soul });
  const decision = ctx.decision;
  const corridor = ctx.view.labyrinth[ctx.view.corridor];
  const set = (key, value) => {
    ui[key] = value;
    ctx.rerender();
  };
  // keys (shown on the panel): digits set the search pieces, W and S the signs, Enter
  // puts out the hand; keys typed into a control act on it as usual
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const typing = event.target.closest("input, select, textarea, button");
    const key = event.key.toLowerCase();
    if (/^[0-9]$/.test(key)) set("search", Math.min(Number(key), board.search_pieces));
    else if ((key === "w" || event.code === "KeyW") && board.witch_sign) set("witch", !ui.witch);
    else if ((key === "s" || event.code === "KeyS") && board.soul_sign) set("soul", !ui.soul);
    else if (event.key === "Enter" && !typing && !ctx.busy) ctx.act(notation, decision).catch(() => {});
    else return;
    event.preventDefault();
  };
  return h(
    "section",
    { class: "panel decision declare", id: "declaration", dataset: { decision }, "aria-labelledby": "declaration-title", onkeydown: onKey },
    h("h2", { id: "declaration-title", tabindex: -1, dataset: { autofocus: "" } }, t("wl.declareTitle", { corridor: corridor ? corridor.id : "" })),
    h("p", { class: "hint" }, t("wl.declareHint")),
    h("p", { class: "keys", id: "declaration-keys" }, keysLine(t("wl.declareKeys"))),
    h(
      "div",
      { class: "stepper", role: "group", "aria-labelledby": "search-label" },
      h("span", { id: "search-label" }, t("wl.searchPieces")),
      h(
        "button",
        { class: "step", id: "search-minus", "aria-label": t("wl.fewerSearch"), disabled: ui.search <= 0, onclick: () => set("search", ui.search - 1) },
        h("span", { "aria-hidden": "true" }, "−"),
      ),
      h("output", { id: "search-count", "aria-labelledby": "search-label", "aria-live": "polite" }, String(ui.search)),
      h(
        "button",
        { class: "step", id: "search-plus", "aria-label": t("wl.moreSearch"), disabled: ui.search >= board.search_pieces, onclick: () => set("search", ui.search + 1) },
        h("span", { "aria-hidden": "true" }, "+"),
      ),
      h("span", { class: "muted" }, t("wl.ofLeft", { n: board.search_pieces })),
    ),
    h(
      "label",
      { class: "check" },
      h("input", { type: "checkbox", id: "witch", checked: ui.witch, disabled: !board.witch_sign, "aria-keyshortcuts": "W", onchange: (e) => set("witch", e.target.checked) }),
      t("wl.witchSign"),
    ),
    h(
      "label",
      { class: "check" },
      h("input", { type: "checkbox", id: "soul", checked: ui.soul, disabled: !board.soul_sign, "aria-keyshortcuts": "S", onchange: (e) => set("soul", e.target.checked) }),
      t("wl.soulSign"),
    ),
    h(
      "button",
      {
        class: "primary",
        id: "commit",
        disabled: ctx.busy,
        "aria-keyshortcuts": "Enter",
        onclick: () => ctx.act(notation, decision).catch(() => {}),
      },
      t("wl.commit", { hand: declarationText({ search: ui.search, witch: ui.witch, soul: ui.soul }) }),
    ),
  );
}

function waitingPanel(ctx) {
  const v = ctx.view;
  const waitingFor = v.deciding.filter((p) => p !== ctx.seat).map((p) => ctx.name(p));
  const mine = v.my_declaration;
  return h(
    "section",
    { class: "panel decision waiting", id: "waiting", "aria-label": t("wl.waitingTitle") },
    mine ? h("p", { id: "my-hand" }, t("wl.yourHand", { hand: declarationText(mine) })) : null,
    waitingFor.length ? h("p", {}, t("wl.waitingFor", { names: waitingFor.join(", ") })) : null,
  );
}

function choiceDialog(ctx, title, hint, legal, kind) {
  const decision = ctx.decision;
  return decisionPanel(
    title,
    hint,
    null,
    legal.map((n) =>
      h(
        "button",
        {
          class: "choice",
          dataset: { action: n, decision },
          disabled: ctx.busy,
          onclick: () => ctx.act(n, decision).catch(() => {}),
        },
        actionColour(n) ? elementMark(actionColour(n), "", true) : null,
        actionText(n, ctx.view, ctx.seat),
      ),
    ),
    kind,
  );
}

// ------------------------------------------------------------------ soul processing

function processing(ctx) {
  let p = ctx.ui.process;
  if (!p || (p.decision !== ctx.decision && !p.committing)) {
    p = ctx.ui.process = { decision: ctx.decision, tentative: [], previews: [], focus: null, committing: false, restoring: false, timer: null };
    restore(ctx, p);
  }
  return p;
}

// The moves on the screen are the page's until Done: they are kept in this tab's
// sessionStorage under the table, the seat and the decision, so a reload during the
// same decision puts them back (asking the server's preview again, step by step).

function keptKey(ctx, decision) {
  return `tabletop.processing.${ctx.tableId}.${ctx.seat}.${decision}`;
}

function keepMoves(ctx, p) {
  if (!p.tentative.length) return forgetMoves(ctx, p.decision);
  try {
    sessionStorage.setItem(keptKey(ctx, p.decision), JSON.stringify(p.tentative));
  } catch {
    // storage full or off: the moves stay on the screen only
  }
  return undefined;
}

function forgetMoves(ctx, decision) {
  try {
    sessionStorage.removeItem(keptKey(ctx, decision));
  } catch {
    // storage off: nothing was kept
  }
}

function keptMoves(ctx, decision) {
  try {
    const moves = JSON.parse(sessionStorage.getItem(keptKey(ctx, decision)) || "[]");
    return Array.isArray(moves) ? moves.filter((n) => typeof n === "string") : [];
  } catch {
    return [];
  }
}

/** Put back the moves kept for this decision (each previewed again, in order); a
 * move the server no longer allows ends the list there. */
async function restore(ctx, p) {
  if (ctx.replay || ctx.seat === null) return;
  const moves = keptMoves(ctx, p.decision);
  if (!moves.length) return;
  p.restoring = true;
  for (let i = 1; i <= moves.length; i++) {
    try {
      p.previews.push(await previewOf(ctx, moves.slice(0, i)));
      p.tentative = moves.slice(0, i);
    } catch {
      break;
    }
    if (ctx.ui.process !== p) return;
  }
  p.restoring = false;
  keepMoves(ctx, p);
  if (p.tentative.length) sendBeforeTimeOut(ctx, p);
  ctx.rerender();
}

function previewOf(ctx, actions) {
  return ctx.api("POST", `/api/web/tables/${encodeURIComponent(ctx.tableId)}/seats/${ctx.seat}/preview`, { seq: ctx.seq, actions });
}

/** How long before the seat's clock runs out the page sends the moves on the screen. */
const SEND_BEFORE_MS = 1500;

/**
 * On a clock, the moves on the screen are only the page's until Done sends them: if the
 * time ran out first, the server's time-out would end processing without them. So the
 * page sends them, then Done, just before the time runs out (a time-out ends the
 * processing keeping what the player did, docs/server.md "The clock").
 */
function sendBeforeTimeOut(ctx, p) {
  if (p.timer !== null || ctx.deadline === null || ctx.replay) return;
  const wait = Math.max(0, ctx.deadline - SEND_BEFORE_MS - performance.now());
  p.timer = setTimeout(() => {
    p.timer = null; // a move tried after this (all undone meanwhile) goes out at once
    const onScreen = document.getElementById("processing");
    if (ctx.ui.process !== p || p.decision !== ctx.decision || p.committing || !p.tentative.length || !onScreen) return;
    toast(t("wl.timeSent", { n: p.tentative.length }), "error");
    commit(ctx);
  }, wait);
}

async function tryAction(ctx, action) {
  const p = processing(ctx);
  const actions = [...p.tentative, action];
  try {
    const preview = await previewOf(ctx, actions);
    p.tentative = actions;
    p.previews.push(preview);
    p.focus = null;
    keepMoves(ctx, p);
    sendBeforeTimeOut(ctx, p);
  } catch (err) {
    toast(refusal(err), "error");
  }
  ctx.rerender();
}

function undo(ctx, all) {
  const p = processing(ctx);
  const keep = all ? 0 : Math.max(0, p.tentative.length - 1);
  p.tentative = p.tentative.slice(0, keep);
  p.previews = p.previews.slice(0, keep);
  keepMoves(ctx, p);
  ctx.rerender();
}

async function commit(ctx) {
  const p = processing(ctx);
  p.committing = true;
  ctx.rerender();
  try {
    for (const action of [...p.tentative, DONE]) await ctx.act(action);
  } catch {
    // the refusal is shown by ctx.act; what was accepted stays, the rest is dropped
  } finally {
    forgetMoves(ctx, p.decision);
    ctx.ui.process = null;
    ctx.rerender();
  }
}

function processingPanel(ctx) {
  const p = processing(ctx);
  const last = p.previews[p.previews.length - 1];
  const legal = last ? last.legal : ctx.legal;
  const board = last ? last.view.boards[ctx.seat] : ctx.view.boards[ctx.seat];
  const options = legal.filter((n) => n !== DONE);
  const focused = p.focus ? options.filter((n) => {
    const tok = actionToken(n);
    return tok && tok.colour === p.focus.colour && tok.rank === p.focus.rank;
  }) : options;
  const mode = board.deciding;
  const hint = mode === "reward_promotion" ? t("wl.rewardHint") : mode === "choose_white" ? t("wl.whiteHint") : mode === "overflow" ? t("wl.overflowHint") : t("wl.processHint");
  return h(
    "section",
    { class: "panel decision processing", id: "processing", dataset: { decision: p.decision }, "aria-labelledby": "processing-title" },
    h("h2", { id: "processing-title", tabindex: -1, dataset: { autofocus: "" } }, t("wl.processTitle")),
    h("p", { class: "keys" }, keysLine(t("wl.processKeys"))),
    h("p", { class: "hint" }, hint),
    h(
      "p",
      { class: "preview-line" },
      t("wl.previewLine", { now: ctx.view.boards[ctx.seat].score, then: board.score, n: p.tentative.length }),
    ),
    p.tentative.length
      ? h("ol", { class: "tentative", id: "tentative" }, p.tentative.map((n) => h("li", {}, actionText(n, ctx.view, ctx.seat))))
      : null,
    p.focus
      ? h("p", {}, t("wl.focusOn", { token: `${rankName(p.focus.rank)} ${colourName(p.focus.colour)}` }), " ", h("button", { class: "small ghost", onclick: () => { p.focus = null; ctx.rerender(); } }, t("wl.showAll")))
      : h("p", { class: "muted" }, t("wl.clickToken")),
    h(
      "div",
      { class: "choices" },
      focused.length
        ? focused.map((n) =>
            h("button", { class: "choice", dataset: { action: n }, disabled: p.committing || p.restoring, onclick: () => tryAction(ctx, n) }, actionText(n, ctx.view, ctx.seat)),
          )
        : h("p", { class: "muted" }, t("wl.nothingMore")),
    ),
    h(
      "div",
      { class: "commit-row" },
      h("button", { id: "undo", disabled: !p.tentative.length || p.committing || p.restoring, onclick: () => undo(ctx, false) }, t("wl.undo")),
      h("button", { id: "undo-all", class: "ghost", disabled: !p.tentative.length || p.committing || p.restoring, onclick: () => undo(ctx, true) }, t("wl.undoAll")),
      h(
        "button",
        { id: "done", class: "primary", disabled: p.committing || p.restoring || !legal.includes(DONE), onclick: () => commit(ctx) },
        p.tentative.length ? t("wl.commitDone", { n: p.tentative.length }) : t("wl.act.done"),
      ),
    ),
  );
}

// ------------------------------------------------------------------ the screen

function status(ctx) {
  const v = ctx.view;
  const k = v.labyrinth.length;
  const where = v.phase === "search" ? ` · ${t("wl.corridorOf", { i: Math.min(v.corridor + 1, k), k })}` : "";
  const mine = ctx.seat !== null && !ctx.replay && !ctx.over && ctx.legal.length > 0;
  return h(
    "p",
    { class: `status-line ${mine ? "your-turn" : ""}`, id: "turn", tabindex: -1, dataset: { phase: v.phase } },
    h("strong", {}, t("wl.roundOf", { round: v.round })),
    " · ",
    t(`wl.phase.${v.phase}`),
    where,
    mine ? ` · ${t("wl.yourTurn")}` : "",
  );
}


function decisionArea(ctx) {
  if (ctx.seat === null || ctx.replay || ctx.over) return null;
  const board = ctx.view.boards[ctx.seat];
  if (!ctx.legal.length) {
    return ctx.view.phase === "search" || ctx.view.my_declaration ? waitingPanel(ctx) : null;
  }
  const mode = board.deciding;
  if (mode === "declare") return declarationPanel(ctx);
  if (ctx.view.phase === "search" && mode === "choose_white") return choiceDialog(ctx, t("wl.whiteTitle"), t("wl.whiteHint"), ctx.legal, "white");
  if (ctx.view.phase === "search" && mode === "overflow") return choiceDialog(ctx, t("wl.overflowTitle"), t("wl.overflowHint"), ctx.legal, "overflow");
  return processingPanel(ctx);
}

/** Every element a corridor card can show, in the key's order. */
const ELEMENTS = [...COLOURS, "white", "promotion", "colour_change"];

/** The corridors' key, opened and closed with a button (a phone has no hover to show
 * the marks' titles): what each mark is, and who gains the upper and lower halves. */
function corridorKey(ctx) {
  const open = Boolean(ctx.ui.key);
  const toggle = () => {
    ctx.ui.key = !open;
    ctx.rerender();
  };
  return h(
    "div",
    { class: "corridor-key" },
    h("button", { class: "small ghost", id: "corridor-key-toggle", type: "button", "aria-expanded": String(open), "aria-controls": "corridor-key", onclick: toggle }, t(open ? "wl.keyHide" : "wl.keyShow")),
    open
      ? h(
          "div",
          { id: "corridor-key" },
          h("ul", { class: "key-marks" }, ELEMENTS.map((e) => h("li", { dataset: { element: e } }, elementMark(e), " ", elementName(e)))),
          h("p", { class: "muted" }, t("wl.keyHalves")),
        )
      : null,
  );
}

function render(ctx) {
  const v = ctx.view;
  const proc = ctx.seat !== null && !ctx.replay && v.phase === "soul_processing" && ctx.legal.length ? processing(ctx) : null;
  const last = proc && proc.previews[proc.previews.length - 1];
  const boards = [...v.boards].sort((a, b) => (a.seat === ctx.seat ? -1 : b.seat === ctx.seat ? 1 : a.seat - b.seat));
  return h(
    "div",
    { class: "wl" },
    status(ctx),
    h("div", { class: "wl-top" }, h("div", { class: "labyrinth-box" }, labyrinthSvg(v), corridorList(v), corridorKey(ctx)), h("div", { class: "wl-decide" }, decisionArea(ctx), revealPanel(ctx, describe))),
    h(
      "div",
      { class: "boards" },
      boards.map((b) => {
        if (proc && b.seat === ctx.seat) {
          const shown = last ? last.view.boards[ctx.seat] : b;
          return boardPanel(ctx, shown, {
            clickable: true,
            focus: proc.focus,
            onToken: (tok) => {
              proc.focus = tok;
              ctx.rerender();
            },
            legal: last ? last.legal : ctx.legal,
            onAchieve: (n) => tryAction(ctx, n),
            preview: last ? shown.score : null,
            scoreNow: b.score,
          });
        }
        return boardPanel(ctx, b);
      }),
    ),
  );
}

// ------------------------------------------------------------------ the log

function describe(ev, ctx) {
  const who = (p) => ctx.name(p);
  const c = (x) => colourName(x);
  switch (ev.type) {
    case "OraclesDealt":
      return t("wl.ev.oracles", { who: who(ev.player), great: ev.great_oracles.join(", "), small: ev.small_oracles.join(", ") });
    case "CorridorsLaidOut":
      return t("wl.ev.laidOut", { round: ev.round, corridors: ev.corridors.join(", ") });
    case "DeclarationCommitted":
      if (ev.declaration) return t(ev.forced ? "wl.ev.forcedMine" : "wl.ev.committedMine", { hand: declarationText(ev.declaration) });
      return t(ev.forced ? "wl.ev.forced" : "wl.ev.committed", { who: who(ev.player) });
    case "DeclarationsRevealed":
      return t("wl.ev.revealed", {
        corridor: ev.corridor,
        hands: ev.declarations.map((d, p) => `${who(p)}: ${declarationText(d)}`).join("; "),
      });
    case "CorridorRanked":
      if (ev.skipped) return t("wl.ev.skipped", { corridor: ev.corridor });
      return t("wl.ev.ranked", {
        first: ev.first === null ? t("wl.nobody") : who(ev.first),
        seconds: ev.seconds.length ? ev.seconds.map((p) => who(p)).join(", ") : t("wl.nobody"),
        witch: ev.witch_signs,
        soul: ev.soul_signs,
      });
    case "ImpurityTaken":
      return t("wl.ev.impurity", { who: who(ev.player), n: ev.count });
    case "TokenGained":
      return t("wl.ev.token", { who: who(ev.player), colour: c(ev.colour) });
    case "WhiteChosen":
      return t("wl.ev.white", { who: who(ev.player), colour: c(ev.colour) });
    case "TokenReturned":
      return t("wl.ev.returned", { who: who(ev.player), colour: c(ev.colour), rank: rankName(ev.rank) });
    case "SpellGained":
      return t("wl.ev.spell", { who: who(ev.player), spell: t(`wl.element.${ev.spell}`) });
    case "Promoted":
      return t("wl.ev.promoted", { who: who(ev.player), colour: c(ev.colour), rank: rankName(ev.rank), by: t(`wl.by.${ev.by}`) });
    case "ColourChanged":
      return t("wl.ev.changed", { who: who(ev.player), colour: c(ev.colour), rank: rankName(ev.rank), to: c(ev.to) });
    case "SpellDiscarded":
      return t("wl.ev.discarded", { who: who(ev.player), spell: t(`wl.element.${ev.spell}`) });
    case "OracleAchieved":
      return t(ev.great ? "wl.ev.great" : "wl.ev.small", { who: who(ev.player), oracle: ev.oracle });
    case "ProcessingDone":
      return t("wl.ev.done", { who: who(ev.player) });
    case "RoundEnded":
      return t("wl.ev.roundEnded", { round: ev.round });
    case "GameEnded":
      return t("wl.ev.gameEnded", { winners: ev.winners.map((p) => who(p)).join(", ") });
    default:
      return ev.type;
  }
}

/** Events a screen reader is told of as they happen: each reveal and ranking. */
const ANNOUNCED = new Set(["DeclarationsRevealed", "CorridorRanked", "RoundEnded", "GameEnded"]);

/** What the table's status region says for a step's events (js/focus.js announce). */
function announce(events, ctx) {
  return events
    .filter((ev) => ANNOUNCED.has(ev.type))
    .map((ev) => describe(ev, ctx))
    .join(" ");
}

/** What the clock did for a seat whose time ran out, from its step's events. */
function timedOut(events, seat) {
  for (const ev of events) {
    if (ev.player !== seat) continue;
    if (ev.type === "DeclarationCommitted") return t("wl.timeout.declare");
    if (ev.type === "ProcessingDone") return t("wl.timeout.done");
    if (ev.type === "WhiteChosen") return t("wl.timeout.white", { colour: colourName(ev.colour) });
    if (ev.type === "TokenReturned") return t("wl.timeout.returned", { colour: colourName(ev.colour), rank: rankName(ev.rank) });
  }
  return null;
}

// ------------------------------------------------------------------ the end

/**
 * Why `a` placed ahead of `b` when their scores tie: the first tie-break that differs,
 * in the rules' order (`order`, sent by the server with the final breakdown).
 */
function brokenBy(a, b, order) {
  for (const key of order) {
    if (a.tie_breaks[key] !== b.tie_breaks[key]) return key;
  }
  return null;
}

function final(data, ctx) {
  const result = data.result;
  const order = data.tie_break_order;
  const rows = [...data.rows].sort((a, b) => result.placings[a.seat] - result.placings[b.seat] || a.seat - b.seat);
  const notes = [];
  rows.forEach((row, i) => {
    const next = rows[i + 1];
    if (next && next.score === row.score) {
      const key = brokenBy(row, next, order);
      notes.push(
        key
          ? t("final.tieBroken", { a: ctx.name(row.seat), b: ctx.name(next.seat), key: t(`final.tb.${key}`) })
          : t("final.tieShared", { a: ctx.name(row.seat), b: ctx.name(next.seat) }),
      );
    }
  });
  return h(
    "div",
    { class: "final-wl" },
    h("p", { class: "winners", id: "winners" }, t("final.winners", { names: result.winners.map((p) => ctx.name(p)).join(", ") })),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "scores", id: "score-table" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            [t("final.place"), t("final.player"), t("final.score"), t("final.tokens"), t("final.oracles"), t("final.impurity")].map((x) => h("th", {}, x)),
            order.map((k) => h("th", { class: "tb" }, t(`final.tb.${k}`))),
          ),
        ),
        h(
          "tbody",
          {},
          rows.map((row) =>
            h(
              "tr",
              { class: result.winners.includes(row.seat) ? "winner" : "" },
              h("td", {}, String(result.placings[row.seat])),
              h("td", {}, ctx.name(row.seat)),
              h("td", { class: "num strong" }, String(row.score)),
              h("td", { class: "num" }, String(row.token_points)),
              h("td", { class: "num" }, String(row.oracle_points)),
              h("td", { class: "num" }, row.tie_breaks.impurity ? `−${row.tie_breaks.impurity}` : "0"),
              order.map((k) => h("td", { class: "num tb" }, String(row.tie_breaks[k]))),
            ),
          ),
        ),
      ),
    ),
    h("p", { class: "muted" }, t("final.wlTieRule")),
    notes.map((n) => h("p", { class: "tie-note" }, n)),
  );
}

/** A seat's choice in words (the replay's captions): the label its button had. */
function choiceText(notation, ctx, seat) {
  return actionText(notation, ctx.view, seat);
}

export { tutorial } from "./tutorial.js";

export default { render, describe, final, timedOut, choiceText, announce };
