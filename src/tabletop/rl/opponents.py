"""The seats a learner plays against: named bots or policies (self-play).

An opponent is either a bot spec (``"random"``, ``"heuristic"``, ``"mcts:iterations=200"``),
remade at every new game with a seed drawn from the env's generator, or a *policy*: a
callable ``(observation, action_mask) -> action`` that sees exactly what a learner sees
in the single-seat env (the float32 vector of its own seat, the int8 mask over the
action table plus the no-op) and returns an action id. A frozen copy of the learner is
such a policy (:func:`frozen`), which is what self-play needs.

Both :class:`~tabletop.rl.gymnasium.SingleSeatEnv` and the batched
:class:`~tabletop.rl.vector.VectorEnv` (one learning seat) play their opponents here,
so the two agree step for step on the same seeds.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from tabletop.bots import make_bot
from tabletop.core.bot import Bot
from tabletop.core.errors import GameOptionError, IllegalActionError
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.encoding import TableEncoder, table_encoder_for

Policy = Callable[[np.ndarray, np.ndarray], int]
"""``(observation, action_mask) -> action id``: an opponent that sees what a learner sees."""

Opponent = str | Policy
"""A bot spec or a policy."""


class _Predictor(Protocol):
    def predict(self, observation: Any, **kwargs: Any) -> tuple[Any, Any]: ...


def frozen(model: _Predictor, deterministic: bool = False) -> Policy:
    """A policy from a frozen copy of ``model``: anything with Stable-Baselines3's
    ``predict(observation, action_masks=..., deterministic=...)``, such as a
    MaskablePPO's ``policy`` (pass the policy, not the whole model, whose copy would
    drag its env and that env's opponents along).

    The copy is taken now, so the learner training on goes on changing while this
    opponent stays as it was: a past self for a self-play pool.
    """
    snapshot = _snapshot(model)

    def policy(observation: np.ndarray, action_mask: np.ndarray) -> int:
        action, _ = snapshot.predict(
            {"observation": observation, "action_mask": action_mask},
            action_masks=action_mask.astype(bool),
            deterministic=deterministic,
        )
        return int(action)

    return policy


def _snapshot(model: Any) -> Any:
    """A copy of ``model`` that later training does not change.

    A Stable-Baselines3 policy (a torch module; its last forward pass leaves tensors
    that refuse ``deepcopy``) is rebuilt from its constructor parameters and weights;
    anything else is deep-copied.
    """
    parameters = getattr(model, "_get_constructor_parameters", None)
    if parameters is not None and hasattr(model, "load_state_dict"):
        twin = type(model)(**parameters())
        twin.load_state_dict(model.state_dict())
        twin.set_training_mode(False)
        return twin
    return copy.deepcopy(model)


def opponent_specs(
    game: Game, players: int, learner: int, opponents: Opponent | Sequence[Opponent]
) -> dict[int, Opponent]:
    """Each other seat's opponent, checked now (a bad bot spec fails here, not mid-game).

    ``opponents`` is one opponent for every other seat, or one per other seat in seat
    order.
    """
    others = [p for p in range(players) if p != learner]
    if isinstance(opponents, str) or callable(opponents):
        specs: list[Opponent] = [opponents] * len(others)
    else:
        specs = list(opponents)
    if len(specs) != len(others):
        raise GameOptionError(
            f"opponents: one for all, or {len(others)} (one per other seat); got {len(specs)}"
        )
    for seat, spec in zip(others, specs, strict=True):
        if isinstance(spec, str):
            make_bot(spec, game, seat, 0)
        elif not callable(spec):
            raise GameOptionError(
                f"an opponent is a bot spec or a callable (observation, mask) -> action, "
                f"got {spec!r}"
            )
    return dict(zip(others, specs, strict=True))


class Opponents:
    """The opponents of one table of ``seats`` seats: bots made per game, policies shared.

    ``noop`` is the no-op's id (the last entry of a policy's mask). Pickles (and
    deep-copies) with its bots as they are now, so a copy goes on playing as the
    original; a policy must then pickle too (a function at a module's top level does;
    a :func:`frozen` copy pickles with cloudpickle, as Ray uses, not with ``pickle``).
    """

    def __init__(self, game: Game, specs: dict[int, Opponent], seats: int, noop: int) -> None:
        self.game = game
        self.specs = specs
        self.seats = seats
        self.noop = noop
        self.players: dict[int, Bot | Policy] = {}
        self._encoder: TableEncoder | None = None

    @property
    def encoder(self) -> TableEncoder:
        """The game's table encoder, made when a policy first needs an observation."""
        if self._encoder is None:
            self._encoder = table_encoder_for(self.game.info.name, self.seats)
        return self._encoder

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the table encoder, whose buffers do not pickle (made again
        when needed)."""
        return {**self.__dict__, "_encoder": None}

    def new_game(self, rng: np.random.Generator) -> None:
        """New bots, each seeded from ``rng`` (one draw per other seat, in seat order,
        whatever the kind of opponent, so a change of kind shifts no other seat's seed)."""
        players: dict[int, Bot | Policy] = {}
        for seat, spec in self.specs.items():
            seed = int(rng.integers(0, 2**63 - 1))
            players[seat] = make_bot(spec, self.game, seat, seed) if isinstance(spec, str) else spec
        self.players = players

    def actions(self, state: State, learner: int) -> dict[int, int]:
        """What every deciding opponent chooses now, all from the same moment."""
        chosen: dict[int, int] = {}
        rows: np.ndarray | None = None
        table = self.game.actions
        for seat in state.current_players():
            if seat == learner:
                continue
            player = self.players[seat]
            if isinstance(player, Bot):
                chosen[seat] = table.id_of(player.act(state.view(seat), state.legal_actions(seat)))
                continue
            if rows is None:
                rows = self.encoder.encode(state)
            legal = state.legal_action_ids(seat)
            mask = np.zeros(self.noop + 1, np.int8)
            mask[list(legal)] = 1
            action = int(player(rows[seat].copy(), mask))
            if action not in legal:
                raise IllegalActionError(
                    seat, action, "the opponent policy chose an action outside its mask"
                )
            chosen[seat] = action
        return chosen

    def play_until(self, state: State, learner: int) -> None:
        """Let the opponents play until ``learner`` must decide or the game is over."""
        while not state.is_terminal():
            deciding = state.current_players()
            if learner in deciding:
                return
            chosen = self.actions(state, learner)
            for seat in deciding:  # in seat order, as the episode applies a step
                state.apply_unchecked(seat, chosen[seat])
