"""A registered game: its declared facts, its action table and how to make states."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from tabletop.core.actions import Action, ActionTable
from tabletop.core.errors import GameOptionError, RecordError
from tabletop.core.info import GameInfo, Longest
from tabletop.core.state import State


class Game(ABC):
    """One game of the platform. Subclasses set ``info`` and ``actions``."""

    info: GameInfo
    actions: ActionTable[Any]

    def __reduce__(self) -> str:
        """A game pickles as a reference to the module global ``GAME`` beside its class
        (each game is one instance), so a pickled state or env carries no copy of it."""
        return "GAME"

    def new_game(
        self, players: int, seed: int = 0, *, auto_chance: bool = True, **options: Any
    ) -> State:
        """A new state after setup; chance at setup is drawn from ``seed``."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(f"seed must be an integer, got {seed!r}")
        checked = self.info.check(players, options)
        state = self._new_state(players, seed, self.resolve_options(checked), auto_chance)
        state._settle_start()
        return state

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Turn checked option values into what states use (e.g. load a card file)."""
        return options

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Options as JSON data that :meth:`new_game` accepts back."""
        return dict(options)

    @abstractmethod
    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> State:
        """A state after the setup steps that involve no chance (before the deal)."""

    # ------------------------------------------------------------------ positions

    def from_position(self, data: Mapping[str, Any], source: str = "position") -> State:
        """A state from a position (``docs/positions.md``); PositionError names the field.

        The state starts there: no history, no start events, and its records replay from
        the position (``GameRecord.position``).
        """
        from tabletop.core.position import FORMAT, PositionError

        if not isinstance(data, Mapping):
            raise PositionError(source, "position", "must be a table (an object)")
        if data.get("format", FORMAT) != FORMAT:
            raise PositionError(source, "format", f"{data.get('format')!r} is not {FORMAT}")
        if data.get("game", self.info.name) != self.info.name:
            raise PositionError(source, "game", f"{data.get('game')!r} is not {self.info.name}")
        players = data.get("players")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise PositionError(source, "options", "must be a table of game options")
        try:
            checked = self.info.check(players, dict(options))  # type: ignore[arg-type]
            resolved = self.resolve_options(checked)  # a game's own option checks
        except GameOptionError as exc:
            field = "players" if players not in self.info.player_counts else "options"
            raise PositionError(source, field, str(exc)) from None
        state = self._new_state(players, 0, resolved, True)  # type: ignore[arg-type]
        self._build_position(state, data, source)
        state.origin = self.write_position(state)
        return state

    def _build_position(self, state: State, data: Mapping[str, Any], source: str) -> None:
        """Set ``state`` (fresh, the options checked) to the position ``data``.

        Optional, as :meth:`determinize` is: both games of the platform define a
        position format (docs/positions.md); a game without one (the tests' matrix
        game) refuses positions with this clear error rather than a half-built state.
        """
        raise NotImplementedError(f"{self.info.name} has no position format")

    def write_position(self, state: State) -> dict[str, Any]:
        """``state`` as position data (``State.position``); optional, as above."""
        raise NotImplementedError(f"{self.info.name} has no position format")

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Read back :meth:`State.to_json` output; malformed data raises RecordError."""
        try:
            if data["game"] != self.info.name:
                raise RecordError(f"this is a state of {data['game']!r}, not {self.info.name}")
            state = self.new_game(
                data["players"], data["seed"], auto_chance=data["auto_chance"], **data["options"]
            )
            state.rng.state = int(data["rng"])
            state.history = [(int(p), int(a)) for p, a in data["history"]]
            origin = data.get("position")
            if origin is not None:  # the position the game started from (records)
                state.origin = dict(origin)
                state.start_events = ()
            self._load_state_json(state, data["state"])
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"not a valid {self.info.name} state: {exc!r}") from exc
        return state

    @abstractmethod
    def _load_state_json(self, state: State, data: Mapping[str, Any]) -> None:
        """Overwrite a fresh state's game-specific slots from ``State._state_json`` data."""

    def longest(self, players: int, options: Mapping[str, Any]) -> Longest:
        """How long a game of ``players`` seats with these resolved options can last,
        proved from the rules (OpenSpiel's ``max_game_length`` and information-state
        sizes). A game overrides it with its proof; this default knows only
        ``GameInfo.max_game_length``, which bounds all three."""
        most = self.info.max_game_length
        return Longest(decisions=most, per_seat=most, nodes=most)

    def determinize(self, view: Any, seed: int) -> State:
        """A full state consistent with ``view``: hidden parts sampled at random.

        Search bots use this to reason about what they cannot see (information-set
        MCTS); they never read the true state.
        """
        raise NotImplementedError(f"{self.info.name} does not support determinization yet")

    def action(self, action: Action | str | int) -> Action:
        """Parse an action given as a value, its notation or its id."""
        return self.actions.coerce(action)  # type: ignore[no-any-return]
