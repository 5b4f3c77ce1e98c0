"""The generic conformance harness: random legal play with invariants at every step.

Every game runs through it (design guide, "Tests in layers", 1): JSON round trip and
replay equality, views free of pending commitments, every listed legal action applies,
illegal ones are refused with nothing changed, events are per player and JSON-safe.
Games add their own invariants through ``check_state``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import ActionParseError, IllegalActionError, SeatError
from tabletop.core.game import Game
from tabletop.core.jsonutil import to_jsonable
from tabletop.core.record import GameRecord
from tabletop.core.rng import SplitMix64
from tabletop.core.state import State


class ConformanceError(AssertionError):
    """An invariant of the core protocol does not hold; the message says which and where."""


@dataclass(frozen=True)
class Checks:
    """How thoroughly to check; every check runs at least at the start and the end."""

    json_every: int = 1
    replay_every: int = 25
    legal_sample: int = 4
    illegal_sample: int = 4
    commit_views: bool = True


def _fail(state: State, step: int, what: str) -> None:
    raise ConformanceError(
        f"{state.game.info.name}, {state.num_players} players, "
        f"seed {state.seed}, step {step}: {what}"
    )


def _snapshot(state: State) -> dict[str, object]:
    return state.to_json()


def check_json(state: State, step: int) -> None:
    data = json.loads(json.dumps(state.to_json()))
    back = state.game.state_from_json(data)
    if _snapshot(back) != _snapshot(state):
        _fail(state, step, "JSON round trip changed the state")
    if back.current_players() != state.current_players():
        _fail(state, step, "who decides differs after the JSON round trip")
    for p in range(state.num_players):
        if list(back.legal_action_ids(p)) != list(state.legal_action_ids(p)):
            _fail(state, step, f"legal actions of player {p} differ after the JSON round trip")


def check_replay(state: State, step: int) -> None:
    record = GameRecord.from_json(json.loads(json.dumps(state.record().to_json())))
    if _snapshot(record.replay(state.game)) != _snapshot(state):
        _fail(state, step, "replaying the record does not give the same state")


def check_views(state: State, step: int) -> None:
    for p in range(state.num_players):
        json.dumps(to_jsonable(state.view(p)))
    json.dumps(to_jsonable(state.spectator_view()))


def check_commitments_hidden(state: State, step: int, rng: SplitMix64) -> None:
    """At a sealed node, what one player commits must not change anyone else's view.

    Two different legal commitments of one deciding player are applied to copies; every
    other seat's view and the spectator's must be identical between the two copies.
    """
    deciding = state.current_players()
    if not state.sealed_decision() or len(deciding) < 2:
        return  # nothing sealed, or this commitment opens all hands at once
    p = deciding[rng.below(len(deciding))]
    legal = list(state.legal_action_ids(p))
    if len(legal) < 2:
        return
    a, b = rng.below(len(legal)), rng.below(len(legal) - 1)
    if b >= a:
        b += 1
    one, two = state.clone(), state.clone()
    events_one = one.apply(p, legal[a])
    events_two = two.apply(p, legal[b])
    for q in [*range(state.num_players), None]:
        if q == p:
            continue
        v1 = one.view(q) if q is not None else one.spectator_view()
        v2 = two.view(q) if q is not None else two.spectator_view()
        if to_jsonable(v1) != to_jsonable(v2):
            _fail(state, step, f"player {p}'s commitment shows in the view of {q}")
        e1 = [to_jsonable(e.for_player(q)) for e in events_one]
        e2 = [to_jsonable(e.for_player(q)) for e in events_two]
        if e1 != e2:
            _fail(state, step, f"player {p}'s commitment shows in the events seen by {q}")


def check_actions(state: State, step: int, rng: SplitMix64, checks: Checks) -> None:
    before = _snapshot(state)
    table = state.game.actions
    deciding = state.current_players()
    for p in range(state.num_players):
        legal = list(state.legal_action_ids(p))
        if p not in deciding and legal:
            _fail(state, step, f"player {p} has legal actions but is not deciding")
        if p in deciding and not legal:
            _fail(state, step, f"player {p} is deciding but has no legal action")
        if len(set(legal)) != len(legal):
            _fail(state, step, f"player {p}'s legal actions repeat")
        for _ in range(min(checks.legal_sample, len(legal))):
            action_id = legal[rng.below(len(legal))]
            copy = state.clone()
            copy.apply(p, table[action_id].notation())
            fast = state.clone()
            fast.apply_unchecked(p, action_id)
            if _snapshot(copy) != _snapshot(fast):
                _fail(state, step, f"apply and apply_unchecked disagree on {table[action_id]}")
        allowed = set(legal)
        illegal = [i for i in range(len(table)) if i not in allowed]
        for _ in range(min(checks.illegal_sample, len(illegal))):
            action_id = illegal[rng.below(len(illegal))]
            try:
                state.apply(p, action_id)
            except IllegalActionError as exc:
                if f"player {p} " not in str(exc):
                    _fail(state, step, f"the refusal does not name the player: {exc}")
            else:
                _fail(state, step, f"illegal action {table[action_id]} by {p} was accepted")
    seat = deciding[0] if deciding else 0
    for bad in ("", "not-an-action", -1, len(table)):
        try:
            state.apply(seat, bad)
        except (ActionParseError, IllegalActionError) as exc:
            if not str(exc).startswith(f"player {seat} cannot play "):
                _fail(state, step, f"the refusal of {bad!r} does not name player and action: {exc}")
        else:
            _fail(state, step, f"malformed action {bad!r} was accepted")
    calls: tuple[Callable[[object], object], ...] = (
        lambda who: state.apply(who, 0),
        state.legal_actions,
        state.legal_action_ids,
        lambda who: state.is_legal(who, 0),
        state.view,
    )
    for player in (True, -1, state.num_players, "0", None, 0.0):
        for call in calls:
            try:
                call(player)
            except SeatError as exc:
                if not str(exc).startswith(f"player {player!r} "):
                    _fail(state, step, f"the refusal of seat {player!r} does not name it: {exc}")
            else:
                _fail(state, step, f"seat {player!r} was accepted")
    if _snapshot(state) != before:
        _fail(state, step, "a refused action changed the state")


def check_events(state: State, events: list[Any] | tuple[Any, ...], step: int) -> None:
    """Every seat's and the spectator's version of each event (the setup's included) is
    JSON-safe: what logs, frames and replays are made of."""
    for q in [*range(state.num_players), None]:
        for event in events:
            shown = event.for_player(q)
            if shown is not None:
                json.dumps(to_jsonable(shown))


def play_checked(
    game: Game,
    players: int,
    seed: int,
    checks: Checks = Checks(),
    check_state: Callable[[State, int], None] | None = None,
    **options: Any,
) -> State:
    """Play one random game with every check; return the final state."""
    rng = SplitMix64(seed ^ 0x5DEECE66D)
    state = game.new_game(players, seed, **options)
    check_events(state, state.start_events, 0)
    step = 0
    while True:
        if check_state is not None:
            check_state(state, step)
        if step % checks.json_every == 0 or state.is_terminal():
            check_json(state, step)
            check_views(state, step)
        if step % checks.replay_every == 0 or state.is_terminal():
            check_replay(state, step)
        if state.is_terminal():
            break
        check_actions(state, step, rng, checks)
        if checks.commit_views:
            check_commitments_hidden(state, step, rng)
        deciding = state.current_players()
        p = deciding[rng.below(len(deciding))]
        legal = state.legal_action_ids(p)
        events = state.apply(p, legal[rng.below(len(legal))])
        check_events(state, events, step)
        step += 1
        if step > game.info.max_game_length:
            _fail(state, step, f"longer than max_game_length {game.info.max_game_length}")
    result = state.result()
    for s in result.scores:
        if not game.info.min_score <= s <= game.info.max_score:
            _fail(state, step, f"score {s} outside the declared bounds")
    return state
