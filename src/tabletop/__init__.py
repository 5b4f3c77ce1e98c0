"""tabletop: play and study tabletop games by their exact rules.

>>> import tabletop
>>> name = tabletop.games()[0]
>>> players = tabletop.game(name).info.player_counts[0]
>>> state = tabletop.new_game(name, players=players, seed=7)
>>> state.game.info.name == name, state.num_players == players, state.is_terminal()
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop import compiled  # noqa: F401  (first: decides compiled vs pure engine)
from tabletop.core import Game, GameRecord, State, TabletopError
from tabletop.games import REGISTRY

__all__ = ["game", "games", "new_game", "position", "replay", "state_from_json"]
__version__ = "0.1.0"


def games() -> list[str]:
    """Names of the registered games."""
    return REGISTRY.names()


def game(name: str) -> Game:
    """The registered game called ``name`` (its facts, actions and state factory)."""
    return REGISTRY.get(name)


def new_game(name: str, players: int, seed: int = 0, **options: Any) -> State:
    """A new game after setup. Raises ``UnknownGameError`` or ``GameOptionError``."""
    return REGISTRY.get(name).new_game(players, seed, **options)


def position(name: str, position: Mapping[str, Any] | str) -> State:
    """A state of game ``name`` from a position: its data, or a TOML or JSON file path
    (``docs/positions.md``). Raises ``PositionError`` naming the field."""
    from tabletop.core.datafile import read_data_file
    from tabletop.core.position import PositionError

    source = "position"
    if isinstance(position, str):
        source = position
        try:
            position = read_data_file(position)
        except TabletopError as exc:
            raise PositionError(source, "position", str(exc)) from None
    return REGISTRY.get(name).from_position(position, source)  # type: ignore[arg-type]


def replay(record: GameRecord | dict[str, Any]) -> State:
    """The final state of a game record (a ``GameRecord`` or its JSON data)."""
    rec = record if isinstance(record, GameRecord) else GameRecord.from_json(record)
    return rec.replay(REGISTRY.get(rec.game))


def state_from_json(data: dict[str, Any]) -> State:
    """A state read back from ``State.to_json`` data."""
    from tabletop.core.errors import RecordError

    if not isinstance(data, dict) or "game" not in data:
        raise RecordError("a serialized state is a JSON object with a 'game' field")
    return REGISTRY.get(data["game"]).state_from_json(data)
