"""Reading the board: small oracle requirements against a brute-force matching."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.wicked_labyrinth.board import STRIDE, meets
from tabletop.games.wicked_labyrinth.cards import Requirement, SmallOracle, default_cards
from tabletop.games.wicked_labyrinth.elements import Colour, Element, Rank

requirements = st.lists(
    st.builds(
        Requirement,
        st.sampled_from(list(Colour)[:4]),
        st.sampled_from(list(Rank)),
        st.integers(1, 2),
    ),
    min_size=1,
    max_size=3,
)
counts = st.lists(st.integers(0, 2), min_size=12, max_size=12)


def matching(tokens: list[int], card: SmallOracle) -> bool:
    """Kuhn's augmenting paths: can every required token get its own owned token?"""
    owned = [(c, r) for r in range(3) for c in range(4) for _ in range(tokens[r * 4 + c])]
    needs = [(q.colour, q.rank) for q in card.requires for _ in range(q.count)]
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        for j, (colour, rank) in enumerate(owned):
            if colour == needs[i][0] and rank >= needs[i][1] and j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(needs)))


@settings(max_examples=300, deadline=None)
@given(requirements, counts)
def test_requirement_check_equals_a_matching(reqs: list[Requirement], tokens: list[int]) -> None:
    """Rulings: owned tokens of at least the rank shown, each meeting one requirement."""
    card = SmallOracle("T", tuple(reqs), (Element.PROMOTION,))
    board = tokens + [0] * (STRIDE - 12)
    board[17] = board[18] = 0  # great oracle slots: cards 0 and 1, not achieved
    assert meets(board, 0, card, default_cards()) == matching(tokens, card)
