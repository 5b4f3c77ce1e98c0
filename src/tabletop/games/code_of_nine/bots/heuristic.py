"""A heuristic Code of Nine bot: one-ply search over its own decisions, from its view.

For each legal action the bot plays it (and its own follow-up choices, searched a few
steps deep) on a state sampled from its view (``game.determinize``), then values the
result: the expected margin over the best rival under several completions of the
memory cards it does not know (its own and the cards it has seen are fixed, the rest
drawn from what remains possible), "cannot win" a heavy penalty, plus the future worth
of Will, of knowledge (each card it knows of another holder) and of protection while
rivals still have pawns this round. Attacks and looks are chosen when they raise that
value. The search and the valuation run compiled (:mod:`.lookahead`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from tabletop.core.actions import Action
from tabletop.core.bot import Bot
from tabletop.core.game import Game
from tabletop.games.code_of_nine import actions as A
from tabletop.games.code_of_nine.bots.beliefs import beliefs
from tabletop.games.code_of_nine.bots.lookahead import Lookahead
from tabletop.games.code_of_nine.layout import Phase
from tabletop.games.code_of_nine.memory_cards import EffectKind, MemoryCard
from tabletop.games.code_of_nine.state import CodeOfNineState
from tabletop.games.code_of_nine.views import CodeOfNineView


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
        samples = list(beliefs(view, self.samples, self.rng).samples)
        search = Lookahead(
            self.seat,
            state.num_players,
            samples,
            self.will_worth,
            self.info_worth,
            self.guard_worth,
        )
        table = A.TABLE
        best: Action = legal[0]
        best_value = float("-inf")
        for action in legal:
            value = search.after(state, table.id_of(action), 0) + self.rng.random() * 1e-6
            if value > best_value:
                best, best_value = action, value
        return best

    def _assign(self, view: CodeOfNineView) -> Action:
        """The card whose secret matters most goes to the Abyss, which is harder to see."""
        a, b = view.my_cards
        return A.ChooseAbyss(a.number if _weight(a) >= _weight(b) else b.number)


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
