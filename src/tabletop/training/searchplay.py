"""Training positions labelled by search: self-play of the thinking ``neural`` bot.

Expert iteration as AlphaZero does it (Silver et al. 2017; Anthony, Tian and Barber
2017): the current network searches (``neural:think``: its policy as the priors and
the model of every seat, its value at the horizon), and each searched decision is
labelled with the root's visit distribution, the policy head's target, and the seat's
final win share, the value head's. The search is the network's own improvement
operator, so no heuristic labels anything.

A share of the seats (``rival_share``) may be another bot (``rival``, the heuristic by
default): their decisions are not kept, but they keep the positions near the games the
bot is measured in (one against three heuristics) and stop self-play from drifting to
lines only it plays.

NumPy only, as the bot plays: the workers that run this need no torch.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from tabletop.bots import make_bot
from tabletop.bots.neural.bot import NeuralBot
from tabletop.bots.neural.features import layout
from tabletop.bots.neural.network import Network
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.encoding import encoder_for
from tabletop.training.selfplay import Samples


def search_games(
    game: Game,
    players: int,
    games: int,
    network: Network,
    think: float,
    rival: str = "heuristic",
    rival_share: float = 0.5,
    explore: float = 0.25,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> tuple[Samples, float]:
    """Play ``games`` games at ``players`` seats; returns the searched positions and
    the CPU seconds they took.

    Each seat of a game is the thinking bot (``network``, ``think`` seconds of CPU a
    decision) or, with probability ``rival_share``, the ``rival`` bot; at least one
    seat thinks. A thinking seat plays its search's most visited action, or with
    probability ``explore`` one drawn in proportion to the root's visits (AlphaZero's
    exploration by the visit counts), so games do not repeat one line.
    """
    started = time.process_time()
    rng = np.random.default_rng(seed)
    shape = layout(game.info.name)
    encoder = encoder_for(game.info.name)
    table = game.actions
    actions = game.info.num_distinct_actions
    inputs: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    labels: list[int] = []
    targets: list[np.ndarray] = []
    values: list[float] = []
    for g in range(games):
        deal = int(rng.integers(1 << 62))
        state = game.new_game(players, deal)
        thinking = [bool(rng.random() >= rival_share) for _ in range(players)]
        if not any(thinking):
            thinking[int(rng.integers(players))] = True
        bots: list[Bot] = [
            NeuralBot(game, p, int(rng.integers(1 << 62)), network=network, think=think)
            if thinking[p]
            else make_bot(rival, game, p, int(rng.integers(1 << 62)))
            for p in range(players)
        ]
        kept: list[tuple[int, int]] = []
        while not state.is_terminal():
            chosen = []
            for p in state.current_players():
                view = state.view(p)
                legal = state.legal_actions(p)
                action = bots[p].act(view, legal)
                outcome = bots[p].last if thinking[p] else None  # type: ignore[attr-defined]
                if outcome is not None:
                    visits = outcome.root.visits(p)
                    ids = [table.id_of(a) for a in legal]
                    counts = np.array([visits.get(a, 0) for a in ids], np.float64)
                    if counts.sum() > 0:
                        share = counts / counts.sum()
                        if rng.random() < explore:
                            action = legal[int(rng.choice(len(ids), p=share))]
                        target = np.zeros(actions, np.float16)
                        target[ids] = share
                        mask = np.zeros(actions, bool)
                        mask[ids] = True
                        observation = encoder.encode(view)
                        kept.append((len(labels), p))
                        inputs.append(shape.inputs(observation, players)[0].astype(np.float16))
                        masks.append(mask)
                        labels.append(ids[int(np.argmax(counts))])
                        targets.append(target)
                        values.append(0.0)
                chosen.append((p, action))
            for p, action in chosen:
                state.apply(p, action)
        result = state.result()
        for index, p in kept:
            values[index] = float(result.win_share(p))
        if progress is not None:
            progress(g + 1)
    samples = Samples(
        np.asarray(inputs, np.float16).reshape(len(labels), shape.size),
        np.asarray(masks, bool).reshape(len(labels), actions),
        np.asarray(labels, np.int16),
        np.asarray(values, np.float32),
        np.asarray(targets, np.float16).reshape(len(labels), actions),
    )
    return samples, time.process_time() - started
