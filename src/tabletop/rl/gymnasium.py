"""A single-seat Gymnasium environment: one learning seat, the others played by bots.

>>> from tabletop.rl.gymnasium import SingleSeatEnv
>>> env = SingleSeatEnv("wicked-labyrinth", players=4, seat=0, opponents="random")
>>> observation, info = env.reset(seed=3)

The observation is ``{"observation": float32 Box(0, 1), "action_mask": int8}`` with the
same encoder as the PettingZoo envs; the action space is
``Discrete(num_distinct_actions)`` (the game's action table: the learner is only asked
when it has a decision, so it needs no no-op). Each ``step`` applies the learner's
action, then lets the bots play until the learner decides again or the game ends. When
the learner decides together with bots (simultaneous declarations), the bots choose
from the same moment, before anything is applied.

``register()`` adds ``tabletop/WickedLabyrinth-v1`` and ``tabletop/CodeOfNine-v1`` to
``gymnasium.make``. Reward: 0 until the end, then win share (or ``reward="score_diff"``). An action
outside the mask ends the episode with ``illegal_reward`` and
``info["illegal_action"] = True``. Bots are seeded from the env's generator, so
``reset(seed=...)`` fixes the whole episode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium.spaces import Space

from tabletop.bots import make_bot
from tabletop.bots.base import Bot
from tabletop.core.errors import GameOptionError
from tabletop.core.game import Game
from tabletop.rl.episode import Episode
from tabletop.rl.render import render_ansi

ENV_VERSION = 1
"""Bumped when observations, actions or rewards change meaning; see docs/rl.md."""


class SingleSeatEnv(gymnasium.Env[dict[str, np.ndarray], int]):
    """``seat`` learns; every other seat is a bot from ``opponents``.

    ``opponents`` is one bot spec for all other seats (``"random"``) or one spec per
    other seat, in seat order.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game,
        players: int,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        render_mode: str | None = None,
        reward: str = "win_share",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        if isinstance(game, str):
            from tabletop import game as lookup

            game = lookup(game)
        self.render_mode = render_mode
        self.episode = Episode(game, players, options, reward, "penalize", illegal_reward)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise GameOptionError(f"seat must be a seat number 0..{players - 1}, got {seat!r}")
        self.seat = seat
        others = [p for p in range(players) if p != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise GameOptionError(
                f"opponents: one bot spec for all, or {len(others)} (one per other seat); "
                f"got {len(specs)}"
            )
        self.opponents = dict(zip(others, specs, strict=True))
        for other, spec in self.opponents.items():
            make_bot(spec, game, other, 0)  # a bad spec fails here, not at reset
        self._bots: dict[int, Bot] = {}
        n = self.episode.noop
        # gymnasium types its spaces by numpy's scalar types, the env by what it returns
        self.observation_space = cast(Space[dict[str, np.ndarray]], gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (self.episode.obs_size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
        }))
        self.action_space = cast(Space[int], gymnasium.spaces.Discrete(n))

    def _observation(self) -> dict[str, np.ndarray]:
        """Fresh arrays every time: callers keep them (the episode caches its own)."""
        ep = self.episode
        return {
            "observation": ep.observation(self.seat).copy(),
            "action_mask": ep.mask(self.seat)[: ep.noop].copy(),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game and new bots, all drawn from the env's generator."""
        super().reset(seed=seed)
        game = self.episode.game
        self.episode.reset(int(self.np_random.integers(0, 2**63 - 1)))
        self._bots = {
            other: make_bot(spec, game, other, int(self.np_random.integers(0, 2**63 - 1)))
            for other, spec in self.opponents.items()
        }
        self._play_bots()
        return self._observation(), {}

    def _bot_actions(self) -> dict[int, int]:
        """What every deciding bot chooses now, all from the same moment."""
        ep = self.episode
        state = ep.state
        table = ep.game.actions
        return {
            p: table.id_of(self._bots[p].act(state.view(p), state.legal_actions(p)))
            for p in ep.deciding
            if p != self.seat
        }

    def _play_bots(self) -> None:
        """Let the bots play until the learner must decide or the game is over."""
        ep = self.episode
        while not ep.over and self.seat not in ep.deciding:
            ep.act(self._bot_actions())

    def step(
        self, action: int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        ep = self.episode
        if ep.over:
            raise RuntimeError("the episode is over: call reset() first")
        chosen = self._bot_actions()
        chosen[self.seat] = int(action)
        ep.act(chosen)
        self._play_bots()
        info = {"illegal_action": True} if ep.offender == self.seat else {}
        reward = ep.rewards()[self.seat] if ep.over else 0.0
        return self._observation(), float(reward), ep.over, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        ep = self.episode
        return render_ansi(ep.game.info.name, ep.state.view(self.seat))


def env_id(game: str) -> str:
    """The Gymnasium id of a game's single-seat env: ``tabletop/WickedLabyrinth-v1``."""
    title = "".join(part.capitalize() for part in game.split("-"))
    return f"tabletop/{title}-v{ENV_VERSION}"


def register() -> list[str]:
    """Register every game with an encoder with Gymnasium (safe to call again).

    Then ``gymnasium.make("tabletop/WickedLabyrinth-v1", players=4, seat=0)`` works;
    keyword arguments are :class:`SingleSeatEnv`'s. Returns the ids.
    """
    from tabletop.rl.encoders import ENCODERS

    ids = []
    for game in ENCODERS:
        name = env_id(game)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"{__name__}:SingleSeatEnv",
                               kwargs={"game": game})
        ids.append(name)
    return ids
