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


def test_tokens_on_achieved_great_oracles_are_owned_and_high() -> None:
    """Section 8 note and rulings, "Soul processing phase": tokens on achieved great
    oracles count (as high tokens of their colours) for small oracles: each achieved
    oracle adds one of each of its two colours, in either slot, to the board's own."""
    from tabletop.games.wicked_labyrinth.board import GREAT, GREAT_DONE, owned_high

    cards = default_cards()
    index = {g.id: i for i, g in enumerate(cards.great_oracles)}
    b = [0] * (2 * STRIDE)
    o = STRIDE  # the second seat: nothing may be read off the first board
    b[o + 8 : o + 12] = [1, 0, 2, 0]  # high: red 1, blue 2
    b[o + GREAT], b[o + GREAT + 1] = index["G05"], index["G06"]  # green+yellow, blue+yellow
    assert owned_high(b, o, cards) == [1, 0, 2, 0]
    b[o + GREAT_DONE + 1] = 1
    assert owned_high(b, o, cards) == [1, 0, 3, 1]
    b[o + GREAT_DONE] = 1
    assert owned_high(b, o, cards) == [1, 1, 3, 2]
    assert b[o + 8 : o + 12] == [1, 0, 2, 0]  # read, not moved


def test_rank_count_counts_every_colour_of_one_rank() -> None:
    """The board's ranks (rulings, "Fixed facts": capacity low 6, middle 5, high 4) hold
    tokens of four colours: ``rank_count`` adds them all, and ``token`` is the slot of
    one colour and rank."""
    from tabletop.games.wicked_labyrinth.board import rank_count, token

    b = [0] * (2 * STRIDE)
    o = STRIDE
    for rank in range(3):
        for colour in range(4):
            b[o + token(rank, colour)] = (rank + 1) * 10**colour
    assert [rank_count(b, o, rank) for rank in range(3)] == [1111, 2222, 3333]
    assert [token(rank, colour) for rank in range(3) for colour in range(4)] == list(range(12))
