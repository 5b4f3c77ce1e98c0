// The Wicked Labyrinth's story of a round, read from the log in order: each corridor's
// own hands, ranking and gains (skipped or not), and the end-of-round summary (who took
// what, points so far). Several corridors can resolve in one step (a skipped corridor,
// then forced hands on the last one), so the log is read event by event, never "the
// last step with a reveal".

import { h, keysLine, seatDot } from "/static/js/dom.js";
import { t } from "/static/js/i18n.js";
import { roveKey } from "/static/js/focus.js";
import { declarationMarks, elementMark } from "./parts.js";

const GAINS = new Set(["ImpurityTaken", "TokenGained", "SpellGained", "WhiteChosen", "TokenReturned"]);
/** Events of soul processing: a corridor's gains never run past one of these. */
const PROCESSING = new Set(["Promoted", "ColourChanged", "SpellDiscarded", "OracleAchieved", "ProcessingDone", "RoundEnded", "GameEnded"]);

/**
 * Every round in the log: `[{round, corridors: [{seq, revealed, ranked, gains}], events,
 * ended}]`, in order. `events` holds every event of the round (for the summary).
 */
export function rounds(log) {
  const out = [];
  let round = null;
  let corridor = null;
  const start = (number) => {
    round = { round: number, corridors: [], events: [], ended: false };
    out.push(round);
  };
  for (const entry of log) {
    for (const ev of entry.events) {
      if (ev.type === "CorridorsLaidOut" && (!round || round.ended || round.round !== ev.round)) start(ev.round);
      if (ev.type === "DeclarationsRevealed") {
        if (!round || round.ended || round.round !== ev.round) start(ev.round);
        corridor = { seq: entry.seq, revealed: ev, ranked: null, gains: [] };
        round.corridors.push(corridor);
      } else if (ev.type === "CorridorRanked" && corridor && corridor.revealed.corridor === ev.corridor) {
        corridor.ranked = ev;
      } else if (PROCESSING.has(ev.type)) {
        corridor = null;
      } else if (GAINS.has(ev.type) && corridor) {
        corridor.gains.push(ev);
      }
      if (round) round.events.push(ev);
      if (ev.type === "RoundEnded" && round) {
        round.ended = true;
        corridor = null;
      }
    }
  }
  return out;
}

function corridorBlock(ctx, c, latest, describe) {
  const { revealed, ranked, gains } = c;
  const place = (p) => (ranked && ranked.first === p ? "first" : ranked && ranked.seconds.includes(p) ? "second" : "");
  const fresh = latest && ctx.ui.wlRevealSeen !== c.seq;
  return h(
    "div",
    { class: `corridor-result ${latest ? "latest" : ""} ${fresh ? "fresh" : ""} ${ranked && ranked.skipped ? "skipped" : ""}`, dataset: { corridor: revealed.corridor } },
    h("h3", {}, t("wl.revealTitle", { corridor: revealed.corridor })),
    h(
      "ol",
      { class: "hands" },
      revealed.declarations.map((d, p) =>
        h(
          "li",
          {
            class: `hand ${place(p)}`,
            style: `--i:${p}`,
            // one Tab stop for every hand of the round; arrow keys go from hand to hand
            tabindex: ctx.ui.wlHand === `${revealed.corridor}:${p}` ? 0 : -1,
            dataset: { hand: `${revealed.corridor}:${p}`, rove: "" },
          },
          seatDot(p),
          h("span", { class: "hand-who" }, ctx.name(p)),
          declarationMarks(d),
          place(p) ? h("span", { class: `rank-badge ${place(p)}` }, t(`wl.${place(p)}`)) : null,
        ),
      ),
    ),
    ranked
      ? h(
          "p",
          { class: "ranking", style: `--i:${revealed.declarations.length}` },
          ranked.skipped ? t("wl.skipped") : t("wl.signsTotal", { witch: ranked.witch_signs, soul: ranked.soul_signs }),
        )
      : null,
    gains.length
      ? h("ul", { class: "gains-list", style: `--i:${revealed.declarations.length + 1}` }, gains.map((e) => h("li", {}, describe(e, ctx))))
      : null,
  );
}

/** This round's corridors so far, in order, the latest last; null before the first. */
export function revealPanel(ctx, describe) {
  if (ctx.view.phase === "over") return null;
  const all = rounds(ctx.log);
  const now = all.length ? all[all.length - 1] : null;
  if (!now || now.ended || now.round !== ctx.view.round || !now.corridors.length) {
    const last = [...all].reverse().find((r) => r.ended);
    return last && last.round === ctx.view.round - 1 ? roundSummary(ctx, last) : null;
  }
  const latest = now.corridors[now.corridors.length - 1];
  const hands = now.corridors.flatMap((c) => c.revealed.declarations.map((d, p) => `${c.revealed.corridor}:${p}`));
  if (!hands.includes(ctx.ui.wlHand)) ctx.ui.wlHand = `${latest.revealed.corridor}:0`;
  const onKey = (event) => {
    const moved = roveKey(event, [...event.currentTarget.querySelectorAll("[data-rove]")]);
    if (moved) ctx.ui.wlHand = moved.dataset.hand;
  };
  const panel = h(
    "section",
    { class: "panel reveal", id: "reveal", "aria-labelledby": "reveal-title", onkeydown: onKey },
    h("h2", { id: "reveal-title" }, t("wl.corridorsThisRound", { round: now.round })),
    h("p", { class: "keys" }, keysLine(t("wl.revealKeys"))),
    now.corridors.map((c) => corridorBlock(ctx, c, c === latest, describe)),
  );
  ctx.ui.wlRevealSeen = latest.seq;
  return panel;
}

/** Who took what in a round that ended, and everyone's points so far. */
export function roundSummary(ctx, round) {
  const players = ctx.view.boards.length;
  const rows = Array.from({ length: players }, () => ({ firsts: 0, seconds: 0, gained: [], impurity: 0, oracles: [] }));
  for (const ev of round.events) {
    if (ev.type === "CorridorRanked" && !ev.skipped) {
      if (ev.first !== null) rows[ev.first].firsts += 1;
      for (const p of ev.seconds) rows[p].seconds += 1;
    } else if (ev.type === "TokenGained" || ev.type === "WhiteChosen") {
      rows[ev.player].gained.push(ev.colour);
    } else if (ev.type === "SpellGained") {
      rows[ev.player].gained.push(ev.spell);
    } else if (ev.type === "ImpurityTaken") {
      rows[ev.player].impurity += ev.count;
    } else if (ev.type === "OracleAchieved") {
      rows[ev.player].oracles.push(ev.oracle);
    }
  }
  const head = ["final.player", "wl.sum.ranked", "wl.sum.gained", "wl.sum.impurity", "wl.sum.oracles", "wl.sum.points"];
  return h(
    "section",
    { class: "panel round-summary", id: "round-summary" },
    h("h2", {}, t("wl.sum.title", { round: round.round })),
    h(
      "div",
      { class: "table-wrap" },
      h(
        "table",
        { class: "scores" },
        h("thead", {}, h("tr", {}, head.map((k) => h("th", {}, t(k))))),
        h(
          "tbody",
          {},
          rows.map((row, p) =>
            h(
              "tr",
              { dataset: { seat: p } },
              h("td", {}, seatDot(p), " ", ctx.name(p)),
              h("td", {}, t("wl.sum.rankedN", { first: row.firsts, second: row.seconds })),
              h("td", { class: "gained" }, row.gained.length ? row.gained.map((e) => elementMark(e)) : "—"),
              h("td", { class: "num" }, row.impurity ? `+${row.impurity}` : "0"),
              h("td", {}, row.oracles.length ? row.oracles.join(", ") : "—"),
              h("td", { class: "num strong" }, String(ctx.view.boards[p].score)),
            ),
          ),
        ),
      ),
    ),
  );
}
