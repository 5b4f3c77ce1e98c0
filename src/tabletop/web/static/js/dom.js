// Building DOM nodes from data without innerHTML: every text goes in as a text node,
// so nothing a server or another player sends can become markup.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
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
      h("h2", {}, title),
      h("div", { class: "dialog-body" }, body),
      h(
        "div",
        { class: "dialog-buttons" },
        buttons.map((b) => h("button", { class: b.class || "", onclick: () => close(b.value) }, b.label)),
      ),
    );
    dialog.onclose = () => resolve(undefined);
    dialog.showModal();
  });
}
