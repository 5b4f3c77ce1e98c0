"""The game review: mistakes sorted and phrased, only the seat's view used, never
before the end."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core.errors import TabletopError
from tabletop.core.game import Game
from tabletop.core.record import GameRecord
from tabletop.core.review import Decision
from tabletop.games.wicked_labyrinth.actions import TABLE as WL_ACTIONS
from tabletop.games.wicked_labyrinth.review import opened
from tabletop.review import GameNotOver, decisions_of, review_decision, review_record
from tabletop.review.appraisal import appraise
from tabletop.sim.runner import play_game

GAMES = ("wicked-labyrinth", "code-of-nine")


def finished(name: str, seed: int) -> tuple[Game, GameRecord]:
    game = tabletop.game(name)
    return game, play_game(game, ["heuristic"] * 4, seed).state.record()


@pytest.mark.parametrize("name", GAMES)
def test_mistakes_come_biggest_first_in_both_languages(name: str) -> None:
    game, record = finished(name, 5)
    seen: list[tuple[int, int]] = []
    review = review_record(game, record, 1, samples=2, on_progress=lambda d, t: seen.append((d, t)))
    assert review.decisions == len(decisions_of(game, record, 1)) > 0
    assert seen[-1] == (review.decisions, review.decisions)
    assert review.mistakes, "a heuristic game with no move the search would change"
    gains = [m.gain for m in review.mistakes]
    assert gains == sorted(gains, reverse=True)
    for m in review.mistakes:
        assert m.best != m.chosen and m.best_points > m.chosen_points
        assert record.actions[m.step - 1] == (1, m.chosen)  # the move the seat made
        assert m.lines["en"].endswith(f"about {m.gain:+.1f} points expected")
        assert f"期待値で約{m.gain:+.1f}点" in m.lines["ja"]


def test_a_labyrinth_line_reads_like_the_table() -> None:
    game, record = finished("wicked-labyrinth", 3)
    review = review_record(game, record, 0, samples=2)
    top = review.mistakes[0]
    hand = WL_ACTIONS[game.actions.id_of(game.action(top.chosen))]
    assert top.lines["en"].startswith("corridor ")
    assert f"you held {hand.search}" in top.lines["en"]  # type: ignore[attr-defined]
    assert top.lines["ja"].startswith("ラウンド")


def test_the_opened_hands_are_the_ones_the_seat_saw_after_declaring() -> None:
    game, record = finished("wicked-labyrinth", 3)
    declared = [d for d in decisions_of(game, record, 2) if opened(d) is not None]
    assert declared
    for d in declared:
        hands = opened(d)
        assert hands is not None and hands[2] == WL_ACTIONS[d.chosen]


@pytest.mark.parametrize("name", GAMES)
def test_refused_before_the_end(name: str) -> None:
    game, record = finished(name, 2)
    partial = GameRecord(
        record.game,
        record.players,
        record.seed,
        record.options,
        record.actions[: len(record.actions) // 2],
        record.auto_chance,
    )
    with pytest.raises(GameNotOver, match="not over"):
        review_record(game, partial, 0)
    with pytest.raises(TabletopError, match="no seat 4"):
        review_record(game, record, 4)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_whatever_the_others_hid(name: str) -> None:
    """Each decision again from another true state the seat could not tell apart (other
    hands, cards and deck drawn at random consistent with its view): the same values."""
    game, record = finished(name, 7)
    seat = 0
    states = {}
    for n, (state, _step, _events) in enumerate(record.steps(game)):
        states[n] = state.clone()
    every = decisions_of(game, record, seat)
    decisions = every[:: max(1, len(every) // 6)]
    differed = 0
    for d in decisions:
        true = states[d.step - 1]
        assert true.view(seat) == d.view
        other = game.determinize(d.view, 1000 + d.number)
        assert other.view(seat) == d.view
        hidden = [(s.to_json()["rng"], s.to_json()["state"]) for s in (other, true)]
        differed += hidden[0] != hidden[1]  # future deals, others' hands and cards
        twin = Decision(
            d.number,
            d.step,
            other.view(seat),
            tuple(other.legal_action_ids(seat)),
            d.chosen,
            d.turn,
            d.after,
        )
        assert twin.legal == d.legal
        assert appraise(game, seat, twin, 2) == appraise(game, seat, d, 2)
        assert review_decision(game, seat, twin, 2) == review_decision(game, seat, d, 2)
    assert differed, "no decision where the hidden information differed"
