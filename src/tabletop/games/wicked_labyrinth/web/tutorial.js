// The Labyrinth's tutorial: a fixed deal for three players, and the steps the table
// explains the first time each comes up (strings tutorial.wicked-labyrinth.<step>).

import { deciding, logHas } from "/static/js/tutorial.js";

export const tutorial = {
  players: 3,
  seed: 7,
  steps: [
    { id: "declaration", when: (ctx) => ctx.view.phase === "search" && deciding(ctx) },
    { id: "ranking", when: (ctx) => logHas(ctx, "CorridorRanked") },
    { id: "processing", when: (ctx) => ctx.view.phase === "soul_processing" && deciding(ctx) },
  ],
};
