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
heuristic's until another has named it more often. A rival that plays like none of
them (a random bot, another search) is modelled by whichever style comes closest: a
uniform declarer weighed against the styles by Bayes' rule, which modelled random rivals
as random, won 5.5 points less on the same 34 mixed fields of the generated population
(docs/bots/population-uniform.md), so it is not part of the model.
"""

from __future__ import annotations

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


class AdaptiveModel(HeuristicModel):
    """The heuristic model with each rival's declaring style fitted from its hands."""

    def __init__(
        self, game: Game, seat: int, horizon: int | None = None, bots: BotMaker | None = None
    ) -> None:
        super().__init__(game, seat, horizon, bots)
        self.hits: dict[int, list[int]] = {}
        """Per rival, how many of its opened hands each style named exactly."""
        self._asked: dict[tuple[int, int], dict[int, tuple[int, ...]]] = {}
        """(round, corridor's place in the round's reveals) -> each rival's declaration
        by style, waiting for the hands to open."""

    def start(self, view: Any, sample: State) -> None:
        super().start(view, sample)
        self._learn(view)
        s = _wicked(sample)
        if s.phase != P_SEARCH:
            return
        rivals = [
            p
            for p in range(s.num_players)
            if p != self.seat and s.b[p * STRIDE + MODE] == M_DECLARE
        ]
        self._asked[(view.round, len(view.reveals))] = {
            p: tuple(self.plan(s, p, a, sp) for a, sp in STYLES) for p in rivals
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
            for p, named in asked.items():
                row = self.hits.setdefault(p, [0] * len(STYLES))
                hand = hands[p]
                held = declare_id(hand.search, hand.witch, hand.soul)
                for i, action in enumerate(named):
                    row[i] += action == held

    def style(self, player: int) -> tuple[float, float]:
        row = self.hits.get(player)
        if player == self.seat or not row:
            return super().style(player)
        best = max(range(len(STYLES)), key=lambda i: (row[i], -i))
        return STYLES[best]
