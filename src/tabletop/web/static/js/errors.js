// Refused messages in words: the translated reason for the server's error code and,
// in English, the server's own explanation (which names the rule that refused it). The
// server explains in English only, so a page in another language shows its own text
// alone rather than half of it in English; the code's text says what to do.

import { language, t } from "./i18n.js";

/** A refused message in words: the translated reason (and the server's text in English,
 * unless `explain` is false: a refused move is worded by the page, since the server's
 * text names the rules' ids). */
export function refusal(error, explain = true) {
  const key = `error.code.${error.code}`;
  const headline = t(key) === key ? t("error.refusedGeneric") : t(key);
  const detail = explain && language() === "en" && error.message ? ` (${error.message})` : "";
  return `${headline}${detail}`;
}
