"""The game-agnostic state protocol every game implements.

A state says who decides now (one player, or several at once), lists each one's legal
actions, and changes only through :meth:`State.apply`, which validates, records history
and returns the events. Chance comes only from the state's own generator; in the
default mode chance nodes are resolved automatically, so seed plus options plus the
players' actions is a complete record. With ``auto_chance=False`` chance nodes stay
explicit (``is_chance_node``/``chance_outcomes``/``apply_chance``), as OpenSpiel wants.

Subclasses keep their data in a few flat slots so that :meth:`clone` is cheap: search
bots copy states thousands of times a second.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from mypy_extensions import mypyc_attr

from tabletop.core.actions import Action
from tabletop.core.errors import ActionParseError, IllegalActionError, SeatError
from tabletop.core.events import Event
from tabletop.core.rng import SplitMix64

if TYPE_CHECKING:
    from tabletop.core.game import Game
    from tabletop.core.record import GameRecord
    from tabletop.core.result import Result

CHANCE = -1
"""The pseudo-player that makes chance decisions in history and records."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC):
    """One moment of one game.

    Compiled with mypyc (``tabletop.compiled``); a game whose state stays interpreted
    may still subclass it.
    """

    __slots__ = (
        "game",
        "num_players",
        "seed",
        "options",
        "rng",
        "history",
        "auto_chance",
        "start_events",
        "origin",
        "_events",
    )

    def __init__(
        self, game: Game, num_players: int, seed: int, options: dict[str, Any], auto_chance: bool
    ) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = SplitMix64(seed)
        self.history: list[tuple[int, int]] = []
        self.auto_chance = auto_chance
        self.start_events: tuple[Event, ...] = ()
        """What happened while the game was set up (the deal, the first layout), in
        order: ``new_game`` resolves that chance before anyone decides, so these events
        are the log's and the replay's first lines (empty with ``auto_chance=False``,
        where each draw is an explicit ``apply_chance``)."""
        self.origin: dict[str, Any] | None = None
        """The position this game started from (``Game.from_position``); None when it
        started from the setup. Records replay from it."""
        self._events: list[Event] | None = None

    # ------------------------------------------------------------------ provided by games

    @abstractmethod
    def current_players(self) -> tuple[int, ...]:
        """Players who must decide now, in seat order; several means simultaneous.

        Empty at a chance node and when the game is over.
        """

    @abstractmethod
    def is_terminal(self) -> bool: ...

    def sealed_decision(self) -> bool:
        """True when the current players commit in secret (closed hands).

        Then nothing of a commitment may show to anyone else until all are in. Several
        players deciding without a seal (e.g. independent soul processing) act openly.
        """
        return False

    def decision_key(self, player: int) -> tuple[int, int]:
        """Which of ``player``'s decisions its current step belongs to.

        Steps with equal keys are one decision, as a player sees it: a clock that ran
        out on one of them may play the rest at once, and every other decision gets the
        whole clock. By default each step is a decision of its own (the key is the
        number of steps taken); a game whose decision takes several steps (a round's
        processing, a placement and its follow-ups) gives those steps one key.
        """
        return (0, len(self.history))

    def is_chance_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability) pairs at a chance node."""
        return []

    def _apply_chance(self, outcome: int) -> None:
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    def _sample_chance(self) -> int:
        """Draw a chance outcome from the state's generator (games may do it faster)."""
        outcomes = self.chance_outcomes()
        x = self.rng.random()
        acc = 0.0
        for outcome, p in outcomes:
            acc += p
            if x < acc:
                return outcome
        return outcomes[-1][0]

    @abstractmethod
    def legal_action_ids_unchecked(self, player: int) -> Sequence[int]:
        """Integer ids of ``player``'s legal actions now (empty if not deciding), with no
        check of the seat: the search path beside :meth:`apply_unchecked`. ``player``
        must be a seat of this table; use :meth:`legal_action_ids` for input."""

    def why_illegal(self, player: int, action_id: int) -> str:
        """Why a well-formed action is not legal now; games say more where they can."""
        return "it is not a legal action now"

    @abstractmethod
    def _apply(self, player: int, action_id: int) -> None:
        """Change the state by one legal action; emit events through :meth:`_emit`."""

    @abstractmethod
    def _view(self, player: int) -> Any:
        """Exactly what ``player`` (a valid seat) may know now (a frozen dataclass)."""

    @abstractmethod
    def spectator_view(self) -> Any:
        """What anyone watching may know now: nothing private."""

    @abstractmethod
    def result(self) -> Result:
        """Final scores and placings; only when :meth:`is_terminal`."""

    @abstractmethod
    def clone(self) -> Self: ...

    @abstractmethod
    def _state_json(self) -> dict[str, Any]:
        """The game-specific part of :meth:`to_json`."""

    # ------------------------------------------------------------------ the protocol

    # Every public method that takes a player accepts any value and checks it first, so
    # the compiled build (where a parameter typed ``int`` would coerce ``True`` and
    # refuse ``"1"`` with a TypeError) and the sources behave alike: a bad seat raises
    # SeatError, a ValueError subclass naming the player, the request and the reason.

    def seat(self, player: object, doing: str) -> int:
        """``player`` as a seat number of this table, or :class:`SeatError` saying why not.

        A seat is an ``int`` (never a ``bool``) from 0 to the player count less one.
        """
        last = self.num_players - 1
        if isinstance(player, bool) or not isinstance(player, int):
            kind = type(player).__name__
            raise SeatError(player, doing, f"a player is a seat number 0-{last}, not a {kind}")
        if not 0 <= player <= last:
            raise SeatError(
                player, doing, f"there is no player {player} at this table (seats 0-{last})"
            )
        return player

    def legal_action_ids(self, player: object) -> Sequence[int]:
        """Integer ids of ``player``'s legal actions now (empty if not deciding)."""
        return self.legal_action_ids_unchecked(self.seat(player, "has no legal actions to list"))

    def legal_actions(self, player: object) -> list[Action]:
        """``player``'s legal actions now, as values (empty if not deciding)."""
        table = self.game.actions
        seat = self.seat(player, "has no legal actions to list")
        return [table[i] for i in self.legal_action_ids_unchecked(seat)]

    def view(self, player: object) -> Any:
        """Exactly what ``player`` may know now (a frozen dataclass)."""
        return self._view(self.seat(player, "has no view"))

    def is_legal(self, player: object, action: object) -> bool:
        """Whether ``player`` may play ``action`` now; False for anything not an action.

        A bad seat raises :class:`SeatError`, as everywhere else.
        """
        seat = self.seat(player, f"cannot be asked about {action!r}")
        table = self.game.actions
        try:
            action_id = table.id_of(table.coerce(action))
        except ActionParseError:
            return False
        return seat in self.current_players() and action_id in self.legal_action_ids_unchecked(seat)

    def apply(self, player: object, action: object) -> list[Event]:
        """Apply ``player``'s action (a value, its notation or its id), checked.

        Raises :class:`SeatError` for a player that is no seat here,
        :class:`ActionParseError` for something that is no action of this game and
        :class:`IllegalActionError` for one the rules do not allow now; each names the
        player, the action as given and the reason, and the state is unchanged.
        Returns the full events; use ``Event.for_player`` to show them.
        """
        seat = self.seat(player, f"cannot play {action!r}")
        table = self.game.actions
        try:
            act = table.coerce(action)
            action_id = table.id_of(act)
        except ActionParseError as exc:
            raise ActionParseError.by_player(seat, action, str(exc)) from None
        if self.is_terminal():
            raise IllegalActionError(seat, act, "the game is over")
        if seat not in self.current_players():
            raise IllegalActionError(seat, act, "it is not this player's decision now")
        if action_id not in self.legal_action_ids_unchecked(seat):
            raise IllegalActionError(seat, act, self.why_illegal(seat, action_id))
        events: list[Event] = []
        self._events = events
        try:
            self._apply(seat, action_id)
            self.history.append((seat, action_id))
            self._settle_chance()
        finally:
            self._events = None
        return events

    def apply_unchecked(self, player: int, action_id: int) -> None:
        """Apply a legal action id with no validation and no events: the search path.

        Passing an illegal action corrupts the state; use :meth:`apply` for input.
        """
        self._apply(player, action_id)
        self.history.append((player, action_id))
        if self.auto_chance:
            while self.is_chance_node():
                outcome = self._sample_chance()
                self._apply_chance(outcome)
                self.history.append((CHANCE, outcome))

    def apply_chance(self, outcome: int) -> list[Event]:
        """Resolve an explicit chance node (``auto_chance=False``) with ``outcome``."""
        if not self.is_chance_node():
            raise IllegalActionError(CHANCE, outcome, "this is not a chance node")
        if outcome not in {o for o, _ in self.chance_outcomes()}:
            raise IllegalActionError(CHANCE, outcome, "not a possible chance outcome here")
        events: list[Event] = []
        self._events = events
        try:
            self._apply_chance(outcome)
            self.history.append((CHANCE, outcome))
        finally:
            self._events = None
        return events

    def _settle_start(self) -> None:
        """Resolve the setup's chance (with ``auto_chance``), keeping its events as
        :attr:`start_events`; games call this at the end of ``Game._new_state``."""
        events: list[Event] = []
        self._events = events
        try:
            self._settle_chance()
        finally:
            self._events = None
        self.start_events = tuple(events)

    def _settle_chance(self) -> None:
        if not self.auto_chance:
            return
        while self.is_chance_node():
            outcome = self._sample_chance()
            self._apply_chance(outcome)
            self.history.append((CHANCE, outcome))

    def _emit(self, event: Event) -> None:
        if self._events is not None:
            self._events.append(event)

    def _copy_base(self, other: State) -> None:
        """Copy the protocol's own slots into a fresh instance (for :meth:`clone`)."""
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.options = self.options
        other.rng = SplitMix64(self.rng.state)
        other.history = list(self.history)
        other.auto_chance = self.auto_chance
        other.start_events = self.start_events
        other.origin = self.origin
        other._events = None

    # ------------------------------------------------------------------ copies and pickles

    def __copy__(self) -> Self:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickle through the lossless JSON form (compiled classes need their __init__),
        read back by the state's own game (which pickles as a reference: ``Game``)."""
        return (self.game.state_from_json, (self.to_json(),))

    # ------------------------------------------------------------------ records and JSON

    def position(self) -> dict[str, Any]:
        """This state as a readable position (``docs/positions.md``): every field, and
        the generator's exact state, so ``tabletop.position`` continues exactly here."""
        return self.game.write_position(self)

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON data; ``Game.state_from_json`` reads it back exactly."""
        out = {
            "game": self.game.info.name,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.game.options_to_json(self.options),
            "auto_chance": self.auto_chance,
            "rng": self.rng.state,
            "history": [list(step) for step in self.history],
            "state": self._state_json(),
        }
        if self.origin is not None:
            out["position"] = self.origin
        return out

    def record(self) -> GameRecord:
        """The game so far as a record: seed, options and every decision in notation."""
        from tabletop.core.record import GameRecord

        table = self.game.actions
        steps = tuple(
            (p, str(a) if p == CHANCE else table[a].notation())
            for p, a in self.history
            if p != CHANCE or not self.auto_chance
        )
        return GameRecord(
            game=self.game.info.name,
            players=self.num_players,
            seed=self.seed,
            options=self.game.options_to_json(self.options),
            actions=steps,
            auto_chance=self.auto_chance,
            position=self.origin,
        )
