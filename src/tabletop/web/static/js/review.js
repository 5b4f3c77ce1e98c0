// The game review on the final screen: the server computes a seat's review in the
// background (POST /api/tables/ID/review), this polls its progress and then shows the
// biggest mistakes first, each line in the reader's language as the server wrote it.

import { api } from "./api.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

const POLL_MS = 400;

/** The review part of the end panel for the seat this page holds (none for spectators). */
export function reviewSection(ctx, render) {
  if (ctx.seat === null) return null;
  const state = ctx.review || null;
  const url = `/api/tables/${encodeURIComponent(ctx.tableId)}/review?seat=${ctx.seat}`;

  async function poll() {
    try {
      ctx.review = await api("GET", url);
    } catch (err) {
      // another server process answered: it has no such job, so ask it to start one
      if (err.code === "no_review") return start();
      ctx.review = { status: "failed", error: err.message };
    }
    render();
    if (ctx.review.status === "running" && document.getElementById("review")) {
      setTimeout(poll, POLL_MS);
    }
  }

  async function start() {
    ctx.review = { status: "running", done: 0, total: null };
    render();
    try {
      ctx.review = await api("POST", url);
    } catch (err) {
      ctx.review = { status: "failed", error: err.message };
    }
    render();
    if (ctx.review.status === "running") setTimeout(poll, POLL_MS);
  }

  if (!state) {
    return h(
      "section",
      { id: "review", class: "review" },
      h("button", { class: "button", id: "review-button", onclick: start }, t("review.button")),
    );
  }
  if (state.status === "failed") {
    return h("section", { id: "review", class: "review" }, h("p", { class: "error", id: "review-error" }, state.error || ""));
  }
  if (state.status !== "done") {
    const known = state.total !== null && state.total !== undefined;
    return h(
      "section",
      { id: "review", class: "review", "aria-busy": "true" },
      h("p", {}, known ? t("review.running", { done: state.done, total: state.total }) : t("review.starting")),
      h("progress", { id: "review-progress", max: known ? state.total : 1, value: known ? state.done : 0 }),
    );
  }
  const review = state.review;
  const lang = language() === "ja" ? "ja" : "en";
  const items = review.mistakes.map((m) =>
    h("li", { class: "review-mistake", dataset: { step: m.step, gain: m.gain } }, m.lines[lang]),
  );
  return h(
    "section",
    { id: "review", class: "review" },
    h("h3", {}, t("review.title")),
    h("p", { class: "muted", id: "review-summary" }, t("review.summary", { appraised: review.appraised, mistakes: review.mistakes.length })),
    items.length ? h("ol", { id: "review-mistakes" }, items) : h("p", { id: "review-mistakes" }, t("review.none")),
  );
}
