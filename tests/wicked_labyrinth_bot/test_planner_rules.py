"""The planner's soul processing on one board agrees with the state's rules.

``ReferencePlanner`` (the Python planner, which the C one mirrors) searches on copies
of the seat's 29 integers instead of cloning the state (``_apply``) and makes its useful
actions directly instead of filtering the legal ones (``_useful``); on every board a
random game reaches in soul processing, the actions must be those of the filter and
each legal action must change the board as the state changes it.
"""

from __future__ import annotations

import random
from collections import Counter

from tabletop.games.wicked_labyrinth import GAME, rules
from tabletop.games.wicked_labyrinth import actions as A
from tabletop.games.wicked_labyrinth.board import GREAT, GREAT_DONE, MODE, SMALL, SMALL_DONE, STRIDE
from tabletop.games.wicked_labyrinth.bots.processing_planner import ReferencePlanner
from tabletop.games.wicked_labyrinth.bots.valuation import Weights
from tabletop.games.wicked_labyrinth.elements import Mode, Phase


def _filtered(planner: ReferencePlanner, legal: list[int], key: tuple[int, ...]) -> list[int]:
    """The planner's useful actions as the legal actions filtered one by one (how the
    planner made them before it generated them directly)."""
    if key[MODE] != Mode.PROCESS:
        return legal
    great = [a for a in legal if A.GREAT_BASE <= a < A.DONE]
    if great:
        return great[:1]
    wanted = _wanted(planner, key)
    assert planner._wanted(list(key)) == sum(1 << c for c in wanted)
    out = [A.DONE]
    for a in legal:
        if a in (A.DISCARD_PROMOTION, A.DISCARD_CHANGE, A.DONE):
            continue
        if A.CHANGE_BASE <= a < A.DISCARD_CHANGE:
            _, rank, to = rules.decode_change(a)
            if to not in wanted and key[rank * 4 + to] % 2 == 0:
                continue
        elif A.PAIR_BASE <= a < A.DISCARD_PROMOTION:
            base = A.PAIR_BASE if a < A.SPELL_BASE else A.SPELL_BASE
            _, rank, room = rules.decode_promotion(a, base)
            if room is not None and room != _room_choice(key, rank + 1, wanted):
                continue
        out.append(a)
    return out


def _wanted(planner: ReferencePlanner, key: tuple[int, ...]) -> frozenset[int]:
    """Colours an open great or small oracle of this board asks for."""
    colours: set[int] = set()
    for slot in (0, 1):
        if not key[GREAT_DONE + slot]:
            colours.update(planner.cards.great_oracles[key[GREAT + slot]].colours)
        if not key[SMALL_DONE + slot]:
            card = planner.cards.small_oracles[key[SMALL + slot]]
            colours.update(r.colour for r in card.requires)
    return frozenset(colours)


def _room_choice(key: tuple[int, ...], rank: int, wanted: frozenset[int]) -> int:
    """The token of ``rank`` to return to make room: unwanted first, then most numerous."""
    row = key[rank * 4 : rank * 4 + 4]
    return max((c for c in range(4) if row[c]), key=lambda c: (c not in wanted, row[c], -c))


def test_one_board_processing_matches_the_state_for_every_legal_action() -> None:
    rng = random.Random(5)
    modes: Counter[int] = Counter()
    applied: Counter[str] = Counter()
    for seed in range(40):
        state = GAME.new_game(3 + seed % 3, seed)
        planner = ReferencePlanner(state.cards, Weights())
        while not state.is_terminal():
            for seat in state.current_players():
                if seat not in state.current_players():
                    continue
                legal = state.legal_action_ids(seat)
                if state.phase == Phase.SOUL_PROCESSING:
                    o = seat * STRIDE
                    board = state.b[o : o + STRIDE]
                    mode = board[MODE]
                    modes[mode] += 1
                    useful = planner._useful(board)
                    assert useful == _filtered(planner, list(legal), tuple(board))
                    for action in legal:
                        if action == A.DONE:
                            continue
                        child = state.clone()
                        child.apply_unchecked(seat, action)
                        mine = board[:]
                        planner._apply(mine, action)
                        assert mine == child.b[o : o + STRIDE], (seed, board, action)
                        applied[type(A.TABLE[action]).__name__] += 1
                # Random play, but done only a third of the time so processing goes deep.
                choices = [a for a in legal if a != A.DONE] or list(legal)
                if A.DONE in legal and rng.random() < 1 / 3:
                    choices = [A.DONE]
                state.apply_unchecked(seat, rng.choice(choices))
    for mode in (Mode.PROCESS, Mode.CHOOSE_WHITE, Mode.OVERFLOW, Mode.REWARD_PROMOTION):
        assert modes[mode] > 0, f"no board in {mode.name} was checked"
    for kind in (
        "PairPromotion",
        "SpellPromotion",
        "DiscardPromotion",
        "ColourChange",
        "DiscardColourChange",
        "AchieveSmall",
        "AchieveGreat",
        "ChooseWhite",
        "ReturnLow",
    ):
        assert applied[kind] > 0, f"no {kind} was checked"
