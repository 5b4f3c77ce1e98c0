// Refused messages in words: the translated reason for the server's error code and the
// server's own explanation (which names the rule that refused it).

import { t } from "./i18n.js";

/** A refused message in words: the translated reason and the server's own text. */
export function refusal(error) {
  const key = `error.code.${error.code}`;
  const headline = t(key) === key ? t("error.refusedGeneric") : t(key);
  return `${headline} ${error.message ? `(${error.message})` : ""}`.trim();
}
