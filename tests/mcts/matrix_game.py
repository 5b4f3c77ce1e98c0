"""A tiny simultaneous matrix game on the core protocol, for the SM-MCTS tests.

Two players choose a row and a column at the same time, in secret; the game ends and
each scores its payoff. Nothing is hidden once it is over, so a determinization is the
state itself rebuilt from the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from tabletop.core.actions import Action, ActionTable
from tabletop.core.game import Game
from tabletop.core.info import GameInfo
from tabletop.core.result import Result
from tabletop.core.state import State


@dataclass(frozen=True)
class Pick(Action):
    choice: int

    def notation(self) -> str:
        return f"pick:{self.choice}"


@dataclass(frozen=True)
class MatrixView:
    viewer: int | None
    chosen: tuple[int | None, int | None]


class MatrixState(State):
    __slots__ = ("chosen",)

    def __init__(self, game: MatrixGame, seed: int) -> None:
        super().__init__(game, 2, seed, {}, True)
        self.chosen: list[int | None] = [None, None]

    def current_players(self) -> tuple[int, ...]:
        return tuple(p for p in (0, 1) if self.chosen[p] is None)

    def sealed_decision(self) -> bool:
        return True

    def is_terminal(self) -> bool:
        return None not in self.chosen

    def legal_action_ids_unchecked(self, player: int) -> Sequence[int]:
        if self.chosen[player] is not None:
            return ()
        return range(len(self.game.payoffs))  # type: ignore[attr-defined]

    def _apply(self, player: int, action_id: int) -> None:
        self.chosen[player] = action_id

    def _view(self, player: int) -> MatrixView:
        return MatrixView(player, (None, None))

    def spectator_view(self) -> MatrixView:
        return MatrixView(None, (None, None))

    def result(self) -> Result:
        row, col = self.chosen
        pay = self.game.payoffs[row][col]  # type: ignore[attr-defined,index]
        return Result.from_keys(pay, [(pay[0],), (pay[1],)])

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_base(other)
        other.chosen = list(self.chosen)
        return other

    def _state_json(self) -> dict[str, Any]:
        return {"chosen": list(self.chosen)}


class MatrixGame(Game):
    """``payoffs[row][col] = (score of player 0, score of player 1)``, scores 0..1."""

    def __init__(self, payoffs: Sequence[Sequence[tuple[int, int]]]) -> None:
        self.payoffs = payoffs
        n = len(payoffs)
        self.actions = ActionTable("matrix", [Pick(i) for i in range(n)])
        self.info = GameInfo("matrix", "Matrix", (2,), (), n, 0, 2, 0, 1, True, False)

    def _new_state(self, players: int, seed: int, options: dict[str, Any], auto: bool) -> State:
        return MatrixState(self, seed)

    def _load_state_json(self, state: State, data: Mapping[str, Any]) -> None:
        state.chosen = list(data["chosen"])  # type: ignore[attr-defined]

    def determinize(self, view: Any, seed: int) -> MatrixState:
        return MatrixState(self, seed)
