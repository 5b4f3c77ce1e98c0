"""Trying actions without committing them: the client's undo.

Where every player decides at once and alone (each on its own board), the
server applies each action as it comes, and a person wants to try a few, see the
points, take one back and only then commit. The client keeps those tentative actions;
this module applies them to a copy of the table's state and returns that seat's view,
legal actions and score.

A copy holds everything, secrets included, so a preview is refused whenever it could
show more than the seat's own board changing. The game's kit says which actions may be
tried out (its ``web:preview`` rule; a game without one refuses every preview), and a
check holds for every game: no action of a sealed decision, no chance drawn, no event
that tells the seat more than a spectator, and the seat still deciding afterwards. Only
``state.view(seat)`` of the copy leaves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.core.actions import Action
from tabletop.core.errors import TabletopError
from tabletop.core.state import State
from tabletop.games import REGISTRY
from tabletop.server.errors import refused_action

MAX_TENTATIVE = 64
"""Tentative actions one preview may carry (a round's processing is far shorter)."""


class PreviewRefused(Exception):
    """The preview cannot be shown; ``code`` for machines, the message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Preview:
    """The seat's view after its tentative actions, and what it may do next."""

    state: State
    seat: int
    actions: tuple[Action, ...]


def try_actions(state: State, seat: int, actions: Sequence[Action]) -> Preview:
    """Apply ``actions`` of ``seat`` to a copy of ``state``; PreviewRefused if unsafe.

    ``state`` itself is never changed. Each action is checked by the game; the first
    refused one names its position.
    """
    kit = REGISTRY.kit(state.game)
    if not kit.has("web:preview"):
        raise PreviewRefused("no_preview", f"{state.game.info.title} has no tentative actions")
    if len(actions) > MAX_TENTATIVE:
        raise PreviewRefused("too_many", f"at most {MAX_TENTATIVE} tentative actions")
    rule: Callable[[State, int, Action], str | None] = kit.part("web:preview")
    copy = state.clone()
    done: list[Action] = []
    for n, action in enumerate(actions, start=1):
        reason = rule(copy, seat, action)
        if reason is not None:
            raise PreviewRefused("preview_refused", f"tentative action {n}: {reason}")
        sealed = copy.sealed_decision()
        drawn = copy.rng.state
        try:
            events = copy.apply(seat, action)
        except TabletopError as exc:
            why = refused_action(exc)
            raise PreviewRefused("illegal_action", f"tentative action {n}: {why}") from None
        private = any(e.for_player(seat) != e.for_player(None) for e in events)
        if sealed or private or copy.rng.state != drawn or seat not in copy.current_players():
            raise PreviewRefused(
                "preview_refused",
                f"tentative action {n} would draw or reveal something: commit it instead",
            )
        done.append(action)
    return Preview(copy, seat, tuple(done))
