"""A registered game: its declared facts, its action table and how to make states."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from tabletop.core.actions import Action, ActionTable
from tabletop.core.errors import RecordError
from tabletop.core.info import GameInfo
from tabletop.core.state import State


class Game(ABC):
    """One game of the platform. Subclasses set ``info`` and ``actions``."""

    info: GameInfo
    actions: ActionTable[Any]

    def new_game(
        self, players: int, seed: int = 0, *, auto_chance: bool = True, **options: Any
    ) -> State:
        """A new state after setup; chance at setup is drawn from ``seed``."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RecordError(f"seed must be an integer, got {seed!r}")
        checked = self.info.check(players, options)
        return self._new_state(players, seed, self.resolve_options(checked), auto_chance)

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Turn checked option values into what states use (e.g. load a card file)."""
        return options

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Options as JSON data that :meth:`new_game` accepts back."""
        return dict(options)

    @abstractmethod
    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> State: ...

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
            self._load_state_json(state, data["state"])
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise RecordError(f"not a valid {self.info.name} state: {exc!r}") from exc
        return state

    @abstractmethod
    def _load_state_json(self, state: State, data: Mapping[str, Any]) -> None:
        """Overwrite a fresh state's game-specific slots from ``State._state_json`` data."""

    def determinize(self, view: Any, seed: int) -> State:
        """A full state consistent with ``view``: hidden parts sampled at random.

        Search bots use this to reason about what they cannot see (information-set
        MCTS); they never read the true state.
        """
        raise NotImplementedError(f"{self.info.name} does not support determinization yet")

    def action(self, action: Action | str | int) -> Action:
        """Parse an action given as a value, its notation or its id."""
        return self.actions.coerce(action)  # type: ignore[no-any-return]
