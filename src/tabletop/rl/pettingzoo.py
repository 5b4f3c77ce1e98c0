"""PettingZoo environments for every game with an encoder: parallel and AEC.

>>> import tabletop
>>> from tabletop.rl.pettingzoo import parallel_env
>>> env = parallel_env(tabletop.games()[0], players=4)
>>> observations, infos = env.reset(seed=1)

Agents are ``player_0`` .. ``player_{N-1}`` (seat numbers). Each observation is
``{"observation": float32 Box(0, 1), "action_mask": int8}``; the action space is
``Discrete(num_distinct_actions + 1)``: the game's action table, then one no-op, the
only legal action of a seat with no decision at this step.

- Parallel: every seat deciding now acts in the same ``step`` (a simultaneous
  decision, such as sealed bids); the others send the no-op (or nothing).
- AEC: the seats deciding now act one after the other; their actions are held until
  the last of them has acted and then applied together, so nobody's observation shows
  a commitment made before theirs in the same step. Seats without a decision are not
  selected.

Rewards are 0 until the end, then win share (or ``reward="score_diff"``). An action
outside the mask ends the episode with ``illegal_reward`` for its seat
(``illegal="raise"`` refuses it instead). All chance comes from the env's generator,
seeded by ``reset(seed=...)``. ``state()`` is every seat's observation in seat order.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv, ParallelEnv

from tabletop.core.game import Game
from tabletop.rl import actions as words
from tabletop.rl.episode import Episode, final_info
from tabletop.rl.render import render_ansi

ENV_VERSION = 1
"""Bumped when observations, actions or rewards change meaning; see docs/rl.md."""

Observation = dict[str, np.ndarray]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def _game(game: str | Game) -> Game:
    if isinstance(game, Game):
        return game
    from tabletop import game as lookup

    return lookup(game)


def _no_options(options: dict[str, Any] | None) -> None:
    """These envs have no reset options. PettingZoo's own ``api_test`` resets with an
    unknown option and expects it to be accepted, so one is ignored with a warning
    that says where game options go, rather than refused."""
    if options:
        gymnasium.logger.warn(
            f"reset() takes no options and ignores {sorted(options)}; game options go to "
            "the constructor (parallel_env(game, players, **options))"
        )


class _Table:
    """What both env kinds share: the episode, the spaces, seeding and rendering."""

    metadata: dict[str, Any]

    def _setup(
        self,
        game: str | Game,
        players: int,
        render_mode: str | None,
        reward: str,
        illegal: str,
        illegal_reward: float,
        options: dict[str, Any],
    ) -> None:
        modes = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes} or None, got {render_mode!r}")
        self.render_mode = render_mode
        self.episode = Episode(_game(game), players, options, reward, illegal, illegal_reward)
        ep = self.episode
        self.possible_agents = [agent_name(p) for p in range(players)]
        self._seats = {agent_name(p): p for p in range(players)}
        box = gymnasium.spaces.Box(0.0, 1.0, (ep.obs_size,), np.float32)
        mask = gymnasium.spaces.Box(0, 1, (ep.num_actions,), np.int8)
        self._obs_spaces = {
            a: gymnasium.spaces.Dict({"observation": box, "action_mask": mask})
            for a in self.possible_agents
        }
        self._action_spaces = {
            a: gymnasium.spaces.Discrete(ep.num_actions) for a in self.possible_agents
        }
        self.state_space = gymnasium.spaces.Box(0.0, 1.0, (players * ep.obs_size,), np.float32)
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def _seat(self, agent: str) -> int:
        try:
            return self._seats[agent]
        except KeyError:
            raise ValueError(f"no agent {agent!r} (agents: {self.possible_agents})") from None

    def _new_game(self, seed: int | None) -> None:
        """Reseed when asked (or on first use) and start a game drawn from the generator."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.episode.reset(int(self._np_random.integers(0, 2**63 - 1)))

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and mask now: what the last ``reset`` or ``step``
        gave it (AEC's ``observe``; in the parallel env, how a copy shipped elsewhere
        reads where it stands)."""
        return self._observe(self._seat(agent))

    def _observe(self, seat: int) -> Observation:
        return {
            "observation": self.episode.observation(seat),
            "action_mask": self.episode.mask(seat),
        }

    def _observe_all(self) -> dict[str, Observation]:
        ep = self.episode
        rows = ep.observations()
        masks = ep.masks()
        return {
            agent: {"observation": rows[p], "action_mask": masks[p]}
            for p, agent in enumerate(self.possible_agents)
        }

    def _infos(self) -> dict[str, dict[str, Any]]:
        """Empty during the game; at its end every seat's scores and placings
        (:func:`~tabletop.rl.episode.final_info`), or who played an illegal action."""
        ep = self.episode
        offender = ep.offender
        if offender is None:
            if ep.over:
                return {agent: final_info(ep.state.result()) for agent in self.possible_agents}
            return {agent: {} for agent in self.possible_agents}
        return {
            agent: {"illegal_action": True} if p == offender else {}
            for p, agent in enumerate(self.possible_agents)
        }

    def state(self) -> np.ndarray:
        return self.episode.global_state()

    def action_to_string(self, action: int) -> str:
        """The action id's notation (``d3w``), or ``"no-op (not your decision)"``;
        ValueError for an id outside the action space (:mod:`tabletop.rl.actions`)."""
        return words.action_to_string(self.episode.game, action)

    def describe(self, action: int, agent: str | None = None) -> str:
        """``notation: words`` for the action id: in ``agent``'s position now when it may
        play it, else what the action's kind means (:mod:`tabletop.rl.actions`)."""
        ep = self.episode
        seat = None if agent is None else self._seat(agent)
        return words.describe(ep.game, action, ep._state, seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        ep = self.episode
        deciding = ", ".join(agent_name(p) for p in ep.deciding) or "nobody"
        view = ep.state.spectator_view()
        text = f"deciding: {deciding}\n{render_ansi(ep.game.info.name, view)}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


class TabletopParallelEnv(_Table, ParallelEnv[str, Observation, int]):
    """Every deciding seat acts in one ``step``; see the module docstring."""

    metadata = {"render_modes": ["ansi", "human"], "name": "tabletop_parallel_v1"}

    def __init__(
        self,
        game: str | Game,
        players: int,
        render_mode: str | None = None,
        reward: str = "win_share",
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self._setup(game, players, render_mode, reward, illegal, illegal_reward, options)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """A new game (``options`` are ignored with a warning: :func:`_no_options`)."""
        _no_options(options)
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observe_all(), self._infos()

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        agents = self.agents
        if not agents:
            raise RuntimeError("the episode is over: call reset() first")
        seats = self._seats
        if not seats.keys() >= actions.keys():
            for agent in actions:
                self._seat(agent)  # names the unknown agent
        ep = self.episode
        ep.act({seats[a]: action for a, action in actions.items()})
        over = ep.over
        observations = self._observe_all()
        if over:
            rewards = dict(zip(agents, ep.rewards(), strict=True))
        else:
            rewards = dict.fromkeys(agents, 0.0)
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos = self._infos()
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos


class TabletopAECEnv(_Table, AECEnv[str, Observation, int]):
    """Deciding seats act one after another, applied together; see the module docstring."""

    metadata = {
        "render_modes": ["ansi", "human"],
        "name": "tabletop_aec_v1",
        "is_parallelizable": False,
    }
    """Not parallelizable: PettingZoo's ``aec_to_parallel`` expects every agent to be
    selected in turn at every step, and this env selects only the deciding seats. Use
    :func:`parallel_env`, the native parallel form, instead."""

    def __init__(
        self,
        game: str | Game,
        players: int,
        render_mode: str | None = None,
        reward: str = "win_share",
        illegal: str = "penalize",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        super().__init__()
        self._setup(game, players, render_mode, reward, illegal, illegal_reward, options)
        self.agents: list[str] = []
        self._queue: list[int] = []
        self._pending: dict[int, int] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game (``options`` are ignored with a warning: :func:`_no_options`)."""
        _no_options(options)
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = self._infos()
        self._skip_agent_selection = None
        self._next_node()

    def _next_node(self) -> None:
        """Queue the seats deciding now, or end the episode for everyone."""
        ep = self.episode
        self._pending = {}
        if ep.over:
            self._queue = []
            for agent, reward in zip(self.agents, ep.rewards(), strict=True):
                self.rewards[agent] = reward
                self.terminations[agent] = True
            self.infos = self._infos()
            self.agent_selection = self.agents[0]
            return
        self._queue = list(ep.deciding)
        self.agent_selection = agent_name(self._queue[0])

    def describe(self, action: int, agent: str | None = None) -> str:
        """As the parallel env's, ``agent`` defaulting to the selected one (once reset)."""
        if agent is None and self.agents:
            agent = self.agent_selection
        return super().describe(action, agent)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is deciding and must send an action, not None")
        seat = self._seat(agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        ep = self.episode
        if not ep.legal(seat, int(action)):
            ep.act({seat: int(action)})  # refuses it: ends the episode or raises
            self._next_node()
        else:
            self._pending[seat] = int(action)
            self._queue.pop(0)
            if self._queue:
                self.agent_selection = agent_name(self._queue[0])
            else:
                ep.act(self._pending)
                self._next_node()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


def parallel_env(game: str | Game, players: int, **kwargs: Any) -> TabletopParallelEnv:
    """The parallel env of ``game`` for ``players`` seats (see the module docstring).

    Keyword arguments: ``render_mode`` ("ansi", "human"), ``reward``, ``illegal``,
    ``illegal_reward``, and the game's own options.
    """
    return TabletopParallelEnv(game, players, **kwargs)


def env(game: str | Game, players: int, **kwargs: Any) -> TabletopAECEnv:
    """The AEC env of ``game``; same arguments as :func:`parallel_env`."""
    return TabletopAECEnv(game, players, **kwargs)
