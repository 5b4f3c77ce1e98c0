"""The Wicked Labyrinth's research configuration: a game small enough for tabular methods.

Not the published game. External-sampling MCCFR walks every action of the seat it
updates; on the published game (four rounds of four corridors with 3 players, six
search pieces and two signs to spread over them, then soul processing) one iteration
does not finish in 100 s. The ``tiny`` configuration keeps the rules' whole turn
structure (the oracle deal, sealed declarations, ranking and gains, white fragments and
overflow, soul processing, scoring) but shrinks what branches:

- one round (the game ends after its soul processing, section 10);
- two corridors laid out (the second's declaration is forced, as the last of a round
  always is: one free declaration a seat);
- one search piece a player (with the witch's and the soul's sign: 8 declarations);
- four corridor cards, C01, C06, C11 and C16: two coloured fragments above one coloured
  fragment below, the lower colour a different one on each. No white fragment (its
  colour is a choice) and no spell: soul processing has only pair promotions and
  oracles to order, where spells and white choices multiplied the sequences a seat's
  processing can take (with two search pieces, MCCFR met about 45,000 information
  states in its first iteration with the whole deck, about 550 an iteration over its
  first ten with these four);
- a fixed oracle deal (:data:`TINY_DEAL`): every oracle is public and in every
  information state, so with a random deal (billions of them) no information state
  is met twice and MCCFR's average never moves. Each seat gets one small oracle that
  one round can achieve (S05-S07: two low tokens of a colour and one of another) and
  one it cannot (S01-S03 want middle tokens), and two great oracles (G01-G06, which
  want high tokens: out of one round's reach).
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.core.errors import GameOptionError
from tabletop.games.wicked_labyrinth.cards import CardSet
from tabletop.games.wicked_labyrinth.elements import CORRIDORS_PER_ROUND, ROUNDS, SEARCH_PIECES


class Sizes(NamedTuple):
    """What a configuration shrinks: rounds, corridors laid out a round, search pieces."""

    rounds: int
    corridors: int
    search: int
    deck: tuple[str, ...] = ()
    """The corridor cards in the game, by id; empty: the card set's whole deck."""
    deal: tuple[str, ...] = ()
    """The oracles dealt, by id, in dealing order (each seat's two great, then its two
    small oracles); empty: dealt at random."""


TINY_DEAL = (
    *("G01", "G02", "S01", "S05"),
    *("G03", "G04", "S02", "S06"),
    *("G05", "G06", "S03", "S07"),
)
"""The tiny configuration's oracles, seat by seat (3 players)."""


CONFIGURATIONS: dict[str, Sizes] = {
    "tiny": Sizes(
        rounds=1, corridors=2, search=1, deck=("C01", "C06", "C11", "C16"), deal=TINY_DEAL
    )
}
"""Each research configuration, by the name the ``research`` option gives."""


def check(name: str) -> str:
    """``name`` if it is a configuration or empty (the published game); GameOptionError
    otherwise."""
    if name and name not in CONFIGURATIONS:
        known = ", ".join(CONFIGURATIONS)
        raise GameOptionError(
            f"wicked-labyrinth: research is one of {known} (or empty), not {name!r}"
        )
    return name


def corridor_deck(sizes: Sizes, cards: CardSet) -> list[int]:
    """The indices in ``cards`` of the corridors in the game (all for an empty ``deck``).
    Raises GameOptionError for a card set without the configuration's corridors."""
    if not sizes.deck:
        return list(range(len(cards.corridors)))
    index = {c.id: i for i, c in enumerate(cards.corridors)}
    missing = [cid for cid in sizes.deck if cid not in index]
    if missing:
        raise GameOptionError(
            f"wicked-labyrinth: the research configuration's corridor {missing[0]} is not "
            "in the card set"
        )
    return sorted(index[cid] for cid in sizes.deck)


def oracle_deal(sizes: Sizes, cards: CardSet, players: int, great: int, small: int) -> list[int]:
    """The chance outcomes of a fixed deal in dealing order (``great`` and ``small``: the
    first great and small oracle's outcome), empty for a random one. Raises
    GameOptionError for a card set without the deal's oracles or another player count."""
    if not sizes.deal:
        return []
    if len(sizes.deal) != 4 * players:
        raise GameOptionError(
            f"wicked-labyrinth: the research configuration deals to {len(sizes.deal) // 4} "
            f"players, not {players}"
        )
    index = {c.id: great + i for i, c in enumerate(cards.great_oracles)}
    index |= {c.id: small + i for i, c in enumerate(cards.small_oracles)}
    missing = [oid for oid in sizes.deal if oid not in index]
    if missing:
        raise GameOptionError(
            f"wicked-labyrinth: the research configuration's oracle {missing[0]} is not in "
            "the card set"
        )
    return [index[oid] for oid in sizes.deal]


def sizes(name: str, players: int) -> Sizes:
    """The sizes of configuration ``name`` (empty: the published game's for ``players``)."""
    if not name:
        return Sizes(ROUNDS, CORRIDORS_PER_ROUND[players], SEARCH_PIECES[players])
    return CONFIGURATIONS[check(name)]
