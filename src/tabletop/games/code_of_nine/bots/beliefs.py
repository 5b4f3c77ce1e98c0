"""What a seat believes about the memory cards in play, from its view alone.

Known: its own two cards, the cards it has seen by looks, the ninth memory. Unknown:
every other card on a sheet, which may be any card the view cannot rule out. The bot
reasons over a few sampled completions (each a full list of the cards in play) drawn
from what remains possible.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.rng import SplitMix64
from tabletop.games.code_of_nine.items import HOLDERS
from tabletop.games.code_of_nine.memory_cards import MemoryCard, MemoryCardSet
from tabletop.games.code_of_nine.views import CodeOfNineView


@dataclass(frozen=True)
class Beliefs:
    known: int
    """How many cards of other holders this seat knows (its information)."""
    samples: tuple[tuple[MemoryCard, ...], ...]
    """Completions of the cards in play: (holder 0 Abyss, Shoal, holder 1 ...)."""


def possible_cards(view: CodeOfNineView) -> list[MemoryCard]:
    """Cards that may lie in any slot this view does not know."""
    ruled_out = {c.number for c in view.my_cards} | {s.card.number for s in view.seen}
    if view.ninth is not None:
        ruled_out.add(view.ninth.number)
    deck = _deck(view.cards, view.expert)
    return [card for card in deck if card.number not in ruled_out]


_DECKS: dict[tuple[int, bool], tuple[MemoryCardSet, tuple[MemoryCard, ...]]] = {}
"""The cards in play by the card set's id (the set is kept, so its id is not reused)
and the expert flag: every decision asks."""


def _deck(cards: MemoryCardSet, expert: bool) -> tuple[MemoryCard, ...]:
    """The cards shuffled into the deck (rulebook setup step 5), in card order."""
    hit = _DECKS.get((id(cards), expert))
    if hit is None:
        deck = tuple(cards.cards[i] for i in cards.in_game(expert))
        hit = _DECKS[(id(cards), expert)] = (cards, deck)
    return hit[1]


def beliefs(view: CodeOfNineView, count: int, rng: SplitMix64) -> Beliefs:
    """``count`` sampled completions of the cards in play, consistent with ``view``."""
    slots: list[MemoryCard | None] = [view.known_card(h, s) for h in range(HOLDERS) for s in (0, 1)]
    pool = possible_cards(view)
    unknown = [i for i, c in enumerate(slots) if c is None]
    samples = []
    for _ in range(count):
        rng.shuffle(pool)
        filled = list(slots)
        for k, i in enumerate(unknown):
            filled[i] = pool[k]
        samples.append(tuple(filled))
    known = sum(1 for s in view.seen if s.owner != view.viewer)
    return Beliefs(known, tuple(samples))  # type: ignore[arg-type]
