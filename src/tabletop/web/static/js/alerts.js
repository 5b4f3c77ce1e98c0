// Turn alerts: the tab's title says when this seat has a decision ("(Your turn)
// tabletop"), so a person in another tab sees it, and an optional short sound, made
// with WebAudio (nothing downloaded), plays when a new decision arrives. The sound is
// off until the person turns it on (browsers allow sound only after a click anyway).

import { h } from "./dom.js";
import { t } from "./i18n.js";

const SOUND_KEY = "tabletop.sound";
let audio = null; // one AudioContext, made on the click that turns the sound on
let wasTurn = false; // whether the last frame left this seat a decision

export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}

function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  if (on && !audio && window.AudioContext) audio = new AudioContext();
}

/** Two short rising tones (a tenth of a second each), quiet. */
export function chime() {
  if (!window.AudioContext) return;
  if (!audio) audio = new AudioContext();
  const now = audio.currentTime;
  [660, 880].forEach((freq, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    const start = now + i * 0.12;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.11);
    osc.connect(gain).connect(audio.destination);
    osc.start(start);
    osc.stop(start + 0.12);
  });
}

/** Whether this page's seat has a decision now (its own, not its bot's). */
export function myTurn(ctx) {
  const mine = ctx.seat !== null && ctx.table ? ctx.table.seats[ctx.seat] : null;
  return Boolean(mine && !mine.away && ctx.legal.length && !ctx.over);
}

/** After each frame: the tab title, and the sound when a turn begins (not after each
 * of the seat's own moves within one, where a seat makes several in a row). */
export function turnAlert(ctx) {
  const turn = myTurn(ctx);
  document.title = turn ? t("alert.title", { app: t("app.title") }) : t("app.title");
  if (turn && !wasTurn && soundOn()) chime();
  wasTurn = turn;
}

/** Back to the plain title (leaving the table). */
export function clearAlert() {
  document.title = t("app.title");
  wasTurn = false;
}

/** The header's sound switch. */
export function soundToggle(rerender) {
  const on = soundOn();
  return h(
    "button",
    {
      class: `small ghost sound ${on ? "on" : ""}`,
      id: "sound-toggle",
      type: "button",
      "aria-pressed": on ? "true" : "false",
      title: t("alert.soundHelp"),
      onclick: () => {
        setSound(!on);
        if (!on) chime(); // a sample, on the click that allows it
        rerender();
      },
    },
    on ? t("alert.soundOn") : t("alert.soundOff"),
  );
}
