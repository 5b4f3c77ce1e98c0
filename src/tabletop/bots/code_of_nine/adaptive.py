"""``mcts:model=adaptive`` for Code of Nine: each rival modelled as it has placed so far.

The ``heuristic`` model (:mod:`tabletop.bots.code_of_nine.priors`) has every rival
decide as the default heuristic bot would, so the search answers the bot it was told
it faces. This model does not assume that. Each rival is a mixture of two players: the
heuristic (a competent player deciding from its own view of the sampled state), with
weight ``share``, and a player choosing uniformly at random. ``share`` is fitted
online, per rival, from its own placements (public: a pawn on a location):

- at each of its placements the seat remembers its view and a sampled state;
- at its next placement in the same round it replays what happened in between on that
  sample: its own placement and every rival's, as the new pawns on the board show them
  (the follow-up choices, which the board does not show as plainly, as the heuristic
  would make them), and before each rival's it asks the heuristic what that rival
  would place. Whether that names the location the rival did take is one check;
- a rival that plays like the heuristic is named about ``NAMED`` of the time (the
  heuristic model names 66% of heuristic rivals' moves from a sample of the seat's
  view, docs/arena.md), a uniform one one time in the number of its choices; the
  most likely ``share`` on a grid (prior density proportional to ``share``, so a
  rival is taken for the heuristic until its placements say otherwise) is its weight.
  The posterior mean was tried first: it kept about 15% uniform play in the model of
  heuristic rivals, and the search won 35.3% of 95 games against three
  ``heuristic:samples=32`` where the fixed model won 46.1% of 82 on the same deals.

In the search every modelled decision of a rival follows the heuristic with
probability ``share`` and is uniform otherwise (drawn once per node and
determinization, so a line replays the same moves). Against heuristic rivals the
share stays near 1 and the model is the ``heuristic`` one; against a random rival it
falls towards 0 and the search stops expecting that rival to take the spots it wants.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from tabletop.bots.code_of_nine.priors import HeuristicModel, _nine
from tabletop.core.game import Game
from tabletop.core.rng import SplitMix64
from tabletop.core.state import State
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.games.code_of_nine.views import CodeOfNineView

NAMED = 0.66
"""How often the heuristic, asked from a sample of the seat's view, names the placement
a heuristic rival makes (measured in session 5, docs/arena.md)."""

GRID = tuple(i / 20 for i in range(21))
"""The shares the posterior is kept on."""

_FOLLOW_LIMIT = 12
"""Follow-up choices replayed for one placement at most (a location has a few)."""


class AdaptiveModel(HeuristicModel):
    """The heuristic model with each rival's share of heuristic play fitted online."""

    def __init__(self, game: Game, seat: int, horizon: int | None = None) -> None:
        super().__init__(game, seat, horizon)
        self.checks: dict[int, list[tuple[bool, int]]] = {}
        """Per rival: each checked placement, (named by the heuristic, choices it had)."""
        self._last: tuple[CodeOfNineView, CodeOfNineState] | None = None
        self._shares: dict[int, float] = {}
        self._draws = SplitMix64(0xADA9 + seat)

    def start(self, view: Any, sample: State) -> None:
        super().start(view, sample)
        s = _nine(sample)
        if s.phase != Phase.PLACE or s.turn != self.seat:
            return
        if self._last is not None:
            self._check(*self._last, view)
        self._last = (view, s.clone())
        self._shares = {p: self.share(p) for p in range(s.num_players) if p != self.seat}

    def share(self, player: int) -> float:
        """The most likely share of heuristic play in ``player``'s placements."""
        checks = self.checks.get(player, [])
        weights = []
        for share in GRID:
            log = math.log(share) if share > 0 else -1e9  # the prior: density ~ share
            for named, choices in checks:
                chance = 1.0 / choices
                hit = share * NAMED + (1 - share) * chance
                log += math.log(hit if named else 1.0 - hit)
            weights.append(log)
        return GRID[max(range(len(GRID)), key=lambda i: (weights[i], i))]

    def policy(self, state: State, player: int) -> int | None:
        share = self._shares.get(player, 1.0)
        if share < 1.0 and self._draws.random() >= share:
            return None  # the search plays a uniform legal move (and keeps it)
        return super().policy(state, player)

    def _check(self, before: CodeOfNineView, state: CodeOfNineState,
               view: CodeOfNineView) -> None:
        """Replay the placements made since ``before`` on ``state`` (a sample of it),
        checking each rival's against the heuristic's choice for it."""
        if view.round != before.round or view.phase != Phase.PLACE:
            return
        placed: dict[int, list[str]] = {}
        for old, new in zip(before.locations, view.locations, strict=True):
            gained = Counter(new.seats) - Counter(old.seats)
            for p, count in gained.items():
                placed.setdefault(p, []).extend([new.id] * count)
        s = state.clone()
        moved: set[int] = set()
        while s.phase == Phase.PLACE and s.turn not in moved:
            mover = s.turn
            where = placed.get(mover, [])
            if len(where) != 1:
                return  # not one pawn each: something this replay does not follow
            action = A.place_id(where[0])
            legal = s.legal_action_ids(mover)
            if action not in legal:
                return
            if mover != self.seat:
                named = super().policy(s, mover) == action
                self.checks.setdefault(mover, []).append((named, len(legal)))
            moved.add(mover)
            s.apply_unchecked(mover, action)
            for _ in range(_FOLLOW_LIMIT):
                if s.phase != Phase.FOLLOW or s.turn != mover:
                    break
                follow = super().policy(s, mover)
                if follow is None:
                    return
                s.apply_unchecked(mover, follow)
            else:
                return
