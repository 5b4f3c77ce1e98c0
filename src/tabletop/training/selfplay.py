"""Training positions from play on the batched env, each labelled by a teacher.

Expert iteration in the DAgger manner (Ross, Gordon and Bagnell 2011; Anthony, Tian
and Barber 2017): tables of :class:`~tabletop.rl.vector.VectorEnv` are played to their
end; at every game each seat is the current network (the student, sampling from its
policy) or the teacher, and at every decision of every seat the teacher (a bot spec:
the heuristic, or a search) is asked what it would play there. So the positions come
from the student's own games, where its mistakes lead, and the labels from a stronger
player. Each position also gets its seat's final win share, the value head's target.

NumPy only: the student is a :class:`~tabletop.bots.neural.network.Network`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tabletop.bots import make_bot
from tabletop.bots.neural.bot import NeuralBot
from tabletop.bots.neural.features import layout
from tabletop.bots.neural.network import Network
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.rl.vector import VectorEnv


@dataclass
class Samples:
    """Labelled positions: network inputs (float16), legal masks over the action table,
    the label's action ids, the seat's final win share and, for positions labelled by
    a search, the root's visit distribution over the action table (``targets``, float16;
    None: the label alone, a one-hot target)."""

    inputs: np.ndarray
    masks: np.ndarray
    labels: np.ndarray
    values: np.ndarray
    targets: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.labels)

    def soft(self) -> np.ndarray:
        """The policy targets: the visit distributions, or one-hots of the labels."""
        if self.targets is not None:
            return self.targets
        out = np.zeros(self.masks.shape, np.float16)
        out[np.arange(len(self)), self.labels.astype(np.intp)] = 1.0
        return out

    @staticmethod
    def join(parts: list[Samples]) -> Samples:
        """One set of every part's positions (one-hot targets where a part has none
        and another has)."""
        inputs, masks, labels, values = (
            np.concatenate([getattr(p, f) for p in parts])
            for f in ("inputs", "masks", "labels", "values")
        )
        targets = (
            None
            if all(p.targets is None for p in parts)
            else np.concatenate([p.soft() for p in parts])
        )
        return Samples(inputs, masks, labels, values, targets)

    def save(self, path: str) -> None:
        arrays: dict[str, np.ndarray] = {
            "inputs": self.inputs,
            "masks": np.packbits(self.masks, axis=1),
            "labels": self.labels,
            "values": self.values,
            "actions": np.asarray(self.masks.shape[1], np.int32),
        }
        if self.targets is not None:
            arrays["targets"] = self.targets
        save: Any = np.savez_compressed
        save(path, **arrays)

    @staticmethod
    def load(path: str) -> Samples:
        with np.load(path) as data:
            actions = int(data["actions"])
            masks = np.unpackbits(data["masks"], axis=1, count=actions).astype(bool)
            targets = data.get("targets", None)
            return Samples(data["inputs"], masks, data["labels"], data["values"], targets)


def generate(
    game: Game,
    players: int,
    games: int,
    teacher: str,
    student: Network | None = None,
    student_share: float = 0.5,
    epsilon: float = 0.02,
    tables: int = 8,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    expert: str | None = None,
    expert_share: float = 1.0,
    expert_sealed: bool = False,
) -> Samples:
    """Play ``games`` games at ``players`` seats; every decision labelled by a teacher.

    Each seat of each game is the ``student`` (sampling from its policy; where it has a
    plan head and the seat chooses a board, playing the plan as the bot does) with
    probability ``student_share``, else the teacher (playing the label); any seat plays
    a uniformly random legal action with probability ``epsilon``, so the positions
    stray off both players' lines. ``progress`` is called with each finished game count.

    ``expert`` (a costlier bot spec, such as a search) labels a seat's decisions in a
    share ``expert_share`` of its games instead of ``teacher``: with ``expert_sealed``
    only the sealed decisions (closed hands), and the sealed positions of the other
    games are dropped, so a sealed decision learns from the expert alone while the many
    cheap games teach the rest. Labelling is where the time goes: a search costs a
    twentieth of a second a decision where the heuristic costs a millisecond.
    """
    rng = np.random.default_rng(seed)
    env = VectorEnv(game, players, tables)
    table = game.actions
    noop = env.noop
    shape = layout(game.info.name)
    observations, masks = env.reset(seed=seed)
    teachers: list[list[Bot]] = [[] for _ in range(tables)]
    experts: list[list[Bot | None]] = [[] for _ in range(tables)]
    students: list[list[bool]] = [[] for _ in range(tables)]
    pending: list[list[tuple[int, int]]] = [[] for _ in range(tables)]
    planners: list[NeuralBot] = []
    if student is not None and student.plan is not None:
        planners = [NeuralBot(game, p, network=student) for p in range(players)]

    def deal(t: int) -> None:
        teachers[t] = [
            make_bot(teacher, game, p, int(rng.integers(1 << 62))) for p in range(players)
        ]
        experts[t] = [
            make_bot(expert, game, p, int(rng.integers(1 << 62)))
            if expert is not None and rng.random() < expert_share
            else None
            for p in range(players)
        ]
        students[t] = [
            student is not None and bool(rng.random() < student_share) for _ in range(players)
        ]
        pending[t] = []

    for t in range(tables):
        deal(t)
    inputs: list[np.ndarray] = []
    legal_masks: list[np.ndarray] = []
    labels: list[int] = []
    values: list[float] = []
    finished = 0
    actions = np.full((tables, players), noop, np.int64)
    while finished < games:
        deciding = np.argwhere(masks[:, :, noop] == 0)
        actions.fill(noop)
        rows = observations[deciding[:, 0], deciding[:, 1]]
        batch = shape.inputs(rows, players) if len(rows) else np.zeros((0, shape.size))
        logits = student.forward(batch)[0] if student is not None and len(rows) else None
        for k, (t, p) in enumerate(deciding.tolist()):
            state = env.states[t]
            legal = state.legal_actions(p)
            sealed = expert_sealed and state.sealed_decision()
            labeller = experts[t][p] if not expert_sealed or sealed else None
            keep = labeller is not None or not sealed
            label = table.id_of((labeller or teachers[t][p]).act(state.view(p), legal))
            ids = np.flatnonzero(masks[t, p, :noop])
            if rng.random() < epsilon:
                action = int(rng.choice(ids))
            elif (
                students[t][p]
                and planners
                and (choice := planners[p].board_choice(state.view(p), ids.tolist())) is not None
            ):
                action = int(ids[int(np.argmax(choice))])
            elif students[t][p] and logits is not None:
                z = logits[k][ids] - logits[k][ids].max()
                w = np.exp(z)
                action = int(
                    ids[
                        min(
                            int(np.searchsorted(np.cumsum(w / w.sum()), rng.random())), len(ids) - 1
                        )
                    ]
                )
            else:
                action = label
            actions[t, p] = action
            if keep:
                pending[t].append((len(labels), p))
                inputs.append(batch[k].astype(np.float16))
                legal_masks.append(masks[t, p, :noop].astype(bool))
                labels.append(label)
                values.append(0.0)
        observations, masks, rewards, dones = env.step(actions)
        for t in np.flatnonzero(dones).tolist():
            for index, p in pending[t]:
                values[index] = float(rewards[t, p])
            finished += 1
            if progress is not None:
                progress(finished)
            deal(t)
    unfinished = {i for t in range(tables) for i, _ in pending[t]}
    kept = [i for i in range(len(labels)) if i not in unfinished]
    return Samples(
        np.asarray(inputs, np.float16).reshape(len(labels), shape.size)[kept],
        np.asarray(legal_masks, bool).reshape(len(labels), noop)[kept],
        np.asarray(labels, np.int16)[kept],
        np.asarray(values, np.float32)[kept],
    )
