// Building DOM nodes from data without innerHTML: every text goes in as a text node,
// so nothing a server or another player sends can become markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      listen(el, key.slice(2), value);
    } else if (key === "dataset") {
      for (const [name, data] of Object.entries(value)) if (data !== undefined && data !== null) el.dataset[name] = data;
    } else if (key === "text") {
      el.textContent = value;
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * Handlers live in `el._on` (event type -> function) behind one listener per type, so a
 * later render can rebind an element it keeps: a handler closes over the data of the
 * render that made it (the decision it answers), and a kept element must answer with
 * the newest render's, never an old decision's.
 */
function listen(el, type, handler) {
  if (!el._on) el._on = {};
  if (!(type in el._on)) el.addEventListener(type, dispatch);
  el._on[type] = handler;
  el._live = true; // its handlers hold this render's data: replaced whole when it differs
}

function dispatch(event) {
  const handler = this._on && this._on[event.type];
  if (handler) return handler.call(this, event);
  return undefined;
}

/** Give every element kept from `old` the handlers of its equal in `fresh`. */
function rebind(old, fresh) {
  if (old._on || fresh._on) {
    for (const type of Object.keys(old._on || {})) {
      if (!fresh._on || !(type in fresh._on)) old._on[type] = null;
    }
    for (const [type, handler] of Object.entries(fresh._on || {})) listen(old, type, handler);
  }
  const was = old.childNodes;
  const now = fresh.childNodes;
  for (let i = 0; i < now.length && i < was.length; i++) rebind(was[i], now[i]);
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child...). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as h. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replace everything inside `el` with `children`. */
export function mount(el, ...children) {
  el.replaceChildren();
  return fill(el, {}, children);
}

/**
 * Show `children` inside `el`, keeping every node that is already there and equal.
 *
 * Frames arrive while a person is clicking; re-creating the whole screen each time
 * would swap a button out from under the pointer. Equal nodes stay, their handlers
 * rebound to this render's; an element with event handlers is replaced whole when
 * anything in it differs; other elements get their attributes and children updated.
 * Controls of a decision also carry its id (`data-decision`), so a new decision never
 * looks equal to the last one.
 */
export function update(el, ...children) {
  morphChildren(el, fill(document.createElement(el.nodeName), {}, children));
  return el;
}

function morphChildren(old, fresh) {
  const was = [...old.childNodes];
  const now = [...fresh.childNodes];
  now.forEach((node, i) => {
    if (i < was.length) morph(was[i], node);
    else old.append(node);
  });
  for (const extra of was.slice(now.length)) extra.remove();
}

function morph(old, fresh) {
  if (old.isEqualNode(fresh)) {
    rebind(old, fresh); // it looks the same, but must act for this render's data
    return;
  }
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName || old._live || fresh._live) {
    old.replaceWith(fresh);
    return;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    old.nodeValue = fresh.nodeValue;
    return;
  }
  for (const attr of [...old.attributes]) {
    if (!fresh.hasAttribute(attr.name)) old.removeAttribute(attr.name);
  }
  for (const attr of fresh.attributes) {
    if (old.getAttribute(attr.name) !== attr.value) old.setAttribute(attr.name, attr.value);
  }
  morphChildren(old, fresh);
}

/** A seat's colour dot with its number on it (colour is never the only cue); hidden
 * from assistive technology, where the name beside it says who. */
export function seatDot(seat) {
  return h("span", { class: `dot p${seat}`, "aria-hidden": "true" }, String(seat + 1));
}

/** A line of key help ("Keys: [0]-[9] search pieces…") with each key, written between
 * [ and ] in the string, in a <kbd>. */
export function keysLine(text) {
  return text.split(/(\[[^\]]+\])/).map((part) => (part.startsWith("[") ? h("kbd", {}, part.slice(1, -1)) : part));
}

/** A short message at the bottom of the screen; errors stay longer. */
export function toast(message, kind = "info") {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" }, message);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 9000 : 4000);
}

/** A modal dialog with a title, a body and buttons; resolves with the chosen value. */
export function modal(title, body, buttons) {
  const dialog = document.getElementById("dialog");
  return new Promise((resolve) => {
    const close = (value) => {
      dialog.close();
      resolve(value);
    };
    mount(
      dialog,
      h("h2", { tabindex: -1, id: "dialog-title" }, title),
      h("div", { class: "dialog-body" }, body),
      h(
        "div",
        { class: "dialog-buttons" },
        buttons.map((b) => h("button", { class: b.class || "", onclick: () => close(b.value) }, b.label)),
      ),
    );
    dialog.onclose = () => resolve(undefined);
    dialog.showModal();
    dialog.querySelector("h2").focus(); // start at the top, not at the last button
  });
}

/**
 * The panel of a decision the table waits on (white colour, overflow, a location's
 * follow-up...): title, optional hint and content, one button per choice. It stays on
 * the page rather than in a modal, so each frame can redraw it in place. It is named by
 * its title (`kind`, optional, names the game's decision); the table's focus keeper (js/focus.js) focuses its first choice when it
 * opens (`data-autofocus`) and keeps Tab inside it (`aria-modal`).
 */
export function decisionPanel(title, hint, body, buttons, kind = undefined) {
  const first = buttons.find((b) => b instanceof Element && !b.disabled);
  if (first) first.dataset.autofocus = "";
  return h(
    "div",
    { class: "overlay" },
    h(
      "section",
      {
        class: "panel dialog-card decision",
        role: "dialog",
        "aria-modal": "true",
        id: "choice",
        "aria-labelledby": "choice-title",
        "aria-describedby": hint ? "choice-hint" : null,
        dataset: { kind }, // which of the game's decisions (tests tell screens apart by it)
      },
      h("h2", { id: "choice-title", tabindex: -1 }, title),
      hint ? h("p", { class: "hint", id: "choice-hint" }, hint) : null,
      body,
      h("div", { class: "choices" }, buttons),
    ),
  );
}
