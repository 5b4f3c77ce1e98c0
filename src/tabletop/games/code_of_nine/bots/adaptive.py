"""``mcts:model=adaptive`` for Code of Nine: each rival modelled as the player it looks like.

The ``heuristic`` model (:mod:`tabletop.games.code_of_nine.bots.priors`) has every rival
decide as the default heuristic bot would, so the search answers the bot it was told
it faces. This model does not assume that. Each rival is one of a few candidate
players (the ``COMPONENTS``): the heuristic (a competent player deciding from its own
view of the sampled state), the learned ``neural`` policy (when NumPy is installed)
and a player choosing uniformly at random. Which one is inferred online, per rival,
from its own placements (public: a pawn on a location), by Bayes' rule:

- at each of its placements the seat remembers its view and a sampled state;
- at its next placement in the same round it replays what happened in between on that
  sample: its own placement and every rival's, as the new pawns on the board show them
  (the follow-up choices, which the board does not show as plainly, as the heuristic
  would make them), and before each rival's it asks every candidate what that rival
  would place. Each check records which candidates named the location taken;
- a candidate names a placement of a rival that plays like another with the chance
  measured for that pair (``NAMED``; the heuristic and ``neural`` agree often), any
  candidate names a uniform rival's one time in its number of choices, and the
  candidates' namings are taken as independent;
- the prior (``PRIOR``) is mostly on the heuristic: a rival is taken for a reasonable
  player until its placements say otherwise.

The search models each rival with its most probable candidate alone, not with a
mixture drawn move by move. The previous version of this model (a heuristic/uniform
mixture, the heuristic's share fitted per rival) kept 5 - 20% uniform moves in its
model of heuristic rivals, and that noise cost more than it gained: 37.8% of 62 games
against three ``heuristic:samples=32`` where the fixed model won 44.9% on the same
deals (docs/arena.md). Against heuristic rivals the most probable candidate is the
heuristic after one or two placements, and the search is the fixed model's; against a
random rival it turns uniform within a round, and the search stops expecting that
rival to take the spots it wants.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from importlib.util import find_spec
from typing import Any

from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.core.knowledge import BotMaker
from tabletop.core.state import State
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine.bots.priors import HeuristicModel, _nine
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.games.code_of_nine.views import CodeOfNineView

HEURISTIC, NEURAL, UNIFORM = "heuristic", "neural", "uniform"

PRIOR: dict[str, float] = {HEURISTIC: 0.8, NEURAL: 0.1, UNIFORM: 0.1}
"""What a rival is taken for before it has placed a pawn."""

COMPONENTS: tuple[str, ...] = (
    (HEURISTIC, NEURAL, UNIFORM) if find_spec("numpy") is not None else (HEURISTIC, UNIFORM)
)
"""The candidate players (``neural`` needs NumPy, an optional extra)."""

NAMED: dict[tuple[str, str], float] = {
    (HEURISTIC, HEURISTIC): 0.62,
    (NEURAL, HEURISTIC): 0.35,
    (HEURISTIC, NEURAL): 0.21,
    (NEURAL, NEURAL): 0.75,
}
"""How often a candidate (first), asked in this model's replay, names the placement of a
rival that plays like another (second). Measured with the shipped network of session 14
(trained on search targets) on 170 placements of each kind of rival
(``scripts/measure_named.py --games 3`` and ``--games 6 --seed 100``, pooled; the
script measures them again whenever a candidate changes); a uniform rival is named by
anyone one time in its number of choices. The session-8 network agreed with the
heuristic more (0.44 both ways), so its placements told the two apart less."""

_FOLLOW_LIMIT = 12
"""Follow-up choices replayed for one placement at most (a location has a few)."""

Check = tuple[frozenset[str], int]
"""One checked placement: the candidates that named it, and how many choices it had."""


def log_likelihood(player: str, check: Check, namers: tuple[str, ...]) -> float:
    """Log chance that the ``namers`` named as ``check`` says a placement of a rival
    playing like ``player`` (each candidate's naming taken as independent)."""
    named, choices = check
    log = 0.0
    for c in namers:
        hit = 1.0 / max(1, choices) if player == UNIFORM else NAMED[(c, player)]
        log += math.log(hit if c in named else 1.0 - hit)
    return log


def posterior(checks: list[Check], components: tuple[str, ...] = COMPONENTS) -> dict[str, float]:
    """Each candidate's probability given a rival's checked placements."""
    namers = tuple(c for c in components if c != UNIFORM)
    logs = {
        c: math.log(PRIOR[c]) + sum(log_likelihood(c, check, namers) for check in checks)
        for c in components
    }
    top = max(logs.values())
    weights = {c: math.exp(v - top) for c, v in logs.items()}
    total = sum(weights.values())
    return {c: w / total for c, w in weights.items()}


class AdaptiveModel(HeuristicModel):
    """The heuristic model with each rival's player inferred from its placements."""

    def __init__(
        self, game: Game, seat: int, horizon: int | None = None, bots: BotMaker | None = None
    ) -> None:
        super().__init__(game, seat, horizon, bots)
        self.checks: dict[int, list[Check]] = {}
        """Per rival: each checked placement."""
        self._last: tuple[CodeOfNineView, CodeOfNineState] | None = None
        self._players: dict[int, str] = {}
        self._neural: dict[int, Bot] = {}

    def start(self, view: Any, sample: State) -> None:
        super().start(view, sample)
        s = _nine(sample)
        if s.phase != Phase.PLACE or s.turn != self.seat:
            return
        if self._last is not None:
            self._check(*self._last, view)
        self._last = (view, s.clone())
        self._players = {p: self.player(p) for p in range(s.num_players) if p != self.seat}

    def player(self, rival: int) -> str:
        """The candidate ``rival`` most probably plays like (the heuristic on a tie)."""
        found = posterior(self.checks.get(rival, []))
        return max(COMPONENTS, key=lambda c: (found[c], c == HEURISTIC))

    def policy(self, state: State, player: int) -> int | None:
        which = self._players.get(player, HEURISTIC)
        if which == UNIFORM:
            return None  # the search plays a uniform legal move (and keeps it)
        if which == NEURAL:
            return self._neural_policy(state, player)
        return super().policy(state, player)

    def _neural_policy(self, state: State, player: int) -> int:
        bot = self._neural.get(player)
        if bot is None:
            if self.bots is None:
                raise ValueError("the neural candidate needs the bots registry (bots=)")
            bot = self._neural[player] = self.bots(NEURAL, self.game, player, 0)
        return A.TABLE.id_of(bot.act(state.view(player), state.legal_actions(player)))

    def _namers(self) -> dict[str, Callable[[State, int], int | None]]:
        """Each candidate's choice for a player in a state (uniform names none)."""
        asked: dict[str, Callable[[State, int], int | None]] = {HEURISTIC: super().policy}
        if NEURAL in COMPONENTS:
            asked[NEURAL] = self._neural_policy
        return asked

    def _check(self, before: CodeOfNineView, state: CodeOfNineState, view: CodeOfNineView) -> None:
        """Replay the placements made since ``before`` on ``state`` (a sample of it),
        checking each rival's against every candidate's choice for it."""
        if view.round != before.round or view.phase != Phase.PLACE:
            return
        placed: dict[int, list[str]] = {}
        for old, new in zip(before.locations, view.locations, strict=True):
            gained = Counter(new.seats) - Counter(old.seats)
            for p, count in gained.items():
                placed.setdefault(p, []).extend([new.id] * count)
        s = state.clone()
        moved: set[int] = set()
        namers = self._namers()
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
                named = frozenset(c for c, ask in namers.items() if ask(s, mover) == action)
                self.checks.setdefault(mover, []).append((named, len(legal)))
            moved.add(mover)
            s.apply_unchecked(mover, action)
            for _ in range(_FOLLOW_LIMIT):
                if s.phase != Phase.FOLLOW or s.turn != mover:
                    break
                follow = HeuristicModel.policy(self, s, mover)
                if follow is None:
                    return
                s.apply_unchecked(mover, follow)
            else:
                return
