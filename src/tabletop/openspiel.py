"""OpenSpiel games for every game with an encoder, registered on demand.

>>> import tabletop
>>> from tabletop import openspiel
>>> names = openspiel.register()  # ["tabletop_<name>", ...]
>>> import pyspiel
>>> game = pyspiel.load_game(openspiel.short_name(tabletop.games()[0]), {"players": 4})

``register()`` adds ``tabletop_<name>`` (dashes become underscores) for each game:
games with simultaneous decisions as simultaneous-move games, the others, and those
whose kit says ``openspiel:turn_based`` (:func:`is_turn_based`: every simultaneous
decision is sealed, committed seat by seat), as sequential ones; all with explicit
chance nodes (the engine runs with ``auto_chance=False``) and imperfect information.
Parameters: ``players`` and the game's own options that are plain values (a card-file
option takes a path; "" means this edition's set).

Actions are the game's action table. A simultaneous game has one more action, the
no-op (last id), and every one of its decision nodes is a simultaneous node: a seat
with nothing to decide there has the no-op alone, so OpenSpiel's ``rl_environment``
and its agents run on it as it is. In a sequential game one seat decides at a time.

Strings and tensors, for the seat ``player``:

- observation tensor: the encoder's vector of the seat's view (``docs/rl.md``);
  observation string: that view as text;
- information-state string (perfect recall): every event of the game as that seat saw
  it (``Event.for_player``) and every decision the seat made, in order, then a last
  line with the seats deciding now and, when the seat is one of them, the choices the
  table offers it (the pending step, as the seat sees it);
- information-state tensor: the observation tensor (which holds the pending step),
  then the seat's own decisions in order, two entries each (made; action id + 1 over
  the action count), for as many decisions as the game can last.

``resample_from_infostate`` draws a state the seat cannot tell from this one with the
game's own ``determinize`` (the search bots' sampler); the seat's record carries over,
the other seats' start from their view of the sample. Returns: win share (1/k to each
of k winners) at the end, 0 before. Game objects pickle (the game class registers
itself when unpickled in a fresh process).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from tabletop.core.errors import IllegalActionError, UnknownGameError
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.encoding import encoder_for, games_with_encoders, render_view
from tabletop.games import REGISTRY

GAME_VERSION = 3
"""Bumped when actions, strings, tensors or returns change meaning; see docs/rl.md."""


def is_turn_based(game: Game) -> bool:
    """Whether ``game`` is registered as sequential although several seats may decide at
    once (its kit's ``openspiel:turn_based``): all its simultaneous decisions are
    sealed, so the deciding seats commit one after another, lowest seat first, and
    since nothing of a commitment shows until all are in, each seat's information state
    is the one it has at the simultaneous decision (what
    ``pyspiel.convert_to_turn_based`` does). This keeps OpenSpiel's sequential-only
    algorithms, such as ISMCTS, usable on the game."""
    kit = REGISTRY.kit(game.info.name)
    return kit.has("openspiel:turn_based") and bool(kit.part("openspiel:turn_based"))


def simultaneous(game: Game) -> bool:
    """Whether ``game`` is registered with simultaneous nodes (see :func:`is_turn_based`)."""
    return game.info.simultaneous and not is_turn_based(game)


def short_name(game: str, turn_based: bool = False) -> str:
    """The pyspiel name of a game: ``my-game`` -> ``tabletop_my_game``
    (``tabletop_my_game_turn_based`` for its turn-based form)."""
    return "tabletop_" + game.replace("-", "_") + ("_turn_based" if turn_based else "")


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


@dataclass(frozen=True)
class _Decision:
    """A seat's own decision in the record: only that seat's record shows it."""

    player: int
    action: int
    text: str


class _Engine:
    """The engine state and what each step produced: the perfect-recall records.

    ``entries`` holds every event and every decision in order; ``prefix`` is where a
    seat's record starts (empty but in resampled states). OpenSpiel clones a Python
    state by deep-copying its attributes; this holder copies itself with the engine's
    cheap ``clone`` instead, and shares the frozen entries.
    """

    def __init__(self, state: State, prefix: dict[int | None, str] | None = None) -> None:
        self.state = state
        self.entries: list[Event | _Decision] = []
        self.prefix = prefix or {}
        self.records: dict[int | None, tuple[int, str]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        new = _Engine(self.state.clone(), self.prefix)
        new.entries = self.entries[:]
        new.records = dict(self.records)
        return new

    def decide(self, player: int, action: int) -> None:
        """Apply ``player``'s (checked) action, recording the decision and its events."""
        notation = str(self.state.game.actions[action])
        self.entries.append(_Decision(player, action, notation))
        self.entries += self.state.apply(player, action)

    def record(self, player: int | None) -> str:
        """Every event as ``player`` saw it and every decision it made, one per line;
        extended, not rebuilt, per call."""
        done, text = self.records.get(player, (0, self.prefix.get(player, "")))
        lines = [text] if text else []
        for entry in self.entries[done:]:
            if isinstance(entry, _Decision):
                if entry.player == player:
                    lines.append(f"you chose {entry.text}")
            else:
                seen = entry.for_player(player)
                if seen is not None:
                    lines.append(repr(seen))
        text = "\n".join(lines)
        self.records[player] = (len(self.entries), text)
        return text

    def now(self, player: int | None) -> str:
        """The last line of an information state: who decides now, and the seat's own
        choices when it is one of them."""
        state = self.state
        if state.is_terminal():
            return "now: the game is over"
        if state.is_chance_node():
            return "now: chance"
        deciding = state.current_players()
        line = f"now: deciding {list(deciding)}"
        if player in deciding:
            table = state.game.actions
            choices = ", ".join(str(table[i]) for i in sorted(state.legal_action_ids(player)))
            line += f"; your choices: {choices}"
        return line


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """One OpenSpiel state over one engine state; see the module docstring."""

    def __init__(
        self, game: TabletopGame, engine: State, prefix: dict[int | None, str] | None = None
    ) -> None:
        super().__init__(game)
        self._noop = game.noop  # plain values: OpenSpiel deep-copies attributes to clone
        self._simultaneous = game.simultaneous
        self._engine = _Engine(engine, prefix)

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
        if self._simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return deciding[0]  # one seat, or the lowest of a sealed decision (is_turn_based)

    def _legal_actions(self, player: int) -> list[int]:
        state = self._engine.state
        if state.is_terminal() or state.is_chance_node():
            return []
        deciding = state.current_players()
        if not self._simultaneous:
            return sorted(state.legal_action_ids(player)) if player == deciding[0] else []
        if player in deciding:
            return sorted(state.legal_action_ids(player))
        return [self._noop]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._engine.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        state = engine.state
        if state.is_chance_node():
            engine.entries += state.apply_chance(int(action))
        else:
            player = state.current_players()[0]  # one seat, or the lowest (is_turn_based)
            engine.decide(player, int(action))

    def _apply_actions(self, actions: list[int]) -> None:
        engine = self._engine
        state = engine.state
        deciding = state.current_players()
        for player, action in enumerate(actions):  # all checked before any is applied
            if player not in deciding and action != self._noop:
                raise ValueError(
                    f"player {player} has no decision now: only the no-op "
                    f"{self._noop} is legal, got {action}"
                )
            if player in deciding and action not in state.legal_action_ids(player):
                raise IllegalActionError(player, action, "it is not a legal action now")
        for player in deciding:
            engine.decide(player, int(actions[player]))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._engine.state
        if player == pyspiel.PlayerId.CHANCE:
            return chance_outcome_string(state, action)
        if action == self._noop and self._simultaneous:
            return "no-op"
        return str(state.game.actions[action])

    def is_terminal(self) -> bool:
        return self._engine.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._engine.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        result = state.result()
        return [result.win_share(p) for p in range(state.num_players)]

    def information_record(self, player: int | None) -> str:
        """The seat's perfect-recall record and its last line (module docstring)."""
        engine = self._engine
        record = engine.record(player)
        now = engine.now(player)
        return f"{record}\n{now}" if record else now

    def own_decisions(self, player: int) -> list[int]:
        """The ids of the seat's own decisions so far, in order."""
        return [
            e.action
            for e in self._engine.entries
            if isinstance(e, _Decision) and e.player == player
        ]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletopState:
        """A state ``player_id`` cannot tell from this one (ISMCTS's resampler).

        Drawn by the game's own ``determinize`` from the seat's view, seeded by
        ``probability_sampler()`` (OpenSpiel passes a sampler of [0, 1)); chance stays
        explicit. The seat's record carries over; every other seat's starts from its
        view of the sample, since what they saw before is not known.
        """
        engine = self._engine.state
        seed = int(float(probability_sampler()) * 2**62)
        sample = engine.game.determinize(engine.view(player_id), seed)
        sample.auto_chance = False
        game = self.get_game()
        prefix: dict[int | None, str] = {
            p: render_view(sample.view(p)) for p in range(engine.num_players)
        }
        prefix[player_id] = self._engine.record(player_id)
        return TabletopState(game, sample, prefix)

    def __str__(self) -> str:
        """The whole engine state (hidden parts included), compact and deterministic."""
        return json.dumps(self._engine.state.to_json()["state"], separators=(",", ":"))


def chance_outcome_string(state: State, outcome: int) -> str:
    """What a chance outcome of ``state`` draws, in words (the game's kit names it:
    ``openspiel:chance``; else its number)."""
    kit = REGISTRY.kit(state.game.info.name)
    if kit.has("openspiel:chance"):
        name: str = kit.part("openspiel:chance")(state, outcome)
        return name
    return f"chance outcome {outcome}"


class TabletopObserver:
    """Observation or information state of one seat (pyspiel's PyObserver interface).

    ``private_info`` SINGLE_PLAYER reads the seat's own view; NONE reads the spectator
    view (public information only). ALL_PLAYERS is refused: no view shows every secret.
    With ``perfect_recall`` the string is the seat's record and the tensor adds its own
    decisions (module docstring).
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
        self._size = game.encoder.size(game.num_players())
        self._scale = 1.0 / (game.num_distinct_actions() + 1)
        history = 2 * game.max_game_length() if self._perfect_recall else 0
        self.tensor = np.zeros(self._size + history, np.float32)
        self.dict = {"observation": self.tensor[: self._size]}
        if history:
            self.dict["own_decisions"] = self.tensor[self._size :].reshape(-1, 2)

    def _view(self, state: TabletopState, player: int) -> Any:
        engine = state.engine
        return engine.view(player) if self._own_view else engine.spectator_view()

    def set_from(self, state: TabletopState, player: int) -> None:
        size = self._size
        self.tensor[:size] = self._encoder.encode(self._view(state, player))
        if self._perfect_recall:
            history = self.tensor[size:]
            history[:] = 0.0
            if self._own_view:
                own = np.asarray(state.own_decisions(player), np.float32)
                history[0 : 2 * len(own) : 2] = 1.0
                history[1 : 2 * len(own) : 2] = (own + 1.0) * self._scale

    def string_from(self, state: TabletopState, player: int) -> str:
        if self._perfect_recall:
            return state.information_record(player if self._own_view else None)
        return render_view(self._view(state, player))


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """A tabletop game as a pyspiel game; one subclass per game names it
    (:func:`game_class`)."""

    engine_name: str
    turn_based: bool = False
    """Commit every simultaneous decision seat by seat, lowest first, as
    :func:`is_turn_based` games do: a sequential game for sequential-only algorithms
    (OpenSpiel's ISMCTS). Right for any game whose simultaneous decisions are either
    sealed (nothing of a commitment shows until all are in, the engine takes them one
    at a time) or each seat's own, done in the open."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.engine_game = game = _lookup(self.engine_name)
        self.simultaneous = simultaneous(game) and not self.turn_based
        defaults = _parameters(game)
        values = {**defaults, **(params or {})}
        unknown = set(values) - set(defaults)
        if unknown:
            name = short_name(game.info.name, self.turn_based)
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
            utility_sum=1.0,  # the returns are win shares: shared wins split one win
            max_game_length=game.info.max_game_length,
        )
        super().__init__(_game_type(game, self.turn_based), info, {**values, "players": players})

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any], bool]]:
        """Pickles by name and parameters; unpickling registers the game first, so a
        fresh process (a worker) can load it."""
        return _unpickle_game, (
            self.engine_game.info.name,
            dict(self.get_parameters()),
            self.turn_based,
        )

    def action_to_string(self, player: int, action: int) -> str:
        """An action's notation (``d3w``, ``library``); ``no-op`` for the no-op of a
        simultaneous game. Chance outcomes depend on the state: use the state's."""
        if action == self.noop and self.simultaneous:
            return "no-op"
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance outcome {action} (the state names it)"
        return str(self.engine_game.actions[action])

    def new_initial_state(self) -> TabletopState:
        state = self.engine_game.new_game(self.num_players(), 0, auto_chance=False, **self.options)
        return TabletopState(self, state)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TabletopObserver:
        return TabletopObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


def _game_type(game: Game, turn_based: bool = False) -> pyspiel.GameType:
    info = game.info
    dynamics = pyspiel.GameType.Dynamics
    together = simultaneous(game) and not turn_based
    return pyspiel.GameType(
        short_name=short_name(info.name, turn_based),
        long_name=f"tabletop: {info.title}" + (" (turn-based)" if turn_based else ""),
        dynamics=dynamics.SIMULTANEOUS if together else dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,  # win shares always sum to 1
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


def game_class(name: str, turn_based: bool = False) -> type[TabletopGame]:
    """The pyspiel class of game ``name`` (made once: pyspiel registers it and games
    pickle by name), or of its turn-based form (:attr:`TabletopGame.turn_based`; not
    registered with pyspiel by name: made directly, as the ``ismcts`` bot does)."""
    return _game_class(name, turn_based)


@cache
def _game_class(name: str, turn_based: bool) -> type[TabletopGame]:
    title = "".join(part.capitalize() for part in name.split("-"))
    kind = ("TurnBased" if turn_based else "") + title + "Game"
    made: type[TabletopGame] = type(
        kind,
        (TabletopGame,),
        {"engine_name": name, "turn_based": turn_based, "__module__": __name__},
    )
    return made


def sequential_class(name: str) -> type[TabletopGame]:
    """The class of the sequential form of game ``name``: its turn-based form if it
    has simultaneous nodes, else the game itself."""
    return game_class(name, simultaneous(_lookup(name)))


def _unpickle_game(name: str, params: dict[str, Any], turn_based: bool = False) -> TabletopGame:
    if turn_based:
        return game_class(name, True)(params)
    register([name])
    game: TabletopGame = pyspiel.load_game(short_name(name), params)
    return game


def register(games: list[str] | None = None) -> list[str]:
    """Register ``games`` (default: every game with an encoder) with pyspiel.

    Safe to call more than once. Returns the pyspiel names.
    """
    names = []
    registered = set(pyspiel.registered_names())
    known = games_with_encoders()
    for name in games if games is not None else known:
        if name not in known:
            raise UnknownGameError(f"no OpenSpiel game for {name!r} (games: {', '.join(known)})")
        spiel_name = short_name(name)
        if spiel_name not in registered:
            pyspiel.register_game(_game_type(_lookup(name)), game_class(name))
        names.append(spiel_name)
    return names
