// Code of Nine's tutorial: a fixed deal for four players, and the steps the table
// explains the first time each comes up (strings tutorial.code-of-nine.<step>).

import { deciding, logHas } from "/static/js/tutorial.js";

export const tutorial = {
  players: 4,
  seed: 11,
  steps: [
    { id: "cards", when: (ctx) => ["change", "assign"].includes(ctx.view.phase) && deciding(ctx) },
    { id: "placement", when: (ctx) => ctx.view.phase === "place" && deciding(ctx) },
    { id: "looks", when: (ctx) => logHas(ctx, "CardLooked") },
    { id: "scoring", when: (ctx) => ctx.over },
  ],
};
