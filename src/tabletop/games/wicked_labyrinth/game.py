"""The Wicked Labyrinth as a registered game: facts, options, setup and JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.datafile import resolve_data
from tabletop.core.errors import RecordError
from tabletop.core.game import Game
from tabletop.core.info import GameInfo, Longest, OptionSpec
from tabletop.core.state import State
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth import length, position, research
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
from tabletop.games.wicked_labyrinth.views import BoardView, WickedLabyrinthView

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
        OptionSpec(
            "research",
            str,
            "",
            "a named research configuration, not the published game: 'tiny' (one round, "
            "two corridors, one search piece, four corridor cards, a fixed oracle deal; 3 "
            "players; research.py); empty: none",
            research=True,
        ),
    ),
    num_distinct_actions=len(A.TABLE),
    num_chance_outcomes=48,
    # Proved from the rules for any card set the card-shape rules allow (length.py).
    max_game_length=max(length.longest(n).decisions for n in (3, 4, 5)),
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

    def longest(self, players: int, options: Mapping[str, Any]) -> Longest:
        """Proved from the rules for the card set in ``options`` (``length.py``)."""
        return length.longest_for_options(players, dict(options))

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        cards = resolve_data(options.get("cards"), "cards", default_cards, load_cards, parse_cards)
        return {
            **options,
            "cards": cards,
            "research": research.check(options.get("research") or ""),
        }

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"research": options["research"]} if options.get("research") else {}
        cards = options.get("cards")
        if cards is None or cards is default_cards():
            return out
        return {**out, "cards": cards.to_json() if isinstance(cards, CardSet) else cards}

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> State:
        state = WickedLabyrinthState(self, players, seed, options, auto_chance)
        state.setup(options["cards"], options.get("research") or "")
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
        state = WickedLabyrinthState(
            self, n, seed, {"cards": cards, "research": view.research}, True
        )
        state.setup(cards, view.research)
        index = {c.id: i for i, c in enumerate(cards.corridors)}
        b = state.b
        for board in view.boards:
            o = board.seat * STRIDE
            b[o : o + STRIDE] = _laid(board, cards)
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
            [c for c in state.undrawn if c < GREAT_OUTCOME and c not in seen]
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


def own_board(view: WickedLabyrinthView) -> list[int]:
    """The viewer's board (``STRIDE`` integers) as every :meth:`WickedLabyrinth.determinize`
    of ``view`` lays it: nothing on it is hidden from its owner, so a bot that reads only
    its own board needs no determinized state."""
    if view.viewer is None:
        raise ValueError("a spectator's view has no own board")
    board = view.boards[view.viewer]
    b = _laid(board, view.cards)
    if board.committed and view.my_declaration is not None:
        b[DECLARED] = A.TABLE.id_of(view.my_declaration) + 1
    return b


_ORACLE_INDICES: dict[int, tuple[CardSet, dict[str, int], dict[str, int]]] = {}
"""Per card set (by id; the set is kept, so its id is not reused): each great and small
oracle's index by card id."""


def _laid(board: BoardView, cards: CardSet) -> list[int]:
    """One board's integers from its view; a committed declaration is left at 0."""
    indices = _ORACLE_INDICES.get(id(cards))
    if indices is None or indices[0] is not cards:
        indices = _ORACLE_INDICES[id(cards)] = (
            cards,
            {c.id: i for i, c in enumerate(cards.great_oracles)},
            {c.id: i for i, c in enumerate(cards.small_oracles)},
        )
    _, greats, smalls = indices
    low, middle, high = board.tokens
    b = [*low, *middle, *high, *([0] * (STRIDE - 12))]
    b[SEARCH] = board.search_pieces
    b[WITCH] = int(board.witch_sign)
    b[SOUL] = int(board.soul_sign)
    b[PROMOTION] = board.promotion_spells
    b[COLOUR_CHANGE] = board.colour_change_spells
    b[IMPURITY] = board.impurity
    b[GREAT] = b[GREAT + 1] = b[SMALL] = b[SMALL + 1] = -1  # not dealt yet
    for k, g in enumerate(board.great_oracles):
        b[GREAT + k] = greats[g.card.id]
        b[GREAT_DONE + k] = int(g.achieved)
    for k, sm in enumerate(board.small_oracles):
        b[SMALL + k] = smalls[sm.card.id]
        b[SMALL_DONE + k] = int(sm.achieved)
    b[MODE] = int(board.deciding)
    q = 0
    for k, e in enumerate(board.pending_gains):
        q |= (int(e) + 1) << (3 * k)
    b[QUEUE] = q
    return b


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
