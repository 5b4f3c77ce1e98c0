"""``mcts:model=adaptive`` for The Wicked Labyrinth: rivals modelled as they declare.

The ``heuristic`` model (:mod:`tabletop.games.wicked_labyrinth.bots.priors`) declares for
every rival as the default heuristic bot would, so the search answers a bot it was told
it faces. This model fits each rival online instead, from what the seat sees: at each
of its declarations it asks what a family of heuristic declarers (the ``STYLES``:
aggression and spite, how much a declarer expects others to bid and how much it cares
to hurt them) would declare for every rival (a declaration depends only on public
things, so each style's answer is exact for that style), and once the hands are open
it counts, per rival, which styles named exactly the hand that rival held.
Every rival is then modelled with the style that named it best so far, the default
heuristic's until another has named it more often.

A rival that declares at random is no heuristic's at any setting, so it is not taken for
the closest style: the model weighs, per rival, a uniform declarer against the family of
styles by Bayes' rule (as Code of Nine's adaptive model does), and a rival the uniform
declarer explains better is modelled as one (the search draws its moves uniformly):

- a style names the declaration of a rival that declares like it with chance
  ``1 - MISS`` (a rival drawn from the population's ranges sits between the styles),
  and any other declaration with the rest spread evenly; a uniform declarer makes each
  of its legal declarations with the same chance;
- the family's likelihood is the mean of its styles' (each as likely beforehand), and
  the prior (``PRIOR_UNIFORM``) is mostly on the family: a rival is taken for a
  reasonable player until its hands say otherwise;
- a declaration with one legal choice says nothing and is not counted.

Against heuristic rivals the best style names almost every hand, so their weight of
uniform falls at once and the search is the old model's (the weight stayed under 0.02
for 24 rival-games of the tuned heuristic); against a random rival every style misses
most of its hands, and after two or three the uniform declarer is the likelier. On the
same 12 mixed fields of the generated population (48 games, evaluation seeds) the search
with it won 56.3% and was first in 11 fields, without it 59.4% and first in 7
(docs/bots/population-uniform.md: within noise in share, ahead in fields won).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tabletop.core.game import Game
from tabletop.core.knowledge import BotMaker
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth.actions import declare_id
from tabletop.games.wicked_labyrinth.board import MODE, STRIDE
from tabletop.games.wicked_labyrinth.bots.priors import HeuristicModel, _wicked
from tabletop.games.wicked_labyrinth.elements import M_DECLARE, P_SEARCH

STYLES: tuple[tuple[float, float], ...] = (
    (1.0, 0.3),  # the default heuristic: first, so it wins ties
    (1.6, 0.6),
    (1.6, 0.3),
    (1.3, 0.3),
    (0.6, 0.0),
    (0.8, 0.3),
    (1.0, 0.0),
    (2.4, 0.6),
)
"""(aggression, spite) of the declarers a rival is compared with."""

MISS = 0.2
"""Chance that a rival's closest style does not name its declaration exactly (calibrated
on four games of population heuristics, tuning seeds: the best style named 11-15 of
each one's 13-16 hands; a random rival's best style 3-7 of 13-14, most of them hands
with three choices or fewer)."""

PRIOR_UNIFORM = 0.1
"""What a rival is taken for, as a uniform declarer, before its hands open."""

Check = tuple[frozenset[int], int]
"""One opened hand of a rival: the styles (indices into ``STYLES``) that named it, and
how many legal declarations it had."""


def uniform_weight(
    checks: Sequence[Check], styles: int = len(STYLES), prior: float | None = None
) -> float:
    """The chance that a rival with these opened hands declares uniformly at random
    (Bayes' rule against the family of ``styles`` styles, each as likely beforehand;
    ``prior``: the uniform declarer's before any hand, by default ``PRIOR_UNIFORM``)."""
    before = PRIOR_UNIFORM if prior is None else prior
    logs = [0.0] * styles
    uniform = 0.0
    for named, choices in checks:
        if choices < 2:
            continue
        miss = math.log(MISS / (choices - 1))
        hit = math.log(1.0 - MISS)
        for i in range(styles):
            logs[i] += hit if i in named else miss
        uniform -= math.log(choices)
    top = max(*logs, uniform)
    family = (1.0 - before) * sum(math.exp(v - top) for v in logs) / styles
    alone = before * math.exp(uniform - top)
    return alone / (family + alone)


class AdaptiveModel(HeuristicModel):
    """The heuristic model with each rival's declaring style fitted from its hands."""

    def __init__(
        self, game: Game, seat: int, horizon: int | None = None, bots: BotMaker | None = None
    ) -> None:
        super().__init__(game, seat, horizon, bots)
        self.hits: dict[int, list[int]] = {}
        """Per rival, how many of its opened hands each style named exactly."""
        self.checks: dict[int, list[Check]] = {}
        """Per rival, each opened hand: the styles that named it, and its choices."""
        self._asked: dict[tuple[int, int], dict[int, tuple[tuple[int, ...], int]]] = {}
        """(round, corridor's place in the round's reveals) -> each rival's declaration
        by style and its number of legal declarations, waiting for the hands to open."""
        self._uniform: frozenset[int] = frozenset()
        """The rivals modelled as uniform declarers at this decision."""

    def start(self, view: Any, sample: State) -> None:
        super().start(view, sample)
        self._learn(view)
        self._uniform = frozenset(p for p in self.checks if self.uniform(p))
        s = _wicked(sample)
        if s.phase != P_SEARCH:
            return
        rivals = [
            p
            for p in range(s.num_players)
            if p != self.seat and s.b[p * STRIDE + MODE] == M_DECLARE
        ]
        self._asked[(view.round, len(view.reveals))] = {
            p: (
                tuple(self.plan(s, p, a, sp) for a, sp in STYLES),
                len(s.legal_action_ids_unchecked(p)),
            )
            for p in rivals
        }

    def _learn(self, view: Any) -> None:
        """Score the styles against every hand opened since they were asked."""
        for key in list(self._asked):
            rnd, place = key
            if rnd == view.round and len(view.reveals) <= place:
                continue  # not open yet
            asked = self._asked.pop(key)
            if rnd != view.round:
                continue  # the round ended before this seat saw them (its last corridor)
            hands = view.reveals[place]
            for p, (named, choices) in asked.items():
                row = self.hits.setdefault(p, [0] * len(STYLES))
                hand = hands[p]
                held = declare_id(hand.search, hand.witch, hand.soul)
                for i, action in enumerate(named):
                    row[i] += action == held
                hit = frozenset(i for i, action in enumerate(named) if action == held)
                self.checks.setdefault(p, []).append((hit, choices))

    def uniform(self, player: int) -> bool:
        """Whether ``player``'s hands so far make it likelier a uniform declarer than
        one of the styles."""
        return uniform_weight(self.checks.get(player, ())) > 0.5

    def policy(self, state: State, player: int) -> int | None:
        if player in self._uniform:
            return None  # the search plays a uniform legal move (and keeps it)
        return super().policy(state, player)

    def style(self, player: int) -> tuple[float, float]:
        row = self.hits.get(player)
        if player == self.seat or not row:
            return super().style(player)
        best = max(range(len(STYLES)), key=lambda i: (row[i], -i))
        return STYLES[best]
