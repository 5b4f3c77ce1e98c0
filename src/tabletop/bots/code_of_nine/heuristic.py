"""A heuristic Code of Nine bot: one-ply search over its own decisions, from its view.

For each legal action the bot plays it (and its own follow-up choices, searched a few
steps deep) on a state sampled from its view (``game.determinize``), then values the
result: the expected margin over the best rival under several completions of the memory
cards it does not know (its own and the cards it has seen are fixed, the rest drawn from
what remains possible), "cannot win" a heavy penalty, plus the future worth of Will,
of knowledge (each card it knows of another holder) and of protection while rivals
still have pawns this round. Attacks and looks are chosen when they raise that value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from tabletop.bots.base import Bot
from tabletop.bots.code_of_nine.beliefs import beliefs
from tabletop.core.actions import Action
from tabletop.core.game import Game
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine.items import HOLDERS, ROUNDS
from tabletop.games.code_of_nine.items import PAWNS as PAWNS_PER_ROUND
from tabletop.games.code_of_nine.layout import (
    ATTACKS,
    ITEMS,
    KNOWS,
    LOOKS,
    PAWNS,
    PROTECT,
    STRIDE,
    WILL,
    Phase,
)
from tabletop.games.code_of_nine.memory_cards import EffectKind, MemoryCard
from tabletop.games.code_of_nine.scoring import Scorer, quantities
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.games.code_of_nine.views import CodeOfNineView

_DEPTH = 3
_OUT_OF_RUNNING = 12.0
"""Follow-up steps searched exhaustively after an action; deeper ones are greedy."""


class CodeOfNineHeuristic(Bot):
    """Bot parameters: ``samples`` (card completions per decision), ``will`` (worth of a
    spendable Will), ``info`` (worth of knowing a card), ``guard`` (worth of protection
    per rival pawn left this round)."""

    name = "heuristic"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int = 0,
        *,
        samples: int = 8,
        will: float = 0.45,
        info: float = 1.2,
        guard: float = 0.35,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        if samples < 1:
            raise ValueError(f"samples must be positive, got {samples}")
        self.samples = int(samples)
        self.will_worth = float(will)
        self.info_worth = float(info)
        self.guard_worth = float(guard)
        self._players = 0
        self._scorers: list[Scorer] = []
        self._margins: dict[tuple[tuple[int, ...], ...], float] = {}

    # ---------------------------------------------------------------- deciding

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if not isinstance(view, CodeOfNineView):
            raise TypeError("the Code of Nine heuristic needs a CodeOfNineView")
        if len(legal) == 1:
            return legal[0]
        if view.phase == Phase.CHANGE:
            return A.ChangeCards(False)
        if view.phase == Phase.ASSIGN:
            return self._assign(view)
        state = cast(CodeOfNineState, self.game.determinize(view, self.rng.next_u64() >> 1))
        self._players = state.num_players
        self._scorers = [Scorer(cards) for cards in beliefs(view, self.samples, self.rng).samples]
        self._margins = {}
        table = A.TABLE
        best: Action = legal[0]
        best_value = float("-inf")
        for action in legal:
            value = self._after(state, table.id_of(action), 0) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best

    def _assign(self, view: CodeOfNineView) -> Action:
        """The card whose secret matters most goes to the Abyss, which is harder to see."""
        a, b = view.my_cards
        return A.ChooseAbyss(a.number if _weight(a) >= _weight(b) else b.number)

    def _after(self, state: CodeOfNineState, action_id: int, depth: int) -> float:
        s = state.clone()
        s.apply_unchecked(self.seat, action_id)
        if s.phase != Phase.FOLLOW or s.turn != self.seat:
            return self.value(s)
        options = s.legal_action_ids(self.seat)
        if depth >= _DEPTH:
            best = max(options, key=lambda a: self._static(s, a))
            return self._after(s, best, depth + 1)
        return max(self._after(s, a, depth + 1) for a in options)

    def _static(self, state: CodeOfNineState, action_id: int) -> float:
        s = state.clone()
        s.apply_unchecked(self.seat, action_id)
        return self.value(s)

    # ---------------------------------------------------------------- valuing

    def value(self, s: CodeOfNineState) -> float:
        """Expected margin under the card samples, plus Will, knowledge and protection."""
        me = self.seat
        b = s.b
        n = s.num_players
        counts = [
            tuple(quantities(b[h * STRIDE + ITEMS : h * STRIDE + ITEMS + 5],
                             b[h * STRIDE + WILL]))
            for h in range(HOLDERS)
        ]
        worth = self._margin(tuple(counts), bool(s.released), s.board.points)
        if s.phase == Phase.OVER:
            return worth
        o = me * STRIDE
        left = (ROUNDS - s.round) * PAWNS_PER_ROUND + b[o + PAWNS]
        worth += self.will_worth * min(b[o + WILL], 3 * left) * (left / (ROUNDS * PAWNS_PER_ROUND))
        known = bin(b[o + KNOWS]).count("1")
        worth += self.info_worth * known * (0.4 + left / (ROUNDS * PAWNS_PER_ROUND))
        rival_pawns = sum(b[p * STRIDE + PAWNS] for p in range(n) if p != me)
        if b[o + PROTECT] & ATTACKS and s.round >= 3:
            worth += self.guard_worth * rival_pawns * min(1.0, (counts[me][6] + counts[me][3]) / 4)
        if b[o + PROTECT] & LOOKS:
            worth += 0.5 * self.guard_worth * rival_pawns * (2 - _seen_of(b, me, n)) / 2
        return worth

    def _margin(self, counts: tuple[tuple[int, ...], ...], released: bool,
                points: Sequence[int]) -> float:
        """:meth:`_expected_margin`, memoised for the decision being made: the searched
        lines reach the same holdings by different moves (half the leaves in a game
        repeat one), and the card samples stay the same all decision long."""
        key = (*counts, (int(released),))
        margin = self._margins.get(key)
        if margin is None:
            margin = self._margins[key] = self._expected_margin(counts, released, points)
        return margin

    def _expected_margin(self, counts: Sequence[Sequence[int]], released: bool,
                         points: Sequence[int]) -> float:
        """The margin over the best rival (clipped to 12 either way), minus a heavy
        loss when out of the running, averaged over the card samples."""
        me = self.seat
        n = self._players
        total = 0.0
        cache: dict[int, Any] = {}
        for scorer in self._scorers:
            sheet = scorer.score(counts, released, points, cache)
            rivals = [sheet.scores[p] for p in range(n) if p != me and sheet.eligible[p]]
            margin = sheet.scores[me] - (max(rivals) if rivals else -10)
            total += max(-12.0, min(12.0, margin))
            if not sheet.eligible[me]:
                # Out of the running: a heavy loss, but points still separate the actions
                # that lead out of it from those that do not.
                total -= _OUT_OF_RUNNING
        return total / len(self._scorers)


def _seen_of(b: list[int], me: int, n: int) -> int:
    """How many of my two cards some rival has already seen (protection matters less)."""
    mask = 3 << (me * 2)
    seen = 0
    for p in range(n):
        if p != me:
            seen |= b[p * STRIDE + KNOWS] & mask
    return bin(seen).count("1")


def _weight(card: MemoryCard) -> float:
    """How much a card's secret is worth: big swings and "cannot win" most."""
    w = 0.0
    for e in card.effects:
        if e.kind == EffectKind.CANNOT_WIN:
            w += 5
        elif e.kind in (EffectKind.VALUE_SET, EffectKind.VALUE_ADD):
            w += 3 * abs(e.value)
        elif e.kind == EffectKind.PER:
            w += 3 * abs(e.points) / e.every
        elif e.kind == EffectKind.SETS:
            w += 2 * abs(e.points)
        else:
            w += abs(e.points)
    return w
