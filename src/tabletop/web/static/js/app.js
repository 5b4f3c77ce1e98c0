// The client's entry point: language, top bar, and the hash routes
//   #/                      lobby
//   #/join/ID/SEAT[?invite=SECRET]  take an open seat (a private table's by invitation)
//   #/table/ID[?seat=N]     play (with a seat this browser holds) or watch
//   #/watch/ID              watch as a spectator
//   #/replay/ID[?viewer=N]  replay a finished game
//   #/resume/ID/SEAT/TOKEN  a resume link: stores the token, then opens the table

import { h, mount } from "./dom.js";
import { LANGUAGES, initI18n, language, onLanguage, setLanguage, t } from "./i18n.js";
import { showLobby, showJoin } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { saveSeat } from "./seats.js";
import { showRules } from "./rules.js";
import { loadGames } from "./games/index.js";

let current = null; // the screen shown: {close(), rerender()}

const PALETTE_KEY = "tabletop.palette";

/** The colour palette: "safe" (colour-blind safe, Okabe and Ito) or the default; the
 * choice is this browser's, kept in localStorage, and set on <html data-palette>. */
function palette() {
  return localStorage.getItem(PALETTE_KEY) === "safe" ? "safe" : "default";
}

function applyPalette() {
  document.documentElement.dataset.palette = palette();
}

function parse() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query] = raw.split("?");
  return { parts: path.split("/").filter(Boolean).map(decodeURIComponent), query: new URLSearchParams(query || "") };
}

function route() {
  if (current && current.close) current.close();
  current = null;
  const main = document.getElementById("main");
  const { parts, query } = parse();
  const [page, id, arg, token] = parts;
  if (page === "resume" && id && arg && token) {
    saveSeat(id, Number(arg), token, "");
    history.replaceState(null, "", `#/table/${encodeURIComponent(id)}?seat=${Number(arg)}`);
    return route();
  }
  if (page === "join" && id && arg !== undefined) current = showJoin(main, id, Number(arg), query.get("invite"));
  else if (page === "table" && id) {
    const seat = query.has("seat") ? Number(query.get("seat")) : undefined;
    current = showTable(main, id, { seat });
  } else if (page === "watch" && id) current = showTable(main, id, { spectator: true });
  else if (page === "replay" && id) current = showReplay(main, id, query.get("viewer") || "spectator");
  else current = showLobby(main);
}

function topBar() {
  const select = h(
    "select",
    { id: "lang", "aria-label": "language", onchange: (e) => setLanguage(e.target.value) },
    Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === language() }, name)),
  );
  mount(
    document.getElementById("topbar"),
    h("a", { href: "#/", class: "brand" }, h("img", { src: "/static/img/icon.svg", alt: "" }), t("app.title")),
    h(
      "nav",
      {},
      h("button", { id: "rules-button", class: "ghost", onclick: () => showRules(current && current.game) }, t("app.rules")),
      h(
        "button",
        {
          id: "palette-toggle",
          class: "ghost",
          type: "button",
          "aria-pressed": palette() === "safe" ? "true" : "false",
          title: t("app.paletteHelp"),
          onclick: () => {
            localStorage.setItem(PALETTE_KEY, palette() === "safe" ? "default" : "safe");
            applyPalette();
            topBar();
            document.getElementById("palette-toggle").focus(); // redrawn: keep the person on it
          },
        },
        t("app.palette"),
      ),
      select,
    ),
  );
}

async function start() {
  applyPalette();
  await Promise.all([initI18n(), loadGames()]);
  topBar();
  onLanguage(() => {
    topBar();
    if (current && current.rerender) current.rerender();
    else route();
  });
  window.addEventListener("hashchange", route);
  route();
}

start();
