"""A single-seat Gymnasium environment: one learning seat, the others opponents.

>>> import tabletop
>>> from tabletop.rl.gymnasium import SingleSeatEnv
>>> game = tabletop.games()[0]  # any registered game with an encoder
>>> env = SingleSeatEnv(game, players=4, seat=0, opponents="heuristic")
>>> observation, info = env.reset(seed=3)

The observation is ``{"observation": float32 Box(0, 1), "action_mask": int8}`` with the
same encoder as the PettingZoo envs; the action space is
``Discrete(num_distinct_actions + 1)``: the game's action table, then a no-op that is
legal only once the game is over, so the last observation's mask is never all zero
(a masked softmax over it stays finite under ``gymnasium.vector`` autoreset).
``action_masks()`` gives the mask as booleans, for sb3-contrib's MaskablePPO. Each
``step`` applies the learner's action, then lets the opponents play until the learner
decides again or the game ends. When the learner decides together with opponents
(a simultaneous decision), they choose from the same moment, before anything is
applied. Opponents are bot specs or policies (:mod:`tabletop.rl.opponents`), and
``reset(options={"opponents": ...})`` swaps them for the next game (self-play).

``register()`` adds ``tabletop/<GameName>-v2`` for every game with an encoder to
``gymnasium.make``. Reward: 0 until the end, then win share (or
``reward="score_diff"``); the last ``info`` holds every seat's score and placing
(:func:`final_info`). An action outside the mask ends the episode with
``illegal_reward`` and ``info["illegal_action"] = True``. Bots are seeded from the
env's generator, so ``reset(seed=...)`` fixes the whole episode.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium.spaces import Space

from tabletop.core.errors import GameOptionError
from tabletop.core.game import Game
from tabletop.rl import actions as words
from tabletop.rl.episode import Episode, final_info
from tabletop.rl.opponents import Opponent, Opponents, opponent_specs
from tabletop.rl.render import render_ansi

ENV_VERSION = 2
"""Bumped when observations, actions or rewards change meaning; see docs/rl.md."""


class SingleSeatEnv(gymnasium.Env[dict[str, np.ndarray], int]):
    """``seat`` learns; every other seat is an opponent from ``opponents``.

    ``opponents`` is one opponent for all other seats or one per other seat, in seat
    order; an opponent is a bot spec (``"random"``, ``"heuristic"``) or a policy
    ``(observation, action_mask) -> action`` (:mod:`tabletop.rl.opponents`; a frozen
    copy of a learner is one: :func:`tabletop.rl.opponents.frozen`).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game,
        players: int,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
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
        self._opponents = self._make_opponents(opponents)
        n = self.episode.num_actions
        # gymnasium types its spaces by numpy's scalar types, the env by what it returns
        self.observation_space = cast(
            Space[dict[str, np.ndarray]],
            gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        0.0, 1.0, (self.episode.obs_size,), np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (n,), np.int8),
                }
            ),
        )
        self.action_space = cast(Space[int], gymnasium.spaces.Discrete(n))

    def _make_opponents(self, opponents: Opponent | Sequence[Opponent]) -> Opponents:
        ep = self.episode
        specs = opponent_specs(ep.game, ep.players, self.seat, opponents)
        return Opponents(ep.game, specs, ep.players, ep.noop)

    @property
    def opponents(self) -> dict[int, Opponent]:
        """Each other seat's opponent (bot spec or policy)."""
        return self._opponents.specs

    def _observation(self) -> dict[str, np.ndarray]:
        """Fresh arrays every time: callers keep them (the episode caches its own)."""
        ep = self.episode
        return {
            "observation": ep.observation(self.seat).copy(),
            "action_mask": ep.mask(self.seat).copy(),
        }

    def action_to_string(self, action: int) -> str:
        """The action id's notation (``library``), or ``"no-op (the game is over)"``;
        ValueError for an id outside the action space (:mod:`tabletop.rl.actions`)."""
        return words.action_to_string(self.episode.game, action, words.NOOP_AT_END)

    def describe(self, action: int) -> str:
        """``notation: words`` for the action id, in the learner's position now when it
        may play it, else what the action's kind means (:mod:`tabletop.rl.actions`)."""
        ep = self.episode
        return words.describe(ep.game, action, ep._state, self.seat, words.NOOP_AT_END)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (what sb3-contrib's MaskablePPO asks for)."""
        return self.episode.mask(self.seat).astype(bool)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game and new bots, all drawn from the env's generator.

        ``options`` may hold ``"opponents"`` (as in the constructor), which replaces
        the opponents from this game on: how a self-play loop changes whom the learner
        meets. Any other option is refused (game options go to the constructor).
        """
        options = dict(options or {})
        if "opponents" in options:
            self._opponents = self._make_opponents(options.pop("opponents"))
        if options:
            raise GameOptionError(
                f"reset() takes only the option 'opponents', got {sorted(options)}; "
                "game options go to the constructor"
            )
        super().reset(seed=seed)
        self.episode.reset(int(self.np_random.integers(0, 2**63 - 1)))
        self._opponents.new_game(self.np_random)
        self._play_opponents()
        return self._observation(), self._info()

    def _play_opponents(self) -> None:
        """Let the opponents play until the learner must decide or the game is over."""
        ep = self.episode
        while not ep.over and self.seat not in ep.deciding:
            ep.act(self._opponents.actions(ep.state, self.seat))

    def _info(self) -> dict[str, Any]:
        ep = self.episode
        if ep.offender == self.seat:
            return {"illegal_action": True}
        if ep.over:
            return final_info(ep.state.result())
        return {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        ep = self.episode
        if ep.over:
            raise RuntimeError("the episode is over: call reset() first")
        chosen = self._opponents.actions(ep.state, self.seat)
        chosen[self.seat] = int(action)
        ep.act(chosen)
        self._play_opponents()
        reward = ep.rewards()[self.seat] if ep.over else 0.0
        return self._observation(), float(reward), ep.over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        ep = self.episode
        return render_ansi(ep.game.info.name, ep.state.view(self.seat))


def env_id(game: str) -> str:
    """The Gymnasium id of a game's single-seat env: ``tabletop/MyGame-v2`` for
    ``my-game``."""
    title = "".join(part.capitalize() for part in game.split("-"))
    return f"tabletop/{title}-v{ENV_VERSION}"


def register() -> list[str]:
    """Register every game with an encoder with Gymnasium (safe to call again).

    Then ``gymnasium.make(env_id(game), players=4, seat=0)`` works;
    keyword arguments are :class:`SingleSeatEnv`'s. Returns the ids.
    """
    from tabletop.encoding import games_with_encoders

    ids = []
    for game in games_with_encoders():
        name = env_id(game)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"{__name__}:SingleSeatEnv", kwargs={"game": game})
        ids.append(name)
    return ids
