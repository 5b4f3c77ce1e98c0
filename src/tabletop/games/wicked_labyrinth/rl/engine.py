"""The Wicked Labyrinth's engine in C for the batched env (``native/_engine.c``): its
kit part ``rl:native``.

The batched env (:mod:`tabletop.rl.native`) asks this module for the game's C tables,
:func:`tables`, handing it the C extension (:data:`EXTENSION`, once it is built and
fresh) and the table encoder's configuration; this hands the C engine every number it
needs, taken from the same objects the Python engine reads (the card set's flat
tuples, the board layout and action ids, the rulebook's numbers, the table encoder's
row width). At a game's end, :func:`result` reads its result from the C's tallies, as
``WickedLabyrinthState.result`` would (and the C packs its last row itself: no Python
state is made).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tabletop.core.result import Result
from tabletop.games.wicked_labyrinth import elements as el
from tabletop.games.wicked_labyrinth import native
from tabletop.games.wicked_labyrinth.board import result_of
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.game import INFO
from tabletop.games.wicked_labyrinth.rl.encoder import FRAGMENTS
from tabletop.games.wicked_labyrinth.rl.pack import QUEUE_DIGITS
from tabletop.games.wicked_labyrinth.rl.table import TableConfig
from tabletop.games.wicked_labyrinth.state import GREAT_OUTCOME, SMALL_OUTCOME

EXTENSION = "tabletop.games.wicked_labyrinth.native._engine"
"""The C engine's module (built with the package: ``build.toml``)."""


def rules_data(players: int, cards: CardSet, width: int) -> dict[str, Any]:
    """Everything the C engine reads, by name: the layout it checks against its own,
    the player count's numbers, the rulebook's points and capacities, the cards, and
    the packed row's width (``width``: the table encoder's lookup's)."""
    return {
        **native.rules_data(cards),
        "players": players,
        "corridors_per_round": el.CORRIDORS_PER_ROUND[players],
        "search_pieces": el.SEARCH_PIECES[players],
        "rounds": el.ROUNDS,
        "great_outcome": GREAT_OUTCOME,
        "small_outcome": SMALL_OUTCOME,
        "outcomes": INFO.num_chance_outcomes,
        "corridor_lower": [int(c.lower) for c in cards.corridors],
        "corridor_upper": [[int(e) for e in c.upper] for c in cards.corridors],
        "fragments": FRAGMENTS,
        "queue_digits": QUEUE_DIGITS,
        "width": width,
    }


def tables(
    extension: ModuleType, players: int, count: int, options: dict[str, Any], config: TableConfig
) -> Any:
    """``count`` tables of ``players`` seats with the resolved ``options`` (their card
    set), in C, writing rows for ``config``'s lookup. Raises ValueError for a research
    configuration (the C has the published numbers): the env then keeps the Python engine."""
    if options.get("research"):
        raise ValueError(
            "the C engine plays the published game, not the research configuration "
            f"research={options['research']}"
        )
    return extension.Tables(count, rules_data(players, options["cards"], config.lookup.width))


def result(tables: Any, t: int) -> Result:
    """Table ``t``'s ended game's result, as ``WickedLabyrinthState.result``."""
    return result_of(list(tables.tallies(t)))
