"""The game-agnostic protocol: facts, actions, states, events, results and records.

Nothing here does I/O; every adapter (CLI, server, RL, bots) uses only these types.
"""

from tabletop.core.actions import Action, ActionTable
from tabletop.core.errors import (
    ActionParseError,
    CardDataError,
    GameOptionError,
    IllegalActionError,
    RecordError,
    SeatError,
    TabletopError,
    UnknownGameError,
)
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.core.info import GameInfo, OptionSpec
from tabletop.core.record import GameRecord
from tabletop.core.registry import Registry
from tabletop.core.result import Result
from tabletop.core.rng import SplitMix64
from tabletop.core.state import CHANCE, State

__all__ = [
    "CHANCE",
    "Action",
    "ActionParseError",
    "ActionTable",
    "CardDataError",
    "Event",
    "Game",
    "GameInfo",
    "GameOptionError",
    "GameRecord",
    "IllegalActionError",
    "OptionSpec",
    "RecordError",
    "Registry",
    "Result",
    "SeatError",
    "SplitMix64",
    "State",
    "TabletopError",
    "UnknownGameError",
]
