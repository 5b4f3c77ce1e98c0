"""Knowledge of memory cards (rulings: a look shows the card to the looker only)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.jsonutil import to_jsonable
from tabletop.core.rng import SplitMix64
from tabletop.games.code_of_nine import GAME, CodeOfNineState
from tabletop.games.code_of_nine import events as E
from tabletop.games.code_of_nine.layout import CARD, STRIDE, Phase

from .helpers import play, ready, set_round, set_will


def random_position(seed: int, players: int, expert: bool, steps: int) -> CodeOfNineState:
    s = GAME.new_game(players, seed, expert=expert)
    rng = SplitMix64(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        p = s.current_players()[0]
        legal = s.legal_action_ids(p)
        s.apply(p, legal[rng.below(len(legal))])
    assert isinstance(s, CodeOfNineState)
    return s


def reshuffle_unseen(s: CodeOfNineState, viewer: int | None, rng: SplitMix64) -> CodeOfNineState:
    """The same position with every card ``viewer`` does not know drawn again."""
    t = s.clone()
    view = s.view(viewer) if viewer is not None else s.spectator_view()
    unknown = [
        (h, k)
        for h in range(4)
        for k in (0, 1)
        if t.card(h, k) >= 0
        and view.known_card(h, k) is None
        and not (h == viewer and t.phase <= Phase.ASSIGN)
    ]
    pool = [t.card(h, k) for h, k in unknown] + t.deck
    rng.shuffle(pool)
    for h, k in unknown:
        t.b[h * STRIDE + CARD + k] = pool.pop()
    t.deck = pool
    return t


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([3, 4]),
    expert=st.booleans(),
    steps=st.integers(0, 90),
)
def test_views_do_not_depend_on_unseen_cards(
    seed: int, players: int, expert: bool, steps: int
) -> None:
    """A player's view holds their own cards and what they have seen, and nothing else."""
    s = random_position(seed, players, expert, steps)
    if s.is_terminal():
        return  # everything is revealed at the end (test_every_card_revealed_at_the_end)
    rng = SplitMix64(seed + 1)
    for viewer in [*range(players), None]:
        t = reshuffle_unseen(s, viewer, rng)
        if viewer is None:
            assert to_jsonable(t.spectator_view()) == to_jsonable(s.spectator_view())
        else:
            assert to_jsonable(t.view(viewer)) == to_jsonable(s.view(viewer))


def test_a_look_adds_to_the_lookers_knowledge_only() -> None:
    """Every look adds to the looker's knowledge only; the look itself is public."""
    s = ready(4)
    events = play(s, "watchtower", "target:2")
    look = next(e for e in events if isinstance(e, E.CardLooked))
    assert look.for_player(0).card is not None  # type: ignore[union-attr]
    for q in (1, 2, 3, None):
        assert look.for_player(q).card is None  # type: ignore[union-attr]
    assert s.view(0).known_card(2, 1) is not None
    assert all(s.view(q).known_card(2, 1) is None for q in (1, 3))
    assert (2, 1) in [(o, int(k)) for o, k in s.view(3).holders[0].has_looked_at]


def test_own_cards_visible_others_not_spectators_none() -> None:
    """A view holds one's own two cards; spectators see no memory card until the end."""
    s = ready(4)
    mine = s.view(1).my_cards
    assert [c.number for c in mine] == [s.cards.cards[s.card(1, k)].number for k in (0, 1)]
    assert s.view(1).seen == () and s.spectator_view().my_cards == ()
    assert s.view(0).known_card(1, 0) is None


def test_the_ghosts_cards_are_hidden_like_a_players() -> None:
    """The ghost's cards are hidden from everyone until a look (Soul Recorder here)."""
    s = ready(3)
    set_round(s, 3)
    set_will(s, 0, 2)
    assert all(s.view(p).known_card(3, k) is None for p in range(3) for k in (0, 1))
    play(s, "recorder", "target:3")
    assert s.view(0).known_card(3, 0) is not None and s.view(1).known_card(3, 0) is None


def test_dealt_cards_events_are_per_player() -> None:
    """Only the owner sees the cards dealt to them; nobody sees the ghost's."""
    s = GAME.new_game(3, 4, auto_chance=False)
    events = []
    while s.is_chance_node():
        events += s.apply_chance(s.chance_outcomes()[0][0])
    dealt = [e for e in events if isinstance(e, E.CardsDealt)]
    assert len(dealt) == 3
    assert dealt[0].for_player(0).cards is not None  # type: ignore[union-attr]
    assert dealt[0].for_player(1).cards is None  # type: ignore[union-attr]


def test_every_card_revealed_at_the_end() -> None:
    """At the end every card in play is revealed (the final view shows them)."""
    s = ready(3)
    while not s.is_terminal():
        play(s, "quarry")
    view = s.spectator_view()
    assert len(view.revealed) == 4 and len(view.scores) == 4
    assert {c.number for pair in view.revealed for c in pair} == {
        s.cards.cards[i].number for i in s.cards_in_play()
    }


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.sampled_from([3, 4]),
    expert=st.booleans(),
    steps=st.integers(0, 90),
)
def test_determinize_is_consistent_with_the_view(
    seed: int, players: int, expert: bool, steps: int
) -> None:
    """determinize(view) gives a full state whose view for that seat is the same view."""
    s = random_position(seed, players, expert, steps)
    if s.is_terminal():
        return
    p = s.current_players()[0] if s.current_players() else 0
    view = s.view(p)
    for k in range(3):
        d = GAME.determinize(view, seed + k)
        assert to_jsonable(d.view(p)) == to_jsonable(view)
        assert list(d.legal_action_ids(p)) == list(s.legal_action_ids(p))
        every = d.cards_in_play() + d.deck + ([d.ninth] if d.ninth >= 0 else [])
        assert sorted(i for i in every if i >= 0) == sorted(d.cards.in_game(expert))
