// The table's chat: the history from the server when the page opens (so a reload, or a
// server restart, shows it), each new message from a "chat" frame, and, for a seat, a
// one-line box to write in. Messages are shown as text nodes (h()), never as markup.
// Refusals (too long, too fast) are shown under the box, and the text stays in it.

import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { refusal } from "./errors.js";

const KEEP = 200;
export const MAX_CHARS = 280; // the server's limit (tabletop.server.chat.MAX_CHARS)

export function chatState() {
  return { messages: [], error: null, scrolledTo: 0 };
}

/** Add messages (from the history or a frame), in id order, each once. */
export function addMessages(ctx, list) {
  const byId = new Map(ctx.chat.messages.map((m) => [m.id, m]));
  for (const m of list) byId.set(m.id, m);
  ctx.chat.messages = [...byId.values()].sort((a, b) => a.id - b.id).slice(-KEEP);
}

/** Ask the server for the messages this page has not seen (after a (re)connection). */
export async function loadChat(ctx) {
  const list = ctx.chat.messages;
  const after = list.length ? list[list.length - 1].id : 0;
  try {
    const out = await ctx.api("GET", `/api/tables/${encodeURIComponent(ctx.tableId)}/chat?after=${after}`);
    addMessages(ctx, out.messages);
    ctx.rerender();
  } catch (err) {
    toast(refusal(err), "error");
  }
}

async function send(ctx, input) {
  const text = input.value;
  if (!text.trim()) return;
  try {
    const out = await ctx.api("POST", `/api/tables/${encodeURIComponent(ctx.tableId)}/seats/${ctx.seat}/chat`, { text });
    input.value = "";
    ctx.chat.error = null;
    addMessages(ctx, [out.message]);
  } catch (err) {
    ctx.chat.error = refusal(err);
    toast(ctx.chat.error, "error");
  }
  ctx.rerender();
}

/** Listen for the chat form's submissions inside `root` (one listener for the page's
 * life: the form itself is redrawn with every frame and holds no handler, so the
 * text being typed stays). Returns the function that stops listening. */
export function bindChat(root, ctx) {
  const onSubmit = (event) => {
    if (event.target.id !== "chat-form") return;
    event.preventDefault();
    send(ctx, event.target.querySelector("#chat-input"));
  };
  root.addEventListener("submit", onSubmit);
  return () => root.removeEventListener("submit", onSubmit);
}

function who(ctx, m) {
  if (m.seat === ctx.seat) return t("table.you");
  return m.name || t("lobby.seatN", { n: m.seat + 1 });
}

export function chatPanel(ctx) {
  const lines = ctx.chat.messages.map((m) =>
    h(
      "li",
      { class: `chat-msg p${m.seat} ${m.seat === ctx.seat ? "mine" : ""}`, dataset: { id: m.id } },
      h("span", { class: "chat-time" }, new Date(m.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })),
      " ",
      h("span", { class: `chat-who p${m.seat}` }, who(ctx, m)),
      ": ",
      h("span", { class: "chat-text" }, m.text),
    ),
  );
  const last = lines.length ? ctx.chat.messages[ctx.chat.messages.length - 1].id : 0;
  if (last !== ctx.chat.scrolledTo) {
    // down to a new message; otherwise leave the reader where they scrolled to
    ctx.chat.scrolledTo = last;
    requestAnimationFrame(() => {
      const shown = document.getElementById("chat-log");
      if (shown) shown.scrollTop = shown.scrollHeight;
    });
  }
  const form =
    ctx.seat !== null
      ? h(
          "form",
          { id: "chat-form", class: "chat-form", autocomplete: "off" },
          h("input", {
            id: "chat-input",
            name: "text",
            maxlength: MAX_CHARS,
            placeholder: t("chat.placeholder"),
            "aria-label": t("chat.placeholder"),
          }),
          h("button", { type: "submit", class: "small", id: "chat-send" }, t("chat.send")),
        )
      : h("p", { class: "muted" }, t("chat.spectators"));
  return h(
    "section",
    { class: "panel chat-panel", id: "chat" },
    h("h2", {}, t("chat.title")),
    lines.length ? h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite" }, lines) : h("p", { class: "muted", id: "chat-empty" }, t("chat.none")),
    form,
    ctx.chat.error ? h("p", { class: "refused", id: "chat-error", role: "alert" }, ctx.chat.error) : null,
  );
}
