// The lobby: create a table (game, players, options, seats), share its links, and
// see recent tables to join or watch. Also the join screen for an open seat's link.

import { api, ApiError } from "./api.js";
import { h, mount, toast } from "./dom.js";
import { botLabel, language, t } from "./i18n.js";
import { refusal } from "./errors.js";
import { keepInvitations, saveSeat, seatAt, seatsAt } from "./seats.js";
import { gameTitle } from "./games/index.js";
import { learnPanel, startTutorial } from "./tutorial.js";
import { gameClockFields, readGameClock } from "./gameclock.js";

function link(path) {
  return `${location.origin}${location.pathname}#${path}`;
}

function copyButton(text) {
  return h(
    "button",
    {
      class: "small ghost",
      type: "button",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(text);
          toast(t("lobby.copied"));
        } catch {
          toast(text);
        }
      },
    },
    t("lobby.copy"),
  );
}

/** Read a card file the user picked: JSON here, TOML through the server's parser. */
async function readDataFile(file) {
  const text = await file.text();
  if (file.name.toLowerCase().endsWith(".json")) {
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new ApiError(422, "bad_file", t("lobby.badJson", { file: file.name, problem: err.message }));
    }
  }
  return api("POST", "/api/web/data-file", { name: file.name, text });
}

/** A level's strength as the level ladder measured it (the server's `measured`):
 * its win share one against three of the level below, the 95% interval, the games. */
function measuredParams(measured) {
  const percent = (x) => (100 * x).toFixed(1);
  return {
    rate: percent(measured.rate),
    low: percent(measured.low),
    high: percent(measured.high),
    games: measured.games,
    lower: t(`level.${measured.against}`),
  };
}

/** A seat's choice: open, or each of the game's bots at the levels the server names,
 * a level with its measured strength. */
function seatRow(index, game) {
  const bots = game.bots;
  const choices = [h("option", { value: "open" }, t("lobby.seatOpen"))];
  const levelOf = Object.fromEntries((game.difficulty || []).map((d) => [d.spec, d]));
  for (const bot of bots) {
    for (const spec of game.levels[bot]) {
      const level = levelOf[spec];
      const named = level && { level: t(`level.${level.level}`), bot: botLabel(spec) };
      let label = t("lobby.seatBot", { bot: botLabel(spec) });
      if (level?.measured) label = t("lobby.seatLevelMeasured", { ...named, ...measuredParams(level.measured) });
      else if (level) label = t("lobby.seatLevel", named);
      choices.push(h("option", { value: spec }, label));
    }
  }
  const select = h("select", { name: `seat${index}`, "aria-label": t("lobby.seatN", { n: index + 1 }) }, choices);
  if (index >= 2 && bots.includes("random")) select.value = "random";
  return h("label", { class: "seat-choice" }, h("span", {}, t("lobby.seatN", { n: index + 1 })), select);
}

function optionField(game, option) {
  const help = t(`option.${game.name}.${option.name}`);
  if (option.types.includes("bool")) {
    return h(
      "label",
      { class: "check" },
      h("input", { type: "checkbox", name: `opt:${option.name}`, checked: option.default === true }),
      help,
    );
  }
  if (option.types.includes("dict")) {
    return h(
      "label",
      { class: "file" },
      h("span", {}, help),
      h("input", { type: "file", name: `file:${option.name}`, accept: ".toml,.json" }),
    );
  }
  if (option.types.includes("int") || option.types.includes("str")) {
    // a number or a word (e.g. how many cards, in what order): the game checks it
    const number = option.types.includes("int");
    return h(
      "label",
      { class: "value" },
      h("span", {}, help),
      h("input", {
        type: number ? "number" : "text",
        name: `val:${option.name}`,
        value: option.default === null ? "" : String(option.default),
        ...(number ? { step: "1", inputmode: "numeric" } : { spellcheck: "false" }),
      }),
    );
  }
  return null;
}

function createForm(games, onCreated) {
  const form = h("form", { class: "panel create", id: "create-form" });
  const gameSelect = h(
    "select",
    { name: "game", id: "game" },
    games.map((g) => h("option", { value: g.name }, gameTitle(g.name, g.title))),
  );
  const playersSelect = h("select", { name: "players", id: "players" });
  const seats = h("div", { class: "seats" });
  const options = h("div", { class: "options" });
  const current = () => games.find((g) => g.name === gameSelect.value);

  function refreshSeats() {
    const game = current();
    const n = Number(playersSelect.value);
    mount(seats, Array.from({ length: n }, (_, i) => seatRow(i, game)));
  }
  // A research configuration's options (smaller games for game-theory methods) are
  // not the published game: the API takes them, the lobby does not offer them.
  const offered = (game) => game.options.filter((o) => !o.research);
  function refreshGame() {
    const game = current();
    mount(playersSelect, game.player_counts.map((n) => h("option", { value: n }, String(n))));
    playersSelect.value = String(game.player_counts.includes(4) ? 4 : game.player_counts[0]);
    mount(options, offered(game).map((o) => optionField(game, o)));
    refreshSeats();
  }
  gameSelect.addEventListener("change", refreshGame);
  playersSelect.addEventListener("change", refreshSeats);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = current();
    const data = new FormData(form);
    const body = { game: game.name, players: Number(playersSelect.value), options: {}, seats: [] };
    try {
      for (const o of offered(game)) {
        if (o.types.includes("bool")) body.options[o.name] = data.get(`opt:${o.name}`) === "on";
        const value = String(data.get(`val:${o.name}`) ?? "").trim();
        if (!o.types.includes("dict") && value !== "" && value !== String(o.default)) {
          body.options[o.name] = o.types.includes("int") ? Number(value) : value;
        }
        const file = data.get(`file:${o.name}`);
        if (file && file.size) body.options[o.name] = await readDataFile(file);
      }
      for (let i = 0; i < body.players; i++) {
        const spec = data.get(`seat${i}`);
        body.seats.push(spec === "open" ? { type: "open" } : { type: "bot", bot: spec });
      }
      const seed = String(data.get("seed") || "").trim();
      if (seed) body.seed = Number(seed);
      const clock = String(data.get("clock") || "").trim();
      if (clock) body.clock = Number(clock);
      const bank = String(data.get("bank") || "").trim();
      if (bank) body.bank = Number(bank);
      readGameClock(data, body);
      body.private = data.get("private") === "on";
      const created = await api("POST", "/api/tables", body);
      onCreated(created.table, created.invitations);
    } catch (err) {
      toast(t("error.refused", { message: err.message }), "error");
    }
  });

  mount(
    form,
    h("h2", {}, t("lobby.newTable")),
    h("label", {}, h("span", {}, t("lobby.game")), gameSelect),
    h("label", {}, h("span", {}, t("lobby.players")), playersSelect),
    options,
    h("fieldset", {}, h("legend", {}, t("lobby.seats")), seats),
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "private", id: "private" }), t("lobby.private")),
    h(
      "details",
      {},
      h("summary", {}, t("lobby.more")),
      h("label", {}, h("span", {}, t("lobby.seed")), h("input", { name: "seed", type: "number", min: 0, inputmode: "numeric" })),
      h("label", {}, h("span", {}, t("lobby.clock")), h("input", { name: "clock", type: "number", min: 1, step: "any" })),
      h("label", {}, h("span", {}, t("lobby.bank")), h("input", { name: "bank", type: "number", min: 0, step: "any" })),
      gameClockFields(),
    ),
    h("button", { type: "submit", class: "primary", id: "create" }, t("lobby.create")),
  );
  refreshGame();
  return form;
}

/** A table with no seat for a person: the server's bots play it by themselves. */
function allBots(table) {
  return table.seats.every((s) => s.kind === "bot");
}

/** The new table's seat links; a private table's carry each seat's invitation. */
function tableLinks(table, invitations) {
  const invite = new Map((invitations || []).map((i) => [i.seat, i.invitation]));
  const rows = table.seats.map((seat) => {
    const who = seat.kind === "open" ? t("lobby.open") : seat.kind === "bot" ? botLabel(seat.bot) : seat.name;
    const query = invite.has(seat.seat) ? `?invite=${encodeURIComponent(invite.get(seat.seat))}` : "";
    const path = `/join/${table.id}/${seat.seat}${query}`;
    const url = link(path);
    return h(
      "li",
      { class: `seat-link ${seat.kind}` },
      h("span", { class: "seat-name" }, t("lobby.seatN", { n: seat.seat + 1 }), ": ", who),
      seat.kind === "open"
        ? [
            h("a", { href: `#${path}`, class: "button small", dataset: { seat: seat.seat } }, t("lobby.takeSeat")),
            copyButton(url),
          ]
        : null,
    );
  });
  const watch = link(`/watch/${table.id}`);
  return h(
    "section",
    { class: "panel created", id: "created" },
    h("h2", {}, t("lobby.tableReady", { game: gameTitle(table.game) })),
    h("p", {}, t(allBots(table) ? "lobby.botsOnlyCreated" : table.private ? "lobby.sharePrivateLinks" : "lobby.shareLinks")),
    h("ul", { class: "links" }, rows),
    h("p", {}, t("lobby.spectatorLink"), " ", h("a", { href: `#/watch/${table.id}` }, watch), " ", copyButton(watch)),
  );
}

/** How long ago `created` (seconds since the epoch) was, in the page's language. */
export function age(created, now = Date.now() / 1000) {
  const seconds = Math.max(0, now - created);
  const format = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  if (seconds < 60) return format.format(-Math.floor(seconds), "second");
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86400) return format.format(-Math.floor(seconds / 3600), "hour");
  return format.format(-Math.floor(seconds / 86400), "day");
}

function seatLabel(seat) {
  if (seat.kind === "open") return t("lobby.open");
  if (seat.kind === "reserved") return t("lobby.keptFor", { name: seat.name || "" });
  if (seat.kind === "bot") return t("lobby.seatBot", { bot: botLabel(seat.bot) });
  return seat.away ? t("lobby.awayName", { name: seat.name || "" }) : seat.name || "";
}

function tableList(tables) {
  if (!tables.length) return h("p", { class: "muted" }, t("lobby.noTables"));
  return h(
    "ul",
    { class: "table-list" },
    tables.map((table) => {
      const open = table.seats.filter((s) => s.kind === "open");
      const mine = seatsAt(table.id);
      const bots = allBots(table);
      return h(
        "li",
        { class: `table-row ${table.status}`, dataset: { id: table.id } },
        h(
          "div",
          { class: "row-head" },
          h("strong", {}, gameTitle(table.game)),
          bots ? h("span", { class: "badge bots-only" }, t("lobby.botsOnly")) : null,
          h("span", { class: `status ${table.status}` }, t(`status.${table.status}`)),
          table.created ? h("span", { class: "age muted" }, age(table.created)) : null,
        ),
        h(
          "ol",
          { class: "row-seats", "aria-label": t("lobby.seats") },
          table.seats.map((seat) => h("li", { class: `seat-${seat.kind}` }, seatLabel(seat))),
        ),
        h(
          "span",
          { class: "row-actions" },
          mine.length ? h("a", { class: "button small primary", href: `#/table/${table.id}?seat=${mine[0].seat}` }, t("lobby.resume")) : null,
          open.length && !mine.length
            ? h("a", { class: "button small", href: `#/join/${table.id}/${open[0].seat}` }, t("lobby.join"))
            : null,
          table.status === "over"
            ? h("a", { class: "button small ghost", href: `#/replay/${table.id}` }, t("lobby.replay"))
            : h("a", { class: "button small ghost", href: `#/watch/${table.id}` }, t("lobby.watch")),
        ),
      );
    }),
  );
}

async function tutorial(game) {
  try {
    const name = localStorage.getItem("tabletop.name") || t("tutorial.you");
    const id = await startTutorial(game, name);
    location.hash = `#/table/${encodeURIComponent(id)}?seat=0`;
  } catch (err) {
    toast(refusal(err), "error");
  }
}

export function showLobby(main) {
  let games = [];
  let created = null;
  let invitations = [];
  let tables = []; // the lobby's first page, asked for again every 5 s
  let older = []; // the pages asked for with "Older tables", kept meanwhile
  let cursor = null; // the server's `next`: where the next page starts
  let timer = null;

  let form = null; // built once per language, so a new table keeps the form's choices

  function render() {
    if (!form && games.length) form = createForm(games, onCreated);
    mount(
      main,
      h(
        "div",
        { class: "lobby" },
        h("section", { class: "intro" }, h("h1", {}, t("lobby.title")), h("p", {}, t("lobby.intro"))),
        learnPanel(gameTitle, tutorial),
        form || h("p", {}, t("app.loading")),
        created ? tableLinks(created, invitations) : null,
        h("section", { class: "panel tables" }, tablesSection()),
      ),
    );
  }
  function tablesSection() {
    const first = new Set(tables.map((table) => table.id));
    return [
      h("h2", {}, t("lobby.recent")),
      tableList(tables.concat(older.filter((table) => !first.has(table.id)))),
      cursor ? h("button", { class: "small ghost", id: "lobby-older", type: "button", onclick: loadOlder }, t("lobby.older")) : null,
    ];
  }
  async function loadOlder() {
    try {
      const page = await api("GET", `/api/tables?before=${encodeURIComponent(cursor)}`);
      older = older.concat(page.tables);
      cursor = page.next;
      const list = main.querySelector(".tables");
      if (list) mount(list, tablesSection());
    } catch (err) {
      toast(refusal(err), "error");
    }
  }
  function onCreated(table, invites) {
    created = table;
    invitations = invites || [];
    keepInvitations(table.id, invitations);
    render();
    document.getElementById("created").scrollIntoView({ behavior: "smooth" });
    refresh();
  }
  async function refresh() {
    try {
      const page = await api("GET", "/api/tables");
      tables = page.tables;
      if (!older.length) cursor = page.next;
      const list = main.querySelector(".tables");
      if (list) mount(list, tablesSection());
    } catch (err) {
      toast(err.message, "error");
    }
  }
  (async () => {
    try {
      games = await api("GET", "/api/games");
    } catch (err) {
      toast(err.message, "error");
    }
    render();
    refresh();
  })();
  timer = setInterval(refresh, 5000);
  return {
    game: null,
    close: () => clearInterval(timer),
    rerender: () => {
      form = null;
      render();
    },
  };
}

export function showJoin(main, tableId, seat, invitation) {
  if (seatAt(tableId, seat)) {
    // this browser holds the seat (back button, an old link): its table, not the form
    location.replace(`#/table/${encodeURIComponent(tableId)}?seat=${seat}`);
    return { game: null };
  }
  const name = h("input", {
    id: "player-name",
    name: "name",
    required: true,
    maxlength: 64,
    value: localStorage.getItem("tabletop.name") || "",
    autocomplete: "nickname",
  });
  async function join(event) {
    event.preventDefault();
    const who = name.value.trim();
    if (!who) return;
    try {
      const body = invitation ? { name: who, invitation } : { name: who };
      const joined = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/join`, body);
      localStorage.setItem("tabletop.name", who);
      saveSeat(tableId, seat, joined.token, who);
      // in place of the form: Back then leads to where the person came from
      location.replace(`#/table/${encodeURIComponent(tableId)}?seat=${seat}`);
    } catch (err) {
      toast(t("error.joinFailed", { message: refusal(err) }), "error");
    }
  }
  function render() {
    mount(
      main,
      h(
        "form",
        { class: "panel join", onsubmit: join },
        h("h1", {}, t("join.title", { n: seat + 1 })),
        h("label", {}, h("span", {}, t("join.name")), name),
        h("button", { type: "submit", class: "primary", id: "join" }, t("join.button")),
        h("p", { class: "muted" }, h("a", { href: `#/watch/${encodeURIComponent(tableId)}` }, t("join.watchInstead"))),
      ),
    );
    name.focus();
  }
  render();
  return { game: null, rerender: render };
}
