"""OpenSpiel games for every game with an encoder, registered on demand.

>>> from tabletop.rl import openspiel
>>> openspiel.register()
>>> import pyspiel
>>> game = pyspiel.load_game("tabletop_wicked_labyrinth", {"players": 4})

``register()`` adds ``tabletop_<name>`` (dashes become underscores) for each game:
The Wicked Labyrinth as a simultaneous-move game, Code of Nine as a sequential one;
both with explicit chance nodes (the engine runs with ``auto_chance=False``) and
imperfect information. Parameters: ``players`` and the game's own options that are
plain values (a card-file option takes a path; "" means this edition's set).

Actions are the game's action table. A simultaneous game has one more action, the
no-op (last id): at a simultaneous node, a seat with nothing to decide has only it.
At a node where one seat decides, the node is an ordinary player node.

Strings and tensors, for the seat ``player``:

- observation tensor: the encoder's vector of the seat's view (``docs/rl.md``);
  observation string: that view as text;
- information-state string: the seat's perfect-recall record, every event of the game
  as that seat saw it (``Event.for_player``), in order;
- information-state tensor: the observation tensor. A view holds everything a seat
  knows that can still matter for play, so the tensor is Markov but it is not a
  perfect-recall encoding; algorithms that need perfect recall use the string.

Returns: win share (1/k to each of k winners) at the end, 0 before.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from tabletop.core.errors import IllegalActionError, UnknownGameError
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.rl.encoders import encoder_for
from tabletop.rl.render import render_view

GAME_VERSION = 1
"""Bumped when actions, strings, tensors or returns change meaning; see docs/rl.md."""


def short_name(game: str) -> str:
    """The pyspiel name of a game: ``wicked-labyrinth`` -> ``tabletop_wicked_labyrinth``."""
    return "tabletop_" + game.replace("-", "_")


def _lookup(game: str) -> Game:
    from tabletop import game as lookup

    return lookup(game)


def _parameters(game: Game) -> dict[str, Any]:
    """pyspiel parameters: ``players`` and each option pyspiel can carry (int/float/bool/str).

    An option whose default is None but which takes text (a data-file path) is given as
    ``""``, meaning the default.
    """
    params: dict[str, Any] = {"players": min(game.info.player_counts)}
    for spec in game.info.options:
        kinds = spec.kind if isinstance(spec.kind, tuple) else (spec.kind,)
        if isinstance(spec.default, bool | int | float | str):
            params[spec.name] = spec.default
        elif spec.default is None and str in kinds:
            params[spec.name] = ""
    return params


class _Engine:
    """The engine state and the events each step produced (the perfect-recall record).

    OpenSpiel clones a Python state by deep-copying its attributes; this holder copies
    itself with the engine's cheap ``clone`` instead, and shares the frozen events.
    """

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []
        self.records: dict[int | None, tuple[int, str]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        new = _Engine(self.state.clone())
        new.events = self.events[:]
        new.records = dict(self.records)
        return new

    def record(self, player: int | None) -> str:
        """Every event as ``player`` saw it, one per line; extended, not rebuilt, per call."""
        done, text = self.records.get(player, (0, ""))
        lines = [text] if text else []
        for event in self.events[done:]:
            seen = event.for_player(player)
            if seen is not None:
                lines.append(repr(seen))
        text = "\n".join(lines)
        self.records[player] = (len(self.events), text)
        return text


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """One OpenSpiel state over one engine state; see the module docstring."""

    def __init__(self, game: TabletopGame, engine: State) -> None:
        super().__init__(game)
        self._noop = game.noop  # plain values: OpenSpiel deep-copies attributes to clone
        self._simultaneous = game.simultaneous
        self._engine = _Engine(engine)

    @property
    def engine(self) -> State:
        """The tabletop state underneath (the whole truth: for tests and tools)."""
        return self._engine.state

    def current_player(self) -> int:
        state = self._engine.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        deciding = state.current_players()
        if len(deciding) > 1:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return deciding[0]

    def _legal_actions(self, player: int) -> list[int]:
        state = self._engine.state
        if state.is_terminal() or state.is_chance_node():
            return []
        deciding = state.current_players()
        if player in deciding:
            return sorted(state.legal_action_ids(player))
        if len(deciding) > 1:
            return [self._noop]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._engine.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        state = engine.state
        if state.is_chance_node():
            engine.events += state.apply_chance(int(action))
        else:
            (player,) = state.current_players()
            engine.events += state.apply(player, int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        engine = self._engine
        state = engine.state
        deciding = state.current_players()
        for player, action in enumerate(actions):  # all checked before any is applied
            if player not in deciding and action != self._noop:
                raise ValueError(f"player {player} has no decision now: only the no-op "
                                 f"{self._noop} is legal, got {action}")
            if player in deciding and action not in state.legal_action_ids(player):
                raise IllegalActionError(player, action, "it is not a legal action now")
        for player in deciding:
            engine.events += state.apply(player, int(actions[player]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action}"
        if action == self._noop and self._simultaneous:
            return "no-op"
        return str(self._engine.state.game.actions[action])

    def is_terminal(self) -> bool:
        return self._engine.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._engine.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        result = state.result()
        return [result.win_share(p) for p in range(state.num_players)]

    def information_record(self, player: int | None) -> str:
        return self._engine.record(player)

    def __str__(self) -> str:
        """The whole engine state (hidden parts included), compact and deterministic."""
        return json.dumps(self._engine.state.to_json()["state"], separators=(",", ":"))


class TabletopObserver:
    """Observation or information state of one seat (pyspiel's PyObserver interface).

    ``private_info`` SINGLE_PLAYER reads the seat's own view; NONE reads the spectator
    view (public information only). ALL_PLAYERS is refused: no view shows every secret.
    """

    def __init__(self, game: TabletopGame, iig_obs_type: Any, params: dict[str, Any] | None):
        if params:
            raise ValueError(f"tabletop observers take no parameters, got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("tabletop observations show one seat's secrets, never all seats'")
        self._own_view = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._perfect_recall = iig_obs_type.perfect_recall
        self._encoder = game.encoder
        self.tensor = np.zeros(game.encoder.size(game.num_players()), np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: TabletopState, player: int) -> Any:
        engine = state.engine
        return engine.view(player) if self._own_view else engine.spectator_view()

    def set_from(self, state: TabletopState, player: int) -> None:
        self.tensor[:] = self._encoder.encode(self._view(state, player))

    def string_from(self, state: TabletopState, player: int) -> str:
        if self._perfect_recall:
            return state.information_record(player if self._own_view else None)
        return render_view(self._view(state, player))


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """A tabletop game as a pyspiel game; one subclass per game names it."""

    engine_name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.engine_game = game = _lookup(self.engine_name)
        self.simultaneous = game.info.simultaneous
        defaults = _parameters(game)
        values = {**defaults, **(params or {})}
        unknown = set(values) - set(defaults)
        if unknown:
            name = short_name(game.info.name)
            raise ValueError(f"{name} has no parameter {sorted(unknown)[0]!r}")
        players = values.pop("players")
        options = {k: (None if v == "" else v) for k, v in values.items()}
        # Resolved once: OpenSpiel makes a new initial state for every clone.
        self.options = game.resolve_options(game.info.check(players, options))
        self.encoder = encoder_for(game.info.name)
        self.noop = game.info.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=self.noop + (1 if self.simultaneous else 0),
            max_chance_outcomes=game.info.num_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.info.max_game_length,
        )
        super().__init__(_game_type(game), info, {**values, "players": players})

    def new_initial_state(self) -> TabletopState:
        state = self.engine_game.new_game(self.num_players(), 0, auto_chance=False,
                                          **self.options)
        return TabletopState(self, state)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TabletopObserver:
        return TabletopObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


def _game_type(game: Game) -> pyspiel.GameType:
    info = game.info
    dynamics = pyspiel.GameType.Dynamics
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"tabletop: {info.title}",
        dynamics=dynamics.SIMULTANEOUS if info.simultaneous else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class WickedLabyrinthGame(TabletopGame):
    engine_name = "wicked-labyrinth"


class CodeOfNineGame(TabletopGame):
    engine_name = "code-of-nine"


GAME_CLASSES: dict[str, type[TabletopGame]] = {
    "wicked-labyrinth": WickedLabyrinthGame,
    "code-of-nine": CodeOfNineGame,
}
"""The pyspiel class of each game (module-level, so pyspiel can pickle games)."""


def register(games: list[str] | None = None) -> list[str]:
    """Register ``games`` (default: every game in :data:`GAME_CLASSES`) with pyspiel.

    Safe to call more than once. Returns the pyspiel names.
    """
    names = []
    registered = set(pyspiel.registered_names())
    for name in games if games is not None else list(GAME_CLASSES):
        if name not in GAME_CLASSES:
            known = ", ".join(GAME_CLASSES)
            raise UnknownGameError(f"no OpenSpiel game for {name!r} (games: {known})")
        spiel_name = short_name(name)
        if spiel_name not in registered:
            pyspiel.register_game(_game_type(_lookup(name)), GAME_CLASSES[name])
        names.append(spiel_name)
    return names
