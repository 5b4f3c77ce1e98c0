"""One information-set, simultaneous-move MCTS search over the core protocol.

Each iteration asks ``sample(k)`` for a full state consistent with the searching seat's
view (a determinization), walks the tree from the root choosing every deciding
player's action by decoupled UCB (:mod:`tabletop.bots.mcts.tree`), adds one node,
plays on (a rollout) and credits every searched decision on the path with its
player's reward. Only the sampled copy is ever played on.

Without game knowledge, rollouts take random legal actions, to the end of the game or
for ``depth`` decisions before the game's leaf evaluator values the state.

With knowledge (:mod:`tabletop.bots.mcts.knowledge`) the search is about the decision
at hand: the seat's root decision is searched, and every other decision follows the
knowledge's model up to its horizon, where the state is valued. The whole line is
kept in the tree (one modelled move per node, player and determinization, asked once:
a node stands for a sequence of decisions), so later iterations replay it and there
is no rollout. The seat's own later decisions follow the model too: each is searched
when it comes. With a few hundred iterations a node below the root holding 10 to 30
untried actions would be played almost at random, which blurs the root's estimates
far more than the model's plan does.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.bots.mcts.tree import VISITS, Node, Path, backpropagate, select
from tabletop.core.knowledge import Knowledge, soft_rewards
from tabletop.core.result import Result
from tabletop.core.state import State

Clock = Callable[[], float]
"""A clock: seconds since some fixed moment."""


@dataclass(frozen=True)
class Budget:
    """How long one decision's search may go on.

    Either ``iterations``, or ``seconds`` on wall-clock time or (``cpu``) on the CPU
    time of the thread that searches: what a free core would give it, so a level plays
    as strong on a loaded server as on a quiet one. ``ceiling`` (wall-clock seconds)
    stops an ``iterations`` or ``cpu`` budget that the machine's load would stretch past
    it: a person never waits longer, and the search is weaker only when it is hit.

    The CPU clock is :func:`time.thread_time`, not :func:`time.process_time`: the
    server's bot workers and the arena's processes may run other threads (a pool's
    feeder, a progress bar), and only the searching thread's time is this decision's.
    The clocks are fields so that tests can drive a budget with fake ones.
    """

    iterations: int | None = None
    seconds: float | None = None
    cpu: bool = False
    ceiling: float | None = None
    cpu_clock: Clock = time.thread_time
    wall_clock: Clock = time.perf_counter

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ValueError("a search budget is either iterations or seconds, not both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"time must be positive seconds, got {self.seconds}")
        if self.cpu and self.seconds is None:
            raise ValueError("a CPU-time budget needs seconds")
        if self.ceiling is not None:
            if not self.ceiling > 0:
                raise ValueError(f"ceiling must be positive seconds, got {self.ceiling}")
            if self.seconds is not None and not self.cpu:
                raise ValueError(
                    "ceiling caps an iterations or CPU-time budget; "
                    "a wall-clock time is its own ceiling"
                )
            if self.seconds is not None and self.ceiling < self.seconds:
                raise ValueError(
                    f"ceiling ({self.ceiling} s) must be at least the time ({self.seconds} s)"
                )

    def start(self) -> Timer:
        """A timer for one decision, started now."""
        return Timer(self, self.cpu_clock(), self.wall_clock())


@dataclass(frozen=True)
class Timer:
    """One decision's budget, running since ``cpu_start``/``wall_start``."""

    budget: Budget
    cpu_start: float
    wall_start: float

    def spent(self) -> float:
        """Seconds used so far, on the budget's clock."""
        b = self.budget
        return b.cpu_clock() - self.cpu_start if b.cpu else b.wall_clock() - self.wall_start

    def waited(self) -> float:
        """Wall-clock seconds since the decision started."""
        return self.budget.wall_clock() - self.wall_start

    def stop(self, iterations: int) -> str | None:
        """Why the search stops after ``iterations`` (``iterations``, ``time`` or
        ``ceiling``), or None while it may go on."""
        b = self.budget
        if b.iterations is not None and iterations >= b.iterations:
            return "iterations"
        if b.seconds is not None and self.spent() >= b.seconds:
            return "time"
        if b.ceiling is not None and self.waited() >= b.ceiling:
            return "ceiling"
        return None


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
            ids = state.legal_action_ids_unchecked(p)
            state.apply_unchecked(p, ids[int(rng.random() * len(ids))])
            taken += 1


@dataclass(frozen=True)
class Leaf:
    """How a random rollout ends: after ``depth`` decisions, valued by ``evaluate``
    (points, turned into rewards with the soft-win ``scale``; with ``scale`` None,
    rewards in [0, 1] already: a value network's win shares)."""

    depth: int
    evaluate: Callable[[State], list[float]]
    scale: float | None


@dataclass(frozen=True)
class Settings:
    """How one search chooses, rolls out and values.

    ``bias`` is a progressive bias on the seat's root actions (see ``tree.select``);
    ``leaf`` cuts random rollouts short and values where they stop; ``knowledge``
    models every decision below the root and values its horizon; with ``samples`` the
    search draws only that many determinizations (None: a fresh one each iteration):
    each root action of the seat is tried on them in turn, and the model's moves are
    kept per determinization. ``mix`` is the weight of a uniform prior beside the
    knowledge's model: each modelled move is a uniformly random legal one with that
    chance (drawn once per node, so a line stays one line), which keeps the search from
    betting everything on a model of its rivals that may be wrong.
    """

    c: float
    margin: float
    bias: dict[int, float] | None = None
    leaf: Leaf | None = None
    knowledge: Knowledge | None = None
    samples: int | None = None
    mix: float = 0.0


@dataclass
class SearchOutcome:
    """The root of a finished search, how many iterations it ran and why it stopped
    (``iterations``, ``time``, ``ceiling``, or ``idle``: no line left worth playing)."""

    root: Node
    iterations: int
    stopped: str = "iterations"

    def most_visited(self, seat: int, legal: Sequence[int]) -> int:
        """The action of ``legal`` the search visited most for ``seat`` (ties broken by
        its mean reward, then by order): what a bot plays after its search."""
        visits = self.root.visits(seat)

        def rank(a: int) -> tuple[int, float]:
            n = visits.get(a, 0)
            return n, self.root.mean(seat, a) if n else 0.0

        return max(legal, key=rank)


def search(
    sample: Callable[[int], State],
    seat: int,
    root_legal: Sequence[int],
    budget: Budget,
    settings: Settings,
    rng: random.Random,
    timer: Timer | None = None,
) -> SearchOutcome:
    """Run the search; the root's statistics for ``seat`` are restricted to ``root_legal``.

    ``sample(k)`` gives the determinization of iteration ``k``. With an iteration budget
    the search depends only on ``sample``, ``rng`` and the knowledge, so it is
    reproducible. ``timer`` is the decision's, when it started before the search (the
    guide's and the model's time count); by default it starts here.

    With knowledge and ``samples`` a line (a root action on one determinization, every
    other decision modelled and kept in the tree) always ends in the same state, so it
    is played once: later visits reuse its reward and are not counted as iterations,
    and the time goes to new lines. The search ends early when UCB keeps choosing lines
    already played (every line, or none it thinks worth playing, is left).
    """
    root = Node()
    timer = budget.start() if timer is None else timer
    stopped = "iterations"
    leaf = settings.leaf
    knowledge = settings.knowledge
    played: dict[tuple[int, int], list[float]] = {}
    """With knowledge and ``samples``: the reward of each (root action, determinization)."""
    idle = 0
    """Visits that replayed a line since the last new one."""
    k = 0
    while True:
        why = timer.stop(k) if k > 0 else None  # at least one iteration
        if why is not None:
            stopped = why
            break
        first = None
        if settings.samples is None:
            line = k
        else:  # the seat's root choice first: every root action meets the same
            # determinizations in the same order (common random numbers)
            stats = root.stats.setdefault(seat, {})
            first = select(stats, root_legal, settings.c, rng, settings.bias)
            line = int(stats[first][VISITS]) % settings.samples
            if knowledge is not None:
                known = played.get((first, line))
                if known is not None:  # the same line again (all modelled): reuse it
                    backpropagate([(root, ((seat, first),))], known)
                    idle += 1
                    if idle > len(root_legal) * settings.samples:
                        stopped = "idle"  # UCB wants no new line: nothing left worth learning
                        break
                    continue
                idle = 0
        state = sample(line)
        info = state.game.info
        path = _descend(root, state, seat, root_legal, settings, rng, line, first)
        if knowledge is None:
            random_rollout(state, rng, None if leaf is None else leaf.depth)
        if state.is_terminal():
            reward = rewards(state.result(), info.min_score, info.max_score, settings.margin)
        elif knowledge is not None:
            reward = knowledge.rewards(state, settings.margin)
        else:
            if leaf is None:
                raise RuntimeError("a rollout without a leaf evaluator ended before the game")
            values = leaf.evaluate(state)
            reward = (
                values
                if leaf.scale is None
                else soft_rewards(
                    values, leaf.scale, info.min_score, info.max_score, settings.margin
                )
            )
        backpropagate(path, reward)
        if knowledge is not None and first is not None:
            played[(first, line)] = reward
        k += 1
    return SearchOutcome(root, k, stopped)


def _descend(
    root: Node,
    state: State,
    seat: int,
    root_legal: Sequence[int],
    settings: Settings,
    rng: random.Random,
    line: int,
    first: int | None,
) -> Path:
    """Walk the tree on ``state`` (in place) until a new node is added or the game ends.

    ``first`` is the seat's root action when it was chosen already; ``line`` is the
    determinization's number.

    With knowledge every node below the root is modelled, so the walk goes on to the
    horizon, adding the nodes it lacks: the model is asked once per node, and later
    iterations replay its moves instead of asking again.
    """
    path: Path = []
    node = root
    knowledge = settings.knowledge
    c = settings.c
    while not state.is_terminal():
        players = state.current_players()
        joint = []
        searched = []
        for p in players:
            if knowledge is not None and (p != seat or node is not root):
                which = (p, 0 if settings.samples is None else line)
                joint.append(_modelled(node, state, which, knowledge, rng, settings.mix))
                continue
            stats = node.stats.setdefault(p, {})
            if node is root and p == seat:
                a = first if first is not None else select(stats, root_legal, c, rng, settings.bias)
            else:
                a = select(stats, state.legal_action_ids_unchecked(p), c, rng)
            joint.append(a)
            searched.append((p, a))
        for p, a in zip(players, joint, strict=True):
            state.apply_unchecked(p, a)
        path.append((node, tuple(searched)))
        key = players + tuple(joint)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
            if knowledge is None:
                break
        node = child
        if knowledge is not None and knowledge.stop(state):
            break
    return path


def _modelled(
    node: Node,
    state: State,
    key: tuple[int, int],
    knowledge: Knowledge,
    rng: random.Random,
    mix: float = 0.0,
) -> int:
    """A player's modelled move at ``node``; ``key`` is (player, determinization).

    Asked of the knowledge once per node and key (with fresh determinizations, on the
    first that gets there), and asked again only where the kept move is not legal. With
    chance ``mix`` the move is a uniformly random legal one instead (kept the same way).
    """
    player = key[0]
    legal = state.legal_action_ids_unchecked(player)
    a = node.model.get(key)
    if a is None or a not in legal:
        a = None if mix and rng.random() < mix else knowledge.policy(state, player)
        if a is None or a not in legal:
            a = legal[int(rng.random() * len(legal))]
        node.model[key] = a
    return a
