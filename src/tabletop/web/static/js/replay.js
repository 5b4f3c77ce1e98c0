// The replay viewer: a finished game step by step, as one seat or a spectator saw it.
// Steps and their events come from /api/web/tables/ID/replay; the view after a step
// from /api/web/tables/ID/replay/STEP, drawn by the game's own screen (no actions).

import { api } from "./api.js";
import { h, mount, toast, update } from "./dom.js";
import { botLabel, t } from "./i18n.js";
import { gameModule, gameTitle } from "./games/index.js";

export function showReplay(main, tableId, viewer) {
  // view: after the step shown; before: after the step before it (the view the choice
  // was made from, which its caption reads: what was offered, which slot...)
  const state = { steps: null, step: 0, view: null, before: null, table: null, module: null, reference: null };
  const base = `/api/web/tables/${encodeURIComponent(tableId)}/replay`;

  const ctx = () => ({
    tableId,
    seat: viewer === "spectator" ? null : Number(viewer),
    table: state.table,
    view: state.view,
    legal: [],
    decision: null,
    over: state.step === state.steps.steps.length,
    replay: true,
    reference: state.reference,
    ui: {},
    // the events up to this step, as the live log had them (the reveal panel reads them)
    log: [{ seq: 0, events: state.steps.start || [] }].concat(
      state.steps.steps.slice(0, state.step).map((st) => ({ seq: st.step, events: st.events })),
    ),
    name(s) {
      if (state.module.holderName) {
        const special = state.module.holderName(s, this);
        if (special) return special;
      }
      const seat = state.table.seats[s];
      if (!seat) return t("lobby.seatN", { n: s + 1 });
      return seat.kind === "bot" ? t("table.botName", { n: s + 1, bot: botLabel(seat.bot) }) : seat.name || t("lobby.seatN", { n: s + 1 });
    },
    act: async () => {},
    rerender: () => render(),
  });

  async function go(step) {
    const last = state.steps.steps.length;
    state.step = Math.max(0, Math.min(last, step));
    try {
      const [out, before] = await Promise.all([
        api("GET", `${base}/${state.step}?viewer=${viewer}`),
        state.step > 0 ? api("GET", `${base}/${state.step - 1}?viewer=${viewer}`) : null,
      ]);
      state.view = out.view;
      state.before = before ? before.view : null;
    } catch (err) {
      toast(err.message, "error");
    }
    render();
  }

  function stepEvents(c) {
    if (state.step === 0) {
      const dealt = (state.steps.start || []).map((ev) => state.module.describe(ev, c)).filter(Boolean);
      return h("div", { class: "replay-step" }, h("p", { class: "muted" }, t("replay.start")), h("ul", { class: "log" }, dealt.map((line) => h("li", {}, line))));
    }
    const step = state.steps.steps[state.step - 1];
    const lines = step.events.map((ev) => state.module.describe(ev, c)).filter(Boolean);
    return h(
      "div",
      { class: "replay-step" },
      h("p", { id: "replay-caption" }, t("replay.decision", { who: c.name(step.seat), action: choiceText(step, c) })),
      h("ul", { class: "log" }, lines.map((line) => h("li", {}, line))),
    );
  }

  /** The step's action in words, as its game's screen labels that choice (the
   * notation only for a game whose screen cannot say it). */
  function choiceText(step, c) {
    const from = { ...c, view: state.before || c.view };
    const text = state.module.choiceText ? state.module.choiceText(step.action, from, step.seat) : null;
    return text || step.action;
  }

  /** ←/→ step back and on, Home/End go to the start and the end (not while typing,
   * nor on the slider, which steps by the same keys itself). */
  function onKey(event) {
    if (!state.steps || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const moves = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: state.steps.steps.length };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  }
  document.addEventListener("keydown", onKey);

  function render() {
    if (!state.steps || !state.view) {
      mount(main, h("p", {}, t("app.loading")));
      return;
    }
    const c = ctx();
    const last = state.steps.steps.length;
    const slider = h("input", {
      type: "range",
      min: 0,
      max: last,
      value: state.step,
      id: "replay-slider",
      "aria-label": t("replay.step"),
      onchange: (e) => go(Number(e.target.value)),
    });
    update(
      main,
      h(
        "div",
        { class: `table-screen replay game-${state.steps.game}` },
        h(
          "header",
          { class: "table-head" },
          h("h1", {}, t("replay.title", { game: gameTitle(state.steps.game) })),
          h("span", { class: "who" }, viewer === "spectator" ? t("table.spectating") : t("replay.asSeat", { name: c.name(Number(viewer)) })),
          h("a", { class: "button small ghost", href: `#/table/${tableId}` }, t("replay.back")),
        ),
        h(
          "div",
          { class: "replay-controls panel" },
          h("button", { onclick: () => go(0), id: "replay-first" }, t("replay.first")),
          h("button", { onclick: () => go(state.step - 1), id: "replay-prev" }, t("replay.prev")),
          slider,
          h("button", { onclick: () => go(state.step + 1), id: "replay-next" }, t("replay.next")),
          h("button", { onclick: () => go(last), id: "replay-last" }, t("replay.last")),
          h("span", { id: "replay-position" }, t("replay.position", { step: state.step, last })),
        ),
        stepEvents(c),
        h("div", { class: "game-area" }, state.module.render(c)),
      ),
    );
  }

  (async () => {
    try {
      const [steps, table, reference] = await Promise.all([
        api("GET", `${base}?viewer=${viewer}`),
        api("GET", `/api/tables/${encodeURIComponent(tableId)}`),
        api("GET", `/api/web/tables/${encodeURIComponent(tableId)}/reference`),
      ]);
      state.reference = reference;
      state.steps = steps;
      state.table = table.table;
      state.module = gameModule(steps.game);
      await go(0);
    } catch (err) {
      mount(main, h("p", { class: "refused", role: "alert" }, err.message));
    }
  })();
  render();
  return {
    get game() {
      return state.steps ? state.steps.game : null;
    },
    close: () => document.removeEventListener("keydown", onKey),
    rerender: render,
  };
}
