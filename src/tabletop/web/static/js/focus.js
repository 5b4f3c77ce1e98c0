// Focus that follows the game, for people who play by keyboard or with a screen reader.
//
// A frame redraws the table; an element with handlers that changed is replaced whole
// (dom.js `update`), and the focus on it would drop to <body>, so a keyboard player
// would Tab from the top after every move. The table draws through `keepFocus`: the
// element that had focus is found again in the new drawing by its stable key (its id,
// else its data attributes, never the decision's id) and focused. When a new decision
// of this seat arrives, focus moves to its start (the element marked `data-autofocus`:
// a dialog's first choice, the board's location, a panel's heading), unless the person
// is busy elsewhere (the chat). Dialogs (`aria-modal`) keep Tab inside them.
// `announce` puts a line in the page's `role=status` region (index.html).

/** The data attributes that name what an element is about (not which decision). */
const SKIP = new Set(["decision", "autofocus"]);

/** A selector that finds `el` again in a new drawing, or null (nothing stable). */
export function focusKey(el) {
  if (!el || el === document.body || !el.tagName) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const data = Object.entries(el.dataset).filter(([name]) => !SKIP.has(name));
  if (!data.length) return null;
  const attr = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return el.tagName.toLowerCase() + data.map(([name, value]) => `[data-${attr(name)}="${CSS.escape(value)}"]`).join("");
}

/** Focus the first of `candidates` (elements or selectors in `root`) that takes it. */
export function focusFirst(root, candidates) {
  for (const candidate of candidates) {
    const el = typeof candidate === "string" ? root.querySelector(candidate) : candidate;
    if (!el) continue;
    el.focus({ preventScroll: !isOffScreen(el) });
    if (document.activeElement === el) return el;
  }
  return null;
}

function isOffScreen(el) {
  const box = el.getBoundingClientRect();
  return box.bottom < 0 || box.top > window.innerHeight;
}

/** Whether focus is lost (on <body>) or inside `area` (where a new decision may take it). */
function movable(area) {
  const active = document.activeElement;
  return !active || active === document.body || Boolean(area && area.contains(active));
}

/**
 * Draw with `draw()` inside `root` keeping the focus where the person had it; when
 * `decision` is a new decision of theirs, move focus to its start. Focus never stays on
 * <body> once a screen has been played on: at the end it goes to the final scores'
 * heading, else the status line (#turn), else the table's title.
 */
export function keepFocus(root, draw, state, decision) {
  const before = document.activeElement;
  const hadFocus = before && before !== document.body && root.contains(before);
  const key = hadFocus ? focusKey(before) : null;
  draw();
  const area = root.querySelector(".game-area");
  if (decision !== null && decision !== undefined && decision !== state.decision) {
    state.decision = decision; // once per decision: Tab within it is the person's own
    if (movable(area) && focusFirst(root, ["[data-autofocus]:not(:disabled)", "#choice-title", "#turn"])) {
      state.played = true;
      return;
    }
  }
  if (document.activeElement && document.activeElement !== document.body) return;
  if (!hadFocus && !state.played) return; // the person never focused the table: leave them be
  state.played = true;
  const again = key ? root.querySelector(key) : null;
  focusFirst(root, [again, "[data-autofocus]:not(:disabled)", "#choice-title", "#final-title", "#turn", "h1"]);
}

/** Keep Tab and Shift+Tab inside an open `aria-modal` dialog of `root`. */
export function trapTab(root, event) {
  if (event.key !== "Tab") return;
  const dialog = root.querySelector("[aria-modal='true']");
  if (!dialog) return;
  const stops = [...dialog.querySelectorAll("button, [href], input, select, textarea, [tabindex]")].filter(
    (el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length,
  );
  if (!stops.length) return;
  const first = stops[0];
  const last = stops[stops.length - 1];
  const inside = dialog.contains(document.activeElement);
  if (!inside || (event.shiftKey && document.activeElement === first) || (!event.shiftKey && document.activeElement === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/**
 * Arrow keys inside a composite control (roving tabindex): `items` are its elements in
 * order; the one with focus moves to the next (→ ↓), the previous (← ↑), the first
 * (Home) or the last (End). `columns` > 1 makes ↑ ↓ move by a row. Returns the element
 * moved to (the caller remembers it, so the next drawing gives it tabindex 0), or null.
 */
export function roveKey(event, items, columns = 1) {
  const i = items.indexOf(event.target.closest("[data-rove]"));
  if (i < 0) return null;
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
  let next;
  if (event.key in step) next = Math.max(0, Math.min(items.length - 1, i + step[event.key]));
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = items.length - 1;
  else return null;
  event.preventDefault();
  items.forEach((el, j) => el.setAttribute("tabindex", j === next ? "0" : "-1"));
  items[next].focus();
  return items[next];
}

let said = []; // lines given in this frame, said together on the next

/** Say `text` through the page's status region (screen readers read it once); lines
 * given in one frame (a reveal and "Your turn") are said together, in order. */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  said.push(text);
  if (said.length > 1) return;
  // the same words twice in a row are still news: clear, then set on the next frame
  region.textContent = "";
  requestAnimationFrame(() => {
    region.textContent = said.join(" ");
    said = [];
  });
}
