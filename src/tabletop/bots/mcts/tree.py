"""The search tree: open-loop nodes with decoupled per-player statistics.

One tree serves hidden information and simultaneous moves alike:

- Information sets (ISMCTS, Cowling, Powley and Whitehouse 2012): every iteration plays
  on a fresh determinization, so a node stands for a sequence of decisions, not for one
  state. An action is not legal in every determinization, hence each action keeps its
  *availability* (how often it could have been chosen) and UCB uses it in place of the
  parent's visit count.
- Simultaneous moves (decoupled UCT, as in Lanctot et al. 2013 and Tak et al. 2014): at
  a node where several players decide, each picks from its own statistics as if alone;
  the child is reached by the joint action. A player's statistics at a node never mix
  with another's, so no one's choice can depend on another's sealed commitment.

Chance is left to the engine (``auto_chance``): a child gathers every chance outcome
that followed its joint action (open loop), which is what determinization wants anyway.

A player whose moves follow a model (search knowledge) keeps no statistics: its
modelled move at a node is kept in ``Node.model`` by (player, determinization).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

VISITS, TOTAL, AVAILABLE = 0, 1, 2
"""Positions in an action's statistics list: visits, summed reward, availability."""


@dataclass
class Node:
    """Statistics of each searching player here, the modelled players' moves, and the
    children by joint action (the deciding players, then their actions)."""

    stats: dict[int, dict[int, list[float]]] = field(default_factory=dict)
    children: dict[tuple[int, ...], Node] = field(default_factory=dict)
    model: dict[tuple[int, int], int] = field(default_factory=dict)

    def visits(self, player: int) -> dict[int, int]:
        """How often ``player`` chose each of its actions from this node."""
        return {a: int(s[VISITS]) for a, s in self.stats.get(player, {}).items()}

    def mean(self, player: int, action: int) -> float:
        s = self.stats[player][action]
        return s[TOTAL] / s[VISITS] if s[VISITS] else 0.0


def select(
    stats: dict[int, list[float]],
    legal: Sequence[int],
    c: float,
    rng: random.Random,
    bias: dict[int, float] | None = None,
) -> int:
    """Decoupled UCB1 over ``legal`` with availability counts.

    Untried actions come first, the biased ones (a guide's advice) before the others,
    which come in random order (so a search cut short still has the advice); then the
    largest
    ``mean + c * sqrt(ln(available) / visits)``, ties broken at random: with fixed
    tie-breaks two players at a joint node can move in lockstep (in matching pennies
    they would always match). ``bias`` adds ``bias[a] / visits`` to an action's value
    (progressive bias: a guide's advice that fades as the action's own statistics grow).
    """
    untried = []
    for a in legal:
        s = stats.get(a)
        if s is None:
            s = stats[a] = [0, 0.0, 0]
        s[AVAILABLE] += 1
        if s[VISITS] == 0:
            untried.append(a)
    if untried:
        if bias is not None:
            advised = [a for a in untried if bias.get(a, 0.0) > 0]
            if advised:
                return max(advised, key=lambda a: bias[a])
        return untried[int(rng.random() * len(untried))]
    best: list[int] = []
    best_value = -math.inf
    for a in legal:
        visits, total, available = stats[a]
        value = total / visits + c * math.sqrt(math.log(available) / visits)
        if bias is not None:
            value += bias.get(a, 0.0) / visits
        if value > best_value + 1e-12:
            best, best_value = [a], value
        elif value >= best_value - 1e-12:
            best.append(a)
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


Path = list[tuple[Node, tuple[tuple[int, int], ...]]]
"""An iteration's way down: each node and the (player, action) choices searched there."""


def backpropagate(path: Path, reward: Sequence[float]) -> None:
    """Credit each searched decision on ``path`` with its player's reward."""
    for node, choices in path:
        for p, a in choices:
            s = node.stats[p][a]
            s[VISITS] += 1
            s[TOTAL] += reward[p]
