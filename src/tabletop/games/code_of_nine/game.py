"""Code of Nine as a registered game: facts, options, setup, JSON and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.datafile import resolve_data
from tabletop.core.errors import GameOptionError, RecordError
from tabletop.core.game import Game
from tabletop.core.info import GameInfo, Longest, OptionSpec
from tabletop.core.rng import SplitMix64
from tabletop.core.state import State
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine import length, position, research
from tabletop.games.code_of_nine.items import CARDS_IN_HAND, HOLDERS, PAWNS, ROUNDS, START_WILL
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
    CARD_COUNT,
    MemoryCardSet,
    default_memory_cards,
    load_memory_cards,
    parse_memory_cards,
)
from tabletop.games.code_of_nine.scoring import score_bounds
from tabletop.games.code_of_nine.state import SEAT_SHIFT, CodeOfNineState
from tabletop.games.code_of_nine.views import CodeOfNineView

MIN_PAWNS = 2
"""The fewest pawns a round a research configuration may give: changing one's memory
cards at setup costs a round-1 pawn (setup step 5), and a start player must still have
one to place."""


MIN_DECK = HOLDERS * CARDS_IN_HAND
"""The fewest memory cards a research configuration may shuffle: two for every holder
(and the ninth memory's in the expert game)."""


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
        OptionSpec(
            "research",
            str,
            "",
            "a named research configuration, not the published game: 'tiny' (one round "
            "of two pawns, eight memory cards, five locations; research.py); empty: none",
            research=True,
        ),
        OptionSpec(
            "rounds",
            int,
            ROUNDS,
            f"a research configuration, not the published game: the game ends after this "
            f"many rounds (1-{ROUNDS}; the published game plays {ROUNDS})",
            research=True,
        ),
        OptionSpec(
            "pawns",
            int,
            PAWNS,
            f"a research configuration, not the published game: action pawns each player "
            f"places a round ({MIN_PAWNS}-{PAWNS}; the published game: {PAWNS})",
            research=True,
        ),
        OptionSpec(
            "deck",
            int,
            CARD_COUNT,
            f"a research configuration, not the published game: at most this many cards "
            f"of the mode's memory cards, the lowest numbers, are shuffled "
            f"({MIN_DECK}-{CARD_COUNT}, {MIN_DECK + 1} at least in the expert game; the "
            f"published game: {CARD_COUNT}, the whole deck)",
            research=True,
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


def deck_size(options: Mapping[str, Any]) -> int:
    """A research configuration's ``deck`` (absent: ``CARD_COUNT``, the whole deck),
    checked: a card for every hand (and the ninth memory in the expert game) at least."""
    expert = bool(options.get("expert"))
    return research_size(options, "deck", MIN_DECK + int(expert), CARD_COUNT)


def research_size(options: Mapping[str, Any], name: str, least: int, most: int) -> int:
    """A research configuration's ``rounds``, ``pawns`` or ``deck`` (``least`` to the published
    ``most``; absent: ``most``), checked: a smaller game for tabular methods, never a
    larger one than the rules (and the bounds proved from them: ``length.py``) allow."""
    value = options.get(name, most)
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise GameOptionError(f"code-of-nine: {name} is {least} to {most}, not {value!r}")
    return value


class CodeOfNine(Game):
    info = INFO
    actions = A.TABLE

    def longest(self, players: int, options: Mapping[str, Any]) -> Longest:
        """Proved from the rules for the board and mode in ``options`` (``length.py``)."""
        return length.longest_for_options(players, options)

    def resolve_options(self, options: dict[str, Any]) -> dict[str, Any]:
        options = research.expand(options, {spec.name: spec.default for spec in INFO.options})
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
        sizes = {
            name: research_size(options, name, least, most)
            for name, least, most in (("rounds", 1, ROUNDS), ("pawns", MIN_PAWNS, PAWNS))
        }
        sizes["deck"] = deck_size(options)
        return {**options, "memory_cards": cards, "locations": board, **sizes}

    def options_to_json(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if options.get("research"):
            return {"research": options["research"]}  # its sizes and board follow from it
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
        for key, published in (("rounds", ROUNDS), ("pawns", PAWNS), ("deck", CARD_COUNT)):
            if options.get(key, published) != published:
                out[key] = options[key]
        return out

    def _new_state(
        self, players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> State:
        state = CodeOfNineState(self, players, seed, options, auto_chance)
        state.setup(
            options["locations"],
            options["memory_cards"].limited(options.get("deck", CARD_COUNT)),
            bool(options.get("expert")),
            options.get("rounds", ROUNDS),
            options.get("pawns", PAWNS),
        )
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
        options = {
            "expert": view.expert,
            "memory_cards": view.cards,
            "locations": view.board,
            "rounds": view.rounds,
            "pawns": view.pawns,
        }
        state = CodeOfNineState(self, n, seed, options, True)
        state.setup(view.board, view.cards, view.expert, view.rounds, view.pawns)
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
