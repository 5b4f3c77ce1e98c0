"""One information-set, simultaneous-move MCTS search over the core protocol.

Each iteration asks ``sample(k)`` for a full state consistent with the searching seat's
view (a determinization), walks the tree from the root choosing every deciding
player's action by decoupled UCB (:mod:`tabletop.bots.mcts.tree`), adds one node,
plays on with random legal actions (to the end of the game, or for a few decisions
and then values the state with the game's evaluator) and credits every decision on
the path with its player's reward. Only the sampled copy is ever played on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.bots.mcts.evaluators import soft_rewards
from tabletop.bots.mcts.tree import Node, backpropagate, select
from tabletop.core.result import Result
from tabletop.core.state import State


@dataclass(frozen=True)
class Budget:
    """Stop after ``iterations`` iterations, or after ``seconds`` of wall-clock time."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ValueError("a search budget is either iterations or seconds, not both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"time must be positive seconds, got {self.seconds}")


def rewards(result: Result, low: int, high: int, margin: float) -> list[float]:
    """Each player's reward in [0, 1]: its win share, blended with its score.

    ``margin`` is the weight of the score (scaled by the game's declared bounds): with
    random rollouts a pure win/loss signal is sparse, while points say how far off a
    win was.
    """
    span = max(1, high - low)
    n = len(result.scores)
    return [
        (1 - margin) * result.win_share(p) + margin * (result.scores[p] - low) / span
        for p in range(n)
    ]


def random_rollout(state: State, rng: random.Random, depth: int | None = None) -> None:
    """Play ``state`` on with uniformly random legal actions (in place).

    To its end, or until ``depth`` decisions have been taken (between two rounds of
    simultaneous decisions, so no sealed hand is left half-played).
    """
    taken = 0
    while not state.is_terminal():
        if depth is not None and taken >= depth:
            return
        for p in state.current_players():
            ids = state.legal_action_ids(p)
            state.apply_unchecked(p, ids[int(rng.random() * len(ids))])
            taken += 1


@dataclass(frozen=True)
class Leaf:
    """How a rollout ends: after ``depth`` decisions, valued by ``evaluate`` (points,
    turned into rewards with the soft-win ``scale``); None plays every game to its end."""

    depth: int
    evaluate: Callable[[State], list[float]]
    scale: float


@dataclass
class SearchOutcome:
    """The root of a finished search and how many iterations it ran."""

    root: Node
    iterations: int


def search(
    sample: Callable[[int], State],
    seat: int,
    root_legal: Sequence[int],
    budget: Budget,
    c: float,
    margin: float,
    rng: random.Random,
    bias: dict[int, float] | None = None,
    leaf: Leaf | None = None,
) -> SearchOutcome:
    """Run the search; the root's statistics for ``seat`` are restricted to ``root_legal``.

    ``bias`` is a progressive bias on ``seat``'s root actions (see ``tree.select``);
    ``leaf`` cuts rollouts short and values where they stop.

    ``sample(k)`` gives the determinization of iteration ``k``. With an iteration budget
    the search depends only on ``sample`` and ``rng``, so it is reproducible.
    """
    root = Node()
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    k = 0
    while True:
        if budget.iterations is not None and k >= budget.iterations:
            break
        if deadline is not None and k > 0 and time.perf_counter() >= deadline:
            break
        state = sample(k)
        info = state.game.info
        path = _descend(root, state, seat, root_legal, c, rng, bias)
        random_rollout(state, rng, None if leaf is None else leaf.depth)
        if leaf is not None and not state.is_terminal():
            worths = leaf.evaluate(state)
            reward = soft_rewards(worths, leaf.scale, info.min_score, info.max_score, margin)
        else:
            reward = rewards(state.result(), info.min_score, info.max_score, margin)
        backpropagate(path, reward)
        k += 1
    return SearchOutcome(root, k)


Path = list[tuple[Node, tuple[int, ...], tuple[int, ...]]]


def _descend(
    root: Node,
    state: State,
    seat: int,
    root_legal: Sequence[int],
    c: float,
    rng: random.Random,
    bias: dict[int, float] | None,
) -> Path:
    """Walk the tree on ``state`` (in place) until a new node is added or the game ends."""
    path: Path = []
    node = root
    while not state.is_terminal():
        players = state.current_players()
        actions = []
        for p in players:
            stats = node.stats.setdefault(p, {})
            if node is root and p == seat:
                actions.append(select(stats, root_legal, c, rng, bias))
            else:
                actions.append(select(stats, state.legal_action_ids(p), c, rng))
        joint = tuple(actions)
        for p, a in zip(players, joint, strict=True):
            state.apply_unchecked(p, a)
        path.append((node, players, joint))
        key = players + joint
        child = node.children.get(key)
        if child is None:
            node.children[key] = Node()
            break
        node = child
    return path
