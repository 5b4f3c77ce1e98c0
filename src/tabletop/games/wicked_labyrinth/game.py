"""The Wicked Labyrinth as a registered game: facts, options, setup and JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import RecordError
from tabletop.core.game import Game
from tabletop.core.info import GameInfo, OptionSpec
from tabletop.core.state import State
from tabletop.games.datafile import resolve_data
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import position
from tabletop.games.wicked_labyrinth.board import (
    COLOUR_CHANGE,
    DECLARED,
    GREAT,
    GREAT_DONE,
    IMPURITY,
    MODE,
    PROMOTION,
    QUEUE,
    SEARCH,
    SMALL,
    SMALL_DONE,
    SOUL,
    STRIDE,
    WITCH,
)
from tabletop.games.wicked_labyrinth.cards import CardSet, default_cards, load_cards, parse_cards
from tabletop.games.wicked_labyrinth.elements import Mode, Phase
from tabletop.games.wicked_labyrinth.state import GREAT_OUTCOME, SMALL_OUTCOME, WickedLabyrinthState
from tabletop.games.wicked_labyrinth.views import WickedLabyrinthView

INFO = GameInfo(
    name="wicked-labyrinth",
    title="The Wicked Labyrinth",
    player_counts=(3, 4, 5),
    options=(
        OptionSpec(
            "cards",
            (str, dict, CardSet),
            None,
            "another card set: a TOML or JSON card file path, or its data (default: this "
            "edition's set)",
        ),
    ),
    num_distinct_actions=len(A.TABLE),
    num_chance_outcomes=48,
    # Per round and player: at most 5 declarations, 8 gains to choose on per corridor,
    # and a bounded soul processing; 2,000 is far above any legal game.
    max_game_length=2000,
    # Best case: 4 high (20) + 5 middle (10) + 6 low (6) + two great oracles with their
    # tokens (30) + two small oracles (4) = 70. Worst: 5 impurity a round for 4 rounds.
    min_score=-20,
    max_score=70,
    simultaneous=True,
    hidden_information=True,
)


class WickedLabyrinth(Game):
    info = INFO
    actions = A.TABLE

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        cards = resolve_data(options.get("cards"), "cards", default_cards, load_cards, parse_cards)
        return {**options, "cards": cards}

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        cards = options.get("cards")
        if cards is None or cards is default_cards():
            return {}
        return {"cards": cards.to_json() if isinstance(cards, CardSet) else cards}

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> State:
        state = WickedLabyrinthState(self, players, seed, options, auto_chance)
        state.setup(options["cards"])
        return state

    def _build_position(self, state: State, data: Mapping[str, Any], source: str) -> None:
        if not isinstance(state, WickedLabyrinthState):
            raise RecordError("not a Wicked Labyrinth state")
        position.build(state, data, source)

    def write_position(self, state: State) -> dict[str, Any]:
        if not isinstance(state, WickedLabyrinthState):
            raise RecordError("not a Wicked Labyrinth state")
        return position.write(state)

    def _load_state_json(self, state: State, data: Mapping[str, Any]) -> None:
        if not isinstance(state, WickedLabyrinthState):
            raise RecordError("not a Wicked Labyrinth state")
        state._load(dict(data))

    def determinize(self, view: Any, seed: int) -> WickedLabyrinthState:
        """A state that matches ``view``; unknown closed hands are drawn at random.

        The only hidden things are other players' pending declarations and the order of
        the unseen corridors; the latter is drawn by the new state's own generator.
        """
        if not isinstance(view, WickedLabyrinthView):
            raise TypeError("determinize() needs a WickedLabyrinthView")
        cards = view.cards
        n = view.players
        state = WickedLabyrinthState(self, n, seed, {"cards": cards}, True)
        state.setup(cards)
        index = {c.id: i for i, c in enumerate(cards.corridors)}
        greats = {c.id: i for i, c in enumerate(cards.great_oracles)}
        smalls = {c.id: i for i, c in enumerate(cards.small_oracles)}
        b = state.b
        for board in view.boards:
            o = board.seat * STRIDE
            for rank in range(3):
                for colour in range(4):
                    b[o + rank * 4 + colour] = board.tokens[rank][colour]
            b[o + SEARCH] = board.search_pieces
            b[o + WITCH] = int(board.witch_sign)
            b[o + SOUL] = int(board.soul_sign)
            b[o + PROMOTION] = board.promotion_spells
            b[o + COLOUR_CHANGE] = board.colour_change_spells
            b[o + IMPURITY] = board.impurity
            for k, g in enumerate(board.great_oracles):
                b[o + GREAT + k] = greats[g.card.id]
                b[o + GREAT_DONE + k] = int(g.achieved)
            for k, s in enumerate(board.small_oracles):
                b[o + SMALL + k] = smalls[s.card.id]
                b[o + SMALL_DONE + k] = int(s.achieved)
            b[o + MODE] = int(board.deciding)
            q = 0
            for k, e in enumerate(board.pending_gains):
                q |= (int(e) + 1) << (3 * k)
            b[o + QUEUE] = q
        state.phase = int(view.phase)
        state.round = view.round
        state.corridor = view.corridor
        state.labyrinth = [index[c.id] for c in view.labyrinth]
        state.discard = [index[c.id] for c in view.discard]
        state.revealed = [A.TABLE.id_of(d) for hand in view.reveals for d in hand]
        seen = set(state.labyrinth) | set(state.discard)
        dealt_g = {b[p * STRIDE + GREAT + k] for p in range(n) for k in range(2)}
        dealt_s = {b[p * STRIDE + SMALL + k] for p in range(n) for k in range(2)}
        state.undrawn = (
            [c for c in range(len(cards.corridors)) if c not in seen]
            + [GREAT_OUTCOME + g for g in range(len(cards.great_oracles)) if g not in dealt_g]
            + [SMALL_OUTCOME + s for s in range(len(cards.small_oracles)) if s not in dealt_s]
        )
        state.dealt = 4 * n if view.phase != Phase.SETUP else 0
        if (
            view.phase == Phase.SEARCH
            and len(view.deciding) == 1
            and any(
                board.pending_gains or board.deciding in (Mode.CHOOSE_WHITE, Mode.OVERFLOW)
                for board in view.boards
            )
        ):
            state.order = [p for p in _resolution_order(view)]
        for board in view.boards:
            if board.committed:
                o = board.seat * STRIDE
                if board.seat == view.viewer and view.my_declaration is not None:
                    b[o + DECLARED] = A.TABLE.id_of(view.my_declaration) + 1
                else:
                    options = _declarations(b, o)
                    b[o + DECLARED] = options[state.rng.below(len(options))] + 1
        state.deciding = state.recompute_deciding()
        return state


def _declarations(b: list[int], o: int) -> tuple[int, ...]:
    from tabletop.games.wicked_labyrinth.rules import declarations

    return declarations(b[o + SEARCH], b[o + WITCH], b[o + SOUL])


def _resolution_order(view: WickedLabyrinthView) -> list[int]:
    """Players still taking gains from the current corridor, in resolution order."""
    if not view.reveals:
        return []
    from tabletop.games.wicked_labyrinth.rules import rank_players

    first, seconds = rank_players([h.search for h in view.reveals[-1]])
    ranked = ([first] if first is not None else []) + list(seconds)
    return [
        p
        for p in ranked
        if view.boards[p].pending_gains
        or view.boards[p].deciding in (Mode.CHOOSE_WHITE, Mode.OVERFLOW)
    ]


GAME = WickedLabyrinth()
