"""Our games through OpenSpiel's Python API, timed beside our own envs and OpenSpiel's
own reference game, in one run, on CPU seconds (``time.process_time``).

Three loops, each given the same CPU budget, in :data:`ROUNDS` turns so that a change
of machine load weighs on all alike:

- ``rl_environment``: OpenSpiel's ``open_spiel.python.rl_environment.Environment`` on
  the registered game, every seat choosing uniformly among its legal actions
  (``time_step.observations["legal_actions"]``) at every step; the environment asks
  every seat's information-state tensor and legal actions after every step, as agents
  on it see them;
- ``pettingzoo``: the PettingZoo parallel env (:func:`tabletop.bench.rl.random_episode`,
  random masked actions);
- ``playouts``: bare random playouts through the ``pyspiel`` API (``legal_actions``,
  ``apply_action(s)``, ``chance_outcomes``), of our game and, with the same loop, of
  OpenSpiel's own C++ game named by the kits' ``bench:openspiel``; and
  ``rl_environment`` on that C++ game too: what OpenSpiel's env costs a step when the
  game costs nearly nothing.

A step is one call of ``step`` in either env. :func:`spiel_figures` gives the steps per
CPU second of both envs and their ratio (the target: at least 0.25), and the games per
CPU second of both playouts; ``scripts/openspiel_speed.py`` prints them.
"""

from __future__ import annotations

import random
from typing import Any

from tabletop.bench.openspiel import reference_for
from tabletop.bench.rl import env_episodes
from tabletop.bench.timing import Rate, measure, using_clock
from tabletop.core.game import Game

ROUNDS = 8
"""The loops take turns this many times (the figures are sums over the rounds; on a
shared machine the load changes within seconds, so the turns are short)."""


def spiel_game(game: Game, players: int) -> Any:
    """``game`` as pyspiel loads it, registered first."""
    import pyspiel

    from tabletop import openspiel

    openspiel.register([game.info.name])
    return pyspiel.load_game(openspiel.short_name(game.info.name), {"players": players})


def rl_environment_steps(spiel: Any, seconds: float, seed: int = 0) -> tuple[Rate, int]:
    """Random episodes of ``rl_environment`` on the pyspiel game ``spiel``:
    (episodes and decisions, steps)."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(spiel)
    env.seed(seed)
    rng = random.Random(seed)
    players = spiel.num_players()
    steps = 0

    def one_episode(_: int) -> int:
        nonlocal steps
        time_step = env.reset()
        decisions = 0
        while not time_step.last():
            legal = time_step.observations["legal_actions"]
            current = time_step.observations["current_player"]
            if current >= 0:  # one seat decides
                seat = legal[current]
                actions = [seat[int(rng.random() * len(seat))]]
                decisions += 1
            else:  # a simultaneous node: every seat (those without a decision no-op)
                actions = [ids[int(rng.random() * len(ids))] for ids in legal]
                decisions += players
            time_step = env.step(actions)
            steps += 1
        return decisions

    return measure(one_episode, seconds), steps


def _pyspiel_playout(state: Any, rng: random.Random, players: int) -> int:
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        elif state.is_simultaneous_node():
            joint = []
            for p in range(players):
                legal = state.legal_actions(p)
                joint.append(legal[int(rng.random() * len(legal))])
            state.apply_actions(joint)
            decisions += players
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            decisions += 1
    return decisions


def pyspiel_playouts(spiel: Any, seconds: float, seed: int = 0) -> Rate:
    """Random playouts of the pyspiel game ``spiel`` through the ``pyspiel`` API."""
    rng = random.Random(seed)
    players = spiel.num_players()
    return measure(lambda _: _pyspiel_playout(spiel.new_initial_state(), rng, players), seconds)


def spiel_figures(game: Game, players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """The figures of the module docstring for ``game`` at ``players`` seats; each loop
    gets ``seconds`` CPU seconds in all."""
    import pyspiel

    spiel = spiel_game(game, players)
    reference = reference_for(game)
    yardstick = pyspiel.load_game(reference.name, reference.params) if reference else None
    env: list[Rate] = []
    zoo: list[Rate] = []
    ours: list[Rate] = []
    theirs: list[Rate] = []
    theirs_env: list[Rate] = []
    env_steps = zoo_steps = theirs_steps = 0
    share = seconds / ROUNDS
    ratios = []
    with using_clock("cpu"):
        for k in range(ROUNDS):
            rate, taken = rl_environment_steps(spiel, share, seed + 1000 * k)
            env.append(rate)
            env_steps += taken
            ratio = taken / rate.seconds
            rate, taken = env_episodes(game, players, share, seed + 1000 * k)
            zoo.append(rate)
            zoo_steps += taken
            ratios.append(ratio / (taken / rate.seconds))
            ours.append(pyspiel_playouts(spiel, share, seed + 1000 * k))
            if yardstick is not None:
                theirs.append(pyspiel_playouts(yardstick, share, seed + 1000 * k))
                rate, taken = rl_environment_steps(yardstick, share, seed + 1000 * k)
                theirs_env.append(rate)
                theirs_steps += taken
    env_rate = env_steps / sum(r.seconds for r in env)
    zoo_rate = zoo_steps / sum(r.seconds for r in zoo)
    out: dict[str, Any] = {
        "game": game.info.name,
        "players": players,
        "cpu_seconds_per_loop": seconds,
        "rl_environment_steps_per_cpu_second": env_rate,
        "pettingzoo_steps_per_cpu_second": zoo_rate,
        "rl_environment_over_pettingzoo": env_rate / zoo_rate,
        "ratio_per_round": ratios,
        "pyspiel_games_per_cpu_second": _per_second(ours),
        "information_state_tensor_size": spiel.information_state_tensor_size(),
        "observation_tensor_size": spiel.observation_tensor_size(),
        "max_game_length": spiel.max_game_length(),
    }
    if reference is not None:
        out["reference"] = reference.name
        out["reference_params"] = reference.params
        out["reference_games_per_cpu_second"] = _per_second(theirs)
        out["pyspiel_games_over_reference"] = (
            out["pyspiel_games_per_cpu_second"] / out["reference_games_per_cpu_second"]
        )
        out["reference_rl_environment_steps_per_cpu_second"] = theirs_steps / sum(
            r.seconds for r in theirs_env
        )
    return out


def _per_second(rates: list[Rate]) -> float:
    return sum(r.count for r in rates) / sum(r.seconds for r in rates)
