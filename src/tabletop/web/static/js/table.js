// The table screen: one live connection, the game's own screen, the players, the log,
// the end (final scores and a replay link). Everything shown comes from the frames this
// seat (or a spectator) receives; the game modules only draw them.

import { api } from "./api.js";
import { h, seatDot, toast, update } from "./dom.js";
import { botLabel, t } from "./i18n.js";
import { forgetSeat, invitationAt, seatAt, seatsAt } from "./seats.js";
import { TableSocket } from "./socket.js";
import { refusal } from "./errors.js";
import { reviewSection } from "./review.js";
import { gameModule, gameTitle } from "./games/index.js";
import { addMessages, bindChat, chatPanel, chatState, loadChat } from "./chat.js";
import { clearAlert, soundToggle, turnAlert } from "./alerts.js";
import { continueButton } from "./continuity.js";
import { keptSeats, rematchPanel } from "./rematch.js";
import { tutorialPanel } from "./tutorial.js";
import { gameClockSetting, seatGameClock } from "./gameclock.js";
import { onVote, voteButton, voteLine } from "./seatvote.js";
import { announce, keepFocus, trapTab } from "./focus.js";

const LOG_LIMIT = 400;

/** Refusals that say the seat's decision is over or has changed. */
const GONE = new Set(["not_your_turn", "stale_decision", "stale", "bad_seq"]);

function logKey(tableId, seat) {
  return `tabletop.log.${tableId}.${seat === null ? "spectator" : seat}`;
}

/** The log this browser saw at this table (kept so a reload keeps the story). */
function loadLog(tableId, seat) {
  try {
    return JSON.parse(localStorage.getItem(logKey(tableId, seat)) || "[]");
  } catch {
    return [];
  }
}

function saveLog(tableId, seat, log) {
  try {
    localStorage.setItem(logKey(tableId, seat), JSON.stringify(log.slice(-LOG_LIMIT)));
  } catch {
    // storage full: the log is a convenience, the game goes on without it
  }
}

export function showTable(main, tableId, { seat, spectator }) {
  const held = spectator ? null : seat !== undefined ? seatAt(tableId, seat) : seatsAt(tableId)[0] || null;
  const ctx = {
    tableId,
    seat: held ? held.seat : null,
    token: held ? held.token : null,
    table: null,
    view: null,
    legal: [],
    decision: null,
    deadline: null, // performance.now() when this seat's decision runs out (a clock)
    deadlines: [], // the same for every seat (null: not deciding on a clock), for all to see
    seq: 0,
    over: false,
    result: null,
    log: loadLog(tableId, held ? held.seat : null),
    status: "connecting",
    final: null,
    lastError: null,
    ui: {}, // screen-local choices the game modules keep between frames
    busy: false,
    module: null,
    reference: null, // the table's fixed public facts (/api/web/tables/ID/reference)
    chat: chatState(),
    forced: null, // {decision, action}: this seat's decision with one legal action, the server's to play
  };
  let socket = null;
  let closed = false; // the person went to another screen
  const focus = { decision: null, played: false }; // js/focus.js: the decision focus went to
  let turnSaid = null; // the decision "Your turn." was said for (once each, not after each move of it)

  ctx.name = (s) => seatName(ctx, s);
  ctx.rerender = () => render();
  // `decision`: the decision the control was drawn for (its screen's ctx.decision);
  // the server refuses the action if the seat's decision has changed since
  //
  // A control is disabled from the moment its action is sent until the server answers
  // (`busy`, drawn at once), and the same action for the same decision while it is on
  // its way is the same request, not a second one: a double click sends one action. A
  // refusal that only says the decision is gone, for a decision whose action this page
  // already put in, is not the person's mistake, so it is not shown.
  const sending = new Map(); // `${decision} ${action}` -> the answer on its way
  const accepted = new Set(); // decisions an action of this page was accepted for
  ctx.act = (action, decision = ctx.decision) => {
    const key = `${decision} ${action}`;
    if (sending.has(key)) return sending.get(key);
    const answer = send(action, decision);
    sending.set(key, answer);
    answer.then(
      () => sending.delete(key),
      () => sending.delete(key),
    );
    return answer;
  };
  async function send(action, decision) {
    ctx.busy = true;
    render();
    try {
      const frame = await socket.act(action, decision);
      accepted.add(decision);
      ctx.lastError = null;
      return frame;
    } catch (error) {
      if (!(GONE.has(error.code) && accepted.has(decision))) {
        ctx.lastError = moveRefusal(error, action);
        toast(ctx.lastError, "error");
      }
      throw error;
    } finally {
      ctx.busy = sending.size > 1;
      render();
    }
  }
  /** A refused move in the player's words: the game module's, for a move the rules
   * refused, else the error code's (never the server's text with the rules' ids). */
  function moveRefusal(error, action) {
    const words = error.code === "illegal_action" && ctx.module && ctx.module.refused ? ctx.module.refused(action, ctx) : null;
    return words || refusal(error, false);
  }
  ctx.api = (method, path, body) => api(method, path, body, ctx.token);

  function onFrame(frame) {
    if (frame.type === "error") {
      if (frame.ref === undefined || frame.ref === null) {
        ctx.lastError = refusal(frame);
        toast(ctx.lastError, "error");
        if (["auth_failed", "bad_seat"].includes(frame.code) && ctx.seat !== null) {
          forgetSeat(tableId, ctx.seat);
        }
      }
      return;
    }
    if (frame.type === "pong") return;
    if (frame.type === "chat") {
      addMessages(ctx, [frame.message]);
      render();
      return;
    }
    if (frame.type === "rematch") {
      if (ctx.table) ctx.table.rematch = frame.rematch;
      render();
      return;
    }
    if (frame.type === "vote") {
      onVote(ctx, frame);
      saveLog(tableId, ctx.seat, ctx.log);
      render();
      return;
    }
    if (frame.table) ctx.table = frame.table;
    if (frame.view !== undefined) ctx.view = frame.view;
    // every frame kind carries the seat's decision when it has one, and nothing when not
    const legal = frame.legal || [];
    const decision = frame.decision === undefined ? null : frame.decision;
    // a person's decision with one legal action is not asked: the page plays it for
    // them at once (once per decision), and the log says it was played for them
    const mine = ctx.table && ctx.seat !== null ? ctx.table.seats[ctx.seat] : null;
    const only = legal.length === 1 && decision !== null && mine && mine.kind === "human" && !mine.away;
    if (frame.type === "events" && ctx.forced && ctx.forced.decision !== decision && frame.timeout === undefined) {
      ctx.log.push({ seq: frame.seq, events: [], forced: ctx.forced.action });
    }
    const fresh = only && !(ctx.forced && ctx.forced.decision === decision);
    ctx.forced = only ? { decision, action: legal[0] } : null;
    ctx.legal = only ? [] : legal;
    ctx.decision = decision;
    if (fresh) send(legal[0], decision).catch(() => {}); // a refusal is shown by send
    // the server says how long the decision has left as it sends: count down from that
    ctx.deadline = frame.clock_left === undefined ? null : performance.now() + frame.clock_left * 1000;
    ctx.deadlines = (frame.clocks || []).map((left) => (left === null ? null : performance.now() + left * 1000));
    if (frame.over !== undefined) {
      ctx.over = frame.over;
      ctx.result = frame.result || null;
    }
    ctx.seq = frame.seq;
    if (ctx.table) ctx.table.seq = frame.seq;
    if (!ctx.module && ctx.table) {
      ctx.module = gameModule(ctx.table.game);
      loadReference();
    }
    if (frame.type === "welcome") {
      loadChat(ctx);
      // keep what this browser saw before, up to the table's present; when play went
      // on while it was away, mark the hole and ask the server what filled it
      ctx.log = ctx.log.filter((entry) => entry.seq <= frame.seq);
      // the setup's events (the deal) open the log as step 0
      if (frame.start && !ctx.log.some((entry) => entry.seq === 0)) ctx.log.unshift({ seq: 0, events: frame.start });
      const last = ctx.log.length ? ctx.log[ctx.log.length - 1].seq : 0;
      if (last < frame.seq) {
        ctx.log.push({ seq: frame.seq, events: [], gap: true });
        fillGap(last);
      }
    }
    if (frame.type === "events") {
      ctx.log.push(frame.timeout === undefined ? { seq: frame.seq, events: frame.events } : { seq: frame.seq, events: frame.events, timeout: frame.timeout });
      saveLog(tableId, ctx.seat, ctx.log);
      if (ctx.module && ctx.module.onEvents) ctx.module.onEvents(frame.events, ctx);
      if (ctx.module && ctx.module.announce) announce(ctx.module.announce(frame.events, ctx));
    }
    if (ctx.over && !ctx.final) loadFinal();
    render();
  }

  /** This viewer's version of every step after `after`, in place of the gap marker
   * (if the server cannot say, the marker stays). */
  async function fillGap(after) {
    const base = `/api/tables/${encodeURIComponent(tableId)}`;
    const path = ctx.seat === null ? `${base}/events?after=${after}` : `${base}/seats/${ctx.seat}/events?after=${after}`;
    let out;
    try {
      out = await ctx.api("GET", path);
    } catch {
      return;
    }
    const have = new Set(ctx.log.filter((entry) => !entry.gap).map((entry) => entry.seq));
    const kept = ctx.log.filter((entry) => !(entry.gap && entry.seq > after && entry.seq <= out.seq));
    ctx.log = kept.concat(out.steps.filter((step) => !have.has(step.seq))).sort((a, b) => a.seq - b.seq);
    saveLog(tableId, ctx.seat, ctx.log);
    render();
  }

  async function loadReference() {
    try {
      ctx.reference = await api("GET", `/api/web/tables/${encodeURIComponent(tableId)}/reference`);
    } catch (err) {
      toast(err.message, "error");
    }
    render();
  }

  async function loadFinal() {
    ctx.final = { loading: true };
    try {
      ctx.final = await api("GET", `/api/web/tables/${encodeURIComponent(tableId)}/final`);
    } catch (err) {
      ctx.final = null;
      toast(err.message, "error");
    }
    render();
  }

  function onStatus(status, why) {
    ctx.status = status;
    if (status === "failed") {
      ctx.lastError = refusal(why || { code: "connection_failed", message: "" });
      if (why && ["auth_failed", "bad_seat"].includes(why.code) && ctx.seat !== null) forgetSeat(tableId, ctx.seat);
    }
    render();
  }

  async function leaveOrReturn(away) {
    try {
      const kind = away ? "leave" : "return";
      const out = await ctx.api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${ctx.seat}/${kind}`);
      ctx.table = out.table;
      render();
    } catch (err) {
      toast(refusal(err), "error");
    }
  }

  function header() {
    const table = ctx.table;
    const mine = ctx.seat !== null && table ? table.seats[ctx.seat] : null;
    return h(
      "header",
      { class: "table-head" },
      h("h1", { tabindex: -1 }, table ? gameTitle(table.game) : t("app.loading")),
      h(
        "span",
        { class: `conn ${ctx.status}`, id: "connection", title: t(`conn.${ctx.status}`) },
        t(`conn.${ctx.status}`),
      ),
      table && table.clock ? clockBadge(table.clock) : null,
      table && table.game_clock ? gameClockSetting(table) : null,
      continueButton(ctx),
      ctx.seat !== null ? soundToggle(render) : null,
      h("span", { class: "who" }, ctx.seat === null ? t("table.spectating") : t("table.youAre", { n: ctx.seat + 1, name: mine ? mine.name || "" : "" })),
      mine && !ctx.over && table.status === "playing"
        ? h(
            "button",
            { class: "small ghost", id: mine.away ? "return-seat" : "leave-seat", onclick: () => leaveOrReturn(!mine.away) },
            mine.away ? t("table.return") : t("table.leave"),
          )
        : null,
    );
  }

  /** The clock's setting, or while this seat decides, the seconds it has left. */
  function clockBadge(seconds) {
    if (ctx.deadline === null || ctx.over) {
      return h("span", { class: "clock", title: t("table.clockHelp") }, t("table.clock", { s: seconds }));
    }
    const badge = h("span", { class: "clock running", id: "clock-left", title: t("table.clockHelp"), role: "timer" });
    showLeft(badge);
    return badge;
  }

  function showLeft(badge, deadline = ctx.deadline, key = "table.clockLeft") {
    const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    badge.textContent = t(key, { s: left });
    badge.classList.toggle("urgent", left <= 5);
  }

  /** A seat's clock in the Players panel, for everyone: its seconds left while it
   * decides, and on a table with a time bank, the bank that is left after them. */
  function seatClock(seat) {
    if (ctx.table && ctx.table.game_clock) return seatGameClock(ctx, seat, ctx.over ? null : ctx.deadlines[seat]);
    const deadline = ctx.over ? null : ctx.deadlines[seat];
    if (deadline === null || deadline === undefined) return null;
    const badge = h("span", { class: "seat-clock running", id: `seat-clock-${seat}`, role: "timer", dataset: { seat } });
    showSeatLeft(badge, seat, deadline);
    return badge;
  }

  function bankLeft(seat) {
    const table = ctx.table;
    if (!table || !table.bank) return 0;
    return Math.max(0, table.bank - (table.seats[seat].bank_used || 0));
  }

  function showSeatLeft(badge, seat, deadline) {
    const bank = bankLeft(seat);
    if (!bank) return showLeft(badge, deadline, "table.seatClock");
    const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    const inBank = Math.min(left, Math.ceil(bank));
    badge.textContent = t("table.seatClockBank", { s: left - inBank, bank: inBank });
    badge.classList.toggle("urgent", left <= 5);
    return undefined;
  }

  // a countdown, not a re-render: the screen's inputs stay as the person left them
  const ticker = setInterval(() => {
    const badge = document.getElementById("clock-left");
    if (badge && ctx.deadline !== null) showLeft(badge);
    ctx.deadlines.forEach((deadline, seat) => {
      const mark = document.getElementById(`seat-clock-${seat}`);
      if (mark && deadline !== null) showSeatLeft(mark, seat, deadline);
    });
  }, 250);

  function seatsPanel() {
    const table = ctx.table;
    if (!table) return null;
    const deciding = new Set((ctx.view && ctx.view.deciding) || []);
    return h(
      "section",
      { class: "panel seats-panel" },
      h("h2", {}, t("table.players")),
      h(
        "ul",
        {},
        table.seats.map((s) =>
          h(
            "li",
            { class: `seat seat-${s.seat} ${deciding.has(s.seat) ? "deciding" : ""} ${s.seat === ctx.seat ? "me" : ""}` },
            seatDot(s.seat),
            h("span", { class: "seat-name" }, ctx.name(s.seat)),
            h(
              "span",
              { class: "seat-kind" },
              s.kind === "open" ? t("lobby.open") : s.kind === "reserved" ? t("table.reserved") : s.kind === "bot" ? t("table.bot") : s.away ? t("table.away") : t("table.human"),
            ),
            deciding.has(s.seat) && !ctx.over ? h("span", { class: "thinking" }, t("table.deciding")) : null,
            seatClock(s.seat),
            voteButton(ctx, s),
            ctx.view && ctx.module && ctx.module.seatInfo ? ctx.module.seatInfo(s.seat, ctx) : null,
          ),
        ),
      ),
    );
  }

  /** Before the first decision, while a seat is still open: who is seated, who is
   * missing and the links to share, in place of a board where every seat would be
   * "deciding…". The server's frame that fills the last seat brings the board. */
  function waitingRoom(table) {
    const missing = table.seats.filter((s) => s.kind === "open" || s.kind === "reserved");
    const seated = table.seats.filter((s) => s.kind !== "open" && s.kind !== "reserved");
    const watch = `${location.origin}${location.pathname}#/watch/${table.id}`;
    const seatLine = (s) =>
      h(
        "li",
        { class: `seat seat-${s.seat} ${s.seat === ctx.seat ? "me" : ""}`, dataset: { seat: s.seat } },
        seatDot(s.seat),
        h("span", { class: "seat-name" }, ctx.name(s.seat)),
      );
    const shareLine = (s) => {
      const invitation = invitationAt(table.id, s.seat);
      const query = invitation ? `?invite=${encodeURIComponent(invitation)}` : "";
      const url = `${location.origin}${location.pathname}#/join/${table.id}/${s.seat}${query}`;
      return h(
        "li",
        { class: `seat seat-${s.seat}`, dataset: { seat: s.seat } },
        seatDot(s.seat),
        h("span", { class: "seat-name" }, t("lobby.seatN", { n: s.seat + 1 })),
        " ",
        s.kind === "reserved"
          ? h("span", { class: "muted" }, t("table.reserved"))
          : table.private && !invitation
            ? h("span", { class: "muted" }, t("table.roomInvitation"))
            : h("a", { class: "share", href: url }, url),
      );
    };
    return h(
      "section",
      { class: "panel waiting-room", id: "waiting-room" },
      h("h2", {}, t("table.roomTitle")),
      h("p", {}, t("table.roomHint")),
      h("h3", {}, t("table.roomSeated", { n: seated.length })),
      h("ul", { class: "room-seated" }, seated.map(seatLine)),
      h("h3", {}, t("table.roomMissing", { n: missing.length })),
      keptSeats(ctx, missing.filter((s) => s.kind === "reserved")),
      h("ul", { class: "room-missing" }, missing.map(shareLine)),
      h("p", {}, t("table.roomWatch"), " ", h("a", { class: "share", id: "table-link", href: watch }, watch)),
    );
  }

  function logPanel() {
    const lines = [];
    for (const entry of ctx.log) {
      if (entry.gap) lines.push(h("li", { class: "gap", dataset: { seq: entry.seq } }, t("table.gap")));
      if (entry.timeout !== undefined) lines.push(timeoutLine(entry));
      if (entry.forced !== undefined) lines.push(forcedLine(entry));
      if (entry.vote !== undefined) lines.push(voteLine(ctx, entry));
      for (const ev of entry.events) {
        const text = ctx.module ? ctx.module.describe(ev, ctx) : null;
        if (text) lines.push(h("li", { class: `ev ${ev.type}`, dataset: { seq: entry.seq } }, text));
      }
    }
    // focusable, so a keyboard can scroll it; named by its heading
    const list = h("ol", { class: "log", id: "log", "aria-live": "polite", tabindex: 0, "aria-labelledby": "log-title" }, lines.slice(-200));
    requestAnimationFrame(() => {
      const shown = document.getElementById("log");
      if (shown) shown.scrollTop = shown.scrollHeight;
    });
    return h("section", { class: "panel log-panel" }, h("h2", { id: "log-title" }, t("table.log")), list);
  }

  /** "Bob's time ran out: an empty hand was put out for them." in every viewer's log. */
  function timeoutLine(entry) {
    const what = (ctx.module && ctx.module.timedOut && ctx.module.timedOut(entry.events, entry.timeout, ctx)) || t("table.timeoutFirst");
    const text =
      entry.timeout === ctx.seat ? t("table.timeoutMine", { what }) : t("table.timeout", { who: ctx.name(entry.timeout), what });
    return h("li", { class: "ev timeout", dataset: { seq: entry.seq, seat: entry.timeout } }, text);
  }

  /** "Only one choice was possible: … It was played for you." in this seat's log. */
  function forcedLine(entry) {
    const what = ctx.module && ctx.module.choiceText ? ctx.module.choiceText(entry.forced, ctx, ctx.seat) : entry.forced;
    return h("li", { class: "ev forced", dataset: { seq: entry.seq, action: entry.forced } }, t("table.forcedMine", { what }));
  }

  function endPanel() {
    if (!ctx.over) return null;
    const body =
      ctx.final && !ctx.final.loading && ctx.module
        ? ctx.module.final(ctx.final, ctx)
        : h("p", {}, t("app.loading"));
    return h(
      "section",
      { class: "panel final", id: "final" },
      h("h2", { id: "final-title", tabindex: -1 }, t("final.title")),
      body,
      h(
        "p",
        {},
        h(
          "a",
          { class: "button", id: "replay-link", href: `#/replay/${tableId}?viewer=${ctx.seat === null ? "spectator" : ctx.seat}` },
          t("final.replay"),
        ),
        " ",
        h("a", { class: "button ghost", href: "#/" }, t("final.lobby")),
      ),
      rematchPanel(ctx),
      reviewSection(ctx, render),
    );
  }

  function render() {
    // a request answered after the person left (chat, reference, final...) draws nothing
    if (closed) return;
    if (!ctx.table || !ctx.view || !ctx.module) {
      update(
        main,
        h("div", { class: "table-screen" }, header(), h("p", { class: "muted" }, ctx.lastError || t("app.connecting"))),
      );
      return;
    }
    keepFocus(main, () => draw(), focus, myTurn() ? ctx.decision : null);
    const turn = myTurn();
    if (turn && turnSaid !== ctx.decision) {
      turnSaid = ctx.decision;
      announce(t("table.yourTurn"));
    }
    turnAlert(ctx);
  }

  function myTurn() {
    const mine = ctx.seat !== null && ctx.table ? ctx.table.seats[ctx.seat] : null;
    return Boolean(mine && !mine.away && ctx.legal.length && !ctx.over && !ctx.busy);
  }

  function draw() {
    update(
      main,
      h(
        "div",
        { class: `table-screen game-${ctx.table.game}` },
        header(),
        ctx.lastError ? h("p", { class: "refused", role: "alert", id: "refused" }, ctx.lastError) : null,
        endPanel(),
        ctx.table.status === "waiting" && !ctx.over
          ? h("div", { class: "table-grid" }, waitingRoom(ctx.table), h("aside", { class: "side" }, chatPanel(ctx)))
          : h(
          "div",
          { class: "table-grid" },
          h("div", { class: "game-area" }, tutorialPanel(ctx), ctx.module.render(ctx)),
          h("aside", { class: "side" }, seatsPanel(), logPanel(), chatPanel(ctx)),
        ),
      ),
    );
  }

  if (!spectator && !held && seat !== undefined) {
    ctx.lastError = t("table.noSeat", { n: seat + 1 });
  }
  socket = new TableSocket(tableId, held ? { seat: held.seat, token: held.token } : null, {
    frame: onFrame,
    status: onStatus,
  });
  socket.connect();
  const unbindChat = bindChat(main, ctx);
  const onTab = (event) => trapTab(main, event);
  document.addEventListener("keydown", onTab);
  render();
  return {
    get game() {
      return ctx.table ? ctx.table.game : null;
    },
    close: () => {
      closed = true;
      clearInterval(ticker);
      unbindChat();
      document.removeEventListener("keydown", onTab);
      clearAlert();
      socket.close();
    },
    rerender: render,
  };
}

function seatName(ctx, s) {
  const table = ctx.table;
  if (ctx.module && ctx.module.holderName) {
    const special = ctx.module.holderName(s, ctx);
    if (special) return special;
  }
  const seat = table && table.seats[s];
  if (s === ctx.seat) return seat && seat.name ? t("table.youNamed", { name: seat.name }) : t("table.you");
  if (!seat) return t("lobby.seatN", { n: s + 1 });
  if (seat.kind === "bot") return t("table.botName", { n: s + 1, bot: botLabel(seat.bot) });
  if (seat.kind === "open") return t("lobby.seatN", { n: s + 1 });
  return seat.name;
}
