// "Continue on another device": the seat's resume link (its secret in the fragment,
// which browsers never send to a server) as text and as a QR code, shown only on the
// page of the seat that holds the token. The code is drawn here, in the browser, so the
// secret goes nowhere; the vendored qrcode-generator computes the modules.

import qrcode from "../vendor/qrcode-generator/qrcode.mjs";
import { h, modal, s, toast } from "./dom.js";
import { t } from "./i18n.js";

/** The link that opens this seat on another device. */
export function resumeLink(tableId, seat, token) {
  const parts = [tableId, String(seat), token].map(encodeURIComponent).join("/");
  return `${location.origin}${location.pathname}#/resume/${parts}`;
}

/** An SVG QR code of `text` (dark modules as one path, a quiet zone of 4). */
export function qrSvg(text, id) {
  const code = qrcode(0, "M");
  code.addData(text);
  code.make();
  const n = code.getModuleCount();
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (code.isDark(r, c)) cells.push(`M${c + 4},${r + 4}h1v1h-1z`);
  }
  const size = n + 8;
  return s(
    "svg",
    { id, class: "qr", viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": t("continue.qrLabel"), "shape-rendering": "crispEdges" },
    s("rect", { width: size, height: size, fill: "#fff" }),
    s("path", { d: cells.join(""), fill: "#000" }),
  );
}

/** The header button of a seat's page, opening the dialog with its link and QR code. */
export function continueButton(ctx) {
  if (ctx.seat === null || !ctx.token) return null;
  return h(
    "button",
    { class: "small ghost", id: "continue-button", type: "button", onclick: () => showContinue(ctx) },
    t("continue.button"),
  );
}

function showContinue(ctx) {
  const link = resumeLink(ctx.tableId, ctx.seat, ctx.token);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast(t("lobby.copied"));
    } catch {
      toast(link);
    }
  };
  const body = h(
    "div",
    { class: "continue" },
    h("p", {}, t("continue.explain", { n: ctx.seat + 1 })),
    qrSvg(link, "resume-qr"),
    h("input", { id: "resume-link", readonly: true, value: link, "aria-label": t("continue.linkLabel") }),
    h("button", { class: "small", type: "button", onclick: copy }, t("lobby.copy")),
    h("p", { class: "muted" }, t("continue.secret")),
  );
  return modal(t("continue.title"), body, [{ label: t("dialog.close"), value: null }]);
}
