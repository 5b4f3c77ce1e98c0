"""Code of Nine as a registered game: facts, options, setup, JSON and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.datafile import resolve_data
from tabletop.core.errors import RecordError
from tabletop.core.game import Game
from tabletop.core.info import GameInfo, Longest, OptionSpec
from tabletop.core.rng import SplitMix64
from tabletop.core.state import State
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine import length, position
from tabletop.games.code_of_nine.items import HOLDERS, PAWNS, ROUNDS, START_WILL
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    CARD,
    CHANGED,
    CHOSE_CHANGE,
    CHOSE_KEEP,
    ITEMS,
    KNOWS,
    LOOKS,
    PROTECT,
    STRIDE,
    WILL,
    Phase,
)
from tabletop.games.code_of_nine.layout import PAWNS as PAWNS_SLOT
from tabletop.games.code_of_nine.locations import Board, default_board, load_board, parse_board
from tabletop.games.code_of_nine.memory_cards import (
    MemoryCardSet,
    default_memory_cards,
    load_memory_cards,
    parse_memory_cards,
)
from tabletop.games.code_of_nine.scoring import score_bounds
from tabletop.games.code_of_nine.state import SEAT_SHIFT, CodeOfNineState
from tabletop.games.code_of_nine.views import CodeOfNineView


def max_will(board: Board) -> int:
    """The most Will anyone can hold: the best start plus the best net gain on every pawn."""
    best = max(loc.will - min(loc.cost, loc.cost_3_players) for loc in board.locations)
    return max(START_WILL) + ROUNDS * PAWNS * max(best, 0)


def _bounds() -> tuple[int, int]:
    board = default_board()
    return score_bounds(default_memory_cards().cards, board.supply, board.points, max_will(board))


_MIN_SCORE, _MAX_SCORE = _bounds()

INFO = GameInfo(
    name="code-of-nine",
    title="Code of Nine",
    player_counts=(3, 4),
    options=(
        OptionSpec(
            "expert",
            bool,
            False,
            "the expert game: expert locations, cards 19-28, the medal and the ninth memory",
        ),
        OptionSpec(
            "memory_cards",
            (str, dict, MemoryCardSet),
            None,
            "another memory card set: a TOML or JSON file path, or its data",
        ),
        OptionSpec(
            "locations",
            (str, dict, Board),
            None,
            "another board (items and locations): a TOML or JSON file path, or its data",
        ),
    ),
    num_distinct_actions=len(A.TABLE),
    num_chance_outcomes=28,
    # Proved from the rules on this edition's board, the longer mode (length.py): 2
    # setup decisions a seat, then each round's costliest placements open.
    max_game_length=max(
        length.longest(n, expert=expert).decisions for n in (3, 4) for expert in (False, True)
    ),
    # Derived from the default card data (scoring.score_bounds): every item at its
    # extreme value times its whole supply, every bonus at its extreme.
    min_score=_MIN_SCORE,
    max_score=_MAX_SCORE,
    # The change of memory cards at setup is one sealed decision of all players at once.
    simultaneous=True,
    hidden_information=True,
)


class CodeOfNine(Game):
    info = INFO
    actions = A.TABLE

    def longest(self, players: int, options: Mapping[str, Any]) -> Longest:
        """Proved from the rules for the board and mode in ``options`` (``length.py``)."""
        return length.longest_for_options(players, options)

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        cards = resolve_data(
            options.get("memory_cards"),
            "memory_cards",
            default_memory_cards,
            load_memory_cards,
            parse_memory_cards,
        )
        board = resolve_data(
            options.get("locations"), "locations", default_board, load_board, parse_board
        )
        return {**options, "memory_cards": cards, "locations": board}

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if options.get("expert"):
            out["expert"] = True
        for key, default in (
            ("memory_cards", default_memory_cards()),
            ("locations", default_board()),
        ):
            value = options.get(key)
            if value is not None and value is not default:
                out[key] = value.to_json() if isinstance(value, MemoryCardSet | Board) else value
        return out

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> State:
        state = CodeOfNineState(self, players, seed, options, auto_chance)
        state.setup(options["locations"], options["memory_cards"], bool(options.get("expert")))
        return state

    def _build_position(self, state: State, data: Mapping[str, Any], source: str) -> None:
        if not isinstance(state, CodeOfNineState):
            raise RecordError("not a Code of Nine state")
        position.build(state, data, source)

    def write_position(self, state: State) -> dict[str, Any]:
        if not isinstance(state, CodeOfNineState):
            raise RecordError("not a Code of Nine state")
        return position.write(state)

    def _load_state_json(self, state: State, data: Mapping[str, Any]) -> None:
        if not isinstance(state, CodeOfNineState):
            raise RecordError("not a Code of Nine state")
        state._load(dict(data))

    def determinize(self, view: Any, seed: int) -> CodeOfNineState:
        """A full state consistent with ``view``: unseen memory cards drawn at random.

        Everything public is copied; the viewer's own cards, the cards it has seen and the
        ninth memory are kept; every other card on a sheet is drawn from the cards the
        view cannot rule out, and the rest form the deck.
        """
        if not isinstance(view, CodeOfNineView):
            raise TypeError("determinize() needs a CodeOfNineView")
        n = view.players
        options = {"expert": view.expert, "memory_cards": view.cards, "locations": view.board}
        state = CodeOfNineState(self, n, seed, options, True)
        state.setup(view.board, view.cards, view.expert)
        b = state.b
        for h in view.holders:
            o = h.seat * STRIDE
            b[o + ITEMS : o + ITEMS + 5] = list(h.items)
            b[o + WILL] = h.will
            b[o + PAWNS_SLOT] = h.pawns
            b[o + CHANGED] = int(h.changed_cards)
            b[o + PROTECT] = (LOOKS if h.protected_from_looks else 0) | (
                ATTACKS if h.protected_from_attacks else 0
            )
            knows = 0
            for owner, looked in h.has_looked_at:
                knows |= 1 << (owner * 2 + int(looked))
            b[o + KNOWS] = knows
        state.ruins = list(view.ruins)
        spots = []
        for loc in view.locations:
            spot = loc.pawns
            for occupant in loc.seats:
                spot |= 1 << (occupant + SEAT_SHIFT)
            spots.append(spot)
        state.spots = spots
        state.phase = int(view.phase)
        state.round = view.round
        state.start = view.start_player
        state.turn = view.deciding[0] if view.deciding else view.start_player
        if view.pending is not None:
            p = view.pending
            state.pending = [A.LOCATION_INDEX[p.location], p.step, p.x, p.y]
        state.released = int(view.released)
        if view.phase == Phase.CHANGE:
            # The sealed change decision: the viewer's own is known; others who have
            # decided (no longer deciding) chose in secret, so draw it at random.
            chooser = SplitMix64(seed ^ 0xC4A6)
            for h in view.holders[:n]:
                if h.seat == view.viewer and view.my_change is not None:
                    b[h.seat * STRIDE + CHANGED] = CHOSE_CHANGE if view.my_change else CHOSE_KEEP
                elif h.seat not in view.deciding:
                    b[h.seat * STRIDE + CHANGED] = (CHOSE_CHANGE, CHOSE_KEEP)[chooser.below(2)]
        # A card's index in its set is its number - 1 (``MemoryCardSet``).
        known: dict[tuple[int, int], int] = {}
        if view.viewer is not None:
            for slot, card in enumerate(view.my_cards):
                known[(view.viewer, slot)] = card.number - 1
        for seen in view.seen:
            known[(seen.owner, int(seen.slot))] = seen.card.number - 1
        for seat, (abyss, shoal) in enumerate(view.revealed):
            known[(seat, 0)], known[(seat, 1)] = abyss.number - 1, shoal.number - 1
        state.ninth = view.ninth.number - 1 if view.ninth is not None else -1
        ruled_out = set(known.values()) | ({state.ninth} if state.ninth >= 0 else set())
        pool = [c for c in view.cards.in_game(view.expert) if c not in ruled_out]
        SplitMix64(seed ^ 0x5EED).shuffle(pool)
        for holder in view.holders:
            for slot in range(holder.memory_cards):
                drawn = known.get((holder.seat, slot))
                b[holder.seat * STRIDE + CARD + slot] = drawn if drawn is not None else pool.pop()
        state.deck = pool
        if view.phase == Phase.DEAL:
            state.dealt = sum(h.memory_cards for h in view.holders)
        elif view.phase == Phase.REDEAL:
            state.dealt = sum(h.memory_cards for h in view.holders if h.changed_cards)
        elif view.phase == Phase.GHOST:
            state.dealt = view.holders[HOLDERS - 1].memory_cards
        return state


GAME = CodeOfNine()
