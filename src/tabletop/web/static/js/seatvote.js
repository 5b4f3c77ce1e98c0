// Voting a seat whose time keeps running out to a bot (docs/server.md, "Voting a silent
// seat to a bot"). The server says, in each seat's public description, how many
// decisions in a row its time ran out at (`timeouts`) and, once the others may vote,
// the votes so far and how many are needed; this page shows the button to the other
// people seated, sends the vote, and writes every vote in the log.

import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { refusal } from "./errors.js";

/** Whether this page's person may vote on seat `s` now (the server checks again). */
function mayVote(ctx, s) {
  const table = ctx.table;
  if (!table || ctx.seat === null || ctx.over || s.seat === ctx.seat || s.needed === undefined) return false;
  const mine = table.seats[ctx.seat];
  return mine.kind === "human" && !mine.away && s.kind === "human" && !s.away;
}

/** The "hand to a bot" button beside a seat the others may vote on, with the count. */
export function voteButton(ctx, s) {
  if (!mayVote(ctx, s)) return null;
  return h(
    "button",
    {
      class: "small ghost vote",
      id: `vote-${s.seat}`,
      title: t("vote.help", { n: s.timeouts }),
      onclick: () => castVote(ctx, s.seat),
    },
    t("vote.button", { votes: s.votes, needed: s.needed }),
  );
}

async function castVote(ctx, target) {
  try {
    const out = await ctx.api("POST", `/api/tables/${encodeURIComponent(ctx.table.id)}/seats/${ctx.seat}/vote`, { target });
    ctx.table = out.table;
    ctx.rerender();
  } catch (err) {
    toast(refusal(err), "error");
  }
}

/** A `vote` frame: a line in the log (kept with the log), and a word to the person
 * whose seat went to a bot. */
export function onVote(ctx, frame) {
  ctx.log.push({ seq: ctx.seq, events: [], vote: { seat: frame.seat, voter: frame.voter, votes: frame.votes, needed: frame.needed, handed: frame.handed } });
  if (frame.handed && frame.seat === ctx.seat) toast(t("vote.handedMine"), "error");
}

/** The log's line for a vote. */
export function voteLine(ctx, entry) {
  const vote = entry.vote;
  const words = { voter: ctx.name(vote.voter), who: ctx.name(vote.seat), votes: vote.votes, needed: vote.needed };
  const text = vote.handed ? (vote.seat === ctx.seat ? t("vote.handedMine") : t("vote.handed", words)) : t("vote.cast", words);
  return h("li", { class: "ev vote", dataset: { seq: entry.seq, seat: vote.seat } }, text);
}
