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

- observation tensor: the encoder's vector of the seat's view (``docs/rl.md``), read
  for every seat at once by the game's table encoder (the batched env's, held equal to
  the view encoder at every step of random games) once per state change, and shared by
  every seat and call until the next move; observation string: the view as text;
- information-state string (perfect recall): every event of the game as that seat saw
  it (``Event.for_player``) and every decision the seat made, in order, then a line
  with the seats deciding now and, when the seat is one of them, the choices the table
  offers it (the pending step, as the seat sees it), then ``seen:`` and a digest of the
  seat's observation tensor, so that the string changes whenever the seat's
  observation does (a card dealt to it, another seat's step of a follow-up: moves that
  show the seat no event);
- information-state tensor: the observation tensor (which holds the pending step),
  then the seat's own decisions in order, two entries each (made; action id + 1 over
  the action count), for as many decisions as one seat can make in the game
  (``Game.longest``: proved from the rules, not guessed).

``max_game_length`` is the game's proved bound (``Game.longest``): its decision nodes
for a simultaneous game, its decisions for a sequential one.

``resample_from_infostate`` draws a state the seat cannot tell from this one with the
game's own ``determinize`` (the search bots' sampler); the seat's record carries over,
the other seats' start from their view of the sample. Returns: win share (1/k to each
of k winners) at the end, 0 before. Game objects pickle (the game class registers
itself when unpickled in a fresh process).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from tabletop.core.errors import IllegalActionError, UnknownGameError
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.state import State
from tabletop.encoding import (
    TableEncoder,
    encoder_for,
    games_with_encoders,
    render_view,
    table_encoder_for,
)
from tabletop.games import REGISTRY

GAME_VERSION = 4
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


class _Decision(NamedTuple):
    """A seat's own decision in the record: only that seat's record shows it (its
    notation is written when a record is, not at every move)."""

    player: int
    action: int


class _Engine:
    """The engine state and what each step produced: the perfect-recall records.

    ``entries`` holds every event and every decision in order; ``prefix`` is where a
    seat's record starts (empty but in resampled states); ``own`` each seat's decisions
    (action ids), in order; ``rows`` every seat's observation tensor, encoded at most
    once per state change (None until asked; every move clears it). OpenSpiel clones a
    Python state by deep-copying its attributes; this holder copies itself with the
    engine's cheap ``clone`` instead, and shares the frozen entries and rows.
    """

    def __init__(self, state: State, prefix: dict[int | None, str] | None = None) -> None:
        self.state = state
        self.entries: list[Event | _Decision] = []
        self.prefix = prefix or {}
        self.records: dict[int | None, tuple[int, str]] = {}
        self.own: list[list[int]] = [[] for _ in range(state.num_players)]
        self.rows: np.ndarray | None = None
        self.lists: list[list[float]] | None = None
        self.last: tuple[np.ndarray, list[list[float]]] | None = None
        self.histories: list[tuple[int, list[float]] | None] = [None] * state.num_players
        self.legal: dict[int, list[int]] = {}
        self.players = state.num_players
        self.seats: list[list[int]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        new = _Engine(self.state.clone(), self.prefix)
        new.entries = self.entries[:]
        new.records = dict(self.records)
        new.own = [own[:] for own in self.own]
        # never written: a move replaces them
        new.rows, new.lists, new.last = self.rows, self.lists, self.last
        new.histories = self.histories[:]
        new.legal, new.seats = self.legal, self.seats  # replaced, never changed, by a move
        return new

    def decide(self, player: int, action: int) -> None:
        """Apply ``player``'s (checked) action, recording the decision and its events."""
        events = self.state.apply(player, action)  # raises before anything is recorded
        self.rows = self.lists = None
        self.legal = {}
        self.seats = None
        self.entries.append(_Decision(player, action))
        self.entries += events
        self.own[player].append(action)

    def chance(self, outcome: int) -> None:
        """Apply a chance outcome, recording its events."""
        self.rows = self.lists = None
        self.legal = {}
        self.seats = None
        self.entries += self.state.apply_chance(outcome)

    def seat_actions(self, simultaneous: bool, noop: int) -> list[list[int]]:
        """Every seat's legal actions as pyspiel lists them (the no-op alone for a seat
        without a decision at a simultaneous node; none in a sequential game; chance
        outcomes at a chance node), listed once per state change."""
        seats = self.seats
        if seats is None:
            state = self.state
            if state.is_terminal():
                seats = [[] for _ in range(self.players)]
            elif state.is_chance_node():
                outcomes = [outcome for outcome, _ in state.chance_outcomes()]
                seats = [outcomes] * self.players
            else:
                deciding = state.current_players()
                if simultaneous:
                    seats = [
                        self.legal_ids(p) if p in deciding else [noop] for p in range(self.players)
                    ]
                else:
                    seats = [[] for _ in range(self.players)]
                    seats[deciding[0]] = self.legal_ids(deciding[0])
            self.seats = seats
        return seats

    def legal_ids(self, seat: int) -> list[int]:
        """The deciding seat's legal action ids, sorted, listed once per state change
        (the table asks them, then checks the chosen action against them)."""
        ids = self.legal.get(seat)
        if ids is None:
            ids = self.legal[seat] = sorted(self.state.legal_action_ids_unchecked(seat))
        return ids

    def observations(self, table: TableEncoder) -> np.ndarray:
        """Every seat's observation tensor (row ``p`` for seat ``p``), encoded once per
        state change by the game's table encoder; read-only, shared by every call."""
        rows = self.rows
        if rows is None:
            rows = self.rows = table.encode(self.state)
            rows.flags.writeable = False
        return rows

    def observation_lists(self, table: TableEncoder) -> list[list[float]]:
        """:meth:`observations` as Python lists (pyspiel's tensors), made once per state
        change. A Python float per value is most of what a list costs, and a move
        changes few values: the lists of the last state that made them are copied and
        only the entries that differ are written (new lists: the old ones may be
        shared with clones)."""
        lists = self.lists
        if lists is not None:
            return lists
        rows = self.observations(table)
        last = self.last
        if last is None or last[0].shape != rows.shape:
            lists = rows.tolist()
        else:
            seats, columns = np.nonzero(rows != last[0])
            if 4 * len(seats) > rows.size:
                lists = rows.tolist()
            else:
                lists = [row[:] for row in last[1]]
                values = rows[seats, columns].tolist()
                for seat, column, value in zip(
                    seats.tolist(), columns.tolist(), values, strict=True
                ):
                    lists[seat][column] = value
        self.lists = lists
        self.last = (rows, lists)
        return lists

    def history(self, seat: int, tensors: _Tensors) -> list[float]:
        """The seat's own-decision entries as a list, rebuilt only after it decides."""
        kept = self.histories[seat]
        own = self.own[seat]
        if kept is None or kept[0] != len(own):
            kept = self.histories[seat] = (len(own), tensors.history_list(own))
        return kept[1]

    def record(self, player: int | None) -> str:
        """Every event as ``player`` saw it and every decision it made, one per line;
        extended, not rebuilt, per call."""
        done, text = self.records.get(player, (0, self.prefix.get(player, "")))
        lines = [text] if text else []
        for entry in self.entries[done:]:
            if isinstance(entry, _Decision):
                if entry.player == player:
                    lines.append(f"you chose {self.state.game.actions[entry.action]}")
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


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """One OpenSpiel state over one engine state; see the module docstring."""

    def __init__(
        self, game: TabletopGame, engine: State, prefix: dict[int | None, str] | None = None
    ) -> None:
        super().__init__(game)
        self._noop = game.noop  # plain values: OpenSpiel deep-copies attributes to clone
        self._simultaneous = game.simultaneous
        self._engine = _Engine(engine, prefix)
        self._tensors = game.tensors

    def observations(self) -> np.ndarray:
        """Every seat's observation tensor, row ``p`` for seat ``p`` (encoded once per
        state change and shared; read-only)."""
        return self._engine.observations(self._tensors.table)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation tensor (pyspiel's, from the state's shared rows)."""
        seat = self._seat(player)
        return self._engine.observation_lists(self._tensors.table)[seat][:]

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The seat's information-state tensor: its observation tensor, then its own
        decisions (the module docstring), built from the state's shared rows. Python
        callers (``rl_environment``, agents) get it here without pyspiel's path, which
        for a Python game builds and encodes a new initial state at every call to learn
        the tensor's size; C++ callers get the same values through the observer."""
        engine = self._engine
        if player is None:
            player = self.current_player()
        if not 0 <= player < engine.players:
            raise ValueError(f"no seat {player} in a {engine.players}-seat game")
        lists = engine.lists
        if lists is None:
            lists = engine.observation_lists(self._tensors.table)
        kept = engine.histories[player]
        if kept is None or kept[0] != len(engine.own[player]):
            return lists[player] + engine.history(player, self._tensors)
        return lists[player] + kept[1]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """pyspiel's ``legal_actions``, answered here for a seat (Python callers such
        as ``rl_environment`` ask every seat at every step; pyspiel's path asks the
        state who decides several times per call); the rest through pyspiel."""
        if player is None or player < 0:
            return list(
                super().legal_actions() if player is None else super().legal_actions(player)
            )
        engine = self._engine
        if player >= engine.players:
            raise ValueError(f"no seat {player} in a {engine.players}-seat game")
        seats = engine.seats
        if seats is None:
            seats = engine.seat_actions(self._simultaneous, self._noop)
        return seats[player][:]

    def _seat(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._engine.state.num_players:
            raise ValueError(f"no seat {player} in a {self._engine.state.num_players}-seat game")
        return player

    @property
    def engine(self) -> State:
        """The tabletop state underneath (the whole truth: for tests and tools)."""
        return self._engine.state

    def current_player(self) -> int:
        state = self._engine.state
        if state.is_terminal():
            return _TERMINAL
        if state.is_chance_node():
            return _CHANCE
        if self._simultaneous:
            return _SIMULTANEOUS
        return state.current_players()[0]  # one seat, or the lowest of a sealed decision

    def is_chance_node(self) -> bool:
        """pyspiel's, answered here for Python callers (pyspiel's asks ``current_player``)."""
        return self._engine.state.is_chance_node()

    def rewards(self) -> list[float]:
        """pyspiel's for a game rewarded at the end only: the returns (0 before the end)."""
        return self.returns()

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._engine
        state = engine.state
        if state.is_terminal() or state.is_chance_node():
            return []
        return engine.seat_actions(self._simultaneous, self._noop)[player][:]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._engine.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        state = engine.state
        if state.is_chance_node():
            engine.chance(int(action))
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
            if player in deciding and action not in engine.legal_ids(player):
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

    def information_record(self, player: int | None, observation: np.ndarray) -> str:
        """The seat's perfect-recall record, the line of who decides now and the digest
        of ``observation``, the seat's observation tensor (module docstring)."""
        engine = self._engine
        record = engine.record(player)
        now = engine.now(player)
        seen = hashlib.blake2b(observation.tobytes(), digest_size=8).hexdigest()
        return f"{record}\n{now}\nseen: {seen}" if record else f"{now}\nseen: {seen}"

    def own_decisions(self, player: int) -> list[int]:
        """The ids of the seat's own decisions so far, in order."""
        return self._engine.own[player][:]

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
        resampled = TabletopState(game, sample, prefix)
        resampled._engine.own[player_id] = self._engine.own[player_id][:]
        return resampled

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
        self._tensors = tensors = game.tensors
        self._size = tensors.size
        history = tensors.history if self._perfect_recall else 0
        self.tensor = np.zeros(self._size + history, np.float32)
        self.dict = {"observation": self.tensor[: self._size]}
        if history:
            self.dict["own_decisions"] = self.tensor[self._size :].reshape(-1, 2)

    def _observation(self, state: TabletopState, player: int) -> np.ndarray:
        """The seat's observation tensor (the state's shared rows), or the spectator's."""
        if self._own_view:
            row: np.ndarray = state.observations()[player]
            return row
        return self._tensors.encoder.encode(state.engine.spectator_view())

    def set_from(self, state: TabletopState, player: int) -> None:
        if self._perfect_recall and self._own_view:
            self._tensors.information_state(state, player, self.tensor)
            return
        self.tensor[: self._size] = self._observation(state, player)
        if self._perfect_recall:
            self.tensor[self._size :] = 0.0  # a spectator makes no decisions

    def string_from(self, state: TabletopState, player: int) -> str:
        if self._perfect_recall:
            seat = player if self._own_view else None
            return state.information_record(seat, self._observation(state, player))
        engine = state.engine
        return render_view(engine.view(player) if self._own_view else engine.spectator_view())


class _Tensors:
    """One game's tensor layout and encoders: the table encoder that encodes every
    seat at once, the view encoder (spectators), the observation size and the
    own-decision history's length (two entries for each decision one seat can make,
    ``Game.longest``)."""

    def __init__(self, game: str, players: int, per_seat: int, actions: int) -> None:
        self._key = (game, players, per_seat, actions)
        self.encoder = encoder_for(game)
        self.table = table_encoder_for(game, players)
        self.size = self.encoder.size(players)
        self.history = 2 * per_seat
        self._scale = np.float32(1.0 / (actions + 1))
        self._zeros = [0.0] * self.history
        self._coded = [float((np.float32(a) + 1) * self._scale) for a in range(actions)]
        """Each action id as its entry in the history, rounded as the tensor rounds it."""

    def history_list(self, own: list[int]) -> list[float]:
        """The own-decision entries of a seat that made the decisions ``own``, as a list
        (equal to :meth:`information_state`'s)."""
        made = len(own)
        if 2 * made > self.history:
            raise AssertionError(
                f"a seat made {made} decisions, more than the proved {self.history // 2}: "
                "Game.longest is wrong"
            )
        out = self._zeros[:]
        out[0 : 2 * made : 2] = [1.0] * made
        coded = self._coded
        out[1 : 2 * made : 2] = [coded[a] for a in own]
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> _Tensors:
        return self  # shared by a game's states: OpenSpiel deep-copies a state to clone it

    def __reduce__(self) -> tuple[Any, tuple[str, int, int, int]]:
        return _tensors, self._key  # a serialized state names its layout

    def information_state(
        self, state: TabletopState, seat: int, out: np.ndarray | None = None
    ) -> np.ndarray:
        """The seat's information-state tensor into ``out`` (a new array if None)."""
        size = self.size
        if out is None:
            out = np.zeros(size + self.history, np.float32)
        else:
            out[size:] = 0.0
        out[:size] = state.observations()[seat]
        own = state._engine.own[seat]
        if own:
            made = len(own)
            if 2 * made > self.history:
                raise AssertionError(
                    f"seat {seat} made {made} decisions, more than the proved "
                    f"{self.history // 2}: Game.longest is wrong"
                )
            out[size : size + 2 * made : 2] = 1.0
            out[size + 1 : size + 2 * made : 2] = (np.asarray(own, np.float32) + 1) * self._scale
        return out


@cache
def _tensors(game: str, players: int, per_seat: int, actions: int) -> _Tensors:
    """A layout for states unpickled apart from their game (pyspiel's deserialization)."""
    return _Tensors(game, players, per_seat, actions)


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
        self.noop = game.info.num_distinct_actions
        self.longest = longest = game.longest(players, self.options)
        actions = self.noop + (1 if self.simultaneous else 0)
        self.tensors = _Tensors(game.info.name, players, longest.per_seat, actions)
        self._first: TabletopState | None = None
        self.encoder = self.tensors.encoder
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=game.info.num_chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,  # the returns are win shares: shared wins split one win
            # proved from the rules: a simultaneous node counts once
            max_game_length=longest.nodes if self.simultaneous else longest.decisions,
        )
        self._type = _game_type(game, self.turn_based)
        super().__init__(self._type, info, {**values, "players": players})

    def get_type(self) -> pyspiel.GameType:
        """pyspiel's, without a new copy at every call (``rl_environment`` asks it twice
        a step); the same values."""
        return self._type

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
        """A new game. Every one starts alike (explicit chance), so it is a clone of the
        first, with the first's encoded rows: pyspiel makes one at every tensor call
        through C++ (to learn the tensor's size) and at every reset of an env."""
        first = self._first
        if first is None:
            engine = self.engine_game.new_game(
                self.num_players(), 0, auto_chance=False, **self.options
            )
            first = self._first = TabletopState(self, engine)
            first.observations()
        state = TabletopState(self, first.engine.clone())
        state._engine.rows, state._engine.lists = first._engine.rows, first._engine.lists
        return state

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
