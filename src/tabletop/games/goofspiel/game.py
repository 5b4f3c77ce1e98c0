"""Goofspiel as a registered game: its facts, options, setup, JSON, positions and the
determinization the search bots use."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import GameOptionError, RecordError
from tabletop.core.game import Game
from tabletop.core.info import GameInfo, Longest, OptionSpec
from tabletop.core.state import State
from tabletop.games.goofspiel import position
from tabletop.games.goofspiel.actions import TABLE
from tabletop.games.goofspiel.beliefs import sample_bids
from tabletop.games.goofspiel.rules import (
    DEFAULT_CARDS,
    MAX_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ORDERS,
    PointsOrder,
    decisions,
    total_points,
)
from tabletop.games.goofspiel.state import GoofspielState
from tabletop.games.goofspiel.views import GoofspielView

INFO = GameInfo(
    name="goofspiel",
    title="Goofspiel",
    player_counts=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
    options=(
        OptionSpec(
            "num_cards", int, DEFAULT_CARDS, f"cards in each hand and point cards (1-{MAX_CARDS})"
        ),
        OptionSpec(
            "points_order",
            (str, PointsOrder),  # resolved options (an enum) are accepted back
            "random",
            "how the point cards come up: random (drawn), descending or ascending",
        ),
    ),
    num_distinct_actions=len(TABLE),
    num_chance_outcomes=MAX_CARDS,
    # every seat bids once on each turn but the last, which is played out at once
    max_game_length=MAX_PLAYERS * decisions(MAX_CARDS),
    min_score=0,
    max_score=total_points(MAX_CARDS),
    simultaneous=True,
    hidden_information=True,
)


class Goofspiel(Game):
    info = INFO
    actions = TABLE

    def longest(self, players: int, options: Mapping[str, Any]) -> Longest:
        """Exact: every seat bids once on each turn with a choice (``rules.decisions``),
        all seats at once."""
        turns = decisions(int(options["num_cards"]))
        return Longest(decisions=players * turns, per_seat=turns, nodes=turns)

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        cards = options["num_cards"]
        if isinstance(cards, bool) or not 1 <= cards <= MAX_CARDS:
            raise GameOptionError(f"goofspiel: num_cards is 1 to {MAX_CARDS}, not {cards!r}")
        order = options["points_order"]
        if isinstance(order, PointsOrder):
            return {"num_cards": cards, "points_order": order}
        if order not in ORDERS:
            words = ", ".join(ORDERS)
            raise GameOptionError(f"goofspiel: points_order is one of {words}, not {order!r}")
        return {"num_cards": cards, "points_order": ORDERS[order]}

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        order = options["points_order"]
        word = order.name.lower() if isinstance(order, PointsOrder) else str(order)
        return {"num_cards": options["num_cards"], "points_order": word}

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> State:
        return GoofspielState(self, players, seed, options, auto_chance)

    def _build_position(self, state: State, data: Mapping[str, Any], source: str) -> None:
        if not isinstance(state, GoofspielState):
            raise RecordError("not a Goofspiel state")
        position.build(state, data, source)

    def write_position(self, state: State) -> dict[str, Any]:
        if not isinstance(state, GoofspielState):
            raise RecordError("not a Goofspiel state")
        return position.write(state)

    def _load_state_json(self, state: State, data: Mapping[str, Any]) -> None:
        if not isinstance(state, GoofspielState):
            raise RecordError("not a Goofspiel state")
        state._load(dict(data))

    def determinize(self, view: Any, seed: int) -> GoofspielState:
        """A full state consistent with ``view``: the bids it hides drawn at random.

        Every hidden bid history is drawn to agree with what the view shows (who took
        each card, or that a tie discarded it; :mod:`.beliefs`), so the hands it leaves
        are hands the other seats could hold; bids sealed on the card up now are drawn
        from those hands. Later point cards come from ``seed``.
        """
        if not isinstance(view, GoofspielView):
            raise TypeError("determinize() needs a GoofspielView")
        options = {"num_cards": view.num_cards, "points_order": view.points_order}
        state = GoofspielState(self, view.players, seed, options, True)
        bids = sample_bids(view, seed)
        position.reveal_first(state)
        position.play_out(state, list(view.point_cards), bids, "determinization")
        return state


GAME = Goofspiel()
