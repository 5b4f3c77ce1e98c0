// Goofspiel's tutorial: a fixed deal for two players (you against the heuristic bot),
// and the steps the table explains the first time each comes up
// (strings tutorial.goofspiel.<step>).

import { deciding, logHas } from "/static/js/tutorial.js";

export const tutorial = {
  players: 2,
  seed: 5,
  steps: [
    { id: "bidding", when: (ctx) => deciding(ctx) },
    { id: "outcome", when: (ctx) => logHas(ctx, "TurnResolved") },
    { id: "end", when: (ctx) => ctx.over },
  ],
};
