"""Code of Nine's shared scoring vectors (``vectors/scoring.json``, written by
``scripts/make_vectors.py`` from ``scoring.score``) against every implementation.

The C engine does not score (an ended game is scored in Python), so the
implementations are the rules' ``scoring.score`` and the bots' fast path: a
``Scorer`` compiled once and scoring through a cache of card extras shared with other
scorers of the same counts (``bots/priors.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tabletop.games.code_of_nine.memory_cards import default_memory_cards
from tabletop.games.code_of_nine.scoring import Extras, Scorer, quantities, score

VECTORS = Path(__file__).parent / "vectors"


def _cases() -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads((VECTORS / "scoring.json").read_text())["cases"]
    assert len(found) > 100
    return found


def _sheet(case: dict[str, Any], scores: Any, eligible: Any, values: Any) -> None:
    assert (list(scores), list(eligible), list(values)) == (
        case["scores"],
        case["eligible"],
        case["values"],
    ), case


def test_scoring_score() -> None:
    memory = default_memory_cards()
    for case in _cases():
        counts = [quantities(h[:5], h[5]) for h in case["holdings"]]
        cards = [memory.cards[n - 1] for n in case["cards"]]
        sheet = score(counts, cards, case["released"], case["base_points"])
        _sheet(case, sheet.scores, sheet.eligible, sheet.values)


def test_scorer_with_a_shared_cache() -> None:
    """The bots score many card sets on one position through one cache of extras: a
    cache warmed by every card (and by the cards in another order) changes no sheet."""
    memory = default_memory_cards()
    for case in _cases():
        counts = [quantities(h[:5], h[5]) for h in case["holdings"]]
        cards = [memory.cards[n - 1] for n in case["cards"]]
        cache: dict[int, Extras] = {}
        Scorer(memory.cards).score(counts, case["released"], case["base_points"], cache)
        Scorer(cards[::-1]).score(counts, case["released"], case["base_points"], cache)
        sheet = Scorer(cards).score(counts, case["released"], case["base_points"], cache)
        _sheet(case, sheet.scores, sheet.eligible, sheet.values)
