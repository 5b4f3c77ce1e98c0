"""Game records: seed, options and every decision, which replay a game exactly."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import RecordError, TabletopError
from tabletop.core.state import CHANCE, State

if TYPE_CHECKING:
    from tabletop.core.events import Event
    from tabletop.core.game import Game

RECORD_FORMAT = 1


@dataclass(frozen=True)
class GameRecord:
    """A complete game: ``actions`` are (player, notation) pairs in order.

    With ``auto_chance`` the chance results are not stored: the seed draws them again.
    Otherwise chance steps appear with player ``CHANCE`` (-1) and the outcome as text.
    """

    game: str
    players: int
    seed: int
    options: Mapping[str, Any]
    actions: tuple[tuple[int, str], ...]
    auto_chance: bool = True
    position: Mapping[str, Any] | None = None
    """The position the game started from (``docs/positions.md``); None: the setup."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "auto_chance": self.auto_chance,
            "actions": [[p, a] for p, a in self.actions],
            **({"position": dict(self.position)} if self.position is not None else {}),
        }

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, Mapping):
            raise RecordError("a game record is a JSON object")
        try:
            if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
                raise RecordError(f"unknown record format {data.get('format')!r}")
            actions = tuple((int(p), str(a)) for p, a in data["actions"])
            options = data.get("options", {})
            if not isinstance(options, Mapping):
                raise RecordError("record options must be an object")
            return cls(
                game=str(data["game"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                options=dict(options),
                actions=actions,
                auto_chance=bool(data.get("auto_chance", True)),
                position=data.get("position"),
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not a valid game record: missing or bad {exc}") from exc

    def steps(self, game: Game) -> Iterator[tuple[State, tuple[int, str] | None, list[Event]]]:
        """Yield the start state with the setup's events (``State.start_events``: the
        deal), then the state after each step with that step and the events it made
        (what each viewer's version of them comes from).

        The same state object is advanced in place; clone it to keep one.
        """
        try:
            if self.position is not None:
                state = game.from_position(self.position, "the record's position")
            else:
                state = game.new_game(
                    self.players, self.seed, auto_chance=self.auto_chance, **self.options
                )
        except TabletopError as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from exc
        yield state, None, list(state.start_events)
        for n, (player, text) in enumerate(self.actions, start=1):
            try:
                if player == CHANCE:
                    events = state.apply_chance(int(text))
                else:
                    events = state.apply(player, text)
            except (TabletopError, ValueError) as exc:
                raise RecordError(f"step {n} ({player}: {text}) does not replay: {exc}") from exc
            yield state, (player, text), events

    def replay(self, game: Game) -> State:
        """The final state of this record."""
        steps = self.steps(game)
        state, _, _ = next(steps)  # the start state: always yielded first
        for _step in steps:
            pass
        return state
